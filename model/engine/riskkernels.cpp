#include "riskkernels.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace breakeven {

namespace {

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BREAKEVEN_AVX2_DISPATCH 1
// firstNotAbove (below), four months a step, for processors with AVX2 (chosen at run time: the
// build itself assumes only SSE2).
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

// The first month in which the on-prem curve is no longer above the cloud curve, in the sense of
// CostModel::crossoverMonth (within 1e-12 of the larger value counts as level), or -1. Two months
// a step with SSE2 where the processor has it.
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

} // namespace

std::optional<double> firstCrossover(const double *onPrem, const double *cloud, int months)
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

void selectQuantiles(std::vector<float> &values, const double *q, int count, double *out)
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

} // namespace breakeven
