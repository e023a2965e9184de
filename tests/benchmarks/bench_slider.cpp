// Slider benchmark: a scenario of 50 options x 120 months in a shown ScenarioView; each step sets
// the utilization and waits for the cumulative chart to repaint. Prints median, p95 and max
// against the 16 ms budget of docs/architecture.md, then the engine alone at 1,000 options.
#include "charts/chartview.h"
#include "charts/cumulativechart.h"
#include "engine/costmodel.h"
#include "scenarioview/scenarioview.h"

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace breakeven;

namespace {

constexpr double kBudgetMs = 16.0;

Scenario benchmarkScenario(int options, int months)
{
    const QStringList gpus{QStringLiteral("A100-SXM4-80GB"), QStringLiteral("H100-SXM5-80GB"), QStringLiteral("RTX-4090"),
                           QStringLiteral("L40S"), QStringLiteral("A10G"), QStringLiteral("RTX-3090")};
    Scenario s;
    s.name = QStringLiteral("Slider benchmark");
    s.currency = QStringLiteral("USD");
    s.horizonMonths = months;
    s.workload.gpus = 16;
    s.workload.utilization = 0.5;
    s.workload.growthPerYear = 0.2;
    for (int i = 0; i < options; ++i) {
        const QString gpu = gpus[i % gpus.size()];
        if (i % 2 == 0) {
            OnPremBuild b;
            b.name = QStringLiteral("Build %1 (%2)").arg(i).arg(gpu);
            b.gpu = gpu;
            b.gpuCount = 8;
            b.listPrice = 60000 + 2500 * i;
            b.infrastructureOneTime = 3000;
            b.electricityPerKWh = 0.12 + 0.01 * (i % 5);
            b.pue = 1.4;
            b.overheadPerYearOfHardware = 0.08;
            s.onPremOptions.push_back(b);
        } else {
            CloudOption c;
            c.name = QStringLiteral("Cloud %1 (%2)").arg(i).arg(gpu);
            c.provider = QStringLiteral("bench");
            c.instanceType = QStringLiteral("x%1").arg(i);
            c.gpu = gpu;
            c.gpusPerInstance = 8;
            c.pricing = PricingPlan(i % 4);
            c.pricePerHour = 8.0 + 0.9 * (i % 13);
            c.maxGpus = 512;
            s.cloudOptions.push_back(c);
        }
    }
    return s;
}

EngineInput engineInput(int options, int months)
{
    EngineInput in;
    in.horizonMonths = months;
    in.gpus = 16;
    in.growthPerYear = 0.3;
    for (int i = 0; i < options; ++i) {
        OptionInput o;
        o.name = QStringLiteral("option %1").arg(i);
        o.relativeThroughput = 0.5 + (i % 7) * 0.25;
        o.memoryGB = 80;
        if (i % 2 == 0) {
            o.kind = OptionKind::OnPrem;
            o.onPrem.hardware = 20000 + 500 * i;
            o.onPrem.idleW = 300;
            o.onPrem.loadW = 3000;
            o.onPrem.electricityPerKWh = 0.15;
            o.onPrem.devicesPerUnit = 8;
        } else {
            o.kind = OptionKind::Cloud;
            o.cloud.plan = PricingPlan(i % 4);
            o.cloud.pricePerGpuHour = 1.0 + (i % 11) * 0.2;
            o.cloud.maxGpus = 1000;
        }
        in.options.push_back(o);
    }
    return in;
}

double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5))];
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    constexpr int kOptions = 50;
    constexpr int kMonths = 120;
    constexpr int kPasses = 4;
    ScenarioView view;
    view.resize(1280, 800);
    QElapsedTimer setup;
    setup.start();
    view.setScenario(benchmarkScenario(kOptions, kMonths));
    view.show();
    QCoreApplication::processEvents();
    std::printf("scenario of %d options x %d months: setScenario and first paint %.1f ms\n", kOptions, kMonths,
                setup.nsecsElapsed() / 1e6);

    QWidget *viewport = view.cumulativeChart()->chartView()->viewport();
    std::vector<double> ticks;
    QElapsedTimer timer;
    for (int pass = 0; pass < kPasses; ++pass) {
        for (int step = 0; step <= 100; ++step) {
            const int percent = pass % 2 == 0 ? step : 100 - step; // drag right, then back
            timer.start();
            view.setUtilization(percent / 100.0);
            QCoreApplication::processEvents(); // chart layout and scene updates
            viewport->repaint();               // synchronous paint of the chart
            ticks.push_back(timer.nsecsElapsed() / 1e6);
        }
    }
    const double p50 = percentile(ticks, 0.5);
    const double p95 = percentile(ticks, 0.95);
    const double max = *std::max_element(ticks.begin(), ticks.end());
    std::printf("slider tick to repainted cumulative chart (%zu ticks): median %.2f ms, p95 %.2f ms, max %.2f ms\n",
                ticks.size(), p50, p95, max);
    std::printf("p95 / %.0f ms budget: %.2f\n", kBudgetMs, p95 / kBudgetMs);

    const CostModel model(engineInput(1000, kMonths));
    std::vector<double> evaluations;
    volatile double sink = 0;
    for (int run = 0; run < 400; ++run) {
        timer.start();
        const Evaluation e = model.evaluate((run % 101) / 100.0);
        evaluations.push_back(timer.nsecsElapsed() / 1e6);
        sink = sink + e.tco(0);
    }
    std::printf("CostModel::evaluate, 1000 options x %d months: median %.3f ms, p95 %.3f ms (budget: well under 1 ms)\n",
                kMonths, percentile(evaluations, 0.5), percentile(evaluations, 0.95));
    return 0;
}
