// The cost per million tokens against traffic (engine/servingcurve.h): at the workload's own rate
// it is the results' figure, at each break-even rate the two options' costs agree, the break-evens
// found on the rescaled input are the scenario's, and an API's rate limit ends its curve.
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/servingcurve.h"
#include "engine/servingresults.h"
#include "servingfixtures.h"

#include <QElapsedTimer>
#include <QtTest>

#include <cmath>

using namespace breakeven;
using namespace breakeven::fixtures;

class TestServingCurve : public QObject {
    Q_OBJECT

private slots:
    void ratesAroundTheWorkload()
    {
        const std::vector<double> rates = servingRates(20, 0.1, 10, 41);
        QCOMPARE(int(rates.size()), 41);
        QVERIFY(std::abs(rates.front() - 2) < 1e-12);
        QVERIFY(std::abs(rates.back() - 200) < 1e-9);
        QVERIFY(std::abs(rates[20] - 20) < 1e-12);
        for (std::size_t k = 1; k < rates.size(); ++k)
            QVERIFY(rates[k] > rates[k - 1]);
        QVERIFY(servingRates(0, 0.1, 10, 41).empty());
    }

    void atTheWorkloadsRateTheResultsFigure()
    {
        const Scenario s = servingScenario();
        const CostModel m(assemble(s, servingGpus()));
        for (double u : {s.workload.utilization, 0.9, 0.25}) {
            const Evaluation e = m.evaluate(u);
            const auto figures = servingOptionFigures(m, e);
            const ServingCurve curve(m.input(), servingRates(20, 0.1, 10, 41));
            QCOMPARE(curve.optionCount(), m.optionCount());
            for (int i = 0; i < m.optionCount(); ++i) {
                QVERIFY2(figures[std::size_t(i)].costPerMillionTokens, qPrintable(m.option(i).name));
                const auto onCurve = curve.costPerMillionTokens(i, 20, u);
                QVERIFY(onCurve);
                const double expected = *figures[std::size_t(i)].costPerMillionTokens;
                QVERIFY2(std::abs(*onCurve - expected) <= 1e-9 * expected,
                         qPrintable(QStringLiteral("%1 at u %2: %3 on the curve, %4 in the results")
                                        .arg(m.option(i).name).arg(u).arg(*onCurve, 0, 'g', 15).arg(expected, 0, 'g', 15)));
                QVERIFY(std::abs(curve.tco(i, 20, u) - e.tco(i)) <= 1e-9 * e.tco(i));
            }
        }
    }

    void gpuOptionsStepApisStayFlat()
    {
        const Scenario s = serving();
        const CostModel m(assemble(s, servingGpus()));
        const double u = s.workload.utilization;
        const ServingCurve curve(m.input(), servingRates(20, 0.1, 10, 41));
        const int api = optionIndex(m, QStringLiteral("Together Llama 70B"));
        const int rented = optionIndex(m, QStringLiteral("8 x H100 rented"));
        // An API's price per token does not depend on the traffic.
        for (std::size_t k = 0; k < curve.rates().size(); ++k)
            QVERIFY(std::abs(*curve.costPerMillionTokens(api, k, u) - *curve.costPerMillionTokens(api, 0, u)) < 1e-9);
        // A server costs less per token with more traffic, overall, and rises at a step (a unit
        // added) at least once over a hundredfold range.
        const int server = optionIndex(m, QStringLiteral("8 x H100 server"));
        QVERIFY(*curve.costPerMillionTokens(server, 0, u) > 2 * *curve.costPerMillionTokens(server, 40, u));
        bool rises = false;
        for (std::size_t k = 1; k < curve.rates().size(); ++k)
            rises = rises || *curve.costPerMillionTokens(server, k, u) > *curve.costPerMillionTokens(server, k - 1, u);
        QVERIFY(rises);
        // Rented H100s run into the cloud option's quota of 64 GPUs before 10 × the rate: the line
        // ends there, and the curve says why.
        QVERIFY(curve.isFeasible(rented, 20));
        QVERIFY(!curve.isFeasible(rented, 40));
        QVERIFY(!curve.costPerMillionTokens(rented, 40, u));
        QVERIFY2(curve.reason(rented, 40).contains(QLatin1String("64")), qPrintable(curve.reason(rented, 40)));
        QVERIFY(curve.reason(rented, 20).isEmpty());
    }

    void atEachBreakEvenTheCostsAgree()
    {
        const Scenario s = servingScenario();
        const CostModel m(assemble(s, servingGpus()));
        for (double u : {s.workload.utilization, 0.9}) {
            const auto fromScenario = servingBreakEvens(s, servingGpus(), m, u);
            const auto fromCurve = servingCurveBreakEvens(m, u);
            QCOMPARE(int(fromCurve.size()), 4); // two GPU options × two APIs
            QCOMPARE(fromCurve.size(), fromScenario.size());
            int found = 0;
            for (std::size_t p = 0; p < fromCurve.size(); ++p) {
                const ServingBreakEven &b = fromCurve[p];
                QCOMPARE(b.gpu, fromScenario[p].gpu);
                QCOMPARE(b.api, fromScenario[p].api);
                QCOMPARE(b.requestsPerSecond.has_value(), fromScenario[p].requestsPerSecond.has_value());
                if (!b.requestsPerSecond)
                    continue;
                ++found;
                QCOMPARE(b.winsAbove, fromScenario[p].winsAbove);
                QVERIFY(std::abs(*b.requestsPerSecond - *fromScenario[p].requestsPerSecond)
                        <= 1e-6 * *b.requestsPerSecond);
                // Within a cent per million tokens of each other there.
                const ServingCurve at(m.input(), {*b.requestsPerSecond});
                const auto gpuCost = at.costPerMillionTokens(b.gpu, 0, u);
                const auto apiCost = at.costPerMillionTokens(b.api, 0, u);
                QVERIFY(gpuCost && apiCost);
                QVERIFY2(std::abs(*gpuCost - *apiCost) < 0.01,
                         qPrintable(QStringLiteral("%1 against %2 at %3 a second: %4 and %5")
                                        .arg(m.option(b.gpu).name, m.option(b.api).name)
                                        .arg(*b.requestsPerSecond).arg(*gpuCost).arg(*apiCost)));
            }
            QVERIFY(found >= 2);
        }
        // The server against the cheaper API, by hand: 250,000 USD against 44,150.40 USD a month
        // at 20 a second agree at 20 × 250,000 / (36 × 44,150.40) = 3.1456 requests a second.
        const auto b = servingCurveBreakEven(m, optionIndex(m, QStringLiteral("8 x H100 server")),
                                             optionIndex(m, QStringLiteral("Together Llama 70B")), s.workload.utilization);
        QVERIFY(b.requestsPerSecond);
        QVERIFY(std::abs(*b.requestsPerSecond - 20 * 250000 / (36 * 44150.40)) < 1e-6);
    }

    void rateLimitEndsAnApisCurve()
    {
        Scenario s = servingScenario();
        // 1,300 tokens a request, 1.5 × the mean at the peak: 3,000,000 tokens a minute holds
        // 3,000,000 / (1.5 × 1,300 × 60) = 25.6 requests a second on average.
        s.apiOptions[0].maxTokensPerMinute = 3000000;
        const CostModel m(assemble(s, servingGpus()));
        const int api = optionIndex(m, QStringLiteral("Together Llama 70B"));
        QVERIFY(m.isFeasible(api));
        const ServingCurve curve(m.input(), {10, 25, 26, 100});
        QVERIFY(curve.isFeasible(api, 0));
        QVERIFY(curve.isFeasible(api, 1));
        QVERIFY(!curve.isFeasible(api, 2));
        QVERIFY(!curve.costPerMillionTokens(api, 3, s.workload.utilization));
    }

    void fastEnoughForTheChart()
    {
        const Scenario s = servingScenario();
        const CostModel m(assemble(s, servingGpus()));
        QElapsedTimer timer;
        timer.start();
        const ServingCurve curve(m.input(), servingRates(20, 0.1, 10, 121));
        const qint64 layOut = timer.nsecsElapsed();
        timer.restart();
        const auto breakEvens = servingCurveBreakEvens(m, s.workload.utilization);
        const qint64 search = timer.nsecsElapsed();
        timer.restart();
        const auto assembled = servingBreakEvens(s, servingGpus(), m, s.workload.utilization);
        const qint64 reassembling = timer.nsecsElapsed();
        QCOMPARE(assembled.size(), breakEvens.size());
        timer.restart();
        double sum = 0;
        for (std::size_t k = 0; k < curve.rates().size(); ++k)
            for (int i = 0; i < curve.optionCount(); ++i)
                sum += curve.costPerMillionTokens(i, k, 0.5).value_or(0);
        const qint64 tick = timer.nsecsElapsed();
        qInfo("121 rates × %d options laid out in %.2f ms; %d break-evens in %.2f ms (%.2f ms re-assembling the "
              "scenario); one utilization in %.3f ms",
              m.optionCount(), layOut / 1e6, int(breakEvens.size()), search / 1e6, reassembling / 1e6, tick / 1e6);
        QVERIFY(sum > 0);
    }

private:
    static Scenario serving() { return servingScenario(); }
};

QTEST_GUILESS_MAIN(TestServingCurve)
#include "test_servingcurve.moc"
