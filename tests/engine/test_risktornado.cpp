// The tornado (docs/model.md, "Uncertainty"): switch values against closed forms, the break-even
// utilization the engine reports, and full evaluations either side of them along curved ranges.
#include "enginefixtures.h"
#include "engine/assembly.h"
#include "engine/risk.h"
#include "riskfixtures.h"

#include <QtTest>

#include <cmath>

using namespace breakeven;
using namespace fixtures;

class TestRiskTornado : public QObject {
    Q_OBJECT

private Q_SLOTS:
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

    // Along ranges that are not affine, the switch value is where the decision flips, by full
    // evaluations either side of it: along a range that moves only the build (the electricity
    // price's yearly change) or only the rented side (the cloud price's), the pair costs the
    // same there; along the fleet's growth (which moves both) the build's cost jumps where it
    // needs one more unit, and the flip is at that jump.
    void switchValuesAlongCurvedRangesAreWhereTheDecisionFlips()
    {
        Scenario s = scenario(4, 0.6, 36);
        OnPremBuild box = build(QStringLiteral("box"), 9000);
        box.idleW = 200;
        box.loadW = 600;
        box.electricityPerKWh = 0.4;
        s.onPremOptions = {box};
        s.cloudOptions = {cloud(QStringLiteral("rent"), 1.0)};
        s.uncertainty = Uncertainty{100, 1,
                                    {range(QStringLiteral("electricityPriceChangePerYear"), -0.9, 1.0),
                                     range(QStringLiteral("cloudPriceChangePerYear"), -0.9, 1.0),
                                     range(QStringLiteral("workload.growthPerYear"), 0.0, 3.0)}};
        const RiskResult risk = analyseRisk(s, catalog());
        const PairRisk &pair = risk.pairs.front();
        QCOMPARE(pair.tornado.size(), std::size_t(3));
        for (const TornadoBar &bar : pair.tornado) {
            const ResolvedRange &range = risk.ranges[std::size_t(bar.input)];
            const QString path = range.input.path;
            QVERIFY2(bar.switchValue, qPrintable(path));
            QVERIFY2(*bar.switchValue > bar.low && *bar.switchValue < bar.high, qPrintable(path));
            const auto differenceAt = [&](double value) {
                Scenario moved = s;
                for (const RangeElement &e : range.elements)
                    e.field.set(moved, value);
                const Evaluation e = model(moved).evaluate(0.6);
                return e.tco(0) - e.tco(1);
            };
            const double scale = std::max(std::abs(bar.atLow), std::abs(bar.atHigh));
            const double step = 1e-9 * (bar.high - bar.low);
            const double before = differenceAt(*bar.switchValue - step);
            const double after = differenceAt(*bar.switchValue + step);
            QVERIFY2((before <= 0) != (after <= 0) || std::abs(differenceAt(*bar.switchValue)) <= 1e-9 * scale,
                     qPrintable(path + QStringLiteral(": %1, %2").arg(before).arg(after)));
            if (path != QLatin1String("workload.growthPerYear"))
                QVERIFY2(std::abs(differenceAt(*bar.switchValue)) <= 1e-9 * scale,
                         qPrintable(path + QStringLiteral(": ") + QString::number(differenceAt(*bar.switchValue))));
        }
    }
};

QTEST_GUILESS_MAIN(TestRiskTornado)
#include "test_risktornado.moc"
