#include "risk.h"

#include "assembly.h"
#include "inputerror.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace breakeven {

namespace {

UncertainInput absolute(const QString &path, double low, double high)
{
    UncertainInput input;
    input.path = path;
    input.low = low;
    input.high = high;
    return input;
}

UncertainInput relative(const QString &path, double lowFactor, double highFactor)
{
    UncertainInput input;
    input.path = path;
    input.lowFactor = lowFactor;
    input.highFactor = highFactor;
    return input;
}

// A uniform quantile in (0, 1) from 53 random bits: the same on every platform and compiler
// (std::uniform_real_distribution is not specified bit for bit).
double nextQuantile(std::mt19937_64 &generator)
{
    return (double(generator() >> 11) + 0.5) * 0x1.0p-53;
}

struct Evaluated {
    std::unique_ptr<CostModel> model;
    Evaluation evaluation;
};

Evaluated evaluate(const Scenario &scenario, const GpuCatalog &catalog)
{
    Evaluated out;
    out.model = std::make_unique<CostModel>(assemble(scenario, catalog));
    out.model->evaluate(std::clamp(scenario.workload.utilization, 0.0, 1.0), out.evaluation);
    return out;
}

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

std::vector<double> differences(const Evaluated &e, const std::vector<PairRisk> &pairs)
{
    std::vector<double> out;
    out.reserve(pairs.size());
    for (const PairRisk &p : pairs)
        out.push_back(e.evaluation.tco(p.onPrem) - e.evaluation.tco(p.cloud));
    return out;
}

} // namespace

Uncertainty defaultUncertainty(const Scenario &scenario)
{
    Uncertainty u;
    const double own = scenario.workload.utilization;
    u.inputs.push_back(absolute(QStringLiteral("workload.utilization"), std::max(0.0, 0.5 * own), std::min(1.0, 1.5 * own)));
    if (!scenario.cloudOptions.empty()) {
        u.inputs.push_back(relative(QStringLiteral("cloudOptions[*].pricePerHour"), 0.7, 1.1));
        u.inputs.push_back(absolute(QStringLiteral("cloudPriceChangePerYear"), -0.3, 0.0));
    }
    if (!scenario.onPremOptions.empty()) {
        u.inputs.push_back(relative(QStringLiteral("onPremOptions[*].electricityPerKWh"), 0.7, 1.5));
        u.inputs.push_back(relative(QStringLiteral("onPremOptions[*].hardwarePrice"), 0.9, 1.2));
        u.inputs.push_back(absolute(QStringLiteral("onPremOptions[*].resaleHaircut"), 0.1, 0.4));
    }
    return u;
}

double sortedQuantile(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return NAN;
    const double h = q * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(h));
    const std::size_t above = std::min(sorted.size() - 1, below + 1);
    return sorted[below] + (h - double(below)) * (sorted[above] - sorted[below]);
}

RiskResult analyseRisk(const Scenario &scenario, const GpuCatalog &catalog, const RiskRequest &request)
{
    const std::optional<int> &samples = request.samples;
    const std::optional<quint64> &seed = request.seed;
    RiskResult result;
    result.defaultRanges = !scenario.uncertainty.has_value();
    Uncertainty uncertainty = scenario.uncertainty ? *scenario.uncertainty : defaultUncertainty(scenario);
    if (samples)
        uncertainty.samples = *samples;
    if (seed)
        uncertainty.seed = *seed;
    result.samples = uncertainty.samples;
    result.seed = uncertainty.seed;
    result.utilization = scenario.workload.utilization;
    result.ranges = resolveRanges(scenario, uncertainty);

    const Evaluated base = evaluate(scenario, catalog);
    const CostModel &model = *base.model;
    const int n = model.optionCount();
    const int months = model.horizonMonths() + 1;
    for (int b = 0; b < n; ++b) {
        for (int c = 0; c < n; ++c) {
            if (model.option(b).kind == OptionKind::OnPrem && model.option(c).kind == OptionKind::Cloud
                && model.isFeasible(b) && model.isFeasible(c)) {
                PairRisk pair;
                pair.onPrem = b;
                pair.cloud = c;
                pair.difference = base.evaluation.tco(b) - base.evaluation.tco(c);
                result.pairs.push_back(pair);
            }
        }
    }

    // The samples. Bands keep every month of every option per sample (4 bytes each); past half a
    // gigabyte they are taken from the first samples only.
    const std::size_t S = std::size_t(uncertainty.samples);
    const std::size_t perSample = std::size_t(n) * std::size_t(months) * sizeof(float);
    const std::size_t bandSamples = std::max<std::size_t>(1, std::min(S, (std::size_t(512) << 20) / std::max<std::size_t>(1, perSample)));
    result.bandSamples = int(bandSamples);
    std::vector<float> curves(n > 0 ? bandSamples * perSample / sizeof(float) : 0);
    std::vector<double> tco(S * std::size_t(n), NAN); // NaN: infeasible in that sample
    std::vector<double> crossover(S * result.pairs.size(), NAN); // NaN: never within H
    std::mt19937_64 generator(uncertainty.seed);
    std::vector<double> q(result.ranges.size());
    for (std::size_t s = 0; s < S; ++s) {
        if (s % 64 == 0) {
            if (request.cancel && request.cancel->load(std::memory_order_relaxed))
                throw RiskCancelled();
            if (request.progress)
                request.progress(int(s), int(S));
        }
        for (double &value : q)
            value = nextQuantile(generator);
        Scenario drawn = scenario;
        for (std::size_t r = 0; r < result.ranges.size(); ++r)
            for (const RangeElement &e : result.ranges[r].elements)
                e.field.set(drawn, drawElement(e, result.ranges[r].input.distribution, q[r]));
        const Evaluated sample = evaluate(drawn, catalog);
        for (int i = 0; i < n; ++i) {
            if (!sample.model->isFeasible(i))
                continue;
            tco[s * std::size_t(n) + std::size_t(i)] = sample.evaluation.tco(i);
            if (s < bandSamples)
                for (int m = 0; m < months; ++m)
                    curves[(s * std::size_t(n) + std::size_t(i)) * std::size_t(months) + std::size_t(m)]
                        = float(sample.evaluation.cumulative(i, m));
        }
        for (std::size_t p = 0; p < result.pairs.size(); ++p) {
            const PairRisk &pair = result.pairs[p];
            if (!sample.model->isFeasible(pair.onPrem) || !sample.model->isFeasible(pair.cloud))
                continue;
            const auto month = CostModel::crossoverMonth(sample.evaluation.cumulative.row(pair.onPrem).transpose(),
                                                         sample.evaluation.cumulative.row(pair.cloud).transpose());
            crossover[s * result.pairs.size() + p] = month ? *month : INFINITY;
        }
    }

    // Per option: TCO mean and quantiles, and the bands.
    result.options.resize(std::size_t(n));
    std::vector<double> values;
    for (int i = 0; i < n; ++i) {
        OptionRisk &o = result.options[std::size_t(i)];
        values.clear();
        for (std::size_t s = 0; s < S; ++s)
            if (const double v = tco[s * std::size_t(n) + std::size_t(i)]; !std::isnan(v))
                values.push_back(v);
        o.feasibleShare = double(values.size()) / double(S);
        o.bands = Eigen::ArrayXXd::Constant(3, months, NAN);
        if (values.empty())
            continue;
        double sum = 0;
        for (const double v : values)
            sum += v;
        o.mean = sum / double(values.size());
        std::sort(values.begin(), values.end());
        for (std::size_t k = 0; k < kTcoQuantiles.size(); ++k)
            o.tco[k] = sortedQuantile(values, kTcoQuantiles[k]);
        for (int m = 0; m < months; ++m) {
            values.clear();
            for (std::size_t s = 0; s < bandSamples; ++s)
                if (!std::isnan(tco[s * std::size_t(n) + std::size_t(i)]))
                    values.push_back(curves[(s * std::size_t(n) + std::size_t(i)) * std::size_t(months) + std::size_t(m)]);
            std::sort(values.begin(), values.end());
            o.bands(0, m) = sortedQuantile(values, 0.10);
            o.bands(1, m) = sortedQuantile(values, 0.50);
            o.bands(2, m) = sortedQuantile(values, 0.90);
        }
    }

    // Per pair: the odds, when it pays off, and the crossover's quantiles.
    for (std::size_t p = 0; p < result.pairs.size(); ++p) {
        PairRisk &pair = result.pairs[p];
        std::size_t cheaper = 0;
        std::vector<double> crossing;
        std::size_t never = 0;
        for (std::size_t s = 0; s < S; ++s) {
            const double b = tco[s * std::size_t(n) + std::size_t(pair.onPrem)];
            const double c = tco[s * std::size_t(n) + std::size_t(pair.cloud)];
            const double month = crossover[s * result.pairs.size() + p];
            if (std::isnan(b) || std::isnan(c) || std::isnan(month))
                continue;
            ++pair.samples;
            cheaper += b < c ? 1 : 0;
            if (std::isinf(month))
                ++never;
            else
                crossing.push_back(month);
        }
        std::sort(crossing.begin(), crossing.end());
        const double total = double(std::max<std::size_t>(1, pair.samples));
        pair.onPremCheaper = double(cheaper) / total;
        pair.neverCrosses = pair.samples ? double(never) / total : 0;
        pair.paidOffBy.assign(std::size_t(months), 0);
        std::size_t k = 0;
        for (int m = 0; m < months; ++m) {
            while (k < crossing.size() && crossing[k] <= double(m))
                ++k;
            pair.paidOffBy[std::size_t(m)] = double(k) / total;
        }
        if (!crossing.empty()) {
            pair.crossoverP10 = sortedQuantile(crossing, 0.10);
            pair.crossoverP50 = sortedQuantile(crossing, 0.50);
            pair.crossoverP90 = sortedQuantile(crossing, 0.90);
        }
    }

    // The tornado: each input at its ends, the others at their own values; where the difference
    // changes sign, the switch value. The difference is affine along the range when the input
    // enters the costs linearly (a price, a factor, the utilization): then it is solved in closed
    // form; otherwise bisected to the precision of a double.
    for (std::size_t r = 0; request.tornado && r < result.ranges.size(); ++r) {
        if (request.cancel && request.cancel->load(std::memory_order_relaxed))
            throw RiskCancelled();
        const ResolvedRange &range = result.ranges[r];
        const auto differencesAt = [&](double t) { return differences(evaluate(at(scenario, range, t), catalog), result.pairs); };
        const std::vector<double> low = differencesAt(0);
        const std::vector<double> high = differencesAt(1);
        std::vector<double> middle;
        for (std::size_t p = 0; p < result.pairs.size(); ++p) {
            TornadoBar bar;
            bar.input = int(r);
            bar.low = shownValue(range, 0);
            bar.high = shownValue(range, 1);
            bar.atLow = low[p];
            bar.atHigh = high[p];
            if ((low[p] <= 0) != (high[p] <= 0) || low[p] == 0 || high[p] == 0) {
                if (low[p] == 0) {
                    bar.switchValue = bar.low;
                } else if (high[p] == 0) {
                    bar.switchValue = bar.high;
                } else {
                    if (middle.empty())
                        middle = differencesAt(0.5);
                    const double scale = std::max({1.0, std::abs(low[p]), std::abs(high[p])});
                    double t = low[p] / (low[p] - high[p]);
                    if (std::abs(middle[p] - 0.5 * (low[p] + high[p])) > 1e-9 * scale) {
                        double a = 0;
                        double b = 1;
                        double da = low[p];
                        for (int step = 0; step < 200 && b - a > 1e-13; ++step) {
                            const double mid = 0.5 * (a + b);
                            const double dm = differences(evaluate(at(scenario, range, mid), catalog), {result.pairs[p]}).front();
                            if ((dm <= 0) == (da <= 0)) {
                                a = mid;
                                da = dm;
                            } else {
                                b = mid;
                            }
                        }
                        t = 0.5 * (a + b);
                    }
                    bar.switchValue = shownValue(range, t);
                }
            }
            result.pairs[p].tornado.push_back(bar);
        }
    }
    if (request.progress)
        request.progress(int(S), int(S));
    for (PairRisk &pair : result.pairs)
        std::stable_sort(pair.tornado.begin(), pair.tornado.end(),
                         [](const TornadoBar &a, const TornadoBar &b) { return a.swing() > b.swing(); });
    return result;
}

} // namespace breakeven
