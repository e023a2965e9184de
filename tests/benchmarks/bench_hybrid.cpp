// Choosing how much to own (docs/model.md, "Hybrid fleets"): a year of hourly demand (8,760
// steps: working-hours peaks, quiet weekends, deadline bursts) and 8-GPU servers, so every K from
// 0 to 100 is priced over 60 months. The budget is 10 ms for the whole answer: the model built
// (the profile sorted into its load-duration curve) and every K evaluated. Beside it, the plain
// loop the load-duration curve replaces (every K, month and step), on the same input.
#include "benchsupport.h"
#include "catalog/gpucatalog.h"
#include "engine/assembly.h"
#include "engine/hybrid.h"

#include <QElapsedTimer>

#include <cmath>
#include <cstdio>
#include <random>

using namespace breakeven;
using namespace benchsupport;

namespace {

Scenario yearOfHours()
{
    Scenario s;
    s.name = QStringLiteral("Hybrid benchmark");
    s.horizonMonths = 60;
    s.referenceGpu = QStringLiteral("H100-SXM5-80GB");
    std::mt19937 random(11);
    std::uniform_real_distribution<double> noise(0.8, 1.2);
    WorkloadDemand demand;
    demand.stepHours = 1;
    demand.gpus.resize(8760);
    for (int h = 0; h < 8760; ++h) {
        const int hourOfDay = h % 24;
        const bool weekend = (h / 24) % 7 >= 5;
        double busy = weekend ? 120 : (hourOfDay >= 8 && hourOfDay < 20 ? 420 : 220);
        if ((h / 24) % 60 >= 50) // ten days before each deadline
            busy *= 1.8;
        demand.gpus[std::size_t(h)] = std::min(800.0, busy * noise(random));
    }
    demand.gpus[4000] = 800; // the peak: 100 servers of 8
    s.workload = withDemand(s.workload, demand);
    OnPremBuild b;
    b.name = QStringLiteral("8 x H100 server");
    b.gpu = QStringLiteral("H100-SXM5-80GB");
    b.gpuCount = 8;
    b.listPrice = 250000;
    b.infrastructureOneTime = 15000;
    b.electricityPerKWh = 0.12;
    b.pue = 1.4;
    b.overheadPerYearOfHardware = 0.08;
    b.laborPerMonth = 400;
    s.onPremOptions = {b};
    CloudOption c;
    c.name = QStringLiteral("8 x H100 on-demand");
    c.gpu = QStringLiteral("H100-SXM5-80GB");
    c.gpusPerInstance = 8;
    c.pricePerHour = 24.0;
    c.maxGpus = 100000;
    c.platformFeePerMonth = 500;
    s.cloudOptions = {c};
    s.hybridOptions = {{QStringLiteral("own the baseline"), b.name, c.name, std::nullopt}};
    return s;
}

// Every K, month and step, by the definition.
double plainBest(const Scenario &s, int lastK, double *bestTco)
{
    const std::vector<double> &g = s.workload.demand->gpus;
    const double steps = double(g.size());
    int best = -1;
    for (int k = 0; k <= lastK; ++k) {
        const double capacity = 8.0 * k;
        double total = k * 265000.0;
        for (int m = 1; m <= s.horizonMonths; ++m) {
            double owned = 0, burst = 0;
            for (double step : g) {
                owned += std::min(step, capacity);
                burst += std::max(0.0, step - capacity);
            }
            total += (owned + burst) / steps * 1e-9 + burst / steps * kHoursPerMonth * 3.0 + k * 400.0;
        }
        if (best < 0 || total < *bestTco) {
            best = k;
            *bestTco = total;
        }
    }
    return best;
}

} // namespace

int main()
{
    const Scenario s = yearOfHours();
    const EngineInput input = assemble(s, GpuCatalog::bundled());
    const double u = s.workload.utilization;
    std::vector<double> runs, evaluateOnly;
    int units = -1;
    std::size_t curve = 0;
    for (int i = 0; i < 200; ++i) {
        QElapsedTimer timer;
        timer.start();
        const HybridModel model(input);
        const qint64 built = timer.nsecsElapsed();
        const HybridResult r = model.evaluate(0, u);
        const qint64 done = timer.nsecsElapsed();
        runs.push_back(double(done) / 1e6);
        evaluateOnly.push_back(double(done - built) / 1e6);
        units = r.units;
        curve = r.tcoByUnits.size();
    }
    std::printf("hybrid, 8,760 hourly steps, K = 0..%zu, 60 months: build + choose K median %.2f ms, p95 %.2f ms "
                "(budget 10 ms, p95 ratio %.3f); choosing K alone (a slider tick) median %.3f ms; K = %d\n",
                curve - 1, percentile(runs, 0.5), percentile(runs, 0.95), percentile(runs, 0.95) / 10.0,
                percentile(evaluateOnly, 0.5), units);
    std::printf("  floor: %zu K x 60 months = %zu curve lookups of ~14 comparisons each, and one sort of 8,760 "
                "steps (70 KB)\n", curve, curve * 60);

    QElapsedTimer timer;
    timer.start();
    double bestTco = 0;
    const int plainK = int(plainBest(s, int(curve) - 1, &bestTco));
    const double plainMs = double(timer.nsecsElapsed()) / 1e6;
    std::printf("  reference, the plain loop over K, months and steps (%zu x 60 x 8,760 = %.0f M steps, rental only): "
                "%.0f ms, %.0f x the median (checksum %d)\n",
                curve, double(curve) * 60 * 8760 / 1e6, plainMs, plainMs / percentile(runs, 0.5), plainK);
    return 0;
}
