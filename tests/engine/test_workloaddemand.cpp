// A workload's demand profile (docs/model.md, "Demand profiles"): N is its peak and u its mean over
// its peak, so every option costs exactly what it costs with that N and u and no profile.
#include "enginefixtures.h"

#include <QtTest>

using namespace breakeven;
using namespace fixtures;

namespace {

// On-prem with running costs, and a cloud option of every plan, over a growing workload.
Scenario mixed()
{
    Scenario s = scenario(1, 1, 48);
    s.workload.growthPerYear = 0.3;
    s.workload.storageGB = 2000;
    s.workload.egressGBPerMonth = 150;
    s.cloudPriceChangePerYear = -0.1;
    s.hardwarePriceChangePerYear = -0.2;
    s.discountRatePerYear = 0.05;
    OnPremBuild rig = build(QStringLiteral("rig"), 40000, 4);
    rig.loadW = 2000;
    rig.idleW = 400;
    rig.electricityPerKWh = 0.3;
    rig.laborPerMonth = 500;
    OnPremBuild pair = build(QStringLiteral("pair of halves"), 9000, 2, QStringLiteral("HALF"));
    pair.overheadPerYearOfHardware = 0.1;
    s.onPremOptions = {rig, pair};
    CloudOption onDemand = cloud(QStringLiteral("on-demand"), 8.0, PricingPlan::OnDemand, 4);
    onDemand.storagePerGBMonth = 0.02;
    onDemand.egressPerGB = 0.09;
    CloudOption spot = cloud(QStringLiteral("spot"), 3.1, PricingPlan::Spot, 1, QStringLiteral("G24"));
    spot.spotRework = 0.15;
    CloudOption reserved1y = cloud(QStringLiteral("reserved 1y"), 5.5, PricingPlan::Reserved1y, 4);
    CloudOption reserved3y = cloud(QStringLiteral("reserved 3y"), 4.2, PricingPlan::Reserved3y, 4);
    reserved3y.reservedUpfrontShare = 0.5;
    s.cloudOptions = {onDemand, spot, reserved1y, reserved3y};
    return s;
}

void compareEvaluations(const Evaluation &actual, const Evaluation &expected)
{
    QCOMPARE(actual.utilization, expected.utilization);
    QCOMPARE(actual.tco.size(), expected.tco.size());
    for (Eigen::Index i = 0; i < expected.tco.size(); ++i)
        QVERIFY2(actual.tco(i) == expected.tco(i),
                 qPrintable(QStringLiteral("option %1: %2 ≠ %3").arg(i).arg(actual.tco(i), 0, 'g', 17).arg(expected.tco(i), 0, 'g', 17)));
    QVERIFY((actual.monthly == expected.monthly).all());
    QVERIFY((actual.cumulative == expected.cumulative).all());
    QCOMPARE(actual.cheapest, expected.cheapest);
}

} // namespace

class TestWorkloadDemand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void figures()
    {
        const WorkloadDemand demand{1, {4, 4, 4, 4, 12, 12, 0, 0}, {}};
        QCOMPARE(demand.peak(), 12.0);
        QCOMPARE(demand.mean(), 5.0);
        QCOMPARE(demand.utilization(), 5.0 / 12.0);
        QCOMPARE(WorkloadDemand{}.utilization(), 0.0);
        QCOMPARE((WorkloadDemand{1, {0, 0}, {}}.utilization()), 0.0);
        const Workload w = withDemand(Workload{}, demand);
        QCOMPARE(w.gpus, 12.0);
        QCOMPARE(w.utilization, 5.0 / 12.0);
        QCOMPARE(w.busyGpus(), 12.0);
    }

    void everyOptionCostsWhatPeakAndMeanCost_data()
    {
        QTest::addColumn<QList<double>>("steps");
        QTest::addColumn<double>("stepHours");
        QTest::newRow("the worked example's day") << QList<double>{4, 4, 4, 4, 12, 12, 0, 0} << 1.0;
        QTest::newRow("fractions, quarter hours") << QList<double>{0.5, 2.25, 7.75, 3, 0.1} << 0.25;
        QTest::newRow("flat") << QList<double>{6, 6, 6} << 24.0;
        QTest::newRow("one step") << QList<double>{3.5} << 1.0;
        QTest::newRow("idle") << QList<double>{0, 0, 0} << 1.0;
    }

    void everyOptionCostsWhatPeakAndMeanCost()
    {
        QFETCH(QList<double>, steps);
        QFETCH(double, stepHours);
        const WorkloadDemand demand{stepHours, std::vector<double>(steps.begin(), steps.end()), QStringLiteral("usage.csv")};

        Scenario profiled = mixed();
        profiled.workload = withDemand(profiled.workload, demand);
        // N comes from the profile even when `gpus` was changed behind its back.
        profiled.workload.gpus = 99;

        Scenario plain = mixed();
        plain.workload.gpus = demand.peak();
        plain.workload.utilization = demand.utilization();

        const CostModel withProfile = model(profiled);
        const CostModel without = model(plain);
        QCOMPARE(withProfile.input().gpus, demand.peak());
        QCOMPARE(withProfile.optionCount(), 6);
        compareEvaluations(withProfile.evaluate(demand.utilization()), without.evaluate(plain.workload.utilization));
        // The slider still moves u: any other utilization costs what it costs without the profile.
        compareEvaluations(withProfile.evaluate(0.8), without.evaluate(0.8));
        QCOMPARE(workloadGpusAs(profiled, QStringLiteral("HALF"), catalog()),
                 workloadGpusAs(plain, QStringLiteral("HALF"), catalog()));
    }
};

QTEST_GUILESS_MAIN(TestWorkloadDemand)
#include "test_workloaddemand.moc"
