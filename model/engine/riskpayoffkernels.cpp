// The risk kernels of the pay-off that sticks (riskkernels.h): after a block's sweep of first
// crossings, the months each future crosses back, the curves' monthly rises, and the futures that
// stay ahead for certain; each with its AVX2 steps chosen at run time.
#include "riskkernels.h"
#include "riskcpu.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>

namespace breakeven {

namespace {

#if defined(BREAKEVEN_AVX2_DISPATCH)

// lastDearerMonths on eight lanes at a time: per stretch the lanes that may be dearer in it, then
// per month the lanes dearer (or within the margin) after their first crossing.
__attribute__((target("avx2"))) void lastDearerMonthsAvx2(const float *onPrem, const float *cloud, const float *onPremHigh,
                                                         const float *cloudLow, const float *margin, int months,
                                                         const int *after, std::uint64_t lanes, int *last)
{
    static_assert(kLanes == 64);
    const __m256 sign = _mm256_set1_ps(-0.0f);
    for (std::uint64_t l = lanes; l != 0; l &= l - 1)
        last[std::countr_zero(l)] = -1;
    std::uint64_t remaining = lanes;
    for (int s = stretchesOf(months) - 1; s >= 0 && remaining != 0; --s) {
        const int first = s * kStretchMonths;
        const int end = std::min(months, first + kStretchMonths);
        std::uint64_t look = 0;
        const __m256i lastMonth = _mm256_set1_epi32(end - 1);
        for (int j = 0; j < 8; ++j) {
            if (((remaining >> (8 * j)) & 0xffu) == 0)
                continue;
            const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(after + 8 * j));
            // Lanes whose first crossing lies in this stretch or later leave.
            const unsigned leave = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_or_si256(
                _mm256_cmpgt_epi32(a, lastMonth), _mm256_cmpeq_epi32(a, lastMonth)))));
            remaining &= ~(std::uint64_t(leave) << (8 * j));
            const std::ptrdiff_t at = std::ptrdiff_t(s) * kLanes + 8 * j;
            const __m256 gap = _mm256_sub_ps(_mm256_loadu_ps(onPremHigh + at), _mm256_loadu_ps(cloudLow + at));
            const __m256 limit = _mm256_xor_ps(_mm256_loadu_ps(margin + 8 * j), sign);
            look |= std::uint64_t(unsigned(_mm256_movemask_ps(_mm256_cmp_ps(gap, limit, _CMP_GT_OQ)))) << (8 * j);
        }
        look &= remaining;
        for (int m = end - 1; m >= first && look != 0; --m) {
            const float *a = onPrem + std::ptrdiff_t(m) * kLanes;
            const float *b = cloud + std::ptrdiff_t(m) * kLanes;
            const __m256i month = _mm256_set1_epi32(m);
            for (int j = 0; j < 8; ++j) {
                const unsigned group = unsigned(look >> (8 * j)) & 0xffu;
                if (group == 0)
                    continue;
                const __m256i firsts = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(after + 8 * j));
                // Lanes at or before their first crossing are done: no dearer month after it.
                const unsigned done = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(month, firsts)))) ^ 0xffu;
                const __m256 d = _mm256_sub_ps(_mm256_loadu_ps(a + 8 * j), _mm256_loadu_ps(b + 8 * j));
                const __m256 limit = _mm256_xor_ps(_mm256_loadu_ps(margin + 8 * j), sign);
                const unsigned dearer = unsigned(_mm256_movemask_ps(_mm256_cmp_ps(d, limit, _CMP_GT_OQ))) & group & ~done;
                for (unsigned bits = dearer; bits != 0; bits &= bits - 1)
                    last[8 * j + std::countr_zero(bits)] = m;
                const std::uint64_t leave = std::uint64_t((dearer | done) & group) << (8 * j);
                look &= ~leave;
                remaining &= ~leave;
            }
        }
    }
}

__attribute__((target("avx2"))) void risesAvx2(const float *curve, int months, const char *skip, bool greatest, float *out)
{
    __m256 acc[8];
    for (int j = 0; j < 8; ++j)
        acc[j] = _mm256_set1_ps(greatest ? -INFINITY : INFINITY);
    for (int m = 1; m < months; ++m) {
        if (skip && skip[m])
            continue;
        const float *now = curve + std::ptrdiff_t(m) * kLanes;
        for (int j = 0; j < 8; ++j) {
            const __m256 rise = _mm256_sub_ps(_mm256_loadu_ps(now + 8 * j), _mm256_loadu_ps(now - kLanes + 8 * j));
            acc[j] = greatest ? _mm256_max_ps(acc[j], rise) : _mm256_min_ps(acc[j], rise);
        }
    }
    for (int j = 0; j < 8; ++j)
        _mm256_storeu_ps(out + 8 * j, acc[j]);
}

__attribute__((target("avx2"))) std::uint64_t lanesStayingAheadAvx2(const float *onPrem, const float *cloud, const float *rise,
                                                                   const float *least, const float *margin, const int *after,
                                                                   const std::vector<int> &payments, int months,
                                                                   std::uint64_t lanes)
{
    const __m256 sign = _mm256_set1_ps(-0.0f);
    const __m256 two = _mm256_set1_ps(2.0f);
    std::uint64_t stays = 0;
    for (int j = 0; j < 8; ++j) {
        const unsigned group = unsigned(lanes >> (8 * j)) & 0xffu;
        if (group == 0)
            continue;
        const __m256 bound = _mm256_loadu_ps(margin + 8 * j);
        unsigned ok = unsigned(_mm256_movemask_ps(_mm256_cmp_ps(
                          _mm256_add_ps(_mm256_loadu_ps(rise + 8 * j), _mm256_mul_ps(two, bound)), _mm256_loadu_ps(least + 8 * j),
                          _CMP_LE_OQ))) & group;
        const __m256i firsts = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(after + 8 * j));
        for (std::size_t p = 0; p < payments.size() && ok != 0; ++p) {
            const int m = payments[p];
            if (m < 1 || m >= months)
                continue;
            const std::ptrdiff_t at = std::ptrdiff_t(m) * kLanes + 8 * j;
            const __m256 d = _mm256_sub_ps(_mm256_loadu_ps(onPrem + at), _mm256_loadu_ps(cloud + at));
            const unsigned near = unsigned(_mm256_movemask_ps(_mm256_cmp_ps(d, _mm256_xor_ps(bound, sign), _CMP_GT_OQ)));
            const unsigned later = unsigned(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_set1_epi32(m), firsts))));
            ok &= ~(near & later);
        }
        stays |= std::uint64_t(ok) << (8 * j);
    }
    return stays;
}

__attribute__((target("avx2"))) void monthsOfAvx2(const float *crossings, int *out)
{
    const __m256 zero = _mm256_setzero_ps();
    const __m256 top = _mm256_set1_ps(1e6f);
    for (int j = 0; j < 8; ++j) {
        const __m256 c = _mm256_loadu_ps(crossings + 8 * j);
        const __m256 valid = _mm256_and_ps(_mm256_cmp_ps(c, zero, _CMP_GE_OQ), _mm256_cmp_ps(c, top, _CMP_LE_OQ));
        const __m256 month = _mm256_and_ps(_mm256_round_ps(c, _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC), valid);
        _mm256_storeu_si256(reinterpret_cast<__m256i *>(out + 8 * j), _mm256_cvttps_epi32(month));
    }
}

#endif

} // namespace

void monthsOf(const float *crossings, int *out)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2()) {
        monthsOfAvx2(crossings, out);
        return;
    }
#endif
    for (int k = 0; k < kLanes; ++k) {
        const float c = crossings[k];
        // NaN and +inf lanes never crossed: any value will do, and the conversion must not trap.
        out[k] = c >= 0.0f && c <= 1e6f ? int(std::ceil(c)) : 0;
    }
}

void greatestRises(const float *curve, int months, const char *skip, float *out)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2()) {
        risesAvx2(curve, months, skip, true, out);
        return;
    }
#endif
    std::fill(out, out + kLanes, -INFINITY);
    for (int m = 1; m < months; ++m)
        if (!skip || !skip[m])
            for (int k = 0; k < kLanes; ++k)
                out[k] = std::max(out[k], curve[std::ptrdiff_t(m) * kLanes + k] - curve[std::ptrdiff_t(m - 1) * kLanes + k]);
}

void leastRises(const float *curve, int months, float *out)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2()) {
        risesAvx2(curve, months, nullptr, false, out);
        return;
    }
#endif
    std::fill(out, out + kLanes, INFINITY);
    for (int m = 1; m < months; ++m)
        for (int k = 0; k < kLanes; ++k)
            out[k] = std::min(out[k], curve[std::ptrdiff_t(m) * kLanes + k] - curve[std::ptrdiff_t(m - 1) * kLanes + k]);
}

std::uint64_t lanesStayingAhead(const float *onPrem, const float *cloud, const float *rise, const float *least,
                                const float *margin, const int *after, const std::vector<int> &payments, int months,
                                std::uint64_t lanes)
{
    // Every lane's first crossing readable by the vector loads (the others never counted).
    alignas(32) int firsts[kLanes];
    for (int k = 0; k < kLanes; ++k)
        firsts[k] = (lanes >> k) & 1 ? after[k] : months;
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2())
        return lanesStayingAheadAvx2(onPrem, cloud, rise, least, margin, firsts, payments, months, lanes);
#endif
    std::uint64_t stays = 0;
    for (std::uint64_t l = lanes; l != 0; l &= l - 1) {
        const int k = std::countr_zero(l);
        bool ok = rise[k] + 2.0f * margin[k] <= least[k];
        for (const int m : payments)
            if (ok && m >= 1 && m < months && m > firsts[k])
                ok = !(onPrem[std::ptrdiff_t(m) * kLanes + k] - cloud[std::ptrdiff_t(m) * kLanes + k] > -margin[k]);
        if (ok)
            stays |= std::uint64_t(1) << k;
    }
    return stays;
}

void lastDearerMonths(const float *onPrem, const float *cloud, const float *onPremHigh, const float *cloudLow,
                      const float *margin, int months, const int *after, std::uint64_t lanes, int *last)
{
#if defined(BREAKEVEN_AVX2_DISPATCH)
    if (hasAvx2()) {
        // Every lane's first crossing readable by the vector loads (the others never counted).
        alignas(32) int firsts[kLanes];
        for (int k = 0; k < kLanes; ++k)
            firsts[k] = (lanes >> k) & 1 ? after[k] : months;
        lastDearerMonthsAvx2(onPrem, cloud, onPremHigh, cloudLow, margin, months, firsts, lanes, last);
        return;
    }
#endif
    for (std::uint64_t l = lanes; l != 0; l &= l - 1)
        last[std::countr_zero(l)] = -1;
    std::uint64_t remaining = lanes;
    for (int s = stretchesOf(months) - 1; s >= 0 && remaining != 0; --s) {
        const int first = s * kStretchMonths;
        const int end = std::min(months, first + kStretchMonths);
        // The lanes that may be dearer somewhere in this stretch; the others pass over it, and
        // leave when their first crossing lies in it or later.
        std::uint64_t look = 0;
        for (std::uint64_t l = remaining; l != 0; l &= l - 1) {
            const int k = std::countr_zero(l);
            if (after[k] >= end - 1) {
                remaining &= ~(std::uint64_t(1) << k);
                continue;
            }
            const std::ptrdiff_t at = std::ptrdiff_t(s) * kLanes + k;
            if (onPremHigh[at] - cloudLow[at] > -margin[k])
                look |= std::uint64_t(1) << k;
        }
        for (int m = end - 1; m >= first && look != 0; --m) {
            const float *a = onPrem + std::ptrdiff_t(m) * kLanes;
            const float *b = cloud + std::ptrdiff_t(m) * kLanes;
            for (std::uint64_t l = look; l != 0; l &= l - 1) {
                const int k = std::countr_zero(l);
                const std::uint64_t bit = std::uint64_t(1) << k;
                if (m <= after[k]) {
                    look &= ~bit;
                    remaining &= ~bit;
                } else if (a[k] - b[k] > -margin[k]) {
                    last[k] = m;
                    look &= ~bit;
                    remaining &= ~bit;
                }
            }
        }
    }
}

} // namespace breakeven
