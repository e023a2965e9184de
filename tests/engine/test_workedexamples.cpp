// The published worked examples the cost model must reproduce, one test each.
#include "enginefixtures.h"
#include "engine/hybrid.h"

#include <QtTest>

using namespace breakeven;
using namespace fixtures;

class TestWorkedExamples : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void budgetRig()
    {
        Scenario s = scenario(1, 1);
        s.currency = QStringLiteral("EUR");
        OnPremBuild rig = build(QStringLiteral("Budget K80 rig"), 0, 2, QStringLiteral("DUAL"));
        rig.currency = QStringLiteral("EUR");
        rig.kind = BuildKind::UsedParts;
        rig.components = {{QStringLiteral("board, CPU, RAM"), 40, 1}, {QStringLiteral("power supply"), 9, 1},
                          {QStringLiteral("Tesla K80"), 96, 1}};
        CloudOption g5 = cloud(QStringLiteral("g5.xlarge"), 1.00);
        g5.currency = QStringLiteral("EUR");
        s.onPremOptions = {rig};
        s.cloudOptions = {g5};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);

        QCOMPARE(m.unitsInMonth(0, 1), 1); // one K80 board holds the two devices
        const double sevenDaysInMonths = 7.0 * 24.0 / kHoursPerMonth;
        QCOMPARE(e.cumulative(0, 1), 145.0); // nothing runs up on the rig
        QCOMPARE(e.monthly(1, 1) * sevenDaysInMonths, 168.0);
        const PairResult pair = m.comparePair(e, 0, 1);
        QVERIFY(pair.crossoverMonth);
        QVERIFY(qAbs(*pair.crossoverMonth - 0.1986) < 1e-4);
        QVERIFY(qAbs(*pair.crossoverMonth * kDaysPerMonth - 6.04) < 0.01);
    }

    void threeP40s()
    {
        Scenario s = scenario(3, 1);
        s.onPremOptions = {build(QStringLiteral("3 x P40"), 560, 3)};
        s.cloudOptions = {cloud(QStringLiteral("3-GPU instance"), 715.0 / 168.0, PricingPlan::OnDemand, 3)};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        const double weekOfCloud = e.monthly(1, 1) * 168.0 / kHoursPerMonth;
        QVERIFY(qAbs(weekOfCloud - 715.0) < 1e-9);
        QVERIFY(qAbs(715.0 / 168.0 - 4.256) < 1e-3);
        QVERIFY(qAbs((1.0 - 560.0 / weekOfCloud) - 0.217) < 1e-3);
        const auto crossover = m.comparePair(e, 0, 1).crossoverMonth;
        QVERIFY(crossover);
        QVERIFY(qAbs(*crossover * kHoursPerMonth - 131.6) < 0.05);
    }

    void allInOverheadPreset()
    {
        Scenario s = scenario(1, 1, 36);
        OnPremBuild b = build(QStringLiteral("server"), 10000);
        b.overheadPerYearOfHardware = 0.5;
        b.overheadIncludesPower = true;
        b.idleW = 200; // ignored: the overhead covers power
        b.loadW = 800;
        b.electricityPerKWh = 0.3;
        b.lifetimeYears = 3;
        s.onPremOptions = {b};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        QCOMPARE(e.tco(0), 25000.0);
        QCOMPARE(m.workHours(1.0), 26280.0);
        QVERIFY(qAbs(*e.costPerReferenceGpuHour[0] - 0.951) < 5e-4);
    }

    void reservedIgnoresUtilization()
    {
        Scenario s = scenario(4, 0.1);
        s.cloudOptions = {cloud(QStringLiteral("reserved"), 2.00, PricingPlan::Reserved3y)};
        const CostModel m = model(s);
        QCOMPARE(m.evaluate(0.1).monthly(0, 1), 5840.0);
        QCOMPARE(m.evaluate(1.0).monthly(0, 1), 5840.0);
        QCOMPARE(m.evaluate(0.1).monthly(0, 0), 0.0);
    }

    void proRatedInstances()
    {
        Scenario s = scenario(3, 1);
        s.cloudOptions = {cloud(QStringLiteral("4-GPU instance"), 953.0 / 168.0, PricingPlan::OnDemand, 4)};
        const Evaluation e = model(s).evaluate(1.0);
        QVERIFY(qAbs(e.monthly(0, 1) * 168.0 / kHoursPerMonth - 714.75) < 1e-9);
    }

    void sweep()
    {
        Scenario s = scenario(4, 1);
        s.workload.jobReferenceGpuHours = 10;
        s.workload.gpusPerJob = 1;
        s.workload.parallelJobs = 16;
        s.onPremOptions = {build(QStringLiteral("4-GPU rig"), 1000, 4)};
        CloudOption c = cloud(QStringLiteral("cloud"), 1.0);
        c.maxGpus = 64;
        s.cloudOptions = {c};
        const CostModel m = model(s);
        QCOMPARE(*m.timeToResultHours(0), 40.0);
        QCOMPARE(*m.timeToResultHours(1), 10.0);
    }

    // 8. Selling at a loss: hardware 10,000 $, haircut 0.2, depreciation 0.2, no running costs.
    void sellingAtALoss()
    {
        Scenario s = scenario(1, 1, 12);
        s.creditResaleValue = true;
        OnPremBuild b = build(QStringLiteral("server"), 10000);
        b.resaleHaircut = 0.2;
        b.depreciationPerYear = 0.2;
        s.onPremOptions = {b};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        QCOMPARE(e.cumulative(0, 0), 2000.0);
        QVERIFY(qFuzzyCompare(e.cumulative(0, 12), 3600.0));
        QCOMPARE(m.cumulativeSpend(e, 0, 0), 10000.0);
        QCOMPARE(m.cumulativeSpend(e, 0, 12), 10000.0);
    }

    // 9. Falling cloud prices: on-demand at 2.00 $/GPU-h, N = 1, u = 1, 20 % cheaper each year.
    void fallingCloudPrices()
    {
        Scenario s = scenario(1, 1, 13);
        s.cloudPriceChangePerYear = -0.2;
        s.cloudOptions = {cloud(QStringLiteral("on-demand"), 2.0)};
        const Evaluation e = model(s).evaluate(1.0);
        QCOMPARE(e.monthly(0, 1), 1460.0);
        QVERIFY(qFuzzyCompare(e.monthly(0, 13), 1168.0));
    }

    // 10. A commitment outlives the horizon: reserved-3y at 1.00 $/GPU-h, N = 1, H = 12.
    void commitmentOutlivesTheHorizon()
    {
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("reserved-3y"), 1.0, PricingPlan::Reserved3y)};
        const CostModel noUpfront = model(s);
        const Evaluation e = noUpfront.evaluate(1.0);
        for (int m = 1; m <= 11; ++m)
            QCOMPARE(e.monthly(0, m), 730.0);
        QCOMPARE(e.monthly(0, 12), 730.0 + 17520.0); // the 24 months left
        QCOMPARE(e.tco(0), 26280.0);
        QCOMPARE(noUpfront.breakdown(0, 1.0)[std::size_t(CostComponent::CommitmentBeyondHorizon)], 17520.0);

        s.cloudOptions[0].reservedUpfrontShare = 1.0; // all upfront
        const Evaluation all = model(s).evaluate(1.0);
        QCOMPARE(all.monthly(0, 0), 26280.0);
        for (int m = 1; m <= 12; ++m)
            QCOMPARE(all.monthly(0, m), 0.0);
        QCOMPARE(all.tco(0), 26280.0);
    }

    // 11. Own one, rent the peaks: a repeating 8-hour profile, one build, one on-demand option.
    void ownOneRentThePeaks()
    {
        Scenario s = scenario(1, 1, 12);
        WorkloadDemand demand;
        demand.stepHours = 1;
        demand.gpus = {4, 4, 4, 4, 12, 12, 0, 0};
        s.workload = withDemand(s.workload, demand);
        s.onPremOptions = {build(QStringLiteral("4-GPU server"), 20000, 4)};
        s.cloudOptions = {cloud(QStringLiteral("on-demand"), 2.00)};
        s.hybridOptions = {{QStringLiteral("own the baseline"), QStringLiteral("4-GPU server"),
                            QStringLiteral("on-demand"), std::nullopt}};
        const HybridModel m(assemble(s, catalog()));
        const HybridResult r = m.evaluate(0, s.workload.utilization);
        QVERIFY(r.status.feasible);
        QCOMPARE(r.unitsCoveringPeak, 3);
        QCOMPARE(r.tcoByUnits.size(), std::size_t(4));
        const double expected[] = {87600, 55040, 57520, 60000};
        for (int k = 0; k < 4; ++k)
            QVERIFY2(qAbs(r.tcoByUnits[std::size_t(k)] - expected[k]) < 1e-6,
                     qPrintable(QStringLiteral("K = %1: %2").arg(k).arg(r.tcoByUnits[std::size_t(k)], 0, 'f', 6)));
        QCOMPARE(r.units, 1);
        QVERIFY(r.chosen);
        QVERIFY(qAbs(r.tco - 55040) < 1e-6);
        QVERIFY(r.ownedUtilization && qAbs(*r.ownedUtilization - 0.75) < 1e-12);
        QVERIFY(qAbs(r.burstShare - 0.40) < 1e-12);
    }

    void memoryFit()
    {
        Scenario s = scenario(1, 1);
        s.workload.minGpuMemoryGB = 40;
        s.onPremOptions = {build(QStringLiteral("24 GB rig"), 1000, 1, QStringLiteral("G24")),
                           build(QStringLiteral("80 GB rig"), 5000, 1, QStringLiteral("REF"))};
        s.cloudOptions = {cloud(QStringLiteral("24 GB cloud"), 0.5, PricingPlan::OnDemand, 1, QStringLiteral("G24")),
                          cloud(QStringLiteral("80 GB cloud"), 2.0)};
        const CostModel m = model(s);
        QVERIFY(!m.isFeasible(0));
        QVERIFY(m.isFeasible(1));
        QVERIFY(!m.isFeasible(2));
        QVERIFY(m.isFeasible(3));
        QVERIFY(m.status(0).reason.contains(QStringLiteral("24 GB")));
        QVERIFY(m.status(0).reason.contains(QStringLiteral("40 GB")));
        const Evaluation e = m.evaluate(1.0);
        QCOMPARE(e.cheapest, std::optional<int>(1)); // the cheap 24 GB options do not count
        QCOMPARE(m.pairs(e).size(), std::size_t(1));
    }
};

QTEST_GUILESS_MAIN(TestWorkedExamples)
#include "test_workedexamples.moc"
