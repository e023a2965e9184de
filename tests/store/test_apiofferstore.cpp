// The document's API offers (schema 17): a new document and an upgraded one list the bundled
// ones; a sheet of API prices adds and reprices them, keeping each offer's earlier prices under
// their date; a malformed sheet is refused naming its line and column with nothing written; and
// `recommend` ranks the document's offers, not only the bundled ones.
#include "catalog/apioffers.h"
#include "exchange/scenariojson.h"
#include "import/sheetimporter.h"
#include "inputerror.h"
#include "store/database.h"
#include "store/document.h"
#include "storetestsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

using namespace breakeven;
using namespace storetest;
using testsupport::Run;
using testsupport::runBreakeven;

namespace {

const QByteArray kHeader = "provider,model,served_model,api_model_id,input_per_mtok,output_per_mtok,"
                           "cached_input_per_mtok,currency,requests_per_minute,tokens_per_minute,source,url,as_of\n";

qint64 count(Document &document, const char *sql)
{
    return document.connection().database().execAndGet(sql).getInt64();
}

QStringList schemaOf(const QString &file)
{
    SQLite::Database raw(file.toStdString(), SQLite::OPEN_READONLY);
    SQLite::Statement query(raw, "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_schema ORDER BY name");
    QStringList lines;
    while (query.executeStep())
        lines.append(QString::fromStdString(query.getColumn(0).getString()));
    return lines;
}

// A scenario serving Llama 3.1 70B, with nothing to compare yet.
Scenario servingLlama(const QString &name)
{
    Scenario s;
    s.name = name;
    Serving serving;
    serving.model = QStringLiteral("Llama-3.1-70B");
    serving.requestsPerSecond = 5;
    serving.inputTokens = 1000;
    serving.outputTokens = 300;
    s.workload = withServing(s.workload, serving);
    s.horizonMonths = 12;
    return s;
}

} // namespace

class TestApiOfferStore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void newDocumentListsTheBundledOffers();
    void upgradesSchema16Document();
    void sheetKeepsEarlierPrices();
    void malformedSheetIsRefusedWhole();
    void savesAndRemovesOffers();
    void recommendRanksTheDocumentsOffers();

private:
    QString sheet(const QString &name, const QByteArray &rows);

    QTemporaryDir m_dir;
    QString m_file;
    std::unique_ptr<Document> m_document;
    int m_count = 0;
};

void TestApiOfferStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QCOMPARE(latestSchemaVersion(), 18);
    QVERIFY(bundledApiOffers().size() >= 60);
}

void TestApiOfferStore::init()
{
    m_file = m_dir.filePath(QStringLiteral("doc%1.breakeven").arg(++m_count));
    m_document = Document::create(m_file);
}

void TestApiOfferStore::cleanup()
{
    m_document.reset();
}

QString TestApiOfferStore::sheet(const QString &name, const QByteArray &rows)
{
    const QString path = m_dir.filePath(name);
    writeFile(path, kHeader + rows);
    return path;
}

void TestApiOfferStore::newDocumentListsTheBundledOffers()
{
    ApiOfferRepository &offers = m_document->apiOffers();
    const std::vector<ApiOffer> &bundled = bundledApiOffers();
    QCOMPARE(offers.offerCount(), qint64(bundled.size()));
    const std::vector<StoredApiOffer> stored = offers.offers();
    QCOMPARE(stored.size(), bundled.size());
    for (const ApiOffer &b : bundled) {
        const std::optional<StoredApiOffer> s = offers.find(b.provider, b.apiModelId);
        QVERIFY2(s, qPrintable(b.provider + QLatin1Char(' ') + b.apiModelId));
        QCOMPARE(s->offer.model, b.model);
        QCOMPARE(s->offer.servedModel, b.servedModel);
        QCOMPARE(s->offer.inputPerMillion, b.inputPerMillion);
        QCOMPARE(s->offer.outputPerMillion, b.outputPerMillion);
        QCOMPARE(s->offer.cachedInputPerMillion, b.cachedInputPerMillion);
        QCOMPARE(s->offer.tokensPerMinute, b.tokensPerMinute);
        QCOMPARE(s->offer.source, b.source);
        QCOMPARE(s->offer.asOf, b.asOf);
        QVERIFY(!s->sheetId);
        QCOMPARE(*s->priceAgeDays, QDate::fromString(b.asOf, Qt::ISODate).daysTo(QDate::currentDate()));
        QCOMPARE(offers.priceHistory(s->id).size(), std::size_t(1));
    }
    // In order of provider, then model.
    for (std::size_t i = 1; i < stored.size(); ++i)
        QVERIFY(std::pair(stored[i - 1].offer.provider, stored[i - 1].offer.model)
                <= std::pair(stored[i].offer.provider, stored[i].offer.model));
    QVERIFY(offers.providers().size() >= 10);
    QVERIFY(offers.providers().contains(QStringLiteral("openai")));
    QVERIFY(!offers.offer(-1));
    QVERIFY(offers.priceHistory(-1).empty());
    QCOMPARE(count(*m_document, "SELECT count(*) FROM api_offer_prices"), qint64(0));
}

// A document as schema 16 left it: everything but schema 17's two tables. Opening it adds them
// with the bundled offers and keeps every scenario, offer and sheet.
void TestApiOfferStore::upgradesSchema16Document()
{
    const qint64 id = m_document->scenarios().save(servingScenario(QStringLiteral("serving")));
    const StoredScenario before = m_document->scenarios().loadStored(id);
    const qint64 offers = count(*m_document, "SELECT count(*) FROM cloud_offers");
    const qint64 sheets = count(*m_document, "SELECT count(*) FROM sheets");
    const qint64 history = count(*m_document, "SELECT count(*) FROM offer_prices");
    m_document.reset();
    const QStringList currentSchema = schemaOf(m_file);
    {
        SQLite::Database raw(m_file.toStdString(), SQLite::OPEN_READWRITE);
        dropSchema18(raw);
        dropSchema17(raw);
        raw.exec("PRAGMA user_version = 16");
    }
    QVERIFY(schemaOf(m_file) != currentSchema);

    m_document = Document::open(m_file);
    QCOMPARE(m_document->connection().database().execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
    const StoredScenario after = m_document->scenarios().loadStored(id);
    QCOMPARE(scenarioDifferences(after.scenario, before.scenario), QString());
    QCOMPARE(after.ids.apiOptions, before.ids.apiOptions);
    QCOMPARE(after.ids.cloudOptions, before.ids.cloudOptions);
    QCOMPARE(count(*m_document, "SELECT count(*) FROM cloud_offers"), offers);
    QCOMPARE(count(*m_document, "SELECT count(*) FROM sheets"), sheets);
    QCOMPARE(count(*m_document, "SELECT count(*) FROM offer_prices"), history);
    QCOMPARE(m_document->apiOffers().offerCount(), qint64(bundledApiOffers().size()));
    const ApiOffer &first = bundledApiOffers().front();
    const auto stored = m_document->apiOffers().find(first.provider, first.apiModelId);
    QVERIFY(stored);
    QCOMPARE(stored->offer.outputPerMillion, first.outputPerMillion);
    m_document.reset();
    QCOMPARE(schemaOf(m_file), currentSchema);
}

// A sheet repricing a bundled offer at a later date keeps the bundled price in its history; the
// same prices at a later date keep nothing; a new offer is added; a second import of the same
// sheet changes nothing.
void TestApiOfferStore::sheetKeepsEarlierPrices()
{
    const ApiOffer &gpt = bundledApiOffers().front();
    const ApiOffer &second = bundledApiOffers()[1];
    const auto line = [](const ApiOffer &o, double in, double out, const char *asOf) {
        return QStringLiteral("%1,\"%2\",%3,%4,%5,%6,%7,USD,,,price page,https://example.org,%8\n")
            .arg(o.provider, o.model, o.servedModel, o.apiModelId)
            .arg(in)
            .arg(out)
            .arg(o.cachedInputPerMillion ? QString::number(*o.cachedInputPerMillion) : QString())
            .arg(QLatin1String(asOf))
            .toUtf8();
    };
    const QString path = sheet(QStringLiteral("api-prices.csv"),
                               line(gpt, gpt.inputPerMillion / 2, gpt.outputPerMillion / 2, "2030-01-15")
                                   + line(second, second.inputPerMillion, second.outputPerMillion, "2030-01-15")
                                   + "newhost,House 70B,Llama-3.1-70B,house-70b,0.2,0.4,,USD,60,100000,house page,,2030-01-15\n");
    SheetImporter importer(*m_document);
    const ImportReport preview = importer.preview(path);
    QCOMPARE(preview.preset, QStringLiteral("api"));
    QCOMPARE(preview.offers.added, qint64(1));
    QCOMPARE(preview.offers.updated, qint64(2));
    QVERIFY(!preview.written);
    QCOMPARE(m_document->apiOffers().offerCount(), qint64(bundledApiOffers().size()));
    QCOMPARE(count(*m_document, "SELECT count(*) FROM api_offer_prices"), qint64(0));

    const ImportReport report = importer.import(path);
    QVERIFY(report.written);
    QCOMPARE(report.rowsRead, qint64(3));
    QCOMPARE(report.asOf, QStringLiteral("2030-01-15"));
    QCOMPARE(report.offers.added, qint64(1));
    QCOMPARE(report.offers.updated, qint64(2));
    QVERIFY(report.sheetId);
    QCOMPARE(m_document->catalog().sheets().front().preset, QStringLiteral("api"));
    QCOMPARE(m_document->catalog().sheets().front().rowsAdded, qint64(1));

    ApiOfferRepository &offers = m_document->apiOffers();
    const auto repriced = offers.find(gpt.provider, gpt.apiModelId);
    QVERIFY(repriced);
    QCOMPARE(repriced->offer.inputPerMillion, gpt.inputPerMillion / 2);
    QCOMPARE(repriced->offer.asOf, QStringLiteral("2030-01-15"));
    QCOMPARE(repriced->sheetId, report.sheetId);
    const std::vector<ApiPricePoint> history = offers.priceHistory(repriced->id);
    QCOMPARE(history.size(), std::size_t(2));
    QCOMPARE(history[0].asOf, gpt.asOf);
    QCOMPARE(history[0].inputPerMillion, gpt.inputPerMillion);
    QCOMPARE(history[0].outputPerMillion, gpt.outputPerMillion);
    QCOMPARE(history[0].cachedInputPerMillion, gpt.cachedInputPerMillion);
    QCOMPARE(history[1].asOf, QStringLiteral("2030-01-15"));
    QCOMPARE(history[1].outputPerMillion, gpt.outputPerMillion / 2);
    // The same prices at a later date: a newer date, no history.
    const auto same = offers.find(second.provider, second.apiModelId);
    QCOMPARE(same->offer.asOf, QStringLiteral("2030-01-15"));
    QCOMPARE(offers.priceHistory(same->id).size(), std::size_t(1));
    const auto added = offers.find(QStringLiteral("newhost"), QStringLiteral("house-70b"));
    QVERIFY(added);
    QCOMPARE(added->offer.requestsPerMinute, std::optional<double>(60));
    QCOMPARE(added->offer.tokensPerMinute, std::optional<double>(100000));
    QVERIFY(!added->offer.cachedInputPerMillion);
    QCOMPARE(offers.offerCount(), qint64(bundledApiOffers().size() + 1));

    const ImportReport again = importer.import(path);
    QCOMPARE(again.offers.unchanged, qint64(3));
    QCOMPARE(offers.priceHistory(repriced->id).size(), std::size_t(2));

    // A correction under the same date replaces the price without a trace.
    const QString corrected = sheet(QStringLiteral("corrected.csv"),
                                    line(gpt, gpt.inputPerMillion / 4, gpt.outputPerMillion / 2, "2030-01-15"));
    QCOMPARE(importer.import(corrected).offers.updated, qint64(1));
    const std::vector<ApiPricePoint> after = offers.priceHistory(repriced->id);
    QCOMPARE(after.size(), std::size_t(2));
    QCOMPARE(after[1].inputPerMillion, gpt.inputPerMillion / 4);

    // The command line says what it did.
    m_document.reset();
    const Run run = runBreakeven({QStringLiteral("import"), corrected, QStringLiteral("--into"), m_file});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("corrected.csv (api, as of 2030-01-15): 1 rows read"), run.out.constData());
    QVERIFY2(run.out.contains("unchanged  1"), run.out.constData());
}

// One bad value anywhere refuses the sheet: the message names the file, line and column, and
// neither the offers nor the sheets change.
void TestApiOfferStore::malformedSheetIsRefusedWhole()
{
    const std::vector<StoredApiOffer> before = m_document->apiOffers().offers();
    const qint64 sheets = count(*m_document, "SELECT count(*) FROM sheets");
    const QByteArray good = "newhost,House 70B,Llama-3.1-70B,house-70b,0.2,0.4,,USD,,,house page,,2030-01-15\n";
    struct Case {
        QByteArray row;
        QString where;
        QString reason;
    };
    const Case cases[] = {
        {"newhost,House 8B,,house-8b,0.1,cheap,,USD,,,house page,,2030-01-15\n",
         QStringLiteral(":3: column output_per_mtok"), QStringLiteral("\"cheap\" is not a number")},
        {"newhost,House 8B,,house-8b,-0.1,0.2,,USD,,,house page,,2030-01-15\n",
         QStringLiteral(":3: column input_per_mtok"), QStringLiteral("0 or more")},
        {"newhost,House 8B,,house-8b,0.1,250000,,USD,,,house page,,2030-01-15\n",
         QStringLiteral(":3: column output_per_mtok"), QStringLiteral("more than 10000")},
        {"newhost,House 8B,,house-8b,0.1,0.2,,USD,,,house page,,15/01/2030\n",
         QStringLiteral(":3: column as_of"), QStringLiteral("not a date")},
        {"newhost,House 8B,,house-8b,0.1,0.2,,dollars,,,house page,,2030-01-15\n",
         QStringLiteral(":3: column currency"), QStringLiteral("three-letter")},
        {"newhost,House 70B again,Llama-3.1-70B,house-70b,0.2,0.4,,USD,,,house page,,2030-01-15\n",
         QStringLiteral(":3: column api_model_id"), QStringLiteral("same offer as line 2")},
        {",House 8B,,house-8b,0.1,0.2,,USD,,,house page,,2030-01-15\n",
         QStringLiteral(":3: column provider"), QStringLiteral("missing")},
    };
    SheetImporter importer(*m_document);
    for (const Case &c : cases) {
        const QString path = sheet(QStringLiteral("bad.csv"), good + c.row);
        try {
            importer.import(path);
            QFAIL(qPrintable(QStringLiteral("accepted: ") + QString::fromUtf8(c.row)));
        } catch (const InputError &error) {
            QVERIFY2(error.where().endsWith(QStringLiteral("bad.csv") + c.where), qPrintable(error.message()));
            QVERIFY2(error.reason().contains(c.reason), qPrintable(error.message()));
        }
        QCOMPARE(count(*m_document, "SELECT count(*) FROM sheets"), sheets);
        QCOMPARE(m_document->apiOffers().offerCount(), qint64(before.size()));
        QVERIFY(!m_document->apiOffers().find(QStringLiteral("newhost"), QStringLiteral("house-70b")));
    }

    // The command line refuses it the same way and leaves the file as it was.
    m_document.reset();
    const QString path = sheet(QStringLiteral("bad.csv"), good + cases[0].row);
    const Run run = runBreakeven({QStringLiteral("import"), path, QStringLiteral("--into"), m_file});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("bad.csv:3: column output_per_mtok: \"cheap\" is not a number"), run.err.constData());
    m_document = Document::open(m_file);
    QCOMPARE(count(*m_document, "SELECT count(*) FROM sheets"), sheets);
    QCOMPARE(m_document->apiOffers().offerCount(), qint64(before.size()));
}

void TestApiOfferStore::savesAndRemovesOffers()
{
    ApiOfferRepository &offers = m_document->apiOffers();
    ApiOffer own;
    own.provider = QStringLiteral("ownhost");
    own.model = QStringLiteral("No id");
    own.inputPerMillion = 1;
    own.outputPerMillion = 2;
    own.asOf = QStringLiteral("2029-01-01");
    QCOMPARE(offers.saveOffer(own), UpsertResult::Added);
    // Without an API model id it is keyed by its model's name.
    const auto stored = offers.find(own.provider, own.model);
    QVERIFY(stored);
    QCOMPARE(offers.saveOffer(own), UpsertResult::Unchanged);
    own.outputPerMillion = 3;
    own.asOf = QStringLiteral("2029-06-01");
    QCOMPARE(offers.saveOffer(own), UpsertResult::Updated);
    QCOMPARE(offers.offer(stored->id)->offer.outputPerMillion, 3.0);
    QCOMPARE(offers.priceHistory(stored->id).size(), std::size_t(2));
    offers.removeOffer(stored->id);
    QVERIFY(!offers.offer(stored->id));
    QCOMPARE(count(*m_document, "SELECT count(*) FROM api_offer_prices"), qint64(0));
}

// recommend DOC#scenario ranks the document's API offers (one no bundled list has), a scenario
// file given alone the bundled ones.
void TestApiOfferStore::recommendRanksTheDocumentsOffers()
{
    const Scenario scenario = servingLlama(QStringLiteral("llama"));
    m_document->scenarios().save(scenario);
    const QString path = sheet(QStringLiteral("house.csv"),
                               "househost,House Llama 70B,Llama-3.1-70B,house-llama-70b,0.01,0.02,,USD,,,house page,,2030-01-15\n");
    SheetImporter(*m_document).import(path);
    m_document.reset();
    const auto apiProviders = [](const Run &run) {
        QStringList providers;
        for (const QJsonValue &v : QJsonDocument::fromJson(run.out).object().value(QStringLiteral("apiOffers")).toArray())
            providers << v.toObject().value(QStringLiteral("provider")).toString();
        return providers;
    };
    const Run inDocument = runBreakeven({QStringLiteral("recommend"), m_file + QStringLiteral("#llama"), QStringLiteral("--json")});
    QCOMPARE(inDocument.exitCode, 0);
    const QStringList ranked = apiProviders(inDocument);
    QVERIFY2(!ranked.isEmpty() && ranked.front() == QStringLiteral("househost"), qPrintable(ranked.join(u',')));
    const Run text = runBreakeven({QStringLiteral("recommend"), m_file + QStringLiteral("#llama")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("House Llama 70B"), text.out.constData());

    const QString file = m_dir.filePath(QStringLiteral("llama.json"));
    writeFile(file, writeScenarioJson(scenario));
    const Run alone = runBreakeven({QStringLiteral("recommend"), file, QStringLiteral("--json")});
    QCOMPARE(alone.exitCode, 0);
    const QStringList bundled = apiProviders(alone);
    QVERIFY(!bundled.isEmpty());
    QVERIFY(!bundled.contains(QStringLiteral("househost")));
}

QTEST_GUILESS_MAIN(TestApiOfferStore)
#include "test_apiofferstore.moc"
