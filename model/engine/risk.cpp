#include "risk.h"

#include "assembly.h"
#include "inputerror.h"
#include "riskkernels.h"
#include "riskpayoffs.h"
#include "risksampler.h"
#include "risktornado.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <thread>


namespace breakeven {

RiskReuse::RiskReuse() = default;
RiskReuse::~RiskReuse() = default;

namespace {

UncertainInput absolute(const QString &path, double low, double high)
{
    UncertainInput input;
    input.path = path;
    input.low = low;
    input.high = high;
    return input;
}

UncertainInput relative(const QString &path, double lowFactor, double highFactor)
{
    UncertainInput input;
    input.path = path;
    input.lowFactor = lowFactor;
    input.highFactor = highFactor;
    return input;
}

// A uniform quantile in (0, 1) from 53 random bits: the same on every platform and compiler
// (std::uniform_real_distribution is not specified bit for bit).
double nextQuantile(std::mt19937_64 &generator)
{
    return (double(generator() >> 11) + 0.5) * 0x1.0p-53;
}

} // namespace

Uncertainty defaultUncertainty(const Scenario &scenario, bool sampled)
{
    // Ranges centred on the scenario's own values (docs/model.md, "Uncertainty"): symmetric
    // triangles around each value v, so that v is each range's median and the futures spread
    // around the scenario instead of leaning to one side; a draw beyond a field's bounds is the
    // bound (resolveRanges), which keeps the median.
    Uncertainty u;
    const double own = scenario.workload.utilization;
    // A serving workload's utilization is its mean over its peak; what is uncertain is the
    // traffic itself (docs/model.md, "Serving").
    if (scenario.workload.serving)
        u.inputs.push_back(relative(QStringLiteral("workload.serving.requestsPerSecond"), 0.5, 1.5));
    else
        u.inputs.push_back(absolute(QStringLiteral("workload.utilization"), 0.5 * own, 1.5 * own));
    if (!scenario.apiOptions.empty() && scenario.workload.serving) {
        u.inputs.push_back(relative(QStringLiteral("apiOptions[*].pricePerMillionInput"), 0.8, 1.2));
        u.inputs.push_back(relative(QStringLiteral("apiOptions[*].pricePerMillionOutput"), 0.8, 1.2));
        const double change = scenario.apiPriceChangePerYear;
        u.inputs.push_back(absolute(QStringLiteral("apiPriceChangePerYear"), std::max(-0.9, change - 0.3), std::min(1.0, change + 0.3)));
    }
    if (!scenario.cloudOptions.empty()) {
        u.inputs.push_back(relative(QStringLiteral("cloudOptions[*].pricePerHour"), 0.8, 1.2));
        const double change = scenario.cloudPriceChangePerYear;
        u.inputs.push_back(absolute(QStringLiteral("cloudPriceChangePerYear"), change - 0.15, change + 0.15));
    }
    const std::vector<OnPremBuild> &builds = scenario.onPremOptions;
    if (builds.empty())
        return u;
    u.inputs.push_back(relative(QStringLiteral("onPremOptions[*].electricityPerKWh"), 0.7, 1.3));
    u.inputs.push_back(relative(QStringLiteral("onPremOptions[*].hardwarePrice"), 0.9, 1.1));
    const double hardwareChange = scenario.hardwarePriceChangePerYear;
    u.inputs.push_back(absolute(QStringLiteral("hardwarePriceChangePerYear"), hardwareChange - 0.15, hardwareChange + 0.15));
    // A field of every build, ± a step around each build's own value: one range for all of them
    // when they share the value (one draw), else one per build.
    const auto perBuild = [&](const char *field, double OnPremBuild::*member, const auto &halfWidth) {
        const bool alike = std::all_of(builds.begin(), builds.end(),
                                       [&](const OnPremBuild &b) { return b.*member == builds.front().*member; });
        for (std::size_t i = 0; i < (alike ? 1 : builds.size()); ++i) {
            const double v = builds[i].*member;
            const double w = halfWidth(v);
            if (!(w > 0))
                continue;
            const QString index = alike && builds.size() > 1 ? QStringLiteral("*") : QString::number(i);
            u.inputs.push_back(absolute(QStringLiteral("onPremOptions[%1].%2").arg(index, QLatin1String(field)), v - w, v + w));
        }
    };
    // The lifetime: ± 2 years, never under a year (narrower, still centred, for a shorter one),
    // whole months as the model counts them. A build whose lifetime moves is laid out in full for
    // each future (its replacements move in steps, about 3 µs a build and future), so a scenario
    // of more builds than kMaxLifetimeRanges leaves it out of the futures it samples unless the
    // scenario sets it; the tornado alone (`sampled` false) always has it.
    if (!sampled || int(builds.size()) <= kMaxLifetimeRanges)
        perBuild("lifetimeYears", &OnPremBuild::lifetimeYears, [](double v) { return std::min(2.0, v - 1.0); });
    // The resale haircut moves the answer only where the resale value is credited.
    if (scenario.creditResaleValue)
        perBuild("resaleHaircut", &OnPremBuild::resaleHaircut, [](double) { return 0.15; });
    return u;
}


namespace {

// The futures in blocks, shared out between two threads (sampleFutures): what the figures are
// made from.
struct Futures {
    std::size_t blocks = 0;          // of kBlockSamples samples
    std::size_t bandSamples = 0;     // the first samples, whose curves the bands are taken from
    std::size_t bandBlocks = 0;
    std::size_t keptBlockFloats = 0; // per block of bandStore
    std::unique_ptr<float[]> bandStore;
    std::vector<double> tco;         // option by option; NaN: infeasible in that sample
    // Each pair's crossover, block by block, a block's pairs side by side (NaN: either
    // infeasible; +inf: never within H).
    std::unique_ptr<float[]> crossover;
    // Per thread, per pair: its futures, those with on-prem cheaper, those that never cross, and
    // the crossings by month (tallyWidth = months + 3 counts).
    std::size_t tallyWidth = 0;
    std::vector<std::uint32_t> tallies[2];
};

// Samples S futures (their draws in `quantiles`, R a sample) block by block: every option's TCO,
// every pair's crossover, the pairs' tallies, and what gives the bands' samples' curves back. What
// is kept per sample: each option's TCO (8 bytes) and each pair's crossover (4 bytes); for the
// first kBandSamples samples (fewer when that passes kBandBytes), what gives each option's curve
// back for the bands (CurveSampler::keptFloats).
Futures sampleFutures(const CurveSampler &sampler, const CostModel &model, const std::vector<double> &quantiles,
                      std::size_t S, int n, int months, const RiskRequest &request, RiskResult &result)
{
    const std::size_t R = result.ranges.size();
    const std::size_t P = result.pairs.size();
    // Whole blocks of them within kBandBytes (at least one block).
    const std::size_t keptBlockFloats = std::size_t(sampler.keptFloats()) * kLanes;
    const std::size_t blockBytes = std::max<std::size_t>(1, keptBlockFloats * sizeof(float));
    const std::size_t bandSamples = request.bands
        ? std::max<std::size_t>(1, std::min({S, kBandSamples, std::max<std::size_t>(1, kBandBytes / blockBytes) * kBlockSamples}))
        : 0;
    result.bandSamples = int(bandSamples);
    // What gives the bands' samples' curves back, block by block as sampled (an interpolated
    // option's coordinates, a few floats a sample, rather than its months); read only where a
    // sample is feasible, so not cleared first.
    const std::size_t bandBlocks = (bandSamples + kBlockSamples - 1) / kBlockSamples;
    std::unique_ptr<float[]> bandStore(new float[std::max<std::size_t>(1, bandBlocks * keptBlockFloats)]);
    std::vector<double> tco(S * std::size_t(n), NAN); // option by option; NaN: infeasible in that sample
    // Each pair's crossover, block by block (kBlockSamples of a pair side by side), so that a block
    // writes one stretch; NaN: either infeasible; +inf: never within H.
    const std::size_t blocks = (S + kBlockSamples - 1) / kBlockSamples;
    std::unique_ptr<float[]> crossover(new float[blocks * P * kBlockSamples]); // every lane written (startPair)
    // Per pair, counted as the blocks go, one tally per thread: the samples in which both are
    // feasible, those with on-prem cheaper at H, those that never cross, and the crossings by
    // month (in (m - 1, m]).
    const std::size_t tallyWidth = std::size_t(months) + 3;
    std::vector<std::uint32_t> tallies[2];
    std::atomic<std::size_t> done = 0;
    // The options on each side of some pair: their stretches' bounds let a sweep pass over months
    // in which a lane cannot cross.
    std::vector<char> onPremSide(std::size_t(n), 0);
    std::vector<char> cloudSide(std::size_t(n), 0);
    for (const PairRisk &pair : result.pairs) {
        onPremSide[std::size_t(pair.onPrem)] = 1;
        cloudSide[std::size_t(pair.cloud)] = 1;
    }
    // Each thread takes the next block when it is done with one (blocks need not cost alike).
    std::atomic<std::size_t> nextBlock = 0;
    const auto run = [&](bool reports) {
        std::vector<std::uint32_t> &tally = tallies[reports ? 0 : 1];
        tally.assign(P * tallyWidth, 0);
        SampleBlock block;
        float margin[kLanes];
        StepBounds steps;
        steps.months = months;
        steps.paymentsOf.assign(std::size_t(n), nullptr);
        steps.isPayment.assign(std::size_t(n), {});
        steps.rises.assign(std::size_t(n) * kLanes, 0.0f);
        for (int i = 0; P > 0 && i < n; ++i)
            if (onPremSide[std::size_t(i)] && sampler.interpolates(i)) {
                steps.paymentsOf[std::size_t(i)] = &model.paymentMonths(i);
                steps.isPayment[std::size_t(i)].assign(std::size_t(months), 0);
                for (const int m : model.paymentMonths(i))
                    if (m >= 0 && m < months)
                        steps.isPayment[std::size_t(i)][std::size_t(m)] = 1;
            }
        std::vector<float> low(P > 0 ? std::size_t(n) * stretchBoundsSize(months) : 0);
        std::vector<float> high(low.size());
        const auto boundsOf = [&](std::vector<float> &bounds, int option) {
            return bounds.data() + std::ptrdiff_t(option) * std::ptrdiff_t(stretchBoundsSize(months));
        };
        for (std::size_t index = nextBlock++; index < blocks; index = nextBlock++) {
            if (request.cancel && request.cancel->load(std::memory_order_relaxed))
                throw RiskCancelled();
            const std::size_t first = index * kBlockSamples;
            const auto count = int(std::min(kBlockSamples, S - first));
            block.keep = first < bandSamples ? bandStore.get() + (first / kBlockSamples) * keptBlockFloats : nullptr;
            sampler.sample(quantiles.data() + first * R, count, block);
            for (int i = 0; i < n; ++i) {
                const std::uint64_t feasible = block.feasible[std::size_t(i)];
                for (int k = 0; k < count; ++k)
                    if ((feasible >> k) & 1)
                        tco[std::size_t(i) * S + first + std::size_t(k)] = block.tco[std::size_t(i) * kLanes + std::size_t(k)];
            }
            for (int i = 0; P > 0 && i < n; ++i)
                if ((onPremSide[std::size_t(i)] || cloudSide[std::size_t(i)]) && block.feasible[std::size_t(i)] != 0) {
                    stretchBounds(block.curve(i), months, block.feasible[std::size_t(i)], boundsOf(low, i), boundsOf(high, i));
                    if (cloudSide[std::size_t(i)] || steps.payments(i))
                        steps.measure(i, onPremSide[std::size_t(i)] != 0, block.curve(i));
                }
            // Pair by pair, every sample of the block at once: a month of both curves is a few
            // vector loads, compared in single precision with a margin that covers its error;
            // a comparison the margin cannot settle is decided in double.
            for (std::size_t p = 0; p < P; ++p) {
                const PairRisk &pair = result.pairs[p];
                float *out = crossover.get() + ((first / kBlockSamples) * P + p) * kBlockSamples;
                std::uint64_t pending = block.feasible[std::size_t(pair.onPrem)] & block.feasible[std::size_t(pair.cloud)];
                const std::uint64_t both = pending;
                std::uint32_t *counts = tally.data() + p * tallyWidth;
                const std::uint64_t cheaper = startPair(block.tco.data() + std::ptrdiff_t(pair.onPrem) * kLanes,
                                                        block.tco.data() + std::ptrdiff_t(pair.cloud) * kLanes,
                                                        block.error.data() + std::ptrdiff_t(pair.onPrem) * kLanes,
                                                        block.error.data() + std::ptrdiff_t(pair.cloud) * kLanes,
                                                        pending, margin, out);
                counts[0] += std::uint32_t(std::popcount(pending));
                counts[1] += std::uint32_t(std::popcount(cheaper & pending));
                const float *a = block.curve(pair.onPrem);
                const float *c = block.curve(pair.cloud);
                int from = 0;
                while (pending != 0) {
                    std::uint64_t unsettled = 0;
                    const int m = sweepCrossings(a, c, boundsOf(low, pair.onPrem), boundsOf(high, pair.cloud), margin,
                                                 months, from, pending, out, counts + 3, unsettled);
                    if (m < 0)
                        break;
                    // Within rounding of level, or not clearly above the month before: decided
                    // with CostModel::crossoverMonth's test, in double.
                    for (; unsettled != 0; unsettled &= unsettled - 1) {
                        const int k = std::countr_zero(unsettled);
                        const auto exactGap = [&](int at) {
                            const double x = sampler.exactValue(block, pair.onPrem, at, k);
                            const double y = sampler.exactValue(block, pair.cloud, at, k);
                            const double scale = std::max({1.0, std::abs(x), std::abs(y)});
                            return std::abs(x - y) <= 1e-12 * scale ? 0.0 : x - y;
                        };
                        const double now = exactGap(m);
                        if (now > 0)
                            continue; // still above: the lane stays pending
                        out[k] = crossingIn(m, m > 0 ? exactGap(m - 1) : 0.0, now);
                        ++counts[3 + m];
                        pending &= ~(std::uint64_t(1) << k);
                    }
                    from = m + 1;
                }
                counts[2] += std::uint32_t(std::popcount(pending));
                keepPayoffs(sampler, block, pair, both & ~pending, cheaper, a, c, boundsOf(high, pair.onPrem),
                            boundsOf(low, pair.cloud), margin, months, steps, out, counts);
            }
            done += std::size_t(count);
            if (reports && request.progress)
                request.progress(int(done.load()), int(S));
        }
    };
    inHalves(blocks, 4, [&](std::size_t, std::size_t, bool first) { run(first); });
    return {blocks, bandSamples, bandBlocks, keptBlockFloats, std::move(bandStore), std::move(tco), std::move(crossover),
            tallyWidth, {std::move(tallies[0]), std::move(tallies[1])}};
}

// Per option: TCO mean and quantiles, and the bands.
void addOptionFigures(const CurveSampler &sampler, const Futures &futures, std::size_t S, int n, int months,
                      RiskResult &result)
{
    const std::vector<double> &tco = futures.tco;
    const std::size_t bandSamples = futures.bandSamples;
    const std::size_t bandBlocks = futures.bandBlocks;
    const std::size_t keptBlockFloats = futures.keptBlockFloats;
    const std::unique_ptr<float[]> &bandStore = futures.bandStore;
    inParallel(std::size_t(n), [&](std::size_t option) {
        const auto i = int(option);
        std::vector<double> values;
        values.reserve(S);
        OptionRisk &o = result.options[std::size_t(i)];
        for (std::size_t s = 0; s < S; ++s)
            if (const double v = tco[std::size_t(i) * S + s]; !std::isnan(v))
                values.push_back(v);
        o.feasibleShare = double(values.size()) / double(S);
        o.bands = Eigen::ArrayXXd::Constant(3, months, NAN);
        if (values.empty())
            return;
        double sum = 0;
        for (const double v : values)
            sum += v;
        o.mean = sum / double(values.size());
        selectQuantiles(values, kTcoQuantiles.data(), int(kTcoQuantiles.size()), o.tco.data());
        static constexpr std::array<double, 3> kBands = {0.10, 0.50, 0.90};
        if (bandSamples == 0)
            return;
        // The bands: every month of the feasible samples among the first bandSamples. The
        // option's curves come back from what the blocks kept, month by month, the samples side
        // by side (a few hundred kilobytes, which the selection then reads from the cache).
        std::vector<double> band(std::size_t(months) * kBands.size());
        const std::size_t width = bandBlocks * kBlockSamples;
        thread_local std::vector<float> curves;
        curves.resize(std::size_t(months) * width);
        const std::size_t keptFrom = std::size_t(sampler.keptOffset(i)) * kLanes;
        for (std::size_t b = 0; b < bandBlocks; ++b)
            sampler.keptCurves(i, bandStore.get() + b * keptBlockFloats + keptFrom, curves.data() + b * kBlockSamples, width);
        std::vector<std::size_t> feasibleSamples;
        for (std::size_t s = 0; s < bandSamples; ++s)
            if (!std::isnan(tco[std::size_t(i) * S + s]))
                feasibleSamples.push_back(s);
        const std::size_t kept = feasibleSamples.size();
        if (kept == bandSamples) {
            // Feasible in every one: selected where they are.
            selectQuantilesByMonth(curves.data(), kept, months, width, kLanes, kBands.data(), int(kBands.size()), band.data());
        } else {
            // Else the feasible ones gathered month by month.
            thread_local std::vector<float> columns;
            columns.resize(std::size_t(months) * kept);
            for (int m = 0; m < months; ++m) {
                float *column = columns.data() + std::size_t(m) * kept;
                const float *month = curves.data() + std::size_t(m) * width;
                for (std::size_t k = 0; k < kept; ++k)
                    column[k] = month[feasibleSamples[k]];
            }
            selectQuantilesByMonth(columns.data(), kept, months, kBands.data(), int(kBands.size()), band.data());
        }
        for (int m = 0; m < months; ++m)
            for (int b = 0; b < 3; ++b)
                o.bands(b, m) = band[std::size_t(m) * kBands.size() + std::size_t(b)];
    });
}

// Per pair: the odds, when it pays off, and the crossover's quantiles.
void addPairFigures(const Futures &futures, std::size_t S, int months, RiskResult &result)
{
    const std::size_t P = result.pairs.size();
    const std::size_t blocks = futures.blocks;
    const std::size_t tallyWidth = futures.tallyWidth;
    const std::vector<std::uint32_t> (&tallies)[2] = futures.tallies;
    const std::unique_ptr<float[]> &crossover = futures.crossover;
    // The tallies tell the month bucket of each order statistic wanted, and only those buckets'
    // crossings are selected from. Three steps, so that the crossovers are read in the order they are kept (block by
    // block, the pairs of a block side by side).
    static constexpr std::array<double, 3> kCrossing = {0.10, 0.50, 0.90};
    struct Wanted {
        std::size_t crossings = 0;
        std::array<std::size_t, 6> ranks{};
        std::array<int, 6> slotOf{};   // per order statistic: its bucket's slot
        std::array<std::size_t, 6> before{}; // per order statistic: crossings in earlier buckets
        std::array<int, 6> months{};   // per slot: its month bucket, (m - 1, m]
        int used = 0;                  // slots in use
        std::array<std::vector<float>, 6> kept; // per slot: its crossings
    };
    std::vector<Wanted> wanted(P);
    inParallel(P, [&](std::size_t p) {
        PairRisk &pair = result.pairs[p];
        std::vector<std::size_t> byMonth(std::size_t(months), 0);
        std::size_t cheaper = 0;
        std::size_t never = 0;
        for (const std::vector<std::uint32_t> &tally : tallies) {
            if (tally.empty())
                continue;
            const std::uint32_t *counts = tally.data() + p * tallyWidth;
            pair.samples += counts[0];
            cheaper += counts[1];
            never += counts[2];
            for (int m = 0; m < months; ++m)
                byMonth[std::size_t(m)] += counts[3 + m];
        }
        const double total = double(std::max<std::size_t>(1, pair.samples));
        pair.onPremCheaper = double(cheaper) / total;
        pair.neverPaysOff = pair.samples ? double(never) / total : 0;
        pair.paidOffBy.assign(std::size_t(months), 0);
        std::vector<std::size_t> before(std::size_t(months) + 1, 0); // crossings in earlier buckets
        for (int m = 0; m < months; ++m) {
            before[std::size_t(m) + 1] = before[std::size_t(m)] + byMonth[std::size_t(m)];
            pair.paidOffBy[std::size_t(m)] = double(before[std::size_t(m) + 1]) / total;
        }
        Wanted &w = wanted[p];
        w.crossings = before.back();
        if (w.crossings == 0)
            return;
        for (std::size_t e = 0; e < w.ranks.size(); ++e) {
            const double h = kCrossing[e / 2] * double(w.crossings - 1);
            const auto below = std::size_t(std::floor(h));
            w.ranks[e] = e % 2 == 0 || !(h > double(below)) || below + 1 >= w.crossings ? below : below + 1;
            const int bucket = int(std::upper_bound(before.begin(), before.end(), w.ranks[e]) - before.begin()) - 1;
            w.before[e] = before[std::size_t(bucket)];
            if (bucket == 0) {
                w.slotOf[e] = -1; // a crossing at month 0 is 0 exactly: nothing to select among
                continue;
            }
            const auto known = std::find(w.months.begin(), w.months.begin() + w.used, bucket);
            w.slotOf[e] = int(known - w.months.begin());
            if (known == w.months.begin() + w.used)
                w.months[std::size_t(w.used++)] = bucket;
        }
        for (int slot = 0; slot < w.used; ++slot) // room for each bucket's crossings, known from the tallies
            w.kept[std::size_t(slot)].reserve(byMonth[std::size_t(w.months[std::size_t(slot)])]);
    });
    // A crossing in (m - 1, m] is in bucket m; NaN (infeasible) and +inf (never) in none. In runs
    // of pairs, each thread taking the next run when done with one: a thread the machine pauses
    // holds up one run, not half the pairs.
    constexpr std::size_t kPairRun = 32;
    inParallel((P + kPairRun - 1) / kPairRun, [&](std::size_t chunk) {
        const std::size_t begin = chunk * kPairRun;
        const std::size_t end = std::min(P, begin + kPairRun);
        for (std::size_t block = 0; block < blocks; ++block) {
            const std::size_t count = std::min(kBlockSamples, S - block * kBlockSamples);
            const std::uint64_t inBlock = count >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << count) - 1;
            for (std::size_t p = begin; p < end; ++p) {
                Wanted &w = wanted[p];
                const float *values = crossover.get() + (block * P + p) * kBlockSamples;
                for (int slot = 0; slot < w.used; ++slot) {
                    const int m = w.months[std::size_t(slot)];
                    for (std::uint64_t lanes = lanesWithin(values, float(m - 1), float(m)) & inBlock; lanes != 0;
                         lanes &= lanes - 1)
                        w.kept[std::size_t(slot)].push_back(values[std::countr_zero(lanes)]);
                }
            }
        }
    }, 2);
    inParallel(P, [&](std::size_t p) {
        Wanted &w = wanted[p];
        if (w.crossings == 0)
            return;
        // Each slot's order statistics in one selection (month 0's are 0).
        std::array<double, 6> order{};
        for (int slot = 0; slot < w.used; ++slot) {
            std::array<std::size_t, 6> ranks{};
            std::array<std::size_t, 6> of{};
            int count = 0;
            for (std::size_t e = 0; e < w.ranks.size(); ++e)
                if (w.slotOf[e] == slot) {
                    of[std::size_t(count)] = e;
                    ranks[std::size_t(count++)] = w.ranks[e] - w.before[e];
                }
            std::array<float, 6> values{};
            const std::vector<float> &in = w.kept[std::size_t(slot)];
            selectInMonth(in.data(), in.size(), w.months[std::size_t(slot)], ranks.data(), count, values.data());
            for (int k = 0; k < count; ++k)
                order[of[std::size_t(k)]] = values[std::size_t(k)];
        }
        std::array<double, 3> q{};
        for (std::size_t k = 0; k < 3; ++k) {
            const double h = kCrossing[k] * double(w.crossings - 1);
            q[k] = order[2 * k] + (h - std::floor(h)) * (order[2 * k + 1] - order[2 * k]);
        }
        PairRisk &pair = result.pairs[p];
        pair.payoffP10 = q[0];
        pair.payoffP50 = q[1];
        pair.payoffP90 = q[2];
    });
}

} // namespace

RiskResult analyseRisk(const Scenario &scenario, const GpuCatalog &catalog, const RiskRequest &request)
{
    const std::optional<int> &samples = request.samples;
    const std::optional<quint64> &seed = request.seed;
    RiskResult result;
    result.defaultRanges = !scenario.uncertainty.has_value();
    Uncertainty uncertainty = scenario.uncertainty ? *scenario.uncertainty : defaultUncertainty(scenario, request.sample);
    if (samples)
        uncertainty.samples = *samples;
    if (seed)
        uncertainty.seed = *seed;
    result.samples = uncertainty.samples;
    result.requestedSamples = uncertainty.samples;
    result.pairsAgainst = request.pairsAgainst;
    result.seed = uncertainty.seed;
    result.utilization = scenario.workload.utilization;
    result.ranges = resolveRanges(scenario, uncertainty);

    // The scenario laid out at its own values: kept from the run before when only the
    // utilization has moved since (it enters only when a lay-out is evaluated).
    RiskReuse *const keeper = request.reuse;
    const bool keptModel = keeper && keeper->model && keeper->modelCatalog == catalog
        && sameButUtilization(scenario, keeper->modelScenario);
    std::unique_ptr<CostModel> laidOut;
    if (!keptModel)
        laidOut = std::make_unique<CostModel>(assemble(scenario, catalog));
    const CostModel &model = keptModel ? *keeper->model : *laidOut;
    Evaluation atOwn;
    model.evaluate(std::clamp(scenario.workload.utilization, 0.0, 1.0), atOwn);
    if (keeper && !keptModel) {
        keeper->model = std::move(laidOut); // the same object: `model` stays good
        keeper->modelScenario = scenario;
        keeper->modelCatalog = catalog;
    }
    const int n = model.optionCount();
    const int months = model.horizonMonths() + 1;
    std::vector<int> only;
    if (request.options) {
        for (const int i : *request.options)
            if (i >= 0 && i < n)
                only.push_back(i);
        std::sort(only.begin(), only.end());
        only.erase(std::unique(only.begin(), only.end()), only.end());
    }
    const auto sampled = [&](int i) { return !request.options || std::binary_search(only.begin(), only.end(), i); };
    for (int b = 0; b < n; ++b) {
        for (int c = 0; c < n; ++c) {
            if (model.option(b).kind == OptionKind::OnPrem && isRented(model.option(c).kind)
                && model.isFeasible(b) && model.isFeasible(c) && (!request.pairsAgainst || *request.pairsAgainst == c) && sampled(b) && sampled(c)) {
                PairRisk pair;
                pair.onPrem = b;
                pair.cloud = c;
                pair.difference = atOwn.tco(b) - atOwn.tco(c);
                result.pairs.push_back(pair);
            }
        }
    }

    if (!request.sample) {
        result.samples = 0;
        result.options.resize(std::size_t(n));
        for (OptionRisk &o : result.options) {
            o.sampled = false;
            o.bands = Eigen::ArrayXXd::Constant(3, months, NAN);
        }
        addTornado(scenario, catalog, request, result);
        return result;
    }
    // The samples: every draw first, in the order of the generator (so a run is the same whatever
    // the number of threads), then the futures in blocks on two threads (sampleFutures), then the
    // figures of the options and of the pairs, then the tornado.
    if (request.maxCells && n > 0) {
        const double fits = std::floor(*request.maxCells / (double(n) * double(months)));
        result.samples = int(std::min<double>(result.samples, std::max<double>(kMinBoundedSamples, fits)));
    }
    const std::size_t S = std::size_t(result.samples);
    const std::size_t R = result.ranges.size();
    std::vector<double> quantiles(S * R);
    std::mt19937_64 generator(uncertainty.seed);
    for (double &value : quantiles)
        value = nextQuantile(generator);
    if (request.options && only.empty()) {
        // Nothing asked for: no figures.
        result.options.resize(std::size_t(n));
        for (OptionRisk &o : result.options) {
            o.sampled = false;
            o.bands = Eigen::ArrayXXd::Constant(3, months, NAN);
        }
        return result;
    }
    std::unique_ptr<CurveSampler> own;
    const CurveSampler *chosen = nullptr;
    if (RiskReuse *reuse = request.reuse; reuse && reuse->sampler && reuse->catalog == catalog
        && reuse->sampler->servesUtilizationOf(scenario, result.ranges, only)) {
        reuse->sampler->rebind(scenario, result.ranges);
        ++reuse->reused;
        chosen = reuse->sampler.get();
    } else if (reuse) {
        reuse->sampler.reset();
        reuse->catalog = catalog;
        reuse->sampler = std::make_unique<CurveSampler>(scenario, reuse->catalog, result.ranges, only);
        chosen = reuse->sampler.get();
    } else {
        own = std::make_unique<CurveSampler>(scenario, catalog, result.ranges, only);
        chosen = own.get();
    }
    const CurveSampler &sampler = *chosen;
    const Futures futures = sampleFutures(sampler, model, quantiles, S, n, months, request, result);
    result.options.resize(std::size_t(n));
    for (int i = 0; i < n; ++i)
        result.options[std::size_t(i)].sampled = sampled(i);
    addOptionFigures(sampler, futures, S, n, months, result);
    addPairFigures(futures, S, months, result);

    addTornado(scenario, catalog, request, result);
    if (request.progress)
        request.progress(int(S), int(S));
    return result;
}

RiskResult decisiveInputs(const Scenario &scenario, const GpuCatalog &catalog, int onPrem, int cloud)
{
    RiskRequest request;
    request.sample = false;
    request.bands = false;
    request.pairsAgainst = cloud;
    request.options = std::vector<int>{onPrem, cloud};
    return analyseRisk(scenario, catalog, request);
}

} // namespace breakeven
