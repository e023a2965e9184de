// Uncertainty (docs/model.md, "Uncertainty"): the sampled odds against an independent loop, the
// tornado's switch values against closed forms, reproducibility and the errors of a bad range.
#include "enginefixtures.h"
#include "engine/risk.h"
#include "engine/riskkernels.h"
#include "engine/risksampler.h"
#include "exchange/scenariojson.h"
#include "scenariopaths.h"

#include <QtTest>

#include <bit>
#include <cstring>
#include <random>

using namespace breakeven;
using namespace fixtures;

namespace {

// A build of one reference GPU against renting one, over a year: the build costs 4,380, renting
// 8,760 · u · price; they break even at u = 0.5 with a price of 1.
Scenario buyOrRent()
{
    Scenario s = scenario(1, 0.6, 12);
    s.onPremOptions = {build(QStringLiteral("box"), 4380)};
    s.cloudOptions = {cloud(QStringLiteral("rent"), 1.0)};
    return s;
}

UncertainInput range(const QString &path, double low, double high, bool relative = false,
                     Distribution distribution = Distribution::Triangular)
{
    UncertainInput input;
    input.path = path;
    (relative ? input.lowFactor : input.low) = low;
    (relative ? input.highFactor : input.high) = high;
    input.distribution = distribution;
    return input;
}

// Evaluates the first `count` futures of `s`'s uncertainty block in full, as a run draws them (its
// documented generator: 53 random bits a draw, sample by sample, range by range), and hands each
// evaluation to `each`.
template <typename Each>
void evaluateFutures(const Scenario &s, int count, const Each &each)
{
    const std::vector<ResolvedRange> ranges = resolveRanges(s, *s.uncertainty);
    std::mt19937_64 generator(s.uncertainty->seed);
    for (int k = 0; k < count; ++k) {
        Scenario drawn = s;
        for (const ResolvedRange &r : ranges) {
            const double q = (double(generator() >> 11) + 0.5) * 0x1.0p-53;
            for (const RangeElement &e : r.elements)
                e.field.set(drawn, drawElement(e, r.input.distribution, q));
        }
        drawn.uncertainty.reset();
        const CostModel m = model(drawn);
        each(m.evaluate(std::clamp(drawn.workload.utilization, 0.0, 1.0)));
    }
}

// The stretches' bounds of two blocks of curves (a lane a row, as the blocks keep them), checked
// against the curves' least and greatest values in each stretch: per lane, and over `lanes`.
void boundStretches(const Eigen::ArrayXXf &a, const Eigen::ArrayXXf &c, int months, std::uint64_t lanes,
                    std::vector<float> &low, std::vector<float> &high)
{
    low.assign(stretchBoundsSize(months), 0.0f);
    high.assign(low.size(), 0.0f);
    stretchBounds(a.data(), months, lanes, low.data(), nullptr);
    stretchBounds(c.data(), months, lanes, nullptr, high.data());
    const int stretches = stretchesOf(months);
    for (int s = 0; s < stretches; ++s) {
        const int first = s * kStretchMonths;
        const int count = std::min(kStretchMonths, months - first);
        float least = INFINITY;
        float most = -INFINITY;
        for (int k = 0; k < kLanes; ++k) {
            if (!((lanes >> k) & 1))
                continue;
            QCOMPARE(low[std::size_t(s * kLanes + k)], a.row(k).segment(first, count).minCoeff());
            QCOMPARE(high[std::size_t(s * kLanes + k)], c.row(k).segment(first, count).maxCoeff());
            least = std::min(least, a.row(k).segment(first, count).minCoeff());
            most = std::max(most, c.row(k).segment(first, count).maxCoeff());
        }
        QCOMPARE(low[std::size_t(stretches * kLanes + s)], least);
        QCOMPARE(high[std::size_t(stretches * kLanes + s)], most);
    }
}

} // namespace

class TestRisk : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // The sampled odds agree with a plain loop written apart: its own generator, its own inverse
    // distribution functions, one full evaluation per sample. With 20,000 samples each, two
    // estimates of the same probability differ by more than 0.015 about once in 10,000 runs.
    void oddsAgreeWithAnIndependentLoop()
    {
        Scenario s = buyOrRent();
        s.uncertainty = Uncertainty{20000, 7,
                                    {range(QStringLiteral("workload.utilization"), 0.2, 0.9),
                                     range(QStringLiteral("cloudOptions[0].pricePerHour"), 0.6, 1.3, true, Distribution::Uniform)}};
        const RiskResult risk = analyseRisk(s, catalog());
        QCOMPARE(risk.pairs.size(), std::size_t(1));

        std::mt19937 generator(12345);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        const auto triangular = [&](double a, double c, double b) {
            // The inverse of the triangular distribution function, from a uniform draw.
            const double u = unit(generator);
            const double f = (c - a) / (b - a);
            return u < f ? a + std::sqrt(u * (b - a) * (c - a)) : b - std::sqrt((1 - u) * (b - a) * (b - c));
        };
        int cheaper = 0;
        int paidBy6 = 0;
        std::vector<double> rentTco;
        const int n = 20000;
        for (int k = 0; k < n; ++k) {
            Scenario drawn = s;
            drawn.uncertainty.reset();
            drawn.workload.utilization = triangular(0.2, 0.6, 0.9);
            drawn.cloudOptions[0].pricePerHour = 0.6 + (1.3 - 0.6) * unit(generator);
            const CostModel m = model(drawn);
            const Evaluation e = m.evaluate(drawn.workload.utilization);
            cheaper += e.tco(0) < e.tco(1) ? 1 : 0;
            const auto month = CostModel::crossoverMonth(e.cumulative.row(0).transpose(), e.cumulative.row(1).transpose());
            paidBy6 += month && *month <= 6 ? 1 : 0;
            rentTco.push_back(e.tco(1));
        }
        std::sort(rentTco.begin(), rentTco.end());
        const PairRisk &pair = risk.pairs.front();
        QVERIFY2(std::abs(pair.onPremCheaper - double(cheaper) / n) < 0.015,
                 qPrintable(QStringLiteral("%1 against %2").arg(pair.onPremCheaper).arg(double(cheaper) / n)));
        QVERIFY2(std::abs(pair.paidOffBy[6] - double(paidBy6) / n) < 0.015,
                 qPrintable(QStringLiteral("%1 against %2").arg(pair.paidOffBy[6]).arg(double(paidBy6) / n)));
        const double p50 = sortedQuantile(rentTco, 0.5);
        QVERIFY2(std::abs(risk.options[1].tco[2] - p50) < 0.02 * p50,
                 qPrintable(QStringLiteral("%1 against %2").arg(risk.options[1].tco[2]).arg(p50)));
        // Bands are ordered, and the build's cost does not move: its bands are one line.
        for (int m = 0; m <= 12; ++m) {
            QVERIFY(risk.options[1].bands(0, m) <= risk.options[1].bands(1, m));
            QVERIFY(risk.options[1].bands(1, m) <= risk.options[1].bands(2, m));
            QCOMPARE(risk.options[0].bands(0, m), risk.options[0].bands(2, m));
        }
        QCOMPARE(risk.options[0].feasibleShare, 1.0);
    }

    // The bands are, month by month, the quantiles of the first kBandSamples futures evaluated in
    // full (within the curves' single-precision rounding), their blocks split between the threads.
    void bandsAreTheFullEvaluations()
    {
        Scenario s = scenario(1, 0.6, 24);
        s.onPremOptions = {build(QStringLiteral("box"), 4380), build(QStringLiteral("big"), 9000)};
        s.cloudOptions = {cloud(QStringLiteral("rent"), 1.0), cloud(QStringLiteral("spot"), 0.4)};
        s.cloudPriceChangePerYear = -0.1;
        s.uncertainty = Uncertainty{3000, 13,
                                    {range(QStringLiteral("workload.utilization"), 0.05, 1.0),
                                     range(QStringLiteral("onPremOptions[*].hardwarePrice"), 0.5, 1.6, true),
                                     range(QStringLiteral("cloudPriceChangePerYear"), -0.3, 0.0)}};
        const RiskResult risk = analyseRisk(s, catalog());
        QCOMPARE(risk.bandSamples, int(kBandSamples));
        const int months = s.horizonMonths + 1;
        std::vector<std::vector<std::vector<double>>> values(4, std::vector<std::vector<double>>(std::size_t(months)));
        evaluateFutures(s, int(kBandSamples), [&](const Evaluation &e) {
            for (int i = 0; i < 4; ++i)
                for (int month = 0; month < months; ++month)
                    values[std::size_t(i)][std::size_t(month)].push_back(e.cumulative(i, month));
        });
        const std::array<double, 3> q = {0.10, 0.50, 0.90};
        for (int i = 0; i < 4; ++i) {
            for (int month = 0; month < months; ++month) {
                std::vector<double> &v = values[std::size_t(i)][std::size_t(month)];
                std::sort(v.begin(), v.end());
                for (int b = 0; b < 3; ++b) {
                    const double expected = sortedQuantile(v, q[std::size_t(b)]);
                    const double actual = risk.options[std::size_t(i)].bands(b, month);
                    if (!(std::abs(actual - expected) <= 1e-5 * std::max(1.0, std::abs(v.back()))))
                        QFAIL(qPrintable(QStringLiteral("option %1, month %2, band %3: %4, evaluated in full %5")
                                             .arg(i).arg(month).arg(b).arg(actual).arg(expected)));
                }
            }
        }
    }

    // The crossover's quantiles are those of the cost model's crossing months over the very
    // futures the run draws, each future evaluated in full: with futures that pay off at once
    // (month 0), later, and never, and several pairs.
    void crossoverQuantilesAreTheFullEvaluations()
    {
        Scenario s = scenario(1, 0.6, 24);
        s.onPremOptions = {build(QStringLiteral("box"), 4380), build(QStringLiteral("big"), 9000)};
        // A year's term paid at its start: where the build costs less than that year, buying has
        // paid off at once.
        CloudOption term = cloud(QStringLiteral("term"), 1.0, PricingPlan::Reserved1y);
        term.reservedUpfrontShare = 1;
        s.cloudOptions = {cloud(QStringLiteral("rent"), 1.0), term};
        s.uncertainty = Uncertainty{3000, 11,
                                    {range(QStringLiteral("workload.utilization"), 0.05, 1.0),
                                     range(QStringLiteral("onPremOptions[*].hardwarePrice"), 0.0, 1.6, true)}};
        const RiskResult risk = analyseRisk(s, catalog());
        QCOMPARE(risk.pairs.size(), std::size_t(4));
        std::vector<std::vector<double>> crossings(risk.pairs.size());
        evaluateFutures(s, 3000, [&](const Evaluation &e) {
            for (std::size_t p = 0; p < risk.pairs.size(); ++p) {
                const auto month = CostModel::crossoverMonth(e.cumulative.row(risk.pairs[p].onPrem).transpose(),
                                                             e.cumulative.row(risk.pairs[p].cloud).transpose());
                if (month)
                    crossings[p].push_back(*month);
            }
        });
        int atOnce = 0;
        for (std::size_t p = 0; p < risk.pairs.size(); ++p) {
            std::vector<double> &c = crossings[p];
            std::sort(c.begin(), c.end());
            atOnce += int(std::count(c.begin(), c.end(), 0.0));
            QCOMPARE(risk.pairs[p].paidOffBy.back(), double(c.size()) / 3000);
            const PairRisk &pair = risk.pairs[p];
            const std::array<std::optional<double>, 3> sampled = {pair.crossoverP10, pair.crossoverP50,
                                                                  pair.crossoverP90};
            const std::array<double, 3> q = {0.10, 0.50, 0.90};
            QCOMPARE(sampled[0].has_value(), !c.empty());
            for (std::size_t k = 0; k < 3 && !c.empty(); ++k)
                QVERIFY2(std::abs(*sampled[k] - sortedQuantile(c, q[k])) < 2e-3,
                         qPrintable(QStringLiteral("pair %1, q %2: %3 against %4").arg(p).arg(q[k]).arg(*sampled[k])
                                        .arg(sortedQuantile(c, q[k]))));
        }
        QVERIFY(atOnce > 300); // P10 of some pairs falls among the futures that pay off at once
    }

    // The sampler's curves are those of a full evaluation of each drawn scenario: the options
    // it interpolates (prices, factors, rates of change) and those it lays out per sample (a
    // growth rate moves unit counts in steps) alike, feasibility included.
    void sampledCurvesAreTheFullEvaluations()
    {
        Scenario s = scenario(6, 0.55, 48);
        s.creditResaleValue = true;
        s.cloudPriceChangePerYear = -0.1;
        s.hardwarePriceChangePerYear = -0.05;
        s.workload.growthPerYear = 0.3;
        OnPremBuild small = build(QStringLiteral("small"), 9000, 2);
        small.electricityPerKWh = 0.2;
        small.loadW = 900;
        small.idleW = 200;
        s.onPremOptions = {small, build(QStringLiteral("large"), 30000, 8)};
        CloudOption quota = cloud(QStringLiteral("quota"), 1.3);
        quota.maxGpus = 8; // feasible only while growth stays small
        s.cloudOptions = {cloud(QStringLiteral("on demand"), 2.1), cloud(QStringLiteral("reserved"), 1.4, PricingPlan::Reserved1y),
                          cloud(QStringLiteral("spot"), 0.9, PricingPlan::Spot), quota};
        // 0: prices, factors and rates only; 1: a lifetime that moves one build's replacements in
        // steps; 2: growth, which moves every option's fleet in steps.
        const auto rangesOf = [&](int extra) {
            Uncertainty u = defaultUncertainty(s);
            u.inputs.push_back(range(QStringLiteral("hardwarePriceChangePerYear"), -0.2, 0.0));
            if (extra == 1)
                u.inputs.push_back(range(QStringLiteral("onPremOptions[1].lifetimeYears"), 2.5, 5.0));
            if (extra == 2)
                u.inputs.push_back(range(QStringLiteral("workload.growthPerYear"), 0.0, 0.6));
            return resolveRanges(s, u);
        };
        for (const int extra : {0, 1, 2}) {
            const bool growth = extra == 2;
            const std::vector<ResolvedRange> ranges = rangesOf(extra);
            const CurveSampler sampler(s, catalog(), ranges);
            const int n = sampler.optionCount();
            QCOMPARE(sampler.interpolatedOptions(), extra == 0 ? n : extra == 1 ? n - 1 : 0);

            const int count = 300;
            std::mt19937_64 generator(11);
            std::vector<double> q(std::size_t(count) * ranges.size());
            for (double &value : q)
                value = (double(generator() >> 11) + 0.5) * 0x1.0p-53;
            std::vector<Eigen::ArrayXXd> curves;
            std::vector<char> feasible;
            sampler.sample(q.data(), count, curves, feasible);
            int feasibleQuota = 0;
            for (int k = 0; k < count; ++k) {
                Scenario drawn = s;
                for (std::size_t r = 0; r < ranges.size(); ++r)
                    for (const RangeElement &e : ranges[r].elements)
                        e.field.set(drawn, drawElement(e, ranges[r].input.distribution, q[std::size_t(k) * ranges.size() + r]));
                const CostModel full(assemble(drawn, catalog()));
                const Evaluation e = full.evaluate(std::clamp(drawn.workload.utilization, 0.0, 1.0));
                for (int i = 0; i < n; ++i) {
                    QCOMPARE(bool(feasible[std::size_t(i) * count + std::size_t(k)]), full.isFeasible(i));
                    if (!full.isFeasible(i))
                        continue;
                    feasibleQuota += i == n - 1 ? 1 : 0;
                    const double scale = std::max(1.0, e.cumulative.row(i).abs().maxCoeff());
                    const double worst = (curves[std::size_t(i)].col(k).transpose() - e.cumulative.row(i)).abs().maxCoeff();
                    if (worst > 1e-8 * scale)
                        QFAIL(qPrintable(QStringLiteral("option %1, sample %2: off by %3 of %4").arg(i).arg(k).arg(worst).arg(scale)));
                }
            }
            // With growth drawn, the quota binds in some futures and not in others.
            if (growth)
                QVERIFY(feasibleQuota > 0 && feasibleQuota < count);

            // The single-precision curves of a block (compressed to a rank, two products) stay
            // within their error bound of the exact ones, every month of every lane; the bound is
            // a small share of the curve.
            SampleBlock block;
            for (int first = 0; first + kLanes <= count; first += kLanes) {
                sampler.sample(q.data() + std::ptrdiff_t(first) * std::ptrdiff_t(ranges.size()), kLanes, block);
                for (int i = 0; i < n; ++i) {
                    for (int k = 0; k < kLanes; ++k) {
                        if (!((block.feasible[std::size_t(i)] >> k) & 1))
                            continue;
                        const float bound = block.error[std::size_t(i) * kLanes + std::size_t(k)];
                        double largest = 0;
                        for (int m = 0; m < block.months; ++m) {
                            const double exact = sampler.exactValue(block, i, m, k);
                            largest = std::max(largest, std::abs(exact));
                            const double off = std::abs(double(block.curve(i)[std::ptrdiff_t(m) * kLanes + k]) - exact);
                            if (!(off <= double(bound)))
                                QFAIL(qPrintable(QStringLiteral("option %1, lane %2, month %3: off by %4, bound %5")
                                                     .arg(i).arg(k).arg(m).arg(off).arg(bound)));
                        }
                        QVERIFY(double(bound) < 1e-4 * std::max(1.0, largest));
                    }
                }
            }
        }
    }

    // A request for some options, the pairs of one cloud option and bounded work: the same draws,
    // so the same odds for the pairs kept; the others get no figures; the samples are cut to fit.
    void subsetsAndBoundsAreHonoured()
    {
        Scenario s = scenario(4, 0.5, 24);
        s.onPremOptions = {build(QStringLiteral("a"), 9000), build(QStringLiteral("b"), 12000)};
        s.cloudOptions = {cloud(QStringLiteral("x"), 1.5), cloud(QStringLiteral("y"), 0.9), cloud(QStringLiteral("z"), 2.5)};
        s.uncertainty = defaultUncertainty(s);
        s.uncertainty->samples = 3000;
        const RiskResult all = analyseRisk(s, catalog());
        QCOMPARE(all.pairs.size(), std::size_t(6));

        RiskRequest request;
        request.options = std::vector<int>{0, 3};
        request.pairsAgainst = 3;
        request.maxCells = 1000.0 * 5 * 25; // 1,000 samples of 5 options x 25 months
        const RiskResult some = analyseRisk(s, catalog(), request);
        QCOMPARE(some.requestedSamples, 3000);
        QCOMPARE(some.samples, 1000);
        QCOMPARE(some.pairs.size(), std::size_t(1));
        QCOMPARE(some.pairs.front().onPrem, 0);
        QCOMPARE(some.pairs.front().cloud, 3);
        for (int i = 0; i < 5; ++i)
            QCOMPARE(some.options[std::size_t(i)].sampled, i == 0 || i == 3);
        QVERIFY(!some.options[1].mean);

        // The same pair from the first 1,000 samples of the whole run.
        RiskRequest firstOnes;
        firstOnes.samples = 1000;
        const RiskResult first = analyseRisk(s, catalog(), firstOnes);
        const auto same = std::find_if(first.pairs.begin(), first.pairs.end(),
                                       [](const PairRisk &p) { return p.onPrem == 0 && p.cloud == 3; });
        QVERIFY(same != first.pairs.end());
        QCOMPARE(some.pairs.front().onPremCheaper, same->onPremCheaper);
        QCOMPARE(some.pairs.front().paidOffBy, same->paidOffBy);
        QCOMPARE(*some.options[0].mean, *first.options[0].mean);
    }

    // The case #18 names: an RTX 3090 desktop against a V100 rented at 2.14 $/h, with the bundled
    // catalog's measured throughputs, over three years at the PhD-desktop utilization (0.15,
    // docs/model.md "Utilization presets"). The desktop's price and power are this test's own
    // round figures. The utilization's switch value inside [0.02, 0.5] is the break-even
    // utilization the engine reports, and the difference there is 0.
    void aDesktopAgainstARentedV100()
    {
        const GpuCatalog &bundled = GpuCatalog::bundled();
        Scenario s = scenario(1, 0.15, 36);
        s.referenceGpu = QStringLiteral("RTX-3090");
        OnPremBuild desktop = build(QStringLiteral("RTX 3090 desktop"), 2200, 1, QStringLiteral("RTX-3090"));
        desktop.idleW = 100;
        desktop.loadW = 450;
        desktop.electricityPerKWh = 0.15;
        s.onPremOptions = {desktop};
        s.cloudOptions = {cloud(QStringLiteral("V100 on demand"), 2.14, PricingPlan::OnDemand, 1, QStringLiteral("V100-SXM2-16GB"))};
        s.uncertainty = Uncertainty{2000, 1, {range(QStringLiteral("workload.utilization"), 0.02, 0.5)}};
        const RiskResult risk = analyseRisk(s, bundled);
        QCOMPARE(risk.pairs.size(), std::size_t(1));
        const CostModel m(assemble(s, bundled));
        const auto breakEven = m.comparePair(m.evaluate(0.15), 0, 1).breakEvenUtilization;
        QVERIFY(breakEven && *breakEven > 0.02 && *breakEven < 0.5);
        const TornadoBar &bar = risk.pairs.front().tornado.front();
        QVERIFY(bar.switchValue);
        QCOMPARE(*bar.switchValue, *breakEven);
        const Evaluation atSwitch = m.evaluate(*bar.switchValue);
        QVERIFY(std::abs(atSwitch.tco(0) - atSwitch.tco(1)) < 1e-6 * atSwitch.tco(1));
        // Below it renting wins, above it buying: the odds are those of u above the switch value
        // under the triangular distribution (0.02, 0.15, 0.5), within the sampling error.
        const double u = *breakEven;
        const double below = u <= 0.15 ? (u - 0.02) * (u - 0.02) / ((0.5 - 0.02) * (0.15 - 0.02))
                                       : 1 - (0.5 - u) * (0.5 - u) / ((0.5 - 0.02) * (0.5 - 0.15));
        QVERIFY2(std::abs(risk.pairs.front().onPremCheaper - (1 - below)) < 0.04,
                 qPrintable(QStringLiteral("%1 against %2").arg(risk.pairs.front().onPremCheaper).arg(1 - below)));
    }

    // Selection gives the quantiles sorting gives, exactly: small and large sets, ties, sorted
    // and reversed input, and values far from the rest.
    // The order statistics of one month's crossings are the sorted ones: crossings spread over
    // the month, crowded into a sliver of it, tied, and at its very ends.
    void crossingsSelectedInAMonthAreTheSortedOnes()
    {
        std::mt19937_64 generator(9);
        const auto unit = [&] { return float(double(generator() >> 11) * 0x1.0p-53); };
        for (const int month : {1, 2, 17, 60}) {
            const auto base = float(month - 1);
            for (const int n : {1, 2, 3, 64, 255, 1000, 6000}) {
                for (int kind = 0; kind < 4; ++kind) {
                    std::vector<float> values(static_cast<std::size_t>(n));
                    for (float &v : values) {
                        const float r = unit();
                        v = kind == 0   ? base + std::max(r, 1e-6f)              // spread
                            : kind == 1 ? base + 0.5f + 1e-4f * r                // crowded
                            : kind == 2 ? base + 0.125f * std::ceil(8 * r + 1e-3f) // tied
                                        : (r < 0.5f ? float(month) : std::nextafter(base, float(month))); // the ends
                        v = std::min(v, float(month));
                    }
                    std::vector<float> sorted = values;
                    std::sort(sorted.begin(), sorted.end());
                    for (const std::size_t rank : {std::size_t(0), std::size_t(n / 10), std::size_t(n / 2),
                                                   std::size_t(n / 2 + 1 < n ? n / 2 + 1 : n / 2), std::size_t(n - 1)})
                        QCOMPARE(std::bit_cast<quint32>(selectInMonth(values.data(), values.size(), month, rank)),
                                 std::bit_cast<quint32>(sorted[rank]));
                }
            }
        }
    }

    void selectedQuantilesAreTheSortedOnes()
    {
        std::mt19937_64 generator(5);
        const std::array<double, 5> q = {0.05, 0.10, 0.50, 0.90, 0.95};
        for (const int n : {1, 2, 7, 511, 512, 1000, 1003, 2048, 5000}) {
            for (int kind = 0; kind < 4; ++kind) {
                std::vector<double> values(static_cast<std::size_t>(n));
                for (std::size_t i = 0; i < values.size(); ++i) {
                    const double r = double(generator() >> 11) * 0x1.0p-53;
                    values[i] = kind == 0 ? r : kind == 1 ? std::floor(r * 5) : kind == 2 ? double(i) : double(n) - double(i);
                }
                if (kind == 0 && n > 10)
                    values[3] = 1e12; // one far above the rest
                std::vector<double> sorted = values;
                std::sort(sorted.begin(), sorted.end());
                std::array<double, 5> selected{};
                selectQuantiles(values, q.data(), int(q.size()), selected.data());
                for (std::size_t k = 0; k < q.size(); ++k)
                    QCOMPARE(selected[k], sortedQuantile(sorted, q[k]));
            }
        }
    }

    // The bands' selection month after month gives, for every month, the quantiles sorting that
    // month gives, exactly: cumulative curves that keep their order, that cross, that all jump or
    // reverse their order in one month, columns of ties, and every column size.
    void quantilesByMonthAreTheSortedOnes()
    {
        std::mt19937_64 generator(23);
        const auto unit = [&] { return double(generator() >> 11) * 0x1.0p-53; };
        const std::array<double, 3> q = {0.10, 0.50, 0.90};
        const int months = 61;
        int columns = 0;
        for (const int n : {1, 2, 3, 7, 100, 1000, 1003, 2048}) {
            for (int kind = 0; kind < 4; ++kind) {
                std::vector<float> values(std::size_t(months) * std::size_t(n));
                std::vector<double> level(static_cast<std::size_t>(n));
                std::vector<double> rate(static_cast<std::size_t>(n));
                for (int k = 0; k < n; ++k) {
                    level[std::size_t(k)] = kind == 3 ? 0 : 1e5 * unit();
                    rate[std::size_t(k)] = 1e3 * unit();
                }
                for (int m = 0; m < months; ++m) {
                    for (int k = 0; k < n; ++k) {
                        double &v = level[std::size_t(k)];
                        v += rate[std::size_t(k)] * (kind == 1 ? 1 + unit() : 1.0); // kind 1: they cross
                        if (kind == 2 && m == 30)
                            v = 3e7 - v; // every order reversed at once
                        if (kind == 2 && m == 45)
                            v += 1e6 * (k % 3); // a jump that reorders
                        values[std::size_t(m) * std::size_t(n) + std::size_t(k)] =
                            kind == 3 && m < 10 ? 42.0f : float(v); // kind 3: ties, then apart
                    }
                }
                std::vector<double> out(std::size_t(months) * q.size());
                selectQuantilesByMonth(values.data(), std::size_t(n), months, q.data(), int(q.size()), out.data());
                for (int m = 0; m < months; ++m) {
                    std::vector<double> sorted(values.begin() + std::ptrdiff_t(m) * n, values.begin() + std::ptrdiff_t(m + 1) * n);
                    std::sort(sorted.begin(), sorted.end());
                    for (std::size_t k = 0; k < q.size(); ++k)
                        QCOMPARE(out[std::size_t(m) * q.size() + k], sortedQuantile(sorted, q[k]));
                    ++columns;
                }
            }
        }
        QCOMPARE(columns, 8 * 4 * months);
    }

    // The single-precision sweep over a block of 64 samples, with the lanes it cannot settle
    // decided in double as analyseRisk decides them, finds the cost model's crossover in every
    // lane: crossing at once, later, never, level within the tolerance, and within rounding of
    // level for several months before crossing; the same with the stretches' bounds as without.
    void sweptCrossoversAreTheCostModels()
    {
        std::mt19937_64 generator(17);
        const auto unit = [&] { return double(generator() >> 11) * 0x1.0p-53; };
        int crossed = 0;
        int never = 0;
        int unsettledSeen = 0;
        for (const int months : {1, 2, 7, 25, 61, 121}) {
            for (int trial = 0; trial < 20; ++trial) {
                Eigen::ArrayXXd onPrem(months, kLanes);
                Eigen::ArrayXXd cloud(months, kLanes);
                for (int k = 0; k < kLanes; ++k) {
                    const int kind = (k + trial) % 6;
                    double b = 1e5 * unit() * (kind == 0 ? 0 : 1);
                    double c = 0;
                    const double rent = 5e3 * unit();
                    for (int m = 0; m < months; ++m) {
                        b += 1e3 * unit();
                        if (kind == 3 && m == 2 * months / 3)
                            b *= 0.7; // a curve that falls (a resale), inside a stretch
                        c += rent;
                        onPrem(m, k) = b;
                        cloud(m, k) = kind == 1   ? b * (1 + 1e-13)          // level within the tolerance
                                      : kind == 2 ? b * (1 + 3e-7 * (m % 3)) // within float rounding of level
                                                  : c;
                    }
                }
                const Eigen::ArrayXXf a = onPrem.transpose().cast<float>(); // lanes side by side
                const Eigen::ArrayXXf c = cloud.transpose().cast<float>();
                float margin[kLanes];
                for (int k = 0; k < kLanes; ++k) {
                    const double largest = std::max(onPrem.col(k).abs().maxCoeff(), cloud.col(k).abs().maxCoeff());
                    margin[k] = float(4 * (4 * 0x1.0p-24 + 1e-12) * largest + 1e-12);
                }
                const auto exactGap = [&](int m, int k) {
                    const double x = onPrem(m, k);
                    const double y = cloud(m, k);
                    const double scale = std::max({1.0, std::abs(x), std::abs(y)});
                    return std::abs(x - y) <= 1e-12 * scale ? 0.0 : x - y;
                };
                // With the stretches' bounds (which only spare work) and without them.
                std::vector<float> low;
                std::vector<float> high;
                boundStretches(a, c, months, ~std::uint64_t(0), low, high);
                if (QTest::currentTestFailed())
                    return;
                const auto sweep = [&](bool bounded, std::vector<float> &out, std::vector<std::uint32_t> &byMonth) {
                    out.assign(kLanes, INFINITY);
                    byMonth.assign(std::size_t(months), 0);
                    std::uint64_t pending = ~std::uint64_t(0);
                    int from = 0;
                    while (pending != 0) {
                        std::uint64_t unsettled = 0;
                        const int m = sweepCrossings(a.data(), c.data(), bounded ? low.data() : nullptr,
                                                     bounded ? high.data() : nullptr, margin, months, from, pending,
                                                     out.data(), byMonth.data(), unsettled);
                        if (m < 0)
                            break;
                        for (; unsettled != 0; unsettled &= unsettled - 1) {
                            const int k = std::countr_zero(unsettled);
                            ++unsettledSeen;
                            const double now = exactGap(m, k);
                            if (now > 0)
                                continue;
                            out[std::size_t(k)] = crossingIn(m, m > 0 ? exactGap(m - 1, k) : 0.0, now);
                            ++byMonth[std::size_t(m)];
                            pending &= ~(std::uint64_t(1) << k);
                        }
                        from = m + 1;
                    }
                    return pending;
                };
                std::vector<float> plainOut;
                std::vector<std::uint32_t> plainByMonth;
                const std::uint64_t plainPending = sweep(false, plainOut, plainByMonth);
                std::vector<float> out;
                std::vector<std::uint32_t> byMonth;
                const std::uint64_t pending = sweep(true, out, byMonth);
                QCOMPARE(pending, plainPending);
                QCOMPARE(byMonth, plainByMonth);
                QVERIFY(std::memcmp(out.data(), plainOut.data(), out.size() * sizeof(float)) == 0);
                std::vector<std::uint32_t> expectedByMonth(std::size_t(months), 0);
                for (int k = 0; k < kLanes; ++k) {
                    const Eigen::ArrayXd left = onPrem.col(k);
                    const Eigen::ArrayXd right = cloud.col(k);
                    const auto expected = CostModel::crossoverMonth(left, right);
                    const float actual = out[std::size_t(k)];
                    QCOMPARE(std::isinf(actual), !expected.has_value());
                    QCOMPARE(bool((pending >> k) & 1), !expected.has_value());
                    if (!expected) {
                        ++never;
                        continue;
                    }
                    ++crossed;
                    if (std::abs(actual - *expected) > 1e-3)
                        QFAIL(qPrintable(QStringLiteral("lane %1 of %2 months: %3, the cost model %4")
                                             .arg(k).arg(months).arg(actual).arg(*expected)));
                    ++expectedByMonth[std::size_t(std::ceil(*expected))];
                    QCOMPARE(std::ceil(actual), std::ceil(float(*expected)));
                }
                QCOMPARE(byMonth, expectedByMonth);
            }
        }
        QVERIFY(crossed > 1000 && never > 500 && unsettledSeen > 100);
    }

    // A block's TCO and error sums are the plain loop's to the last bit, on any processor (the
    // vector steps round each product before summing it, as the loop does).
    void weighedLanesAreThePlainLoops()
    {
        std::mt19937_64 generator(5);
        const auto unit = [&] { return double(generator() >> 11) * 0x1.0p-53 - 0.5; };
        for (const int count : {1, 2, 7, 18, 36}) {
            std::vector<double> weights(std::size_t(count) * kLanes);
            std::vector<double> at(static_cast<std::size_t>(count));
            std::vector<double> bound(static_cast<std::size_t>(count));
            std::vector<double> leftOut(static_cast<std::size_t>(count));
            for (double &w : weights)
                w = unit() * 1e3;
            for (int g = 0; g < count; ++g) {
                at[std::size_t(g)] = unit() * 1e6;
                bound[std::size_t(g)] = std::abs(unit()) * 1e2;
                leftOut[std::size_t(g)] = std::abs(unit()) * 1e-3;
            }
            std::vector<double> value(kLanes, 1.0);
            std::vector<double> terms(kLanes, 2.0);
            std::vector<double> left(kLanes, 3.0);
            weighLanes(weights.data(), count, at.data(), bound.data(), leftOut.data(), value.data(), terms.data(),
                       left.data());
            for (int k = 0; k < kLanes; ++k) {
                volatile double v = 1.0; // volatile: each product rounded before it is summed
                volatile double t = 2.0;
                volatile double l = 3.0;
                for (int g = 0; g < count; ++g) {
                    const double w = weights[std::size_t(g) * kLanes + std::size_t(k)];
                    volatile double product = w * at[std::size_t(g)];
                    v = v + product;
                    product = std::abs(w) * bound[std::size_t(g)];
                    t = t + product;
                    product = std::abs(w) * leftOut[std::size_t(g)];
                    l = l + product;
                }
                // Bit for bit (QCOMPARE of doubles allows a relative 1e-12).
                QCOMPARE(std::bit_cast<quint64>(value[std::size_t(k)]), std::bit_cast<quint64>(double(v)));
                QCOMPARE(std::bit_cast<quint64>(terms[std::size_t(k)]), std::bit_cast<quint64>(double(t)));
                QCOMPARE(std::bit_cast<quint64>(left[std::size_t(k)]), std::bit_cast<quint64>(double(l)));
            }
        }
    }

    // A sweep passes over a stretch for the whole block only where no lane of it can cross: one
    // lane that crosses, in any stretch, is found where the cost model finds it, among lanes far
    // from crossing and lanes outside the block's feasible ones that hold anything.
    void sweepSkipsStretchesOnlyWhereNoLaneCrosses()
    {
        for (const int months : {1, 9, 61}) {
            for (int crossing = 0; crossing < months; crossing += 3) {
                const int lane = (crossing * 7) % kLanes;
                Eigen::ArrayXXf a(kLanes, months); // lanes side by side, as the blocks keep them
                Eigen::ArrayXXf c(kLanes, months);
                for (int k = 0; k < kLanes; ++k)
                    for (int m = 0; m < months; ++m) {
                        a(k, m) = 1e6f + 10.0f * float(m);
                        c(k, m) = 100.0f * float(m);
                    }
                // The lane that crosses: its cloud curve nothing before `crossing`, well above the
                // on-prem one from then on.
                for (int m = 0; m < months; ++m)
                    c(lane, m) = m < crossing ? 0.0f : 2e6f;
                const std::uint64_t infeasible = (std::uint64_t(1) << ((lane + 1) % kLanes))
                    | (std::uint64_t(1) << ((lane + 2) % kLanes));
                for (int k = 0; k < kLanes; ++k)
                    if ((infeasible >> k) & 1)
                        for (int m = 0; m < months; ++m) {
                            a(k, m) = NAN;
                            c(k, m) = 3e6f;
                        }
                const std::uint64_t lanes = ~infeasible;
                std::vector<float> low;
                std::vector<float> high;
                boundStretches(a, c, months, lanes, low, high);
                if (QTest::currentTestFailed())
                    return;
                float margin[kLanes];
                std::fill_n(margin, kLanes, 1.0f);
                std::vector<float> out(kLanes, INFINITY);
                std::vector<std::uint32_t> byMonth(std::size_t(months), 0);
                std::uint64_t pending = lanes;
                std::uint64_t unsettled = 0;
                const int stopped = sweepCrossings(a.data(), c.data(), low.data(), high.data(), margin, months, 0, pending,
                                                   out.data(), byMonth.data(), unsettled);
                QCOMPARE(stopped, -1);
                QCOMPARE(pending, lanes & ~(std::uint64_t(1) << lane));
                const Eigen::ArrayXd left = a.row(lane).transpose().cast<double>();
                const Eigen::ArrayXd right = c.row(lane).transpose().cast<double>();
                const auto expected = CostModel::crossoverMonth(left, right);
                QVERIFY(expected.has_value());
                QVERIFY(std::abs(double(out[std::size_t(lane)]) - *expected) < 1e-3); // in single precision
                QCOMPARE(byMonth[std::size_t(crossing)], std::uint32_t(1));
            }
        }
    }

    // A run that takes the last run's lay-outs over gives the futures a run laying out afresh
    // gives, bit for bit; a change other than the utilization lays out again.
    void reusedLayoutsGiveTheSameFutures()
    {
        Scenario s = scenario(4, 0.5, 36);
        s.onPremOptions = {build(QStringLiteral("a"), 9000), build(QStringLiteral("b"), 14000)};
        s.cloudOptions = {cloud(QStringLiteral("x"), 1.0), cloud(QStringLiteral("y"), 0.8)};
        s.cloudPriceChangePerYear = -0.1;
        RiskReuse reuse;
        RiskRequest kept;
        kept.samples = 2000;
        kept.tornado = false;
        kept.reuse = &reuse;
        RiskRequest fresh = kept;
        fresh.reuse = nullptr;
        const auto same = [](const RiskResult &x, const RiskResult &y) {
            QCOMPARE(x.options.size(), y.options.size());
            for (std::size_t i = 0; i < x.options.size(); ++i) {
                QCOMPARE(x.options[i].tco, y.options[i].tco);
                QCOMPARE(x.options[i].mean, y.options[i].mean);
                QVERIFY((x.options[i].bands == y.options[i].bands).all());
            }
            QCOMPARE(x.pairs.size(), y.pairs.size());
            for (std::size_t p = 0; p < x.pairs.size(); ++p) {
                QCOMPARE(x.pairs[p].onPremCheaper, y.pairs[p].onPremCheaper);
                QCOMPARE(x.pairs[p].paidOffBy, y.pairs[p].paidOffBy);
                QCOMPARE(x.pairs[p].crossoverP50, y.pairs[p].crossoverP50);
                QCOMPARE(x.pairs[p].crossoverP90, y.pairs[p].crossoverP90);
            }
        };
        analyseRisk(s, catalog(), kept);
        QCOMPARE(reuse.reused, 0);
        for (const double u : {0.3, 0.45, 0.7}) {
            Scenario moved = s;
            moved.workload.utilization = u;
            same(analyseRisk(moved, catalog(), kept), analyseRisk(moved, catalog(), fresh));
            if (QTest::currentTestFailed())
                return;
        }
        QCOMPARE(reuse.reused, 3);
        Scenario priced = s;
        priced.cloudOptions[1].pricePerHour = 0.9;
        same(analyseRisk(priced, catalog(), kept), analyseRisk(priced, catalog(), fresh));
        QCOMPARE(reuse.reused, 3);
    }

    // Without the bands, the same figures otherwise.
    void bandsCanBeLeftOut()
    {
        Scenario s = buyOrRent();
        s.uncertainty = defaultUncertainty(s);
        s.uncertainty->samples = 3000;
        RiskRequest without;
        without.bands = false;
        const RiskResult a = analyseRisk(s, catalog());
        const RiskResult b = analyseRisk(s, catalog(), without);
        QVERIFY(a.bandSamples > 0);
        QCOMPARE(b.bandSamples, 0);
        QVERIFY(std::isfinite(a.options[0].bands(1, 6)));
        QVERIFY(b.options[0].bands.isNaN().all());
        QCOMPARE(b.options[0].tco, a.options[0].tco);
        QCOMPARE(b.pairs.front().paidOffBy, a.pairs.front().paidOffBy);
    }

    void theSameSeedGivesTheSameFutures()
    {
        Scenario s = buyOrRent();
        const RiskResult a = analyseRisk(s, catalog(), 500, 3);
        const RiskResult b = analyseRisk(s, catalog(), 500, 3);
        const RiskResult c = analyseRisk(s, catalog(), 500, 4);
        QVERIFY(a.defaultRanges);
        QCOMPARE(a.pairs.front().onPremCheaper, b.pairs.front().onPremCheaper);
        QCOMPARE(a.options[1].tco, b.options[1].tco);
        QVERIFY(a.options[1].tco != c.options[1].tco);
        // A triangular draw at the quantiles 0, its mode's and 1.
        RangeElement e;
        e.low = 1;
        e.high = 5;
        e.own = 2;
        QCOMPARE(drawElement(e, Distribution::Triangular, 0.0), 1.0);
        QCOMPARE(drawElement(e, Distribution::Triangular, 0.25), 2.0);
        QCOMPARE(drawElement(e, Distribution::Triangular, 1.0), 5.0);
        QCOMPARE(drawElement(e, Distribution::Uniform, 0.5), 3.0);
    }

    // The switch value of the utilization is the break-even utilization the engine reports;
    // that of a shared price factor the factor at which the two cost the same.
    void switchValuesAreExact()
    {
        Scenario s = buyOrRent();
        s.uncertainty = Uncertainty{100, 1,
                                    {range(QStringLiteral("workload.utilization"), 0.02, 0.9),
                                     range(QStringLiteral("cloudOptions[*].pricePerHour"), 0.5, 1.5, true),
                                     range(QStringLiteral("cloudPriceChangePerYear"), -0.9, 1.0)}};
        const RiskResult risk = analyseRisk(s, catalog());
        const PairRisk &pair = risk.pairs.front();
        const CostModel m = model(s);
        const auto breakEven = m.comparePair(m.evaluate(0.6), 0, 1).breakEvenUtilization;
        QVERIFY(breakEven);
        QCOMPARE(*breakEven, 0.5);
        const auto bar = [&](const QString &path) {
            for (const TornadoBar &b : pair.tornado)
                if (risk.ranges[std::size_t(b.input)].input.path == path)
                    return b;
            return TornadoBar{};
        };
        QCOMPARE(*bar(QStringLiteral("workload.utilization")).switchValue, *breakEven);
        // At u = 0.6 renting costs 5,256 · k: the same as the build's 4,380 at k = 0.8333…
        QCOMPARE(*bar(QStringLiteral("cloudOptions[*].pricePerHour")).switchValue, 4380.0 / 5256.0);
        // Not affine: the difference is 0 at the bisected rate.
        const TornadoBar change = bar(QStringLiteral("cloudPriceChangePerYear"));
        QVERIFY(change.switchValue);
        Scenario atSwitch = s;
        atSwitch.cloudPriceChangePerYear = *change.switchValue;
        const CostModel switched = model(atSwitch);
        const Evaluation e = switched.evaluate(0.6);
        QVERIFY2(std::abs(e.tco(0) - e.tco(1)) < 1e-6, qPrintable(QString::number(e.tco(0) - e.tco(1))));
        // Sorted by swing, and the difference at the own values is the engine's.
        for (std::size_t k = 1; k < pair.tornado.size(); ++k)
            QVERIFY(pair.tornado[k - 1].swing() >= pair.tornado[k].swing());
        QCOMPARE(pair.difference, 4380.0 - 5256.0);
    }

    void badRangesAreNamed_data()
    {
        QTest::addColumn<QByteArray>("block");
        QTest::addColumn<QString>("where");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no such field") << QByteArray(R"({"inputs": [{"path": "workload.colour", "low": 0, "high": 1}]})")
                                       << QStringLiteral("uncertainty.inputs[0].path") << QStringLiteral("names no numeric field");
        QTest::newRow("no such element") << QByteArray(R"({"inputs": [{"path": "cloudOptions[3].pricePerHour", "low": 0, "high": 1}]})")
                                         << QStringLiteral("uncertainty.inputs[0].path") << QStringLiteral("has 1 cloud options");
        QTest::newRow("low above high") << QByteArray(R"({"inputs": [{"path": "workload.utilization", "low": 0.8, "high": 0.2}]})")
                                        << QStringLiteral("uncertainty.inputs[0].low") << QStringLiteral("above the high end");
        QTest::newRow("unknown distribution") << QByteArray(R"({"inputs": [{"path": "workload.utilization", "low": 0, "high": 1, "distribution": "normal"}]})")
                                              << QStringLiteral("uncertainty.inputs[0].distribution") << QStringLiteral("triangular, uniform");
        QTest::newRow("too many samples") << QByteArray(R"({"samples": 1000001, "inputs": []})") << QStringLiteral("uncertainty.samples")
                                          << QString();
        QTest::newRow("both kinds of range") << QByteArray(R"({"inputs": [{"path": "workload.utilization", "low": 0, "high": 1, "lowFactor": 1, "highFactor": 2}]})")
                                             << QStringLiteral("uncertainty.inputs[0]") << QStringLiteral("either low and high");
        QTest::newRow("a factor of nothing") << QByteArray(R"({"inputs": [{"path": "onPremOptions[0].listPrice", "lowFactor": 0.9, "highFactor": 1.1}]})")
                                             << QStringLiteral("uncertainty.inputs[0].path") << QStringLiteral("no value to vary");
    }

    void badRangesAreNamed()
    {
        QFETCH(QByteArray, block);
        QFETCH(QString, where);
        QFETCH(QString, reason);
        const QByteArray json = R"({"format": "breakeven-scenario", "version": 2,
            "cloudOptions": [{"name": "c", "gpu": "A100-SXM4-80GB", "pricePerHour": 1}],
            "onPremOptions": [{"name": "b", "gpu": "A100-SXM4-80GB", "components": [{"name": "all", "price": 1}]}],
            "uncertainty": )" + block + "}";
        try {
            readScenarioJson(json);
            QFAIL("accepted");
        } catch (const InputError &error) {
            QCOMPARE(error.where(), where);
            QVERIFY2(error.reason().contains(reason), qPrintable(error.reason()));
        }
    }

    void theBlockRoundTripsThroughJson()
    {
        Scenario s = buyOrRent();
        s.uncertainty = Uncertainty{2000, 42,
                                    {range(QStringLiteral("workload.utilization"), 0.3, 0.8),
                                     range(QStringLiteral("cloudOptions[*].pricePerHour"), 0.7, 1.1, true, Distribution::Uniform)}};
        const QByteArray json = writeScenarioJson(s);
        QVERIFY(json.contains("\"version\": 2"));
        QVERIFY(readScenarioJson(json) == s);
    }

    // Without a block, the documented ranges, only those that name something.
    void defaultRangesFollowTheScenario()
    {
        Scenario s = buyOrRent();
        const Uncertainty both = defaultUncertainty(s);
        QCOMPARE(both.inputs.size(), std::size_t(6));
        QCOMPARE(*both.inputs[0].low, 0.3);
        QCOMPARE(*both.inputs[0].high, 0.9);
        s.onPremOptions.clear();
        QCOMPARE(defaultUncertainty(s).inputs.size(), std::size_t(3));
        // The hardware price of a build priced by parts scales its parts.
        Scenario parts = buyOrRent();
        const ResolvedPath path = resolvePath(parts, QStringLiteral("onPremOptions[0].hardwarePrice"));
        path.fields.front().set(parts, 8760);
        QCOMPARE(parts.onPremOptions[0].hardwarePrice(), 8760.0);
        QVERIFY(!parts.onPremOptions[0].listPrice);
    }
};

QTEST_GUILESS_MAIN(TestRisk)
#include "test_risk.moc"
