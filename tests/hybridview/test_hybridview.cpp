// Hybrid options in the window and on paper (docs/model.md, "Hybrid fleets"): the "How much to own"
// charts carry the engine's numbers, the tab follows the utilization while it is shown, a scenario
// without a hybrid option offers to add one, and the report says how much to own.
#include "charts/loaddurationchart.h"
#include "charts/ownershipchart.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/hybrid.h"
#include "engine/hybridtext.h"
#include "exchange/scenariojson.h"
#include "export/chartexport.h"
#include "export/reportwriter.h"
#include "engine/resultstext.h"
#include "inputerror.h"
#include "scenarioview/hybridpanel.h"
#include "scenarioview/scenarioview.h"
#include "session/scenarioanalysis.h"

#include "../support/testsupport.h"

#include <QAreaSeries>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QProcess>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace breakeven;
using testsupport::isPdf;

namespace {

Scenario example(const QString &name)
{
    return readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/%1.json").arg(name));
}

Scenario baselinePeaks()
{
    return example(QStringLiteral("own-baseline-rent-peaks"));
}

QString pdfText(const QString &path)
{
    QProcess process;
    process.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    if (!process.waitForFinished(30000) || process.exitCode() != 0)
        return {};
    return QString::fromUtf8(process.readAllStandardOutput()).simplified();
}

QList<QPointF> finitePoints(const HybridResult &h)
{
    QList<QPointF> points;
    for (int k = 0; k < int(h.tcoByUnits.size()); ++k)
        if (std::isfinite(h.tcoByUnits[std::size_t(k)]))
            points << QPointF(k, h.tcoByUnits[std::size_t(k)]);
    return points;
}

bool samePoints(const QList<QPointF> &a, const QList<QPointF> &b)
{
    if (a.size() != b.size())
        return false;
    for (int i = 0; i < a.size(); ++i)
        if (!qFuzzyCompare(a[i].x() + 1, b[i].x() + 1) || !qFuzzyCompare(a[i].y(), b[i].y()))
            return false;
    return true;
}

} // namespace

class TestHybridView : public QObject {
    Q_OBJECT

private slots:
    void ownershipLinesAreTheCurve();
    void quotaLeavesAGap();
    void loadDurationIsTheEnginesCurve();
    void tabFollowsTheUtilizationWhenShown();
    void comboChoosesTheHybridShown();
    void emptyStateOffersToAddOne();
    void reportSaysHowMuchToOwn();
    void exportHybridCharts();
    void infeasibleShowsItsReason();
};

void TestHybridView::ownershipLinesAreTheCurve()
{
    const Scenario s = baselinePeaks();
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const HybridModel hybrids(model.input());
    const double u = s.workload.utilization;
    const std::vector<HybridResult> results = hybrids.evaluateAll(u);
    QCOMPARE(int(results.size()), 2);

    charts::OwnershipChart chart;
    chart.resize(900, 600);
    chart.setModel(&model);
    chart.setHybrids(&hybrids, results, u);
    QCOMPARE(int(chart.curvePoints().size()), 2);
    QList<QPointF> drawn;
    for (QLineSeries *series : chart.lineSeries())
        if (series->name() == hybrids.hybrid(0).name)
            drawn << series->points();
    for (int i = 0; i < 2; ++i) {
        const HybridResult &h = results[std::size_t(i)];
        QVERIFY(h.status.feasible);
        QVERIFY(h.tcoByUnits.size() >= 2);
        QVERIFY(samePoints(chart.curvePoints()[std::size_t(i)], finitePoints(h)));
        // The K marked is the engine's, at its TCO.
        QCOMPARE(chart.unitsSeries()->at(i).x(), double(h.units));
        QCOMPARE(chart.unitsSeries()->at(i).y(), h.tco);
        QCOMPARE(h.tcoByUnits[std::size_t(h.units)], h.tco);
    }
    QVERIFY(samePoints(drawn, finitePoints(results[0])));
    const HybridResult &first = results[0];
    QVERIFY2(chart.plotLabels().contains(QStringLiteral("K = %1, ").arg(first.units) + charts::shortMoney(first.tco, QStringLiteral("USD"))),
             qPrintable(chart.plotLabels().join(QLatin1Char('|'))));
    if (first.units != 0)
        QVERIFY(chart.plotLabels().contains(QStringLiteral("all cloud")));
    if (first.units != first.unitsCoveringPeak)
        QVERIFY(chart.plotLabels().contains(QStringLiteral("all owned")));
    QVERIFY(chart.caption().contains(hybridSentence(model, first)));
}

void TestHybridView::quotaLeavesAGap()
{
    // A cloud quota of 32 GPUs cannot take the burst of a 64-GPU peak with few units owned.
    Scenario s = baselinePeaks();
    for (CloudOption &cloud : s.cloudOptions)
        cloud.maxGpus = 32;
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const HybridModel hybrids(model.input());
    const std::vector<HybridResult> results = hybrids.evaluateAll(s.workload.utilization);
    const HybridResult &h = results[0];
    QVERIFY(!std::isfinite(h.tcoByUnits.front()));
    charts::OwnershipChart chart;
    chart.setModel(&model);
    chart.setHybrids(&hybrids, results, s.workload.utilization);
    const QList<QPointF> points = chart.curvePoints()[0];
    QVERIFY(points.size() < int(h.tcoByUnits.size()));
    QVERIFY(samePoints(points, finitePoints(h)));
    for (QLineSeries *series : chart.lineSeries())
        for (const QPointF &p : series->points())
            QVERIFY(std::isfinite(p.y()));
    QVERIFY(!chart.plotLabels().contains(QStringLiteral("all cloud")));
    QVERIFY(chart.caption().contains(QStringLiteral("quota")));
}

void TestHybridView::loadDurationIsTheEnginesCurve()
{
    const Scenario s = baselinePeaks();
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const HybridModel hybrids(model.input());
    const double u = s.workload.utilization;
    const std::vector<HybridResult> results = hybrids.evaluateAll(u);
    charts::LoadDurationChart chart;
    chart.setModel(&model);
    chart.setHybrids(&hybrids, results, u);

    const auto expected = hybrids.loadDuration(u);
    QCOMPARE(chart.durations().size(), expected.size());
    const QList<QPointF> steps = chart.curveSeries()->points();
    QCOMPARE(steps.size(), 2 * int(expected.size()));
    double share = 0;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(chart.durations()[i].gpus, expected[i].gpus);
        QCOMPARE(steps[int(2 * i)].y(), expected[i].gpus);
        QCOMPARE(steps[int(2 * i + 1)].y(), expected[i].gpus);
        QVERIFY(std::abs(steps[int(2 * i)].x() - share * 100.0) < 1e-9);
        share += expected[i].share;
        if (i > 0)
            QVERIFY(expected[i].gpus <= expected[i - 1].gpus);
    }
    QVERIFY(std::abs(steps.back().x() - 100.0) < 1e-6);

    const HybridResult &h = results[0];
    QVERIFY(h.ownedCapacity > 0);
    const QList<QPointF> line = chart.capacityLine()->points();
    QCOMPARE(line.size(), 2);
    QCOMPARE(line[0].y(), h.ownedCapacity);
    QCOMPARE(line[1].y(), h.ownedCapacity);
    QCOMPARE(chart.capacityLabel(), QStringLiteral("owned: %1 GPUs (%2 × 8 × H100 server)")
                                        .arg(charts::gpuCount(h.ownedCapacity)).arg(h.units));
    // The burst area lies on the capacity line and reaches the peak above it.
    QCOMPARE(chart.burstArea()->lowerSeries()->at(0).y(), h.ownedCapacity);
    QCOMPARE(chart.burstArea()->upperSeries()->at(0).y(), std::max(expected.front().gpus, h.ownedCapacity));
}

void TestHybridView::tabFollowsTheUtilizationWhenShown()
{
    ScenarioView view;
    view.resize(1400, 900);
    view.setScenario(baselinePeaks(), GpuCatalog::bundled());
    view.show();
    HybridPanel *panel = view.hybridPanel();
    QCOMPARE(view.chartTabs()->tabText(view.chartTabs()->indexOf(panel)), QStringLiteral("How much to own"));
    QCOMPARE(view.chartTabs()->indexOf(panel), view.chartTabs()->count() - 1);
    view.chartTabs()->setCurrentWidget(panel);
    QVERIFY(!panel->isEmptyState());
    QCOMPARE(view.currentChart(), static_cast<charts::ChartPanel *>(panel->ownershipChart()));

    const auto check = [&](double u) {
        const ScenarioAnalysis *analysis = view.analysis();
        QCOMPARE(panel->ownershipChart()->utilization(), u);
        QCOMPARE(panel->loadDurationChart()->utilization(), u);
        const HybridResult &h = analysis->hybrids()[0];
        QVERIFY(samePoints(panel->ownershipChart()->curvePoints()[0], finitePoints(h)));
        QCOMPARE(panel->loadDurationChart()->capacityLine()->at(0).y(), h.ownedCapacity);
        QString sentence = hybridSentence(*analysis->costModel(), h);
        sentence[0] = sentence[0].toUpper();
        QCOMPARE(panel->sentenceLabel()->text(), sentence);
        QVERIFY(panel->detailsLabel()->text().contains(hybridEndsText(*analysis->costModel(), h)));
        QVERIFY(panel->detailsLabel()->text().contains(QStringLiteral("burst %1 of the work").arg(formatPercent(h.burstShare))));
    };
    check(view.utilization());
    view.setUtilization(0.3);
    check(0.3);
    view.setUtilization(0.9);
    check(0.9);

    // Hidden, the tab does not follow; shown again, it catches up.
    view.chartTabs()->setCurrentIndex(0);
    view.setUtilization(0.45);
    QCOMPARE(panel->ownershipChart()->utilization(), 0.9);
    view.chartTabs()->setCurrentWidget(panel);
    check(0.45);
}

void TestHybridView::comboChoosesTheHybridShown()
{
    ScenarioView view;
    view.setScenario(baselinePeaks(), GpuCatalog::bundled());
    HybridPanel *panel = view.hybridPanel();
    view.chartTabs()->setCurrentWidget(panel);
    QCOMPARE(panel->hybridBox()->count(), 2);
    QVERIFY(!panel->hybridBox()->isHidden());
    panel->hybridBox()->setCurrentIndex(1);
    QCOMPARE(panel->currentHybrid(), 1);
    const HybridResult &h = view.analysis()->hybrids()[1];
    QVERIFY(panel->sentenceLabel()->text().contains(QStringLiteral("AWS p5.48xlarge, spot")) || h.burstShare <= 0);
    QCOMPARE(panel->loadDurationChart()->capacityLine()->at(0).y(), h.ownedCapacity);
    QVERIFY(panel->loadDurationChart()->burstArea()->name().contains(QStringLiteral("AWS p5.48xlarge, spot")));
    // A tick keeps the choice.
    view.setUtilization(0.7);
    QCOMPARE(panel->currentHybrid(), 1);
    QCOMPARE(panel->hybridBox()->currentIndex(), 1);
}

void TestHybridView::emptyStateOffersToAddOne()
{
    ScenarioView view;
    view.setScenario(example(QStringLiteral("h100-server")), GpuCatalog::bundled());
    QVERIFY(view.costModel());
    QVERIFY(view.analysis()->hybrids().empty());
    HybridPanel *panel = view.hybridPanel();
    view.chartTabs()->setCurrentWidget(panel);
    QVERIFY(panel->isEmptyState());
    QCOMPARE(panel->addButton()->text(), QStringLiteral("Add Hybrid Option…"));
    QSignalSpy spy(&view, &ScenarioView::addHybridRequested);
    QTest::mouseClick(panel->addButton(), Qt::LeftButton);
    QCOMPARE(spy.count(), 1);

    // A scenario with hybrid options leaves the empty state.
    view.setScenario(baselinePeaks(), GpuCatalog::bundled());
    QVERIFY(!panel->isEmptyState());
    QVERIFY(!panel->sentenceLabel()->text().isEmpty());
}

void TestHybridView::reportSaysHowMuchToOwn()
{
    const Scenario s = baselinePeaks();
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(s.workload.utilization);
    const std::vector<HybridResult> results = HybridModel(model.input()).evaluateAll(s.workload.utilization);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    exporting::writeReport(s, GpuCatalog::bundled(), model, e, path);
    QVERIFY(isPdf(path));
    const QString text = pdfText(path);
    QVERIFY(!text.isEmpty());
    QVERIFY(text.contains(QStringLiteral("How much to own")));
    QVERIFY(text.contains(QStringLiteral("Load duration")));
    for (const HybridResult &h : results) {
        const QString sentence = hybridSentence(model, h);
        QVERIFY2(sentence.startsWith(QStringLiteral("own ")), qPrintable(sentence));
        QVERIFY2(text.contains(sentence), qPrintable(sentence));
        QVERIFY(text.contains(hybridEndsText(model, h)));
        QVERIFY(text.contains(QStringLiteral("Owned utilization: %1").arg(formatPercent(*h.ownedUtilization))));
    }
    // A scenario without hybrid options has no such section.
    const Scenario plain = example(QStringLiteral("h100-server"));
    const CostModel plainModel(assemble(plain, GpuCatalog::bundled()));
    const QString plainPath = dir.filePath(QStringLiteral("plain.pdf"));
    exporting::writeReport(plain, GpuCatalog::bundled(), plainModel, plainModel.evaluate(0.5), plainPath);
    QVERIFY(isPdf(plainPath));
    QVERIFY(!pdfText(plainPath).contains(QStringLiteral("How much to own")));
}

void TestHybridView::exportHybridCharts()
{
    const Scenario s = baselinePeaks();
    const CostModel model(assemble(s, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(s.workload.utilization);
    QTemporaryDir dir;
    for (charts::ChartKind kind : {charts::ChartKind::Ownership, charts::ChartKind::LoadDuration}) {
        const QString pdf = dir.filePath(charts::toString(kind) + QStringLiteral(".pdf"));
        exporting::exportChart(model, e, kind, pdf);
        QVERIFY(isPdf(pdf));
        const QString png = dir.filePath(charts::toString(kind) + QStringLiteral(".png"));
        exporting::exportChart(model, e, kind, png);
        QImage image(png);
        QCOMPARE(image.size(), QSize(1200, 750));
        // A panel made for export evaluates the hybrid options itself.
        auto panel = exporting::makeExportPanel(model, e, kind, QSize(900, 600));
        auto *hybrid = qobject_cast<charts::HybridChart *>(panel.get());
        QVERIFY(hybrid);
        QCOMPARE(int(hybrid->results().size()), 2);
        QCOMPARE(hybrid->results()[0].tco, HybridModel(model.input()).evaluate(0, s.workload.utilization).tco);
    }
    // A scenario without hybrid options has nothing to draw.
    const CostModel plain(assemble(example(QStringLiteral("h100-server")), GpuCatalog::bundled()));
    QVERIFY_THROWS_EXCEPTION(InputError, exporting::exportChart(plain, plain.evaluate(0.5), charts::ChartKind::Ownership,
                                                                dir.filePath(QStringLiteral("none.png"))));
}

void TestHybridView::infeasibleShowsItsReason()
{
    // No GPU of the scenario has 200 GB: no build nor cloud option can run the work.
    Scenario s = baselinePeaks();
    s.workload.minGpuMemoryGB = 200;
    ScenarioView view;
    view.setScenario(s, GpuCatalog::bundled());
    QVERIFY(view.costModel());
    HybridPanel *panel = view.hybridPanel();
    view.chartTabs()->setCurrentWidget(panel);
    const HybridResult &h = view.analysis()->hybrids()[0];
    QVERIFY(!h.status.feasible);
    QVERIFY(!h.status.reason.isEmpty());
    QVERIFY(!panel->isEmptyState());
    QCOMPARE(panel->sentenceLabel()->text(), QStringLiteral("%1 is not possible: %2").arg(h.name, h.status.reason));
    QVERIFY(panel->ownershipChart()->lineSeries().isEmpty());
    QVERIFY(panel->ownershipChart()->caption().contains(h.status.reason));
    QVERIFY(panel->loadDurationChart()->caption().contains(h.status.reason));
}

QTEST_MAIN(TestHybridView)
#include "test_hybridview.moc"
