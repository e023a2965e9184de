// Uncertainty (docs/model.md, "Uncertainty"): the sampled odds against an independent loop, the
// tornado's switch values against closed forms, reproducibility and the errors of a bad range.
#include "enginefixtures.h"
#include "engine/risk.h"
#include "exchange/scenariojson.h"
#include "scenariopaths.h"

#include <QtTest>

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
