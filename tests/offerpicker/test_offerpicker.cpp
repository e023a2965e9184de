// Add Cloud Option's offer table: a search by any part of provider, GPU, instance type, region
// and plan; one row for an instance at the same price in several regions; sorting by any
// column; and the option a chosen row makes, named as people say it.
#include "catalog/offername.h"
#include "mainwindow/addpartdialogs.h"
#include "mainwindow/offerpicker.h"
#include "store/document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QRadioButton>
#include <QLineEdit>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace breakeven;

namespace {

StoredOffer stored(qint64 id, const QString &provider, CloudCategory category, const QString &instance,
                   const QString &gpu, int count, const QString &region, double onDemand,
                   std::optional<double> reserved3y = {})
{
    StoredOffer s;
    s.id = id;
    s.offer.provider = provider;
    s.offer.category = category;
    s.offer.instanceType = instance;
    s.offer.gpu = gpu;
    s.offer.gpuCount = count;
    s.offer.region = region;
    s.offer.onDemand = onDemand;
    s.offer.reserved3y = reserved3y;
    return s;
}

std::vector<StoredOffer> sampleOffers()
{
    const auto aws = CloudCategory::Hyperscaler;
    const auto ml = CloudCategory::MlCloud;
    const QString h100 = QStringLiteral("H100-SXM5-80GB");
    return {
        // p5 at one price in three regions, dearer in a fourth.
        stored(1, QStringLiteral("aws"), aws, QStringLiteral("p5.48xlarge"), h100, 8, QStringLiteral("us-west-2"), 55.04, 23.78),
        stored(2, QStringLiteral("aws"), aws, QStringLiteral("p5.48xlarge"), h100, 8, QStringLiteral("us-east-1"), 55.04, 23.78),
        stored(3, QStringLiteral("aws"), aws, QStringLiteral("p5.48xlarge"), h100, 8, QStringLiteral("us-east-2"), 55.04, 23.78),
        stored(4, QStringLiteral("aws"), aws, QStringLiteral("p5.48xlarge"), h100, 8, QStringLiteral("ap-northeast-1"), 66.0, 30.0),
        stored(5, QStringLiteral("aws"), aws, QStringLiteral("p4d.24xlarge"), QStringLiteral("A100-SXM4-40GB"), 8,
               QStringLiteral("us-east-1"), 21.96, 9.37),
        stored(6, QStringLiteral("lambda"), ml, QStringLiteral("gpu_8x_h100_sxm5"), h100, 8, QStringLiteral("us-east-1"), 23.92),
        stored(7, QStringLiteral("runpod"), ml, QStringLiteral("H100 SXM"), h100, 1, QString(), 2.69),
    };
}

QStringList column(const QAbstractItemModel *model, int c, int role = Qt::DisplayRole)
{
    QStringList values;
    for (int r = 0; r < model->rowCount(); ++r)
        values << model->index(r, c).data(role).toString();
    return values;
}

} // namespace

class TestOfferPicker : public QObject {
    Q_OBJECT

private slots:
    void searchKeepsOnlyWhatEveryWordMatches();
    void groupsRegionsAtOnePrice();
    void sortsByAnyColumn();
    void choosingARowAddsAHumanName();
};

void TestOfferPicker::searchKeepsOnlyWhatEveryWordMatches()
{
    OfferPicker picker;
    picker.setOffers(sampleOffers());
    const QAbstractItemModel *rows = picker.view()->model();
    // p5 on demand and 3-year reserved, at two prices each; p4d twice; Lambda; RunPod.
    QCOMPARE(rows->rowCount(), 8);

    picker.searchField()->setText(QStringLiteral("p5 reserved"));
    QCOMPARE(rows->rowCount(), 2);
    for (int r = 0; r < rows->rowCount(); ++r) {
        QCOMPARE(rows->index(r, OfferGroupModel::InstanceType).data().toString(), QStringLiteral("p5.48xlarge"));
        QCOMPARE(rows->index(r, OfferGroupModel::Plan).data().toString(), QStringLiteral("3-year reserved"));
    }
    // Any case, any order, any part: a region, a provider's display name, a GPU as people say it.
    picker.searchField()->setText(QStringLiteral("RESERVED   Northeast"));
    QCOMPARE(rows->rowCount(), 1);
    QCOMPARE(rows->index(0, OfferGroupModel::Regions).data().toString(), QStringLiteral("ap-northeast-1"));
    picker.searchField()->setText(QStringLiteral("vast"));
    QCOMPARE(rows->rowCount(), 0);
    QVERIFY(!picker.chosen());
    picker.searchField()->setText(QStringLiteral("runpod h100 sxm5 demand"));
    QCOMPARE(rows->rowCount(), 1);
    QCOMPARE(rows->index(0, OfferGroupModel::Provider).data().toString(), QStringLiteral("RunPod"));
    // What is chosen is always a row left showing.
    QVERIFY(picker.chosen());
    QCOMPARE(picker.chosen()->offer.id, qint64(7));
    picker.searchField()->clear();
    QCOMPARE(rows->rowCount(), 8);
}

void TestOfferPicker::groupsRegionsAtOnePrice()
{
    OfferPicker picker;
    picker.setOffers(sampleOffers());
    picker.searchField()->setText(QStringLiteral("p5.48xlarge demand"));
    const QAbstractItemModel *rows = picker.view()->model();
    QCOMPARE(rows->rowCount(), 2); // 55.04 in three regions, 66 in one
    picker.view()->sortByColumn(OfferGroupModel::PerInstanceHour, Qt::AscendingOrder);
    QCOMPARE(rows->index(0, OfferGroupModel::Regions).data(OfferGroupModel::SortRole).toInt(), 3);
    QCOMPARE(rows->index(0, OfferGroupModel::Regions).data().toString(), QStringLiteral("us-east-1 + 2 more"));
    const QString tip = rows->index(0, OfferGroupModel::Regions).data(Qt::ToolTipRole).toString();
    for (const char *region : {"us-east-1", "us-east-2", "us-west-2"})
        QVERIFY2(tip.contains(QLatin1String(region)), qPrintable(tip));
    QCOMPARE(rows->index(1, OfferGroupModel::Regions).data().toString(), QStringLiteral("ap-northeast-1"));

    // The regions can still be told apart: the first by name is the default, another can be picked.
    picker.view()->selectRow(0);
    QCOMPARE(picker.regionChoice()->count(), 3);
    QVERIFY(picker.regionChoice()->isEnabled());
    QCOMPARE(picker.chosen()->offer.offer.region, QStringLiteral("us-east-1"));
    picker.regionChoice()->setCurrentIndex(2);
    QCOMPARE(picker.chosen()->offer.offer.region, QStringLiteral("us-west-2"));
    QCOMPARE(picker.chosen()->offer.id, qint64(1));
    QVERIFY(picker.chosen()->payment == PaymentChoice(PricingPlan::OnDemand));
    picker.view()->selectRow(1);
    QCOMPARE(picker.regionChoice()->count(), 1);
    QVERIFY(!picker.regionChoice()->isEnabled());
    QCOMPARE(picker.chosen()->offer.id, qint64(4));
}

void TestOfferPicker::sortsByAnyColumn()
{
    OfferPicker picker;
    picker.setOffers(sampleOffers());
    const QAbstractItemModel *rows = picker.view()->model();
    const auto prices = [&] {
        std::vector<double> values;
        for (int r = 0; r < rows->rowCount(); ++r)
            values.push_back(rows->index(r, OfferGroupModel::PerGpuHour).data(OfferGroupModel::SortRole).toDouble());
        return values;
    };
    // The cheapest per GPU-hour first by default.
    const std::vector<double> ascending = prices();
    QVERIFY(std::is_sorted(ascending.begin(), ascending.end()));
    QCOMPARE(rows->index(0, OfferGroupModel::Plan).data().toString(), QStringLiteral("3-year reserved"));
    QCOMPARE(rows->index(0, OfferGroupModel::InstanceType).data().toString(), QStringLiteral("p4d.24xlarge"));
    picker.view()->sortByColumn(OfferGroupModel::PerGpuHour, Qt::DescendingOrder);
    const std::vector<double> descending = prices();
    QVERIFY(std::is_sorted(descending.rbegin(), descending.rend()));
    QVERIFY(descending.front() > descending.back());
    QCOMPARE(rows->index(0, OfferGroupModel::PerGpuHour).data().toString(),
             QStringLiteral("%1 USD").arg(QLocale().toString(66.0 / 8, 'f', 3)));
    // Numbers as numbers: 8 GPUs after 1 however the text sorts.
    picker.view()->sortByColumn(OfferGroupModel::Gpus, Qt::AscendingOrder);
    QVERIFY(rows->index(0, OfferGroupModel::Gpus).data().toString().startsWith(QStringLiteral("1 × ")));
    picker.view()->sortByColumn(OfferGroupModel::Provider, Qt::DescendingOrder);
    QCOMPARE(column(rows, OfferGroupModel::Provider).first(), QStringLiteral("RunPod"));
    QCOMPARE(column(rows, OfferGroupModel::Provider).last(), QStringLiteral("AWS"));
}

void TestOfferPicker::choosingARowAddsAHumanName()
{
    QTemporaryDir dir;
    auto document = Document::createInMemory(dir.filePath(QStringLiteral("offers.breakeven")));
    Scenario scenario;
    scenario.name = QStringLiteral("Offers");
    scenario.referenceGpu = QStringLiteral("H100-SXM5-80GB");
    AddCloudOptionDialog dialog(*document, scenario);
    QVERIFY(dialog.catalogButton()->isChecked());
    OfferPicker *picker = dialog.offerPicker();
    QVERIFY(picker->groups()->rowCount() > 10);

    picker->searchField()->setText(QStringLiteral("p5.48xlarge 3-year reserved"));
    QVERIFY(picker->view()->model()->rowCount() > 0);
    picker->view()->selectRow(0);
    const newparts::NewCloudOption made = dialog.option();
    QVERIFY(made.offerId);
    QCOMPARE(made.option.instanceType, QStringLiteral("p5.48xlarge"));
    QVERIFY(made.option.pricing == PricingPlan::Reserved3y);
    QVERIFY(made.option.name == QStringLiteral("AWS p5.48xlarge, 3-year reserved")
            || made.option.name == QStringLiteral("AWS p5.48xlarge, 3-year reserved, all upfront"));
    QCOMPARE(made.option.name, offerOptionName(picker->chosen()->offer.offer, picker->chosen()->payment));

    picker->searchField()->setText(QStringLiteral("lambda gpu_8x_h100_sxm5 demand"));
    QVERIFY(picker->view()->model()->rowCount() > 0);
    picker->view()->selectRow(0);
    QCOMPARE(dialog.option().option.name, QStringLiteral("Lambda 8 × H100 SXM5, on demand"));

    // Every GPU once the box is cleared; an A100 offer names its memory, as the A100 comes in two.
    const int h100Rows = picker->groups()->rowCount();
    dialog.referenceGpuOnly()->setChecked(false);
    QVERIFY(picker->groups()->rowCount() > h100Rows);
    picker->searchField()->setText(QStringLiteral("lambda gpu_8x_a100 40gb demand"));
    QVERIFY(picker->view()->model()->rowCount() > 0);
    picker->view()->selectRow(0);
    QVERIFY2(dialog.option().option.name.startsWith(QStringLiteral("Lambda ")), qPrintable(dialog.option().option.name));
    QVERIFY2(dialog.option().option.name.endsWith(QStringLiteral(" × A100 SXM4 40GB, on demand")),
             qPrintable(dialog.option().option.name));

    dialog.emptyButton()->setChecked(true);
    QVERIFY(!dialog.option().offerId);
}

QTEST_MAIN(TestOfferPicker)
#include "test_offerpicker.moc"
