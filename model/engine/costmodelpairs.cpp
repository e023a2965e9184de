// The pairs of a cost model (docs/model.md, "Crossover, crossings and pay-off"): where the cheaper
// side of an (on-prem, cloud) pair changes, the pay-off that sticks, the break-even utilization and
// the cost ratio.
#include "costmodel.h"

#include <algorithm>
#include <cmath>

namespace breakeven {

std::optional<double> CostModel::crossoverMonth(const Eigen::ArrayXd &onPrem, const Eigen::ArrayXd &cloud)
{
    return crossoverMonth(onPrem.data(), cloud.data(), int(std::min(onPrem.size(), cloud.size())));
}

double CostModel::gap(double onPrem, double cloud)
{
    const double scale = std::max({1.0, std::abs(onPrem), std::abs(cloud)});
    const double d = onPrem - cloud;
    return std::abs(d) <= 1e-12 * scale ? 0.0 : d;
}

std::vector<Crossing> CostModel::crossings(const double *onPrem, const double *cloud, int months)
{
    std::vector<Crossing> result;
    if (months <= 0)
        return result;
    double previous = gap(onPrem[0], cloud[0]);
    for (int m = 1; m < months; ++m) {
        const double d = gap(onPrem[m], cloud[m]);
        if ((previous > 0) != (d > 0))
            result.push_back({double(m - 1) + previous / (previous - d), d > 0 ? Winner::Cloud : Winner::OnPrem});
        previous = d;
    }
    return result;
}

std::optional<double> CostModel::paysOffMonth(const std::vector<Crossing> &crossings, bool dearerAtEnd)
{
    if (dearerAtEnd)
        return std::nullopt;
    // Not dearer at the end: after the last crossing to "not dearer", if any, it stays so.
    for (auto c = crossings.rbegin(); c != crossings.rend(); ++c)
        if (c->cheaperAfter == Winner::OnPrem)
            return c->month;
    return 0.0;
}

std::optional<double> CostModel::crossoverMonth(const double *onPrem, const double *cloud, int months)
{
    auto gap = [&](int m) { return CostModel::gap(onPrem[m], cloud[m]); };
    if (months <= 0)
        return std::nullopt;
    double previous = gap(0);
    if (previous <= 0)
        return 0.0;
    for (int m = 1; m < months; ++m) {
        const double d = gap(m);
        if (d <= 0)
            return double(m - 1) + previous / (previous - d);
        previous = d;
    }
    return std::nullopt;
}

PairResult CostModel::comparePair(const Evaluation &e, int b, int c) const
{
    PairResult r;
    r.onPrem = b;
    r.cloud = c;
    const Eigen::ArrayXd onPremCurve = e.cumulative.row(b).transpose();
    const Eigen::ArrayXd cloudCurve = e.cumulative.row(c).transpose();
    const int months = int(std::min(onPremCurve.size(), cloudCurve.size()));
    r.crossoverMonth = crossoverMonth(onPremCurve.data(), cloudCurve.data(), months);
    r.crossings = crossings(onPremCurve.data(), cloudCurve.data(), months);
    if (months > 0) {
        r.differenceAtHorizon = onPremCurve(months - 1) - cloudCurve(months - 1);
        r.paysOffMonth = paysOffMonth(r.crossings, gap(onPremCurve(months - 1), cloudCurve(months - 1)) > 0);
    }

    const double slopeGap = m_tcoSlope(b) - m_tcoSlope(c);
    const double scale = std::max({1.0, std::abs(m_tcoSlope(b)), std::abs(m_tcoSlope(c))});
    if (std::abs(slopeGap) > 1e-12 * scale) {
        const double u = (m_tcoFixed(c) - m_tcoFixed(b)) / slopeGap;
        if (u >= 0.0 && u <= 1.0) {
            r.breakEvenUtilization = u;
            r.winsAbove = slopeGap < 0 ? Winner::OnPrem : Winner::Cloud;
        }
    }
    if (std::abs(e.tco(b)) > 1e-9)
        r.costRatio = e.tco(c) / e.tco(b);
    return r;
}

std::vector<PairResult> CostModel::pairs(const Evaluation &e) const
{
    std::vector<PairResult> result;
    for (int b = 0; b < optionCount(); ++b) {
        if (option(b).kind != OptionKind::OnPrem || !isFeasible(b))
            continue;
        for (int c = 0; c < optionCount(); ++c)
            if (isRented(option(c).kind) && isFeasible(c)) // a cloud option or an API
                result.push_back(comparePair(e, b, c));
    }
    return result;
}

std::vector<PairResult> CostModel::pairsAgainst(const Evaluation &e, int cloudOption) const
{
    std::vector<PairResult> result;
    for (int b = 0; b < optionCount(); ++b)
        if (option(b).kind == OptionKind::OnPrem && isFeasible(b))
            result.push_back(comparePair(e, b, cloudOption));
    return result;
}

std::optional<int> CostModel::cheapestCloud(const Evaluation &e) const
{
    std::optional<int> best;
    for (int i = 0; i < optionCount(); ++i)
        if (isRented(option(i).kind) && isFeasible(i) && (!best || e.tco(i) < e.tco(*best)))
            best = i;
    return best;
}

} // namespace breakeven
