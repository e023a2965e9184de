#include "hybrid.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace breakeven {

namespace {
constexpr double kCountTolerance = 1e-9;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

QString formatNumber(double value) { return QString::number(value, 'g', 4); }

// Entries 0..H of one option's monthly costs at u = 0 and the part that grows with u, and the
// resale credit subtracted from its cumulative curve: the lay-out of the cost model, read back.
struct Layout {
    Eigen::ArrayXd fixed;
    Eigen::ArrayXd slope;
    Eigen::ArrayXd credit;
    std::array<double, kCostComponentCount> fixedBreakdown{};
    bool feasible = true;
};

Layout layOutAlone(const EngineInput &scenario, const OptionInput &option, double referenceGpus)
{
    EngineInput in;
    in.scenarioName = scenario.scenarioName;
    in.currency = scenario.currency;
    in.horizonMonths = scenario.horizonMonths;
    in.discountRatePerYear = scenario.discountRatePerYear;
    in.discounting = scenario.discounting;
    in.creditResaleValue = scenario.creditResaleValue;
    in.tax = scenario.tax;
    in.hardwarePriceChangePerYear = scenario.hardwarePriceChangePerYear;
    in.electricityPriceChangePerYear = scenario.electricityPriceChangePerYear;
    in.gpus = referenceGpus;
    in.growthPerYear = 0;
    in.options = {option};
    in.options.front().cloud.maxGpus = std::numeric_limits<int>::max(); // the quota is checked per K
    // A serving hybrid rents its bursts as they come, by the GPU-hour used: not the replicas its
    // rented option alone would keep running at the peak (the owned units are whole replicas).
    if (option.kind == OptionKind::Cloud && option.serving.replicaGpus > 0) {
        in.options.front().serving.autoscales = true;
        in.options.front().serving.replicaGpus = 0;
    }
    const CostModel model(std::move(in));
    Layout layout;
    layout.feasible = model.isFeasible(0);
    const Evaluation atZero = model.evaluate(0.0);
    const Evaluation atOne = model.evaluate(1.0);
    layout.fixed = atZero.monthly.row(0).transpose();
    layout.slope = (atOne.monthly.row(0) - atZero.monthly.row(0)).transpose();
    Eigen::ArrayXd running(layout.fixed.size());
    double sum = 0;
    for (Eigen::Index m = 0; m < layout.fixed.size(); ++m) {
        sum += layout.fixed(m);
        running(m) = sum;
    }
    layout.credit = running - atZero.cumulative.row(0).transpose();
    layout.fixedBreakdown = model.breakdown(0, 0.0);
    return layout;
}
} // namespace

// The demand at one utilization: the sorted steps `values` (ascending) with the cumulative share
// of the period below each (`below[j]`: the share of the j smallest) and the mean of the j smallest
// weighed by their shares (`partial[j]`), all times `scale`.
struct HybridModel::Curve {
    const double *values = nullptr;
    std::size_t count = 0;
    const double *below = nullptr;
    const double *partial = nullptr;
    std::vector<double> own;                  // the two steps of "N busy u of the time", and theirs
    double scale = 1;
    double peak = 0;                          // before scale
    double mean = 0;                          // before scale

    // The mean over the period of min(a · g_t, capacity).
    double ownedMean(double a, double capacity) const
    {
        if (!(a > 0) || count == 0)
            return 0;
        const double c = capacity / a;
        const std::size_t j = std::size_t(std::upper_bound(values, values + count, c) - values);
        return a * (partial[j] + c * (1.0 - below[j]));
    }
};

struct HybridModel::Prepared {
    OptionStatus status;
    int devices = 1;                          // n
    double onPremThroughput = 1;              // p of the build
    double cloudThroughput = 1;
    int maxGpus = 64;
    Layout unit;                              // one unit of the build, bought at the start
    Layout cloud;                             // one reference GPU of work on the cloud option
    double unitTotal = 0;                     // sum of one unit's fixed entries minus its credit at H
    std::array<double, 3> extrasShare{};      // fees, storage, egress of the cloud's monthly extras
};

HybridModel::HybridModel(const EngineInput &input)
    : m_input(input)
{
    const int H = std::max(0, m_input.horizonMonths);
    m_growth = Eigen::ArrayXd::Zero(H + 1);
    for (int m = 1; m <= H; ++m)
        m_growth(m) = std::pow(1.0 + m_input.growthPerYear, (m - 1) / 12.0);

    m_sorted = m_input.demandProfile;
    std::sort(m_sorted.begin(), m_sorted.end());
    m_prefix.assign(m_sorted.size() + 1, 0.0);
    for (std::size_t j = 0; j < m_sorted.size(); ++j)
        m_prefix[j + 1] = m_prefix[j] + m_sorted[j];
    if (!m_sorted.empty() && m_sorted.back() > 0)
        m_profileUtilization = m_prefix.back() / double(m_sorted.size()) / m_sorted.back();
    const double steps = double(m_sorted.size());
    m_below.resize(m_prefix.size());
    m_partial.resize(m_prefix.size());
    for (std::size_t j = 0; j < m_prefix.size(); ++j) {
        m_below[j] = double(j) / steps;
        m_partial[j] = m_prefix[j] / steps;
    }

    for (const HybridInput &h : m_input.hybrids) {
        Prepared p;
        const OptionInput &build = m_input.options[std::size_t(h.onPrem)];
        const OptionInput &cloud = m_input.options[std::size_t(h.cloud)];
        p.devices = std::max(1, build.onPrem.devicesPerUnit);
        p.onPremThroughput = build.workThroughput();
        p.cloudThroughput = cloud.workThroughput();
        p.maxGpus = cloud.cloud.maxGpus;
        const bool throughputs = build.relativeThroughput > 0 && std::isfinite(build.relativeThroughput)
            && cloud.relativeThroughput > 0 && std::isfinite(cloud.relativeThroughput);
        if (!throughputs) {
            p.status = {false, QStringLiteral("relative throughput of %1 or %2 is not above 0").arg(build.gpu, cloud.gpu)};
        } else if (build.memoryGB < m_input.minGpuMemoryGB || cloud.memoryGB < m_input.minGpuMemoryGB) {
            const OptionInput &small = build.memoryGB < m_input.minGpuMemoryGB ? build : cloud;
            p.status = {false, QStringLiteral("%1 has %2 GB per GPU; the workload needs %3 GB")
                                   .arg(small.gpu, formatNumber(small.memoryGB), formatNumber(m_input.minGpuMemoryGB))};
        } else if (cloud.cloud.plan != PricingPlan::OnDemand && cloud.cloud.plan != PricingPlan::Spot) {
            p.status = {false, QStringLiteral("%1 is a reservation, billed around the clock whatever it runs; "
                                              "a hybrid rents its bursts on-demand or spot").arg(cloud.name)};
        } else {
            p.unit = layOutAlone(m_input, build, p.devices * p.onPremThroughput);
            p.cloud = layOutAlone(m_input, cloud, 1.0);
            if (!p.unit.feasible || !p.cloud.feasible)
                p.status = {false, QStringLiteral("costs too large to compute; check the prices of %1 and %2")
                                       .arg(build.name, cloud.name)};
            p.unitTotal = p.unit.fixed.sum() - p.unit.credit(H);
            const CloudTerms &t = cloud.cloud;
            const double extras = t.platformFeePerMonth + t.storagePerMonth + t.egressPerMonth;
            if (extras > 0)
                p.extrasShare = {t.platformFeePerMonth / extras, t.storagePerMonth / extras, t.egressPerMonth / extras};
        }
        m_hybrids.push_back(std::move(p));
    }
}

HybridModel::~HybridModel() = default;
HybridModel::HybridModel(const HybridModel &) = default;
HybridModel &HybridModel::operator=(const HybridModel &) = default;
HybridModel::HybridModel(HybridModel &&) noexcept = default;
HybridModel &HybridModel::operator=(HybridModel &&) noexcept = default;

HybridModel::Curve HybridModel::curveAt(double utilization) const
{
    Curve curve;
    if (utilization < kNegligibleUtilization)
        utilization = 0;
    if (!m_sorted.empty()) {
        curve.values = m_sorted.data();
        curve.count = m_sorted.size();
        curve.below = m_below.data();
        curve.partial = m_partial.data();
        curve.peak = m_sorted.back();
        curve.mean = m_partial.back();
        // Scaled so that its mean is u · N: at the profile's own u, the profile as read.
        curve.scale = m_profileUtilization > 0 ? utilization / m_profileUtilization : 0.0;
    } else {
        const double u = std::clamp(utilization, 0.0, 1.0);
        curve.own = {0.0, m_input.gpus, /* below */ 0.0, 1.0 - u, 1.0, /* partial */ 0.0, 0.0, m_input.gpus * u};
        curve.values = curve.own.data();
        curve.count = 2;
        curve.below = curve.own.data() + 2;
        curve.partial = curve.own.data() + 5;
        curve.peak = u > 0 ? m_input.gpus : 0.0;
        curve.mean = m_input.gpus * u;
    }
    return curve;
}

double HybridModel::tcoFor(const Prepared &p, const Curve &curve, int units) const
{
    const int H = int(m_growth.size()) - 1;
    const double capacity = units * p.devices * p.onPremThroughput;
    double total = units * p.unitTotal;
    for (int m = 1; m <= H; ++m) {
        const double a = curve.scale * m_growth(m);
        if ((a * curve.peak - capacity) / p.cloudThroughput > p.maxGpus + kCountTolerance)
            return kInfinity;
        const double owned = curve.ownedMean(a, capacity);
        const double burst = std::max(0.0, a * curve.mean - owned);
        total += owned / (p.devices * p.onPremThroughput) * p.unit.slope(m) + burst * p.cloud.slope(m);
        if (burst > 1e-12 * std::max(1.0, a * curve.mean))
            total += p.cloud.fixed(m);
    }
    return total;
}

void HybridModel::fill(const Prepared &p, const Curve &curve, int units, HybridResult &r) const
{
    const int H = int(m_growth.size()) - 1;
    const double perUnitCapacity = p.devices * p.onPremThroughput;
    const double capacity = units * perUnitCapacity;
    r.units = units;
    r.ownedCapacity = capacity;
    r.monthly = Eigen::ArrayXd::Zero(H + 1);
    r.breakdown = {};
    for (int k = 0; k < kCostComponentCount; ++k)
        r.breakdown[std::size_t(k)] = units * p.unit.fixedBreakdown[std::size_t(k)];
    r.monthly(0) = units * p.unit.fixed(0);
    double owned = 0;
    double burst = 0;
    for (int m = 1; m <= H; ++m) {
        const double a = curve.scale * m_growth(m);
        const double ownedMean = curve.ownedMean(a, capacity);
        const double burstMean = std::max(0.0, a * curve.mean - ownedMean);
        const double load = ownedMean / perUnitCapacity * p.unit.slope(m);
        const double rental = burstMean * p.cloud.slope(m);
        const double extras = burstMean > 1e-12 * std::max(1.0, a * curve.mean) ? p.cloud.fixed(m) : 0.0;
        r.monthly(m) = units * p.unit.fixed(m) + load + rental + extras;
        r.breakdown[std::size_t(CostComponent::Power)] += load;
        r.breakdown[std::size_t(CostComponent::GpuRental)] += rental;
        r.breakdown[std::size_t(CostComponent::Fees)] += extras * p.extrasShare[0];
        r.breakdown[std::size_t(CostComponent::Storage)] += extras * p.extrasShare[1];
        r.breakdown[std::size_t(CostComponent::Egress)] += extras * p.extrasShare[2];
        owned += ownedMean * kHoursPerMonth;
        burst += burstMean * kHoursPerMonth;
    }
    r.cumulativeSpend = Eigen::ArrayXd(H + 1);
    double running = 0;
    for (int m = 0; m <= H; ++m) {
        running += r.monthly(m);
        r.cumulativeSpend(m) = running;
    }
    r.cumulative = r.cumulativeSpend - units * p.unit.credit;
    r.tco = r.cumulative(H);
    r.ownedWorkHours = owned;
    r.burstWorkHours = burst;
    r.ownedUtilization = std::nullopt;
    if (units > 0 && H > 0)
        r.ownedUtilization = owned / (capacity * kHoursPerMonth * H);
    r.burstShare = owned + burst > 0 ? burst / (owned + burst) : 0.0;
}

HybridResult HybridModel::evaluate(int index, double utilization) const
{
    const HybridInput &h = hybrid(index);
    const Prepared &p = m_hybrids[std::size_t(index)];
    const int H = int(m_growth.size()) - 1;
    HybridResult r;
    r.name = h.name;
    r.onPrem = h.onPrem;
    r.cloud = h.cloud;
    r.status = p.status;
    r.chosen = !h.units.has_value();
    r.monthly = r.cumulative = r.cumulativeSpend = Eigen::ArrayXd::Zero(H + 1);
    if (!p.status.feasible)
        return r;

    const Curve curve = curveAt(utilization);
    const double peakScale = curve.scale * (H >= 1 ? m_growth.tail(H).maxCoeff() : 0.0);
    const double covering = std::ceil(peakScale * curve.peak / (p.devices * p.onPremThroughput) - kCountTolerance);
    if (!(covering <= kMaxHybridUnits)) {
        r.status = {false, QStringLiteral("covering the peak would take more than %1 units").arg(kMaxHybridUnits)};
        return r;
    }
    r.unitsCoveringPeak = std::max(0, int(covering));
    const int last = std::max(r.unitsCoveringPeak, h.units.value_or(0));
    r.tcoByUnits.resize(std::size_t(last) + 1);
    int best = -1;
    for (int k = 0; k <= last; ++k) {
        const double tco = tcoFor(p, curve, k);
        r.tcoByUnits[std::size_t(k)] = tco;
        // The smaller K on a tie (to rounding).
        if (std::isfinite(tco)
            && (best < 0 || tco < r.tcoByUnits[std::size_t(best)] - 1e-12 * std::max(1.0, std::abs(tco))))
            best = k;
    }
    const int units = h.units.value_or(best);
    if (!std::isfinite(r.tcoByUnits[std::size_t(units)])) {
        const OptionInput &cloud = m_input.options[std::size_t(h.cloud)];
        const double burstGpus = (peakScale * curve.peak - units * p.devices * p.onPremThroughput) / p.cloudThroughput;
        r.status = {false, QStringLiteral("%1 units leave up to %2 GPUs at once to %3; its quota is %4")
                               .arg(units).arg(formatNumber(burstGpus), cloud.name).arg(p.maxGpus)};
        r.units = units;
        return r;
    }
    fill(p, curve, units, r);
    return r;
}

std::vector<HybridResult> HybridModel::evaluateAll(double utilization) const
{
    std::vector<HybridResult> results;
    results.reserve(m_hybrids.size());
    for (int i = 0; i < count(); ++i)
        results.push_back(evaluate(i, utilization));
    return results;
}

std::vector<HybridModel::DurationPoint> HybridModel::loadDuration(double utilization) const
{
    const Curve curve = curveAt(utilization);
    std::vector<DurationPoint> points;
    points.reserve(curve.count);
    for (std::size_t j = curve.count; j-- > 0;) {
        const double share = curve.below[j + 1] - curve.below[j];
        if (share > 0)
            points.push_back({curve.values[j] * curve.scale, share});
    }
    return points;
}

} // namespace breakeven
