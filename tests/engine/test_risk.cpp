// Uncertainty (docs/model.md, "Uncertainty"): the sampled odds, bands and crossovers against full
// evaluations, reproducibility, reuse and the errors of a bad range (the tornado:
// test_risktornado).
#include "enginefixtures.h"
#include "riskfixtures.h"
#include "engine/risk.h"
#include "engine/riskkernels.h"
#include "engine/risksampler.h"
#include "catalog/bundledcatalog.h"
#include "engine/assembly.h"
#include "exchange/scenariojson.h"
#include "scenariopaths.h"

#include <QtTest>

#include <bit>
#include <cstring>
#include <random>
#include <type_traits>

using namespace breakeven;
using namespace fixtures;

namespace {

// Evaluates the first `count` futures of `s`'s uncertainty block in full, as a run draws them (its
// documented generator: 53 random bits a draw, sample by sample, range by range), and hands each
// evaluation to `each` (with its model, when `each` takes it).
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
        if constexpr (std::is_invocable_v<Each, const Evaluation &, const CostModel &>)
            each(m.evaluate(std::clamp(drawn.workload.utilization, 0.0, 1.0)), m);
        else
            each(m.evaluate(std::clamp(drawn.workload.utilization, 0.0, 1.0)));
    }
}

// Where `risk`'s bands are not, month by month, the quantiles of `values` (option x month x the
// futures' values, each evaluated in full) within the curves' single-precision rounding: the
// first such band, or nothing.
QString bandsDifferFrom(const RiskResult &risk, std::vector<std::vector<std::vector<double>>> values)
{
    const std::array<double, 3> q = {0.10, 0.50, 0.90};
    for (std::size_t i = 0; i < values.size(); ++i) {
        for (std::size_t month = 0; month < values[i].size(); ++month) {
            std::vector<double> &v = values[i][month];
            std::sort(v.begin(), v.end());
            for (int b = 0; b < 3; ++b) {
                const double expected = sortedQuantile(v, q[std::size_t(b)]);
                const double actual = risk.options[i].bands(b, Eigen::Index(month));
                if (!(std::abs(actual - expected) <= 1e-5 * std::max(1.0, std::abs(v.back()))))
                    return QStringLiteral("option %1, month %2, band %3: %4, evaluated in full %5")
                        .arg(i)
                        .arg(month)
                        .arg(b)
                        .arg(actual)
                        .arg(expected);
            }
        }
    }
    return {};
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
        const QString differs = bandsDifferFrom(risk, std::move(values));
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }

    // The bands of options laid out per sample (a growth rate moves every fleet in steps), one
    // of them feasible only in some futures, are month by month the quantiles of the futures in
    // which it is feasible, evaluated in full; over a last block the futures do not fill.
    void bandsOfOptionsLaidOutPerSampleAreTheFullEvaluations()
    {
        Scenario s = scenario(6, 0.55, 36);
        s.workload.growthPerYear = 0.05;
        s.onPremOptions = {build(QStringLiteral("small"), 9000, 2)};
        CloudOption quota = cloud(QStringLiteral("quota"), 1.3);
        quota.maxGpus = 8; // feasible only while growth stays small
        s.cloudOptions = {cloud(QStringLiteral("on demand"), 2.1), quota};
        s.uncertainty = Uncertainty{600, 5,
                                    {range(QStringLiteral("workload.growthPerYear"), 0.0, 0.6),
                                     range(QStringLiteral("workload.utilization"), 0.2, 0.9)}};
        RiskRequest request;
        request.tornado = false;
        const RiskResult risk = analyseRisk(s, catalog(), request);
        QCOMPARE(risk.bandSamples, 600);
        const int months = s.horizonMonths + 1;
        std::vector<std::vector<std::vector<double>>> values(3, std::vector<std::vector<double>>(std::size_t(months)));
        evaluateFutures(s, 600, [&](const Evaluation &e, const CostModel &m) {
            for (int i = 0; i < 3; ++i)
                if (m.isFeasible(i))
                    for (int month = 0; month < months; ++month)
                        values[std::size_t(i)][std::size_t(month)].push_back(e.cumulative(i, month));
        });
        const std::size_t quotaFeasible = values[2][0].size();
        QVERIFY2(quotaFeasible > 50 && quotaFeasible < 550, qPrintable(QString::number(quotaFeasible)));
        const QString differs = bandsDifferFrom(risk, std::move(values));
        QVERIFY2(differs.isEmpty(), qPrintable(differs));
    }

    // Futures whose buying is ahead for a while and behind at H (a unit bought again before the
    // horizon), ahead for good after crossing back, and never: each future's pay-off that sticks,
    // month by month, is the full evaluation's, and the odds of having paid off end at the share
    // in which buying wins (docs/model.md, "Crossover and pay-off").
    void paidOffByIsThePayoffThatSticks()
    {
        Scenario s = rigBoughtEveryYear(18);
        s.uncertainty = Uncertainty{4000, 5,
                                    {range(QStringLiteral("cloudOptions[*].pricePerHour"), 0.7, 1.6, true),
                                     range(QStringLiteral("onPremOptions[*].hardwarePrice"), 0.7, 1.3, true)}};
        const RiskResult risk = analyseRisk(s, catalog());
        QCOMPARE(risk.pairs.size(), std::size_t(1));
        std::vector<double> payoffs;
        int crossedBack = 0;
        int aheadForAWhile = 0;
        evaluateFutures(s, 4000, [&](const Evaluation &e) {
            const Eigen::ArrayXd a = e.cumulative.row(0).transpose();
            const Eigen::ArrayXd b = e.cumulative.row(1).transpose();
            const int months = int(a.size());
            const std::vector<Crossing> crossings = CostModel::crossings(a.data(), b.data(), months);
            const auto month = CostModel::paysOffMonth(crossings, CostModel::gap(a(months - 1), b(months - 1)) > 0);
            if (month)
                payoffs.push_back(*month);
            crossedBack += month && crossings.size() > 1;
            aheadForAWhile += !month && !crossings.empty();
        });
        // The draws cover every case.
        QVERIFY2(crossedBack > 200 && aheadForAWhile > 200, qPrintable(QStringLiteral("%1 %2").arg(crossedBack).arg(aheadForAWhile)));
        const PairRisk &pair = risk.pairs.front();
        QCOMPARE(pair.paidOffBy.back(), double(payoffs.size()) / 4000);
        QCOMPARE(pair.paidOffBy.back(), pair.onPremCheaper);
        QCOMPARE(pair.neverPaysOff, 1.0 - double(payoffs.size()) / 4000);
        std::sort(payoffs.begin(), payoffs.end());
        for (int m = 0; m < int(pair.paidOffBy.size()); ++m) {
            const auto upTo = std::upper_bound(payoffs.begin(), payoffs.end(), double(m)) - payoffs.begin();
            QVERIFY2(std::abs(pair.paidOffBy[std::size_t(m)] - double(upTo) / 4000) <= 1.0 / 4000,
                     qPrintable(QStringLiteral("month %1: %2 against %3").arg(m).arg(pair.paidOffBy[std::size_t(m)]).arg(double(upTo) / 4000)));
        }
        const std::array<std::optional<double>, 3> sampled = {pair.payoffP10, pair.payoffP50, pair.payoffP90};
        const std::array<double, 3> q = {0.10, 0.50, 0.90};
        for (std::size_t k = 0; k < 3; ++k)
            QVERIFY2(std::abs(*sampled[k] - sortedQuantile(payoffs, q[k])) < 2e-3,
                     qPrintable(QStringLiteral("q %1: %2 against %3").arg(q[k]).arg(*sampled[k]).arg(sortedQuantile(payoffs, q[k]))));
    }

    // Default ranges centred on the scenario's own values (docs/model.md, "Uncertainty"): on every
    // bundled example without ranges, each option's own TCO lies within a quarter of its P10–P90
    // span of its risk median, and each range has its own value as its median.
    void defaultRangesAreCentredOnTheScenario()
    {
        for (const QString &name : bundledExampleNames()) {
            Scenario s = readScenarioJson(bundledExample(name), name);
            s.uncertainty.reset();
            const CostModel m(assemble(s, GpuCatalog::bundled()));
            const Evaluation own = m.evaluate(s.workload.utilization);
            const RiskResult risk = analyseRisk(s, GpuCatalog::bundled(), 4000);
            QVERIFY(risk.defaultRanges);
            for (int i = 0; i < m.optionCount(); ++i) {
                if (!m.isFeasible(i))
                    continue;
                const OptionRisk &o = risk.options[std::size_t(i)];
                const double span = o.tco[3] - o.tco[1];
                QVERIFY2(std::abs(own.tco(i) - o.tco[2]) <= 0.25 * span,
                         qPrintable(QStringLiteral("%1, %2: own %3, median %4, P10 %5, P90 %6").arg(name, m.option(i).name)
                                        .arg(own.tco(i)).arg(o.tco[2]).arg(o.tco[1]).arg(o.tco[3])));
            }
            for (const ResolvedRange &r : risk.ranges)
                for (const RangeElement &e : r.elements)
                    QVERIFY2(std::abs(drawElement(e, r.input.distribution, 0.5) - e.own) <= 1e-9 * std::max(1.0, std::abs(e.own)),
                             qPrintable(QStringLiteral("%1: %2").arg(name, r.input.path)));
        }
        // The lifetime is among them, and the haircut where resale is credited.
        Scenario h = readScenarioJson(bundledExample(QStringLiteral("h100-server")));
        QStringList paths;
        for (const UncertainInput &input : defaultUncertainty(h).inputs)
            paths << input.path;
        QVERIFY2(paths.contains(QStringLiteral("onPremOptions[0].lifetimeYears")), qPrintable(paths.join(u' ')));
        QVERIFY2(paths.contains(QStringLiteral("onPremOptions[0].resaleHaircut")), qPrintable(paths.join(u' ')));
        // Three builds: their lifetimes are left out of the sampled futures (each would be laid out
        // per future), and kept for the tornado alone, which decides "decided by".
        for (int k = 1; k <= 2; ++k) {
            OnPremBuild other = h.onPremOptions.front();
            other.name += QString::number(k);
            other.lifetimeYears += k;
            h.onPremOptions.push_back(other);
        }
        const auto lifetimes = [](const Uncertainty &u) {
            return std::count_if(u.inputs.begin(), u.inputs.end(),
                                 [](const UncertainInput &i) { return i.path.endsWith(QLatin1String("lifetimeYears")); });
        };
        QCOMPARE(lifetimes(defaultUncertainty(h)), 0);
        QCOMPARE(lifetimes(defaultUncertainty(h, false)), 3);
        const CostModel three(assemble(h, GpuCatalog::bundled()));
        const RiskResult tornado = decisiveInputs(h, GpuCatalog::bundled(), 0, 3);
        QCOMPARE(std::count_if(tornado.ranges.begin(), tornado.ranges.end(),
                               [](const ResolvedRange &r) { return r.input.path.endsWith(QLatin1String("lifetimeYears")); }),
                 3);
        QCOMPARE(tornado.samples, 0);
        QCOMPARE(tornado.pairs.size(), std::size_t(1));
        QCOMPARE(tornado.pairs.front().tornado.size(), tornado.ranges.size());
        QCOMPARE(three.option(3).kind, OptionKind::Cloud);
    }

    // A range past a field's bound keeps that side's probability at the bound: utilization 0.8
    // ± 0.4 draws 1.0 where its triangle lies above 1.0, an eighth of the futures, and keeps 0.8 as
    // its median.
    void aRangePastItsBoundIsClipped()
    {
        Scenario s = scenario(1, 0.8, 12);
        s.onPremOptions = {build(QStringLiteral("b"), 4380)};
        s.cloudOptions = {cloud(QStringLiteral("c"), 1.0)};
        s.uncertainty = Uncertainty{1000, 1, {range(QStringLiteral("workload.utilization"), 0.4, 1.2)}};
        const std::vector<ResolvedRange> ranges = resolveRanges(s, *s.uncertainty);
        const RangeElement &e = ranges.front().elements.front();
        QCOMPARE(e.low, 0.4);
        QCOMPARE(e.high, 1.0);
        QCOMPARE(drawElement(e, Distribution::Triangular, 0.5), 0.8);
        // The triangle 0.4–0.8–1.2 puts 1/8 of its draws above 1.0: they are 1.0.
        QCOMPARE(drawElement(e, Distribution::Triangular, 0.9), 1.0);
        QVERIFY(drawElement(e, Distribution::Triangular, 0.87) < 1.0);
        QCOMPARE(drawElement(e, Distribution::Triangular, 0.88), 1.0);
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
                // The pay-off that sticks, as a full evaluation finds it.
                const Eigen::ArrayXd a = e.cumulative.row(risk.pairs[p].onPrem).transpose();
                const Eigen::ArrayXd b = e.cumulative.row(risk.pairs[p].cloud).transpose();
                const int months = int(a.size());
                const auto month = CostModel::paysOffMonth(CostModel::crossings(a.data(), b.data(), months),
                                                           CostModel::gap(a(months - 1), b(months - 1)) > 0);
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
            const std::array<std::optional<double>, 3> sampled = {pair.payoffP10, pair.payoffP50,
                                                                  pair.payoffP90};
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
            // The default lifetime range moves replacements in steps, and the test sets the hardware
            // price change's range itself.
            std::erase_if(u.inputs, [](const UncertainInput &i) {
                return i.path.endsWith(QLatin1String("lifetimeYears")) || i.path == QLatin1String("hardwarePriceChangePerYear");
            });
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
                QCOMPARE(std::bit_cast<quint64>(x.pairs[p].difference), std::bit_cast<quint64>(y.pairs[p].difference));
                QCOMPARE(x.pairs[p].paidOffBy, y.pairs[p].paidOffBy);
                QCOMPARE(x.pairs[p].payoffP50, y.pairs[p].payoffP50);
                QCOMPARE(x.pairs[p].payoffP90, y.pairs[p].payoffP90);
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
        QStringList paths;
        for (const UncertainInput &input : both.inputs)
            paths << input.path;
        // No haircut range: the scenario does not credit resale, so the haircut moves nothing.
        QCOMPARE(paths, (QStringList{QStringLiteral("workload.utilization"), QStringLiteral("cloudOptions[*].pricePerHour"),
                                     QStringLiteral("cloudPriceChangePerYear"), QStringLiteral("onPremOptions[*].electricityPerKWh"),
                                     QStringLiteral("onPremOptions[*].hardwarePrice"), QStringLiteral("hardwarePriceChangePerYear"),
                                     QStringLiteral("onPremOptions[0].lifetimeYears")}));
        QCOMPARE(*both.inputs[0].low, 0.3);
        QCOMPARE(*both.inputs[0].high, 0.9);
        // Centred: ×0.8 to ×1.2, the yearly change ± 0.15, the lifetime ± 2 years.
        QCOMPARE(*both.inputs[1].lowFactor, 0.8);
        QCOMPARE(*both.inputs[1].highFactor, 1.2);
        QCOMPARE(*both.inputs[2].low, s.cloudPriceChangePerYear - 0.15);
        QCOMPARE(*both.inputs[2].high, s.cloudPriceChangePerYear + 0.15);
        QCOMPARE(*both.inputs[6].low, s.onPremOptions[0].lifetimeYears - 2);
        QCOMPARE(*both.inputs[6].high, s.onPremOptions[0].lifetimeYears + 2);
        s.creditResaleValue = true;
        QCOMPARE(defaultUncertainty(s).inputs.back().path, QStringLiteral("onPremOptions[0].resaleHaircut"));
        s.onPremOptions.clear();
        s.creditResaleValue = false;
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
