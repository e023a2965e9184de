// The sampled futures of a risk analysis (docs/model.md, "Uncertainty", "How sampling is fast").
//
// Evaluating the whole scenario once per sample costs a full lay-out of every option. Most
// inputs enter an option's costs as a polynomial of low degree in the input (a price or a factor:
// degree 1; a yearly rate of change: a smooth power that a few Chebyshev nodes reproduce), and
// most touch few options. So the sampler, once per run:
//   1. finds which ranges touch which options (a lay-out with each range at its ends);
//   2. tells, per range, whether the options it touches are affine in it (two more lay-outs), else
//      gives the range nine Chebyshev–Lobatto nodes;
//   3. lays the scenario out at every node of the tensor grid of the ranges touching an option
//      (the other ranges at their own values), keeping each option's cumulative curve at u = 0
//      and its slope in u;
//   4. checks the interpolation against full lay-outs at three points inside the ranges, and
//      compresses each option's node curves to their numerical rank (a pivoted QR).
// A sample is then, per option, a few Lagrange weights and two small matrix products over a block
// of samples. An option the check refuses (a unit count that jumps, a feasibility that changes)
// is laid out in full for every sample, as is any option touched by too many ranges at once.
#pragma once

#include "catalog/gpucatalog.h"
#include "costmodel.h"
#include "scenariopaths.h"

#include <Eigen/Core>

#include <vector>

namespace breakeven {

// Leaves in `scenario` only the options of `subset` (sorted indices as assembled: on-prem options
// first, then cloud options), in order; all of them when it is empty. Each option is laid out on
// its own, so the ones kept cost exactly what they did.
void keepOptions(Scenario &scenario, const std::vector<int> &subset);

class CurveSampler {
public:
    // `ranges` resolved against `scenario`; only the options of `only` (sorted indices as
    // assembled) when it is not empty, the others never feasible. Throws InputError when a
    // lay-out fails.
    CurveSampler(const Scenario &scenario, const GpuCatalog &catalog, const std::vector<ResolvedRange> &ranges,
                 const std::vector<int> &only = {});
    ~CurveSampler();

    int optionCount() const { return m_options; }
    int months() const { return m_months; }            // H + 1
    // Options evaluated by interpolation; the rest are laid out per sample.
    int interpolatedOptions() const;

    // Cumulative curves at the drawn quantiles of `count` samples (`quantiles`: count x ranges,
    // row by row): `curves[i]` becomes months x count (one sample per column), and
    // `feasible[i * count + k]` says whether option i is feasible in sample k.
    void sample(const double *quantiles, int count, std::vector<Eigen::ArrayXXd> &curves,
                std::vector<char> &feasible) const;

private:
    struct Layout;
    struct Plan;
    // The scenario with range r at positions[r] (kOwn: its own values), the options of `subset`
    // only (all when empty).
    Layout layOut(const std::vector<double> &positions, const std::vector<int> &subset) const;
    Scenario placed(const std::vector<double> &positions) const;
    double utilizationAt(const double *quantiles) const;

    const Scenario &m_scenario;
    const GpuCatalog &m_catalog;
    const std::vector<ResolvedRange> &m_ranges;
    int m_options = 0;
    int m_months = 0;
    int m_utilizationRange = -1;   // the range on workload.utilization, if any
    std::vector<Plan> m_plans;     // per option
    std::vector<int> m_laidOut;    // the options laid out per sample
};

} // namespace breakeven
