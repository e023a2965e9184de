#include "riskpayoffs.h"

#include <bit>
#include <cmath>

namespace breakeven {

// The pay-off that sticks (docs/model.md, "Crossover and pay-off"), from the first crossings a
// pair's sweep found (`crossed`, out[k] each): a lane dearer at H never pays off (+inf); one not
// dearer at H that was dearer again after its first crossing pays off at its last crossing to
// "not dearer", found backwards from H (lastDearerMonths) and decided in double. The tally by
// month (counts + 3) moves with it, and counts[2] counts the lanes that never pay off.
void keepPayoffs(const CurveSampler &sampler, const SampleBlock &block, const PairRisk &pair, std::uint64_t crossed,
                 std::uint64_t cheaper, const float *onPrem, const float *cloud, const float *onPremHigh,
                 const float *cloudLow, const float *margin, int months, const StepBounds &steps, float *out,
                 std::uint32_t *counts)
{
    if (crossed == 0)
        return;
    // The month of each first crossing: (m - 1, m] is m.
    alignas(32) int after[kLanes];
    monthsOf(out, after);
    // Not dearer at H: cheaper there, or level within the tolerance (decided in double).
    std::uint64_t ahead = crossed & cheaper;
    const double *tcoOnPrem = block.tco.data() + std::ptrdiff_t(pair.onPrem) * kLanes;
    const double *tcoCloud = block.tco.data() + std::ptrdiff_t(pair.cloud) * kLanes;
    for (std::uint64_t lanes = crossed & ~cheaper; lanes != 0; lanes &= lanes - 1) {
        const int k = std::countr_zero(lanes);
        if (CostModel::gap(tcoOnPrem[k], tcoCloud[k]) <= 0) {
            ahead |= std::uint64_t(1) << k;
        } else {
            --counts[3 + after[k]];
            ++counts[2];
            out[k] = INFINITY;
        }
    }
    if (ahead == 0)
        return;
    // Most futures stay ahead after their first crossing, and most of those can be told so from a
    // few months: where on-prem's monthly rise, outside its payment months, never passes the cloud
    // option's least monthly rise, the difference cannot grow but in those months. Then buying
    // stays ahead if the difference is clearly below zero at the first crossing's month and in
    // each payment month after it: by the bounds (which hold for every month, so they do not add
    // up over the months between: the rises telescope) and by what rounding the rises and the
    // differences in single precision can add up to. The others are looked at month by month.
    // last[k]: the last month after the first crossing in which buying may be dearer (-1: none).
    int last[kLanes];
    std::uint64_t look = ahead; // those left to the month-by-month look
    if (const std::vector<int> *payments = steps.payments(pair.onPrem)) {
        const float *rise = steps.onPremRise(pair.onPrem);
        const float *least = steps.cloudLeastRise(pair.cloud);
        // Those that stay ahead for certain keep their first crossing (most of them).
        ahead &= ~lanesStayingAhead(onPrem, cloud, rise, least, margin, after, *payments, months, ahead);
        look = ahead;
        constexpr float kEpsilon = 0x1.0p-24f;
        for (std::uint64_t lanes = ahead; lanes != 0; lanes &= lanes - 1) {
            const int k = std::countr_zero(lanes);
            if (!(rise[k] <= least[k]))
                continue;
            const float clear = -(2.0f * margin[k] + 4.0f * float(months) * kEpsilon * (std::abs(rise[k]) + std::abs(least[k])));
            const auto gapAt = [&](int m) { return onPrem[std::ptrdiff_t(m) * kLanes + k] - cloud[std::ptrdiff_t(m) * kLanes + k]; };
            // The last payment month after the first crossing not clearly below zero, else the
            // first crossing's month; from there the difference falls until the next payment.
            int from = after[k];
            for (const int m : *payments)
                if (m > after[k] && m < months && gapAt(m) > clear)
                    from = m;
            last[k] = -1;
            for (int m = from; m < months; ++m) {
                const float gap = gapAt(m);
                if (m > after[k] && gap > -margin[k])
                    last[k] = m;
                if (gap <= clear && m > from)
                    break;
            }
            look &= ~(std::uint64_t(1) << k);
        }
    }
    if (look != 0)
        lastDearerMonths(onPrem, cloud, onPremHigh, cloudLow, margin, months, after, look, last);
    for (std::uint64_t lanes = ahead; lanes != 0; lanes &= lanes - 1) {
        const int k = std::countr_zero(lanes);
        if (last[k] < 0)
            continue;
        // Clearly dearer in month L and clearly not in L + 1: the crossing in (L, L + 1] where the
        // single-precision differences meet zero, as the sweep finds the first one.
        const int L = last[k];
        if (L + 1 < months) {
            const float before = onPrem[std::ptrdiff_t(L) * kLanes + k] - cloud[std::ptrdiff_t(L) * kLanes + k];
            const float now = onPrem[std::ptrdiff_t(L + 1) * kLanes + k] - cloud[std::ptrdiff_t(L + 1) * kLanes + k];
            if (before > margin[k] && now <= -margin[k]) {
                const float base = float(L);
                --counts[3 + after[k]];
                out[k] = std::min(float(L + 1), std::max(base + before / (before - now), std::nextafter(base, float(L + 1))));
                ++counts[3 + L + 1];
                continue;
            }
        }
        const auto exactGap = [&](int at) {
            return CostModel::gap(sampler.exactValue(block, pair.onPrem, at, k), sampler.exactValue(block, pair.cloud, at, k));
        };
        // The last month dearer in double, from the last one single precision could not rule out.
        int dearer = -1;
        for (int m = last[k]; m > after[k] && dearer < 0; --m)
            if (exactGap(m) > 0)
                dearer = m;
        if (dearer < 0)
            continue;
        --counts[3 + after[k]];
        if (dearer >= months - 1) { // only rounding can say so: the TCOs say not dearer
            ++counts[2];
            out[k] = INFINITY;
            continue;
        }
        out[k] = crossingIn(dearer + 1, exactGap(dearer), exactGap(dearer + 1));
        ++counts[3 + dearer + 1];
    }
}

} // namespace breakeven
