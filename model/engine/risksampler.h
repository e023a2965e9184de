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
#include "riskkernels.h"
#include "scenariopaths.h"

#include <Eigen/Core>

#include <cstdint>
#include <vector>

namespace breakeven {

// Leaves in `scenario` only the options of `subset` (sorted indices as assembled: on-prem options
// first, then cloud options), in order; all of them when it is empty. Each option is laid out on
// its own, so the ones kept cost exactly what they did.
void keepOptions(Scenario &scenario, const std::vector<int> &subset);

// Whether `a` and `b` are the same scenario but for the workload's utilization and the
// uncertainty block: what no lay-out reads (the utilization enters only when a lay-out is
// evaluated), so one laid out for `b` serves `a`.
bool sameButUtilization(const Scenario &a, const Scenario &b);

// The option a field path belongs to (on-prem options first, then cloud options, as assembled),
// or -1 for a field of the scenario itself.
// API options follow the cloud options: give `cloudCount` where a path may name one.
int optionOfPath(const QString &path, int onPremCount, int cloudCount = 0);

// Up to kLanes samples' curves, side by side (CurveSampler::sample). The curves are kept in single
// precision, what finding crossovers and the bands need; each option's TCO in double, and what
// gives any month of any sample exactly in double (CurveSampler::exactValue).
struct SampleBlock {
    int count = 0;                      // samples in the block, at most kLanes
    int months = 0;                     // H + 1
    std::vector<float> curves;          // option x month x kLanes: cumulative cost
    // When set, where CurveSampler::sample also keeps what gives the block's curves back after
    // the next block is sampled (CurveSampler::keptCurves): CurveSampler::keptFloats() x kLanes
    // floats, option i's from keptOffset(i) x kLanes on.
    float *keep = nullptr;
    std::vector<float> error;           // option x kLanes: a bound on a curve's single-precision error
    std::vector<double> tco;            // option x kLanes: the cumulative cost at H, in double
    std::vector<std::uint64_t> feasible; // per option: a bit per sample
    // Per class of interpolated options (alike plans share their weights): count x 2K weights,
    // sample by sample; the same 2K x kLanes, lane by lane, in double and in single precision.
    std::vector<std::vector<double>> weights;
    std::vector<std::vector<double>> wide;
    std::vector<std::vector<float>> narrow;
    std::vector<Eigen::ArrayXXd> laidOut; // per option laid out in full: months x count, in double
    // Room the sampler works in, kept from block to block.
    std::vector<float> coordinates;

    const float *curve(int option) const { return curves.data() + std::ptrdiff_t(option) * months * kLanes; }
};

class CurveSampler {
public:
    // `ranges` resolved against `scenario`; only the options of `only` (sorted indices as
    // assembled) when it is not empty, the others never feasible. Keeps copies of the scenario
    // and the ranges; `catalog` must outlive it. Throws InputError when a lay-out fails.
    CurveSampler(const Scenario &scenario, const GpuCatalog &catalog, const std::vector<ResolvedRange> &ranges,
                 const std::vector<int> &only = {});
    ~CurveSampler();

    int optionCount() const { return m_options; }
    int months() const { return m_months; }            // H + 1
    // Options evaluated by interpolation; the rest are laid out per sample.
    int interpolatedOptions() const;
    // Whether option i is evaluated by interpolation: then its payments fall in the same months in
    // every sample as at the scenario's own values (a range that moves them lays it out per sample).
    bool interpolates(int option) const;

    // Cumulative curves at the drawn quantiles of `count` samples (`quantiles`: count x ranges,
    // row by row): `curves[i]` becomes months x count (one sample per column), and
    // `feasible[i * count + k]` says whether option i is feasible in sample k.
    void sample(const double *quantiles, int count, std::vector<Eigen::ArrayXXd> &curves,
                std::vector<char> &feasible) const;
    // The same for at most kLanes samples, in single precision (SampleBlock).
    void sample(const double *quantiles, int count, SampleBlock &block) const;
    // Option i's cumulative cost at month m in sample k of `block`, in double.
    double exactValue(const SampleBlock &block, int option, int month, int sample) const;

    // What a block keeps of its curves (SampleBlock::keep), per sample: an interpolated option's
    // coordinates in its basis (its rank, a few floats), an option laid out per sample its months;
    // keptOffset(i): where option i's start, keptFloats(): all of them.
    int keptFloats() const { return m_keptOffsets.empty() ? 0 : m_keptOffsets.back(); }
    int keptOffset(int option) const { return m_keptOffsets[std::size_t(option)]; }
    // Option i's curves back from what a block kept of them (`kept`: the block's from
    // keptOffset(i) x kLanes on): month m of lane k at out[m * stride + k], the same values to
    // the bit as the block's curves.
    void keptCurves(int option, const float *kept, float *out, std::size_t stride) const;

    // Whether this sampler's lay-outs serve `scenario` with `ranges` (resolved against it) and the
    // same `only`: nothing differs but the workload's utilization and the range on it, which the
    // lay-outs do not depend on (a moved utilization slider). Then rebind() takes them over.
    bool servesUtilizationOf(const Scenario &scenario, const std::vector<ResolvedRange> &ranges,
                             const std::vector<int> &only) const;
    void rebind(const Scenario &scenario, const std::vector<ResolvedRange> &ranges);

private:
    struct Layout;
    struct Plan;
    // The scenario with range r at positions[r] (kOwn: its own values), the options of `subset`
    // only (all when empty).
    Layout layOut(const std::vector<double> &positions, const std::vector<int> &subset) const;
    // The same at each of `positions`, on two threads.
    std::vector<Layout> layOutEach(const std::vector<std::vector<double>> &positions, const std::vector<int> &subset) const;
    // Each of `positions` with its own options (subsets[k] for positions[k]), on two threads.
    std::vector<Layout> layOutEach(const std::vector<std::vector<double>> &positions,
                                   const std::vector<const std::vector<int> *> &subsets) const;
    Scenario placed(const std::vector<double> &positions) const;
    double utilizationAt(const double *quantiles) const;

    Scenario m_scenario;
    const GpuCatalog &m_catalog;
    std::vector<ResolvedRange> m_ranges;
    std::vector<int> m_only;
    int m_options = 0;
    int m_months = 0;
    int m_utilizationRange = -1;   // the range on workload.utilization, if any
    std::vector<Plan> m_plans;     // per option
    std::vector<int> m_laidOut;    // the options laid out per sample
    std::vector<int> m_keptOffsets; // per option, then the total: SampleBlock::keep's lay-out
    std::vector<int> m_classPlans; // per class of weights (Plan::weightClass): its first option
};

} // namespace breakeven
