// The risk analysis in the window and on paper (docs/model.md, "Uncertainty"): the Risk tab's
// charts carry the engine's numbers, the bands of the cumulative chart come and go with their
// toggle, the worker keeps only the newest request, and the report and `export --chart` show it.
#include "charts/cumulativechart.h"
#include "charts/payoffchart.h"
#include "charts/tcospreadchart.h"
#include "charts/tornadochart.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/risk.h"
#include "engine/resultstext.h"
#include "engine/risktext.h"
#include "exchange/scenariojson.h"
#include "export/reportwriter.h"
#include "export/riskreport.h"
#include "scenarioview/pairsmodel.h"
#include "scenarioview/riskpanel.h"
#include "scenarioview/scenarioview.h"
#include "session/riskrunner.h"

#include "../support/testsupport.h"

#include <QAreaSeries>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLineSeries>
#include <QProcess>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include "scenarioview/utilizationbar.h"

using namespace breakeven;
using testsupport::isPdf;

namespace {

QString example(const QString &name)
{
    return QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/%1.json").arg(name);
}

Scenario h100()
{
    return readScenarioFile(example(QStringLiteral("h100-server")));
}

// Three builds against four cloud options: twelve pairs, more than the odds chart draws.
Scenario manyPairs()
{
    Scenario s = h100();
    for (int k = 2; k <= 3; ++k) {
        OnPremBuild copy = s.onPremOptions.front();
        copy.name = QStringLiteral("%1 #%2").arg(copy.name).arg(k);
        copy.electricityPerKWh *= 1.0 + 0.3 * k;
        s.onPremOptions.push_back(copy);
    }
    return s;
}

// The text of a PDF with its line breaks and ligatures undone, so that sentences can be found.
QString pdfText(const QString &path)
{
    QProcess process;
    process.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    if (!process.waitForFinished(30000) || process.exitCode() != 0)
        return {};
    QString text = QString::fromUtf8(process.readAllStandardOutput());
    text.replace(QChar(0xFB00), QStringLiteral("ff")).replace(QChar(0xFB01), QStringLiteral("fi")).replace(QChar(0xFB02), QStringLiteral("fl"));
    return text.simplified();
}

bool waitForRisk(ScenarioView &view)
{
    QCoreApplication::processEvents(); // the request is made in the next event loop pass
    return view.riskRunner()->waitUntilIdle();
}

} // namespace

class TestRiskView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void aPairThatCrossesBackSaysSo();
    void payoffLinesAreTheEnginesOdds();
    void manyPairsShowOneCloudOptionAtATime();
    void boxesAreTheTcoQuantiles();
    void tornadoBarsAreTheDifferences();
    void runnerKeepsOnlyTheNewestRequest();
    void riskRunsOnlyWhenShown();
    void dragRunsPreviewsAndReleaseTheFullRun();
    void bandsToggleAddsAndRemovesAreas();
    void bandsAreSampledOnlyWhenShown();
    void badRangeShowsInTheTab();
    void reportHasTheRiskSection();
    void exportRiskCharts_data();
    void exportRiskCharts();
};

void TestRiskView::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_riskview"));
    QSettings().clear();
}

void TestRiskView::payoffLinesAreTheEnginesOdds()
{
    const Scenario s = h100();
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const auto risk = std::make_shared<const RiskResult>(analyseRisk(s, GpuCatalog::bundled(), 2000));
    charts::PayoffChart chart;
    chart.setModel(&model);
    chart.setEvaluation(model.evaluate(s.workload.utilization));
    chart.setRisk(risk);
    QCOMPARE(int(chart.shownPairs().size()), int(risk->pairs.size())); // four pairs: all drawn
    QCOMPARE(chart.lineSeries().size(), qsizetype(risk->pairs.size()));
    for (std::size_t k = 0; k < chart.shownPairs().size(); ++k) {
        const PairRisk &pair = risk->pairs[std::size_t(chart.shownPairs()[k])];
        const QList<QPointF> points = chart.lineSeries()[qsizetype(k)]->points();
        QCOMPARE(points.size(), qsizetype(pair.paidOffBy.size()));
        for (qsizetype m = 0; m < points.size(); ++m) {
            QCOMPARE(points[m].x(), double(m));
            QCOMPARE(points[m].y(), pair.paidOffBy[std::size_t(m)] * 100.0);
        }
    }
    // A result of another model is not drawn.
    const CostModel other(assemble(manyPairs(), GpuCatalog::bundled()));
    chart.setModel(&other);
    QVERIFY(chart.lineSeries().isEmpty());
    QVERIFY(chart.chart()->series().isEmpty());
}

void TestRiskView::manyPairsShowOneCloudOptionAtATime()
{
    const Scenario s = manyPairs();
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(s.workload.utilization);
    const auto risk = std::make_shared<const RiskResult>(analyseRisk(s, GpuCatalog::bundled(), 500));
    QCOMPARE(int(risk->pairs.size()), 12);
    charts::PayoffChart chart;
    chart.setModel(&model);
    chart.setEvaluation(e);
    chart.setRisk(risk);
    QVERIFY(chart.showsSome());
    const int cheapest = *model.cheapestCloud(e);
    QCOMPARE(int(chart.shownPairs().size()), 3);
    for (const int p : chart.shownPairs())
        QCOMPARE(risk->pairs[std::size_t(p)].cloud, cheapest);
    QVERIFY(chart.caption().contains(QStringLiteral("3 of 12 pairs shown")));
    // The likeliest wins of buying first.
    for (std::size_t k = 1; k < chart.shownPairs().size(); ++k)
        QVERIFY(risk->pairs[std::size_t(chart.shownPairs()[k - 1])].onPremCheaper
                >= risk->pairs[std::size_t(chart.shownPairs()[k])].onPremCheaper);
    const int other = risk->pairs.front().cloud == cheapest ? risk->pairs.back().cloud : risk->pairs.front().cloud;
    chart.setCloud(other);
    for (const int p : chart.shownPairs())
        QCOMPARE(risk->pairs[std::size_t(p)].cloud, other);

    // The Risk tab offers the other cloud options and says how many pairs are not worded.
    RiskPanel panel;
    panel.setCostModel(&model);
    panel.setEvaluation(e);
    panel.setRisk(risk, false);
    QVERIFY(!panel.cloudChoice()->isHidden());
    QCOMPARE(panel.cloudChoice()->count(), 1 + 4);
    QCOMPARE(panel.sentences().size(), 3);
    const int index = panel.cloudChoice()->findData(other);
    QVERIFY(index > 0);
    panel.cloudChoice()->setCurrentIndex(index);
    for (const int p : panel.payoffChart()->shownPairs())
        QCOMPARE(risk->pairs[std::size_t(p)].cloud, other);
    QVERIFY(panel.sentences().first().contains(model.option(other).name));
}

void TestRiskView::boxesAreTheTcoQuantiles()
{
    const Scenario s = h100();
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const auto risk = std::make_shared<const RiskResult>(analyseRisk(s, GpuCatalog::bundled(), 2000));
    charts::TcoSpreadChart chart;
    chart.setModel(&model);
    chart.setRisk(risk);
    QVERIFY(chart.boxSeries());
    QCOMPARE(chart.boxSeries()->count(), model.optionCount());
    const QList<QBoxSet *> sets = chart.boxSeries()->boxSets();
    for (qsizetype k = 0; k < sets.size(); ++k) {
        const int option = chart.shownOptions()[std::size_t(k)];
        const auto &q = risk->options[std::size_t(option)].tco;
        QCOMPARE(sets[k]->label(), model.option(option).name);
        QCOMPARE(sets[k]->at(QBoxSet::LowerExtreme), q[0]);
        QCOMPARE(sets[k]->at(QBoxSet::LowerQuartile), q[1]);
        QCOMPARE(sets[k]->at(QBoxSet::Median), q[2]);
        QCOMPARE(sets[k]->at(QBoxSet::UpperQuartile), q[3]);
        QCOMPARE(sets[k]->at(QBoxSet::UpperExtreme), q[4]);
    }
    QVERIFY(chart.boxSeries()->name().contains(QStringLiteral("P5–P95")));
    QVERIFY(chart.boxSeries()->name().contains(QStringLiteral("P10–P90")));
}

void TestRiskView::tornadoBarsAreTheDifferences()
{
    const Scenario s = h100();
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const auto risk = std::make_shared<const RiskResult>(analyseRisk(s, GpuCatalog::bundled(), 500));
    charts::TornadoChart chart;
    chart.setModel(&model);
    chart.setRisk(risk);
    int flips = 0;
    for (int p = 0; p < int(risk->pairs.size()); ++p) {
        chart.setPair(p);
        QCOMPARE(chart.shownPair(), p);
        const PairRisk &pair = risk->pairs[std::size_t(p)];
        const auto low = chart.lowBars();
        const auto high = chart.highBars();
        QCOMPARE(low.size(), qsizetype(pair.tornado.size()));
        for (qsizetype i = 0; i < low.size(); ++i) {
            const TornadoBar &bar = pair.tornado[std::size_t(i)];
            QCOMPARE(low[i].first, pair.difference);
            QCOMPARE(low[i].second, bar.atLow);
            QCOMPARE(high[i].first, pair.difference);
            QCOMPARE(high[i].second, bar.atHigh);
            const ResolvedRange &range = risk->ranges[std::size_t(bar.input)];
            QCOMPARE(chart.rowLabels()[i].contains(QStringLiteral("flips at")), bar.switchValue.has_value());
            // The input in words: no path, no field's own name.
            static const QRegularExpression path(QStringLiteral(R"([a-z][A-Z]|\[\*\]|\[[0-9]+\])"));
            QVERIFY2(!path.match(chart.rowLabels()[i]).hasMatch(), qPrintable(chart.rowLabels()[i]));
            if (bar.switchValue) {
                QVERIFY(chart.rowLabels()[i].endsWith(QStringLiteral("flips at %1").arg(inputValueText(range, *bar.switchValue))));
                ++flips;
            }
        }
        QVERIFY(chart.caption().contains(flipsText(*risk, pair)));
    }
    QVERIFY(flips > 0); // the example's pairs against spot and Lambda flip with the utilization
}

void TestRiskView::runnerKeepsOnlyTheNewestRequest()
{
    RiskRunner runner;
    QSignalSpy finished(&runner, &RiskRunner::finished);
    Scenario slow = h100();
    Uncertainty many = defaultUncertainty(slow);
    many.samples = 400000; // long enough to be in flight when the next request comes
    slow.uncertainty = many;
    runner.request(slow, GpuCatalog::bundled(), false);
    Scenario quick = h100();
    quick.workload.utilization = 0.35;
    runner.request(quick, GpuCatalog::bundled(), true);
    QVERIFY(runner.waitUntilIdle(60000));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(runner.runsStarted(), 2);
    QCOMPARE(runner.runsCancelled(), 1);
    const auto result = finished.first().at(0).value<std::shared_ptr<const RiskResult>>();
    QVERIFY(result);
    QCOMPARE(result->utilization, 0.35);
    QCOMPARE(result->samples, RiskRunner::kPreviewSamples);
    QVERIFY(finished.first().at(1).toBool());
    for (const PairRisk &pair : result->pairs)
        QVERIFY(pair.tornado.empty());

    // A cancel drops the run in flight: nothing is delivered.
    finished.clear();
    runner.request(slow, GpuCatalog::bundled(), false);
    runner.cancel();
    QVERIFY(runner.waitUntilIdle(60000));
    QCOMPARE(finished.size(), 0);

    // While only the utilization moves, each run takes the last one's lay-outs over; a price
    // change lays out again (and the next utilization tick takes those over).
    RiskRunner ticks;
    QSignalSpy delivered(&ticks, &RiskRunner::finished);
    const auto tick = [&](const Scenario &s) {
        ticks.request(s, GpuCatalog::bundled(), true);
        return ticks.waitUntilIdle(60000);
    };
    Scenario moving = h100();
    QVERIFY(tick(moving));
    QCOMPARE(ticks.layoutsReused(), 0);
    moving.workload.utilization = 0.4;
    QVERIFY(tick(moving));
    moving.workload.utilization = 0.45;
    QVERIFY(tick(moving));
    QCOMPARE(ticks.layoutsReused(), 2);
    moving.cloudOptions.front().pricePerHour *= 0.9;
    QVERIFY(tick(moving));
    QCOMPARE(ticks.layoutsReused(), 2);
    moving.workload.utilization = 0.5;
    QVERIFY(tick(moving));
    QCOMPARE(ticks.layoutsReused(), 3);
    QCOMPARE(delivered.size(), 5);
    QCOMPARE(delivered.last().at(0).value<std::shared_ptr<const RiskResult>>()->utilization, 0.5);
}

// The user's task (docs/model.md, "Crossover and pay-off"): 16 H100s busy 60 % of the time over
// five years, two 8 × H100 servers on a 3-year life against Lambda, AWS on demand, spot and a
// 3-year reservation. A pair that is ahead for a while and dearer after the second purchase never
// reads "pays off" in the Every pair table, the summary under the chart or the Risk tab, and the
// odds of having paid off end where buying wins.
void TestRiskView::aPairThatCrossesBackSaysSo()
{
    Scenario s = h100();
    s.horizonMonths = 60;
    s.workload.gpus = 16;
    s.workload.utilization = 0.6;
    s.onPremOptions.front().lifetimeYears = 3;
    // Lambda at a fifth above the example's price: buying gets ahead of it in month 26, and the
    // second purchase in month 37 puts it behind for good.
    for (CloudOption &c : s.cloudOptions)
        if (c.name.startsWith(QLatin1String("Lambda")))
            c.pricePerHour *= 1.2;
    CloudOption reserved = s.cloudOptions.front();
    reserved.name = QStringLiteral("AWS p5 3-year reserved");
    reserved.pricing = PricingPlan::Reserved3y;
    reserved.pricePerHour *= 0.55;
    s.cloudOptions.push_back(reserved);
    ScenarioView view;
    view.resize(1600, 1000);
    view.setScenario(s, GpuCatalog::bundled());
    const CostModel &model = *view.costModel();
    const Evaluation &evaluation = *view.evaluation();

    // The Every pair table: the pair ahead for a while.
    view.resultTabs()->setCurrentWidget(view.pairsView());
    const PairsModel &pairs = *view.pairsModel();
    int ahead = -1;
    for (int row = 0; row < pairs.rowCount(); ++row) {
        const PairResult &pair = pairs.pairs()[std::size_t(row)];
        if (!pair.paysOffMonth && !pair.crossings.empty())
            ahead = row;
    }
    QVERIFY2(ahead >= 0, "no pair is ahead for a while");
    const PairResult &pair = pairs.pairs()[std::size_t(ahead)];
    QVERIFY(*pair.crossoverMonth > 0);
    QVERIFY(pair.differenceAtHorizon > 0);
    const QModelIndex payoff = pairs.index(ahead, PairsModel::Crossover);
    QCOMPARE(payoff.data().toString(), QStringLiteral("no: ahead for a while"));
    const QString story = payoff.data(Qt::ToolTipRole).toString();
    QVERIFY2(story.contains(QStringLiteral("then dearer after the purchase in month 37")), qPrintable(story));
    QVERIFY2(story.contains(QStringLiteral("dearer at 60 months")), qPrintable(story));
    const QString saved = pairs.index(ahead, PairsModel::Saving).data().toString();
    QVERIFY2(saved.startsWith(QLatin1Char('-')), qPrintable(saved));

    // The summary under the chart: no pay-off for it, what the horizon leaves out, and what decides.
    view.chartTabs()->setCurrentIndex(0);
    QCoreApplication::processEvents();
    const QString caption = view.cumulativeChart()->caption();
    for (const QString &sentence : view.cumulativeChart()->crossoverSentences())
        if (sentence.contains(model.option(pair.cloud).name) && sentence.contains(model.option(pair.onPrem).name))
            QVERIFY2(!sentence.contains(QStringLiteral("pays off after")), qPrintable(sentence));
    QVERIFY2(caption.contains(QStringLiteral("a second 2 × 8 × H100 server in month 37")), qPrintable(caption));
    QVERIFY2(caption.contains(QStringLiteral("because its lifetime is 3 years")), qPrintable(caption));
    QVERIFY2(caption.contains(QStringLiteral("still owes")), qPrintable(caption)); // the reservation
    QTRY_VERIFY_WITH_TIMEOUT(!view.cumulativeChart()->decidedBy().isEmpty(), 5000);
    QVERIFY2(view.cumulativeChart()->caption().contains(QStringLiteral("Decided by")), qPrintable(view.cumulativeChart()->caption()));
    // The chart marks the crossing back as a circle, not a square.
    QVERIFY(!view.cumulativeChart()->crossingSeries()->points().isEmpty());
    QVERIFY(!view.cumulativeChart()->eventSeries()->points().isEmpty());
    Q_UNUSED(evaluation);

    // The Risk tab: the odds of having paid off end at the share in which buying wins.
    view.chartTabs()->setCurrentWidget(view.riskPanel());
    QVERIFY(waitForRisk(view));
    const auto risk = view.risk();
    QVERIFY(risk);
    const PairRisk *sampled = nullptr;
    for (const PairRisk &p : risk->pairs)
        if (p.onPrem == pair.onPrem && p.cloud == pair.cloud)
            sampled = &p;
    QVERIFY(sampled);
    QVERIFY2(std::abs(sampled->paidOffBy.back() - sampled->onPremCheaper) < 1e-9,
             qPrintable(QStringLiteral("%1 against %2").arg(sampled->paidOffBy.back()).arg(sampled->onPremCheaper)));
    const QString sentence = riskSentence(*risk, *sampled, model.horizonMonths());
    QVERIFY(view.riskPanel()->sentences().join(QLatin1Char('\n')).contains(sentence)
            || view.riskPanel()->payoffChart()->shownPairs().size() < risk->pairs.size());
    // Words, not field names.
    static const QRegularExpression fieldName(QStringLiteral("[a-z][A-Z]|\\[\\*\\]|\\[[0-9]+\\]"));
    QVERIFY2(!sentence.contains(fieldName), qPrintable(sentence));
    QVERIFY2(!view.cumulativeChart()->caption().contains(fieldName), qPrintable(view.cumulativeChart()->caption()));
}

void TestRiskView::riskRunsOnlyWhenShown()
{
    ScenarioView view;
    view.setScenario(h100(), GpuCatalog::bundled());
    QVERIFY(waitForRisk(view));
    QCOMPARE(view.riskRunner()->runsStarted(), 0); // neither the tab nor the bands are shown
    view.chartTabs()->setCurrentWidget(view.riskPanel());
    QVERIFY(waitForRisk(view));
    QCOMPARE(view.riskRunner()->runsStarted(), 1);
    const auto risk = view.risk();
    QVERIFY(risk);
    QVERIFY(!view.riskIsPreview());
    QCOMPARE(risk->samples, kDefaultSamples);
    QCOMPARE(view.riskPanel()->sentences().size(), qsizetype(risk->pairs.size()));
    const CostModel &model = *view.costModel();
    for (qsizetype k = 0; k < view.riskPanel()->sentences().size(); ++k) {
        const PairRisk &pair = risk->pairs[std::size_t(view.riskPanel()->payoffChart()->shownPairs()[std::size_t(k)])];
        QCOMPARE(view.riskPanel()->sentences()[k], QStringLiteral("%1 against %2: %3")
                                                       .arg(model.option(pair.onPrem).name, model.option(pair.cloud).name,
                                                            riskSentence(*risk, pair, model.horizonMonths())));
        QVERIFY(view.riskPanel()->sentences()[k].contains(QStringLiteral("what flips it")));
    }
    QCOMPARE(view.riskPanel()->tornadoChart()->risk(), risk.get());
    // The current chart is one of the tab's, for Export Chart.
    QCOMPARE(view.currentChart(), static_cast<charts::ChartPanel *>(view.riskPanel()->currentChart()));
}

void TestRiskView::dragRunsPreviewsAndReleaseTheFullRun()
{
    ScenarioView view;
    view.setScenario(h100(), GpuCatalog::bundled());
    view.chartTabs()->setCurrentWidget(view.riskPanel());
    QVERIFY(waitForRisk(view));
    const auto full = view.risk();
    QSlider *slider = view.utilizationBar()->slider();
    slider->setSliderDown(true);
    view.setUtilization(0.3);
    QVERIFY(waitForRisk(view));
    QVERIFY(view.riskIsPreview());
    QCOMPARE(view.risk()->samples, RiskRunner::kPreviewSamples);
    QCOMPARE(view.risk()->utilization, 0.3);
    QVERIFY(view.risk()->pairs.front().tornado.empty());
    // The tornado keeps the last full result while the slider moves; the odds follow.
    QCOMPARE(view.riskPanel()->tornadoChart()->risk(), full.get());
    QCOMPARE(view.riskPanel()->payoffChart()->risk(), view.risk().get());
    QVERIFY(!view.riskPanel()->sentences().first().contains(QStringLiteral("what flips it")));
    slider->setSliderDown(false); // the release
    QVERIFY(waitForRisk(view));
    QVERIFY(!view.riskIsPreview());
    QCOMPARE(view.risk()->samples, kDefaultSamples);
    QCOMPARE(view.risk()->utilization, 0.3);
    QVERIFY(!view.risk()->pairs.front().tornado.empty());
    QCOMPARE(view.riskPanel()->tornadoChart()->risk(), view.risk().get());
}

// The Risk tab without the bands shown asks for none (most of a preview's work); checking the
// toggle then runs again, with them.
void TestRiskView::bandsAreSampledOnlyWhenShown()
{
    QSettings().remove(QStringLiteral("charts/showBands"));
    ScenarioView view;
    view.resize(1000, 700);
    view.setScenario(h100(), GpuCatalog::bundled());
    view.chartTabs()->setCurrentWidget(view.riskPanel());
    QVERIFY(waitForRisk(view));
    QCOMPARE(view.risk()->bandSamples, 0);
    QVERIFY(!view.risk()->pairs.empty());
    QVERIFY(std::isnan(view.risk()->options.front().bands(1, 12)));
    const int runs = view.riskRunner()->runsStarted();
    view.cumulativeChart()->bandsToggle()->setChecked(true);
    QVERIFY(waitForRisk(view));
    QCOMPARE(view.riskRunner()->runsStarted(), runs + 1);
    QVERIFY(view.risk()->bandSamples > 0);
    QVERIFY(std::isfinite(view.risk()->options.front().bands(1, 12)));
    QSettings().remove(QStringLiteral("charts/showBands"));
}

void TestRiskView::bandsToggleAddsAndRemovesAreas()
{
    QSettings().remove(QStringLiteral("charts/showBands"));
    ScenarioView view;
    view.resize(1000, 700);
    view.setScenario(h100(), GpuCatalog::bundled());
    charts::CumulativeChart *chart = view.cumulativeChart();
    const auto areas = [chart] {
        int n = 0;
        for (QAbstractSeries *series : chart->chart()->series())
            n += series->type() == QAbstractSeries::SeriesTypeArea ? 1 : 0;
        return n;
    };
    QVERIFY(!chart->bandsToggle()->isChecked()); // off by default
    QCOMPARE(areas(), 0);
    chart->bandsToggle()->setChecked(true);
    QVERIFY(waitForRisk(view));
    QCOMPARE(view.riskRunner()->runsStarted(), 1); // the bands need the risk, the tab is hidden
    QCOMPARE(chart->bandSeries().size(), chart->optionSeries().size());
    QCOMPARE(areas(), int(chart->optionSeries().size()));
    const auto risk = view.risk();
    for (qsizetype k = 0; k < chart->bandSeries().size(); ++k) {
        const Eigen::ArrayXXd &bands = risk->options[std::size_t(chart->optionOfSeries(int(k)))].bands;
        const QList<QPointF> lower = chart->bandSeries()[k]->lowerSeries()->points();
        const QList<QPointF> upper = chart->bandSeries()[k]->upperSeries()->points();
        QCOMPARE(lower.size(), qsizetype(bands.cols()));
        for (qsizetype m = 0; m < lower.size(); ++m) {
            QCOMPARE(lower[m].y(), bands(0, m));
            QCOMPARE(upper[m].y(), bands(2, m));
        }
    }
    QVERIFY(chart->caption().contains(QStringLiteral("P10 to P90")));
    QVERIFY(QSettings().value(QStringLiteral("charts/showBands")).toBool());
    chart->bandsToggle()->setChecked(false);
    QCOMPARE(areas(), 0);
    QVERIFY(chart->bandSeries().isEmpty());
    QVERIFY(!QSettings().value(QStringLiteral("charts/showBands")).toBool());
    // The lines are still there.
    QCOMPARE(chart->optionSeries().size(), qsizetype(view.costModel()->optionCount()));
}

void TestRiskView::badRangeShowsInTheTab()
{
    Scenario s = h100();
    Uncertainty block;
    UncertainInput wrong;
    wrong.path = QStringLiteral("workload.utilization");
    wrong.low = 0.9;
    wrong.high = 0.1;
    block.inputs.push_back(wrong);
    s.uncertainty = block;
    ScenarioView view;
    view.setScenario(s, GpuCatalog::bundled());
    view.chartTabs()->setCurrentWidget(view.riskPanel());
    QVERIFY(waitForRisk(view));
    QVERIFY(!view.risk());
    const QString status = view.riskPanel()->statusText();
    QVERIFY2(status.startsWith(QStringLiteral("The risk analysis cannot be worked out: ")), qPrintable(status));
    QVERIFY2(status.contains(QStringLiteral("0.9 is above the high end 0.1")), qPrintable(status));
    QVERIFY(view.riskPanel()->sentences().isEmpty());
}

void TestRiskView::reportHasTheRiskSection()
{
    const Scenario s = h100();
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(s.workload.utilization);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    exporting::writeReport(s, GpuCatalog::bundled(), model, e, path);
    QVERIFY(isPdf(path));
    const QString text = pdfText(path);
    QVERIFY(text.contains(QStringLiteral("futures sampled (seed 1) at 60 % utilization, with the default ranges")));
    QVERIFY(text.contains(QStringLiteral("Odds of paying off")));
    QVERIFY(text.contains(QStringLiteral("TCO spread")));
    QVERIFY(text.contains(QStringLiteral("What flips it")));
    QVERIFY(text.contains(QStringLiteral("Ranges used")));
    QVERIFY(text.contains(QStringLiteral("documented default ranges")));
    // The sentence per pair, as `breakeven risk` says it.
    const RiskResult risk = analyseRisk(s, GpuCatalog::bundled());
    for (const PairRisk &pair : risk.pairs) {
        const QString sentence = QStringLiteral("%1 against %2: %3")
                                     .arg(model.option(pair.onPrem).name, model.option(pair.cloud).name,
                                          riskSentence(risk, pair, model.horizonMonths()));
        QVERIFY2(text.contains(sentence), qPrintable(sentence));
    }
    const QString ranges = exporting::riskRangesHtml(risk);
    // Each range by its name in words, never its path (docs/model.md, "Uncertainty").
    for (const ResolvedRange &range : risk.ranges) {
        QVERIFY2(ranges.contains(range.words.heading.toHtmlEscaped()), qPrintable(range.words.heading));
        QVERIFY2(!ranges.contains(range.input.path.toHtmlEscaped()), qPrintable(range.input.path));
    }
}

void TestRiskView::exportRiskCharts_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("words");
    QTest::newRow("payoff") << "payoff" << "Buying has paid off (% of futures)";
    QTest::newRow("tco-spread") << "tco-spread" << "whiskers P5–P95, box P10–P90, line P50";
    QTest::newRow("tornado") << "tornado" << "On-prem − cloud TCO at month 36";
}

void TestRiskView::exportRiskCharts()
{
    QFETCH(QString, kind);
    QFETCH(QString, words);
    QTemporaryDir dir;
    const QString out = dir.filePath(kind + QStringLiteral(".pdf"));
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    const testsupport::Run run = testsupport::runBreakeven({QStringLiteral("export"), example(QStringLiteral("h100-server")), QStringLiteral("--chart"),
                                  kind, QStringLiteral("--out"), out},
                                 env);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(isPdf(out));
    QVERIFY2(pdfText(out).contains(words), qPrintable(pdfText(out)));
    // The usage message names the new kinds.
    const testsupport::Run wrong = testsupport::runBreakeven({QStringLiteral("export"), example(QStringLiteral("h100-server")), QStringLiteral("--chart"),
                                    QStringLiteral("odds"), QStringLiteral("--out"), out},
                                   env);
    QCOMPARE(wrong.exitCode, 2);
    QVERIFY(wrong.err.contains("payoff, tco-spread, tornado or serving"));
}

QTEST_MAIN(TestRiskView)
#include "test_riskview.moc"
