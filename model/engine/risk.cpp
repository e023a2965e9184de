#include "risk.h"

#include "assembly.h"
#include "inputerror.h"
#include "risksampler.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <random>
#include <thread>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace breakeven {

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

struct Evaluated {
    std::unique_ptr<CostModel> model;
    Evaluation evaluation;
};

Evaluated evaluate(const Scenario &scenario, const GpuCatalog &catalog)
{
    Evaluated out;
    out.model = std::make_unique<CostModel>(assemble(scenario, catalog));
    out.model->evaluate(std::clamp(scenario.workload.utilization, 0.0, 1.0), out.evaluation);
    return out;
}

// `scenario` with range `r` at position t (0: its low end, 1: its high end).
Scenario at(const Scenario &scenario, const ResolvedRange &r, double t)
{
    Scenario moved = scenario;
    for (const RangeElement &e : r.elements)
        e.field.set(moved, e.low + t * (e.high - e.low));
    return moved;
}

// The value a tornado shows for position t: the factor of a relative `[*]` range, else the value
// of its (first) element.
double shownValue(const ResolvedRange &r, double t)
{
    if (r.shared && r.input.relative())
        return *r.input.lowFactor + t * (*r.input.highFactor - *r.input.lowFactor);
    const RangeElement &e = r.elements.front();
    return e.low + t * (e.high - e.low);
}

// Every pair's TCO difference with `range` at t, only the options of the pairs laid out (each is
// laid out on its own, so the others change nothing).
std::vector<double> pairDifferencesAt(const Scenario &scenario, const ResolvedRange &range, double t,
                                      const std::vector<PairRisk> &pairs, const GpuCatalog &catalog)
{
    std::vector<int> used;
    for (const PairRisk &p : pairs)
        used.insert(used.end(), {p.onPrem, p.cloud});
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    Scenario moved = at(scenario, range, t);
    keepOptions(moved, used);
    const Evaluated e = evaluate(moved, catalog);
    std::vector<double> out;
    out.reserve(pairs.size());
    const auto row = [&](int i) { return Eigen::Index(std::lower_bound(used.begin(), used.end(), i) - used.begin()); };
    for (const PairRisk &p : pairs)
        out.push_back(e.evaluation.tco(row(p.onPrem)) - e.evaluation.tco(row(p.cloud)));
    return out;
}

// The pair's TCO difference with `range` at t, the pair laid out alone: no other option changes
// it, and a two-option lay-out is what makes bisecting every pair affordable.
double pairDifferenceAt(const Scenario &scenario, const ResolvedRange &range, double t, const PairRisk &pair,
                        const GpuCatalog &catalog)
{
    return pairDifferencesAt(scenario, range, t, {pair}, catalog).front();
}

// The first month in which the on-prem curve is no longer above the cloud curve, in the sense of
// CostModel::crossoverMonth (within 1e-12 of the larger value counts as level), or -1. Two months
// a step with SSE2 where the processor has it.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BREAKEVEN_AVX2_DISPATCH 1
// The same, four months a step, for processors with AVX2 (chosen at run time: the build itself
// assumes only SSE2).
__attribute__((target("avx2"))) int firstNotAboveAvx2(const double *onPrem, const double *cloud, int months)
{
    const __m256d one = _mm256_set1_pd(1.0);
    const __m256d tolerance = _mm256_set1_pd(1e-12);
    const __m256d sign = _mm256_set1_pd(-0.0);
    int m = 0;
    for (; m + 8 <= months; m += 8) {
        const __m256d a0 = _mm256_loadu_pd(onPrem + m);
        const __m256d b0 = _mm256_loadu_pd(cloud + m);
        const __m256d a1 = _mm256_loadu_pd(onPrem + m + 4);
        const __m256d b1 = _mm256_loadu_pd(cloud + m + 4);
        const __m256d s0 = _mm256_max_pd(one, _mm256_max_pd(_mm256_andnot_pd(sign, a0), _mm256_andnot_pd(sign, b0)));
        const __m256d s1 = _mm256_max_pd(one, _mm256_max_pd(_mm256_andnot_pd(sign, a1), _mm256_andnot_pd(sign, b1)));
        const int low = _mm256_movemask_pd(_mm256_cmp_pd(_mm256_sub_pd(a0, b0), _mm256_mul_pd(tolerance, s0), _CMP_LE_OQ));
        const int high = _mm256_movemask_pd(_mm256_cmp_pd(_mm256_sub_pd(a1, b1), _mm256_mul_pd(tolerance, s1), _CMP_LE_OQ));
        if (const int mask = low | (high << 4))
            return m + std::countr_zero(unsigned(mask));
    }
    for (; m < months; ++m) {
        const double scale = std::max({1.0, std::abs(onPrem[m]), std::abs(cloud[m])});
        if (onPrem[m] - cloud[m] <= 1e-12 * scale)
            return m;
    }
    return -1;
}

bool hasAvx2()
{
    static const bool has = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx2") != 0;
    }();
    return has;
}
#endif

int firstNotAbove(const double *onPrem, const double *cloud, int months)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2())
        return firstNotAboveAvx2(onPrem, cloud, months);
#endif
    int m = 0;
#if defined(__SSE2__)
    const __m128d one = _mm_set1_pd(1.0);
    const __m128d tolerance = _mm_set1_pd(1e-12);
    const __m128d sign = _mm_set1_pd(-0.0);
    for (; m + 4 <= months; m += 4) {
        const __m128d a0 = _mm_loadu_pd(onPrem + m);
        const __m128d b0 = _mm_loadu_pd(cloud + m);
        const __m128d a1 = _mm_loadu_pd(onPrem + m + 2);
        const __m128d b1 = _mm_loadu_pd(cloud + m + 2);
        const __m128d s0 = _mm_max_pd(one, _mm_max_pd(_mm_andnot_pd(sign, a0), _mm_andnot_pd(sign, b0)));
        const __m128d s1 = _mm_max_pd(one, _mm_max_pd(_mm_andnot_pd(sign, a1), _mm_andnot_pd(sign, b1)));
        const int low = _mm_movemask_pd(_mm_cmple_pd(_mm_sub_pd(a0, b0), _mm_mul_pd(tolerance, s0)));
        const int high = _mm_movemask_pd(_mm_cmple_pd(_mm_sub_pd(a1, b1), _mm_mul_pd(tolerance, s1)));
        if (const int mask = low | (high << 2))
            return m + std::countr_zero(unsigned(mask));
    }
#endif
    for (; m < months; ++m) {
        const double scale = std::max({1.0, std::abs(onPrem[m]), std::abs(cloud[m])});
        if (onPrem[m] - cloud[m] <= 1e-12 * scale)
            return m;
    }
    return -1;
}

// CostModel::crossoverMonth, the same result, the months compared in vector steps first.
std::optional<double> crossoverOf(const double *onPrem, const double *cloud, int months)
{
    const int m = firstNotAbove(onPrem, cloud, months);
    if (m < 0)
        return std::nullopt;
    if (m == 0)
        return 0.0;
    const auto gap = [&](int k) {
        const double scale = std::max({1.0, std::abs(onPrem[k]), std::abs(cloud[k])});
        const double d = onPrem[k] - cloud[k];
        return std::abs(d) <= 1e-12 * scale ? 0.0 : d;
    };
    const double previous = gap(m - 1);
    return double(m - 1) + previous / (previous - gap(m));
}

// Runs body(begin, end, first) over 0..count split in two halves, the second on another thread
// when there are two cores and at least `least` items; `first` tells the calling thread's half.
template <typename Body>
void inHalves(std::size_t count, std::size_t least, const Body &body)
{
    const std::size_t half = count >= least && std::thread::hardware_concurrency() > 1 ? count / 2 : count;
    std::exception_ptr failure;
    std::thread second;
    if (half < count)
        second = std::thread([&] {
            try {
                body(half, count, false);
            } catch (...) {
                failure = std::current_exception();
            }
        });
    try {
        body(std::size_t(0), half, true);
    } catch (...) {
        if (second.joinable())
            second.join();
        throw;
    }
    if (second.joinable())
        second.join();
    if (failure)
        std::rethrow_exception(failure);
}

// Runs body(k) for k in 0..count, on two threads when it is worth it.
template <typename Body>
void inParallel(std::size_t count, const Body &body)
{
    inHalves(count, 8, [&](std::size_t begin, std::size_t end, bool) {
        for (std::size_t k = begin; k < end; ++k)
            body(k);
    });
}

} // namespace

Uncertainty defaultUncertainty(const Scenario &scenario)
{
    Uncertainty u;
    const double own = scenario.workload.utilization;
    u.inputs.push_back(absolute(QStringLiteral("workload.utilization"), std::max(0.0, 0.5 * own), std::min(1.0, 1.5 * own)));
    if (!scenario.cloudOptions.empty()) {
        u.inputs.push_back(relative(QStringLiteral("cloudOptions[*].pricePerHour"), 0.7, 1.1));
        u.inputs.push_back(absolute(QStringLiteral("cloudPriceChangePerYear"), -0.3, 0.0));
    }
    if (!scenario.onPremOptions.empty()) {
        u.inputs.push_back(relative(QStringLiteral("onPremOptions[*].electricityPerKWh"), 0.7, 1.5));
        u.inputs.push_back(relative(QStringLiteral("onPremOptions[*].hardwarePrice"), 0.9, 1.2));
        u.inputs.push_back(absolute(QStringLiteral("onPremOptions[*].resaleHaircut"), 0.1, 0.4));
    }
    return u;
}

namespace {

// The quantiles of many values from a small bracket each: a sorted sample of 128 of them gives,
// for each quantile, two values that very likely enclose the order statistics wanted; one pass
// counts the values below the bracket and keeps those inside it, and only those are selected
// from. False (nothing written) when a bracket missed, which the caller then does in full.
template <typename T>
bool selectQuantilesBracketed(const std::vector<T> &values, const double *q, int count, double *out,
                              std::vector<T> &inside)
{
    constexpr int kSample = 128;
    constexpr int kSpread = 12; // sample ranks either side: about three standard deviations
    const std::size_t n = values.size();
    std::array<T, kSample> sample;
    for (int i = 0; i < kSample; ++i)
        sample[std::size_t(i)] = values[(std::size_t(i) * n + n / 2) / kSample];
    std::sort(sample.begin(), sample.end());
    for (int k = 0; k < count; ++k) {
        const double h = q[k] * double(n - 1);
        const auto below = std::size_t(std::floor(h));
        const std::size_t last = below + 1 < n && h > double(below) ? below + 1 : below;
        const double at = double(below) / double(n - 1) * (kSample - 1);
        const T low = sample[std::size_t(std::max(0, int(at) - kSpread))];
        const T high = sample[std::size_t(std::min(kSample - 1, int(std::ceil(at)) + kSpread))];
        // Without branches: every value is written, and the next one overwrites it unless it
        // lies inside the bracket (a branch per value mispredicts about a fifth of the time).
        std::size_t under = 0;
        std::size_t kept = 0;
        if (inside.size() < n)
            inside.resize(n);
        for (const T v : values) {
            under += v < low ? 1 : 0;
            inside[kept] = v;
            kept += (!(v < low) && !(high < v)) ? 1 : 0;
        }
        if (under > below || last >= under + kept)
            return false;
        const auto rank = std::ptrdiff_t(below - under);
        const auto end = inside.begin() + std::ptrdiff_t(kept);
        std::nth_element(inside.begin(), inside.begin() + rank, end);
        const double lowValue = inside[std::size_t(rank)];
        const double highValue = last > below ? double(*std::min_element(inside.begin() + rank + 1, end)) : lowValue;
        out[k] = lowValue + (h - double(below)) * (highValue - lowValue);
    }
    return true;
}

template <typename T>
void selectQuantilesOf(std::vector<T> &values, const double *q, int count, double *out)
{
    if (values.size() >= 512) {
        thread_local std::vector<T> inside;
        if (selectQuantilesBracketed(values, q, count, out, inside))
            return;
    }
    std::size_t start = 0;
    for (int k = 0; k < count; ++k) {
        if (values.empty()) {
            out[k] = NAN;
            continue;
        }
        const double h = q[k] * double(values.size() - 1);
        const auto below = std::size_t(std::floor(h));
        std::nth_element(values.begin() + std::ptrdiff_t(start), values.begin() + std::ptrdiff_t(below), values.end());
        const double low = values[below];
        const double high = below + 1 < values.size() && h > double(below)
            ? double(*std::min_element(values.begin() + std::ptrdiff_t(below) + 1, values.end()))
            : low;
        out[k] = low + (h - double(below)) * (high - low);
        start = below;
    }
}

} // namespace

void selectQuantiles(std::vector<double> &values, const double *q, int count, double *out)
{
    selectQuantilesOf(values, q, count, out);
}

double sortedQuantile(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return NAN;
    const double h = q * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(h));
    const std::size_t above = std::min(sorted.size() - 1, below + 1);
    return sorted[below] + (h - double(below)) * (sorted[above] - sorted[below]);
}

RiskResult analyseRisk(const Scenario &scenario, const GpuCatalog &catalog, const RiskRequest &request)
{
    const std::optional<int> &samples = request.samples;
    const std::optional<quint64> &seed = request.seed;
    RiskResult result;
    result.defaultRanges = !scenario.uncertainty.has_value();
    Uncertainty uncertainty = scenario.uncertainty ? *scenario.uncertainty : defaultUncertainty(scenario);
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

    const Evaluated base = evaluate(scenario, catalog);
    const CostModel &model = *base.model;
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
            if (model.option(b).kind == OptionKind::OnPrem && model.option(c).kind == OptionKind::Cloud
                && model.isFeasible(b) && model.isFeasible(c) && (!request.pairsAgainst || *request.pairsAgainst == c) && sampled(b) && sampled(c)) {
                PairRisk pair;
                pair.onPrem = b;
                pair.cloud = c;
                pair.difference = base.evaluation.tco(b) - base.evaluation.tco(c);
                result.pairs.push_back(pair);
            }
        }
    }

    // The samples: every draw first, in the order of the generator (so a run is the same whatever
    // the number of threads), then the curves in blocks, the two halves of the samples on two
    // threads. What is kept per sample: each option's TCO (8 bytes) and each pair's crossover
    // (4 bytes); the bands keep every month of every option for the first kBandSamples samples
    // (fewer when that passes kBandBytes).
    if (request.maxCells && n > 0) {
        const double fits = std::floor(*request.maxCells / (double(n) * double(months)));
        result.samples = int(std::min<double>(result.samples, std::max<double>(kMinBoundedSamples, fits)));
    }
    const std::size_t S = std::size_t(result.samples);
    const std::size_t R = result.ranges.size();
    const std::size_t P = result.pairs.size();
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
    const CurveSampler sampler(scenario, catalog, result.ranges, only);
    const std::size_t bandSamples = std::max<std::size_t>(
        1, std::min({S, kBandSamples, kBandBytes / std::max<std::size_t>(1, std::size_t(n) * std::size_t(months) * sizeof(float))}));
    result.bandSamples = int(bandSamples);
    std::vector<float> curves(bandSamples * std::size_t(n) * std::size_t(months));
    std::vector<double> tco(S * std::size_t(n), NAN); // option by option; NaN: infeasible in that sample
    std::vector<float> crossover(S * P, NAN);         // pair by pair; NaN: either infeasible; +inf: never within H
    std::atomic<std::size_t> done = 0;
    const auto run = [&](std::size_t begin, std::size_t end, bool reports) {
        std::vector<Eigen::ArrayXXd> block;
        std::vector<char> feasible;
        std::vector<float> pairBlock;
        for (std::size_t first = begin; first < end; first += kBlockSamples) {
            if (request.cancel && request.cancel->load(std::memory_order_relaxed))
                throw RiskCancelled();
            const auto count = int(std::min(kBlockSamples, end - first));
            sampler.sample(quantiles.data() + first * R, count, block, feasible);
            for (int i = 0; i < n; ++i) {
                for (int k = 0; k < count; ++k) {
                    if (!feasible[std::size_t(i) * std::size_t(count) + std::size_t(k)])
                        continue;
                    const std::size_t s = first + std::size_t(k);
                    tco[std::size_t(i) * S + s] = block[std::size_t(i)](months - 1, k);
                    if (s < bandSamples)
                        for (int m = 0; m < months; ++m)
                            curves[(std::size_t(i) * std::size_t(months) + std::size_t(m)) * bandSamples + s]
                                = float(block[std::size_t(i)](m, k));
                }
            }
            // Sample by sample, every pair: one sample's curves (options x months) stay in the
            // first-level cache while its pairs are compared; the months go to a block buffer
            // written out pair by pair.
            pairBlock.assign(P * std::size_t(count), NAN);
            for (int k = 0; k < count; ++k) {
                for (std::size_t p = 0; p < P; ++p) {
                    const PairRisk &pair = result.pairs[p];
                    if (!feasible[std::size_t(pair.onPrem) * std::size_t(count) + std::size_t(k)]
                        || !feasible[std::size_t(pair.cloud) * std::size_t(count) + std::size_t(k)])
                        continue;
                    const auto month = crossoverOf(block[std::size_t(pair.onPrem)].col(k).data(),
                                                   block[std::size_t(pair.cloud)].col(k).data(), months);
                    pairBlock[p * std::size_t(count) + std::size_t(k)] = month ? float(*month) : INFINITY;
                }
            }
            for (std::size_t p = 0; p < P; ++p)
                std::copy_n(pairBlock.begin() + std::ptrdiff_t(p) * count, count, crossover.begin() + std::ptrdiff_t(p * S + first));
            done += std::size_t(count);
            if (reports && request.progress)
                request.progress(int(done.load()), int(S));
        }
    };
    inHalves(S, 4 * kBlockSamples, run);

    // Per option: TCO mean and quantiles, and the bands.
    result.options.resize(std::size_t(n));
    inParallel(std::size_t(n), [&](std::size_t option) {
        const auto i = int(option);
        std::vector<double> values;
        OptionRisk &o = result.options[std::size_t(i)];
        o.sampled = sampled(i);
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
        std::array<double, 3> band{};
        std::vector<float> column;
        std::vector<std::size_t> feasibleSamples;
        for (std::size_t s = 0; s < bandSamples; ++s)
            if (!std::isnan(tco[std::size_t(i) * S + s]))
                feasibleSamples.push_back(s);
        for (int m = 0; m < months; ++m) {
            const float *all = curves.data() + (std::size_t(i) * std::size_t(months) + std::size_t(m)) * bandSamples;
            if (feasibleSamples.size() == bandSamples) {
                column.assign(all, all + bandSamples);
            } else {
                column.clear();
                for (const std::size_t s : feasibleSamples)
                    column.push_back(all[s]);
            }
            if (column.empty())
                continue;
            selectQuantilesOf(column, kBands.data(), int(kBands.size()), band.data());
            for (int b = 0; b < 3; ++b)
                o.bands(b, m) = band[std::size_t(b)];
        }
    });

    // Per pair: the odds, when it pays off, and the crossover's quantiles.
    inParallel(P, [&](std::size_t p) {
        PairRisk &pair = result.pairs[p];
        std::size_t cheaper = 0;
        std::vector<double> crossing;
        std::vector<std::size_t> byMonth(std::size_t(months), 0); // crossings in (m - 1, m]
        std::size_t never = 0;
        for (std::size_t s = 0; s < S; ++s) {
            const double b = tco[std::size_t(pair.onPrem) * S + s];
            const double c = tco[std::size_t(pair.cloud) * S + s];
            const float month = crossover[p * S + s];
            if (std::isnan(b) || std::isnan(c) || std::isnan(month))
                continue;
            ++pair.samples;
            cheaper += b < c ? 1 : 0;
            if (std::isinf(month)) {
                ++never;
            } else {
                crossing.push_back(month);
                ++byMonth[std::min(std::size_t(months) - 1, std::size_t(std::ceil(month)))];
            }
        }
        const double total = double(std::max<std::size_t>(1, pair.samples));
        pair.onPremCheaper = double(cheaper) / total;
        pair.neverCrosses = pair.samples ? double(never) / total : 0;
        pair.paidOffBy.assign(std::size_t(months), 0);
        std::size_t sofar = 0;
        for (int m = 0; m < months; ++m) {
            sofar += byMonth[std::size_t(m)];
            pair.paidOffBy[std::size_t(m)] = double(sofar) / total;
        }
        if (!crossing.empty()) {
            static constexpr std::array<double, 3> kCrossing = {0.10, 0.50, 0.90};
            std::array<double, 3> q{};
            selectQuantiles(crossing, kCrossing.data(), int(kCrossing.size()), q.data());
            pair.crossoverP10 = q[0];
            pair.crossoverP50 = q[1];
            pair.crossoverP90 = q[2];
        }
    });

    // The tornado: each input at its ends, the others at their own values; where the difference
    // changes sign, the switch value. The difference is affine along the range when the input
    // enters the costs linearly (a price, a factor, the utilization): then it is solved in closed
    // form; otherwise bisected to the precision of a double.
    for (std::size_t r = 0; request.tornado && r < result.ranges.size(); ++r) {
        if (request.cancel && request.cancel->load(std::memory_order_relaxed))
            throw RiskCancelled();
        const ResolvedRange &range = result.ranges[r];
        const auto differencesAt = [&](double t) { return pairDifferencesAt(scenario, range, t, result.pairs, catalog); };
        const std::vector<double> low = differencesAt(0);
        const std::vector<double> high = differencesAt(1);
        std::vector<double> middle;
        for (std::size_t p = 0; p < result.pairs.size(); ++p) {
            TornadoBar bar;
            bar.input = int(r);
            bar.low = shownValue(range, 0);
            bar.high = shownValue(range, 1);
            bar.atLow = low[p];
            bar.atHigh = high[p];
            if ((low[p] <= 0) != (high[p] <= 0) || low[p] == 0 || high[p] == 0) {
                if (low[p] == 0) {
                    bar.switchValue = bar.low;
                } else if (high[p] == 0) {
                    bar.switchValue = bar.high;
                } else {
                    if (middle.empty())
                        middle = differencesAt(0.5);
                    const double scale = std::max({1.0, std::abs(low[p]), std::abs(high[p])});
                    double t = low[p] / (low[p] - high[p]);
                    if (std::abs(middle[p] - 0.5 * (low[p] + high[p])) > 1e-9 * scale) {
                        // False position with the Illinois weighting (superlinear on a smooth
                        // difference), a bisection step whenever three steps have not halved the
                        // bracket (a difference that moves in steps).
                        double a = 0;
                        double b = 1;
                        double da = low[p];
                        double db = high[p];
                        int kept = 0; // which end the last step kept: -1 a, +1 b
                        double widthBefore = 1;
                        t = -1;
                        for (int step = 0; step < 200 && b - a > 1e-13; ++step) {
                            double c = (a * db - b * da) / (db - da);
                            if (step % 3 == 0) {
                                if (step > 0 && b - a > 0.5 * widthBefore)
                                    c = 0.5 * (a + b);
                                widthBefore = b - a;
                            }
                            if (!(c > a && c < b))
                                c = 0.5 * (a + b);
                            const double dc = pairDifferenceAt(scenario, range, c, result.pairs[p], catalog);
                            if (std::abs(dc) <= 1e-12 * scale) {
                                t = c;
                                break;
                            }
                            if ((dc <= 0) == (da <= 0)) {
                                a = c;
                                da = dc;
                                if (kept == -1)
                                    db *= 0.5;
                                kept = -1;
                            } else {
                                b = c;
                                db = dc;
                                if (kept == 1)
                                    da *= 0.5;
                                kept = 1;
                            }
                        }
                        if (t < 0)
                            t = 0.5 * (a + b);
                    }
                    bar.switchValue = shownValue(range, t);
                }
            }
            result.pairs[p].tornado.push_back(bar);
        }
    }
    if (request.progress)
        request.progress(int(S), int(S));
    for (PairRisk &pair : result.pairs)
        std::stable_sort(pair.tornado.begin(), pair.tornado.end(),
                         [](const TornadoBar &a, const TornadoBar &b) { return a.swing() > b.swing(); });
    return result;
}

} // namespace breakeven
