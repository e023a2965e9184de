// The pay-off that sticks in the sampled futures (docs/model.md, "Crossover and pay-off"): what a
// block's sweep of first crossings becomes once each future that crosses back is found (risk.cpp's
// sampleFutures). Not part of the engine's interface.
#pragma once

#include "risk.h"
#include "riskkernels.h"
#include "risksampler.h"

#include <cstdint>
#include <vector>

namespace breakeven {

// Per block, what bounds the month-to-month rises of the curves (keepPayoffs): for each on-prem
// option evaluated by interpolation, its greatest rise in a month other than its payment months
// (those of the scenario at its own values, the same in every sample), per future; for each cloud
// option its least rise in any month, per future.
struct StepBounds {
    int months = 0;
    std::vector<const std::vector<int> *> paymentsOf; // per option; null: not interpolated, or cloud
    std::vector<std::vector<char>> isPayment;         // per option: months x flag
    std::vector<float> rises;                         // per option: kLanes floats

    const std::vector<int> *payments(int option) const { return paymentsOf[std::size_t(option)]; }
    const float *onPremRise(int option) const { return rises.data() + std::ptrdiff_t(option) * kLanes; }
    const float *cloudLeastRise(int option) const { return rises.data() + std::ptrdiff_t(option) * kLanes; }

    // Option i's rises over the block's curve: the greatest outside its payment months (on-prem),
    // or the least (cloud).
    void measure(int option, bool onPremSide, const float *curve)
    {
        float *out = rises.data() + std::ptrdiff_t(option) * kLanes;
        if (onPremSide)
            greatestRises(curve, months, isPayment[std::size_t(option)].data(), out);
        else
            leastRises(curve, months, out);
    }
};

// The pay-off that sticks (docs/model.md, "Crossover and pay-off"), from the first crossings a
// pair's sweep found (`crossed`, out[k] each): a lane dearer at H never pays off (+inf); one not
// dearer at H that was dearer again after its first crossing pays off at its last crossing to
// "not dearer", found backwards from H (lastDearerMonths) and decided in double. The tally by
// month (counts + 3) moves with it, and counts[2] counts the lanes that never pay off.
void keepPayoffs(const CurveSampler &sampler, const SampleBlock &block, const PairRisk &pair, std::uint64_t crossed,
                 std::uint64_t cheaper, const float *onPrem, const float *cloud, const float *onPremHigh,
                 const float *cloudLow, const float *margin, int months, const StepBounds &steps, float *out,
                 std::uint32_t *counts);

} // namespace breakeven
