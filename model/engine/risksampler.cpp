#include "risksampler.h"
#include "risksamplerplan.h"

#include "assembly.h"

#include <Eigen/QR>

#include <QRegularExpression>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numeric>
#include <numbers>

namespace breakeven {

namespace {

constexpr double kOwn = -1;           // a position meaning "the field's own value"
constexpr int kMaxGridNodes = 144;    // more nodes per option than this: laid out per sample
constexpr int kChebyshevCounts[] = {9, 17, 33};
constexpr int kChebyshevNodes = 33; // the most
constexpr double kAffineTolerance = 1e-10;
constexpr double kCheckTolerance = 1e-9;
constexpr double kCompression = 1e-7; // the rank of an option's node curves: relative to the largest

std::vector<double> nodesFor(int count)
{
    if (count == 2)
        return {0.0, 1.0};
    std::vector<double> nodes(static_cast<std::size_t>(count));
    for (int j = 0; j < count; ++j)
        nodes[std::size_t(j)] = 0.5 * (1.0 - std::cos(j * std::numbers::pi / (count - 1)));
    return nodes;
}

// 1 / prod_{k != j} (x_j - x_k) for each node j: the constant part of its Lagrange polynomial.
std::vector<double> inverseDenominators(const std::vector<double> &nodes)
{
    std::vector<double> out(nodes.size());
    for (std::size_t j = 0; j < nodes.size(); ++j) {
        double product = 1;
        for (std::size_t k = 0; k < nodes.size(); ++k)
            if (k != j)
                product *= nodes[j] - nodes[k];
        out[j] = 1 / product;
    }
    return out;
}

// The Lagrange basis of `nodes` at t: prod_{k != j} (t - x_k) from products before and after j,
// so no division per sample.
void lagrange(const std::vector<double> &nodes, const std::vector<double> &inverse, double t, double *weights)
{
    const std::size_t n = nodes.size();
    double before = 1;
    for (std::size_t j = 0; j < n; ++j) {
        weights[j] = before * inverse[j];
        before *= t - nodes[j];
    }
    double after = 1;
    for (std::size_t j = n; j-- > 0;) {
        weights[j] *= after;
        after *= t - nodes[j];
    }
}

} // namespace

// The option an element belongs to (on-prem options first, then cloud options, as assembled),
// or -1 for a field of the scenario itself.
int optionOfPath(const QString &path, int onPremCount, int cloudCount)
{
    static const QRegularExpression pattern(QStringLiteral("^(onPremOptions|cloudOptions|apiOptions)\\[(\\d+)\\]"));
    const QRegularExpressionMatch match = pattern.match(path);
    if (!match.hasMatch())
        return -1;
    const int index = match.captured(2).toInt();
    if (match.captured(1) == QLatin1String("apiOptions"))
        return onPremCount + cloudCount + index; // API options follow the cloud options
    return match.captured(1) == QLatin1String("onPremOptions") ? index : onPremCount + index;
}

void lagrangeWeights(const std::vector<double> &nodes, const std::vector<double> &inverse, double t, double *weights)
{
    lagrange(nodes, inverse, t, weights);
}

RangeShape splitOf(const RangeElement &e)
{
    const double width = e.high - e.low;
    if (!(width > 0))
        return {true, 0, 0, 0};
    const double low = std::isnan(e.drawLow) ? e.low : std::min(e.drawLow, e.low);
    const double high = std::isnan(e.drawHigh) ? e.high : std::max(e.drawHigh, e.high);
    return {false, (low - e.low) / width, (std::clamp(e.own, low, high) - e.low) / width, (high - e.low) / width};
}

double positionAt(Distribution distribution, const RangeShape &shape, double q)
{
    if (shape.flat)
        return 0.0;
    const double width = shape.high - shape.low;
    double t = 0;
    if (distribution == Distribution::Uniform) {
        t = shape.low + q * width;
    } else {
        const double split = width > 0 ? (shape.own - shape.low) / width : 0;
        t = q < split ? shape.low + std::sqrt(q * width * (shape.own - shape.low))
                      : shape.high - std::sqrt((1 - q) * width * (shape.high - shape.own));
    }
    return std::clamp(t, 0.0, 1.0);
}

void keepOptions(Scenario &scenario, const std::vector<int> &subset)
{
    if (subset.empty())
        return;
    const auto builds = int(scenario.onPremOptions.size());
    const auto clouds = int(scenario.cloudOptions.size());
    std::vector<OnPremBuild> keptBuilds;
    std::vector<CloudOption> keptClouds;
    std::vector<ApiOption> keptApis;
    for (const int i : subset) {
        if (i < builds)
            keptBuilds.push_back(scenario.onPremOptions[std::size_t(i)]);
        else if (i < builds + clouds)
            keptClouds.push_back(scenario.cloudOptions[std::size_t(i - builds)]);
        else
            keptApis.push_back(scenario.apiOptions[std::size_t(i - builds - clouds)]);
    }
    scenario.onPremOptions = std::move(keptBuilds);
    scenario.cloudOptions = std::move(keptClouds);
    scenario.apiOptions = std::move(keptApis);
    // Futures are sampled for builds and cloud options; hybrid options name ones left out here.
    scenario.hybridOptions.clear();
}

CurveSampler::Layout CurveSampler::layOut(const std::vector<double> &positions, const std::vector<int> &subset) const
{
    // Only the options asked for are assembled (each option is laid out on its own, so leaving
    // the others out changes none of its figures); their rows land at their own indices.
    Scenario moved = placed(positions);
    keepOptions(moved, subset);
    const std::vector<int> &rows = subset;
    const CostModel model(assemble(moved, m_catalog));
    Evaluation atZero;
    Evaluation atOne;
    model.evaluate(0.0, atZero);
    model.evaluate(1.0, atOne);
    Layout layout;
    if (subset.empty()) {
        layout.feasible.resize(std::size_t(model.optionCount()));
        for (int i = 0; i < model.optionCount(); ++i)
            layout.feasible[std::size_t(i)] = model.isFeasible(i);
        layout.fixed = atZero.cumulative;
        layout.slope = atOne.cumulative - atZero.cumulative;
        return layout;
    }
    layout.feasible.assign(std::size_t(m_options), 0);
    layout.fixed = Eigen::ArrayXXd::Zero(m_options, atZero.cumulative.cols());
    layout.slope = Eigen::ArrayXXd::Zero(m_options, atZero.cumulative.cols());
    for (std::size_t k = 0; k < rows.size(); ++k) {
        layout.feasible[std::size_t(rows[k])] = model.isFeasible(int(k));
        layout.fixed.row(rows[k]) = atZero.cumulative.row(Eigen::Index(k));
        layout.slope.row(rows[k]) = atOne.cumulative.row(Eigen::Index(k)) - atZero.cumulative.row(Eigen::Index(k));
    }
    return layout;
}

std::vector<CurveSampler::Layout> CurveSampler::layOutEach(const std::vector<std::vector<double>> &positions,
                                                           const std::vector<int> &subset) const
{
    return layOutEach(positions, std::vector<const std::vector<int> *>(positions.size(), &subset));
}

std::vector<CurveSampler::Layout> CurveSampler::layOutEach(const std::vector<std::vector<double>> &positions,
                                                           const std::vector<const std::vector<int> *> &subsets) const
{
    std::vector<Layout> out(positions.size());
    inParallel(positions.size(), [&](std::size_t k) { out[k] = layOut(positions[k], *subsets[k]); }, 2);
    return out;
}

Scenario CurveSampler::placed(const std::vector<double> &positions) const
{
    Scenario moved = m_scenario;
    for (std::size_t r = 0; r < m_ranges.size(); ++r)
        if (positions[r] != kOwn)
            for (const RangeElement &e : m_ranges[r].elements)
                e.field.set(moved, e.low + positions[r] * (e.high - e.low));
    return moved;
}

double CurveSampler::utilizationAt(const double *quantiles) const
{
    double u = m_scenario.workload.utilization;
    if (m_utilizationRange >= 0) {
        const ResolvedRange &range = m_ranges[std::size_t(m_utilizationRange)];
        u = drawElement(range.elements.front(), range.input.distribution, quantiles[m_utilizationRange]);
    }
    u = std::clamp(u, 0.0, 1.0);
    return u < kNegligibleUtilization ? 0.0 : u;
}

CurveSampler::CurveSampler(const Scenario &scenario, const GpuCatalog &catalog, const std::vector<ResolvedRange> &ranges,
                           const std::vector<int> &only)
    : m_scenario(scenario)
    , m_catalog(catalog)
    , m_ranges(ranges)
    , m_only(only)
{
    const std::size_t R = ranges.size();
    for (std::size_t r = 0; r < R; ++r)
        if (ranges[r].elements.size() == 1 && ranges[r].elements.front().field.path == QLatin1String("workload.utilization"))
            m_utilizationRange = int(r);

    const int onPremCount = int(scenario.onPremOptions.size());
    const std::vector<double> own(R, kOwn);
    m_options = int(scenario.onPremOptions.size() + scenario.cloudOptions.size() + scenario.apiOptions.size());
    // Options outside `only` are left out of every lay-out: never feasible here.
    const Layout base = layOut(own, only);
    m_months = int(base.fixed.cols());
    m_plans.assign(std::size_t(m_options), {});
    const int n = m_options;
    std::vector<double> scale(std::size_t(n), 1.0);
    for (int i = 0; i < n; ++i) {
        m_plans[std::size_t(i)].feasible = base.feasible[std::size_t(i)];
        if (base.feasible[std::size_t(i)])
            scale[std::size_t(i)] = std::max({1.0, base.fixed.row(i).abs().maxCoeff(), base.slope.row(i).abs().maxCoeff()});
    }
    // Whether option i of `layout` is `expected` (fixed and slope rows) within `tolerance`.
    const auto matches = [&](const Layout &layout, int i, const Eigen::ArrayXd &fixed, const Eigen::ArrayXd &slope,
                             double tolerance) {
        if (layout.feasible[std::size_t(i)] != base.feasible[std::size_t(i)])
            return false;
        if (!base.feasible[std::size_t(i)])
            return true;
        const double limit = tolerance * scale[std::size_t(i)];
        return ((layout.fixed.row(i).transpose() - fixed).abs() <= limit).all()
            && ((layout.slope.row(i).transpose() - slope).abs() <= limit).all();
    };

    // Interpolating range r on `nodes`: the points it is checked at (the nodes, then three points
    // between them), and whether it reproduces the options there (`laidOut`: those points' lay-outs).
    const auto between = [](const std::vector<double> &nodes) {
        const std::size_t last = nodes.size() - 1;
        return std::array<double, 3>{0.5 * (nodes[0] + nodes[1]), 0.5 * (nodes[last / 2] + nodes[last / 2 + 1]),
                                     0.5 * (nodes[last - 1] + nodes[last])};
    };
    const auto reproductionPoints = [&](std::size_t r, const std::vector<double> &nodes) {
        const std::array<double, 3> inside = between(nodes);
        std::vector<std::vector<double>> points(nodes.size() + inside.size(), own);
        for (std::size_t j = 0; j < nodes.size(); ++j)
            points[j][r] = nodes[j];
        for (std::size_t j = 0; j < inside.size(); ++j)
            points[nodes.size() + j][r] = inside[j];
        return points;
    };
    const auto reproduces = [&](const std::vector<double> &nodes, const std::vector<int> &touched, const Layout *laidOut) {
        const std::array<double, 3> inside = between(nodes);
        const std::vector<double> inverse = inverseDenominators(nodes);
        std::vector<double> w(nodes.size());
        for (std::size_t b = 0; b < inside.size(); ++b) {
            const Layout &actual = laidOut[nodes.size() + b];
            lagrange(nodes, inverse, inside[b], w.data());
            for (const int i : touched) {
                Eigen::ArrayXd f = Eigen::ArrayXd::Zero(m_months);
                Eigen::ArrayXd sl = Eigen::ArrayXd::Zero(m_months);
                for (std::size_t j = 0; j < nodes.size(); ++j) {
                    if (laidOut[j].feasible[std::size_t(i)] != base.feasible[std::size_t(i)])
                        return false;
                    f += w[j] * laidOut[j].fixed.row(i).transpose();
                    sl += w[j] * laidOut[j].slope.row(i).transpose();
                }
                if (!matches(actual, i, f, sl, kCheckTolerance))
                    return false;
            }
        }
        return true;
    };

    // 1–2. Which ranges touch which options, and whether affinely. Each step lays out what every
    // range needs at once, so that the two threads meet a few times in all, not per range.
    struct Probe {
        std::vector<int> reach;    // the options the range can touch
        std::vector<int> touched;  // those it moves
        std::size_t ends = 0;      // its two ends' place in the ends' lay-outs
        bool affine = true;
        bool searching = false;    // for the fewest nodes that reproduce it
        std::vector<double> nodes = nodesFor(2);
    };
    std::vector<Probe> probes(R);
    std::vector<std::vector<double>> points;
    std::vector<const std::vector<int> *> subsets;
    const auto addPoint = [&](std::size_t r, double t, const std::vector<int> &subset) {
        points.push_back(own);
        points.back()[r] = t;
        subsets.push_back(&subset);
    };
    for (std::size_t r = 0; r < R; ++r) {
        // The options the range can touch: those its elements belong to, or all of them for a
        // field of the scenario itself.
        std::vector<int> &reach = probes[r].reach;
        for (const RangeElement &e : ranges[r].elements) {
            const int owner = optionOfPath(e.field.path, onPremCount, int(m_scenario.cloudOptions.size()));
            if (owner < 0) {
                reach.clear();
                break;
            }
            reach.push_back(owner);
        }
        if (reach.empty() && !ranges[r].elements.empty()) {
            reach.resize(std::size_t(n));
            std::iota(reach.begin(), reach.end(), 0);
        }
        if (!only.empty())
            std::erase_if(reach, [&](int i) { return !std::binary_search(only.begin(), only.end(), i); });
        std::sort(reach.begin(), reach.end());
        reach.erase(std::unique(reach.begin(), reach.end()), reach.end());
        if (reach.empty())
            continue;
        probes[r].ends = points.size();
        addPoint(r, 0.0, reach);
        addPoint(r, 1.0, reach);
    }
    const std::vector<Layout> endLayouts = layOutEach(points, subsets);
    // Two points inside each range that moves some option: on the line between its ends or not.
    points.clear();
    subsets.clear();
    std::vector<std::size_t> middleOf(R, 0);
    for (std::size_t r = 0; r < R; ++r) {
        Probe &probe = probes[r];
        if (probe.reach.empty())
            continue;
        const Layout &low = endLayouts[probe.ends];
        const Layout &high = endLayouts[probe.ends + 1];
        for (const int i : probe.reach) {
            const Eigen::ArrayXd f = base.fixed.row(i).transpose();
            const Eigen::ArrayXd s = base.slope.row(i).transpose();
            if (!matches(low, i, f, s, kAffineTolerance) || !matches(high, i, f, s, kAffineTolerance))
                probe.touched.push_back(i);
        }
        if (probe.touched.empty())
            continue;
        middleOf[r] = points.size();
        addPoint(r, 0.5, probe.touched);
        addPoint(r, 0.3, probe.touched);
    }
    const std::vector<Layout> middles = layOutEach(points, subsets);
    for (std::size_t r = 0; r < R; ++r) {
        Probe &probe = probes[r];
        if (probe.touched.empty())
            continue;
        const Layout &low = endLayouts[probe.ends];
        const Layout &high = endLayouts[probe.ends + 1];
        for (std::size_t j = 0; j < 2; ++j) {
            const Layout &middle = middles[middleOf[r] + j];
            const double t = j == 0 ? 0.5 : 0.3;
            for (const int i : probe.touched) {
                if (low.feasible[std::size_t(i)] != base.feasible[std::size_t(i)]
                    || high.feasible[std::size_t(i)] != base.feasible[std::size_t(i)]) {
                    m_plans[std::size_t(i)].laidOut = true;
                    continue;
                }
                const Eigen::ArrayXd f = (1 - t) * low.fixed.row(i).transpose() + t * high.fixed.row(i).transpose();
                const Eigen::ArrayXd s = (1 - t) * low.slope.row(i).transpose() + t * high.slope.row(i).transpose();
                probe.affine = probe.affine && matches(middle, i, f, s, kAffineTolerance);
            }
        }
        probe.searching = !probe.affine;
    }
    // Not affine: the fewest Chebyshev nodes that reproduce the touched options between their
    // nodes (a rate of change over a long horizon is a power of high degree); each count tried
    // for every range still searching at once.
    for (const int count : kChebyshevCounts) {
        points.clear();
        subsets.clear();
        std::vector<std::size_t> firstOf(R, 0);
        for (std::size_t r = 0; r < R; ++r) {
            Probe &probe = probes[r];
            if (!probe.searching)
                continue;
            probe.nodes = nodesFor(count);
            firstOf[r] = points.size();
            for (std::vector<double> &point : reproductionPoints(r, probe.nodes)) {
                points.push_back(std::move(point));
                subsets.push_back(&probe.touched);
            }
        }
        if (points.empty())
            break;
        const std::vector<Layout> laidOut = layOutEach(points, subsets);
        for (std::size_t r = 0; r < R; ++r)
            if (probes[r].searching && reproduces(probes[r].nodes, probes[r].touched, laidOut.data() + firstOf[r]))
                probes[r].searching = false;
    }
    for (std::size_t r = 0; r < R; ++r) {
        const std::vector<int> &touched = probes[r].touched;
        const std::vector<double> &nodes = probes[r].nodes;
        for (const int i : touched) {
            Plan &plan = m_plans[std::size_t(i)];
            // The element that gives the option its position: its own, or the scenario's. Several
            // elements on one option (components[*]) must move alike.
            int chosen = -1;
            bool alike = true;
            for (std::size_t e = 0; e < ranges[r].elements.size(); ++e) {
                const int owner = optionOfPath(ranges[r].elements[e].field.path, onPremCount, int(m_scenario.cloudOptions.size()));
                if (owner != -1 && owner != i)
                    continue;
                if (chosen < 0) {
                    chosen = int(e);
                    continue;
                }
                for (const double q : {0.17, 0.5, 0.83})
                    alike = alike
                        && positionInRange(ranges[r].elements[e], ranges[r].input.distribution, q)
                            == positionInRange(ranges[r].elements[std::size_t(chosen)], ranges[r].input.distribution, q);
            }
            if (chosen < 0 || !alike) {
                plan.laidOut = true;
                continue;
            }
            plan.ranges.push_back(int(r));
            plan.elements.push_back(chosen);
            plan.nodes.push_back(nodes);
            plan.inverse.push_back(inverseDenominators(nodes));
            plan.splits.push_back(splitOf(ranges[r].elements[std::size_t(chosen)]));
            plan.gridSize *= int(nodes.size());
            if (plan.gridSize > kMaxGridNodes)
                plan.laidOut = true;
        }
    }

    // 3. Each option's curves at the nodes of its grid; options with the same ranges and nodes
    // share their lay-outs.
    const auto gridPositions = [&](const Plan &plan, int k) {
        std::vector<double> positions = own;
        int rest = k;
        for (std::size_t j = 0; j < plan.ranges.size(); ++j) {
            const auto count = int(plan.nodes[j].size());
            positions[std::size_t(plan.ranges[j])] = plan.nodes[j][std::size_t(rest % count)];
            rest /= count;
        }
        return positions;
    };
    std::map<std::vector<double>, std::vector<int>> wanted; // grid point -> the options needing it
    for (int i = 0; i < n; ++i) {
        const Plan &plan = m_plans[std::size_t(i)];
        if (!plan.laidOut && plan.feasible)
            for (int k = 0; k < plan.gridSize; ++k)
                wanted[gridPositions(plan, k)].push_back(i);
    }
    std::map<std::vector<double>, Layout> layouts;
    {
        std::vector<const std::pair<const std::vector<double>, std::vector<int>> *> points;
        for (const auto &entry : wanted)
            points.push_back(&entry);
        std::vector<Layout> laidOut(points.size());
        inParallel(points.size(), [&](std::size_t k) { laidOut[k] = layOut(points[k]->first, points[k]->second); }, 2);
        for (std::size_t k = 0; k < points.size(); ++k)
            layouts.emplace(points[k]->first, std::move(laidOut[k]));
    }
    std::vector<Eigen::MatrixXd> grids(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        Plan &plan = m_plans[std::size_t(i)];
        if (plan.laidOut || !plan.feasible)
            continue;
        const int K = plan.gridSize;
        Eigen::MatrixXd &grid = grids[std::size_t(i)];
        grid.resize(2 * K, m_months);
        for (int k = 0; k < K; ++k) {
            const Layout &layout = layouts.at(gridPositions(plan, k));
            if (!layout.feasible[std::size_t(i)]) {
                plan.laidOut = true;
                break;
            }
            grid.row(k) = layout.fixed.row(i).matrix();
            grid.row(K + k) = layout.slope.row(i).matrix();
        }
    }
    layouts.clear();

    // 4. The check at points inside the ranges, then the compression.
    const auto weightsOf = [](const Plan &plan, const std::vector<double> &positionOfRange) {
        Eigen::VectorXd weights = Eigen::VectorXd::Ones(plan.gridSize);
        int stride = 1;
        std::vector<double> basis(kChebyshevNodes);
        for (std::size_t j = 0; j < plan.ranges.size(); ++j) {
            const auto count = int(plan.nodes[j].size());
            lagrange(plan.nodes[j], plan.inverse[j], positionOfRange[j], basis.data());
            for (int k = 0; k < plan.gridSize; ++k)
                weights(k) *= basis[std::size_t((k / stride) % count)];
            stride *= count;
        }
        return weights;
    };
    std::vector<std::vector<double>> checkPoints(3, std::vector<double>(R));
    for (int point = 1; point <= 3; ++point)
        for (std::size_t r = 0; r < R; ++r)
            checkPoints[std::size_t(point - 1)][r] = std::fmod(0.5 + 0.6180339887498949 * point * (double(r) + 1.3), 1.0);
    std::vector<int> checked;
    for (int i = 0; i < n; ++i)
        if (!m_plans[std::size_t(i)].laidOut && m_plans[std::size_t(i)].feasible)
            checked.push_back(i);
    const std::vector<Layout> checks = checked.empty() ? std::vector<Layout>() : layOutEach(checkPoints, checked);
    for (std::size_t point = 0; point < checks.size(); ++point) {
        const std::vector<double> &positions = checkPoints[point];
        const Layout &check = checks[point];
        for (int i = 0; i < n; ++i) {
            Plan &plan = m_plans[std::size_t(i)];
            if (plan.laidOut || !plan.feasible)
                continue;
            std::vector<double> at;
            for (const int r : plan.ranges)
                at.push_back(positions[std::size_t(r)]);
            const Eigen::VectorXd w = weightsOf(plan, at);
            const Eigen::MatrixXd &grid = grids[std::size_t(i)];
            const int K = plan.gridSize;
            const Eigen::ArrayXd f = (w.transpose() * grid.topRows(K)).transpose().array();
            const Eigen::ArrayXd s = (w.transpose() * grid.bottomRows(K)).transpose().array();
            const double gridScale = std::max(scale[std::size_t(i)], grid.cwiseAbs().maxCoeff());
            const double limit = kCheckTolerance * gridScale;
            if (check.feasible[std::size_t(i)] != 1 || ((check.fixed.row(i).transpose() - f).abs() > limit).any()
                || ((check.slope.row(i).transpose() - s).abs() > limit).any())
                plan.laidOut = true;
        }
    }
    for (int i = 0; i < n; ++i)
        if (m_plans[std::size_t(i)].laidOut)
            m_laidOut.push_back(i);
    // Each option's compression on its own, on two threads.
    inParallel(std::size_t(n), [&](std::size_t option) {
        const auto i = int(option);
        Plan &plan = m_plans[std::size_t(i)];
        if (plan.laidOut || !plan.feasible)
            return;
        Eigen::MatrixXd &grid = grids[std::size_t(i)];
        const Eigen::MatrixXd transposed = grid.transpose(); // months x 2K
        // Compressed to a relative 1e-7 of the grid: far below single precision's rounding
        // summed over a product, and what the compression leaves out is bounded below.
        Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(transposed);
        qr.setThreshold(kCompression);
        const int rank = std::max<int>(1, int(qr.rank()));
        const Eigen::MatrixXd r = qr.matrixR().topRows(rank).triangularView<Eigen::Upper>();
        const Eigen::MatrixXd toBasis = (qr.colsPermutation() * r.transpose()).transpose(); // r x 2K
        const Eigen::MatrixXd basis = qr.householderQ() * Eigen::MatrixXd::Identity(m_months, rank);
        plan.rank = rank;
        plan.basis.resize(std::size_t(m_months) * std::size_t(rank));
        for (int m = 0; m < m_months; ++m)
            for (int k = 0; k < rank; ++k)
                plan.basis[std::size_t(m) * std::size_t(rank) + std::size_t(k)] = float(basis(m, k));
        const auto J = int(toBasis.cols());
        plan.toBasis.resize(std::size_t(rank) * std::size_t(J));
        for (int k = 0; k < rank; ++k)
            for (int j = 0; j < J; ++j)
                plan.toBasis[std::size_t(k) * std::size_t(J) + std::size_t(j)] = float(toBasis(k, j));
        const Eigen::VectorXd largest = basis.cwiseAbs().colwise().maxCoeff().transpose(); // r
        const Eigen::VectorXd weight = toBasis.cwiseAbs().transpose() * largest;           // 2K
        plan.errorWeight.assign(weight.data(), weight.data() + weight.size());
        // What the compression and the single-precision factors leave out, per weight: the
        // largest difference over the months between the grid and the product of the factors
        // as stored.
        const Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> storedBasis(
            plan.basis.data(), m_months, rank);
        const Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> storedToBasis(
            plan.toBasis.data(), rank, J);
        const Eigen::MatrixXd left = transposed - storedBasis.cast<double>() * storedToBasis.cast<double>();
        const Eigen::VectorXd leftOut = left.cwiseAbs().colwise().maxCoeff().transpose(); // 2K
        plan.compressionError.assign(leftOut.data(), leftOut.data() + leftOut.size());
        plan.nodeOf.assign(plan.ranges.size(), std::vector<int>(std::size_t(plan.gridSize)));
        int stride = 1;
        for (std::size_t j = 0; j < plan.ranges.size(); ++j) {
            const auto count = int(plan.nodes[j].size());
            for (int k = 0; k < plan.gridSize; ++k)
                plan.nodeOf[j][std::size_t(k)] = (k / stride) % count;
            stride *= count;
        }
        plan.grid = std::move(grid);
    });
    for (int i = 0; i < n; ++i) {
        Plan &plan = m_plans[std::size_t(i)];
        if (plan.laidOut || !plan.feasible)
            continue;
        // Its weights' class: the first plan alike.
        const auto alike = [&](const Plan &other) {
            return other.ranges == plan.ranges && other.nodes == plan.nodes && other.splits == plan.splits;
        };
        const auto same = std::find_if(m_classPlans.begin(), m_classPlans.end(),
                                       [&](int c) { return alike(m_plans[std::size_t(c)]); });
        plan.weightClass = int(same - m_classPlans.begin());
        if (same == m_classPlans.end())
            m_classPlans.push_back(i);
    }
    m_keptOffsets.assign(std::size_t(n) + 1, 0);
    for (int i = 0; i < n; ++i) {
        const Plan &plan = m_plans[std::size_t(i)];
        const int floats = plan.laidOut ? m_months : plan.feasible ? plan.rank : 0;
        m_keptOffsets[std::size_t(i) + 1] = m_keptOffsets[std::size_t(i)] + floats;
    }
}

CurveSampler::~CurveSampler() = default;

bool CurveSampler::interpolates(int option) const
{
    return !m_plans[std::size_t(option)].laidOut;
}

int CurveSampler::interpolatedOptions() const
{
    return int(std::count_if(m_plans.begin(), m_plans.end(), [](const Plan &p) { return !p.laidOut; }));
}

} // namespace breakeven
