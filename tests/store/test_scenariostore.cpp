// Scenarios in a document: round trip field by field, whole-scenario CRUD, and the small edits
// by row id the undo commands use.
#include "inputerror.h"
#include "store/document.h"
#include "storetestsupport.h"

#include <QTemporaryDir>

#include <algorithm>
#include <QtTest>

using namespace breakeven;
using namespace storetest;

namespace {

QStringList componentNames(const OnPremBuild &build)
{
    QStringList names;
    for (const Component &c : build.components)
        names.append(c.name);
    return names;
}

// A scenario with two builds, two cloud options (the second linked to catalog offer `offerId`).
Scenario linkedScenario(const QString &name)
{
    Scenario scenario = fullScenario(name);
    scenario.cloudOptions.resize(2);
    scenario.cloudOptions[1].name = QStringLiteral("from the catalog");
    scenario.onPremOptions.resize(2);
    scenario.onPremOptions[1].name = QStringLiteral("second build");
    return scenario;
}

qint64 anyOfferId(Document &document)
{
    const auto offers = document.catalog().offers({}, OfferColumn::Provider, Qt::AscendingOrder, 0, 2);
    return offers.empty() ? 0 : offers.back().id;
}

qint64 rowCount(Document &document, const char *sql)
{
    return document.connection().database().execAndGet(sql).getInt64();
}

} // namespace

class TestScenarioStore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void roundTrip_data();
    void roundTrip();
    void saveReplacesByName();
    void renameDuplicateRemove();
    void refusesBadNames();
    void setsPropertiesAndWorkload();
    void editsCloudOptions();
    void editsBuilds();
    void moveComponent_data();
    void moveComponent();
    void addsAndRemovesComponentsInPlace();
    void editsScenarioGpus();
    void editsOfMissingRowsFail();
    void removedPartsComeBackUnderTheirIds();
    void removedScenarioComesBackWithItsOfferLinks();
    void changesAreToldAfterTheOutermostCommit();
    void changesSayWhetherTheEngineReadsThem();

private:
    QTemporaryDir m_dir;
    QString m_template;
    QString m_file;
    std::unique_ptr<Document> m_document;
    int m_count = 0;
};

void TestScenarioStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_template = m_dir.filePath(QStringLiteral("template.breakeven"));
    Document::create(m_template);
}

void TestScenarioStore::init()
{
    m_file = m_dir.filePath(QStringLiteral("doc%1.breakeven").arg(++m_count));
    QVERIFY(QFile::copy(m_template, m_file));
    QFile::setPermissions(m_file, QFile::ReadOwner | QFile::WriteOwner);
    m_document = Document::open(m_file);
}

void TestScenarioStore::cleanup()
{
    m_document.reset();
}

void TestScenarioStore::roundTrip_data()
{
    QTest::addColumn<int>("variant");
    QTest::newRow("every field set") << 0;
    QTest::newRow("optional fields unset") << 1;
    QTest::newRow("defaults only") << 2;
    QTest::newRow("no parts at all") << 3;
}

void TestScenarioStore::roundTrip()
{
    QFETCH(int, variant);
    Scenario scenario = fullScenario();
    if (variant == 1) {
        scenario.exchangeRates.clear();
        scenario.workload.jobReferenceGpuHours.reset();
        for (OnPremBuild &build : scenario.onPremOptions) {
            build.listPrice.reset();
            build.idleW.reset();
            build.loadW.reset();
        }
    } else if (variant == 2) {
        scenario = Scenario();
        scenario.gpus.resize(1);
        scenario.cloudOptions.resize(1);
        scenario.onPremOptions.resize(1);
        scenario.onPremOptions[0].components.resize(1);
    } else if (variant == 3) {
        scenario = Scenario();
        scenario.name = QStringLiteral("bare");
    }

    m_document->scenarios().save(scenario);
    QCOMPARE(scenarioDifferences(m_document->scenarios().load(scenario.name), scenario), QString());

    m_document.reset();
    m_document = Document::open(m_file);
    QCOMPARE(scenarioDifferences(m_document->scenarios().load(scenario.name), scenario), QString());
}

void TestScenarioStore::saveReplacesByName()
{
    ScenarioRepository &scenarios = m_document->scenarios();
    const qint64 id = scenarios.save(fullScenario(QStringLiteral("replace me")));
    const qint64 componentsBefore = rowCount(*m_document, "SELECT count(*) FROM components");

    Scenario changed = fullScenario(QStringLiteral("replace me"));
    changed.cloudOptions.pop_back();
    changed.onPremOptions.front().components.pop_back();
    changed.workload.utilization = 0.9;
    changed.exchangeRates.erase(QStringLiteral("GBP"));
    QCOMPARE(scenarios.save(changed), id);
    QCOMPARE(scenarioDifferences(scenarios.load(changed.name), changed), QString());
    // The replaced parts are gone, not orphaned.
    QCOMPARE(rowCount(*m_document, "SELECT count(*) FROM components"), componentsBefore - 1);
    QCOMPARE(scenarios.names().count(changed.name), 1);
}

void TestScenarioStore::renameDuplicateRemove()
{
    ScenarioRepository &scenarios = m_document->scenarios();
    const QStringList bundled = scenarios.names();
    const Scenario original = fullScenario(QStringLiteral("original"));
    const qint64 id = scenarios.save(original);
    const qint64 offerId = m_document->catalog()
                               .offers({}, OfferColumn::Provider, Qt::AscendingOrder, 0, 1)
                               .at(0)
                               .id;
    scenarios.addCloudOption(id, original.cloudOptions.front(), offerId);

    scenarios.rename(QStringLiteral("original"), QStringLiteral("renamed"));
    QCOMPARE(scenarios.findId(QStringLiteral("renamed")), std::optional<qint64>(id));
    QCOMPARE(scenarios.findId(QStringLiteral("original")), std::nullopt);
    QCOMPARE(scenarios.names(), bundled + QStringList { QStringLiteral("renamed") });

    const qint64 copyId = scenarios.duplicate(QStringLiteral("renamed"), QStringLiteral("copy"));
    QVERIFY(copyId != id);
    Scenario expected = scenarios.load(QStringLiteral("renamed"));
    expected.name = QStringLiteral("copy");
    QCOMPARE(scenarioDifferences(scenarios.load(QStringLiteral("copy")), expected), QString());
    QCOMPARE(
        scenarios.loadStored(copyId).ids.cloudOptionOffers.back(), std::optional<qint64>(offerId));

    QVERIFY_THROWS_EXCEPTION(
        InputError, scenarios.rename(QStringLiteral("copy"), QStringLiteral("renamed")));
    QVERIFY_THROWS_EXCEPTION(
        InputError, scenarios.duplicate(QStringLiteral("copy"), QStringLiteral("renamed")));

    scenarios.remove(QStringLiteral("renamed"));
    QCOMPARE(scenarios.findId(QStringLiteral("renamed")), std::nullopt);
    QCOMPARE(rowCount(*m_document,
                 ("SELECT count(*) FROM cloud_options WHERE scenario_id = " + std::to_string(id))
                     .c_str()),
        0);
    QCOMPARE(rowCount(*m_document,
                 "SELECT count(*) FROM components WHERE build_id NOT IN (SELECT id FROM builds)"),
        0);
    QCOMPARE(scenarios.names(), bundled + QStringList { QStringLiteral("copy") });

    try {
        scenarios.load(QStringLiteral("renamed"));
        QFAIL("a removed scenario loaded");
    } catch (const InputError &error) {
        QCOMPARE(error.where(), m_file);
        QCOMPARE(error.reason(), QStringLiteral("no scenario named \"renamed\""));
    }
}

void TestScenarioStore::refusesBadNames()
{
    ScenarioRepository &scenarios = m_document->scenarios();
    Scenario unnamed = fullScenario(QStringLiteral("  "));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.save(unnamed));
    scenarios.save(fullScenario(QStringLiteral("named")));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.rename(QStringLiteral("named"), QString()));
    QVERIFY_THROWS_EXCEPTION(
        InputError, scenarios.rename(QStringLiteral("absent"), QStringLiteral("x")));
}

void TestScenarioStore::setsPropertiesAndWorkload()
{
    ScenarioRepository &scenarios = m_document->scenarios();
    Scenario scenario = fullScenario();
    const qint64 id = scenarios.save(scenario);

    Scenario properties;
    properties.name = QStringLiteral("ignored");
    properties.currency = QStringLiteral("CHF");
    properties.exchangeRates = { { QStringLiteral("EUR"), 0.95 } };
    properties.horizonMonths = 60;
    properties.referenceGpu = QStringLiteral("L4");
    properties.discountRatePerYear = 0.03;
    properties.creditResaleValue = false;
    properties.cloudPriceChangePerYear = -0.35;
    properties.hardwarePriceChangePerYear = 0;
    properties.electricityPriceChangePerYear = 0.1;
    properties.criterionWeights = {1, 2, 3, 4, 5, 6, 0.5};
    UncertainInput growth;
    growth.path = QStringLiteral("workload.growthPerYear");
    growth.low = 0;
    growth.high = 0.5;
    properties.uncertainty = Uncertainty{300, 5, {growth}};
    scenarios.setProperties(id, properties);
    Workload workload;
    workload.name = QStringLiteral("inference");
    workload.gpus = 3;
    workload.jobReferenceGpuHours = 12;
    scenarios.setWorkload(id, workload);

    scenario.currency = properties.currency;
    scenario.exchangeRates = properties.exchangeRates;
    scenario.horizonMonths = properties.horizonMonths;
    scenario.referenceGpu = properties.referenceGpu;
    scenario.discountRatePerYear = properties.discountRatePerYear;
    scenario.creditResaleValue = properties.creditResaleValue;
    scenario.cloudPriceChangePerYear = properties.cloudPriceChangePerYear;
    scenario.hardwarePriceChangePerYear = properties.hardwarePriceChangePerYear;
    scenario.electricityPriceChangePerYear = properties.electricityPriceChangePerYear;
    scenario.criterionWeights = properties.criterionWeights;
    scenario.uncertainty = properties.uncertainty;
    scenario.workload = workload;
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());
}

void TestScenarioStore::editsCloudOptions()
{
    ScenarioRepository &scenarios = m_document->scenarios();
    Scenario scenario = fullScenario();
    const qint64 id = scenarios.save(scenario);

    CloudOption first;
    first.name = QStringLiteral("inserted first");
    const qint64 firstId = scenarios.addCloudOption(id, first, std::nullopt, 0);
    scenario.cloudOptions.insert(scenario.cloudOptions.begin(), first);
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());

    CloudOption changed = scenario.cloudOptions[1];
    changed.pricePerHour = 4.25;
    changed.pricing = PricingPlan::Reserved1y;
    const StoredScenario stored = scenarios.loadStored(id);
    QCOMPARE(stored.ids.cloudOptions.front(), firstId);
    scenarios.updateCloudOption(stored.ids.cloudOptions[1], changed);
    scenario.cloudOptions[1] = changed;
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());

    // Removing and re-adding at the same position is what undo of a removal does.
    scenarios.removeCloudOption(stored.ids.cloudOptions[1]);
    scenarios.addCloudOption(id, changed, std::nullopt, 1);
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());
}

void TestScenarioStore::editsBuilds()
{
    ScenarioRepository &scenarios = m_document->scenarios();
    Scenario scenario = fullScenario();
    const qint64 id = scenarios.save(scenario);
    const StoredScenario stored = scenarios.loadStored(id);

    OnPremBuild changed = scenario.onPremOptions[0];
    changed.name = QStringLiteral("renamed rig");
    changed.loadW.reset();
    changed.components.clear(); // updateBuild leaves components alone
    scenarios.updateBuild(stored.ids.builds[0], changed);
    changed.components = scenario.onPremOptions[0].components;
    scenario.onPremOptions[0] = changed;
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());
    QCOMPARE(scenarios.loadStored(id).ids.components[0], stored.ids.components[0]);

    OnPremBuild added = scenario.onPremOptions[0];
    added.name = QStringLiteral("added at the top");
    scenarios.addBuild(id, added, 0);
    scenario.onPremOptions.insert(scenario.onPremOptions.begin(), added);
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());

    scenarios.removeBuild(stored.ids.builds[0]);
    scenario.onPremOptions.erase(scenario.onPremOptions.begin() + 1);
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());
    QCOMPARE(rowCount(*m_document,
                 ("SELECT count(*) FROM components WHERE build_id = "
                     + std::to_string(stored.ids.builds[0]))
                     .c_str()),
        0);
}

void TestScenarioStore::moveComponent_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::addColumn<QString>("order");
    QTest::newRow("first to last") << 0 << 3 << "BCDA";
    QTest::newRow("last to first") << 3 << 0 << "DABC";
    QTest::newRow("down one") << 1 << 2 << "ACBD";
    QTest::newRow("up one") << 2 << 1 << "ACBD";
    QTest::newRow("in place") << 2 << 2 << "ABCD";
    QTest::newRow("past the end clamps") << 1 << 99 << "ACDB";
    QTest::newRow("negative clamps") << 2 << -5 << "CABD";
}

void TestScenarioStore::moveComponent()
{
    QFETCH(int, from);
    QFETCH(int, to);
    QFETCH(QString, order);
    ScenarioRepository &scenarios = m_document->scenarios();
    Scenario scenario;
    scenario.name = QStringLiteral("moves");
    OnPremBuild build;
    build.name = QStringLiteral("build");
    for (const char *name : { "A", "B", "C", "D" })
        build.components.push_back({ QString::fromLatin1(name), 1, 1 });
    scenario.onPremOptions = { build };
    const qint64 id = scenarios.save(scenario);

    const StoredScenario stored = scenarios.loadStored(id);
    scenarios.moveComponent(stored.ids.components[0][std::size_t(from)], to);
    QCOMPARE(componentNames(scenarios.load(scenario.name).onPremOptions[0]).join(QString()), order);
    // Positions stay 0..n-1, so that later inserts by position land where the user expects.
    const std::string positions
        = "SELECT group_concat(position, '') FROM (SELECT position FROM components"
          " WHERE build_id = "
        + std::to_string(stored.ids.builds[0]) + " ORDER BY position)";
    QCOMPARE(
        m_document->connection().database().execAndGet(positions).getString(), std::string("0123"));
}

void TestScenarioStore::addsAndRemovesComponentsInPlace()
{
    ScenarioRepository &scenarios = m_document->scenarios();
    Scenario scenario = fullScenario();
    const qint64 id = scenarios.save(scenario);
    const qint64 buildId = scenarios.loadStored(id).ids.builds[0];
    OnPremBuild &build = scenario.onPremOptions[0];

    const Component cooler { QStringLiteral("cooler"), 35, 2 };
    const qint64 coolerId = scenarios.addComponent(buildId, cooler, 1);
    build.components.insert(build.components.begin() + 1, cooler);
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());

    const Component pricier { QStringLiteral("cooler"), 55, 2 };
    scenarios.updateComponent(coolerId, pricier);
    build.components[1] = pricier;
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());

    const qint64 firstId = scenarios.loadStored(id).ids.components[0][0];
    scenarios.removeComponent(firstId);
    build.components.erase(build.components.begin());
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());
    scenarios.addComponent(buildId, Component { QStringLiteral("appended"), 1, 1 });
    build.components.push_back(Component { QStringLiteral("appended"), 1, 1 });
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());
}

void TestScenarioStore::editsScenarioGpus()
{
    ScenarioRepository &scenarios = m_document->scenarios();
    Scenario scenario = fullScenario();
    const qint64 id = scenarios.save(scenario);
    GpuModel l4;
    l4.name = QStringLiteral("L4");
    l4.memoryGB = 24;
    const qint64 l4Id = scenarios.addGpu(id, l4, 1);
    scenario.gpus.insert(scenario.gpus.begin() + 1, l4);
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());
    l4.tdpW = 72;
    scenarios.updateGpu(l4Id, l4);
    scenario.gpus[1] = l4;
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());
    scenarios.removeGpu(l4Id);
    scenario.gpus.erase(scenario.gpus.begin() + 1);
    QCOMPARE(scenarioDifferences(scenarios.load(scenario.name), scenario), QString());
}

void TestScenarioStore::editsOfMissingRowsFail()
{
    ScenarioRepository &scenarios = m_document->scenarios();
    const qint64 missing = 987654;
    try {
        scenarios.updateCloudOption(missing, CloudOption {});
        QFAIL("updated a missing cloud option");
    } catch (const InputError &error) {
        QCOMPARE(error.where(), m_file);
        QCOMPARE(error.reason(), QStringLiteral("no cloud option #987654"));
    }
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.setWorkload(missing, Workload {}));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.updateBuild(missing, OnPremBuild {}));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.addComponent(missing, Component {}));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.moveComponent(missing, 0));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.removeComponent(missing));
    QVERIFY_THROWS_EXCEPTION(InputError, scenarios.loadStored(missing));
}

QTEST_GUILESS_MAIN(TestScenarioStore)
void TestScenarioStore::removedPartsComeBackUnderTheirIds()
{
    auto &scenarios = m_document->scenarios();
    const qint64 offer = anyOfferId(*m_document);
    QVERIFY(offer > 0);
    const qint64 id = scenarios.save(linkedScenario(QStringLiteral("parts")));
    const qint64 optionId = scenarios.addCloudOption(id, fullScenario().cloudOptions[0], offer, 1);
    const StoredScenario before = scenarios.loadStored(id);
    QCOMPARE(before.ids.cloudOptions[1], optionId);
    QCOMPARE(before.ids.cloudOptionOffers[1], std::optional<qint64>(offer));

    // Each part removed and restored: the same ids, places and links as before.
    const StoredCloudOption option = scenarios.removeCloudOption(optionId);
    QCOMPARE(option.position, 1);
    QCOMPARE(option.offerId, std::optional<qint64>(offer));
    scenarios.restoreCloudOption(option);
    const StoredBuild build = scenarios.removeBuild(before.ids.builds[0]);
    QCOMPARE(build.components, before.ids.components[0]);
    QVERIFY(!build.components.empty());
    scenarios.restoreBuild(build);
    const StoredComponent component = scenarios.removeComponent(before.ids.components[0].back());
    scenarios.restoreComponent(component);

    const StoredScenario after = scenarios.loadStored(id);
    QVERIFY(after.scenario == before.scenario);
    QCOMPARE(after.ids.cloudOptions, before.ids.cloudOptions);
    QCOMPARE(after.ids.cloudOptionOffers, before.ids.cloudOptionOffers);
    QCOMPARE(after.ids.builds, before.ids.builds);
    QCOMPARE(after.ids.components, before.ids.components);
}

void TestScenarioStore::removedScenarioComesBackWithItsOfferLinks()
{
    auto &scenarios = m_document->scenarios();
    const qint64 offer = anyOfferId(*m_document);
    const qint64 id = scenarios.save(linkedScenario(QStringLiteral("linked")));
    scenarios.addCloudOption(id, fullScenario().cloudOptions[0], offer);
    const StoredScenario before = scenarios.loadStored(id);
    QVERIFY(std::count(before.ids.cloudOptionOffers.begin(), before.ids.cloudOptionOffers.end(),
                       std::optional<qint64>(offer)) == 1);

    const StoredScenario removed = scenarios.remove(id);
    QVERIFY(!scenarios.findId(QStringLiteral("linked")));
    QCOMPARE(rowCount(*m_document, "SELECT count(*) FROM cloud_options WHERE offer_id IS NOT NULL"), 0);
    scenarios.restore(removed);

    const StoredScenario after = scenarios.loadStored(id);
    QVERIFY(after.scenario == before.scenario);
    QCOMPARE(after.ids.scenario, id);
    QCOMPARE(after.ids.cloudOptions, before.ids.cloudOptions);
    QCOMPARE(after.ids.cloudOptionOffers, before.ids.cloudOptionOffers);
    QCOMPARE(after.ids.builds, before.ids.builds);
    QCOMPARE(after.ids.components, before.ids.components);
    QCOMPARE(after.ids.gpus, before.ids.gpus);
    // In the list where it was.
    QCOMPARE(scenarios.list().back().id, id);
}

void TestScenarioStore::changesAreToldAfterTheOutermostCommit()
{
    auto &scenarios = m_document->scenarios();
    const qint64 id = scenarios.save(linkedScenario(QStringLiteral("told")));
    const StoredScenario stored = scenarios.loadStored(id);
    std::vector<ChangeSet> told;
    m_document->connection().setChangeListener([&](const ChangeSet &changes) { told.push_back(changes); });

    CloudOption option = stored.scenario.cloudOptions[0];
    option.pricePerHour += 1;
    m_document->connection().write([&] {
        scenarios.updateCloudOption(stored.ids.cloudOptions[0], option);
        Workload workload = stored.scenario.workload;
        workload.gpus += 1;
        scenarios.setWorkload(id, workload);
        QCOMPARE(told.size(), size_t(0)); // not before the outermost commit
    });
    QCOMPARE(told.size(), size_t(1));
    QCOMPARE(told[0].size(), size_t(2));
    QCOMPARE(told[0][0].kind, DocumentChange::Kind::PartChanged);
    QCOMPARE(told[0][0].part, PartKind::CloudOption);
    QCOMPARE(told[0][0].partId, stored.ids.cloudOptions[0]);
    QCOMPARE(told[0][0].scenarioId, id);
    QCOMPARE(told[0][0].fields, QStringList{QStringLiteral("price_per_hour")});
    QCOMPARE(told[0][1].kind, DocumentChange::Kind::WorkloadChanged);
    QCOMPARE(told[0][1].fields, QStringList{QStringLiteral("gpus")});

    // A rollback tells nothing, and neither does a savepoint rolled back inside a commit.
    option.pricePerHour += 1;
    try {
        m_document->connection().write([&] {
            scenarios.updateCloudOption(stored.ids.cloudOptions[0], option);
            throw InputError(QStringLiteral("test"), QStringLiteral("abandoned"));
        });
    } catch (const InputError &) {
    }
    QCOMPARE(told.size(), size_t(1));
    m_document->connection().write([&] {
        try {
            m_document->connection().write([&] {
                scenarios.removeBuild(stored.ids.builds[0]);
                throw InputError(QStringLiteral("test"), QStringLiteral("inner"));
            });
        } catch (const InputError &) {
        }
        scenarios.rename(id, QStringLiteral("told again"));
    });
    QCOMPARE(told.size(), size_t(2));
    QCOMPARE(told[1].size(), size_t(1));
    QCOMPARE(told[1][0].kind, DocumentChange::Kind::ScenarioRenamed);
    QCOMPARE(scenarios.loadStored(id).ids.builds, stored.ids.builds);

    // Writing what is already there changes nothing and tells no one.
    scenarios.updateCloudOption(stored.ids.cloudOptions[0], scenarios.loadStored(id).scenario.cloudOptions[0]);
    scenarios.setWorkload(id, scenarios.loadStored(id).scenario.workload);
    scenarios.rename(id, QStringLiteral("told again"));
    QCOMPARE(told.size(), size_t(2));
    m_document->connection().setChangeListener({});
}

void TestScenarioStore::changesSayWhetherTheEngineReadsThem()
{
    auto &scenarios = m_document->scenarios();
    const qint64 id = scenarios.save(linkedScenario(QStringLiteral("engine")));
    const StoredScenario stored = scenarios.loadStored(id);
    ChangeSet last;
    m_document->connection().setChangeListener([&](const ChangeSet &changes) { last = changes; });

    OnPremBuild build = stored.scenario.onPremOptions[0];
    build.name = QStringLiteral("renamed build");
    scenarios.updateBuild(stored.ids.builds[0], build);
    QCOMPARE(last.size(), size_t(1));
    QCOMPARE(last[0].fields, QStringList{QStringLiteral("name")});
    QVERIFY(!last[0].engineInput);
    build.pue += 0.1;
    build.laborPerMonth += 10;
    scenarios.updateBuild(stored.ids.builds[0], build);
    QCOMPARE(last[0].fields, (QStringList{QStringLiteral("pue"), QStringLiteral("labor_per_month")}));
    QVERIFY(last[0].engineInput);

    Scenario properties = stored.scenario;
    properties.horizonMonths += 12;
    properties.exchangeRates[QStringLiteral("CHF")] = 1.1;
    scenarios.setProperties(id, properties);
    QCOMPARE(last[0].kind, DocumentChange::Kind::ScenarioChanged);
    QCOMPARE(last[0].fields, (QStringList{QStringLiteral("horizon_months"), QStringLiteral("exchange_rates")}));

    Component component = stored.scenario.onPremOptions[0].components[0];
    component.name = QStringLiteral("renamed part");
    scenarios.updateComponent(stored.ids.components[0][0], component);
    QVERIFY(!last[0].engineInput);
    QCOMPARE(last[0].parentId, stored.ids.builds[0]);
    QCOMPARE(last[0].scenarioId, id);

    // An import's thousands of offers are one catalog change.
    std::vector<CloudOffer> offers;
    for (int i = 0; i < 50; ++i)
        offers.push_back(syntheticOffer(i));
    m_document->catalog().saveOffers(offers, std::nullopt);
    QCOMPARE(last.size(), size_t(1));
    QCOMPARE(last[0].kind, DocumentChange::Kind::CatalogChanged);
    m_document->connection().setChangeListener({});
}

#include "test_scenariostore.moc"
