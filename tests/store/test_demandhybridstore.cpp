// A workload's demand profile and a scenario's hybrid options in a document (schema 13): the
// upgrade of a schema-12 document, the round trip, the links to builds and cloud options, a
// damaged profile, and every edit with what undoing it calls.
#include "inputerror.h"
#include "store/database.h"
#include "store/document.h"
#include "storetestsupport.h"

#include <QTemporaryDir>
#include <QtTest>
#include <SQLiteCpp/Database.h>
#include <cmath>
#include <cstring>

using namespace breakeven;
using namespace storetest;

namespace {

WorkloadDemand demandOf(std::size_t steps)
{
    WorkloadDemand demand;
    demand.stepHours = 0.25;
    demand.source = QStringLiteral("cluster-load – März.csv");
    demand.gpus.resize(steps);
    for (std::size_t i = 0; i < steps; ++i)
        demand.gpus[i] = i % 97 == 0 ? 0.0 : 3.0 + 2.5 * std::sin(double(i) / 11.0) + double(i % 7) / 3.0;
    demand.gpus[steps / 2] = 1e-300; // every bit kept, not just the printed digits
    return demand;
}

// fullScenario with a 100,000-step profile and two hybrids: one with units, one without.
Scenario hybridScenario(const QString &name)
{
    Scenario scenario = fullScenario(name);
    scenario.workload = withDemand(scenario.workload, demandOf(100000));
    scenario.hybridOptions = {
        {QStringLiteral("Tower and the first cloud"), scenario.onPremOptions[0].name, scenario.cloudOptions[0].name, 3},
        {QStringLiteral("Scratch and spot"), scenario.onPremOptions[1].name, scenario.cloudOptions[1].name, std::nullopt},
    };
    return scenario;
}

// What a stored scenario is, ids included.
QString storedDifferences(const StoredScenario &a, const StoredScenario &b)
{
    const QString values = scenarioDifferences(a.scenario, b.scenario);
    if (!values.isEmpty())
        return values;
    if (a.ids.scenario != b.ids.scenario || a.ids.gpus != b.ids.gpus || a.ids.cloudOptions != b.ids.cloudOptions
        || a.ids.cloudOptionOffers != b.ids.cloudOptionOffers || a.ids.builds != b.ids.builds
        || a.ids.components != b.ids.components || a.ids.hybridOptions != b.ids.hybridOptions)
        return QStringLiteral("the row ids differ");
    return {};
}

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

} // namespace

class TestDemandHybridStore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void upgradesSchema12Document();
    void upgradesSchema12FileBuiltFromItsScripts();
    void roundTripsProfileAndHybrids();
    void removingABuildOrCloudOptionRemovesItsHybrids();
    void damagedProfileIsReportedAsDamage_data();
    void damagedProfileIsReportedAsDamage();
    void demandEditsAndTheirUndo();
    void hybridEditsAndTheirUndo();
    void refusedHybridEditsChangeNothing();

private:
    QTemporaryDir m_dir;
    QString m_template;
    QString m_file;
    std::unique_ptr<Document> m_document;
    int m_count = 0;
};

void TestDemandHybridStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_template = m_dir.filePath(QStringLiteral("template.breakeven"));
    Document::create(m_template);
    // The bundled examples include one with a profile and hybrids: the template goes without it,
    // so that every row these tests count is their own.
    SQLite::Database raw(m_template.toStdString(), SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA foreign_keys = ON");
    raw.exec("DELETE FROM scenarios WHERE id IN (SELECT scenario_id FROM workload_demands "
             "UNION SELECT scenario_id FROM hybrid_options)");
    QCOMPARE(raw.execAndGet("SELECT count(*) FROM workload_demands").getInt(), 0);
    QCOMPARE(raw.execAndGet("SELECT count(*) FROM hybrid_options").getInt(), 0);
}

void TestDemandHybridStore::init()
{
    m_file = m_dir.filePath(QStringLiteral("doc%1.breakeven").arg(++m_count));
    QVERIFY(QFile::copy(m_template, m_file));
    QFile::setPermissions(m_file, QFile::ReadOwner | QFile::WriteOwner);
    m_document = Document::open(m_file);
}

void TestDemandHybridStore::cleanup()
{
    m_document.reset();
}

// A document as schema 12 left it: every table but schema 13's two, user_version 12. Opening it
// adds them, keeps the rest and reads no profile and no hybrids.
void TestDemandHybridStore::upgradesSchema12Document()
{
    QCOMPARE(latestSchemaVersion(), 18);
    const Scenario plain = fullScenario(QStringLiteral("before profiles"));
    const qint64 id = m_document->scenarios().save(plain);
    const StoredScenario before = m_document->scenarios().loadStored(id);
    const qint64 offers = count(*m_document, "SELECT count(*) FROM cloud_offers");
    QVERIFY(offers > 0);
    m_document.reset();
    const QStringList currentSchema = schemaOf(m_file);
    {
        SQLite::Database raw(m_file.toStdString(), SQLite::OPEN_READWRITE);
        raw.exec("DROP TABLE hybrid_options");
        raw.exec("DROP TABLE workload_demands");
        // Schema 16's, 15's and 14's columns.
        dropSchema18(raw);
        dropSchema17(raw);
        dropSchema16(raw);
        dropSchema15Columns(raw);
        raw.exec("ALTER TABLE scenarios DROP COLUMN discounting");
        for (const char *column : {"colocation_per_kw_month", "spare_share", "goodput"})
            raw.exec(std::string("ALTER TABLE builds DROP COLUMN ") + column);
        raw.exec("ALTER TABLE cloud_options DROP COLUMN goodput");
        raw.exec("PRAGMA user_version = 12");
        QCOMPARE(raw.execAndGet("SELECT count(*) FROM sqlite_schema WHERE name IN ('hybrid_options', 'workload_demands')").getInt(), 0);
    }
    QVERIFY(schemaOf(m_file) != currentSchema);

    m_document = Document::open(m_file);
    QCOMPARE(m_document->connection().database().execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
    const StoredScenario after = m_document->scenarios().loadStored(id);
    QCOMPARE(storedDifferences(after, before), QString());
    QVERIFY(!after.scenario.workload.demand);
    QVERIFY(after.scenario.hybridOptions.empty());
    QVERIFY(after.ids.hybridOptions.empty());
    QCOMPARE(count(*m_document, "SELECT count(*) FROM cloud_offers"), offers);
    QCOMPARE(count(*m_document, "SELECT count(*) FROM workload_demands"), qint64(0));
    QCOMPARE(count(*m_document, "SELECT count(*) FROM hybrid_options"), qint64(0));
    m_document.reset();
    // The upgraded file has the schema a new document has.
    QCOMPARE(schemaOf(m_file), currentSchema);

    // And takes both from then on.
    m_document = Document::open(m_file);
    const qint64 next = m_document->scenarios().save(hybridScenario(QStringLiteral("after")));
    QCOMPARE(m_document->scenarios().loadStored(next).scenario.hybridOptions.size(), std::size_t(2));
}

// A file made by schema 12's own scripts, with a scenario written by SQL: only step 13 runs.
void TestDemandHybridStore::upgradesSchema12FileBuiltFromItsScripts()
{
    const QString file = m_dir.filePath(QStringLiteral("scripts12.breakeven"));
    {
        SQLite::Database raw(file.toStdString(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        raw.exec("PRAGMA foreign_keys = ON");
        raw.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
        for (int version = 1; version <= 12; ++version) {
            QFile sql(QStringLiteral(":/pricing-db/schema/v%1.sql").arg(version));
            QVERIFY(sql.open(QIODevice::ReadOnly));
            raw.exec(sql.readAll().toStdString());
        }
        raw.exec("PRAGMA user_version = 12");
        raw.exec("INSERT INTO scenarios (id, name) VALUES (7, 'plan')");
        raw.exec("INSERT INTO workloads (scenario_id, name, gpus, utilization) VALUES (7, 'training', 6, 0.4)");
        raw.exec("INSERT INTO builds (id, scenario_id, position, name, kind) VALUES (3, 7, 0, 'Rack', 'pre-built')");
        raw.exec("INSERT INTO cloud_options (id, scenario_id, position, name, category, pricing)"
                 " VALUES (4, 7, 0, 'Spot H100', 'ml-cloud', 'spot')");
    }
    const std::unique_ptr<Document> document = Document::open(file);
    QCOMPARE(document->connection().database().execAndGet("PRAGMA user_version").getInt(), latestSchemaVersion());
    const StoredScenario stored = document->scenarios().loadStored(7);
    QCOMPARE(stored.scenario.name, QStringLiteral("plan"));
    QCOMPARE(stored.scenario.workload.name, QStringLiteral("training"));
    QCOMPARE(stored.scenario.workload.gpus, 6.0);
    QCOMPARE(stored.scenario.workload.utilization, 0.4);
    QVERIFY(!stored.scenario.workload.demand);
    QCOMPARE(stored.ids.builds, std::vector<qint64>{3});
    QCOMPARE(stored.ids.cloudOptions, std::vector<qint64>{4});
    QVERIFY(stored.scenario.hybridOptions.empty());
    // Both new tables take rows at once.
    const qint64 hybrid = document->scenarios().addHybridOption(7, 3, 4, QStringLiteral("Rack and spot"), 2);
    document->scenarios().setWorkloadDemand(7, demandOf(24));
    const Scenario after = document->scenarios().loadStored(7).scenario;
    QCOMPARE(after.hybridOptions,
        (std::vector<HybridOption>{{QStringLiteral("Rack and spot"), QStringLiteral("Rack"), QStringLiteral("Spot H100"), 2}}));
    QCOMPARE(after.workload.demand, std::optional<WorkloadDemand>(demandOf(24)));
    QVERIFY(hybrid > 0);
}

void TestDemandHybridStore::roundTripsProfileAndHybrids()
{
    const Scenario scenario = hybridScenario(QStringLiteral("hybrid"));
    QCOMPARE(scenario.workload.demand->gpus.size(), std::size_t(100000));
    const qint64 id = m_document->scenarios().save(scenario);
    QCOMPARE(count(*m_document, "SELECT length(gpus) FROM workload_demands"), qint64(800000));
    QCOMPARE(count(*m_document, "SELECT typeof(gpus) = 'blob' FROM workload_demands"), qint64(1));
    m_document.reset();

    m_document = Document::open(m_file);
    const StoredScenario stored = m_document->scenarios().loadStored(id);
    const Scenario &loaded = stored.scenario;
    QVERIFY(loaded.workload.demand);
    const WorkloadDemand &demand = *loaded.workload.demand;
    const WorkloadDemand &expected = *scenario.workload.demand;
    QCOMPARE(demand.stepHours, expected.stepHours);
    QCOMPARE(demand.source, expected.source);
    QCOMPARE(demand.gpus.size(), expected.gpus.size());
    for (std::size_t i = 0; i < expected.gpus.size(); ++i)
        if (std::memcmp(&demand.gpus[i], &expected.gpus[i], sizeof(double)) != 0)
            QFAIL(qPrintable(QStringLiteral("step %1: %2 ≠ %3").arg(i).arg(demand.gpus[i]).arg(expected.gpus[i])));
    QCOMPARE(loaded.workload.gpus, scenario.workload.gpus);
    QCOMPARE(loaded.workload.utilization, scenario.workload.utilization);
    QCOMPARE(loaded.workload.gpus, expected.peak());

    QCOMPARE(loaded.hybridOptions.size(), std::size_t(2));
    for (std::size_t i = 0; i < 2; ++i) {
        QCOMPARE(loaded.hybridOptions[i].name, scenario.hybridOptions[i].name);
        QCOMPARE(loaded.hybridOptions[i].onPrem, scenario.hybridOptions[i].onPrem);
        QCOMPARE(loaded.hybridOptions[i].cloud, scenario.hybridOptions[i].cloud);
        QCOMPARE(loaded.hybridOptions[i].units, scenario.hybridOptions[i].units);
    }
    QCOMPARE(loaded.hybridOptions[0].units, std::optional<int>(3));
    QVERIFY(!loaded.hybridOptions[1].units);
    QCOMPARE(stored.ids.hybridOptions.size(), std::size_t(2));
    QCOMPARE(scenarioDifferences(loaded, scenario), QString());
    QVERIFY(loaded == scenario);

    // Each hybrid links the rows of its own scenario.
    const StoredHybridOption first = m_document->scenarios().loadHybridOption(stored.ids.hybridOptions[0]);
    QCOMPARE(first.buildId, stored.ids.builds[0]);
    QCOMPARE(first.cloudOptionId, stored.ids.cloudOptions[0]);
    QCOMPARE(first.position, 0);

    // A save replaces them, a duplicate copies them onto its own rows, a removal takes them along.
    Scenario changed = scenario;
    changed.hybridOptions.pop_back();
    changed.workload.demand.reset();
    m_document->scenarios().save(changed);
    QVERIFY(m_document->scenarios().load(scenario.name) == changed);
    QCOMPARE(count(*m_document, "SELECT count(*) FROM workload_demands"), qint64(0));
    m_document->scenarios().save(scenario);
    const qint64 copy = m_document->scenarios().duplicate(scenario.name, QStringLiteral("copy"));
    const StoredScenario copied = m_document->scenarios().loadStored(copy);
    Scenario renamed = scenario;
    renamed.name = QStringLiteral("copy");
    QCOMPARE(scenarioDifferences(copied.scenario, renamed), QString());
    QCOMPARE(m_document->scenarios().loadHybridOption(copied.ids.hybridOptions[0]).buildId, copied.ids.builds[0]);
    m_document->scenarios().remove(copy);
    QCOMPARE(count(*m_document, "SELECT count(*) FROM workload_demands"), qint64(1));
    QCOMPARE(count(*m_document, "SELECT count(*) FROM hybrid_options"), qint64(2));

    // A hybrid naming a build the scenario does not have is refused, and nothing is written.
    Scenario broken = scenario;
    broken.name = QStringLiteral("broken");
    broken.hybridOptions[1].onPrem = QStringLiteral("no such build");
    QVERIFY_THROWS_EXCEPTION(InputError, m_document->scenarios().save(broken));
    QVERIFY(!m_document->scenarios().findId(broken.name));
}

void TestDemandHybridStore::removingABuildOrCloudOptionRemovesItsHybrids()
{
    auto &scenarios = m_document->scenarios();
    const qint64 id = scenarios.save(hybridScenario(QStringLiteral("links")));
    const StoredScenario before = scenarios.loadStored(id);

    // Renaming the build keeps the hybrid, which now names it by its new name.
    OnPremBuild build = before.scenario.onPremOptions[0];
    build.name = QStringLiteral("Renamed tower");
    scenarios.updateBuild(before.ids.builds[0], build);
    Scenario now = scenarios.loadStored(id).scenario;
    QCOMPARE(now.hybridOptions.size(), std::size_t(2));
    QCOMPARE(now.hybridOptions[0].onPrem, QStringLiteral("Renamed tower"));
    build.name = before.scenario.onPremOptions[0].name;
    scenarios.updateBuild(before.ids.builds[0], build);

    // Removing the build takes its hybrid along; restoring it brings it back in its place.
    const StoredBuild removed = scenarios.removeBuild(before.ids.builds[0]);
    QCOMPARE(removed.hybrids.size(), std::size_t(1));
    QCOMPARE(removed.hybrids[0].id, before.ids.hybridOptions[0]);
    now = scenarios.loadStored(id).scenario;
    QCOMPARE(now.hybridOptions.size(), std::size_t(1));
    QCOMPARE(now.hybridOptions[0].name, QStringLiteral("Scratch and spot"));
    QCOMPARE(scenarios.loadHybridOption(before.ids.hybridOptions[1]).position, 0);
    scenarios.restoreBuild(removed);
    QCOMPARE(storedDifferences(scenarios.loadStored(id), before), QString());

    // The same for a cloud option.
    const StoredCloudOption option = scenarios.removeCloudOption(before.ids.cloudOptions[1]);
    QCOMPARE(option.hybrids.size(), std::size_t(1));
    QCOMPARE(scenarios.loadStored(id).scenario.hybridOptions.size(), std::size_t(1));
    scenarios.restoreCloudOption(option);
    QCOMPARE(storedDifferences(scenarios.loadStored(id), before), QString());

    // The schema's own link: a build deleted by SQL alone (another program) takes its hybrid too.
    m_document->connection().database().exec("DELETE FROM builds WHERE id = " + std::to_string(before.ids.builds[1]));
    now = scenarios.loadStored(id).scenario;
    QCOMPARE(now.hybridOptions.size(), std::size_t(1));
    QCOMPARE(now.hybridOptions[0].name, QStringLiteral("Tower and the first cloud"));
}

void TestDemandHybridStore::damagedProfileIsReportedAsDamage_data()
{
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("12 bytes") << QStringLiteral("zeroblob(12)") << QStringLiteral("holds 12 bytes, not 8 bytes for each of 1 to 1000000 steps");
    QTest::newRow("no bytes") << QStringLiteral("zeroblob(0)") << QStringLiteral("holds 0 bytes");
    QTest::newRow("text") << QStringLiteral("'12345678'") << QStringLiteral("holds text, not a blob of 8-byte values");
    QTest::newRow("negative step") << QStringLiteral("X'000000000000F0BF'") << QStringLiteral("has -1 GPUs in step 1");
}

void TestDemandHybridStore::damagedProfileIsReportedAsDamage()
{
    QFETCH(QString, value);
    QFETCH(QString, message);
    const qint64 id = m_document->scenarios().save(hybridScenario(QStringLiteral("damaged")));
    m_document.reset();
    {
        SQLite::Database raw(m_file.toStdString(), SQLite::OPEN_READWRITE);
        raw.exec("UPDATE workload_demands SET gpus = " + value.toStdString());
    }
    m_document = Document::open(m_file);
    try {
        m_document->scenarios().loadStored(id);
        QFAIL("a damaged profile was read");
    } catch (const InputError &error) {
        const QString expected = QStringLiteral("damaged: the demand profile of scenario #%1 ").arg(id);
        QVERIFY2(error.message().contains(expected), qPrintable(error.message()));
        QVERIFY2(error.message().contains(message), qPrintable(error.message()));
    }
    // The rest of the document still opens, and the profile can be replaced or removed.
    QVERIFY(m_document->scenarios().names().contains(QStringLiteral("damaged")));
    m_document->scenarios().setWorkloadDemand(id, std::nullopt);
    QVERIFY(!m_document->scenarios().loadStored(id).scenario.workload.demand);
}

// Setting and clearing the profile, each undone with what the undo command calls (loadWorkload
// before, restoreWorkload after), leaves the scenario as it was.
void TestDemandHybridStore::demandEditsAndTheirUndo()
{
    auto &scenarios = m_document->scenarios();
    Scenario plain = fullScenario(QStringLiteral("demand edits"));
    const qint64 id = scenarios.save(plain);
    const StoredScenario start = scenarios.loadStored(id);
    std::vector<ChangeSet> told;
    m_document->connection().setChangeListener([&](const ChangeSet &changes) { told.push_back(changes); });

    const WorkloadDemand demand = demandOf(1000);
    const Workload before = scenarios.loadWorkload(id);
    QCOMPARE(before, start.scenario.workload);
    scenarios.setWorkloadDemand(id, demand);
    const Workload attached = scenarios.loadStored(id).scenario.workload;
    QCOMPARE(attached, withDemand(before, demand));
    QCOMPARE(attached.gpus, demand.peak());
    QCOMPARE(attached.utilization, demand.utilization());
    QCOMPARE(told.size(), std::size_t(1));
    QCOMPARE(told[0].size(), std::size_t(1));
    QCOMPARE(told[0][0].kind, DocumentChange::Kind::WorkloadChanged);
    QCOMPARE(told[0][0].scenarioId, id);
    QVERIFY(told[0][0].engineInput);
    QCOMPARE(told[0][0].fields,
        (QStringList{QStringLiteral("gpus"), QStringLiteral("utilization"), QStringLiteral("demand")}));
    // The same profile again changes nothing and tells no one.
    scenarios.setWorkloadDemand(id, demand);
    QCOMPARE(told.size(), std::size_t(1));

    scenarios.restoreWorkload(id, before); // undo
    QCOMPARE(storedDifferences(scenarios.loadStored(id), start), QString());
    QCOMPARE(count(*m_document, "SELECT count(*) FROM workload_demands"), qint64(0));
    QCOMPARE(told.size(), std::size_t(2));

    // Clearing keeps gpus and utilization (the profile's peak and mean over peak).
    scenarios.setWorkloadDemand(id, demand); // redo
    const Workload withProfile = scenarios.loadWorkload(id);
    scenarios.setWorkloadDemand(id, std::nullopt);
    const Workload cleared = scenarios.loadWorkload(id);
    QVERIFY(!cleared.demand);
    QCOMPARE(cleared.gpus, withProfile.gpus);
    QCOMPARE(cleared.utilization, withProfile.utilization);
    QCOMPARE(told.back()[0].fields, QStringList{QStringLiteral("demand")});
    scenarios.restoreWorkload(id, withProfile); // undo
    QCOMPARE(scenarios.loadWorkload(id), withProfile);
    scenarios.restoreWorkload(id, before);
    QCOMPARE(storedDifferences(scenarios.loadStored(id), start), QString());

    // Editing the workload's fields keeps the profile.
    scenarios.setWorkloadDemand(id, demand);
    Workload edited = scenarios.loadWorkload(id);
    edited.utilization = 0.25;
    edited.demand.reset();
    scenarios.setWorkload(id, edited);
    QCOMPARE(scenarios.loadWorkload(id).demand, std::optional<WorkloadDemand>(demand));
    QCOMPARE(scenarios.loadWorkload(id).utilization, 0.25);

    // A profile no version reads is refused, and the workload stays as it was.
    const Workload kept = scenarios.loadWorkload(id);
    WorkloadDemand bad = demand;
    bad.gpus[3] = -1;
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.setWorkloadDemand(id, bad));
    bad = demand;
    bad.stepHours = 0;
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.setWorkloadDemand(id, bad));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.setWorkloadDemand(id, WorkloadDemand{}));
    QCOMPARE(scenarios.loadWorkload(id), kept);
}

// Every hybrid edit, then what its undo calls, leaves the scenario (ids included) as it was.
void TestDemandHybridStore::hybridEditsAndTheirUndo()
{
    auto &scenarios = m_document->scenarios();
    const qint64 id = scenarios.save(hybridScenario(QStringLiteral("hybrid edits")));
    const StoredScenario start = scenarios.loadStored(id);
    std::vector<ChangeSet> told;
    m_document->connection().setChangeListener([&](const ChangeSet &changes) { told.push_back(changes); });

    // Add, in the middle; undo removes it; redo restores it under the same id and place.
    const qint64 added = scenarios.addHybridOption(id, start.ids.builds[1], start.ids.cloudOptions[0],
        QStringLiteral("Scratch and the first cloud"), 12, 1);
    QCOMPARE(told.back().size(), std::size_t(1));
    QCOMPARE(told.back()[0].kind, DocumentChange::Kind::PartInserted);
    QCOMPARE(told.back()[0].part, PartKind::HybridOption);
    QCOMPARE(told.back()[0].partId, added);
    QCOMPARE(told.back()[0].position, 1);
    Scenario now = scenarios.loadStored(id).scenario;
    QCOMPARE(now.hybridOptions.size(), std::size_t(3));
    QCOMPARE(now.hybridOptions[1],
        (HybridOption{QStringLiteral("Scratch and the first cloud"), start.scenario.onPremOptions[1].name,
            start.scenario.cloudOptions[0].name, 12}));
    const StoredHybridOption taken = scenarios.removeHybridOption(added); // undo
    QCOMPARE(told.back()[0].kind, DocumentChange::Kind::PartRemoved);
    QCOMPARE(storedDifferences(scenarios.loadStored(id), start), QString());
    scenarios.restoreHybridOption(taken); // redo
    QCOMPARE(scenarios.loadStored(id).ids.hybridOptions[1], added);
    scenarios.removeHybridOption(added);
    QCOMPARE(storedDifferences(scenarios.loadStored(id), start), QString());

    // Remove the first; undo puts it back under its id, first.
    const StoredHybridOption first = scenarios.removeHybridOption(start.ids.hybridOptions[0]);
    QCOMPARE(first.position, 0);
    QCOMPARE(scenarios.loadStored(id).scenario.hybridOptions.size(), std::size_t(1));
    scenarios.restoreHybridOption(first);
    QCOMPARE(storedDifferences(scenarios.loadStored(id), start), QString());

    // Units: null, then K, each undone by writing the units it had.
    const qint64 hybrid = start.ids.hybridOptions[0];
    const std::optional<int> unitsBefore = scenarios.loadHybridOption(hybrid).option.units;
    QCOMPARE(unitsBefore, std::optional<int>(3));
    scenarios.setHybridUnits(hybrid, std::nullopt);
    QVERIFY(!scenarios.loadHybridOption(hybrid).option.units);
    QCOMPARE(told.back()[0].kind, DocumentChange::Kind::PartChanged);
    QCOMPARE(told.back()[0].fields, QStringList{QStringLiteral("units")});
    QVERIFY(told.back()[0].engineInput);
    scenarios.setHybridUnits(hybrid, kMaxHybridUnits);
    QCOMPARE(scenarios.loadHybridOption(hybrid).option.units, std::optional<int>(kMaxHybridUnits));
    scenarios.setHybridUnits(hybrid, unitsBefore);
    QCOMPARE(storedDifferences(scenarios.loadStored(id), start), QString());

    // Rename, undone by the name it had; a name is not something the engine reads.
    const std::size_t toldBefore = told.size();
    scenarios.renameHybridOption(hybrid, QStringLiteral("Tower + cloud"));
    QCOMPARE(told.size(), toldBefore + 1);
    QCOMPARE(told.back()[0].fields, QStringList{QStringLiteral("name")});
    QVERIFY(!told.back()[0].engineInput);
    QCOMPARE(scenarios.loadStored(id).scenario.hybridOptions[0].name, QStringLiteral("Tower + cloud"));
    scenarios.renameHybridOption(hybrid, start.scenario.hybridOptions[0].name);
    QCOMPARE(storedDifferences(scenarios.loadStored(id), start), QString());
    // The same name again changes nothing and tells no one.
    const std::size_t toldNow = told.size();
    scenarios.renameHybridOption(hybrid, start.scenario.hybridOptions[0].name);
    QCOMPARE(told.size(), toldNow);

    // Removing a build and undoing it: the hybrid's removal and return are told too.
    const StoredBuild build = scenarios.removeBuild(start.ids.builds[0]);
    QCOMPARE(told.back().size(), std::size_t(2));
    QCOMPARE(told.back()[0].part, PartKind::HybridOption);
    QCOMPARE(told.back()[0].kind, DocumentChange::Kind::PartRemoved);
    QCOMPARE(told.back()[1].part, PartKind::Build);
    scenarios.restoreBuild(build);
    QCOMPARE(storedDifferences(scenarios.loadStored(id), start), QString());
}

void TestDemandHybridStore::refusedHybridEditsChangeNothing()
{
    auto &scenarios = m_document->scenarios();
    const qint64 id = scenarios.save(hybridScenario(QStringLiteral("one")));
    const qint64 other = scenarios.save(hybridScenario(QStringLiteral("other")));
    const StoredScenario start = scenarios.loadStored(id);
    const StoredScenario otherStart = scenarios.loadStored(other);
    const qint64 hybrid = start.ids.hybridOptions[0];

    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.setHybridUnits(hybrid, kMaxHybridUnits + 1));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.setHybridUnits(hybrid, -1));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.renameHybridOption(hybrid, QStringLiteral("  ")));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.setHybridUnits(999999, 1));
    // A build or cloud option of another scenario.
    QVERIFY_THROWS_EXCEPTION(InputError,
        scenarios.addHybridOption(id, otherStart.ids.builds[0], start.ids.cloudOptions[0], QStringLiteral("x"), {}));
    QVERIFY_THROWS_EXCEPTION(InputError,
        scenarios.addHybridOption(id, start.ids.builds[0], otherStart.ids.cloudOptions[0], QStringLiteral("x"), {}));
    QVERIFY_THROWS_EXCEPTION(InputError,
        scenarios.addHybridOption(id, start.ids.builds[0], start.ids.cloudOptions[0], QStringLiteral("x"), 10001));
    QVERIFY_THROWS_EXCEPTION(InputError,
        scenarios.addHybridOption(id, start.ids.builds[0], start.ids.cloudOptions[0], QString(), {}));
    // The schema refuses units out of range from any program.
    QVERIFY_THROWS_EXCEPTION(SQLite::Exception,
        m_document->connection().database().exec("UPDATE hybrid_options SET units = 10001"));
    QCOMPARE(storedDifferences(scenarios.loadStored(id), start), QString());
    QCOMPARE(storedDifferences(scenarios.loadStored(other), otherStart), QString());
}

QTEST_GUILESS_MAIN(TestDemandHybridStore)
#include "test_demandhybridstore.moc"
