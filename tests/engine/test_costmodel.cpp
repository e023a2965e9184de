// Each pricing plan and each on-prem term against values computed by hand.
#include "enginefixtures.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <thread>

using namespace breakeven;
using namespace fixtures;

Q_DECLARE_METATYPE(breakeven::PricingPlan)

class TestCostModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cloudPlans_data()
    {
        QTest::addColumn<PricingPlan>("plan");
        QTest::addColumn<double>("gpus");
        QTest::addColumn<double>("utilization");
        QTest::addColumn<int>("perInstance");
        QTest::addColumn<double>("price");
        QTest::addColumn<double>("multiplier");
        QTest::addColumn<double>("expectedMonth1");

        // on-demand: W / p * price / k, W = N * u * 730
        QTest::newRow("on-demand") << PricingPlan::OnDemand << 2.0 << 0.5 << 1 << 3.0 << 1.0 << 2 * 0.5 * 730 * 3.0;
        QTest::newRow("on-demand 8-GPU instance") << PricingPlan::OnDemand << 2.0 << 1.0 << 8 << 32.0 << 1.0 << 2 * 730 * 4.0;
        QTest::newRow("on-demand 20% off") << PricingPlan::OnDemand << 1.0 << 1.0 << 1 << 2.0 << 0.8 << 730 * 1.6;
        // spot: W / p * (1 + rework) * price / k
        QTest::newRow("spot") << PricingPlan::Spot << 4.0 << 0.25 << 1 << 1.0 << 1.0 << 4 * 0.25 * 730 * 1.1;
        // reserved: N / p * 730 * price / k whatever u is
        QTest::newRow("reserved-1y") << PricingPlan::Reserved1y << 3.0 << 0.2 << 1 << 1.5 << 1.0 << 3 * 730 * 1.5;
        QTest::newRow("reserved-3y 4-GPU") << PricingPlan::Reserved3y << 2.0 << 0.9 << 4 << 8.0 << 0.5 << 2 * 730 * 1.0;
        QTest::newRow("zero utilization") << PricingPlan::OnDemand << 2.0 << 0.0 << 1 << 3.0 << 1.0 << 0.0;
        QTest::newRow("zero price") << PricingPlan::OnDemand << 2.0 << 0.7 << 1 << 0.0 << 1.0 << 0.0;
    }

    void cloudPlans()
    {
        QFETCH(PricingPlan, plan);
        QFETCH(double, gpus);
        QFETCH(double, utilization);
        QFETCH(int, perInstance);
        QFETCH(double, price);
        QFETCH(double, multiplier);
        QFETCH(double, expectedMonth1);
        Scenario s = scenario(gpus, utilization);
        CloudOption c = cloud(QStringLiteral("c"), price, plan, perInstance);
        c.priceMultiplier = multiplier;
        s.cloudOptions = {c};
        const Evaluation e = model(s).evaluate(utilization);
        QVERIFY(qAbs(e.monthly(0, 1) - expectedMonth1) < 1e-9);
        QCOMPARE(e.monthly(0, 0), 0.0);
        QVERIFY(qAbs(e.tco(0) - 36 * expectedMonth1) < 1e-6);
    }

    void slowerGpuNeedsMoreHours()
    {
        Scenario s = scenario(2, 1);
        s.cloudOptions = {cloud(QStringLiteral("half speed"), 1.0, PricingPlan::OnDemand, 1, QStringLiteral("HALF"))};
        QCOMPARE(model(s).evaluate(1).monthly(0, 1), 2 * 730 / 0.5 * 1.0);
    }

    void cloudExtrasAreNotDiscountedByMultiplier()
    {
        Scenario s = scenario(1, 1);
        s.workload.storageGB = 500;
        s.workload.egressGBPerMonth = 100;
        CloudOption c = cloud(QStringLiteral("c"), 1.0);
        c.priceMultiplier = 0.5;
        c.platformFeePerMonth = 50;
        c.storagePerGBMonth = 0.02;
        c.egressPerGB = 0.09;
        s.cloudOptions = {c};
        const CostModel m = model(s);
        const double expected = 730 * 0.5 + 50 + 500 * 0.02 + 100 * 0.09;
        QVERIFY(qAbs(m.evaluate(1).monthly(0, 1) - expected) < 1e-9);
        const auto parts = m.breakdown(0, 1);
        QVERIFY(qAbs(parts[int(CostComponent::GpuRental)] - 36 * 365.0) < 1e-6);
        QVERIFY(qAbs(parts[int(CostComponent::Fees)] - 36 * 50.0) < 1e-6);
        QVERIFY(qAbs(parts[int(CostComponent::Storage)] - 36 * 10.0) < 1e-6);
        QVERIFY(qAbs(parts[int(CostComponent::Egress)] - 36 * 9.0) < 1e-6);
    }

    void onPremTerms_data()
    {
        QTest::addColumn<QString>("term");
        QTest::addColumn<double>("expectedMonth1");
        // hardware 1200, one unit, u = 0.5
        QTest::newRow("power") << "power" << (100 + (500 - 100) * 0.5) * 730 / 1000 * 0.2 * 1.5;
        QTest::newRow("overhead with power") << "overhead+power" << 0.3 * 1200 / 12;
        QTest::newRow("overhead without power") << "overhead" << 0.3 * 1200 / 12 + (100 + 400 * 0.5) * 730 / 1000 * 0.2 * 1.5;
        QTest::newRow("labor") << "labor" << 75.0;
        QTest::newRow("colocation") << "colocation" << 120.0;
        QTest::newRow("default wall power") << "default power" << (0.25 * 450 + 0.75 * 450 * 0.5) * 730 / 1000 * 0.15;
    }

    void onPremTerms()
    {
        QFETCH(QString, term);
        QFETCH(double, expectedMonth1);
        Scenario s = scenario(1, 0.5);
        OnPremBuild b = build(QStringLiteral("b"), 1200);
        b.infrastructureOneTime = 300;
        if (term.contains(QLatin1String("power")) && term != QLatin1String("default power")) {
            b.idleW = 100;
            b.loadW = 500;
            b.electricityPerKWh = 0.2;
            b.pue = 1.5;
        }
        if (term.startsWith(QLatin1String("overhead"))) {
            b.overheadPerYearOfHardware = 0.3;
            b.overheadIncludesPower = term == QLatin1String("overhead+power");
            b.idleW = 100;
            b.loadW = 500;
            b.electricityPerKWh = 0.2;
            b.pue = 1.5;
        }
        if (term == QLatin1String("labor"))
            b.laborPerMonth = 75;
        if (term == QLatin1String("colocation"))
            b.colocationPerMonth = 120;
        if (term == QLatin1String("default power")) {
            b.gpu = QStringLiteral("REF"); // TDP 300 W: load 300 + 150, idle a quarter
            b.idleW.reset();
            b.loadW.reset();
            b.electricityPerKWh = 0.15;
        }
        s.onPremOptions = {b};
        const Evaluation e = model(s).evaluate(0.5);
        QCOMPARE(e.monthly(0, 0), 1500.0);
        QVERIFY(qAbs(e.monthly(0, 1) - expectedMonth1) < 1e-9);
    }

    void preBuiltMarkupAndListPrice()
    {
        OnPremBuild b = build(QStringLiteral("b"), 1000);
        b.kind = BuildKind::PreBuilt;
        b.preBuiltMarkup = 0.5;
        QCOMPARE(b.hardwarePrice(), 1500.0);
        b.kind = BuildKind::BuiltFromScratch;
        QCOMPARE(b.hardwarePrice(), 1000.0);
        b.listPrice = 800;
        QCOMPARE(b.hardwarePrice(), 800.0);
    }

    void lifetimeReplacesHardwareNotInfrastructure()
    {
        Scenario s = scenario(1, 1, 30);
        OnPremBuild b = build(QStringLiteral("b"), 1000);
        b.infrastructureOneTime = 500;
        b.lifetimeYears = 1;
        s.onPremOptions = {b};
        const Evaluation e = model(s).evaluate(1);
        QCOMPARE(e.monthly(0, 0), 1500.0);
        QCOMPARE(e.monthly(0, 12), 0.0);
        QCOMPARE(e.monthly(0, 13), 1000.0); // after 12 months of service, paid again the next month
        QCOMPARE(e.monthly(0, 25), 1000.0);
        QCOMPARE(e.tco(0), 3500.0);
    }

    void growthAndUnitStaircase()
    {
        // N = 4 growing 100 % a year; units of 4 devices: 1 unit until N(m) > 4, then 2.
        Scenario s = scenario(4, 1, 24);
        s.workload.growthPerYear = 1.0;
        OnPremBuild b = build(QStringLiteral("b"), 1000, 4);
        b.infrastructureOneTime = 100;
        s.onPremOptions = {b};
        s.cloudOptions = {cloud(QStringLiteral("c"), 1.0, PricingPlan::Reserved1y)};
        const CostModel m = model(s);
        QCOMPARE(m.fleetReferenceGpus(1), 4.0);
        QVERIFY(qAbs(m.fleetReferenceGpus(13) - 8.0) < 1e-9);
        QCOMPARE(m.unitsInMonth(0, 1), 1);
        QCOMPARE(m.unitsInMonth(0, 2), 2); // 4 * 2^(1/12) > 4
        QCOMPARE(m.unitsInMonth(0, 13), 2);
        QCOMPARE(m.unitsInMonth(0, 14), 3);
        const Evaluation e = m.evaluate(0.5);
        QCOMPARE(e.monthly(0, 0), 1100.0);
        QCOMPARE(e.monthly(0, 2), 1100.0); // the second unit is paid when first needed
        QCOMPARE(e.monthly(0, 3), 0.0);
        // The first 1-year term reserves N(1) around the clock; the growth on top is used as
        // needed; the second term, from month 13, reserves the fleet of month 13.
        const double extra = (m.fleetReferenceGpus(12) - 4.0) * 0.5 * 730;
        QVERIFY(qAbs(e.monthly(1, 12) - (4 * 730 + extra)) < 1e-9);
        QVERIFY(qAbs(e.monthly(1, 13) - m.fleetReferenceGpus(13) * 730) < 1e-9);
    }

    void discounting()
    {
        Scenario s = scenario(1, 1, 24);
        s.discountRatePerYear = 0.10;
        s.cloudOptions = {cloud(QStringLiteral("c"), 1.0)};
        s.onPremOptions = {build(QStringLiteral("b"), 1000)};
        const Evaluation e = model(s).evaluate(1);
        QVERIFY(qAbs(e.monthly(0, 0) - 1000) < 1e-9); // capital at m = 0 is not discounted
        QVERIFY(qAbs(e.monthly(1, 12) - 730 / 1.10) < 1e-9);
        QVERIFY(qAbs(e.monthly(1, 6) - 730 * std::pow(1.10, -0.5)) < 1e-9);
    }

    void resaleCredit()
    {
        Scenario s = scenario(1, 1, 24);
        s.creditResaleValue = true;
        OnPremBuild b = build(QStringLiteral("b"), 1000);
        b.infrastructureOneTime = 50;
        b.depreciationPerYear = 0.2;
        s.onPremOptions = {b};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1);
        QCOMPARE(e.monthly(0, 0), 1050.0); // monthly stays the spend
        // Sold after the default 20 % haircut: 80 % of the depreciated value comes back.
        QVERIFY(qAbs(e.cumulative(0, 0) - (1050 - 800)) < 1e-9);
        QVERIFY(qAbs(e.cumulative(0, 12) - (1050 - 640)) < 1e-9);
        QVERIFY(qAbs(e.cumulative(0, 24) - (1050 - 512)) < 1e-9);
        QVERIFY(qAbs(e.tco(0) - 538) < 1e-9);
        QVERIFY(qAbs(m.breakdown(0, 1)[int(CostComponent::ResaleCredit)] + 512) < 1e-9);
        QVERIFY(m.netOfResale());
        for (int month : {0, 12, 24})
            QCOMPARE(m.cumulativeSpend(e, 0, month), 1050.0);

        s.onPremOptions[0].resaleHaircut = 0; // sold for what it is worth
        const Evaluation withoutHaircut = model(s).evaluate(1);
        QVERIFY(qAbs(withoutHaircut.cumulative(0, 24) - (1050 - 640)) < 1e-9);

        s.creditResaleValue = false; // then the curve is the spend, and no second copy is kept
        const CostModel plainModel = model(s);
        const Evaluation plain = plainModel.evaluate(1);
        QVERIFY(!plainModel.netOfResale());
        QCOMPARE(plainModel.cumulativeSpend(plain, 0, 24), 1050.0);
    }

    void breakdownSumsToTco()
    {
        Scenario s = scenario(3, 0.4, 48);
        s.workload.growthPerYear = 0.3;
        s.discountRatePerYear = 0.05;
        s.creditResaleValue = true;
        OnPremBuild b = build(QStringLiteral("b"), 9000, 2);
        b.infrastructureOneTime = 700;
        b.idleW = 150;
        b.loadW = 900;
        b.electricityPerKWh = 0.3;
        b.overheadPerYearOfHardware = 0.1;
        b.laborPerMonth = 40;
        b.lifetimeYears = 2;
        s.onPremOptions = {b};
        CloudOption c = cloud(QStringLiteral("c"), 2.5, PricingPlan::Spot, 2);
        c.platformFeePerMonth = 10;
        s.cloudOptions = {c};
        const CostModel m = model(s);
        for (double u : {0.0, 0.4, 1.0}) {
            const Evaluation e = m.evaluate(u);
            for (int i = 0; i < 2; ++i) {
                double sum = 0;
                for (double part : m.breakdown(i, u))
                    sum += part;
                QVERIFY2(qAbs(sum - e.tco(i)) < 1e-6 * e.tco(i), qPrintable(QString::number(i)));
                QVERIFY(qAbs(m.tcoFixed(i) + u * m.tcoPerUtilization(i) - e.tco(i)) < 1e-6 * e.tco(i));
            }
        }
    }

    void quotaMakesCloudInfeasible()
    {
        Scenario s = scenario(10, 1);
        CloudOption c = cloud(QStringLiteral("small quota"), 1.0);
        c.maxGpus = 8;
        s.cloudOptions = {c};
        const CostModel m = model(s);
        QVERIFY(!m.isFeasible(0));
        QVERIFY(m.status(0).reason.contains(QStringLiteral("quota")));
    }

    void currencyConversion()
    {
        Scenario s = scenario(1, 1);
        s.currency = QStringLiteral("EUR");
        s.exchangeRates = {{QStringLiteral("USD"), 0.9}};
        s.cloudOptions = {cloud(QStringLiteral("c"), 2.0)};
        s.onPremOptions = {build(QStringLiteral("b"), 1000)};
        s.onPremOptions[0].currency = QStringLiteral("EUR");
        const Evaluation e = model(s).evaluate(1);
        QVERIFY(qAbs(e.monthly(1, 1) - 730 * 1.8) < 1e-9);
        QCOMPARE(e.monthly(0, 0), 1000.0);

        s.exchangeRates.clear();
        try {
            model(s);
            QFAIL("a missing exchange rate must be an error");
        } catch (const InputError &error) {
            QCOMPARE(error.where(), QStringLiteral("cloudOptions[0].currency"));
        }
    }

    // Markets over time and commitments, each field against figures worked out by hand.

    // A unit bought in month 2 under a hardware price falling 28 % a year pays that month's
    // price; its overhead and resale value follow it. The first unit, paid at entry 0, does not.
    void growthPurchaseUnderFallingHardwarePrice()
    {
        Scenario s = scenario(1, 1, 12);
        s.workload.growthPerYear = 0.5; // N(2) = 1.5^(1/12) > 1: a second unit from month 2
        s.hardwarePriceChangePerYear = -0.28;
        s.creditResaleValue = true;
        OnPremBuild b = build(QStringLiteral("rig"), 10000);
        b.overheadPerYearOfHardware = 0.12;
        s.onPremOptions = {b};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        const double second = 10000 * std::pow(0.72, 1.0 / 12); // 9,729.9
        QCOMPARE(m.unitsInMonth(0, 1), 1);
        QCOMPARE(m.unitsInMonth(0, 2), 2);
        QCOMPARE(e.monthly(0, 0), 10000.0);
        QVERIFY(qFuzzyCompare(e.monthly(0, 2), second + 0.12 * (10000 + second) / 12));
        QVERIFY(qFuzzyCompare(e.monthly(0, 1), 0.12 * 10000 / 12));
        QVERIFY(qFuzzyCompare(e.monthly(0, 12), 0.12 * (10000 + second) / 12));
        // Resale at H: each unit at its own price, depreciated 20 % a year for its own age.
        const auto parts = m.breakdown(0, 1.0);
        const double resale = (10000 * 0.8 + second * std::pow(0.8, 10.0 / 12)) * (1 - 0.2); // haircut
        QVERIFY(qFuzzyCompare(-parts[std::size_t(CostComponent::ResaleCredit)], resale));
    }

    // A 1-year reservation renewed twice while cloud prices fall 20 % a year: each term pays the
    // price of the month it starts in, for its whole length.
    void reservationRenewedUnderFallingCloudPrice()
    {
        Scenario s = scenario(1, 0.3, 36);
        s.cloudPriceChangePerYear = -0.2;
        s.cloudOptions = {cloud(QStringLiteral("r1y"), 1.0, PricingPlan::Reserved1y)};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(0.3);
        QCOMPARE(e.monthly(0, 0), 0.0);
        QCOMPARE(e.monthly(0, 1), 730.0);
        QCOMPARE(e.monthly(0, 12), 730.0);
        QVERIFY(qFuzzyCompare(e.monthly(0, 13), 584.0));
        QVERIFY(qFuzzyCompare(e.monthly(0, 24), 584.0));
        QVERIFY(qFuzzyCompare(e.monthly(0, 25), 467.2));
        QVERIFY(qFuzzyCompare(e.monthly(0, 36), 467.2));
        QVERIFY(qFuzzyCompare(e.tco(0), 12 * (730 + 584 + 467.2)));
        QCOMPARE(m.breakdown(0, 0.3)[std::size_t(CostComponent::CommitmentBeyondHorizon)], 0.0);
        // The option's own rate wins over the scenario's.
        s.cloudOptions[0].priceChangePerYear = 0.0;
        QCOMPARE(model(s).evaluate(0.3).monthly(0, 25), 730.0);
    }

    // Half of a 1-year term up front (entry 0), the other half in 12 monthly parts, each
    // discounted at 10 % a year; on a 6-month horizon the last six parts are still owed.
    void partialUpfrontWithDiscounting()
    {
        Scenario s = scenario(1, 1, 12);
        s.discountRatePerYear = 0.10;
        CloudOption option = cloud(QStringLiteral("r1y half upfront"), 1.0, PricingPlan::Reserved1y);
        option.reservedUpfrontShare = 0.5;
        s.cloudOptions = {option};
        const auto presentValue = [](int from, int to) {
            double sum = 0;
            for (int m = from; m <= to; ++m)
                sum += 365 * std::pow(1.1, -m / 12.0);
            return sum;
        };
        const Evaluation e = model(s).evaluate(1.0);
        QCOMPARE(e.monthly(0, 0), 4380.0);
        QVERIFY(qFuzzyCompare(e.monthly(0, 1), 365 * std::pow(1.1, -1 / 12.0)));
        QVERIFY(qFuzzyCompare(e.tco(0), 4380 + presentValue(1, 12)));

        s.horizonMonths = 6;
        const CostModel shorter = model(s);
        const Evaluation f = shorter.evaluate(1.0);
        const double beyond = presentValue(7, 12);
        QVERIFY(qFuzzyCompare(f.tco(0), 4380 + presentValue(1, 6) + beyond));
        QVERIFY(qFuzzyCompare(shorter.breakdown(0, 1.0)[std::size_t(CostComponent::CommitmentBeyondHorizon)], beyond));
        QVERIFY(qFuzzyCompare(f.monthly(0, 6), 365 * std::pow(1.1, -6 / 12.0) + beyond));
    }

    // A term reserves the fleet of the month it starts in; growth during a term is rented as it
    // comes, at the term's price.
    void termReservesTheFleetOfItsFirstMonth()
    {
        Scenario s = scenario(1, 1, 24);
        s.workload.growthPerYear = 1.0; // the fleet doubles in a year
        s.cloudOptions = {cloud(QStringLiteral("r1y"), 1.0, PricingPlan::Reserved1y)};
        const CostModel m = model(s);
        const Evaluation half = m.evaluate(0.5);
        QCOMPARE(half.monthly(0, 1), 730.0); // the reserved GPU, busy or not
        // Month 13 starts a term for the 2 GPUs of that month.
        QVERIFY(qFuzzyCompare(half.monthly(0, 13), 2 * 730.0));
        // Month 12: one reserved GPU and 2^(11/12) - 1 more, used half the time.
        QVERIFY(qFuzzyCompare(half.monthly(0, 12), 730 + 0.5 * (std::pow(2.0, 11.0 / 12) - 1) * 730));
    }

    // The months in which something other than the regular costs is paid (the report's cash flow).
    void paymentMonths()
    {
        Scenario s = scenario(1, 1, 36);
        s.cloudOptions = {cloud(QStringLiteral("r1y"), 1.0, PricingPlan::Reserved1y),
                          cloud(QStringLiteral("r3y upfront"), 1.0, PricingPlan::Reserved3y),
                          cloud(QStringLiteral("on-demand"), 1.0)};
        s.cloudOptions[1].reservedUpfrontShare = 0.5;
        s.workload.growthPerYear = 0.5;
        OnPremBuild b = build(QStringLiteral("rig"), 1000);
        b.lifetimeYears = 2;
        s.onPremOptions = {b};
        CostModel m = model(s);
        // N(m) = 1.5^((m - 1) / 12) passes 1, 2 and 3 in months 2, 22 and 34 (1.5^(21/12) = 2.03,
        // 1.5^(33/12) = 3.05); the units needed in months 1 and 2 are replaced 24 months on.
        QCOMPARE(m.paymentMonths(0), (std::vector<int>{0, 2, 22, 25, 26, 34}));
        QCOMPARE(m.paymentMonths(1), (std::vector<int>{1, 13, 25}));
        QCOMPARE(m.paymentMonths(2), (std::vector<int>{0}));
        QVERIFY(m.paymentMonths(3).empty());
        s.horizonMonths = 12;
        m = model(s);
        QCOMPARE(m.paymentMonths(2), (std::vector<int>{0, 12})); // the 24 months owed after the horizon
    }

    // Electricity 50 % dearer each year: month 13 pays 1.5 times month 1's power.
    void electricityPriceChange()
    {
        Scenario s = scenario(1, 1, 13);
        s.electricityPriceChangePerYear = 0.5;
        OnPremBuild b = build(QStringLiteral("rig"), 1000);
        b.idleW = 0;
        b.loadW = 1000;
        b.electricityPerKWh = 0.10;
        s.onPremOptions = {b};
        const Evaluation e = model(s).evaluate(1.0);
        QVERIFY(qFuzzyCompare(e.monthly(0, 1), 73.0));
        QVERIFY(qFuzzyCompare(e.monthly(0, 13), 109.5));
    }

    // A lay-out gives the same figures, bit for bit, whatever was laid out before it on the same
    // thread (the tables of powers it shares with earlier lay-outs) as on a thread of its own:
    // more scenarios than tables are kept, differing in every rate and in the horizon.
    void layOutsDoNotDependOnEarlierOnes()
    {
        std::vector<Scenario> scenarios;
        for (int k = 0; k < 24; ++k) {
            Scenario s = scenario(3 + k % 4, 0.7, k % 3 == 0 ? 12 : k % 3 == 1 ? 36 : 61);
            s.workload.growthPerYear = 0.05 * (k % 5);
            s.discountRatePerYear = 0.02 * (k % 7);
            s.hardwarePriceChangePerYear = -0.03 * (k % 4);
            s.electricityPriceChangePerYear = 0.04 * (k % 6);
            s.cloudPriceChangePerYear = -0.05 * (k % 8);
            OnPremBuild b = build(QStringLiteral("rig"), 10000 + 100 * k, 2);
            b.depreciationPerYear = 0.1 + 0.05 * (k % 5);
            b.lifetimeYears = 2;
            s.onPremOptions = {b};
            CloudOption own = cloud(QStringLiteral("own rate"), 2.0);
            own.priceChangePerYear = -0.01 * k;
            s.cloudOptions = {cloud(QStringLiteral("rent"), 2.5), own};
            scenarios.push_back(s);
        }
        const auto curves = [](const Scenario &s) { return model(s).evaluate(0.7).cumulative; };
        std::vector<Eigen::ArrayXXd> alone(scenarios.size());
        for (std::size_t k = 0; k < scenarios.size(); ++k)
            std::thread([&] { alone[k] = curves(scenarios[k]); }).join();
        for (int round = 0; round < 2; ++round)
            for (std::size_t j = 0; j < scenarios.size(); ++j) {
                const std::size_t k = (j * 7 + std::size_t(round)) % scenarios.size();
                const Eigen::ArrayXXd here = curves(scenarios[k]);
                QCOMPARE(here.rows(), alone[k].rows());
                QCOMPARE(here.cols(), alone[k].cols());
                QVERIFY2(std::memcmp(here.data(), alone[k].data(), std::size_t(here.size()) * sizeof(double)) == 0,
                         qPrintable(QStringLiteral("scenario %1").arg(k)));
            }
    }

    void unknownGpuIsAnError()
    {
        Scenario s = scenario(1, 1);
        s.onPremOptions = {build(QStringLiteral("b"), 1, 1, QStringLiteral("NOPE"))};
        QVERIFY_THROWS_EXCEPTION(InputError, model(s));
        s.onPremOptions[0].gpu = QStringLiteral("ref 80GB"); // alias, spelled loosely
        QCOMPARE(model(s).option(0).gpu, QStringLiteral("REF"));
    }
};

QTEST_GUILESS_MAIN(TestCostModel)
#include "test_costmodel.moc"
