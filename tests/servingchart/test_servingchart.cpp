// The "Cost per million tokens" chart offscreen: one line per option from the engine's curve, a
// numbered, labelled mark per break-even rate on the curves where the two costs meet, the
// workload's rate as a dotted line, a tab of the window only while the workload serves, and
// export to PDF and PNG.
#include "charts/servingchart.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/servingcurve.h"
#include "engine/servingresults.h"
#include "export/chartexport.h"
#include "inputerror.h"
#include "scenarioview/scenarioview.h"
#include "../engine/servingfixtures.h"
#include "../support/testsupport.h"

#include <QChart>
#include <QCategoryAxis>
#include <QImage>
#include <QLegend>
#include <QPainter>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace breakeven;
using namespace breakeven::fixtures;

class TestServingChart : public QObject {
    Q_OBJECT

private slots:
    void oneLinePerOptionAndAMarkPerBreakEven()
    {
        const Scenario s = servingScenario();
        const CostModel m(assemble(s, servingGpus()));
        const double u = s.workload.utilization;
        const Evaluation e = m.evaluate(u);
        charts::ServingChart chart;
        chart.resize(1200, 750);
        chart.setModel(&m);
        chart.setEvaluation(e);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));

        // One series per option, named after it, in option order.
        QCOMPARE(int(chart.optionSeries().size()), m.optionCount());
        for (int k = 0; k < chart.optionSeries().size(); ++k) {
            QCOMPARE(chart.optionOfSeries(k), k);
            QVERIFY(chart.optionSeries()[k]->name().startsWith(m.option(k).name.left(8)));
            QVERIFY(chart.optionSeries()[k]->count() > 20);
        }
        // At the workload's rate each line is the results' cost per million tokens.
        const auto figures = servingOptionFigures(m, e);
        for (int k = 0; k < chart.optionSeries().size(); ++k) {
            const QList<QPointF> points = chart.optionSeries()[k]->points();
            const auto at = std::find_if(points.begin(), points.end(),
                                         [](const QPointF &p) { return std::abs(p.x() - std::log10(20.0)) < 1e-9; });
            QVERIFY(at != points.end());
            const double cost = charts::ServingChart::valueAt(*at).y();
            QVERIFY(std::abs(cost - *figures[std::size_t(k)].costPerMillionTokens) < 1e-9 * cost);
        }
        // The workload's rate is the dotted line.
        QVERIFY(chart.currentRateLine());
        QCOMPARE(chart.currentRateLine()->count(), 2);
        QVERIFY(std::abs(chart.currentRateLine()->at(0).x() - std::log10(20.0)) < 1e-12);

        // Every break-even inside the range is a mark on the curves, numbered, said in words.
        int inside = 0;
        for (const ServingBreakEven &b : chart.breakEvens())
            if (b.requestsPerSecond && *b.requestsPerSecond >= 2 && *b.requestsPerSecond <= 200)
                ++inside;
        QVERIFY(inside >= 2);
        QCOMPARE(chart.breakEvenSeries()->count(), inside);
        QCOMPARE(int(chart.breakEvenLabels().size()), inside);
        QCOMPARE(int(chart.markLabelRects().size()), inside);
        const QString caption = chart.caption();
        for (int k = 0; k < inside; ++k) {
            const QString label = chart.breakEvenLabels()[k];
            QVERIFY2(label.startsWith(QLatin1String("above ")) && label.contains(QLatin1String("requests a second"))
                         && label.contains(QLatin1String(" is cheaper than ")),
                     qPrintable(label));
            QVERIFY(caption.contains(QStringLiteral("%1 %2").arg(k + 1).arg(label)));
        }
        // The server against the cheaper API, by hand: 3.15 requests a second.
        QVERIFY2(caption.contains(QLatin1String("above 3.15 requests a second, 8 x H100 server is cheaper than Together Llama 70B")),
                 qPrintable(caption));
        // Each mark sits where its two options' lines meet.
        for (int k = 0; k < chart.breakEvenSeries()->count(); ++k) {
            const QPointF mark = charts::ServingChart::valueAt(chart.breakEvenSeries()->at(k));
            const ServingCurve at(m.input(), {mark.x()});
            int agreeing = 0;
            for (int i = 0; i < m.optionCount(); ++i)
                if (const auto cost = at.costPerMillionTokens(i, 0, u); cost && std::abs(*cost - mark.y()) < 0.01)
                    ++agreeing;
            QVERIFY(agreeing >= 2);
        }
        // The numbers do not overlap each other.
        const QList<QRectF> boxes = chart.markLabelRects();
        for (int a = 0; a < boxes.size(); ++a)
            for (int b = a + 1; b < boxes.size(); ++b)
                QVERIFY(!boxes[a].intersects(boxes[b]));
        // The rented H100s run into their quota: the caption says where the line ends and why.
        QVERIFY2(caption.contains(QLatin1String("8 x H100 rented ends at")), qPrintable(caption));
        // Round labels on both logarithmic axes.
        auto *x = qobject_cast<QCategoryAxis *>(chart.chart()->axes(Qt::Horizontal).value(0));
        QVERIFY(x);
        QVERIFY(x->categoriesLabels().contains(QLatin1String("10")));
        QVERIFY(x->categoriesLabels().contains(QLatin1String("100")));
    }

    void theUtilizationMovesTheCurves()
    {
        const Scenario s = servingScenario();
        const CostModel m(assemble(s, servingGpus()));
        charts::ServingChart chart;
        chart.resize(1000, 600);
        chart.setModel(&m);
        chart.setEvaluation(m.evaluate(s.workload.utilization));
        const double before = chart.optionSeries()[0]->at(0).y();
        chart.setEvaluation(m.evaluate(1.0));
        QVERIFY(chart.optionSeries()[0]->at(0).y() < before); // the server's units serve more tokens
        const auto breakEvens = servingBreakEvens(s, servingGpus(), m, 1.0);
        QCOMPARE(chart.breakEvens().size(), breakEvens.size());
        for (std::size_t p = 0; p < breakEvens.size(); ++p)
            if (breakEvens[p].requestsPerSecond)
                QVERIFY(std::abs(*chart.breakEvens()[p].requestsPerSecond - *breakEvens[p].requestsPerSecond)
                        < 1e-6 * *breakEvens[p].requestsPerSecond);
    }

    void aTabOnlyWhileTheWorkloadServes()
    {
        ScenarioView view;
        view.resize(1200, 800);
        view.setScenario(servingScenario(), servingGpus());
        QTabWidget *tabs = view.chartTabs();
        const int tab = tabs->indexOf(view.servingChart());
        QCOMPARE(tab, 3); // after the breakdown
        QCOMPARE(tabs->tabText(tab), QStringLiteral("Per token"));
        QCOMPARE(tabs->tabToolTip(tab), QStringLiteral("Cost per million tokens against traffic"));
        tabs->setCurrentIndex(tab);
        QCOMPARE(view.currentChart(), view.servingChart());
        QCOMPARE(int(view.servingChart()->optionSeries().size()), 4);
        QVERIFY(view.servingChart()->breakEvenSeries()->count() >= 2);

        Scenario gpuTime = servingScenario();
        gpuTime.workload.serving.reset();
        gpuTime.apiOptions.clear();
        view.setScenario(gpuTime, servingGpus());
        QCOMPARE(tabs->indexOf(view.servingChart()), -1);
        QVERIFY(tabs->currentWidget() != view.servingChart());
        view.setScenario(servingScenario(), servingGpus());
        QCOMPARE(tabs->indexOf(view.servingChart()), 3);
    }

    void legendNamesReadOnceAtAnyTextSize()
    {
        // "Together …" beside "The workload's rate": names that share only a first letter are
        // elided in the middle, not cut and repeated ("Toge…Together …").
        Scenario s = servingScenario();
        s.apiOptions[0].name = QStringLiteral("Together AI, Llama 3.1 70B Turbo");
        const CostModel m(assemble(s, servingGpus()));
        const Evaluation e = m.evaluate(s.workload.utilization);
        auto panel = exporting::makeExportPanel(m, e, charts::ChartKind::Serving, QSize(1000, 620));
        panel->renderTo(nullptr, QRectF(0, 0, 1000, 620));
        panel->setTextScale(1.6); // as the report draws it
        QImage image(QSize(1000, 620), QImage::Format_RGB32);
        QPainter painter(&image);
        panel->renderTo(&painter, QRectF(0, 0, 1000, 620));
        painter.end();
        int shown = 0;
        for (QLegendMarker *marker : panel->chart()->legend()->markers()) {
            if (!marker->isVisible())
                continue;
            ++shown;
            QVERIFY2(marker->label().count(QLatin1String("Toge")) <= 1, qPrintable(marker->label()));
        }
        QCOMPARE(shown, 6); // four options, the workload's rate, the break-evens
    }

    void exportsLikeTheOtherCharts()
    {
        const Scenario s = servingScenario();
        const CostModel m(assemble(s, servingGpus()));
        const Evaluation e = m.evaluate(s.workload.utilization);
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("serving.pdf"));
        exporting::exportChart(m, e, charts::ChartKind::Serving, pdf);
        QVERIFY(testsupport::isPdf(pdf));
        const QString png = dir.filePath(QStringLiteral("serving.png"));
        exporting::exportChart(m, e, charts::ChartKind::Serving, png, {QSize(900, 600), 96});
        const QImage image(png);
        QCOMPARE(image.size(), QSize(900, 600));
        QVERIFY(charts::chartKindFromString(QStringLiteral("serving")) == charts::ChartKind::Serving);

        // A workload counted in GPU time has no such chart: refused, naming the file.
        Scenario gpuTime = s;
        gpuTime.workload.serving.reset();
        gpuTime.apiOptions.clear();
        const CostModel plain(assemble(gpuTime, servingGpus()));
        try {
            exporting::exportChart(plain, plain.evaluate(0.5), charts::ChartKind::Serving, pdf);
            QFAIL("a serving chart of a workload that does not serve was written");
        } catch (const InputError &error) {
            QCOMPARE(error.where(), pdf);
            QVERIFY(error.message().contains(QLatin1String("serve")));
        }
    }
};

QTEST_MAIN(TestServingChart)
#include "test_servingchart.moc"
