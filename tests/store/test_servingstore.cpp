// Serving in a document (schema 16): a serving workload, a scenario's own models and its API
// options round-trip exactly; a document of schema 15 opens with no serving and no API options and
// keeps everything else; API options are edited by row id and come back under their own id and
// place, as undo needs.
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/servingresults.h"
#include "exchange/scenariojson.h"
#include "inputerror.h"
#include "store/database.h"
#include "store/document.h"
#include "storetestsupport.h"

#include <QTemporaryDir>
#include <QtTest>
#include <SQLiteCpp/Database.h>

using namespace breakeven;
using namespace storetest;

class TestServingStore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void roundTripsServing();
    void upgradesSchema15Document();
    void apiOptionEditsAndTheirUndo();
    void workloadEditKeepsOrClearsServing();
    void catalogKeepsLowPrecisionRates();

private:
    QTemporaryDir m_dir;
    QString m_file;
    std::unique_ptr<Document> m_document;
    int m_count = 0;
};

void TestServingStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCOMPARE(latestSchemaVersion(), 18);
}

void TestServingStore::init()
{
    m_file = m_dir.filePath(QStringLiteral("doc%1.breakeven").arg(++m_count));
    m_document = Document::create(m_file);
}

void TestServingStore::cleanup()
{
    m_document.reset();
}

// Saved and read back, from this document and from the file opened anew; a duplicate and a
// scenario removed and restored keep it too, the restored one under the same part ids.
void TestServingStore::roundTripsServing()
{
    auto &scenarios = m_document->scenarios();
    const Scenario serving = servingScenario(QStringLiteral("serving – ✓"));
    QVERIFY(serving.workload.serving);
    const qint64 id = scenarios.save(serving);
    StoredScenario stored = scenarios.loadStored(id);
    QCOMPARE(scenarioDifferences(stored.scenario, serving), QString());
    QVERIFY(stored.scenario == serving);
    QCOMPARE(stored.ids.apiOptions.size(), std::size_t(2));
    QCOMPARE(stored.ids.models.size(), std::size_t(2));
    // Saved again over itself: still exactly the same.
    scenarios.save(stored.scenario);
    QVERIFY(scenarios.load(serving.name) == serving);

    // A plain scenario stays one: no serving, no models, no API options.
    const Scenario plain = fullScenario(QStringLiteral("plain"));
    const qint64 plainId = scenarios.save(plain);
    QVERIFY(!scenarios.loadStored(plainId).scenario.workload.serving);
    QVERIFY(scenarios.loadStored(plainId).scenario == plain);

    const qint64 copy = scenarios.duplicate(serving.name, QStringLiteral("copy"));
    Scenario expected = serving;
    expected.name = QStringLiteral("copy");
    QVERIFY(scenarios.loadStored(copy).scenario == expected);
    QVERIFY(scenarios.loadStored(copy).ids.apiOptions != scenarios.loadStored(id).ids.apiOptions);

    stored = scenarios.loadStored(id);
    const StoredScenario removed = scenarios.remove(id);
    QVERIFY(!scenarios.findId(serving.name));
    scenarios.restore(removed);
    const StoredScenario back = scenarios.loadStored(id);
    QVERIFY(back.scenario == serving);
    QCOMPARE(back.ids.apiOptions, stored.ids.apiOptions);
    QCOMPARE(back.ids.models, stored.ids.models);

    m_document.reset();
    m_document = Document::open(m_file);
    QVERIFY(m_document->scenarios().load(serving.name) == serving);
}

// A document of schema 15 (no serving columns, no model or API option tables) opens upgraded,
// every scenario as it was and none serving; a serving scenario saved then is kept exactly.
void TestServingStore::upgradesSchema15Document()
{
    const Scenario old = fullScenario(QStringLiteral("old"));
    const qint64 oldId = m_document->scenarios().save(old);
    const std::vector<ScenarioSummary> before = m_document->scenarios().list();
    m_document.reset();
    {
        SQLite::Database raw(m_file.toStdString(), SQLite::OPEN_READWRITE);
        dropSchema18(raw);
        dropSchema17(raw);
        dropSchema16(raw);
        raw.exec("PRAGMA user_version = 15");
    }
    m_document = Document::open(m_file);
    auto &scenarios = m_document->scenarios();
    QCOMPARE(m_document->connection().database().execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
    QCOMPARE(scenarios.list(), before);
    const Scenario read = scenarios.loadStored(oldId).scenario;
    QCOMPARE(scenarioDifferences(read, old), QString());
    QVERIFY(read == old);
    for (const ScenarioSummary &summary : before) {
        const Scenario s = scenarios.loadStored(summary.id).scenario;
        QVERIFY2(!s.workload.serving, qPrintable(summary.name));
        QVERIFY(s.apiOptions.empty());
        QVERIFY(s.models.empty());
        QCOMPARE(s.apiPriceChangePerYear, 0.0);
        for (const CloudOption &option : s.cloudOptions)
            QVERIFY(!option.autoscales);
    }
    const Scenario serving = servingScenario(QStringLiteral("now serving"));
    const qint64 id = scenarios.save(serving);
    QVERIFY(scenarios.loadStored(id).scenario == serving);
}

// Add (in the middle), edit, remove and restore an API option, and what each tells the views.
void TestServingStore::apiOptionEditsAndTheirUndo()
{
    auto &scenarios = m_document->scenarios();
    const qint64 id = scenarios.save(servingScenario(QStringLiteral("edits")));
    const StoredScenario start = scenarios.loadStored(id);
    std::vector<ChangeSet> told;
    m_document->connection().setChangeListener([&](const ChangeSet &changes) { told.push_back(changes); });

    ApiOption added;
    added.name = QStringLiteral("Middle");
    added.provider = QStringLiteral("Fireworks AI");
    added.model = QStringLiteral("Llama-3.1-70B");
    added.pricePerMillionInput = 0.9;
    added.pricePerMillionOutput = 0.9;
    const qint64 addedId = scenarios.addApiOption(id, added, 1);
    QCOMPARE(told.back().size(), std::size_t(1));
    QCOMPARE(told.back()[0].kind, DocumentChange::Kind::PartInserted);
    QCOMPARE(told.back()[0].part, PartKind::ApiOption);
    QCOMPARE(told.back()[0].partId, addedId);
    QCOMPARE(told.back()[0].scenarioId, id);
    QCOMPARE(told.back()[0].position, 1);
    StoredScenario now = scenarios.loadStored(id);
    QCOMPARE(now.scenario.apiOptions.size(), std::size_t(3));
    QVERIFY(now.scenario.apiOptions[1] == added);
    QCOMPARE(now.ids.apiOptions[1], addedId);

    // An edit tells which columns it wrote; the same values again tell nothing.
    ApiOption edited = added;
    edited.pricePerMillionOutput = 1.2;
    edited.maxTokensPerMinute = 600000;
    scenarios.updateApiOption(addedId, edited);
    QCOMPARE(told.back()[0].kind, DocumentChange::Kind::PartChanged);
    QCOMPARE(told.back()[0].fields,
        (QStringList{QStringLiteral("price_per_million_output"), QStringLiteral("max_tokens_per_minute")}));
    QVERIFY(told.back()[0].engineInput);
    const std::size_t changes = told.size();
    scenarios.updateApiOption(addedId, edited);
    QCOMPARE(told.size(), changes);
    ApiOption renamed = edited;
    renamed.name = QStringLiteral("Renamed");
    scenarios.updateApiOption(addedId, renamed);
    QVERIFY(!told.back()[0].engineInput);
    QVERIFY(scenarios.loadApiOption(addedId).option == renamed);
    scenarios.updateApiOption(addedId, added);

    // Removed and restored: the same id and place, the others as they were.
    const StoredApiOption taken = scenarios.removeApiOption(addedId);
    QCOMPARE(told.back()[0].kind, DocumentChange::Kind::PartRemoved);
    QCOMPARE(taken.position, 1);
    QCOMPARE(taken.scenarioId, id);
    const StoredScenario without = scenarios.loadStored(id);
    QVERIFY(without.scenario == start.scenario);
    QCOMPARE(without.ids.apiOptions, start.ids.apiOptions);
    scenarios.restoreApiOption(taken);
    now = scenarios.loadStored(id);
    QCOMPARE(now.ids.apiOptions[1], addedId);
    QVERIFY(now.scenario.apiOptions[1] == added);

    // The first one removed and put back.
    const StoredApiOption first = scenarios.removeApiOption(start.ids.apiOptions[0]);
    QCOMPARE(scenarios.loadStored(id).scenario.apiOptions.front().name, QStringLiteral("Middle"));
    scenarios.restoreApiOption(first);
    QCOMPARE(scenarios.loadStored(id).ids.apiOptions.front(), start.ids.apiOptions[0]);

    // Edits of options that are not there, or of a scenario that is not there, are refused.
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.loadApiOption(987654));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.updateApiOption(987654, added));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.removeApiOption(987654));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.addApiOption(987654, added));
}

// The workload's serving is one of its fields: setWorkload writes it and says so, and a workload
// without serving clears it.
void TestServingStore::workloadEditKeepsOrClearsServing()
{
    auto &scenarios = m_document->scenarios();
    const qint64 id = scenarios.save(fullScenario(QStringLiteral("workload")));
    std::vector<ChangeSet> told;
    m_document->connection().setChangeListener([&](const ChangeSet &changes) { told.push_back(changes); });
    Workload workload = scenarios.loadWorkload(id);
    const Workload gpuTime = workload;
    Serving serving;
    serving.model = QStringLiteral("Llama-3.1-70B");
    serving.requestsPerSecond = 20;
    serving.inputTokens = 1000;
    serving.outputTokens = 300;
    workload = withServing(workload, serving);
    scenarios.setWorkload(id, workload);
    QCOMPARE(told.back()[0].kind, DocumentChange::Kind::WorkloadChanged);
    QVERIFY(told.back()[0].fields.contains(QStringLiteral("serving_model")));
    QVERIFY(scenarios.loadWorkload(id) == workload);
    scenarios.setWorkload(id, gpuTime);
    QVERIFY(!scenarios.loadWorkload(id).serving);
    QVERIFY(scenarios.loadWorkload(id) == gpuTime);
}

// The document's GPU catalog carries the FP8 and FP4 rates (schema 18), new or upgraded from 17:
// a serving scenario at FP8 costs the same from a document as from its file with the bundled
// catalog, to the cent.
void TestServingStore::catalogKeepsLowPrecisionRates()
{
    const GpuCatalog &bundled = GpuCatalog::bundled();
    const auto check = [&](const GpuCatalog &stored) {
        int withRates = 0;
        for (const GpuModel &gpu : bundled.models()) {
            const GpuCatalog::LowPrecisionTflops rates = bundled.lowPrecisionTflops(gpu.name);
            QVERIFY2(stored.lowPrecisionTflops(gpu.name) == rates, qPrintable(gpu.name));
            withRates += rates.fp8 > 0 ? 1 : 0;
        }
        QVERIFY(withRates >= 10);
    };
    check(m_document->catalog().gpuCatalog());
    m_document.reset();
    {
        SQLite::Database raw(m_file.toStdString(), SQLite::OPEN_READWRITE);
        dropSchema18(raw);
        raw.exec("PRAGMA user_version = 17");
    }
    m_document = Document::open(m_file);
    QCOMPARE(m_document->connection().database().execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
    const GpuCatalog stored = m_document->catalog().gpuCatalog();
    check(stored);

    const Scenario example = readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/llama-70b-serving.json"));
    QVERIFY(example.workload.serving);
    QCOMPARE(example.workload.serving->precision, QStringLiteral("fp8"));
    const CostModel fromFile(assemble(example, bundled));
    const CostModel fromDocument(assemble(example, stored));
    const Evaluation a = fromFile.evaluate(example.workload.utilization);
    const Evaluation b = fromDocument.evaluate(example.workload.utilization);
    const std::vector<ServingOptionFigures> fa = servingOptionFigures(fromFile, a);
    const std::vector<ServingOptionFigures> fb = servingOptionFigures(fromDocument, b);
    QCOMPARE(fa.size(), fb.size());
    for (int i = 0; i < fromFile.optionCount(); ++i) {
        QCOMPARE(b.tco(i), a.tco(i));
        QCOMPARE(fb[std::size_t(i)].tokensPerSecondPerGpu, fa[std::size_t(i)].tokensPerSecondPerGpu);
    }
}

QTEST_GUILESS_MAIN(TestServingStore)
#include "test_servingstore.moc"
