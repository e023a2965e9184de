// The risk analysis's inner loops (riskkernels.h): where two curves cross over blocks of sampled
// curves, and the blocks' curves from their coordinates. Quantiles: riskquantiles.cpp.
#include "riskkernels.h"
#include "riskcpu.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>

namespace breakeven {

namespace {

#if defined(BREAKEVEN_AVX2_DISPATCH)

__attribute__((target("avx2,fma"))) void combineCurvesAvx2(const float *basis, const float *coefficients, int months,
                                                          int rank, float *out, std::size_t stride)
{
    static_assert(kLanes == 64);
    // Eight named accumulators, so that they stay in registers (an array of them is kept in
    // memory, each multiply-add waiting on the store of the one before).
    for (int m = 0; m < months; ++m) {
        __m256 a0 = _mm256_setzero_ps(), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0, a6 = a0, a7 = a0;
        const float *row = basis + std::ptrdiff_t(m) * rank;
        for (int r = 0; r < rank; ++r) {
            const __m256 b = _mm256_set1_ps(row[r]);
            const float *c = coefficients + std::ptrdiff_t(r) * kLanes;
            a0 = _mm256_fmadd_ps(b, _mm256_loadu_ps(c), a0);
            a1 = _mm256_fmadd_ps(b, _mm256_loadu_ps(c + 8), a1);
            a2 = _mm256_fmadd_ps(b, _mm256_loadu_ps(c + 16), a2);
            a3 = _mm256_fmadd_ps(b, _mm256_loadu_ps(c + 24), a3);
            a4 = _mm256_fmadd_ps(b, _mm256_loadu_ps(c + 32), a4);
            a5 = _mm256_fmadd_ps(b, _mm256_loadu_ps(c + 40), a5);
            a6 = _mm256_fmadd_ps(b, _mm256_loadu_ps(c + 48), a6);
            a7 = _mm256_fmadd_ps(b, _mm256_loadu_ps(c + 56), a7);
        }
        float *o = out + std::size_t(m) * stride;
        _mm256_storeu_ps(o, a0);
        _mm256_storeu_ps(o + 8, a1);
        _mm256_storeu_ps(o + 16, a2);
        _mm256_storeu_ps(o + 24, a3);
        _mm256_storeu_ps(o + 32, a4);
        _mm256_storeu_ps(o + 40, a5);
        _mm256_storeu_ps(o + 48, a6);
        _mm256_storeu_ps(o + 56, a7);
    }
}

// The bounds of a stretch: months [first, last) of every lane, eight lanes a step; then over the
// lanes of `lanes`.
__attribute__((target("avx2"))) void stretchBoundsAvx2(const float *curve, int months, std::uint64_t lanes, float *low,
                                                       float *high)
{
    const int stretches = stretchesOf(months);
    const __m256 none = _mm256_set1_ps(INFINITY);
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    for (int first = 0, s = 0; first < months; first += kStretchMonths, ++s) {
        const int last = std::min(months, first + kStretchMonths);
        __m256 lowest = none;
        __m256 highest = _mm256_xor_ps(none, _mm256_set1_ps(-0.0f));
        for (int j = 0; j < 8; ++j) {
            __m256 least = _mm256_loadu_ps(curve + std::ptrdiff_t(first) * kLanes + 8 * j);
            __m256 most = least;
            for (int m = first + 1; m < last; ++m) {
                const __m256 v = _mm256_loadu_ps(curve + std::ptrdiff_t(m) * kLanes + 8 * j);
                least = _mm256_min_ps(least, v);
                most = _mm256_max_ps(most, v);
            }
            if (low)
                _mm256_storeu_ps(low + std::ptrdiff_t(s) * kLanes + 8 * j, least);
            if (high)
                _mm256_storeu_ps(high + std::ptrdiff_t(s) * kLanes + 8 * j, most);
            const __m256 in = _mm256_castsi256_ps(_mm256_cmpeq_epi32(
                _mm256_and_si256(_mm256_set1_epi32(int((lanes >> (8 * j)) & 0xffu)), bit), bit));
            lowest = _mm256_min_ps(lowest, _mm256_blendv_ps(none, least, in));
            highest = _mm256_max_ps(highest, _mm256_blendv_ps(_mm256_xor_ps(none, _mm256_set1_ps(-0.0f)), most, in));
        }
        alignas(32) float l[8];
        alignas(32) float h[8];
        _mm256_store_ps(l, lowest);
        _mm256_store_ps(h, highest);
        if (low)
            low[std::ptrdiff_t(stretches) * kLanes + s] = *std::min_element(l, l + 8);
        if (high)
            high[std::ptrdiff_t(stretches) * kLanes + s] = *std::max_element(h, h + 8);
    }
}

__attribute__((target("avx2"))) int sweepCrossingsAvx2(const float *onPrem, const float *cloud, const float *onPremLow,
                                                       const float *cloudHigh, const float *margin, int months,
                                                       int from, std::uint64_t &pending, float *out,
                                                       std::uint32_t *byMonth, std::uint64_t &unsettled)
{
    const __m256 sign = _mm256_set1_ps(-0.0f);
    const __m256i oneStep = _mm256_set1_epi32(1); // the next float above a non-negative one
    // A copy the compiler keeps in a register (the caller's may alias what is written).
    std::uint64_t live = pending;
    // The widest margin of the block, for the bounds over all its lanes.
    __m256 widest = _mm256_loadu_ps(margin);
    for (int j = 1; j < 8; ++j)
        widest = _mm256_max_ps(widest, _mm256_loadu_ps(margin + 8 * j));
    alignas(32) float widths[8];
    _mm256_store_ps(widths, widest);
    const float widestMargin = *std::max_element(widths, widths + 8);
    const std::ptrdiff_t wholeBlock = std::ptrdiff_t(stretchesOf(months)) * kLanes;
    int m = from;
    while (m < months && live != 0) {
        const int stretch = m / kStretchMonths;
        const int end = std::min(months, (stretch + 1) * kStretchMonths);
        // Where no lane of the block can cross in this stretch (the on-prem curves' least value
        // over the block's lanes more than the widest margin above the cloud's greatest): on to
        // the next, without looking at a lane.
        if (onPremLow && cloudHigh && onPremLow[wholeBlock + stretch] - cloudHigh[wholeBlock + stretch] > widestMargin) {
            m = end;
            continue;
        }
        // The lanes to look at in this stretch: those not clearly above all through it.
        std::uint64_t look = live;
        if (onPremLow && cloudHigh) {
            std::uint64_t clear = 0;
            for (int j = 0; j < 8; ++j) {
                if (((live >> (8 * j)) & 0xffu) == 0)
                    continue;
                const std::ptrdiff_t at = std::ptrdiff_t(stretch) * kLanes + 8 * j;
                const __m256 gap = _mm256_sub_ps(_mm256_loadu_ps(onPremLow + at), _mm256_loadu_ps(cloudHigh + at));
                clear |= std::uint64_t(unsigned(_mm256_movemask_ps(_mm256_cmp_ps(gap, _mm256_loadu_ps(margin + 8 * j), _CMP_GT_OQ))))
                    << (8 * j);
            }
            look &= ~clear;
        }
        for (; look != 0 && m < end; ++m) {
            const float *a = onPrem + std::ptrdiff_t(m) * kLanes;
            const float *b = cloud + std::ptrdiff_t(m) * kLanes;
            // The month's candidates over all eight groups first, without a branch (the loads
            // go out together); then only the groups that have one.
            std::uint64_t candidates = 0;
            for (int j = 0; j < 8; ++j) {
                const __m256 d = _mm256_sub_ps(_mm256_loadu_ps(a + 8 * j), _mm256_loadu_ps(b + 8 * j));
                candidates |= std::uint64_t(unsigned(_mm256_movemask_ps(_mm256_cmp_ps(d, _mm256_loadu_ps(margin + 8 * j), _CMP_LE_OQ))))
                    << (8 * j);
            }
            candidates &= look;
            if (candidates == 0)
                continue;
            std::uint64_t stuck = 0;
            for (std::uint64_t groups = candidates; groups != 0;) {
                const int j = std::countr_zero(groups) / 8;
                groups &= ~(std::uint64_t(0xffu) << (8 * j));
                const unsigned candidate = unsigned(candidates >> (8 * j)) & 0xffu;
                const __m256 limit = _mm256_loadu_ps(margin + 8 * j);
                const __m256 d = _mm256_sub_ps(_mm256_loadu_ps(a + 8 * j), _mm256_loadu_ps(b + 8 * j));
                const unsigned below = unsigned(_mm256_movemask_ps(_mm256_cmp_ps(d, _mm256_xor_ps(limit, sign), _CMP_LE_OQ)));
                // The month before, computed again: a candidate comes once or twice per lane.
                __m256 previous = _mm256_setzero_ps();
                unsigned above = 0xffu;
                if (m > 0) {
                    previous = _mm256_sub_ps(_mm256_loadu_ps(a - kLanes + 8 * j), _mm256_loadu_ps(b - kLanes + 8 * j));
                    above = unsigned(_mm256_movemask_ps(_mm256_cmp_ps(previous, limit, _CMP_GT_OQ)));
                }
                const unsigned settled = candidate & below & above;
                if (settled != 0) {
                    __m256 value = _mm256_setzero_ps();
                    if (m > 0) {
                        const __m256 base = _mm256_set1_ps(float(m - 1));
                        const __m256 top = _mm256_set1_ps(float(m));
                        value = _mm256_add_ps(base, _mm256_div_ps(previous, _mm256_sub_ps(previous, d)));
                        const __m256 after = _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(base), oneStep));
                        value = _mm256_min_ps(top, _mm256_max_ps(value, after));
                    }
                    const __m256i mask = _mm256_setr_epi32(int(settled << 31), int(settled << 30), int(settled << 29),
                                                           int(settled << 28), int(settled << 27), int(settled << 26),
                                                           int(settled << 25), int(settled << 24));
                    // A blend and a whole store: a masked store is slow on some processors.
                    _mm256_storeu_ps(out + 8 * j, _mm256_blendv_ps(_mm256_loadu_ps(out + 8 * j), value, _mm256_castsi256_ps(mask)));
                    byMonth[m] += std::uint32_t(std::popcount(settled));
                    live &= ~(std::uint64_t(settled) << (8 * j));
                    look &= ~(std::uint64_t(settled) << (8 * j));
                }
                stuck |= std::uint64_t(candidate & ~settled) << (8 * j);
            }
            if (stuck != 0) {
                pending = live;
                unsettled = stuck;
                return m;
            }
        }
        m = end;
    }
    pending = live;
    return -1;
}







#endif

} // namespace

void combineCurves(const float *basis, const float *coefficients, int months, int rank, float *out, std::size_t stride)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2Fma()) {
        combineCurvesAvx2(basis, coefficients, months, rank, out, stride);
        return;
    }
#endif
    // Four lanes a step with SSE2: the compiler vectorises the lane loop.
    for (int m = 0; m < months; ++m) {
        float acc[kLanes] = {};
        const float *row = basis + std::ptrdiff_t(m) * rank;
        for (int r = 0; r < rank; ++r) {
            const float b = row[r];
            const float *c = coefficients + std::ptrdiff_t(r) * kLanes;
            for (int k = 0; k < kLanes; ++k)
                acc[k] += b * c[k];
        }
        std::copy_n(acc, kLanes, out + std::size_t(m) * stride);
    }
}

#if defined(BREAKEVEN_AVX2_DISPATCH)
// weighLanes, four lanes a step: separate products and sums (no fused multiply-add), so that
// every lane rounds as the portable loop does.
__attribute__((target("avx2"))) void weighLanesAvx2(const double *weights, int count, const double *at,
                                                    const double *bound, const double *leftOut, double *value,
                                                    double *terms, double *left)
{
    const __m256d sign = _mm256_set1_pd(-0.0);
    for (int j = 0; j < kLanes / 4; ++j) {
        __m256d v = _mm256_loadu_pd(value + 4 * j);
        __m256d t = _mm256_loadu_pd(terms + 4 * j);
        __m256d l = _mm256_loadu_pd(left + 4 * j);
        for (int g = 0; g < count; ++g) {
            const __m256d w = _mm256_loadu_pd(weights + std::ptrdiff_t(g) * kLanes + 4 * j);
            const __m256d size = _mm256_andnot_pd(sign, w);
            v = _mm256_add_pd(v, _mm256_mul_pd(w, _mm256_set1_pd(at[g])));
            t = _mm256_add_pd(t, _mm256_mul_pd(size, _mm256_set1_pd(bound[g])));
            l = _mm256_add_pd(l, _mm256_mul_pd(size, _mm256_set1_pd(leftOut[g])));
        }
        _mm256_storeu_pd(value + 4 * j, v);
        _mm256_storeu_pd(terms + 4 * j, t);
        _mm256_storeu_pd(left + 4 * j, l);
    }
}
#endif

void weighLanes(const double *weights, int count, const double *at, const double *bound, const double *leftOut,
                double *value, double *terms, double *left)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2()) {
        weighLanesAvx2(weights, count, at, bound, leftOut, value, terms, left);
        return;
    }
#endif
    for (int g = 0; g < count; ++g) {
        const double *w = weights + std::ptrdiff_t(g) * kLanes;
        for (int k = 0; k < kLanes; ++k) {
            value[k] += w[k] * at[g];
            terms[k] += std::abs(w[k]) * bound[g];
            left[k] += std::abs(w[k]) * leftOut[g];
        }
    }
}

float crossingIn(int month, double before, double now)
{
    if (month == 0)
        return 0.0f;
    const float base = float(month - 1);
    const float value = float(double(month - 1) + before / (before - now));
    return std::min(float(month), std::max(value, std::nextafter(base, float(month))));
}

void stretchBounds(const float *curve, int months, std::uint64_t lanes, float *low, float *high)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2())
        return stretchBoundsAvx2(curve, months, lanes, low, high);
#endif
    const int stretches = stretchesOf(months);
    for (int first = 0, s = 0; first < months; first += kStretchMonths, ++s) {
        const int last = std::min(months, first + kStretchMonths);
        float lowest = INFINITY;
        float highest = -INFINITY;
        for (int k = 0; k < kLanes; ++k) {
            float least = curve[std::ptrdiff_t(first) * kLanes + k];
            float most = least;
            for (int m = first + 1; m < last; ++m) {
                least = std::min(least, curve[std::ptrdiff_t(m) * kLanes + k]);
                most = std::max(most, curve[std::ptrdiff_t(m) * kLanes + k]);
            }
            if (low)
                low[std::ptrdiff_t(s) * kLanes + k] = least;
            if (high)
                high[std::ptrdiff_t(s) * kLanes + k] = most;
            if ((lanes >> k) & 1) {
                lowest = std::min(lowest, least);
                highest = std::max(highest, most);
            }
        }
        if (low)
            low[std::ptrdiff_t(stretches) * kLanes + s] = lowest;
        if (high)
            high[std::ptrdiff_t(stretches) * kLanes + s] = highest;
    }
}

#if defined(BREAKEVEN_AVX2_DISPATCH)
__attribute__((target("avx2"))) std::uint64_t startPairAvx2(const double *tcoOnPrem, const double *tcoCloud,
                                                            const float *errorOnPrem, const float *errorCloud,
                                                            std::uint64_t pending, float *margin, float *out)
{
    std::uint64_t cheaper = 0;
    for (int j = 0; j < kLanes / 4; ++j)
        cheaper |= std::uint64_t(unsigned(_mm256_movemask_pd(
                       _mm256_cmp_pd(_mm256_loadu_pd(tcoOnPrem + 4 * j), _mm256_loadu_pd(tcoCloud + 4 * j), _CMP_LT_OQ))))
            << (4 * j);
    const __m256 tiny = _mm256_set1_ps(1e-12f);
    const __m256 never = _mm256_set1_ps(INFINITY);
    const __m256 none = _mm256_set1_ps(NAN);
    for (int j = 0; j < kLanes / 8; ++j) {
        _mm256_storeu_ps(margin + 8 * j, _mm256_add_ps(_mm256_add_ps(_mm256_loadu_ps(errorOnPrem + 8 * j),
                                                                     _mm256_loadu_ps(errorCloud + 8 * j)),
                                                       tiny));
        const auto lanes = unsigned(pending >> (8 * j)) & 0xffu;
        const __m256i mask = _mm256_setr_epi32(int(lanes << 31), int(lanes << 30), int(lanes << 29), int(lanes << 28),
                                               int(lanes << 27), int(lanes << 26), int(lanes << 25), int(lanes << 24));
        _mm256_storeu_ps(out + 8 * j, _mm256_blendv_ps(none, never, _mm256_castsi256_ps(mask)));
    }
    return cheaper;
}

__attribute__((target("avx2"))) std::uint64_t lanesWithinAvx2(const float *values, float above, float atMost)
{
    const __m256 low = _mm256_set1_ps(above);
    const __m256 high = _mm256_set1_ps(atMost);
    std::uint64_t mask = 0;
    for (int j = 0; j < kLanes / 8; ++j) {
        const __m256 v = _mm256_loadu_ps(values + 8 * j);
        const __m256 in = _mm256_and_ps(_mm256_cmp_ps(v, low, _CMP_GT_OQ), _mm256_cmp_ps(v, high, _CMP_LE_OQ));
        mask |= std::uint64_t(unsigned(_mm256_movemask_ps(in))) << (8 * j);
    }
    return mask;
}
#endif






std::uint64_t startPair(const double *tcoOnPrem, const double *tcoCloud, const float *errorOnPrem,
                        const float *errorCloud, std::uint64_t pending, float *margin, float *out)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2())
        return startPairAvx2(tcoOnPrem, tcoCloud, errorOnPrem, errorCloud, pending, margin, out);
#endif
    std::uint64_t cheaper = 0;
    for (int k = 0; k < kLanes; ++k) {
        cheaper |= std::uint64_t(tcoOnPrem[k] < tcoCloud[k]) << k;
        margin[k] = errorOnPrem[k] + errorCloud[k] + 1e-12f;
        out[k] = (pending >> k) & 1 ? INFINITY : NAN;
    }
    return cheaper;
}

std::uint64_t lanesWithin(const float *values, float above, float atMost)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2())
        return lanesWithinAvx2(values, above, atMost);
#endif
    std::uint64_t mask = 0;
    for (int k = 0; k < kLanes; ++k)
        mask |= std::uint64_t(values[k] > above && values[k] <= atMost) << k;
    return mask;
}

// The portable sweep looks at every month of every pending lane: the stretches' bounds would
// spare it work, never change what it finds.
int sweepCrossings(const float *onPrem, const float *cloud, const float *onPremLow, const float *cloudHigh,
                   const float *margin, int months, int from, std::uint64_t &pending, float *out,
                   std::uint32_t *byMonth, std::uint64_t &unsettled)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2())
        return sweepCrossingsAvx2(onPrem, cloud, onPremLow, cloudHigh, margin, months, from, pending, out, byMonth,
                                  unsettled);
#endif
    for (int m = from; m < months && pending != 0; ++m) {
        std::uint64_t stuck = 0;
        for (std::uint64_t lanes = pending; lanes != 0; lanes &= lanes - 1) {
            const int k = std::countr_zero(lanes);
            const float d = onPrem[std::ptrdiff_t(m) * kLanes + k] - cloud[std::ptrdiff_t(m) * kLanes + k];
            if (!(d <= margin[k]))
                continue;
            const float before = m == 0 ? 0.0f
                                        : onPrem[std::ptrdiff_t(m - 1) * kLanes + k] - cloud[std::ptrdiff_t(m - 1) * kLanes + k];
            if (d <= -margin[k] && (m == 0 || before > margin[k])) {
                // In single precision, as the vector steps compute it: the same on every processor.
                const float base = float(m - 1);
                out[k] = m == 0 ? 0.0f : std::min(float(m), std::max(base + before / (before - d), std::nextafter(base, float(m))));
                ++byMonth[m];
                pending &= ~(std::uint64_t(1) << k);
            } else {
                stuck |= std::uint64_t(1) << k;
            }
        }
        if (stuck != 0) {
            unsettled = stuck;
            return m;
        }
    }
    return -1;
}

} // namespace breakeven
