// Risk benchmark (docs/benchmarks.md): 10,000 samples of a 50-option x 60-month scenario with the
// six default uncertain inputs, against the 100 ms budget; the live preview (1,000 samples, no
// tornado, 200 ticks of the slider) at p95 against 16 ms; with each, the share of the processor
// time the virtual machine's host took meanwhile; and the plain loop (one full engine evaluation
// per sample) in the same run, for the ratio. Prints the physical floor: the cells computed and
// the bytes kept.
// `bench_risk live` times the live preview alone, `bench_risk full` the 10,000-sample runs alone
// (for a profiler).
#include "benchsupport.h"
#include "engine/assembly.h"
#include "engine/risk.h"
#include "engine/risksampler.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <random>

using namespace breakeven;
using namespace benchsupport;

namespace {

double milliseconds(const QElapsedTimer &timer) { return double(timer.nsecsElapsed()) / 1e6; }

// Times five runs of `request` on `scenario`; keeps the last result in `result`.
std::vector<double> fiveRuns(const Scenario &scenario, const RiskRequest &request, RiskResult &result)
{
    std::vector<double> runs;
    for (int round = 0; round < 5; ++round) {
        QElapsedTimer timer;
        timer.start();
        result = analyseRisk(scenario, GpuCatalog::bundled(), request);
        runs.push_back(milliseconds(timer));
    }
    return runs;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

double percentile95(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(0.95 * double(v.size())))];
}

// The 10,000-sample runs: prints their figures, returns the median without the tornado.
double fullRuns(const Scenario &scenario, const Uncertainty &ranges)
{
    const GpuCatalog &catalog = GpuCatalog::bundled();
    const int n = int(scenario.onPremOptions.size() + scenario.cloudOptions.size());
    const int months = scenario.horizonMonths + 1;
    RiskRequest full;
    full.samples = 10000;
    RiskResult result;
    const StolenTime stolen;
    const std::vector<double> runs = fiveRuns(scenario, full, result);
    RiskRequest sampling = full;
    sampling.tornado = false;
    RiskResult untimed;
    const std::vector<double> samplingRuns = fiveRuns(scenario, sampling, untimed);
    const std::vector<ResolvedRange> resolved = resolveRanges(scenario, ranges);
    const CurveSampler sampler(scenario, catalog, resolved);
    const double cells = 10000.0 * n * months;
    const double kept = 10000.0 * (8.0 * n + 4.0 * double(result.pairs.size()))
        + double(result.bandSamples) * sampler.keptFloats() * 4.0;
    std::printf("risk, %d options x %d months, %zu uncertain inputs, %zu pairs, 10,000 samples: %.0f ms median of 5 "
                "(budget 100 ms: ratio %.2f); without the tornado %.0f ms; the first run %.0f ms (its memory new "
                "to the process)%s\n",
                n, months, resolved.size(), result.pairs.size(), median(runs), median(runs) / 100.0,
                median(samplingRuns), runs.front(), stolenNote(stolen).c_str());
    std::printf("  floor: %.1f M curve cells computed, %.1f M crossover scans of up to %d months, %.0f MB kept "
                "(%.0f bytes per sample, and %d more per sample of the bands); %d of %d options interpolated\n",
                cells / 1e6, 10000.0 * double(result.pairs.size()) / 1e6, months, kept / 1e6,
                8.0 * n + 4.0 * double(result.pairs.size()), 4 * sampler.keptFloats(), sampler.interpolatedOptions(), n);

    // The common shape: a few builds against many cloud offers (5 x 45: 225 pairs).
    {
        Scenario few = benchmarkScenario(90, 60);
        few.onPremOptions.resize(5);
        few.cloudOptions.resize(45);
        few.uncertainty = defaultUncertainty(few);
        RiskResult r;
        const std::vector<double> shaped = fiveRuns(few, full, r);
        std::printf("risk, 5 builds + 45 cloud options x %d months, %zu pairs, 10,000 samples: %.0f ms median of 5 "
                    "(budget 100 ms: ratio %.2f)\n",
                    months, r.pairs.size(), median(shaped), median(shaped) / 100.0);
    }
    return median(samplingRuns);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const GpuCatalog &catalog = GpuCatalog::bundled();
    Scenario scenario = benchmarkScenario(50, 60);
    const Uncertainty ranges = defaultUncertainty(scenario);
    scenario.uncertainty = ranges;

    const bool liveOnly = argc > 1 && QByteArray(argv[1]) == "live";
    const double sampled = liveOnly ? 0 : fullRuns(scenario, ranges);
    if (argc > 1 && QByteArray(argv[1]) == "full")
        return 0;

    // The live preview: 1,000 samples at a new utilization per tick, no tornado; with the bands,
    // then without them, as the Risk tab asks while they are hidden.
    RiskRequest live;
    live.samples = 1000;
    live.tornado = false;
    // As the Risk tab does: the lay-outs kept from tick to tick (only the utilization moves).
    RiskReuse reuse;
    live.reuse = &reuse;
    // The slider dragged from 20 % to 80 % and back, one tick at each of 200 utilizations: enough
    // ticks that the p95 is the tenth slowest, not decided by one pause of the machine.
    constexpr int kTicks = 200;
    const auto ticks = [&] {
        std::vector<double> times;
        for (int tick = 0; tick < kTicks; ++tick) {
            Scenario moved = scenario;
            moved.workload.utilization = 0.2 + 0.003 * (tick < kTicks / 2 ? 2 * tick : 2 * (kTicks - 1 - tick) + 1);
            moved.uncertainty = defaultUncertainty(moved);
            QElapsedTimer timer;
            timer.start();
            analyseRisk(moved, catalog, live);
            times.push_back(milliseconds(timer));
        }
        return times;
    };
    analyseRisk(scenario, catalog, live); // the tab's first run, before the slider moves
    const StolenTime stolenLive;
    const std::vector<double> withBands = ticks();
    std::printf("risk live preview, 1,000 samples, %d utilization ticks: median %.1f ms, p95 %.1f ms "
                "(budget 16 ms: ratio %.2f); lay-outs kept in %d of %d ticks%s\n",
                kTicks, median(withBands), percentile95(withBands), percentile95(withBands) / 16.0, reuse.reused, kTicks,
                stolenNote(stolenLive).c_str());
    live.bands = false;
    const std::vector<double> withoutBands = ticks();
    std::printf("  without the bands (the Risk tab while they are hidden): median %.1f ms, p95 %.1f ms "
                "(ratio %.2f)\n",
                median(withoutBands), percentile95(withoutBands), percentile95(withoutBands) / 16.0);

    if (liveOnly)
        return 0;
    // The plain loop: one full engine evaluation per sample (1,000 samples, scaled to 10,000).
    const std::vector<ResolvedRange> resolved = resolveRanges(scenario, ranges);
    QElapsedTimer timer;
    timer.start();
    std::mt19937_64 generator(1);
    Evaluation evaluation;
    double checksum = 0;
    for (int s = 0; s < 1000; ++s) {
        Scenario drawn = scenario;
        for (const ResolvedRange &r : resolved) {
            const double q = (double(generator() >> 11) + 0.5) * 0x1.0p-53;
            for (const RangeElement &e : r.elements)
                e.field.set(drawn, drawElement(e, r.input.distribution, q));
        }
        const CostModel model(assemble(drawn, catalog));
        model.evaluate(std::clamp(drawn.workload.utilization, 0.0, 1.0), evaluation);
        checksum += evaluation.tco(0);
    }
    const double plain = milliseconds(timer) * 10;
    std::printf("  the plain loop (full evaluation per sample, curves only) for 10,000 samples: %.0f ms; "
                "sampled %.1fx faster (checksum %.3g)\n",
                plain, plain / sampled, checksum);
    return 0;
}
