// The chart area offscreen: charts, table and utilization bar follow the engine; chart and report
// export; the `export` and `report` commands as processes.
#include "charts/breakdownchart.h"
#include "charts/criteriachart.h"
#include "charts/cumulativechart.h"
#include "catalog/bundledcatalog.h"
#include "catalog/cloudoptionfromoffer.h"
#include "charts/utilizationchart.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/criteria.h"
#include "engine/finance.h"
#include "engine/resultstext.h"
#include "export/chartexport.h"
#include "export/reportcontent.h"
#include "export/reportwriter.h"
#include "inputerror.h"
#include "exchange/scenariojson.h"
#include "scenarioview/pairsmodel.h"
#include "scenarioview/resultsmodel.h"
#include "scenarioview/scenarioview.h"
#include "scenarioview/utilizationbar.h"

#include "../support/testsupport.h"

#include <QAbstractAxis>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QDate>
#include <QDir>
#include <QImage>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QProcess>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QTextDocument>
#include <QValueAxis>

#include <algorithm>
#include <set>

using namespace breakeven;
using testsupport::isPdf;

namespace {

QString example(const QString &name)
{
    return QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/%1.json").arg(name);
}

const QStringList kExamples{QStringLiteral("budget-k80-rig"), QStringLiteral("three-p40-rig"),
                            QStringLiteral("rtx4090-workstation"), QStringLiteral("h100-server")};

// One on-prem build and one cloud option that need a 24 GB card, next to an 80 GB cloud A100:
// with 40 GB required, two of the three are infeasible.
Scenario memoryBoundScenario()
{
    Scenario s = readScenarioFile(example(QStringLiteral("rtx4090-workstation")));
    s.workload.minGpuMemoryGB = 40;
    CloudOption big;
    big.name = QStringLiteral("Big A100 80 GB");
    big.provider = QStringLiteral("lambda");
    big.instanceType = QStringLiteral("gpu_1x_a100_80gb");
    big.gpu = QStringLiteral("A100-SXM4-80GB");
    big.pricePerHour = 1.79;
    s.cloudOptions.push_back(big);
    return s;
}

QString runPdfTool(const QString &tool, const QStringList &arguments)
{
    QProcess process;
    process.start(tool, arguments);
    if (!process.waitForFinished(30000) || process.exitCode() != 0)
        return {};
    return QString::fromUtf8(process.readAllStandardOutput());
}

} // namespace

class TestCharts : public QObject {
    Q_OBJECT

private slots:
    void sliderFollowsEngine_data();
    void sliderFollowsEngine();
    void crossoverLabelMovesWithSlider();
    void everyPairAndTheUnitsBought();
    void resaleShowsSpendBesideNet();
    void manyPairsMarkTheHeadlineOnly();
    void utilizationBarSignals();
    void seriesCounts_data();
    void seriesCounts();
    void infeasibleOptionsListedNotDrawn();
    void badScenarioShowsBanner();
    void tableSortsByNumbersAndCopies();
    void legendMarkerTogglesSeries();
    void exportChart_data();
    void exportChart();
    void exportToUnwritablePathFails();
    void reportPdf_data();
    void reportPdf();
    void reportListsMarketsAndCommitments();
    void reportCreditsOnlyCatalogPrices();
    void chartsFollowADarkPalette();
    void zoomedAxesKeepRoundTicks();
    void yearlyCashFlowAddsUpToTheTco();
    void chartTextScales();
    void hoverReadsOut();
    void criteriaChartStacksTheWeightedScore();
    void commandLine_data();
    void commandLine();
};

void TestCharts::sliderFollowsEngine_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<int>("percent");
    for (const QString &name : kExamples)
        for (int percent : {5, 35, 100})
            QTest::addRow("%s at %d %%", qPrintable(name), percent) << name << percent;
}

void TestCharts::sliderFollowsEngine()
{
    QFETCH(QString, name);
    QFETCH(int, percent);
    const Scenario scenario = readScenarioFile(example(name));
    ScenarioView view;
    view.resize(1000, 700);
    view.setScenario(scenario, GpuCatalog::bundled());
    view.utilizationBar()->slider()->setValue(percent);
    QCOMPARE(view.utilization(), percent / 100.0);
    QCOMPARE(view.utilizationBar()->spinBox()->value(), percent);

    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(percent / 100.0);
    QStringList expected;
    const auto cloud = model.cheapestCloud(e);
    QVERIFY(cloud);
    for (const PairResult &pair : model.pairsAgainst(e, *cloud))
        expected << crossoverSentence(model, pair);
    QCOMPARE(view.cumulativeChart()->crossoverSentences(), expected);
    for (const QString &sentence : expected)
        QVERIFY2(view.cumulativeChart()->caption().contains(sentence), qPrintable(view.cumulativeChart()->caption()));

    // Curves end at the engine's TCO.
    const auto &series = view.cumulativeChart()->optionSeries();
    for (int s = 0; s < series.size(); ++s) {
        const int option = view.cumulativeChart()->optionOfSeries(s);
        QCOMPARE(series[s]->count(), model.horizonMonths() + 1);
        QCOMPARE(series[s]->points().last().y(), e.tco(option));
    }

    // The table says what the engine says, row by row.
    const ResultsModel *table = view.resultsModel();
    const QString currency = model.input().currency;
    for (int i = 0; i < model.optionCount(); ++i) {
        QCOMPARE(table->index(i, ResultsModel::Tco).data().toString(), formatMoney(e.tco(i), currency, 2));
        QCOMPARE(table->index(i, ResultsModel::Tco).data(ResultsModel::SortRole).toDouble(), e.tco(i));
    }
    for (const PairResult &pair : model.pairsAgainst(e, *cloud)) {
        const QString crossover = table->index(pair.onPrem, ResultsModel::Crossover).data().toString();
        if (!pair.crossoverMonth)
            QCOMPARE(crossover, QStringLiteral("never"));
        else if (*pair.crossoverMonth > 0)
            QCOMPARE(crossover, formatMonths(*pair.crossoverMonth));
        const QString breakEven = table->index(pair.onPrem, ResultsModel::BreakEven).data().toString();
        if (pair.breakEvenUtilization)
            QVERIFY(breakEven.startsWith(formatPercent(*pair.breakEvenUtilization, 1)));
        else
            QCOMPARE(breakEven, QStringLiteral("none"));
    }
}

void TestCharts::crossoverLabelMovesWithSlider()
{
    ScenarioView view;
    view.setScenario(readScenarioFile(example(QStringLiteral("rtx4090-workstation"))), GpuCatalog::bundled());
    view.utilizationBar()->slider()->setValue(100);
    const QString busy = view.cumulativeChart()->caption();
    const QList<QPointF> busyPoints = view.cumulativeChart()->crossoverSeries()->points();
    view.utilizationBar()->slider()->setValue(30);
    const QString idle = view.cumulativeChart()->caption();
    QVERIFY(busy != idle);
    // A square for every pair that crosses within the horizon, each with its label.
    view.utilizationBar()->slider()->setValue(100);
    int crossing = 0;
    for (const PairResult &pair : view.costModel()->pairs(*view.evaluation()))
        crossing += pair.crossoverMonth && *pair.crossoverMonth > 0;
    QVERIFY(crossing >= 1);
    QCOMPARE(busyPoints.size(), crossing);
    QCOMPARE(view.cumulativeChart()->crossoverLabels().size(), crossing);
    view.utilizationBar()->slider()->setValue(30);
    const QList<QPointF> idlePoints = view.cumulativeChart()->crossoverSeries()->points();
    // Less use: buying pays off later, or not at all within the horizon.
    const auto earliest = [](const QList<QPointF> &points) {
        return std::min_element(points.begin(), points.end(),
                                [](const QPointF &a, const QPointF &b) { return a.x() < b.x(); })->x();
    };
    QVERIFY(idlePoints.isEmpty() || earliest(idlePoints) > earliest(busyPoints));
}

// The "Every pair" table: every feasible (on-prem, cloud) pair once, grouped by on-prem option,
// with the engine's figures; the options table and the legend say how many units are bought.
void TestCharts::everyPairAndTheUnitsBought()
{
    Scenario scenario = readScenarioFile(example(QStringLiteral("rtx4090-workstation")));
    scenario.workload.gpus = 3 * scenario.workload.gpus; // more than one unit of each build
    ScenarioView view;
    view.setScenario(scenario, GpuCatalog::bundled());
    const CostModel &model = *view.costModel();
    const Evaluation &e = *view.evaluation();
    const std::vector<PairResult> pairs = model.pairs(e);
    int onPrem = 0;
    int cloud = 0;
    for (int i = 0; i < model.optionCount(); ++i)
        if (model.isFeasible(i))
            (model.option(i).kind == OptionKind::OnPrem ? onPrem : cloud) += 1;
    QVERIFY(cloud >= 2); // more pairs than "against the cheapest" would show
    QCOMPARE(int(pairs.size()), onPrem * cloud);
    QCOMPARE(view.pairsModel()->rowCount(), 0); // worked out when its tab is shown
    view.resultTabs()->setCurrentWidget(view.pairsView());
    const PairsModel *table = view.pairsModel();
    QCOMPARE(table->rowCount(), int(pairs.size()));
    for (int r = 0; r < table->rowCount(); ++r) {
        const PairResult &pair = pairs[std::size_t(r)];
        if (r > 0) // grouped: an on-prem option's rows follow one another
            QVERIFY(pairs[std::size_t(r - 1)].onPrem <= pair.onPrem);
        QCOMPARE(table->index(r, PairsModel::Cloud).data().toString(), model.option(pair.cloud).name);
        const QString crossover = table->index(r, PairsModel::Crossover).data().toString();
        if (!pair.paysOffMonth)
            QVERIFY(crossover.startsWith(QStringLiteral("not within")) || crossover == QStringLiteral("no: ahead for a while"));
        else if (*pair.paysOffMonth > 0)
            QCOMPARE(crossover, formatMonths(*pair.paysOffMonth));
        QCOMPARE(table->index(r, PairsModel::Saving).data(PairsModel::SortRole).toDouble(),
                 e.tco(pair.cloud) - e.tco(pair.onPrem));
        // The IRR of buying, or why there is none.
        const PairFinance finance = pairFinance(model, e, pair);
        const QModelIndex irr = table->index(r, PairsModel::Irr);
        QCOMPARE(irr.data().toString(), finance.irrOfBuying ? formatPercent(*finance.irrOfBuying, 1) : QStringLiteral("none"));
        if (!finance.irrOfBuying)
            QCOMPARE(irr.data(Qt::ToolTipRole).toString(), finance.irrReason);
        const int units = model.unitsInMonth(pair.onPrem, 1);
        QVERIFY(units > 1);
        QCOMPARE(table->index(r, PairsModel::OnPrem).data().toString(),
                 QStringLiteral("%1 × %2").arg(units).arg(model.option(pair.onPrem).name));
        QCOMPARE(view.resultsModel()->index(pair.onPrem, ResultsModel::Units).data().toString(),
                 QStringLiteral("%1 units").arg(units));
    }
    // The cost-vs-utilization chart marks every pair's break-even.
    view.updateAllCharts();
    int breakEvens = 0;
    for (const PairResult &pair : pairs)
        breakEvens += pair.breakEvenUtilization.has_value();
    const auto scatters = view.utilizationChart()->chart()->series();
    const auto marks = std::find_if(scatters.begin(), scatters.end(),
                                    [](QAbstractSeries *series) { return series->type() == QAbstractSeries::SeriesTypeScatter; });
    QVERIFY(marks != scatters.end());
    QCOMPARE(int(static_cast<QScatterSeries *>(*marks)->points().size()), breakEvens);
    // The legend names the units too.
    const auto &series = view.cumulativeChart()->optionSeries();
    for (int s = 0; s < series.size(); ++s) {
        const int option = view.cumulativeChart()->optionOfSeries(s);
        if (model.option(option).kind == OptionKind::OnPrem)
            QVERIFY2(series[s]->name().startsWith(QStringLiteral("%1 × ").arg(model.unitsInMonth(option, 1))),
                     qPrintable(series[s]->name()));
    }
}

// More pairs than a chart can show: the charts mark those against the cheapest cloud option and
// say where the others are; the table still has them all.
void TestCharts::manyPairsMarkTheHeadlineOnly()
{
    Scenario scenario = readScenarioFile(example(QStringLiteral("rtx4090-workstation")));
    const OnPremBuild build = scenario.onPremOptions.at(0);
    const CloudOption cloud = scenario.cloudOptions.at(0);
    scenario.onPremOptions.clear();
    scenario.cloudOptions.clear();
    for (int i = 0; i < 9; ++i) { // 9 × 9 = 81 pairs, more than charts::kMaxMarkedPairs
        OnPremBuild b = build;
        b.name = QStringLiteral("build %1").arg(i);
        b.listPrice = 1000 + 100 * i;
        scenario.onPremOptions.push_back(b);
        CloudOption c = cloud;
        c.name = QStringLiteral("cloud %1").arg(i);
        c.pricePerHour = cloud.pricePerHour * (1 + 0.1 * i);
        scenario.cloudOptions.push_back(c);
    }
    ScenarioView view;
    view.setScenario(scenario, GpuCatalog::bundled());
    view.updateAllCharts();
    const CostModel &model = *view.costModel();
    QVERIFY(charts::pairCount(model).pairs() > charts::kMaxMarkedPairs);
    const auto cheapest = model.cheapestCloud(*view.evaluation());
    QVERIFY(cheapest);
    int crossing = 0;
    for (const PairResult &pair : model.pairsAgainst(*view.evaluation(), *cheapest))
        crossing += pair.crossoverMonth && *pair.crossoverMonth > 0;
    QCOMPARE(int(view.cumulativeChart()->crossoverSeries()->points().size()), crossing);
    QVERIFY(view.cumulativeChart()->caption().contains(QStringLiteral("against the cheapest cloud option; the \"Every pair\" table lists all 81 pairs")));
    QCOMPARE(view.pairsModel()->rowCount(), 81);
}

// With resale credited the solid on-prem line is net of resale and a dotted one is the spend;
// without it there is no second line.
void TestCharts::resaleShowsSpendBesideNet()
{
    Scenario scenario = readScenarioFile(example(QStringLiteral("rtx4090-workstation")));
    scenario.creditResaleValue = true;
    ScenarioView view;
    view.setScenario(scenario, GpuCatalog::bundled());
    const Evaluation &e = *view.evaluation();
    charts::CumulativeChart *chart = view.cumulativeChart();
    QVERIFY(!chart->spendSeries().isEmpty());
    for (QLineSeries *spend : chart->spendSeries()) {
        QVERIFY(spend->name().endsWith(QStringLiteral(", spend")));
        QCOMPARE(spend->pen().style(), Qt::DotLine);
        QCOMPARE(spend->points().size(), e.horizonMonths + 1);
    }
    for (int s = 0; s < chart->optionSeries().size(); ++s) {
        const int option = chart->optionOfSeries(s);
        if (view.costModel()->option(option).kind != OptionKind::OnPrem)
            continue;
        QVERIFY(chart->optionSeries()[s]->name().endsWith(QStringLiteral(", net of resale")));
        // Net of resale is below the spend by what the units would sell for.
        QVERIFY(chart->optionSeries()[s]->points().first().y() < view.costModel()->cumulativeSpend(e, option, 0));
    }
    QVERIFY(chart->caption().contains(QStringLiteral("dotted lines are the money spent")));

    scenario.creditResaleValue = false;
    view.setScenario(scenario, GpuCatalog::bundled());
    QVERIFY(view.cumulativeChart()->spendSeries().isEmpty());
}

// A price taken from the catalog is credited to the catalog's source; a price the user typed is
// said to be the user's, with the catalog's beside it.
void TestCharts::reportCreditsOnlyCatalogPrices()
{
    const std::vector<CloudOffer> offers = loadBundledOffers();
    const auto offer = std::find_if(offers.begin(), offers.end(),
                                    [](const CloudOffer &o) { return o.onDemand && o.reserved3y; });
    QVERIFY(offer != offers.end());
    Scenario scenario = readScenarioFile(example(QStringLiteral("rtx4090-workstation")));
    scenario.referenceGpu = offer->gpu;
    CloudOption taken = cloudOptionFromOffer(*offer, PricingPlan::Reserved3y);
    taken.name = QStringLiteral("as listed");
    CloudOption typed = taken;
    typed.name = QStringLiteral("as typed");
    typed.pricePerHour = *offer->reserved3y * 0.5;
    scenario.cloudOptions = {taken, typed};
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const QString html = exporting::sourcesHtml(scenario, GpuCatalog::bundled(), model);
    const QString listed = html.section(QStringLiteral("as listed: "), 1).section(QStringLiteral("</li>"), 0, 0);
    const QString entered = html.section(QStringLiteral("as typed: "), 1).section(QStringLiteral("</li>"), 0, 0);
    QVERIFY2(listed.contains(QStringLiteral("from the catalog: ")), qPrintable(listed));
    QVERIFY2(entered.contains(QStringLiteral("entered in the scenario (the catalog lists")), qPrintable(entered));
    QVERIFY2(!entered.contains(QStringLiteral("from the catalog")), qPrintable(entered));
}

// A dark palette makes dark charts with light text; the series keep their colours.
void TestCharts::chartsFollowADarkPalette()
{
    ScenarioView view;
    view.setScenario(readScenarioFile(example(QStringLiteral("h100-server"))), GpuCatalog::bundled());
    view.updateAllCharts();
    const QColor seriesBefore = view.cumulativeChart()->optionSeries().first()->pen().color();
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    dark.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    dark.setColor(QPalette::Text, QColor(0xe8, 0xe8, 0xe8));
    dark.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x55));
    view.setPalette(dark);
    for (charts::ChartPanel *panel : view.charts()) {
        QChart *chart = panel->chart();
        QVERIFY2(chart->backgroundBrush().color().lightness() < 64, qPrintable(panel->title()));
        QVERIFY(chart->legend()->labelColor().lightness() > 192);
        for (QAbstractAxis *axis : chart->axes())
            QVERIFY(axis->labelsBrush().color().lightness() > 192);
    }
    QCOMPARE(view.cumulativeChart()->optionSeries().first()->pen().color(), seriesBefore);
}

// A zoomed chart keeps ticks at round values: whole months at 1, 2, 3, 6 or 12 months, money at
// 1, 2, 2.5 or 5 times a power of ten, labels without stray decimals.
void TestCharts::zoomedAxesKeepRoundTicks()
{
    ScenarioView view;
    view.resize(1000, 700);
    view.setScenario(readScenarioFile(example(QStringLiteral("h100-server"))), GpuCatalog::bundled());
    view.updateAllCharts();
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QChart *chart = view.cumulativeChart()->chart();
    const QRectF plot = chart->plotArea();
    QVERIFY(plot.width() > 100 && plot.height() > 100);
    const auto round = [](double interval) {
        const double power = std::pow(10.0, std::floor(std::log10(interval)));
        const double mantissa = interval / power;
        const double nice[] = {1.0, 2.0, 2.5, 5.0, 10.0};
        return std::any_of(std::begin(nice), std::end(nice), [&](double m) { return std::abs(mantissa - m) < 1e-9; });
    };
    // An odd rectangle, as a rubber band gives: from 37 % to 81 % of the width, 12 % to 63 % of the height.
    chart->zoomIn(QRectF(plot.left() + 0.37 * plot.width(), plot.top() + 0.12 * plot.height(), 0.44 * plot.width(),
                         0.51 * plot.height()));
    QVERIFY(chart->isZoomed());
    int checked = 0;
    for (QAbstractAxis *axis : chart->axes()) {
        auto *values = qobject_cast<QValueAxis *>(axis);
        if (!values)
            continue;
        ++checked;
        QCOMPARE(values->tickType(), QValueAxis::TicksDynamic);
        QCOMPARE(values->tickAnchor(), 0.0);
        const double interval = values->tickInterval();
        QVERIFY2(round(interval), qPrintable(QStringLiteral("%1: %2").arg(values->titleText()).arg(interval)));
        if (values->orientation() == Qt::Horizontal) {
            QVERIFY(std::set<double>({1, 2, 3, 6, 12}).count(interval));
            QCOMPARE(values->labelFormat(), QStringLiteral("%.0f"));
        }
        // A handful of ticks inside the zoomed range, not one or dozens.
        const double ticks = (values->max() - values->min()) / interval;
        QVERIFY2(ticks >= 2 && ticks <= 11, qPrintable(QString::number(ticks)));
    }
    QCOMPARE(checked, 2);
}

// The report's yearly cash flow: the start, each year (a last part-year says its months) and a
// total that is each option's TCO.
void TestCharts::yearlyCashFlowAddsUpToTheTco()
{
    Scenario scenario = readScenarioFile(example(QStringLiteral("h100-server")));
    scenario.horizonMonths = 30; // two whole years and half of a third
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(0.6);
    const QStringList tables = exporting::yearlyCashFlowHtml(model, e, 4, 10);
    QVERIFY(!tables.isEmpty());
    QTextDocument document;
    document.setHtml(tables.front());
    const QString text = document.toPlainText();
    QVERIFY2(text.contains(QStringLiteral("Year 3 (months 25–30)")), qPrintable(text));
    QVERIFY(!text.contains(QStringLiteral("Year 4")));
    const QString currency = model.input().currency;
    double year2 = 0;
    for (int m = 13; m <= 24; ++m)
        year2 += e.monthly(0, m);
    QVERIFY2(text.contains(formatMoney(year2, currency, 0)), qPrintable(text));
    QVERIFY2(text.contains(formatMoney(e.monthly(0, 0), currency, 0)), qPrintable(text));
    QVERIFY2(text.contains(formatMoney(e.tco(0), currency, 0)), qPrintable(text));
    // The build's resale value is credited: the spend, less the credit, is its TCO.
    QVERIFY(scenario.creditResaleValue);
    QVERIFY2(text.contains(QStringLiteral("Resale value credited at the horizon")), qPrintable(text));
    QVERIFY2(text.contains(formatMoney(e.tco(0) - e.monthly.row(0).sum(), currency, 0)), qPrintable(text));
    QVERIFY(e.tco(0) < e.monthly.row(0).sum());
}

// A chart's text scales as a whole (the report draws charts small and scales their text up so
// that the smallest is 8 pt on the page): axes, legend and caption.
void TestCharts::chartTextScales()
{
    ScenarioView view;
    view.setScenario(readScenarioFile(example(QStringLiteral("h100-server"))), GpuCatalog::bundled());
    view.updateAllCharts();
    for (charts::ChartPanel *panel : view.charts()) {
        QChart *chart = panel->chart();
        const qreal legend = chart->legend()->font().pointSizeF();
        std::vector<qreal> labels;
        for (QAbstractAxis *axis : chart->axes())
            labels.push_back(axis->labelsFont().pointSizeF());
        panel->setTextScale(1.5);
        QCOMPARE(panel->textScale(), 1.5);
        QVERIFY(qAbs(chart->legend()->font().pointSizeF() - 1.5 * legend) < 1e-6);
        for (std::size_t i = 0; i < labels.size(); ++i)
            QVERIFY(qAbs(chart->axes()[qsizetype(i)]->labelsFont().pointSizeF() - 1.5 * labels[i]) < 1e-6);
        panel->setTextScale(1.0); // back, not compounded
        QVERIFY(qAbs(chart->legend()->font().pointSizeF() - legend) < 1e-6);
    }
}

// Hovering a line or a bar reads out what is under the pointer: the option, where (month,
// utilization or cost component) and the amount.
void TestCharts::hoverReadsOut()
{
    ScenarioView view;
    view.resize(1000, 700);
    const Scenario scenario = readScenarioFile(example(QStringLiteral("h100-server")));
    view.setScenario(scenario, GpuCatalog::bundled());
    view.updateAllCharts();
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    const Evaluation &e = *view.evaluation();
    const CostModel &model = *view.costModel();
    const QString currency = model.input().currency;

    QLineSeries *cumulative = view.cumulativeChart()->optionSeries().first();
    emit cumulative->hovered(QPointF(12.2, 0), true);
    QString text = QToolTip::text();
    QVERIFY2(text.contains(model.option(0).name) && text.contains(QStringLiteral("month 12"))
                 && text.contains(formatMoney(e.cumulative(0, 12), currency)),
             qPrintable(text));

    QLineSeries *utilization = view.utilizationChart()->optionSeries().first();
    emit utilization->hovered(QPointF(40, 0), true);
    text = QToolTip::text();
    QVERIFY2(text.contains(model.option(0).name) && text.contains(QStringLiteral("40 % utilization")), qPrintable(text));

    QBarSet *hardware = nullptr;
    for (QBarSet *set : view.breakdownChart()->componentSets())
        if (set->label() == toString(CostComponent::Hardware))
            hardware = set;
    QVERIFY(hardware);
    emit hardware->hovered(true, 0);
    text = QToolTip::text();
    QVERIFY2(text.contains(toString(CostComponent::Hardware)) && text.contains(currency), qPrintable(text));
}

void TestCharts::utilizationBarSignals()
{
    UtilizationBar bar;
    bar.setUtilization(0.10);
    QSignalSpy changed(&bar, &UtilizationBar::utilizationChanged);
    QSignalSpy committed(&bar, &UtilizationBar::utilizationCommitted);

    // A drag: live changes, one commit from where it started to where it ended.
    bar.slider()->setSliderDown(true);
    bar.slider()->setValue(20);
    bar.slider()->setValue(45);
    QCOMPARE(changed.count(), 2);
    QCOMPARE(committed.count(), 0);
    QCOMPARE(bar.spinBox()->value(), 45);
    bar.slider()->setSliderDown(false);
    QCOMPARE(committed.count(), 1);
    QCOMPARE(committed.at(0).at(0).toDouble(), 0.10);
    QCOMPARE(committed.at(0).at(1).toDouble(), 0.45);

    // The spin box moves the slider and commits when editing finishes.
    bar.spinBox()->setValue(60);
    QCOMPARE(bar.slider()->value(), 60);
    QCOMPARE(changed.last().at(0).toDouble(), 0.60);
    emit bar.spinBox()->editingFinished();
    QCOMPARE(committed.count(), 2);
    QCOMPARE(committed.last().at(0).toDouble(), 0.45);

    // Programmatic changes are silent.
    bar.setUtilization(0.3);
    QCOMPARE(changed.count(), 3);
    QCOMPARE(bar.slider()->value(), 30);
    QVERIFY(bar.presetBox()->count() > 1);
}

void TestCharts::seriesCounts_data()
{
    QTest::addColumn<QString>("name");
    for (const QString &name : kExamples)
        QTest::newRow(qPrintable(name)) << name;
}

void TestCharts::seriesCounts()
{
    QFETCH(QString, name);
    const Scenario scenario = readScenarioFile(example(name));
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    int feasible = 0;
    int spendLines = 0; // with resale credited, a dotted spend line per feasible on-prem option
    for (int i = 0; i < model.optionCount(); ++i) {
        feasible += model.isFeasible(i) ? 1 : 0;
        spendLines += scenario.creditResaleValue && model.isFeasible(i) && model.option(i).kind == OptionKind::OnPrem;
    }

    ScenarioView view;
    view.setScenario(scenario, GpuCatalog::bundled());
    view.updateAllCharts();
    QCOMPARE(view.cumulativeChart()->optionSeries().size(), feasible);
    QCOMPARE(view.cumulativeChart()->spendSeries().size(), spendLines);
    // + the marks: pay-offs (squares), other crossings (circles), purchases and terms past H (triangles)
    QCOMPARE(view.cumulativeChart()->chart()->series().size(), feasible + spendLines + 3);
    QCOMPARE(view.utilizationChart()->chart()->series().size(), feasible + 2);  // + break-evens, current u
    QCOMPARE(view.breakdownChart()->categories().size(), feasible);
    QVERIFY(!view.breakdownChart()->componentSets().isEmpty());
    QCOMPARE(view.resultsModel()->rowCount(), model.optionCount());

    // Bars add up to the TCO (the categories run bottom-up, so the last bar is the first option drawn).
    int first = 0;
    while (!model.isFeasible(first))
        ++first;
    const Evaluation e = model.evaluate(view.utilization());
    double total = 0;
    for (QBarSet *set : view.breakdownChart()->componentSets())
        total += set->at(feasible - 1);
    QVERIFY(qAbs(total - e.tco(first)) <= 1e-6 * qMax(1.0, e.tco(first)));
}

void TestCharts::infeasibleOptionsListedNotDrawn()
{
    const Scenario scenario = memoryBoundScenario();
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    ScenarioView view;
    view.setScenario(scenario, GpuCatalog::bundled());
    view.updateAllCharts();

    QStringList drawn;
    for (QLineSeries *series : view.cumulativeChart()->optionSeries())
        drawn << series->name();
    int infeasible = 0;
    for (int i = 0; i < model.optionCount(); ++i) {
        if (model.isFeasible(i))
            continue;
        ++infeasible;
        const QString name = model.option(i).name;
        QVERIFY2(!drawn.join(u'|').contains(name), qPrintable(name));
        QVERIFY(!view.breakdownChart()->categories().contains(name));
        for (charts::ChartPanel *panel : view.charts()) {
            QVERIFY2(panel->caption().contains(name), qPrintable(panel->caption()));
            QVERIFY(panel->caption().contains(model.status(i).reason));
        }
        QVERIFY(view.resultsModel()->index(i, ResultsModel::Feasible).data().toString().startsWith(QStringLiteral("no: ")));
        QCOMPARE(view.resultsModel()->index(i, ResultsModel::Tco).data().toString(), QStringLiteral("n/a"));
    }
    QCOMPARE(infeasible, 2);
    QCOMPARE(drawn.size(), model.optionCount() - infeasible);
}

void TestCharts::badScenarioShowsBanner()
{
    ScenarioView view;
    view.setScenario(readScenarioFile(example(QStringLiteral("three-p40-rig"))), GpuCatalog::bundled());
    QVERIFY(!view.cumulativeChart()->chart()->series().isEmpty());
    Scenario bad = readScenarioFile(example(QStringLiteral("three-p40-rig")));
    bad.cloudOptions.front().gpu = QStringLiteral("No Such GPU 9000");
    view.setScenario(bad, GpuCatalog::bundled());
    QVERIFY(view.errorMessage().contains(QStringLiteral("No Such GPU 9000")));
    QVERIFY(view.costModel() == nullptr);
    for (charts::ChartPanel *panel : view.charts())
        QVERIFY(panel->chart()->series().isEmpty());
    QCOMPARE(view.resultsModel()->rowCount(), 0);
    view.setUtilization(0.7); // must not crash without a model
    view.setScenario(readScenarioFile(example(QStringLiteral("three-p40-rig"))), GpuCatalog::bundled());
    QVERIFY(view.errorMessage().isEmpty());
}

void TestCharts::tableSortsByNumbersAndCopies()
{
    Scenario scenario = memoryBoundScenario();
    scenario.workload.minGpuMemoryGB = 0;
    ScenarioView view;
    view.setScenario(scenario, GpuCatalog::bundled());
    QSortFilterProxyModel *sorted = view.sortedResults();
    sorted->sort(ResultsModel::Tco, Qt::AscendingOrder);
    for (int r = 1; r < sorted->rowCount(); ++r)
        QVERIFY(sorted->index(r - 1, ResultsModel::Tco).data(ResultsModel::SortRole).toDouble()
                <= sorted->index(r, ResultsModel::Tco).data(ResultsModel::SortRole).toDouble());

    const QStringList lines = ResultsModel::toText(sorted).trimmed().split(u'\n');
    QCOMPARE(lines.size(), sorted->rowCount() + 1);
    QVERIFY(lines.first().startsWith(QStringLiteral("Option\tKind\tUnits\tThroughput\tTCO\t")));
    for (int r = 0; r < sorted->rowCount(); ++r) {
        QCOMPARE(lines[r + 1].split(u'\t').size(), int(ResultsModel::ColumnCount));
        QVERIFY(lines[r + 1].startsWith(sorted->index(r, 0).data().toString() + u'\t'));
    }
}

void TestCharts::legendMarkerTogglesSeries()
{
    ScenarioView view;
    view.setScenario(readScenarioFile(example(QStringLiteral("three-p40-rig"))), GpuCatalog::bundled());
    QChart *chart = view.cumulativeChart()->chart();
    const auto markers = chart->legend()->markers(view.cumulativeChart()->optionSeries().first());
    QCOMPARE(markers.size(), 1);
    emit markers.first()->clicked();
    QCoreApplication::processEvents(); // the legend lays its markers out in posted events
    QVERIFY(!view.cumulativeChart()->optionSeries().first()->isVisible());
    QVERIFY(markers.first()->isVisible());
    emit markers.first()->clicked();
    QVERIFY(view.cumulativeChart()->optionSeries().first()->isVisible());
}

void TestCharts::exportChart_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("dpi");
    QTest::newRow("cumulative png") << int(charts::ChartKind::Cumulative) << "c.png" << QSize(800, 500) << 96.0;
    QTest::newRow("utilization png at 192 dpi") << int(charts::ChartKind::Utilization) << "u.png" << QSize(1600, 1000) << 192.0;
    QTest::newRow("breakdown svg") << int(charts::ChartKind::Breakdown) << "b.svg" << QSize(900, 600) << 96.0;
    QTest::newRow("cumulative svg") << int(charts::ChartKind::Cumulative) << "c.svg" << QSize(640, 400) << 96.0;
    QTest::newRow("cumulative pdf") << int(charts::ChartKind::Cumulative) << "c.pdf" << QSize(1000, 600) << 96.0;
    QTest::newRow("breakdown pdf") << int(charts::ChartKind::Breakdown) << "b.pdf" << QSize(1000, 600) << 96.0;
    QTest::newRow("criteria pdf") << int(charts::ChartKind::Criteria) << "w.pdf" << QSize(1000, 600) << 96.0;
}

void TestCharts::exportChart()
{
    QFETCH(int, kind);
    QFETCH(QString, file);
    QFETCH(QSize, size);
    QFETCH(double, dpi);
    QTemporaryDir dir;
    const QString path = dir.filePath(file);
    const Scenario scenario = readScenarioFile(example(QStringLiteral("rtx4090-workstation")));
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(0.5);
    exporting::exportChart(model, e, charts::ChartKind(kind), path, {size, dpi});
    QVERIFY(QFileInfo::exists(path));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{file}); // no temporary left over
    if (file.endsWith(QLatin1String(".png"))) {
        const QImage image(path);
        QCOMPARE(image.size(), size);
        QCOMPARE(qRound(image.dotsPerMeterX() * 0.0254), qRound(dpi));
    } else if (file.endsWith(QLatin1String(".svg"))) {
        QFile svg(path);
        QVERIFY(svg.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(svg.readAll());
        const auto match = QRegularExpression(QStringLiteral(R"re(<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)")re")).match(text);
        QVERIFY2(match.hasMatch(), qPrintable(text.left(400)));
        QCOMPARE(match.captured(1).toInt(), size.width());
        QCOMPARE(match.captured(2).toInt(), size.height());
        QVERIFY(text.contains(QStringLiteral("RTX 4090 workstation")));
    } else {
        QVERIFY(isPdf(path));
        const QString text = runPdfTool(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
        if (!text.isEmpty()) {
            QVERIFY2(text.contains(QStringLiteral("RTX 4090 workstation")), qPrintable(text));
            // The title line: scenario, chart, utilization and the day it was exported.
            const QString title = QStringLiteral("%1 — %2, at 50 % utilization, %3")
                                      .arg(scenario.name, exporting::makeChartPanel(charts::ChartKind(kind))->title(),
                                           QDate::currentDate().toString(Qt::ISODate));
            QVERIFY2(text.simplified().contains(title), qPrintable(text.left(300)));
        }
    }
}

void TestCharts::exportToUnwritablePathFails()
{
    QTemporaryDir dir;
    const Scenario scenario = readScenarioFile(example(QStringLiteral("budget-k80-rig")));
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const QString path = dir.filePath(QStringLiteral("missing/folder/chart.png"));
    try {
        exporting::exportChart(model, model.evaluate(1.0), charts::ChartKind::Cumulative, path);
        QFAIL("expected an InputError");
    } catch (const InputError &error) {
        QVERIFY(error.message().contains(path));
    }
    QVERIFY(!QFileInfo::exists(path));
}

void TestCharts::reportPdf_data()
{
    seriesCounts_data();
}

void TestCharts::reportPdf()
{
    QFETCH(QString, name);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    const Scenario scenario = readScenarioFile(example(name));
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(scenario.workload.utilization);
    exporting::writeReport(scenario, GpuCatalog::bundled(), model, e, path);
    QVERIFY(isPdf(path));

    if (QStandardPaths::findExecutable(QStringLiteral("pdfinfo")).isEmpty()
        || QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("poppler-utils (pdfinfo, pdftotext) not installed");
    const QString info = runPdfTool(QStringLiteral("pdfinfo"), {path});
    const auto pages = QRegularExpression(QStringLiteral(R"(Pages:\s+(\d+))")).match(info);
    QVERIFY(pages.hasMatch());
    const int pageCount = pages.captured(1).toInt();
    QVERIFY2(pageCount >= 3 && pageCount <= 8, qPrintable(info));

    // NFKC folds the typographic ligatures pdftotext reports ("oﬀ") back into letters.
    const QString text = runPdfTool(QStringLiteral("pdftotext"), {path, QStringLiteral("-")})
                             .normalized(QString::NormalizationForm_KC).simplified();
    QVERIFY(text.contains(scenario.name));
    QVERIFY(text.contains(QStringLiteral("Page 1 of %1").arg(pageCount)));
    QVERIFY(text.contains(QStringLiteral("Page %1 of %1").arg(pageCount)));
    for (int i = 0; i < model.optionCount(); ++i)
        QVERIFY2(text.contains(model.option(i).name), qPrintable(model.option(i).name));
    const auto cloud = model.cheapestCloud(e);
    QVERIFY(cloud);
    for (const PairResult &pair : model.pairsAgainst(e, *cloud))
        QVERIFY2(text.contains(crossoverSentence(model, pair)), qPrintable(crossoverSentence(model, pair)));
    // Criteria beyond cost: the weights, and each feasible option's weighted score.
    QVERIFY(text.contains(QStringLiteral("Criteria beyond cost")));
    QVERIFY2(text.contains(QStringLiteral("Weights: cost 40 %, performance 20 %, setup 10 %")), qPrintable(text));
    const CriteriaResult criteria = scoreCriteria(model, e);
    for (const int i : criteria.ranking)
        QVERIFY(text.contains(QString::number(criteria.options[std::size_t(i)].weighted, 'f', 2)));
    // Every pair, not only those against the cheapest cloud option.
    QVERIFY(text.contains(QStringLiteral("Every pair")));
    for (const PairResult &pair : model.pairs(e))
        QVERIFY2(text.contains(pairSentence(model, pair)), qPrintable(pairSentence(model, pair)));
    // Sources: every GPU's source and date, every cloud option's provider and instance.
    for (int i = 0; i < model.optionCount(); ++i) {
        const auto gpu = resolveGpu(scenario, model.option(i).gpu, GpuCatalog::bundled());
        QVERIFY(gpu);
        if (!gpu->asOf.isEmpty())
            QVERIFY2(text.contains(gpu->asOf), qPrintable(gpu->asOf));
        // Long sources wrap anywhere (URLs) and pdftotext drops hyphens at line ends, so compare
        // without whitespace and hyphens.
        const QRegularExpression spaceOrHyphen(QStringLiteral("[\\s-]"));
        if (!gpu->source.isEmpty())
            QVERIFY2(QString(text).remove(spaceOrHyphen).contains(QString(gpu->source).remove(spaceOrHyphen)),
                     qPrintable(gpu->source));
    }
    for (const CloudOption &c : scenario.cloudOptions)
        QVERIFY(text.contains(c.provider + u' ' + c.instanceType));
    QVERIFY(text.contains(QStringLiteral("Price sources")));
    // The cash flow: month 0 carries each option's outlay at the start, month H its last month.
    QVERIFY(text.contains(QStringLiteral("Cash flow")));
    for (int i = 0; i < model.optionCount(); ++i) {
        if (model.isFeasible(i))
            QVERIFY2(text.contains(formatMoney(e.monthly(i, 0), model.input().currency, 2)), qPrintable(model.option(i).name));
    }
}

// The report names the market rates, the source of a published one, and each reservation's terms.
void TestCharts::reportListsMarketsAndCommitments()
{
    Scenario scenario = readScenarioFile(example(QStringLiteral("h100-server")));
    scenario.cloudPriceChangePerYear = -0.40; // the H100 rental preset
    scenario.hardwarePriceChangePerYear = -0.1; // no preset
    scenario.horizonMonths = 12;
    QVERIFY(!scenario.cloudOptions.empty());
    scenario.cloudOptions[0].pricing = PricingPlan::Reserved3y;
    scenario.cloudOptions[0].reservedUpfrontShare = 0.5;
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(scenario.workload.utilization);
    const QString summary = exporting::summaryHtml(scenario, model, e);
    QVERIFY2(summary.contains(QStringLiteral("Cloud prices")), qPrintable(summary));
    QVERIFY(summary.contains(QStringLiteral("H100 rental fell from 7–12 $/h in 2023")));
    QVERIFY(summary.contains(QStringLiteral("Hardware prices")));
    QVERIFY(!summary.contains(QStringLiteral("Electricity prices")));
    const QString assumptions = exporting::assumptionsHtml(scenario, model).join(QString());
    QVERIFY2(assumptions.contains(QStringLiteral("terms of 36 months, 50 % paid at the start of each")), qPrintable(assumptions));
    QVERIFY(assumptions.contains(QStringLiteral("the last term runs past month 12")));
    // The reservation's last month carries what it owes after the horizon, in bold; month 11 is
    // a regular month.
    const int reserved = int(scenario.onPremOptions.size()); // builds come first in the model
    QVERIFY(model.breakdown(reserved, e.utilization)[std::size_t(CostComponent::CommitmentBeyondHorizon)] > 0);
    const QString cash = exporting::cashFlowHtml(model, e, 40, 5, 10).join(QString());
    const QString currency = model.input().currency;
    QVERIFY2(cash.contains(QStringLiteral("<b>%1</b>").arg(formatMoney(e.monthly(reserved, 12), currency, 2))), qPrintable(cash));
    QVERIFY(!cash.contains(QStringLiteral("<b>%1</b>").arg(formatMoney(e.monthly(reserved, 11), currency, 2))));
}

void TestCharts::commandLine_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("output");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("named"); // the file a failure message must name
    const QString k80 = example(QStringLiteral("budget-k80-rig"));
    const QString h100 = example(QStringLiteral("h100-server"));
    QTest::newRow("export png") << QStringList{"export", k80, "--chart", "cumulative", "--out", "OUT/c.png",
                                               "--width", "640", "--height", "400"} << "OUT/c.png" << 0 << "";
    QTest::newRow("export svg") << QStringList{"export", h100, "--chart", "utilization", "--out", "OUT/u.svg",
                                               "--utilization", "60%"} << "OUT/u.svg" << 0 << "";
    QTest::newRow("export pdf") << QStringList{"export", h100, "--chart", "breakdown", "--out", "OUT/b.pdf"} << "OUT/b.pdf" << 0 << "";
    QTest::newRow("report") << QStringList{"report", k80, "--out", "OUT/r.pdf", "--utilization", "0.5"} << "OUT/r.pdf" << 0 << "";
    QTest::newRow("bad chart") << QStringList{"export", k80, "--chart", "pie", "--out", "OUT/x.png"} << "OUT/x.png" << 2 << "";
    QTest::newRow("bad extension") << QStringList{"export", k80, "--chart", "cumulative", "--out", "OUT/x.gif"} << "OUT/x.gif" << 2 << "";
    QTest::newRow("report not pdf") << QStringList{"report", k80, "--out", "OUT/x.png"} << "OUT/x.png" << 2 << "";
    QTest::newRow("missing scenario") << QStringList{"export", "OUT/nope.json", "--chart", "cumulative", "--out", "OUT/x.png"}
                                      << "OUT/x.png" << 1 << "OUT/nope.json";
    QTest::newRow("unwritable") << QStringList{"report", k80, "--out", "OUT/no/such/dir/r.pdf"} << "OUT/no/such/dir/r.pdf" << 1 << "OUT/no/such/dir/r.pdf";
}

void TestCharts::commandLine()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, output);
    QFETCH(int, exitCode);
    QFETCH(QString, named);
    QTemporaryDir dir;
    for (QString &argument : arguments)
        argument.replace(QStringLiteral("OUT"), dir.path());
    output.replace(QStringLiteral("OUT"), dir.path());
    named.replace(QStringLiteral("OUT"), dir.path());

    QProcess process;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral(BREAKEVEN_EXECUTABLE), arguments);
    QVERIFY(process.waitForFinished(60000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QVERIFY2(process.exitStatus() == QProcess::NormalExit, qPrintable(err));
    QVERIFY2(process.exitCode() == exitCode, qPrintable(QStringLiteral("exit %1: %2").arg(process.exitCode()).arg(err)));
    QCOMPARE(QFileInfo(output).size() > 0, exitCode == 0);
    if (!named.isEmpty())
        QVERIFY2(err.contains(named), qPrintable(err));
    if (output.endsWith(QLatin1String(".pdf")) && exitCode == 0)
        QVERIFY(isPdf(output));
    if (output.endsWith(QLatin1String(".png")) && exitCode == 0)
        QCOMPARE(QImage(output).size(), QSize(640, 400));
}

QTEST_MAIN(TestCharts)
// The criteria chart: one bar per feasible option, best on top, its parts adding up to the
// weighted score; weights being dragged redraw it without a new model.
void TestCharts::criteriaChartStacksTheWeightedScore()
{
    const Scenario scenario = readScenarioFile(example(QStringLiteral("h100-server")));
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(scenario.workload.utilization);
    charts::CriteriaChart chart;
    chart.setModel(&model);
    chart.setEvaluation(e);
    const CriteriaResult result = scoreCriteria(model, e);
    QVERIFY(result.ranking.size() >= 2);
    QCOMPARE(chart.criterionSets().size(), kCriterionCount);
    const QStringList categories = chart.categories();
    QCOMPARE(categories.size(), qsizetype(result.ranking.size()));
    for (std::size_t k = 0; k < result.ranking.size(); ++k) {
        // Bottom to top: the best option is the last category.
        const int bar = int(result.ranking.size() - 1 - k);
        QCOMPARE(categories[bar], model.option(result.ranking[k]).name);
        double sum = 0;
        for (QBarSet *set : chart.criterionSets())
            sum += set->at(bar);
        QVERIFY(std::abs(sum - result.options[std::size_t(result.ranking[k])].weighted) < 1e-12);
    }
    // Cost alone: the cheapest option on top with 5.
    chart.setWeights(CriterionWeights{1, 0, 0, 0, 0, 0, 0});
    chart.setEvaluation(e);
    QCOMPARE(chart.categories().last(), model.option(*e.cheapest).name);
    QCOMPARE(chart.criterionSets()[0]->at(int(chart.categories().size()) - 1), 5.0);
}

#include "test_charts.moc"
