// The catalog in a document: offer counts and pages against the same filter and sort computed
// in C++, upserts keyed by provider/instance/region, GPU lookup through aliases, sheets,
// settings and saved sheet mappings.
#include "catalog/gpucatalog.h"
#include "inputerror.h"
#include "offerexpectation.h"
#include "store/changerecorder.h"
#include "store/document.h"
#include "storetestsupport.h"

#include <QDate>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <numeric>

using namespace breakeven;
using namespace storetest;

Q_DECLARE_METATYPE(breakeven::OfferFilter)
Q_DECLARE_METATYPE(breakeven::OfferColumn)

namespace {

constexpr int kOffers = 600;

} // namespace

class TestCatalogStore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();

    void pagesMatchFilterAndSort_data();
    void pagesMatchFilterAndSort();
    void reportsPriceAge();
    void upsertsByProviderInstanceRegion();
    void keepsEarlierPricesUnderTheirDate();
    void keepsThroughputProfiles();
    void filtersByFamilyAndOneRowPerInstanceType();
    void recordedChangesAreTakenBackAndWrittenAgain();
    void removedOfferUnlinksOptions();
    void listsFilterChoices();
    void findsGpusThroughAliases();
    void savesGpuModelsAndAliases();
    void recordsSheets();
    void storesSettingsAndMappings();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Document> m_document;
    std::vector<CloudOffer> m_offers;
};

void TestCatalogStore::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_document = Document::create(m_dir.filePath(QStringLiteral("catalog.breakeven")));
    // Only synthetic offers, so that the expected pages can be computed here.
    m_document->connection().database().exec("DELETE FROM cloud_offers");
    for (int i = 0; i < kOffers; ++i)
        m_offers.push_back(syntheticOffer(i));
    const OfferCounts counts = m_document->catalog().saveOffers(m_offers);
    QCOMPARE(counts.added, qint64(kOffers));
}

void TestCatalogStore::cleanupTestCase()
{
    m_document.reset();
}

void TestCatalogStore::pagesMatchFilterAndSort_data()
{
    QTest::addColumn<OfferFilter>("filter");
    QTest::addColumn<OfferColumn>("column");
    QTest::addColumn<Qt::SortOrder>("order");
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("limit");

    const auto filter = [](auto &&set) {
        OfferFilter f;
        set(f);
        return f;
    };
    const auto none = [](OfferFilter &) {};
    QTest::newRow("first screen by price")
        << filter(none) << OfferColumn::PricePerGpuHour << Qt::AscendingOrder << 0 << 50;
    QTest::newRow("first screen by price, descending")
        << filter(none) << OfferColumn::PricePerGpuHour << Qt::DescendingOrder << 0 << 50;
    QTest::newRow("second page") << filter(none) << OfferColumn::PricePerGpuHour
                                 << Qt::AscendingOrder << 50 << 50;
    QTest::newRow("last, partial page")
        << filter(none) << OfferColumn::PricePerGpuHour << Qt::AscendingOrder << 580 << 50;
    QTest::newRow("past the end") << filter(none) << OfferColumn::PricePerGpuHour
                                  << Qt::AscendingOrder << 900 << 50;
    QTest::newRow("provider") << filter([](OfferFilter &f) { f.provider = QStringLiteral("gcp"); })
                              << OfferColumn::PricePerGpuHour << Qt::AscendingOrder << 0 << 50;
    QTest::newRow("category") << filter(
        [](OfferFilter &f) { f.category = CloudCategory::Marketplace; })
                              << OfferColumn::InstanceType << Qt::DescendingOrder << 0 << 30;
    QTest::newRow("gpu") << filter([](OfferFilter &f) { f.gpu = QStringLiteral("L4"); })
                         << OfferColumn::PricePerGpuHour << Qt::AscendingOrder << 10 << 40;
    QTest::newRow("region") << filter(
        [](OfferFilter &f) { f.region = QStringLiteral("eu-west-1"); })
                            << OfferColumn::Provider << Qt::AscendingOrder << 0 << 500;
    QTest::newRow("spot plan, by spot per GPU-hour")
        << filter([](OfferFilter &f) { f.plan = PricingPlan::Spot; })
        << OfferColumn::PricePerGpuHour << Qt::AscendingOrder << 0 << 500;
    QTest::newRow("reserved plan")
        << filter([](OfferFilter &f) { f.plan = PricingPlan::Reserved1y; })
        << OfferColumn::Reserved1y << Qt::DescendingOrder << 0 << 500;
    QTest::newRow("on-demand under 3 per GPU-hour") << filter([](OfferFilter &f) {
        f.plan = PricingPlan::OnDemand;
        f.maxPricePerGpuHour = 3.0;
    }) << OfferColumn::PricePerGpuHour << Qt::AscendingOrder
                                                    << 0 << 500;
    QTest::newRow("headline under 2 per GPU-hour")
        << filter([](OfferFilter &f) { f.maxPricePerGpuHour = 2.0; })
        << OfferColumn::PricePerGpuHour << Qt::DescendingOrder << 0 << 500;
    QTest::newRow("provider, gpu and region") << filter([](OfferFilter &f) {
        f.provider = QStringLiteral("aws");
        f.gpu = QStringLiteral("T4");
        f.region = QStringLiteral("us-east-1");
    }) << OfferColumn::PricePerGpuHour << Qt::AscendingOrder
                                              << 0 << 50;
    QTest::newRow("on-demand, missing last")
        << filter(none) << OfferColumn::OnDemand << Qt::AscendingOrder << 0 << 600;
    QTest::newRow("on-demand descending, missing last")
        << filter(none) << OfferColumn::OnDemand << Qt::DescendingOrder << 0 << 600;
    QTest::newRow("as of") << filter(none) << OfferColumn::AsOf << Qt::AscendingOrder << 0 << 100;
    QTest::newRow("gpu count") << filter(none) << OfferColumn::GpuCount << Qt::DescendingOrder
                               << 100 << 100;
    QTest::newRow("gpu, cheapest first within each")
        << filter(none) << OfferColumn::Gpu << Qt::AscendingOrder << 0 << 600;
    QTest::newRow("provider descending")
        << filter(none) << OfferColumn::Provider << Qt::DescendingOrder << 0 << 600;
    QTest::newRow("sorted by region")
        << filter(none) << OfferColumn::Region << Qt::AscendingOrder << 0 << 200;
    QTest::newRow("spot per GPU-hour without a plan, missing last")
        << filter(none) << OfferColumn::SpotPerGpuHour << Qt::DescendingOrder << 0 << 600;
    QTest::newRow("reserved 1y per GPU-hour, second page")
        << filter(none) << OfferColumn::Reserved1yPerGpuHour << Qt::AscendingOrder << 50 << 50;
    QTest::newRow("on-demand per GPU-hour of one provider") << filter([](OfferFilter &f) {
        f.provider = QStringLiteral("aws");
    }) << OfferColumn::OnDemandPerGpuHour << Qt::AscendingOrder << 0 << 500;
    QTest::newRow("reserved 3y per GPU-hour, last rows")
        << filter(none) << OfferColumn::Reserved3yPerGpuHour << Qt::DescendingOrder << 580 << 50;
    QTest::newRow("no match") << filter(
        [](OfferFilter &f) { f.provider = QStringLiteral("nobody"); })
                              << OfferColumn::PricePerGpuHour << Qt::AscendingOrder << 0 << 50;
}

void TestCatalogStore::pagesMatchFilterAndSort()
{
    QFETCH(OfferFilter, filter);
    QFETCH(OfferColumn, column);
    QFETCH(Qt::SortOrder, order);
    QFETCH(int, offset);
    QFETCH(int, limit);

    int count = 0;
    const QStringList expected
        = expectedPage(m_offers, filter, column, order, offset, limit, &count);
    QCOMPARE(m_document->catalog().offerCount(filter), qint64(count));
    QStringList actual;
    for (const StoredOffer &stored :
        m_document->catalog().offers(filter, column, order, offset, limit))
        actual.append(stored.offer.instanceType);
    QCOMPARE(actual, expected);
}

void TestCatalogStore::reportsPriceAge()
{
    CloudOffer dated = syntheticOffer(1);
    dated.instanceType = QStringLiteral("dated");
    dated.asOf = QDate::currentDate().addDays(-400).toString(Qt::ISODate);
    CloudOffer undated = dated;
    undated.instanceType = QStringLiteral("undated");
    undated.asOf = QStringLiteral("last spring");
    m_document->catalog().saveOffer(dated);
    m_document->catalog().saveOffer(undated);

    OfferFilter filter;
    filter.provider = dated.provider;
    int seen = 0;
    for (const StoredOffer &stored : m_document->catalog().offers(
             filter, OfferColumn::InstanceType, Qt::AscendingOrder, 0, 1000)) {
        if (stored.offer.instanceType == QLatin1String("dated")) {
            QCOMPARE(stored.priceAgeDays, std::optional<qint64>(400));
            ++seen;
        } else if (stored.offer.instanceType == QLatin1String("undated")) {
            QCOMPARE(stored.priceAgeDays, std::nullopt);
            ++seen;
        }
    }
    QCOMPARE(seen, 2);
}

// An offer written with a price of another date keeps the one it had (schema 8); a price
// corrected under the same date does not; the offer's trend reads them all.
void TestCatalogStore::keepsEarlierPricesUnderTheirDate()
{
    CatalogRepository &catalog = m_document->catalog();
    CloudOffer offer = syntheticOffer(11);
    offer.instanceType = QStringLiteral("dated");
    offer.onDemand = 4.0;
    offer.reserved1y.reset();
    offer.asOf = QStringLiteral("2025-01-01");
    QCOMPARE(catalog.saveOffer(offer), UpsertResult::Added);
    offer.onDemand = 3.0;
    offer.asOf = QStringLiteral("2025-07-02");
    QCOMPARE(catalog.saveOffer(offer), UpsertResult::Updated);
    offer.onDemand = 2.5; // a correction of the same date
    QCOMPARE(catalog.saveOffer(offer), UpsertResult::Updated);
    offer.onDemand = 2.0;
    offer.asOf = QStringLiteral("2026-01-01");
    QCOMPARE(catalog.saveOffer(offer), UpsertResult::Updated);

    OfferFilter filter;
    filter.provider = offer.provider;
    filter.region = offer.region;
    std::vector<StoredOffer> found = catalog.offers(filter, OfferColumn::InstanceType, Qt::AscendingOrder, 0, 10000);
    std::erase_if(found, [&](const StoredOffer &s) { return s.offer.instanceType != offer.instanceType; });
    QCOMPARE(found.size(), size_t(1));
    const std::vector<PricePoint> points = catalog.priceHistory(found.front().id, PricingPlan::OnDemand);
    QCOMPARE(points.size(), size_t(3));
    QCOMPARE(points[0].date, QDate(2025, 1, 1));
    QCOMPARE(points[0].price, 4.0);
    QCOMPARE(points[1].date, QDate(2025, 7, 2));
    QCOMPARE(points[1].price, 2.5);
    QCOMPARE(points[2].date, QDate(2026, 1, 1));
    QCOMPARE(points[2].price, 2.0);
    QVERIFY(catalog.observedOfferTrend(found.front().id, PricingPlan::OnDemand));
    // No reserved price at any date: no trend for that plan.
    QVERIFY(!catalog.observedOfferTrend(found.front().id, PricingPlan::Reserved1y));
}

// A GPU's profiles are kept with it and replaced as a whole (schema 9); a new document has the
// bundled ones for every bundled GPU.
void TestCatalogStore::keepsThroughputProfiles()
{
    QTemporaryDir dir;
    const std::unique_ptr<Document> document = Document::create(dir.filePath(QStringLiteral("profiles.breakeven")));
    CatalogRepository &catalog = document->catalog();
    GpuModel gpu;
    gpu.name = QStringLiteral("PROFILED-1");
    gpu.memoryGB = 48;
    gpu.relativeThroughput = 0.9;
    gpu.profiles[std::size_t(ThroughputProfile::Training)] = {0.9, QStringLiteral("measured"), QStringLiteral("a suite"), QStringLiteral("2025-01-02")};
    gpu.profiles[std::size_t(ThroughputProfile::Peak)] = {2.5, QStringLiteral("derived"), QStringLiteral("TFLOPS"), QStringLiteral("2025-01-03")};
    catalog.saveGpuModel(gpu);
    QCOMPARE(catalog.findGpu(gpu.name), std::optional<GpuModel>(gpu));
    const std::vector<GpuModel> models = catalog.gpuModels();
    QVERIFY(std::find(models.begin(), models.end(), gpu) != models.end());
    QCOMPARE(catalog.gpuCatalog().find(gpu.name)->profiles, gpu.profiles);

    // The user's own figure for LLM training; the peak figure dropped.
    gpu.profiles[std::size_t(ThroughputProfile::LlmTraining)] = {1.4, QStringLiteral("entered"), QStringLiteral("me"), QStringLiteral("2026-11-24")};
    gpu.profiles[std::size_t(ThroughputProfile::Peak)] = {};
    catalog.saveGpuModel(gpu);
    QCOMPARE(catalog.findGpu(gpu.name), std::optional<GpuModel>(gpu));
    QCOMPARE(catalog.findGpu(gpu.name)->throughputFor(ThroughputProfile::Peak), 0.9);

    for (const GpuModel &bundled : GpuCatalog::bundled().models())
        QCOMPARE(catalog.findGpu(bundled.name)->profiles, bundled.profiles);
}

// A GPU family is any of its models; one row per instance type stands for every region offering
// it at the same prices, and says how many.
void TestCatalogStore::filtersByFamilyAndOneRowPerInstanceType()
{
    QTemporaryDir dir;
    const std::unique_ptr<Document> document = Document::create(dir.filePath(QStringLiteral("rows.breakeven")));
    CatalogRepository &catalog = document->catalog();
    const auto h100s = GpuCatalog::families(QStringList{QStringLiteral("H100-PCIE-80GB"), QStringLiteral("A10"),
                                                        QStringLiteral("H100-SXM5-80GB"), QStringLiteral("H100-NVL-94GB")});
    QCOMPARE(h100s.size(), size_t(1));
    QCOMPARE(h100s.front().first, QStringLiteral("H100"));
    OfferFilter family;
    family.gpuFamily = h100s.front().second;
    const std::vector<StoredOffer> all = catalog.offers({}, OfferColumn::Provider, Qt::AscendingOrder, 0, 100000);
    const auto expected = std::count_if(all.begin(), all.end(), [](const StoredOffer &o) { return o.offer.gpu.startsWith(QStringLiteral("H100-")); });
    QVERIFY(expected > 3);
    QCOMPARE(catalog.offerCount(family), qint64(expected));
    for (const StoredOffer &o : catalog.offers(family, OfferColumn::Provider, Qt::AscendingOrder, 0, 1000))
        QVERIFY2(o.offer.gpu.startsWith(QStringLiteral("H100-")), qPrintable(o.offer.gpu));

    // One instance type in four regions, three of them at the same prices.
    CloudOffer offer = syntheticOffer(3);
    offer.provider = QStringLiteral("alike");
    offer.instanceType = QStringLiteral("gpu_8x_test");
    offer.onDemand = 2.0;
    for (const char *region : {"us-east-1", "us-west-1", "eu-central-1"}) {
        offer.region = QLatin1String(region);
        catalog.saveOffer(offer);
    }
    offer.region = QStringLiteral("ap-south-1");
    offer.onDemand = 3.0;
    catalog.saveOffer(offer);
    OfferFilter alike;
    alike.provider = QStringLiteral("alike");
    QCOMPARE(catalog.offerCount(alike), qint64(4));
    alike.onePerInstanceType = true;
    QCOMPARE(catalog.offerCount(alike), qint64(2));
    const std::vector<StoredOffer> rows = catalog.offers(alike, OfferColumn::PricePerGpuHour, Qt::AscendingOrder, 0, 10);
    QCOMPARE(rows.size(), size_t(2));
    QCOMPARE(rows[0].offer.region, QStringLiteral("us-east-1")); // the first of its group
    QCOMPARE(rows[0].alikeRegions, 3);
    QCOMPARE(rows[1].offer.region, QStringLiteral("ap-south-1"));
    QCOMPARE(rows[1].alikeRegions, 1);
    // Combined with another filter, the groups are of the rows it matches.
    alike.region = QStringLiteral("us-west-1");
    const std::vector<StoredOffer> west = catalog.offers(alike, OfferColumn::PricePerGpuHour, Qt::AscendingOrder, 0, 10);
    QCOMPARE(west.size(), size_t(1));
    QCOMPARE(west[0].offer.region, QStringLiteral("us-west-1"));
    QCOMPARE(west[0].alikeRegions, 1);
}

// A recorded change (ChangeRecorder) taken back and written again by applyChangeset: an offer
// added, another updated with its earlier price kept (schema 8).
void TestCatalogStore::recordedChangesAreTakenBackAndWrittenAgain()
{
    QTemporaryDir dir;
    const std::unique_ptr<Document> document = Document::create(dir.filePath(QStringLiteral("undo.breakeven")));
    CatalogRepository &catalog = document->catalog();
    const qint64 before = catalog.offerCount();
    QByteArray changes;
    {
        ChangeRecorder recorder(document->connection());
        CloudOffer offer = syntheticOffer(5);
        offer.instanceType = QStringLiteral("recorded");
        catalog.saveOffer(offer);
        StoredOffer first = catalog.offers({}, OfferColumn::Provider, Qt::AscendingOrder, 0, 1).front();
        first.offer.onDemand = 0.01;
        first.offer.asOf = QStringLiteral("2031-01-01");
        QCOMPARE(catalog.saveOffer(first.offer), UpsertResult::Updated);
        changes = recorder.changeset();
    }
    const auto priced = [&] {
        const StoredOffer first = catalog.offers({}, OfferColumn::Provider, Qt::AscendingOrder, 0, 1).front();
        return std::make_pair(*first.offer.onDemand, catalog.priceHistory(first.id, PricingPlan::OnDemand).size());
    };
    QCOMPARE(catalog.offerCount(), before + 1);
    QCOMPARE(priced(), std::make_pair(0.01, size_t(2)));
    catalog.applyChangeset(changes, true);
    QCOMPARE(catalog.offerCount(), before);
    QVERIFY(priced().first != 0.01);
    QCOMPARE(priced().second, size_t(0));
    catalog.applyChangeset(changes, false);
    QCOMPARE(catalog.offerCount(), before + 1);
    QCOMPARE(priced(), std::make_pair(0.01, size_t(2)));
    // Nothing recorded, nothing to do.
    catalog.applyChangeset({}, true);
    QCOMPARE(catalog.offerCount(), before + 1);
}

void TestCatalogStore::upsertsByProviderInstanceRegion()
{
    CatalogRepository &catalog = m_document->catalog();
    CloudOffer offer = syntheticOffer(7);
    offer.instanceType = QStringLiteral("upsert-me");
    const qint64 sheet = catalog.recordSheet(SheetRecord { 0, QStringLiteral("prices.csv"),
        QString(64, u'a'), QStringLiteral("native"), 0, 0, 0, 0, {}, {}, {} });
    QCOMPARE(catalog.saveOffer(offer, sheet), UpsertResult::Added);
    QCOMPARE(catalog.saveOffer(offer, sheet), UpsertResult::Unchanged);

    OfferFilter filter;
    filter.provider = offer.provider;
    filter.region = offer.region;
    const auto find = [&]() -> std::optional<StoredOffer> {
        for (const StoredOffer &s :
            catalog.offers(filter, OfferColumn::InstanceType, Qt::AscendingOrder, 0, 10000))
            if (s.offer.instanceType == offer.instanceType)
                return s;
        return std::nullopt;
    };
    const std::optional<StoredOffer> first = find();
    QVERIFY(first);
    QCOMPARE(first->sheetId, std::optional<qint64>(sheet));

    offer.onDemand = 99.5;
    offer.spot.reset();
    QCOMPARE(catalog.saveOffer(offer), UpsertResult::Updated);
    const std::optional<StoredOffer> updated = catalog.offer(first->id);
    QVERIFY(updated);
    QCOMPARE(updated->offer.onDemand, std::optional<double>(99.5));
    QCOMPARE(updated->offer.spot, std::nullopt);

    // A second import of the same rows changes nothing.
    const qint64 before = catalog.offerCount();
    const OfferCounts again = catalog.saveOffers(m_offers);
    QCOMPARE(again.added, qint64(0));
    QCOMPARE(again.updated, qint64(0));
    QCOMPARE(again.unchanged, qint64(kOffers));
    QCOMPARE(catalog.offerCount(), before);
}

void TestCatalogStore::removedOfferUnlinksOptions()
{
    CloudOffer offer = syntheticOffer(11);
    offer.instanceType = QStringLiteral("goes-away");
    m_document->catalog().saveOffer(offer);
    OfferFilter filter;
    filter.provider = offer.provider;
    filter.region = offer.region;
    filter.gpu = offer.gpu;
    qint64 offerId = 0;
    for (const StoredOffer &s : m_document->catalog().offers(
             filter, OfferColumn::InstanceType, Qt::AscendingOrder, 0, 10000))
        if (s.offer.instanceType == offer.instanceType)
            offerId = s.id;
    QVERIFY(offerId > 0);

    Scenario scenario;
    scenario.name = QStringLiteral("linked");
    const qint64 id = m_document->scenarios().save(scenario);
    CloudOption option;
    option.name = QStringLiteral("from the catalog");
    m_document->scenarios().addCloudOption(id, option, offerId);
    QCOMPARE(m_document->scenarios().loadStored(id).ids.cloudOptionOffers.at(0),
        std::optional<qint64>(offerId));

    m_document->catalog().removeOffer(offerId);
    QCOMPARE(m_document->catalog().offer(offerId), std::nullopt);
    const StoredScenario stored = m_document->scenarios().loadStored(id);
    QCOMPARE(stored.scenario.cloudOptions.size(), std::size_t(1)); // the copy stays
    QCOMPARE(stored.ids.cloudOptionOffers.at(0), std::nullopt);
}

void TestCatalogStore::listsFilterChoices()
{
    QCOMPARE(m_document->catalog().providers(),
        (QStringList { "aws", "azure", "gcp", "lambda", "runpod", "vast" }));
    QCOMPARE(
        m_document->catalog().regions(), (QStringList { "ap-south-1", "eu-west-1", "us-east-1" }));
}

void TestCatalogStore::findsGpusThroughAliases()
{
    QFile aliases(QStringLiteral(":/pricing-db/gpu-aliases.csv"));
    QVERIFY(aliases.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = aliases.readAll().split('\n');
    int checked = 0;
    for (qsizetype i = 1; i < lines.size(); ++i) {
        const QString alias = QString::fromUtf8(lines[i].split(',').value(0)).trimmed();
        if (alias.isEmpty())
            continue;
        const std::optional<QString> expected = GpuCatalog::bundled().resolve(alias);
        const std::optional<GpuModel> found = m_document->catalog().findGpu(alias);
        QVERIFY2(found.has_value() == expected.has_value(), qPrintable(alias));
        if (found) {
            QCOMPARE(found->name, *expected);
            ++checked;
        }
    }
    QVERIFY(checked > 0);
    const GpuModel &first = GpuCatalog::bundled().models().front();
    QCOMPARE(m_document->catalog().findGpu(first.name.toLower())->name, first.name);
    QCOMPARE(m_document->catalog().findGpu(QStringLiteral("no such GPU")), std::nullopt);
    QCOMPARE(
        m_document->catalog().gpuCatalog().models().size(), GpuCatalog::bundled().models().size());
}

void TestCatalogStore::savesGpuModelsAndAliases()
{
    CatalogRepository &catalog = m_document->catalog();
    GpuModel model;
    model.name = QStringLiteral("Test GPU 9000");
    model.memoryGB = 96;
    catalog.saveGpuModel(model);
    catalog.addGpuAlias(QStringLiteral("TG9K"), model.name);
    QCOMPARE(catalog.findGpu(QStringLiteral("tg-9k"))->memoryGB, 96.0);
    model.memoryGB = 128;
    catalog.saveGpuModel(model); // replaces, by normalized name
    QCOMPARE(catalog.findGpu(QStringLiteral("test_gpu_9000"))->memoryGB, 128.0);
    QCOMPARE(
        catalog.gpuCatalog().resolve(QStringLiteral("TG9K")), std::optional<QString>(model.name));
    QVERIFY_THROWS_EXCEPTION(
        InputError, catalog.addGpuAlias(QStringLiteral("X1"), QStringLiteral("unknown")));
    QVERIFY_THROWS_EXCEPTION(InputError, catalog.saveGpuModel(GpuModel {}));
}

void TestCatalogStore::recordsSheets()
{
    CatalogRepository &catalog = m_document->catalog();
    SheetRecord sheet;
    sheet.fileName = QStringLiteral("vms.csv");
    sheet.sha256 = QStringLiteral("0123456789abcdef").repeated(4);
    sheet.preset = QStringLiteral("skypilot");
    sheet.asOf = QStringLiteral("2025-06-01");
    sheet.importedAt = QDateTime::currentDateTimeUtc().addDays(1);
    sheet.id = catalog.recordSheet(sheet);
    sheet.rowsAdded = 10;
    sheet.rowsUpdated = 2;
    sheet.rowsUnchanged = 3;
    sheet.rowsSkipped = 4;
    catalog.updateSheetCounts(sheet.id, sheet);

    const std::vector<SheetRecord> sheets = catalog.sheets();
    QVERIFY(sheets.size() >= 2);
    const SheetRecord &newest = sheets.front();
    QCOMPARE(newest.id, sheet.id);
    QCOMPARE(newest.fileName, sheet.fileName);
    QCOMPARE(newest.sha256, sheet.sha256);
    QCOMPARE(newest.preset, sheet.preset);
    QCOMPARE(newest.asOf, sheet.asOf);
    QCOMPARE(newest.rowsAdded, qint64(10));
    QCOMPARE(newest.rowsUpdated, qint64(2));
    QCOMPARE(newest.rowsUnchanged, qint64(3));
    QCOMPARE(newest.rowsSkipped, qint64(4));
    QCOMPARE(newest.importedAt.toMSecsSinceEpoch(), sheet.importedAt.toMSecsSinceEpoch());
    QCOMPARE(sheets.back().fileName, QString::fromLatin1(kBundledSheetName));
    QVERIFY_THROWS_EXCEPTION(InputError, catalog.updateSheetCounts(123456, sheet));
}

void TestCatalogStore::storesSettingsAndMappings()
{
    SettingsRepository &settings = m_document->settings();
    QCOMPARE(settings.value(QStringLiteral("horizon")), std::nullopt);
    QCOMPARE(settings.value(QStringLiteral("horizon"), QStringLiteral("36")), QStringLiteral("36"));
    settings.setValue(QStringLiteral("horizon"), QStringLiteral("48"));
    settings.setValue(QStringLiteral("horizon"), QStringLiteral("60"));
    QCOMPARE(
        settings.value(QStringLiteral("horizon")), std::optional<QString>(QStringLiteral("60")));
    settings.remove(QStringLiteral("horizon"));
    QCOMPARE(settings.value(QStringLiteral("horizon")), std::nullopt);

    const QByteArray json = R"({"columns": {"Price": "on_demand"}, "delimiter": ";"})";
    settings.saveMapping(QStringLiteral("my provider"), json);
    settings.saveMapping(QStringLiteral("Another"), "[]");
    QCOMPARE(settings.mappingNames(), (QStringList { "Another", "my provider" }));
    QCOMPARE(settings.mapping(QStringLiteral("my provider")), std::optional<QByteArray>(json));
    QVERIFY_THROWS_EXCEPTION(
        InputError, settings.saveMapping(QStringLiteral("broken"), "{not json"));
    settings.removeMapping(QStringLiteral("Another"));
    QCOMPARE(settings.mappingNames(), QStringList { QStringLiteral("my provider") });
}

QTEST_GUILESS_MAIN(TestCatalogStore)
#include "test_catalogstore.moc"
