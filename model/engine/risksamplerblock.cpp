// Sampling a block of futures (risksampler.h): each interpolated option's weights in double (its
// TCO and any month exactly from them), its curves in single precision from two small products;
// the options the sampler could not interpolate laid out in full per sample.
#include "risksampler.h"
#include "risksamplerplan.h"

#include "assembly.h"

#include <algorithm>
#include <cmath>

namespace breakeven {

namespace {

constexpr double kFloatEpsilon = 0x1.0p-24; // unit roundoff of single precision

} // namespace

void CurveSampler::sample(const double *quantiles, int count, SampleBlock &block) const
{
    const auto R = int(m_ranges.size());
    const int n = m_options;
    const int months = m_months;
    block.count = count;
    block.months = months;
    block.curves.resize(std::size_t(n) * std::size_t(months) * kLanes);
    float *const curves = block.curves.data();
    block.error.assign(std::size_t(n) * kLanes, 0.0f);
    block.tco.assign(std::size_t(n) * kLanes, NAN);
    block.feasible.assign(std::size_t(n), 0);
    block.laidOut.resize(std::size_t(n));
    const std::uint64_t all = count >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << count) - 1;
    double u[kLanes];
    for (int k = 0; k < count; ++k)
        u[k] = utilizationAt(quantiles + std::ptrdiff_t(k) * R);

    // The weights, once per class of alike plans: per range the Lagrange weights of the draw's
    // position (one position per sample), their products over the grid, then times u.
    const auto classes = std::size_t(m_classPlans.size());
    block.weights.resize(classes);
    block.wide.resize(classes);
    block.narrow.resize(classes);
    double lagrange[33];
    for (std::size_t c = 0; c < classes; ++c) {
        const Plan &plan = m_plans[std::size_t(m_classPlans[c])];
        const int K = plan.gridSize;
        const int J = 2 * K;
        std::vector<double> &weights = block.weights[c];
        std::vector<double> &wide = block.wide[c];
        std::vector<float> &narrow = block.narrow[c];
        weights.resize(std::size_t(count) * std::size_t(J));
        wide.resize(std::size_t(J) * kLanes);
        narrow.resize(std::size_t(J) * kLanes);
        for (int k = 0; k < count; ++k) {
            double *wk = weights.data() + std::ptrdiff_t(k) * J;
            std::fill_n(wk, K, 1.0);
            for (std::size_t j = 0; j < plan.ranges.size(); ++j) {
                const ResolvedRange &range = m_ranges[std::size_t(plan.ranges[j])];
                const double q = quantiles[std::ptrdiff_t(k) * R + plan.ranges[j]];
                lagrangeWeights(plan.nodes[j], plan.inverse[j], positionAt(range.input.distribution, plan.splits[j], q),
                                lagrange);
                const int *node = plan.nodeOf[j].data();
                for (int g = 0; g < K; ++g)
                    wk[g] *= lagrange[node[g]];
            }
            for (int g = 0; g < K; ++g)
                wk[K + g] = u[k] * wk[g];
            for (int g = 0; g < J; ++g) {
                wide[std::size_t(g) * kLanes + std::size_t(k)] = wk[g];
                narrow[std::size_t(g) * kLanes + std::size_t(k)] = float(wk[g]);
            }
        }
        for (int g = 0; count < kLanes && g < J; ++g) {
            std::fill(wide.begin() + std::ptrdiff_t(g) * kLanes + count, wide.begin() + std::ptrdiff_t(g + 1) * kLanes, 0.0);
            std::fill(narrow.begin() + std::ptrdiff_t(g) * kLanes + count, narrow.begin() + std::ptrdiff_t(g + 1) * kLanes,
                      0.0f);
        }
    }

    // Per option: its TCO and error bound from the weights, lane by lane (the terms summed in the
    // order of the weights, as a dot product per sample would), and its curves in two products.
    std::vector<float> &coordinates = block.coordinates; // r x kLanes
    for (int i = 0; i < n; ++i) {
        const Plan &plan = m_plans[std::size_t(i)];
        if (plan.laidOut || !plan.feasible)
            continue;
        const int J = 2 * plan.gridSize;
        const double *wide = block.wide[std::size_t(plan.weightClass)].data();
        const double *last = plan.grid.col(months - 1).data();
        double value[kLanes] = {};
        double terms[kLanes] = {};
        double leftOut[kLanes] = {};
        weighLanes(wide, J, last, plan.errorWeight.data(), plan.compressionError.data(), value, terms, leftOut);
        float *error = block.error.data() + std::ptrdiff_t(i) * kLanes;
        double *tco = block.tco.data() + std::ptrdiff_t(i) * kLanes;
        // Rounding the weights and the two products (2K and r terms summed), what the
        // compression leaves out, and CostModel::crossoverMonth's level tolerance; twice over for
        // safety.
        const double factor = 2 * ((double(J + plan.rank) + 8) * kFloatEpsilon + 1e-12);
        for (int k = 0; k < count; ++k) {
            tco[k] = value[k];
            error[k] = float(factor * terms[k] + 2 * leftOut[k]);
        }
        coordinates.resize(std::size_t(plan.rank) * kLanes);
        combineCurves(plan.toBasis.data(), block.narrow[std::size_t(plan.weightClass)].data(), plan.rank, J,
                      coordinates.data());
        combineCurves(plan.basis.data(), coordinates.data(), months, plan.rank,
                      curves + std::ptrdiff_t(i) * months * kLanes);
        if (block.keep)
            std::copy_n(coordinates.data(), std::size_t(plan.rank) * kLanes, block.keep + std::ptrdiff_t(keptOffset(i)) * kLanes);
        block.feasible[std::size_t(i)] = all;
    }

    if (m_laidOut.empty())
        return;
    // The others: each drawn scenario laid out in full, those options only.
    for (const int i : m_laidOut)
        block.laidOut[std::size_t(i)].resize(months, count);
    Evaluation evaluation;
    for (int s = 0; s < count; ++s) {
        Scenario drawn = m_scenario;
        const double *q = quantiles + std::ptrdiff_t(s) * R;
        for (int r = 0; r < R; ++r)
            for (const RangeElement &e : m_ranges[std::size_t(r)].elements)
                e.field.set(drawn, drawElement(e, m_ranges[std::size_t(r)].input.distribution, q[r]));
        keepOptions(drawn, m_laidOut);
        const CostModel model(assemble(drawn, m_catalog));
        model.evaluate(u[s], evaluation);
        for (std::size_t k = 0; k < m_laidOut.size(); ++k) {
            const auto i = m_laidOut[k];
            if (!model.isFeasible(int(k)))
                continue;
            block.feasible[std::size_t(i)] |= std::uint64_t(1) << s;
            block.laidOut[std::size_t(i)].col(s) = evaluation.cumulative.row(Eigen::Index(k)).transpose();
            double largest = 0;
            float *curve = curves + std::ptrdiff_t(i) * months * kLanes;
            for (int m = 0; m < months; ++m) {
                const double v = evaluation.cumulative(Eigen::Index(k), m);
                curve[std::ptrdiff_t(m) * kLanes + s] = float(v);
                largest = std::max(largest, std::abs(v));
            }
            block.tco[std::size_t(i) * kLanes + std::size_t(s)] = evaluation.cumulative(Eigen::Index(k), months - 1);
            block.error[std::size_t(i) * kLanes + std::size_t(s)] = float(2 * (4 * kFloatEpsilon + 1e-12) * largest);
        }
    }
    if (block.keep)
        for (const int i : m_laidOut)
            std::copy_n(curves + std::ptrdiff_t(i) * months * kLanes, std::size_t(months) * kLanes,
                        block.keep + std::ptrdiff_t(keptOffset(i)) * kLanes);
}

void CurveSampler::keptCurves(int option, const float *kept, float *out, std::size_t stride) const
{
    const Plan &plan = m_plans[std::size_t(option)];
    if (plan.laidOut) {
        for (int m = 0; m < m_months; ++m)
            std::copy_n(kept + std::ptrdiff_t(m) * kLanes, kLanes, out + std::size_t(m) * stride);
    } else if (plan.feasible) {
        combineCurves(plan.basis.data(), kept, m_months, plan.rank, out, stride);
    }
}

double CurveSampler::exactValue(const SampleBlock &block, int option, int month, int sample) const
{
    const Plan &plan = m_plans[std::size_t(option)];
    if (plan.laidOut)
        return block.laidOut[std::size_t(option)](month, sample);
    const Eigen::Index J = plan.grid.rows();
    const Eigen::Map<const Eigen::VectorXd> w(block.weights[std::size_t(plan.weightClass)].data() + sample * J, J);
    return plan.grid.col(month).dot(w);
}

void CurveSampler::sample(const double *quantiles, int count, std::vector<Eigen::ArrayXXd> &curves,
                          std::vector<char> &feasible) const
{
    curves.resize(std::size_t(m_options));
    feasible.assign(std::size_t(m_options) * std::size_t(count), 0);
    for (Eigen::ArrayXXd &c : curves)
        c.resize(m_months, count);
    SampleBlock block;
    for (int first = 0; first < count; first += kLanes) {
        const int lanes = std::min(kLanes, count - first);
        sample(quantiles + std::ptrdiff_t(first) * std::ptrdiff_t(m_ranges.size()), lanes, block);
        for (int i = 0; i < m_options; ++i) {
            for (int k = 0; k < lanes; ++k) {
                const bool is = (block.feasible[std::size_t(i)] >> k) & 1;
                feasible[std::size_t(i) * std::size_t(count) + std::size_t(first + k)] = is;
                for (int m = 0; m < m_months; ++m)
                    curves[std::size_t(i)](m, first + k) = is ? exactValue(block, i, m, k) : NAN;
            }
        }
    }
}

bool CurveSampler::servesUtilizationOf(const Scenario &scenario, const std::vector<ResolvedRange> &ranges,
                                       const std::vector<int> &only) const
{
    if (only != m_only || ranges.size() != m_ranges.size())
        return false;
    for (std::size_t r = 0; r < ranges.size(); ++r) {
        const ResolvedRange &a = ranges[r];
        const ResolvedRange &b = m_ranges[r];
        if (int(r) == m_utilizationRange) {
            if (a.elements.size() != 1 || a.elements.front().field.path != b.elements.front().field.path
                || a.input.distribution != b.input.distribution)
                return false;
            continue;
        }
        if (!(a.input == b.input) || a.shared != b.shared || a.elements.size() != b.elements.size())
            return false;
        for (std::size_t e = 0; e < a.elements.size(); ++e)
            if (a.elements[e].field.path != b.elements[e].field.path || a.elements[e].low != b.elements[e].low
                || a.elements[e].high != b.elements[e].high || a.elements[e].own != b.elements[e].own)
                return false;
    }
    // The lay-outs never read the utilization (it enters only when a lay-out is evaluated), and
    // no plan interpolates along the range on it.
    for (const Plan &plan : m_plans)
        if (std::find(plan.ranges.begin(), plan.ranges.end(), m_utilizationRange) != plan.ranges.end()
            && m_utilizationRange >= 0)
            return false;
    return sameButUtilization(scenario, m_scenario);
}

bool sameButUtilization(const Scenario &a, const Scenario &b)
{
    Scenario moved = a;
    moved.workload.utilization = b.workload.utilization;
    moved.uncertainty = b.uncertainty;
    return moved == b;
}

void CurveSampler::rebind(const Scenario &scenario, const std::vector<ResolvedRange> &ranges)
{
    m_scenario = scenario;
    m_ranges = ranges;
}

} // namespace breakeven
