// Engine benchmark: 1,000 options x 120 months. Prints the time to lay out the scenario once
// and to evaluate one utilization value (the work of a slider tick), against the budget of
// docs/benchmarks.md: well under a millisecond per evaluation.
#include "engine/costmodel.h"

#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace breakeven;

namespace {

EngineInput scenario(int options, int months)
{
    EngineInput in;
    in.scenarioName = QStringLiteral("benchmark");
    in.horizonMonths = months;
    in.gpus = 16;
    in.growthPerYear = 0.3;
    in.discountRatePerYear = 0.05;
    in.creditResaleValue = true;
    for (int i = 0; i < options; ++i) {
        OptionInput o;
        o.name = QStringLiteral("option %1").arg(i);
        o.relativeThroughput = 0.5 + (i % 7) * 0.25;
        o.memoryGB = 80;
        if (i % 2 == 0) {
            o.kind = OptionKind::OnPrem;
            o.onPrem.hardware = 20000 + 500 * i;
            o.onPrem.infrastructureOneTime = 2000;
            o.onPrem.idleW = 300;
            o.onPrem.loadW = 3000;
            o.onPrem.electricityPerKWh = 0.15;
            o.onPrem.pue = 1.5;
            o.onPrem.overheadPerYearOfHardware = 0.1;
            o.onPrem.devicesPerUnit = 8;
            o.onPrem.lifetimeMonths = 36;
        } else {
            o.kind = OptionKind::Cloud;
            o.cloud.plan = PricingPlan(i % 4);
            o.cloud.pricePerGpuHour = 1.0 + (i % 11) * 0.2;
            o.cloud.platformFeePerMonth = 50;
            o.cloud.maxGpus = 1000;
        }
        in.options.push_back(o);
    }
    return in;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main()
{
    const int options = 1000;
    const int months = 120;
    const EngineInput input = scenario(options, months);

    std::vector<double> layout;
    for (int run = 0; run < 20; ++run) {
        QElapsedTimer t;
        t.start();
        const CostModel model(input);
        layout.push_back(t.nsecsElapsed() / 1e6);
    }

    const CostModel model(input);
    // As the slider does: into the same Evaluation each tick. Beside it, a fresh one each time.
    std::vector<double> evaluate;
    std::vector<double> fresh;
    double checksum = 0;
    Evaluation e;
    for (int run = 0; run < 500; ++run) {
        const double u = (run % 101) / 100.0;
        QElapsedTimer t;
        t.start();
        model.evaluate(u, e);
        evaluate.push_back(t.nsecsElapsed() / 1e6);
        checksum += e.tco(run % options);
        t.start();
        const Evaluation alone = model.evaluate(u);
        fresh.push_back(t.nsecsElapsed() / 1e6);
        checksum += alone.tco(run % options);
    }
    const double perTick = median(evaluate);
    std::printf("engine: %d options x %d months\n", options, months);
    std::printf("  lay out scenario once : %8.3f ms (median of 20)\n", median(layout));
    std::printf("  evaluate one u        : %8.3f ms (median of 500), budget 1 ms, ratio %.2f\n", perTick, perTick / 1.0);
    std::printf("  ... into a new result : %8.3f ms (median of 500; its arrays allocated and paged in each time)\n",
                median(fresh));
    std::printf("  (checksum %.0f)\n", checksum);
    return 0;
}
