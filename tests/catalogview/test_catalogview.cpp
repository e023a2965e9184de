// The catalog dock offscreen: every filter narrows the offers as the rule says, a header click
// reorders through SQL, the offer table reads only the pages it shows, old prices are marked,
// and "Add to scenario" asks for exactly the offers and GPUs selected.
#include "catalog/catalogformat.h"
#include "catalog/catalogwidget.h"
#include "catalog/cloudoptionfromoffer.h"
#include "catalog/gputablemodel.h"
#include "catalog/offerfilterbar.h"
#include "catalog/offertablemodel.h"
#include "store/document.h"

#include <QAction>
#include <QStandardPaths>
#include <QSettings>
#include <QComboBox>
#include <QDate>
#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include "widgets/plural.h"

#include <QTranslator>
#include <QtTest>

#include <limits>

#include <functional>

using namespace breakeven;

namespace {

constexpr int kOffers = 1000;
const char *const kProviders[] = {"aws", "gcp", "lambda", "vast"};
const CloudCategory kCategories[] = {CloudCategory::Hyperscaler, CloudCategory::Hyperscaler,
                                     CloudCategory::MlCloud, CloudCategory::Marketplace};
const char *const kGpus[] = {"A100-SXM4-80GB", "H100-SXM5-80GB", "L4", "T4"};
const char *const kRegions[] = {"us-east-1", "eu-west-1", "ap-south-1"};

// Offer i: spot on every second, reserved on every fifth and seventh, stale as-of dates on
// every eleventh, so that every filter and mark has rows on both sides.
CloudOffer testOffer(int i)
{
    CloudOffer o;
    o.provider = QString::fromLatin1(kProviders[i % 4]);
    o.category = kCategories[i % 4];
    o.instanceType = QStringLiteral("inst-%1").arg(i, 5, 10, QLatin1Char('0'));
    o.gpu = QString::fromLatin1(kGpus[(i / 4) % 4]);
    o.gpuCount = 1 << (i % 3);
    o.vcpus = 4.0 * o.gpuCount;
    o.memoryGiB = 16.0 * o.gpuCount;
    o.region = QString::fromLatin1(kRegions[(i / 16) % 3]);
    const double perGpu = 0.25 + double((i * 37) % 400) / 100.0;
    o.onDemand = perGpu * o.gpuCount;
    if (i % 2 == 0)
        o.spot = perGpu * o.gpuCount * 0.4;
    if (i % 5 == 0)
        o.reserved1y = perGpu * o.gpuCount * 0.7;
    if (i % 7 == 0)
        o.reserved3y = perGpu * o.gpuCount * 0.5;
    o.source = QStringLiteral("test");
    const int daysAgo = i % 11 == 0 ? 400 + i % 300 : 5 + i % 200;
    o.asOf = QDate::currentDate().addDays(-daysAgo).toString(Qt::ISODate);
    return o;
}

std::optional<double> perGpuHour(const CloudOffer &o, const std::optional<PricingPlan> &plan)
{
    std::optional<double> price;
    if (plan)
        price = o.price(*plan);
    for (PricingPlan p : {PricingPlan::OnDemand, PricingPlan::Spot, PricingPlan::Reserved1y, PricingPlan::Reserved3y})
        if (!plan && !price)
            price = o.price(p);
    return price ? std::optional<double>(*price / o.gpuCount) : std::nullopt;
}

using Setter = std::function<void(OfferFilterBar *)>;
using Predicate = std::function<bool(const CloudOffer &)>;

void choose(QComboBox *box, const QVariant &data)
{
    const int at = box->findData(data);
    QVERIFY2(at >= 0, qPrintable(data.toString()));
    box->setCurrentIndex(at);
}

} // namespace

Q_DECLARE_METATYPE(Setter)
Q_DECLARE_METATYPE(Predicate)

class TestCatalogView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanupTestCase();

    void filtersThroughTheBar_data();
    void filtersThroughTheBar();
    void sortsInSql_data();
    void sortsInSql();
    void perPlanColumnSortsWithOrWithoutThatPlan();
    void readsOnlyThePagesShown();
    void marksOldPrices();
    void countsGoThroughTheTranslator();
    void showsGpuModels();
    void showsTheKeyColumnsFirst();
    void requestsSelectedOffers();
    void leavesOutOffersWithoutThePlan();
    void requestsSelectedGpus();
    void makesCloudOptions();
    void refreshesAfterAnImport();
    void screenshot();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<Document> m_document;
    std::unique_ptr<CatalogWidget> m_widget;
};

void TestCatalogView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear(); // the columns shown at first, not those an earlier run chose
    QVERIFY(m_dir.isValid());
    m_document = Document::create(m_dir.filePath(QStringLiteral("catalog.breakeven")));
    // Only the offers made here, so that every expectation can be computed in the test.
    m_document->connection().database().exec("DELETE FROM cloud_offers");
    std::vector<CloudOffer> offers;
    for (int i = 0; i < kOffers; ++i)
        offers.push_back(testOffer(i));
    QCOMPARE(m_document->catalog().saveOffers(offers).added, qint64(kOffers));
    m_widget = std::make_unique<CatalogWidget>();
    m_widget->resize(1100, 600);
    m_widget->setDocument(m_document.get());
    m_widget->setCurrentTab(CatalogWidget::OfferTab);
    m_widget->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_widget.get()));
}

void TestCatalogView::init()
{
    m_widget->setOfferFilter({});
    m_widget->offerView()->sortByColumn(OfferTableModel::PricePerGpuHour, Qt::AscendingOrder);
    m_widget->offerView()->clearSelection();
}

void TestCatalogView::cleanupTestCase()
{
    m_widget.reset();
    m_document.reset();
}

void TestCatalogView::filtersThroughTheBar_data()
{
    QTest::addColumn<Setter>("set");
    QTest::addColumn<Predicate>("expected");
    QTest::newRow("provider") << Setter([](OfferFilterBar *bar) { choose(bar->providerBox(), QStringLiteral("lambda")); })
                              << Predicate([](const CloudOffer &o) { return o.provider == QLatin1String("lambda"); });
    QTest::newRow("category") << Setter([](OfferFilterBar *bar) { choose(bar->categoryBox(), int(CloudCategory::Hyperscaler)); })
                              << Predicate([](const CloudOffer &o) { return o.category == CloudCategory::Hyperscaler; });
    QTest::newRow("gpu") << Setter([](OfferFilterBar *bar) { choose(bar->gpuBox(), QStringLiteral("L4")); })
                         << Predicate([](const CloudOffer &o) { return o.gpu == QLatin1String("L4"); });
    QTest::newRow("gpu family") << Setter([](OfferFilterBar *bar) {
        const int family = bar->gpuBox()->findText(QStringLiteral("Any H100 ("), Qt::MatchStartsWith);
        QVERIFY(family > 0);
        QCOMPARE(bar->gpuBox()->itemData(family).toStringList().size(), 3);
        bar->gpuBox()->setCurrentIndex(family);
    }) << Predicate([](const CloudOffer &o) { return o.gpu.startsWith(QLatin1String("H100-")); });
    QTest::newRow("region") << Setter([](OfferFilterBar *bar) { choose(bar->regionBox(), QStringLiteral("eu-west-1")); })
                            << Predicate([](const CloudOffer &o) { return o.region == QLatin1String("eu-west-1"); });
    QTest::newRow("plan") << Setter([](OfferFilterBar *bar) { choose(bar->planBox(), int(PricingPlan::Reserved3y)); })
                          << Predicate([](const CloudOffer &o) { return o.reserved3y.has_value(); });
    QTest::newRow("max price") << Setter([](OfferFilterBar *bar) { bar->maxPriceBox()->setValue(1.5); })
                               << Predicate([](const CloudOffer &o) { return *perGpuHour(o, {}) <= 1.5; });
    QTest::newRow("plan and max price")
        << Setter([](OfferFilterBar *bar) {
               choose(bar->planBox(), int(PricingPlan::Spot));
               bar->maxPriceBox()->setValue(0.5);
           })
        << Predicate([](const CloudOffer &o) { return o.spot && *perGpuHour(o, PricingPlan::Spot) <= 0.5; });
    QTest::newRow("provider and gpu")
        << Setter([](OfferFilterBar *bar) {
               choose(bar->providerBox(), QStringLiteral("aws"));
               choose(bar->gpuBox(), QStringLiteral("T4"));
           })
        << Predicate([](const CloudOffer &o) { return o.provider == QLatin1String("aws") && o.gpu == QLatin1String("T4"); });
}

void TestCatalogView::filtersThroughTheBar()
{
    QFETCH(Setter, set);
    QFETCH(Predicate, expected);
    QStringList wanted;
    for (int i = 0; i < kOffers; ++i)
        if (expected(testOffer(i)))
            wanted.append(testOffer(i).instanceType);
    QVERIFY(!wanted.isEmpty());
    QVERIFY(wanted.size() < kOffers);

    set(m_widget->filterBar());
    OfferTableModel *model = m_widget->offerModel();
    QCOMPARE(model->rowCount(), wanted.size());
    QStringList shown;
    for (int row = 0; row < model->rowCount(); ++row)
        shown.append(model->index(row, OfferTableModel::InstanceType).data().toString());
    shown.sort();
    QCOMPARE(shown, wanted);
}

void TestCatalogView::sortsInSql_data()
{
    QTest::addColumn<int>("column");
    QTest::addColumn<Qt::SortOrder>("order");
    QTest::addColumn<OfferColumn>("repositoryColumn");
    QTest::addColumn<Qt::SortOrder>("repositoryOrder");
    QTest::newRow("provider desc") << int(OfferTableModel::Provider) << Qt::DescendingOrder << OfferColumn::Provider << Qt::DescendingOrder;
    QTest::newRow("instance desc") << int(OfferTableModel::InstanceType) << Qt::DescendingOrder << OfferColumn::InstanceType << Qt::DescendingOrder;
    QTest::newRow("gpus desc") << int(OfferTableModel::GpuCount) << Qt::DescendingOrder << OfferColumn::GpuCount << Qt::DescendingOrder;
    QTest::newRow("on-demand desc") << int(OfferTableModel::OnDemand) << Qt::DescendingOrder << OfferColumn::OnDemand << Qt::DescendingOrder;
    QTest::newRow("spot desc") << int(OfferTableModel::Spot) << Qt::DescendingOrder << OfferColumn::Spot << Qt::DescendingOrder;
    QTest::newRow("per GPU-hour desc") << int(OfferTableModel::PricePerGpuHour) << Qt::DescendingOrder << OfferColumn::PricePerGpuHour << Qt::DescendingOrder;
    // Youngest prices first is the newest as-of date first.
    QTest::newRow("age asc") << int(OfferTableModel::PriceAge) << Qt::AscendingOrder << OfferColumn::AsOf << Qt::DescendingOrder;
    QTest::newRow("age desc") << int(OfferTableModel::PriceAge) << Qt::DescendingOrder << OfferColumn::AsOf << Qt::AscendingOrder;
}

void TestCatalogView::sortsInSql()
{
    QFETCH(int, column);
    QFETCH(Qt::SortOrder, order);
    QFETCH(OfferColumn, repositoryColumn);
    QFETCH(Qt::SortOrder, repositoryOrder);
    OfferTableModel *model = m_widget->offerModel();
    const QString firstBefore = model->index(0, OfferTableModel::InstanceType).data().toString();

    // Through the header, as a click does.
    m_widget->offerView()->horizontalHeader()->setSortIndicator(column, order);
    QCOMPARE(model->sortColumn(), column);
    QCOMPARE(model->sortOrder(), order);
    const std::vector<StoredOffer> expected = m_document->catalog().offers({}, repositoryColumn, repositoryOrder, 0, 3);
    QCOMPARE(expected.size(), std::size_t(3));
    for (int row = 0; row < 3; ++row)
        QCOMPARE(model->index(row, OfferTableModel::InstanceType).data().toString(), expected[std::size_t(row)].offer.instanceType);
    QVERIFY(model->index(0, OfferTableModel::InstanceType).data().toString() != firstBefore);
    // The last row too, so the whole order is SQL's and not only the first page's.
    const std::vector<StoredOffer> last = m_document->catalog().offers({}, repositoryColumn, repositoryOrder, kOffers - 1, 1);
    QCOMPARE(model->index(kOffers - 1, OfferTableModel::InstanceType).data().toString(), last.front().offer.instanceType);
}

void TestCatalogView::perPlanColumnSortsWithOrWithoutThatPlan()
{
    OfferTableModel *model = m_widget->offerModel();
    QHeaderView *header = m_widget->offerView()->horizontalHeader();
    const int rows = int(m_document->catalog().offerCount());
    // Without a plan chosen: every offer, those with a spot price first, the dearest first.
    QVERIFY(model->isSortable(OfferTableModel::SpotPerGpuHour));
    header->setSortIndicator(OfferTableModel::SpotPerGpuHour, Qt::DescendingOrder);
    QCOMPARE(model->sortColumn(), int(OfferTableModel::SpotPerGpuHour));
    QCOMPARE(header->sortIndicatorSection(), int(OfferTableModel::SpotPerGpuHour));
    const auto dearest = m_document->catalog().offers({}, OfferColumn::SpotPerGpuHour, Qt::DescendingOrder, 0, 1);
    QCOMPARE(model->index(0, OfferTableModel::InstanceType).data().toString(), dearest.front().offer.instanceType);
    QVERIFY(dearest.front().offer.spot.has_value());
    while (model->canFetchMore({}))
        model->fetchMore({});
    QCOMPARE(model->rowCount(), rows);
    QVERIFY(!model->offerAt(rows - 1)->offer.spot.has_value());
    double previous = std::numeric_limits<double>::infinity();
    bool pricesEnded = false;
    for (int row = 0; row < rows; ++row) {
        const CloudOffer offer = model->offerAt(row)->offer;
        QVERIFY2(!(pricesEnded && offer.spot), qPrintable(QStringLiteral("row %1 has a spot price after rows without").arg(row)));
        if (!offer.spot) {
            pricesEnded = true;
            continue;
        }
        const double value = *offer.spot / offer.gpuCount;
        QVERIFY2(value <= previous, qPrintable(QStringLiteral("row %1: %2 after %3").arg(row).arg(value).arg(previous)));
        previous = value;
    }

    // With the spot plan chosen: the same column, only offers with a spot price.
    choose(m_widget->filterBar()->planBox(), int(PricingPlan::Spot));
    QCOMPARE(model->sortColumn(), int(OfferTableModel::SpotPerGpuHour));
    OfferFilter spot;
    spot.plan = PricingPlan::Spot;
    const auto expected = m_document->catalog().offers(spot, OfferColumn::PricePerGpuHour, Qt::DescendingOrder, 0, 1);
    QCOMPARE(model->index(0, OfferTableModel::InstanceType).data().toString(), expected.front().offer.instanceType);
}

void TestCatalogView::readsOnlyThePagesShown()
{
    // A new widget given the document: sizing its columns must not walk the catalog.
    {
        CatalogWidget fresh;
        fresh.resize(900, 500);
        fresh.setCurrentTab(CatalogWidget::OfferTab);
        fresh.setDocument(m_document.get());
        (void)fresh.grab();
        QVERIFY2(fresh.offerModel()->pageQueries() <= 2, qPrintable(QString::number(fresh.offerModel()->pageQueries())));
        fresh.offerView()->scrollToBottom();
        (void)fresh.grab();
        QVERIFY(fresh.offerModel()->pageQueries() <= 4);
    }
    OfferTableModel *model = m_widget->offerModel();
    model->reload();
    const int before = model->pageQueries();
    (void)m_widget->grab();
    QCOMPARE(model->rowCount(), kOffers);
    // One screen of rows is one page; a second read at most for a page boundary.
    QVERIFY2(model->pageQueries() - before <= 2, qPrintable(QString::number(model->pageQueries() - before)));
    QVERIFY(model->cachedPageCount() <= 2);

    QTableView *view = m_widget->offerView();
    view->scrollToBottom();
    (void)m_widget->grab();
    QVERIFY(model->pageQueries() - before <= 4);
    QCOMPARE(model->index(kOffers - 1, OfferTableModel::InstanceType).data().isValid(), true);
    // Walking every page keeps the cache bounded.
    for (int row = 0; row < kOffers; row += OfferTableModel::PageSize)
        (void)model->index(row, 0).data();
    QVERIFY(model->cachedPageCount() <= OfferTableModel::MaxCachedPages);
}

void TestCatalogView::marksOldPrices()
{
    OfferTableModel *model = m_widget->offerModel();
    int stale = 0;
    int fresh = 0;
    for (int row = 0; row < model->rowCount(); ++row) {
        const std::optional<StoredOffer> stored = model->offerAt(row);
        QVERIFY(stored && stored->priceAgeDays);
        const QModelIndex age = model->index(row, OfferTableModel::PriceAge);
        const bool old = *stored->priceAgeDays > 365;
        QCOMPARE(age.data(OfferTableModel::StaleRole).toBool(), old);
        QCOMPARE(age.data(Qt::ToolTipRole).toString().contains(QLatin1String("prices older than a year")), old);
        QCOMPARE(age.data(Qt::DecorationRole).isValid(), old);
        QCOMPARE(age.data(Qt::ForegroundRole).isValid(), old);
        old ? ++stale : ++fresh;
    }
    QCOMPARE(stale, (kOffers + 10) / 11);
    QVERIFY(fresh > 0);
    // Young ages read in days, older ones in months.
    const QString young = formatAge(12);
    QVERIFY2(young.contains(QLatin1String("12")) && young.contains(QLatin1String("day")), qPrintable(young));
    QVERIFY(formatAge(400).contains(QLatin1String("months")));
}

namespace {

// A translation of one plural text, as a .qm file would give it.
class GermanDays : public QTranslator {
public:
    QString translate(const char *, const char *source, const char *, int n) const override
    {
        if (QByteArrayView(source) != "%n day(s)")
            return {};
        return n == 1 ? QStringLiteral("%n Tag") : QStringLiteral("%n Tage");
    }
    bool isEmpty() const override { return false; }
};

} // namespace

// Counts go through tr() with the count: English forms without a translation, a translation's
// own forms with one.
void TestCatalogView::countsGoThroughTheTranslator()
{
    QCOMPARE(countText("catalogformat", "%n day(s)", 1), QStringLiteral("1 day"));
    QCOMPARE(countText("catalogformat", "%n day(s)", 3), QStringLiteral("3 days"));
    QCOMPARE(countText("catalogformat", "%n day(s)", 0), QStringLiteral("0 days"));
    GermanDays german;
    QCoreApplication::installTranslator(&german);
    QCOMPARE(countText("catalogformat", "%n day(s)", 1), QStringLiteral("1 Tag"));
    QCOMPARE(countText("catalogformat", "%n day(s)", 3), QStringLiteral("3 Tage"));
    QCoreApplication::removeTranslator(&german);
    QCOMPARE(countText("catalogformat", "%n day(s)", 3), QStringLiteral("3 days"));
}

void TestCatalogView::showsGpuModels()
{
    GpuTableModel *model = m_widget->gpuModel();
    const std::vector<GpuModel> gpus = m_document->catalog().gpuModels();
    QCOMPARE(model->rowCount(), int(gpus.size()));
    QVERIFY(model->rowCount() >= 30);
    bool foundK80 = false;
    for (int row = 0; row < model->rowCount(); ++row) {
        if (model->index(row, GpuTableModel::Name).data().toString() != QLatin1String("K80"))
            continue;
        foundK80 = true;
        QCOMPARE(model->index(row, GpuTableModel::GpusPerBoard).data().toInt(), 2);
        QCOMPARE(model->index(row, GpuTableModel::MemoryGB).data(GpuTableModel::SortRole).toDouble(), model->gpu(row).memoryGB);
    }
    QVERIFY(foundK80);
    // The proxy sorts by the raw number, not the text: memory descending starts with the largest.
    QTableView *view = m_widget->gpuView();
    view->sortByColumn(GpuTableModel::MemoryGB, Qt::DescendingOrder);
    double largest = 0;
    for (const GpuModel &gpu : gpus)
        largest = std::max(largest, gpu.memoryGB);
    QCOMPARE(view->model()->index(0, GpuTableModel::MemoryGB).data(GpuTableModel::SortRole).toDouble(), largest);
    view->sortByColumn(GpuTableModel::Name, Qt::AscendingOrder);
}

void TestCatalogView::requestsSelectedOffers()
{
    QSignalSpy spy(m_widget.get(), &CatalogWidget::addOffersRequested);
    QTableView *view = m_widget->offerView();
    OfferTableModel *model = m_widget->offerModel();
    view->selectionModel()->select(model->index(3, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    view->selectionModel()->select(model->index(1, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    m_widget->addSelectedOffers(PricingPlan::OnDemand);
    QCOMPARE(spy.count(), 1);
    const auto offers = spy.at(0).at(0).value<QList<StoredOffer>>();
    QCOMPARE(int(spy.at(0).at(1).value<PricingPlan>()), int(PricingPlan::OnDemand));
    QCOMPARE(offers.size(), 2);
    QCOMPARE(offers[0].id, model->index(1, 0).data(OfferTableModel::OfferIdRole).toLongLong());
    QCOMPARE(offers[1].id, model->index(3, 0).data(OfferTableModel::OfferIdRole).toLongLong());
    QCOMPARE(offers[0].offer.instanceType, model->index(1, OfferTableModel::InstanceType).data().toString());

    // A double-click adds with the filter's plan.
    choose(m_widget->filterBar()->planBox(), int(PricingPlan::Reserved1y));
    view->selectionModel()->select(model->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    emit view->doubleClicked(model->index(0, 0));
    QCOMPARE(spy.count(), 2);
    QCOMPARE(int(spy.at(1).at(1).value<PricingPlan>()), int(PricingPlan::Reserved1y));
    QCOMPARE(spy.at(1).at(0).value<QList<StoredOffer>>().size(), 1);
}

// At first the key columns only (provider, GPU, GPUs, plan, price per GPU-hour, region), the
// price and its plan before the long region names; a filter that matches nothing keeps the
// columns' widths.
void TestCatalogView::showsTheKeyColumnsFirst()
{
    QHeaderView *header = m_widget->offerView()->horizontalHeader();
    using C = OfferTableModel;
    for (int column = 0; column < C::ColumnCount; ++column) {
        const bool key = column == C::Provider || column == C::Gpu || column == C::GpuCount || column == C::Region
            || column == C::PricePerGpuHour || column == C::Plan;
        QCOMPARE(header->isSectionHidden(column), !key);
    }
    QVERIFY(header->visualIndex(C::PricePerGpuHour) < header->visualIndex(C::Region));
    QVERIFY(header->visualIndex(C::Plan) < header->visualIndex(C::PricePerGpuHour));
    // The plan the price is for: without a plan chosen, on-demand where the offer has it.
    const std::optional<StoredOffer> first = m_widget->offerModel()->offerAt(0);
    QVERIFY(first);
    if (first->offer.onDemand)
        QCOMPARE(m_widget->offerModel()->index(0, C::Plan).data().toString(), QStringLiteral("On demand"));
    const int gpuWidth = header->sectionSize(C::Gpu); // its names are wider than its title
    QVERIFY(gpuWidth > header->fontMetrics().horizontalAdvance(QStringLiteral("GPU")) * 2);
    m_widget->filterBar()->maxPriceBox()->setValue(0.1); // nothing is that cheap (0.25 at least)
    QTRY_COMPARE(m_widget->offerModel()->rowCount(), 0);
    m_widget->refresh();
    QCOMPARE(header->sectionSize(C::Gpu), gpuWidth);
    m_widget->filterBar()->maxPriceBox()->setValue(0);
    QTRY_VERIFY(m_widget->offerModel()->rowCount() > 0);
}

void TestCatalogView::leavesOutOffersWithoutThePlan()
{
    QSignalSpy spy(m_widget.get(), &CatalogWidget::addOffersRequested);
    // Instance order puts inst-00000 (spot) before inst-00001 (no spot).
    m_widget->offerView()->sortByColumn(OfferTableModel::InstanceType, Qt::AscendingOrder);
    OfferTableModel *model = m_widget->offerModel();
    auto *selection = m_widget->offerView()->selectionModel();
    selection->select(QItemSelection(model->index(0, 0), model->index(3, 0)),
                      QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_widget->addSelectedOffers(PricingPlan::Spot);
    QCOMPARE(spy.count(), 1);
    const auto offers = spy.at(0).at(0).value<QList<StoredOffer>>();
    QCOMPARE(offers.size(), 2);
    QCOMPARE(offers[0].offer.instanceType, QStringLiteral("inst-00000"));
    QCOMPARE(offers[1].offer.instanceType, QStringLiteral("inst-00002"));

    // Nothing priced for the plan: no request at all.
    selection->select(model->index(1, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_widget->addSelectedOffers(PricingPlan::Reserved1y);
    QCOMPARE(spy.count(), 1);
    // ... and the menu does not offer that plan for this selection.
    const auto planAction = [this](PricingPlan plan) {
        for (QAction *action : m_widget->findChildren<QAction *>())
            if (action->text() == QStringLiteral("Add as %1").arg(toString(plan)))
                return action;
        return static_cast<QAction *>(nullptr);
    };
    QVERIFY(planAction(PricingPlan::Reserved1y) && planAction(PricingPlan::OnDemand));
    QVERIFY(!planAction(PricingPlan::Reserved1y)->isEnabled());
    QVERIFY(planAction(PricingPlan::OnDemand)->isEnabled());
}

void TestCatalogView::requestsSelectedGpus()
{
    QSignalSpy spy(m_widget.get(), &CatalogWidget::addGpuRequested);
    QTableView *view = m_widget->gpuView();
    const QModelIndex first = view->model()->index(0, 0);
    view->selectionModel()->select(first, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_widget->addSelectedGpus();
    QCOMPARE(spy.count(), 1);
    const auto gpu = spy.at(0).at(0).value<GpuModel>();
    QCOMPARE(gpu.name, first.data().toString());
    QVERIFY(gpu.memoryGB > 0);
}

void TestCatalogView::makesCloudOptions()
{
    CloudOffer offer = testOffer(10);
    offer.provider = QStringLiteral("aws");
    offer.category = CloudCategory::Hyperscaler;
    offer.instanceType = QStringLiteral("p5.48xlarge");
    const CloudOption option = cloudOptionFromOffer(offer, PricingPlan::Spot);
    // Named as people say it: the provider, a hyperscaler's instance type, the plan in words.
    QCOMPARE(option.name, QStringLiteral("AWS p5.48xlarge, spot"));
    QCOMPARE(option.provider, offer.provider);
    QCOMPARE(int(option.category), int(offer.category));
    QCOMPARE(option.instanceType, offer.instanceType);
    QCOMPARE(option.gpu, offer.gpu);
    QCOMPARE(option.region, offer.region);
    QCOMPARE(option.gpusPerInstance, offer.gpuCount);
    QCOMPARE(int(option.pricing), int(PricingPlan::Spot));
    QCOMPARE(option.pricePerHour, *offer.spot);
    QCOMPARE(option.currency, offer.currency);
    QCOMPARE(cloudOptionFromOffer(offer, PricingPlan::Reserved3y).name, QStringLiteral("AWS p5.48xlarge, 3-year reserved"));
    QCOMPARE(cloudOptionFromOffer(offer, PricingPlan::Reserved3y).reservedUpfrontShare, 0.0);
    // A term paid all upfront: its own price, the whole term at its start.
    offer.reserved3y = 5.0;
    offer.reserved3yUpfront = 4.5;
    const CloudOption upfront = cloudOptionFromOffer(offer, PaymentChoice{PricingPlan::Reserved3y, true});
    QCOMPARE(upfront.name, QStringLiteral("AWS p5.48xlarge, 3-year reserved, all upfront"));
    QCOMPARE(upfront.pricePerHour, 4.5);
    QCOMPARE(upfront.reservedUpfrontShare, 1.0);
    QVERIFY(upfront.pricing == PricingPlan::Reserved3y);
    QVERIFY(!priceFor(offer, PaymentChoice{PricingPlan::Reserved1y, true}));
    QVERIFY(!priceFor(offer, PaymentChoice{PricingPlan::Spot, true}));
    // Elsewhere instance types are SKUs: the name counts the GPUs instead, the memory left out
    // where the chip comes with one amount only.
    CloudOffer lambda = testOffer(10);
    lambda.provider = QStringLiteral("lambda");
    lambda.category = CloudCategory::MlCloud;
    lambda.instanceType = QStringLiteral("gpu_8x_h100_sxm5");
    lambda.gpu = QStringLiteral("H100-SXM5-80GB");
    lambda.gpuCount = 8;
    QCOMPARE(cloudOptionFromOffer(lambda, PricingPlan::OnDemand).name, QStringLiteral("Lambda 8 × H100 SXM5, on demand"));
    lambda.gpu = QStringLiteral("A100-SXM4-40GB");
    lambda.provider = QStringLiteral("runpod");
    QCOMPARE(cloudOptionFromOffer(lambda, PricingPlan::Reserved1y).name,
             QStringLiteral("RunPod 8 × A100 SXM4 40GB, 1-year reserved"));
}

void TestCatalogView::refreshesAfterAnImport()
{
    CloudOffer extra = testOffer(5);
    extra.provider = QStringLiteral("newcloud");
    extra.instanceType = QStringLiteral("fresh-1");
    m_document->catalog().saveOffer(extra);
    m_widget->refresh();
    QCOMPARE(m_widget->offerModel()->rowCount(), kOffers + 1);
    QVERIFY(m_widget->filterBar()->providerBox()->findData(QStringLiteral("newcloud")) > 0);
    m_document->connection().database().exec("DELETE FROM cloud_offers WHERE provider = 'newcloud'");
    m_widget->refresh();
    QCOMPARE(m_widget->offerModel()->rowCount(), kOffers);
}

void TestCatalogView::screenshot()
{
    const QString dir = qEnvironmentVariable("BREAKEVEN_SCREENSHOT_DIR");
    if (dir.isEmpty())
        QSKIP("set BREAKEVEN_SCREENSHOT_DIR to keep screenshots");
    const QSize size = m_widget->size();
    m_widget->resize(1900, 560);
    QTableView *view = m_widget->offerView();
    view->sortByColumn(OfferTableModel::PriceAge, Qt::DescendingOrder);
    view->scrollToTop();
    view->horizontalScrollBar()->setValue(0);
    view->selectRow(2);
    QVERIFY(m_widget->grab().save(dir + QStringLiteral("/catalog-offers.png")));
    m_widget->resize(size);
    m_widget->setCurrentTab(CatalogWidget::GpuTab);
    QVERIFY(m_widget->grab().save(dir + QStringLiteral("/catalog-gpus.png")));
    m_widget->setCurrentTab(CatalogWidget::OfferTab);
}

QTEST_MAIN(TestCatalogView)
#include "test_catalogview.moc"
