// Hybrid fleets (docs/model.md, "Hybrid fleets"): the engine against a plain loop over K, months
// and steps on random profiles, and against the cost model at the two ends (all cloud, all owned).
#include "enginefixtures.h"
#include "engine/hybrid.h"

#include <QRandomGenerator>
#include <QtTest>

#include <cmath>
#include <limits>

using namespace breakeven;
using namespace fixtures;

namespace {

bool near(double a, double b, double relative = 1e-9)
{
    return std::abs(a - b) <= relative * std::max({1.0, std::abs(a), std::abs(b)});
}

QString show(double value) { return QString::number(value, 'g', 17); }

Scenario withProfile(Scenario s, std::vector<double> gpus)
{
    WorkloadDemand demand;
    demand.stepHours = 1;
    demand.gpus = std::move(gpus);
    s.workload = withDemand(s.workload, demand);
    return s;
}

HybridOption hybrid(const Scenario &s, std::optional<int> units = std::nullopt)
{
    return {QStringLiteral("hybrid"), s.onPremOptions.front().name, s.cloudOptions.front().name, units};
}

// The TCO of K units by the plain definition: every month, every step of the profile, no sorting
// and no lay-out reused. Supports what the random scenarios vary: no discount, no resale credit,
// no replacement within the horizon. +inf when the burst exceeds the quota.
double plainTco(const Scenario &s, int units, double utilization)
{
    const OnPremBuild &b = s.onPremOptions.front();
    const CloudOption &c = s.cloudOptions.front();
    const double pb = catalog().find(b.gpu)->relativeThroughput;
    const double pc = catalog().find(c.gpu)->relativeThroughput;
    const std::vector<double> &g = s.workload.demand->gpus;
    const double steps = double(g.size());
    const double scale = utilization / s.workload.demand->utilization();
    const double capacity = units * b.gpuCount * pb;
    double total = units * (b.hardwarePrice() + b.infrastructureOneTime);
    for (int m = 1; m <= s.horizonMonths; ++m) {
        const double a = scale * std::pow(1.0 + s.workload.growthPerYear, (m - 1) / 12.0);
        double owned = 0, burst = 0;
        for (double step : g) {
            owned += std::min(a * step, capacity) / steps;
            burst += std::max(0.0, a * step - capacity) / steps;
            if ((a * step - capacity) / pc > c.maxGpus + 1e-9)
                return std::numeric_limits<double>::infinity();
        }
        if (units > 0) {
            const double u = owned / capacity;
            const double electricity = std::pow(1.0 + s.electricityPriceChangePerYear, (m - 1) / 12.0);
            const double power = (*b.idleW + (*b.loadW - *b.idleW) * u) * kHoursPerMonth / 1000.0 * b.electricityPerKWh
                * b.pue * electricity;
            total += units * (power + b.overheadPerYearOfHardware * b.hardwarePrice() / 12.0 + b.laborPerMonth
                              + b.colocationPerMonth);
        }
        const double price = c.pricePerHour / c.gpusPerInstance * std::pow(1.0 + s.cloudPriceChangePerYear, (m - 1) / 12.0);
        const double rework = c.pricing == PricingPlan::Spot ? 1.0 + c.spotRework : 1.0;
        total += burst * kHoursPerMonth * price * rework / pc;
        if (burst > 1e-12 * std::max(1.0, owned + burst))
            total += c.platformFeePerMonth + s.workload.storageGB * c.storagePerGBMonth
                + s.workload.egressGBPerMonth * c.egressPerGB;
    }
    return total;
}

Scenario randomScenario(QRandomGenerator &random)
{
    Scenario s = scenario(1, 1, 12 + int(random.bounded(49)));
    std::vector<double> gpus(static_cast<std::size_t>(1 + random.bounded(60)));
    for (double &v : gpus)
        v = random.bounded(4) == 0 ? 0.0 : random.bounded(20.0);
    gpus[0] = 1 + random.bounded(30.0); // a peak above 0
    s = withProfile(s, gpus);
    s.workload.growthPerYear = random.bounded(0.7) - 0.2;
    s.workload.storageGB = random.bounded(1000.0);
    s.workload.egressGBPerMonth = random.bounded(200.0);
    s.cloudPriceChangePerYear = -random.bounded(0.3);
    s.electricityPriceChangePerYear = random.bounded(0.2);
    OnPremBuild b = build(QStringLiteral("server"), 5000 + random.bounded(60000.0), 1 + int(random.bounded(8)),
                          random.bounded(2) ? QStringLiteral("REF") : QStringLiteral("HALF"));
    b.infrastructureOneTime = random.bounded(3000.0);
    b.loadW = 500 + random.bounded(5000.0);
    b.idleW = *b.loadW * random.bounded(0.5);
    b.electricityPerKWh = random.bounded(0.4);
    b.pue = 1 + random.bounded(0.6);
    b.overheadPerYearOfHardware = random.bounded(0.2);
    b.laborPerMonth = random.bounded(800.0);
    b.colocationPerMonth = random.bounded(500.0);
    b.lifetimeYears = 6; // no replacement within 60 months
    CloudOption c = cloud(QStringLiteral("cloud"), 0.5 + random.bounded(12.0),
                          random.bounded(2) ? PricingPlan::Spot : PricingPlan::OnDemand, 1 + int(random.bounded(8)),
                          random.bounded(2) ? QStringLiteral("REF") : QStringLiteral("G24"));
    c.spotRework = random.bounded(0.3);
    c.platformFeePerMonth = random.bounded(3) == 0 ? random.bounded(2000.0) : 0.0;
    c.storagePerGBMonth = random.bounded(0.05);
    c.egressPerGB = random.bounded(0.1);
    c.maxGpus = random.bounded(3) == 0 ? 1 + int(random.bounded(40)) : 1000;
    s.onPremOptions = {b};
    s.cloudOptions = {c};
    s.hybridOptions = {hybrid(s)};
    return s;
}

} // namespace

class TestHybrid : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // On random profiles the chosen K is the best of a plain loop over K (the smaller on a tie),
    // and every point of the curve is the plain loop's TCO.
    void optimizerMatchesPlainLoop()
    {
        QRandomGenerator random(20261126);
        int choseOwning = 0, choseCloud = 0, quotaBound = 0;
        for (int trial = 0; trial < 300; ++trial) {
            const Scenario s = randomScenario(random);
            const double u = s.workload.utilization * (random.bounded(2) ? 1.0 : 0.3 + random.bounded(1.5));
            const HybridModel m(assemble(s, catalog()));
            const HybridResult r = m.evaluate(0, u);
            QVERIFY2(r.status.feasible, qPrintable(r.status.reason));
            int best = -1;
            double bestTco = 0;
            for (int k = 0; k < int(r.tcoByUnits.size()); ++k) {
                const double plain = plainTco(s, k, u);
                const double engine = r.tcoByUnits[std::size_t(k)];
                QVERIFY2((std::isinf(plain) && std::isinf(engine)) || near(plain, engine),
                         qPrintable(QStringLiteral("trial %1, K = %2: %3 against %4").arg(trial).arg(k).arg(show(engine), show(plain))));
                if (std::isfinite(plain) && (best < 0 || plain < bestTco - 1e-9 * std::max(1.0, bestTco))) {
                    best = k;
                    bestTco = plain;
                }
            }
            // The curve reaches the units covering the peak: there everything is owned.
            const double beyond = plainTco(s, int(r.tcoByUnits.size()), u);
            QVERIFY(std::isfinite(beyond) && beyond >= r.tcoByUnits.back());
            QCOMPARE(r.units, best);
            QVERIFY(near(r.tco, bestTco));
            choseOwning += r.units > 0;
            choseCloud += r.units == 0;
            quotaBound += std::isinf(r.tcoByUnits.front());
        }
        // The random scenarios reach both kinds of answer and the quota.
        QVERIFY(choseOwning > 20);
        QVERIFY(choseCloud > 20);
        QVERIFY(quotaBound > 5);
    }

    // K = 0 is the cloud option alone and K covering the peak (no growth, power in the overhead)
    // the build alone: month by month, with discounting, resale credit, replacements and markets.
    void endsAreTheOptionsAlone()
    {
        for (const bool profile : {true, false}) {
            Scenario s = scenario(10, 0.55, 60);
            if (profile)
                s = withProfile(s, {3, 9.5, 10, 0, 6, 7, 2, 10});
            s.discountRatePerYear = 0.07;
            s.creditResaleValue = true;
            s.cloudPriceChangePerYear = -0.15;
            s.hardwarePriceChangePerYear = -0.1;
            s.workload.storageGB = 500;
            OnPremBuild b = build(QStringLiteral("server"), 42000, 4);
            b.overheadPerYearOfHardware = 0.4;
            b.overheadIncludesPower = true;
            b.laborPerMonth = 300;
            b.infrastructureOneTime = 1500;
            b.lifetimeYears = 2;
            b.resaleHaircut = 0.25;
            CloudOption c = cloud(QStringLiteral("spot"), 9.0, PricingPlan::Spot, 4);
            c.platformFeePerMonth = 250;
            c.storagePerGBMonth = 0.03;
            s.onPremOptions = {b};
            s.cloudOptions = {c};
            s.hybridOptions = {hybrid(s)};
            const EngineInput input = assemble(s, catalog());
            const CostModel alone(input);
            const HybridModel m(input);
            for (const double u : {s.workload.utilization, 0.3}) {
                const Evaluation e = alone.evaluate(u);
                const HybridResult r = m.evaluate(0, u);
                QVERIFY(r.status.feasible);
                QVERIFY2(near(r.tcoByUnits.front(), e.tco(1)), qPrintable(show(r.tcoByUnits.front()) + " " + show(e.tco(1))));
                if (u == s.workload.utilization) {
                    QCOMPARE(r.unitsCoveringPeak, alone.unitsMax(0));
                    QVERIFY2(near(r.tcoByUnits.back(), e.tco(0)), qPrintable(show(r.tcoByUnits.back()) + " " + show(e.tco(0))));
                }
            }
            // Fixed at both ends, the whole curves too.
            for (const int k : {0, alone.unitsMax(0)}) {
                s.hybridOptions = {hybrid(s, k)};
                const HybridResult r = HybridModel(assemble(s, catalog())).evaluate(0, s.workload.utilization);
                const Evaluation e = alone.evaluate(s.workload.utilization);
                const int row = k == 0 ? 1 : 0;
                QVERIFY(!r.chosen);
                QCOMPARE(r.units, k);
                for (int month = 0; month <= s.horizonMonths; ++month) {
                    QVERIFY(near(r.monthly(month), e.monthly(row, month)));
                    QVERIFY(near(r.cumulative(month), e.cumulative(row, month)));
                    QVERIFY(near(r.cumulativeSpend(month), alone.cumulativeSpend(e, row, month)));
                }
                const auto expected = alone.breakdown(row, s.workload.utilization);
                for (int part = 0; part < kCostComponentCount; ++part)
                    QVERIFY2(near(r.breakdown[std::size_t(part)], expected[std::size_t(part)]),
                             qPrintable(toString(CostComponent(part))));
            }
        }
    }

    // With the utilization slider away from the profile's own, the profile is scaled: twice its u
    // costs what a profile twice as high costs at its own u.
    void sliderScalesTheProfile()
    {
        Scenario low = withProfile(scenario(1, 1, 24), {1, 2, 6, 3});
        Scenario high = withProfile(scenario(1, 1, 24), {2, 4, 12, 6});
        for (Scenario *s : {&low, &high}) {
            OnPremBuild b = build(QStringLiteral("server"), 15000, 2);
            b.loadW = 1200;
            b.idleW = 300;
            b.electricityPerKWh = 0.2;
            s->onPremOptions = {b};
            s->cloudOptions = {cloud(QStringLiteral("cloud"), 2.5)};
            s->hybridOptions = {hybrid(*s)};
        }
        const double u0 = low.workload.utilization;
        QCOMPARE(u0, high.workload.utilization);
        const HybridResult a = HybridModel(assemble(low, catalog())).evaluate(0, std::min(1.0, 2 * u0));
        const HybridResult b = HybridModel(assemble(high, catalog())).evaluate(0, u0);
        QCOMPARE(a.units, b.units);
        QCOMPARE(a.tcoByUnits.size(), b.tcoByUnits.size());
        for (std::size_t k = 0; k < a.tcoByUnits.size(); ++k)
            QVERIFY(near(a.tcoByUnits[k], b.tcoByUnits[k]));
        // And the work is u · N · 730 a month, as for every other option.
        const double work = (a.ownedWorkHours + a.burstWorkHours) / 24;
        QVERIFY(near(work, 2 * u0 * 6 * kHoursPerMonth));
    }

    // The owned part is paid as its build is (docs/model.md, "Paying for it"): two units bought by a
    // loan still running at the horizon cost twice what one such unit costs alone, interest and
    // balance included, and more than in cash.
    void theOwnedPartIsFinancedAsItsBuild()
    {
        Scenario s = scenario(8, 0.25, 12);
        OnPremBuild server = build(QStringLiteral("server"), 10000, 4);
        server.financing.method = FinancingMethod::Loan;
        server.financing.annualRate = 0.12;
        server.financing.termMonths = 24;
        s.onPremOptions = {server};
        s.cloudOptions = {cloud(QStringLiteral("cloud"), 2.0)};
        s.hybridOptions = {hybrid(s, 2)};
        const HybridResult r = HybridModel(assemble(s, catalog())).evaluate(0, 0.25);
        Scenario alone = scenario(4, 0.25, 12);
        alone.onPremOptions = {server};
        const double oneUnit = model(alone).evaluate(0.25).tco(0);
        QVERIFY(oneUnit > 10000);
        QVERIFY(near(r.tcoByUnits[2], 2 * oneUnit));
        QVERIFY(r.breakdown[std::size_t(CostComponent::Interest)] > 0);
        QVERIFY(r.breakdown[std::size_t(CostComponent::LoanBalanceAtHorizon)] > 0);
    }

    // Without a profile the demand is N GPUs busy u of the time.
    void withoutProfileNBusyUOfTheTime()
    {
        Scenario s = scenario(8, 0.25, 12);
        s.onPremOptions = {build(QStringLiteral("server"), 10000, 4)};
        s.cloudOptions = {cloud(QStringLiteral("cloud"), 2.0)};
        s.hybridOptions = {hybrid(s)};
        const HybridResult r = HybridModel(assemble(s, catalog())).evaluate(0, 0.25);
        QCOMPARE(r.unitsCoveringPeak, 2);
        // K = 1 owns 4 of the 8 GPUs a quarter of the time: half the work, the unit busy a quarter.
        QVERIFY(near(r.tcoByUnits[0], 8 * 0.25 * kHoursPerMonth * 2.0 * 12));
        QVERIFY(near(r.tcoByUnits[1], 10000 + 4 * 0.25 * kHoursPerMonth * 2.0 * 12));
        QVERIFY(near(r.tcoByUnits[2], 20000));
        QCOMPARE(r.units, 2); // 20,000 $ beats 35,040 $ of rental and 27,520 $
        QVERIFY(r.ownedUtilization && near(*r.ownedUtilization, 0.25));
        QCOMPARE(r.burstShare, 0.0);
        s.hybridOptions = {hybrid(s, 0)};
        const HybridResult cloudOnly = HybridModel(assemble(s, catalog())).evaluate(0, 0.25);
        QVERIFY(!cloudOnly.ownedUtilization);
        QCOMPARE(cloudOnly.burstShare, 1.0);
        const auto curve = HybridModel(assemble(s, catalog())).loadDuration(0.25);
        QCOMPARE(curve.size(), std::size_t(2));
        QCOMPARE(curve[0].gpus, 8.0);
        QCOMPARE(curve[0].share, 0.25);
        QCOMPARE(curve[1].gpus, 0.0);
    }

    void loadDurationIsSortedAndWhole()
    {
        const Scenario s = withProfile(scenario(1, 1, 12), {4, 4, 4, 4, 12, 12, 0, 0});
        Scenario t = s;
        t.onPremOptions = {build(QStringLiteral("server"), 20000, 4)};
        t.cloudOptions = {cloud(QStringLiteral("cloud"), 2.0)};
        const HybridModel m(assemble(t, catalog()));
        const auto curve = m.loadDuration(s.workload.utilization);
        QCOMPARE(curve.size(), std::size_t(8));
        double share = 0;
        for (std::size_t i = 0; i < curve.size(); ++i) {
            share += curve[i].share;
            if (i > 0)
                QVERIFY(curve[i].gpus <= curve[i - 1].gpus);
        }
        QVERIFY(near(share, 1.0));
        QCOMPARE(curve.front().gpus, 12.0);
        QCOMPARE(curve.back().gpus, 0.0);
    }

    void tieTakesFewerUnits()
    {
        // One unit of 4 GPUs at exactly the rental it saves: K = 0 and K = 1 cost the same.
        Scenario s = withProfile(scenario(1, 1, 12), {4, 0});
        s.onPremOptions = {build(QStringLiteral("server"), 4 * 0.5 * kHoursPerMonth * 2.0 * 12, 4)};
        s.cloudOptions = {cloud(QStringLiteral("cloud"), 2.0)};
        s.hybridOptions = {hybrid(s)};
        const HybridResult r = HybridModel(assemble(s, catalog())).evaluate(0, s.workload.utilization);
        QCOMPARE(r.tcoByUnits.size(), std::size_t(2));
        QVERIFY(near(r.tcoByUnits[0], r.tcoByUnits[1], 1e-15));
        QCOMPARE(r.units, 0);
    }

    void refusals()
    {
        Scenario s = withProfile(scenario(1, 1, 12), {4, 12});
        s.onPremOptions = {build(QStringLiteral("server"), 20000, 4)};
        s.cloudOptions = {cloud(QStringLiteral("Lambda reserved"), 2.0, PricingPlan::Reserved1y)};
        s.hybridOptions = {hybrid(s)};
        HybridResult r = HybridModel(assemble(s, catalog())).evaluate(0, s.workload.utilization);
        QVERIFY(!r.status.feasible);
        QVERIFY2(r.status.reason.contains(QStringLiteral("Lambda reserved is a reservation")), qPrintable(r.status.reason));
        QVERIFY(r.status.reason.contains(QStringLiteral("on-demand or spot")));

        // A fixed K that leaves more than the quota to the cloud.
        s.cloudOptions = {cloud(QStringLiteral("small quota"), 0.5)};
        s.cloudOptions.front().maxGpus = 4;
        s.hybridOptions = {hybrid(s, 1)};
        r = HybridModel(assemble(s, catalog())).evaluate(0, s.workload.utilization);
        QVERIFY(!r.status.feasible);
        QCOMPARE(r.status.reason, QStringLiteral("1 units leave up to 8 GPUs at once to small quota; its quota is 4"));
        // Chosen, the engine skips the K the quota forbids.
        s.hybridOptions = {hybrid(s)};
        r = HybridModel(assemble(s, catalog())).evaluate(0, s.workload.utilization);
        QVERIFY(r.status.feasible);
        QVERIFY(std::isinf(r.tcoByUnits[0]) && std::isinf(r.tcoByUnits[1]));
        QVERIFY(near(r.tcoByUnits[2], 40000 + 2 * kHoursPerMonth * 0.5 * 12)); // below 60,000 $ for 3
        QCOMPARE(r.units, 2);

        // Memory: the build's GPU is too small for the jobs.
        s.workload.minGpuMemoryGB = 40;
        s.onPremOptions = {build(QStringLiteral("server"), 20000, 4, QStringLiteral("G24"))};
        s.hybridOptions = {hybrid(s)};
        r = HybridModel(assemble(s, catalog())).evaluate(0, s.workload.utilization);
        QVERIFY(!r.status.feasible);
        QCOMPARE(r.status.reason, QStringLiteral("G24 has 24 GB per GPU; the workload needs 40 GB"));

        // Names that are not the scenario's.
        s.hybridOptions = {{QStringLiteral("h"), QStringLiteral("nothing"), QStringLiteral("small quota"), {}}};
        try {
            assemble(s, catalog());
            QFAIL("an unknown build was accepted");
        } catch (const InputError &e) {
            QCOMPARE(e.where(), QStringLiteral("hybridOptions[0].onPrem"));
        }
        s.hybridOptions = {{QStringLiteral("h"), QStringLiteral("server"), QStringLiteral("nothing"), {}}};
        try {
            assemble(s, catalog());
            QFAIL("an unknown cloud option was accepted");
        } catch (const InputError &e) {
            QCOMPARE(e.where(), QStringLiteral("hybridOptions[0].cloud"));
        }
    }
};

QTEST_APPLESS_MAIN(TestHybrid)
#include "test_hybrid.moc"
