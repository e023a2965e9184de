// Hybrid fleets (docs/model.md, "Hybrid fleets"): K units of a build own the baseline of the
// demand and a cloud option rents what does not fit.
//
// The demand is a load-duration curve: the profile's steps sorted once, with running sums, so the
// work that K units can take in a month is one binary search. The on-prem part reuses the cost
// model laid out for one unit (every figure of K units bought at the start is K times one's, and
// its power is the idle part plus the load part times the owned work); the cloud part reuses the
// cost model of the cloud option for one reference GPU of work. So a hybrid costs exactly what its
// build and cloud option cost for the same work, and choosing K is one pass over K and months.
#pragma once

#include "costmodel.h"

#include <Eigen/Core>

#include <array>
#include <optional>
#include <vector>

namespace breakeven {

struct HybridResult {
    QString name;
    int onPrem = -1;                          // option indices in the engine input
    int cloud = -1;
    OptionStatus status;
    bool chosen = true;                       // K chosen by the engine (not fixed by the user)
    int units = 0;                            // K
    double ownedCapacity = 0;                 // C = K · n · p, reference GPUs
    int unitsCoveringPeak = 0;                // the units that cover the busiest step at any month
    // TCO at H for K = 0 .. max(unitsCoveringPeak, units): the "how much to own" curve.
    // +inf where K leaves more burst than the cloud option's quota allows.
    std::vector<double> tcoByUnits;
    Eigen::ArrayXd monthly;                   // H + 1, like Evaluation::monthly
    Eigen::ArrayXd cumulative;                // net of resale when the scenario credits it
    Eigen::ArrayXd cumulativeSpend;           // the plain spend
    double tco = 0;
    std::optional<double> ownedUtilization;   // owned work / (C · hours), null when K = 0
    double burstShare = 0;                    // burst work / all work, 0 when there is no work
    double ownedWorkHours = 0;                // reference-GPU-hours over the horizon
    double burstWorkHours = 0;
    std::array<double, kCostComponentCount> breakdown{};
};

class HybridModel {
public:
    explicit HybridModel(const EngineInput &input);
    ~HybridModel();
    HybridModel(const HybridModel &);
    HybridModel &operator=(const HybridModel &);
    HybridModel(HybridModel &&) noexcept;
    HybridModel &operator=(HybridModel &&) noexcept;

    int count() const { return int(m_input.hybrids.size()); }
    const HybridInput &hybrid(int i) const { return m_input.hybrids[std::size_t(i)]; }
    // Names are labels only, as CostModel::setOptionName.
    void setName(int i, const QString &name) { m_input.hybrids[std::size_t(i)].name = name; }
    const EngineInput &input() const { return m_input; }

    // At utilization u: with a profile, the profile scaled so that its mean is u · N (at the
    // profile's own u it is the profile as read); without one, N GPUs busy u of the time.
    HybridResult evaluate(int hybrid, double utilization) const;
    std::vector<HybridResult> evaluateAll(double utilization) const;

    // The demand in month 1 at utilization u, largest step first (the load-duration curve), with
    // each step's share of the period: for the chart.
    struct DurationPoint {
        double gpus;
        double share;
    };
    std::vector<DurationPoint> loadDuration(double utilization) const;

private:
    struct Curve;                             // the sorted demand at one utilization
    struct Prepared;                          // one hybrid's per-month figures
    Curve curveAt(double utilization) const;
    double tcoFor(const Prepared &p, const Curve &curve, int units) const;
    void fill(const Prepared &p, const Curve &curve, int units, HybridResult &result) const;

    EngineInput m_input;
    std::vector<Prepared> m_hybrids;
    std::vector<double> m_sorted;             // profile steps ascending
    std::vector<double> m_prefix;             // m_prefix[j] = sum of the j smallest steps
    std::vector<double> m_below;              // j / steps: the share of the period they take
    std::vector<double> m_partial;            // m_prefix[j] / steps
    double m_profileUtilization = 0;          // mean / peak of the profile
    Eigen::ArrayXd m_growth;                  // m = 0..H; 0 at m = 0
};

} // namespace breakeven
