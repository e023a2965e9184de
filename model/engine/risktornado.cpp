// The tornado of a risk analysis (risktornado.h): each range at its ends, the others at their own
// values, and the switch value of every pair whose difference changes sign inside it.
#include "risktornado.h"

#include "assembly.h"
#include "risksampler.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

namespace breakeven {

Evaluated evaluateScenario(const Scenario &scenario, const GpuCatalog &catalog)
{
    Evaluated out;
    out.model = std::make_unique<CostModel>(assemble(scenario, catalog));
    out.model->evaluate(std::clamp(scenario.workload.utilization, 0.0, 1.0), out.evaluation);
    return out;
}

namespace {

// `scenario` with range `r` at position t (0: its low end, 1: its high end).
Scenario at(const Scenario &scenario, const ResolvedRange &r, double t)
{
    Scenario moved = scenario;
    for (const RangeElement &e : r.elements)
        e.field.set(moved, e.low + t * (e.high - e.low));
    return moved;
}

// The value a tornado shows for position t: the factor of a relative `[*]` range, else the value
// of its (first) element.
double shownValue(const ResolvedRange &r, double t)
{
    if (r.shared && r.input.relative())
        return *r.input.lowFactor + t * (*r.input.highFactor - *r.input.lowFactor);
    const RangeElement &e = r.elements.front();
    return e.low + t * (e.high - e.low);
}

// The TCO of each option of `kept` (indices as assembled, ascending) with `range` at t, those
// options laid out alone: each option is laid out on its own, so the others change nothing.
std::vector<double> tcosAt(const Scenario &scenario, const ResolvedRange &range, double t, const std::vector<int> &kept,
                           const GpuCatalog &catalog)
{
    Scenario moved = at(scenario, range, t);
    keepOptions(moved, kept);
    const Evaluated e = evaluateScenario(moved, catalog);
    return {e.evaluation.tco.data(), e.evaluation.tco.data() + e.evaluation.tco.size()};
}

// Every pair's TCO difference with `range` at t, only the options of the pairs laid out.
std::vector<double> pairDifferencesAt(const Scenario &scenario, const ResolvedRange &range, double t,
                                      const std::vector<PairRisk> &pairs, const GpuCatalog &catalog)
{
    std::vector<int> used;
    for (const PairRisk &p : pairs)
        used.insert(used.end(), {p.onPrem, p.cloud});
    std::sort(used.begin(), used.end());
    used.erase(std::unique(used.begin(), used.end()), used.end());
    const std::vector<double> tco = tcosAt(scenario, range, t, used, catalog);
    std::vector<double> out;
    out.reserve(pairs.size());
    const auto row = [&](int i) { return std::size_t(std::lower_bound(used.begin(), used.end(), i) - used.begin()); };
    for (const PairRisk &p : pairs)
        out.push_back(tco[row(p.onPrem)] - tco[row(p.cloud)]);
    return out;
}

// Per option: whether its costs do not depend on where `range` is. What a lay-out reads is the
// assembled input shared by every option, the option's own, and the utilization; a field
// reaches them as itself, through sums and products with other fields, or not at all (never
// through anything that goes down and up again), so what is the same at both ends of the range
// is the same all along it.
std::vector<char> unmovedBy(const Scenario &scenario, const ResolvedRange &range, const GpuCatalog &catalog)
{
    const Scenario low = at(scenario, range, 0);
    const Scenario high = at(scenario, range, 1);
    EngineInput lowInput = assemble(low, catalog);
    EngineInput highInput = assemble(high, catalog);
    std::vector<char> unmoved(lowInput.options.size(), 0);
    if (lowInput.options.size() != highInput.options.size() || low.workload.utilization != high.workload.utilization)
        return unmoved;
    const std::vector<OptionInput> lowOptions = std::exchange(lowInput.options, {});
    const std::vector<OptionInput> highOptions = std::exchange(highInput.options, {});
    lowInput.hybrids.clear();
    highInput.hybrids.clear();
    if (!(lowInput == highInput))
        return unmoved;
    for (std::size_t i = 0; i < unmoved.size(); ++i)
        unmoved[i] = lowOptions[i] == highOptions[i];
    return unmoved;
}

// Where `difference` (along a range, t in 0..1) is 0, given its values at 0, 0.5 and 1 (with a
// change of sign between the ends): Brent's method on the half where the sign changes, inverse
// quadratic steps while they close in fast and bisection when they do not, to 1e-13 of the
// range or a difference within 1e-12 of `scale`. The first step is already an inverse quadratic
// one, through all three values known.
template <typename Difference>
double bracketedRoot(double atLow, double atMiddle, double atHigh, double scale, const Difference &difference)
{
    const bool lowerHalf = (atMiddle <= 0) != (atLow <= 0);
    double a = lowerHalf ? 0.0 : 0.5;
    double b = lowerHalf ? 0.5 : 1.0;
    double fa = lowerHalf ? atLow : atMiddle;
    double fb = lowerHalf ? atMiddle : atHigh;
    if (std::abs(fb) <= 1e-12 * scale)
        return b;
    if (std::abs(fa) <= 1e-12 * scale)
        return a;
    // c: the half's other end; a: the third value known, outside the half.
    double c = a;
    double fc = fa;
    a = lowerHalf ? 1.0 : 0.0;
    fa = lowerHalf ? atHigh : atLow;
    double d = b - c;
    double e = d;
    for (int step = 0; step < 200; ++step) {
        if ((fb <= 0) == (fc <= 0)) {
            c = a;
            fc = fa;
            d = e = b - a;
        }
        if (std::abs(fc) < std::abs(fb)) {
            a = b;
            b = c;
            c = a;
            fa = fb;
            fb = fc;
            fc = fa;
        }
        const double tolerance = 2 * std::numeric_limits<double>::epsilon() * std::abs(b) + 0.5e-13;
        const double half = 0.5 * (c - b);
        if (std::abs(half) <= tolerance || std::abs(fb) <= 1e-12 * scale)
            return b;
        if (std::abs(e) >= tolerance && std::abs(fa) > std::abs(fb)) {
            // A secant step, or an inverse quadratic one through the last three points.
            const double s = fb / fa;
            double p = 0;
            double q = 0;
            if (a == c) {
                p = 2 * half * s;
                q = 1 - s;
            } else {
                const double r = fb / fc;
                const double qa = fa / fc;
                p = s * (2 * half * qa * (qa - r) - (b - a) * (r - 1));
                q = (qa - 1) * (r - 1) * (s - 1);
            }
            if (p > 0)
                q = -q;
            else
                p = -p;
            if (2 * p < std::min(3 * half * q - std::abs(tolerance * q), std::abs(e * q))) {
                e = d;
                d = p / q;
            } else {
                d = half;
                e = d;
            }
        } else {
            d = half;
            e = d;
        }
        a = b;
        fa = fb;
        b += std::abs(d) > tolerance ? d : (half > 0 ? tolerance : -tolerance);
        fb = difference(b);
    }
    return b;
}

} // namespace

void addTornado(const Scenario &scenario, const GpuCatalog &catalog, const RiskRequest &request, RiskResult &result)
{
    // The tornado: each input at its ends, the others at their own values; where the difference
    // changes sign, the switch value. The difference is affine along the range when the input
    // enters the costs linearly (a price, a factor, the utilization): then it is solved in closed
    // form; otherwise found by a bracketed root finder to the precision of a double.
    // Three rounds on the two threads, each over every range at once (so that the threads meet
    // three times, not twice per range): every range's two ends; the middles of the ranges where
    // some pair changes sign; the roots. The bars land in the order of the ranges.
    const std::size_t rangeCount = request.tornado ? result.ranges.size() : 0;
    const std::size_t P = result.pairs.size();
    const auto checkCancel = [&] {
        if (request.cancel && request.cancel->load(std::memory_order_relaxed))
            throw RiskCancelled();
    };
    std::vector<std::array<std::vector<double>, 3>> ends(rangeCount); // at t = 0, 1, 0.5
    inParallel(2 * rangeCount, [&](std::size_t task) {
        checkCancel();
        const std::size_t r = task / 2;
        ends[r][task % 2] = pairDifferencesAt(scenario, result.ranges[r], double(task % 2), result.pairs, catalog);
    }, 2);
    const auto changesSign = [&](std::size_t r, std::size_t p) {
        const double low = ends[r][0][p];
        const double high = ends[r][1][p];
        return (low <= 0) != (high <= 0) && low != 0 && high != 0;
    };
    // Where some pair needs the root finder: a pair with one side the range leaves alone lays out
    // only the other side at each step, against the still side's TCO (all of them laid out at once
    // here).
    struct Still {
        std::vector<char> unmoved;
        std::vector<int> options;
        std::vector<double> tco;
        bool scenarioWide = false;
    };
    std::vector<Still> still(rangeCount);
    std::vector<std::size_t> crossed;
    for (std::size_t r = 0; r < rangeCount; ++r)
        for (std::size_t p = 0; p < P; ++p)
            if (changesSign(r, p)) {
                crossed.push_back(r);
                break;
            }
    inParallel(crossed.size(), [&](std::size_t k) {
        checkCancel();
        const std::size_t r = crossed[k];
        const ResolvedRange &range = result.ranges[r];
        ends[r][2] = pairDifferencesAt(scenario, range, 0.5, result.pairs, catalog);
        Still &s = still[r];
        s.unmoved = unmovedBy(scenario, range, catalog);
        for (const PairRisk &pair : result.pairs)
            if (s.unmoved[std::size_t(pair.onPrem)] != s.unmoved[std::size_t(pair.cloud)])
                s.options.push_back(s.unmoved[std::size_t(pair.onPrem)] ? pair.onPrem : pair.cloud);
        std::sort(s.options.begin(), s.options.end());
        s.options.erase(std::unique(s.options.begin(), s.options.end()), s.options.end());
        if (!s.options.empty())
            s.tco = tcosAt(scenario, range, 0, s.options, catalog);
        s.scenarioWide = std::all_of(range.elements.begin(), range.elements.end(), [&](const RangeElement &e) {
            return optionOfPath(e.field.path, int(scenario.onPremOptions.size())) < 0;
        });
    }, 2);
    checkCancel();
    // Every bar; the switch values in closed form at once, those a root finder needs after.
    std::vector<std::vector<TornadoBar>> bars(rangeCount, std::vector<TornadoBar>(P));
    std::vector<std::pair<std::size_t, std::size_t>> roots; // (range, pair)
    for (std::size_t r = 0; r < rangeCount; ++r) {
        const ResolvedRange &range = result.ranges[r];
        const std::vector<double> &low = ends[r][0];
        const std::vector<double> &high = ends[r][1];
        const std::vector<double> &middle = ends[r][2];
        for (std::size_t p = 0; p < P; ++p) {
            TornadoBar &bar = bars[r][p];
            bar.input = int(r);
            bar.low = shownValue(range, 0);
            bar.high = shownValue(range, 1);
            bar.atLow = low[p];
            bar.atHigh = high[p];
            if (low[p] == 0) {
                bar.switchValue = bar.low;
            } else if (high[p] == 0) {
                bar.switchValue = bar.high;
            } else if ((low[p] <= 0) != (high[p] <= 0)) {
                const double scale = std::max({1.0, std::abs(low[p]), std::abs(high[p])});
                if (std::abs(middle[p] - 0.5 * (low[p] + high[p])) > 1e-9 * scale)
                    roots.emplace_back(r, p);
                else
                    bar.switchValue = shownValue(range, low[p] / (low[p] - high[p]));
            }
        }
    }
    inParallel(roots.size(), [&](std::size_t k) {
        checkCancel();
        const auto [r, p] = roots[k];
        const ResolvedRange &range = result.ranges[r];
        const double low = ends[r][0][p];
        const double high = ends[r][1][p];
        const double middle = ends[r][2][p];
        const double scale = std::max({1.0, std::abs(low), std::abs(high)});
        const Still &s = still[r];
        const PairRisk &pair = result.pairs[p];
        const bool onPremStill = s.unmoved[std::size_t(pair.onPrem)] && !s.unmoved[std::size_t(pair.cloud)];
        const bool cloudStill = s.unmoved[std::size_t(pair.cloud)] && !s.unmoved[std::size_t(pair.onPrem)];
        double t = 0;
        if (!onPremStill && !cloudStill) {
            t = bracketedRoot(low, middle, high, scale, [&](double at) {
                return pairDifferencesAt(scenario, range, at, {pair}, catalog).front();
            });
        } else {
            // The moving side alone; from a copy that holds only it when the range's paths name
            // no option (they stay right however few options are left).
            const int moving = onPremStill ? pair.cloud : pair.onPrem;
            const int held = onPremStill ? pair.onPrem : pair.cloud;
            const double stillTco =
                s.tco[std::size_t(std::lower_bound(s.options.begin(), s.options.end(), held) - s.options.begin())];
            const double sign = onPremStill ? -1.0 : 1.0;
            std::optional<Scenario> alone;
            std::vector<int> kept = {moving};
            if (s.scenarioWide) {
                alone = scenario;
                keepOptions(*alone, kept);
                kept.clear();
            }
            const Scenario &from = alone ? *alone : scenario;
            t = bracketedRoot(low, middle, high, scale, [&](double at) {
                return sign * (tcosAt(from, range, at, kept, catalog).front() - stillTco);
            });
        }
        bars[r][p].switchValue = shownValue(range, t);
    }, 2);
    for (std::size_t r = 0; r < rangeCount; ++r)
        for (std::size_t p = 0; p < P; ++p)
            result.pairs[p].tornado.push_back(bars[r][p]);
    for (PairRisk &pair : result.pairs)
        std::stable_sort(pair.tornado.begin(), pair.tornado.end(),
                         [](const TornadoBar &a, const TornadoBar &b) { return a.swing() > b.swing(); });
}

} // namespace breakeven
