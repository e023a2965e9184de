// Serving (docs/model.md, "Serving"): the traffic turned into N and u, replicas and their
// infeasibility, a cloud option billed at the peak, an API bill by hand, cost per million tokens as
// TCO over tokens, the break-even request rate at which the two TCOs agree, the JSON round trip,
// risk paths, and bad input named by its field.
#include "catalog/apioffers.h"
#include "catalog/bundledcatalog.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/hybrid.h"
#include "engine/resultsjson.h"
#include "engine/risk.h"
#include "engine/servingassembly.h"
#include "engine/servingranking.h"
#include "engine/servingresults.h"
#include "exchange/scenariojson.h"
#include "inputerror.h"
#include "pathwords.h"
#include "scenariopaths.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace breakeven;

namespace {

const GpuCatalog &gpus()
{
    static const GpuCatalog c = loadBundledGpuCatalog();
    return c;
}

constexpr double kLambda = 20;
constexpr double kSecondsPerMonth = 730.0 * 3600.0;

Serving llama70b()
{
    Serving s;
    s.model = QStringLiteral("Llama-3.1-70B");
    s.precision = QStringLiteral("fp16");
    s.requestsPerSecond = kLambda;
    s.peakToMean = 1.5;
    s.inputTokens = 1000;
    s.outputTokens = 300;
    return s;
}

ApiOption api(const QString &name = QStringLiteral("API"), double in = 0.6, double out = 0.8)
{
    ApiOption a;
    a.name = name;
    a.provider = QStringLiteral("together");
    a.model = QStringLiteral("Llama-3.1-70B");
    a.pricePerMillionInput = in;
    a.pricePerMillionOutput = out;
    return a;
}

CloudOption h100s(const QString &name, int perInstance, double pricePerHour)
{
    CloudOption c;
    c.name = name;
    c.gpu = QStringLiteral("H100-SXM5-80GB");
    c.gpusPerInstance = perInstance;
    c.pricePerHour = pricePerHour;
    return c;
}

OnPremBuild server(double price)
{
    OnPremBuild b;
    b.name = QStringLiteral("8 x H100 server");
    b.gpu = QStringLiteral("H100-SXM5-80GB");
    b.gpuCount = 8;
    b.listPrice = price;
    b.idleW = 0;
    b.loadW = 0;
    b.electricityPerKWh = 0;
    b.lifetimeYears = 5;
    return b;
}

// Llama 3.1 70B at 20 requests a second, 1,000 tokens in and 300 out: an API, rented H100s, a server.
Scenario serving()
{
    Scenario s;
    s.name = QStringLiteral("serving");
    s.horizonMonths = 36;
    s.workload = withServing(s.workload, llama70b());
    s.cloudOptions = {h100s(QStringLiteral("8 x H100"), 8, 24.0)};
    s.onPremOptions = {server(250000)};
    s.apiOptions = {api()};
    return s;
}

int indexOf(const CostModel &m, const QString &name)
{
    for (int i = 0; i < m.optionCount(); ++i)
        if (m.option(i).name == name)
            return i;
    return -1;
}

bool near(double a, double b, double relative = 1e-9)
{
    return std::abs(a - b) <= relative * std::max({1.0, std::abs(a), std::abs(b)});
}

} // namespace

class TestServing : public QObject {
    Q_OBJECT

private slots:
    void trafficDefinesTheWork()
    {
        const Scenario s = serving();
        QCOMPARE(s.workload.utilization, 1.0 / 1.5);
        const CostModel m(assemble(s, gpus()));
        QVERIFY(m.input().serving);
        const double reference = servingFigure(s, gpus(), *resolveGpu(s, s.referenceGpu, gpus())).tokensPerSecondPerGpu;
        QVERIFY(reference > 0);
        QCOMPARE(m.input().serving->referenceTokensPerSecond, reference);
        // N = λ × peakToMean × O / tokens per second of one reference GPU.
        QVERIFY(near(m.input().gpus, kLambda * 1.5 * 300 / reference));
        const int cloud = indexOf(m, QStringLiteral("8 x H100"));
        const GpuServingFigure h100 = servingFigure(s, gpus(), *resolveGpu(s, QStringLiteral("H100-SXM5-80GB"), gpus()));
        QVERIFY(near(m.option(cloud).relativeThroughput, h100.tokensPerSecondPerGpu / reference));
        QCOMPARE(m.option(cloud).serving.replicaGpus, 2);
        QVERIFY(m.option(cloud).throughputBasis == QLatin1String("measured")
                || m.option(cloud).throughputBasis == QLatin1String("modelled"));
    }

    // A hybrid of the server and rented H100s serving: with no units owned it rents every
    // request's GPU-hours as it bursts, so it costs what the rented option costs when it
    // autoscales (billed for the mean); with units owned, the rest is rented the same way.
    void hybridRentsItsBurstsByTheHour()
    {
        Scenario s = serving();
        s.hybridOptions = {{QStringLiteral("hybrid"), s.onPremOptions.front().name, s.cloudOptions.front().name, 0}};
        const HybridModel none(assemble(s, GpuCatalog::bundled()));
        const double u = s.workload.utilization;
        const HybridResult r = none.evaluate(0, u);
        QVERIFY2(r.status.feasible, qPrintable(r.status.reason));
        Scenario autoscaled = s;
        autoscaled.hybridOptions.clear();
        autoscaled.cloudOptions.front().autoscales = true;
        const CostModel rented(assemble(autoscaled, GpuCatalog::bundled()));
        const int cloud = indexOf(rented, QStringLiteral("8 x H100"));
        // The option alone rounds its fleet up to whole replicas; the bursts are the GPU-hours
        // themselves (no growth here, so every month scales alike).
        const OptionInput &o = rented.option(cloud);
        const double gpus = rented.input().gpus / o.workThroughput();
        const double whole = std::ceil(gpus / o.serving.replicaGpus) * o.serving.replicaGpus;
        QVERIFY(whole > gpus); // the rounding this test tells apart
        const double expected = rented.evaluate(u).tco(cloud) * gpus / whole;
        QVERIFY(expected > 0);
        QVERIFY2(std::abs(r.tco - expected) <= 1e-6 * expected,
                 qPrintable(QStringLiteral("%1 against %2").arg(r.tco, 0, 'f', 2).arg(expected, 0, 'f', 2)));
        QVERIFY(r.tcoByUnits.size() >= 2);
        for (double tco : r.tcoByUnits)
            QVERIFY(std::isfinite(tco) && tco > 0);
    }

    void apiBillByHand()
    {
        Scenario s = serving();
        const CostModel m(assemble(s, gpus()));
        const int a = indexOf(m, QStringLiteral("API"));
        QCOMPARE(m.option(a).kind, OptionKind::Api);
        QVERIFY(m.isFeasible(a));
        const Evaluation e = m.evaluate(s.workload.utilization);
        // 20 requests a second for 730 hours: 52,560,000 requests × (1,000 × 0.60 + 300 × 0.80) / 10⁶
        // = 44,150.40 USD a month.
        const double requests = kLambda * kSecondsPerMonth;
        QCOMPARE(requests, 52560000.0);
        QVERIFY(near(e.monthly(a, 1), 44150.40));
        QVERIFY(near(e.tco(a), 36 * 44150.40));
        QVERIFY(near(m.breakdown(a, e.utilization)[std::size_t(CostComponent::ApiTokens)], 36 * 44150.40));

        // Half the input from the cache at 0.15, and prices falling by half a year: month 13 costs
        // half of month 1, 52,560,000 × (500 × 0.60 + 500 × 0.15 + 300 × 0.80) / 10⁶ = 32,324.40.
        s.apiOptions[0].cachedInputShare = 0.5;
        s.apiOptions[0].pricePerMillionCachedInput = 0.15;
        s.apiPriceChangePerYear = -0.5;
        const CostModel cached(assemble(s, gpus()));
        const Evaluation c = cached.evaluate(s.workload.utilization);
        QVERIFY(near(c.monthly(a, 1), 32324.40));
        QVERIFY(near(c.monthly(a, 13), 32324.40 / 2));

        // Taxed, the bill is deducted like a cloud bill.
        s.tax = Tax{};
        s.tax->rate = 0.25;
        const CostModel taxed(assemble(s, gpus()));
        QVERIFY(near(taxed.evaluate(s.workload.utilization).monthly(a, 1), 0.75 * 32324.40));
    }

    void cloudBilledForReplicasAtThePeak()
    {
        Scenario s = serving();
        const CostModel m(assemble(s, gpus()));
        const int cloud = indexOf(m, QStringLiteral("8 x H100"));
        const double gpusNeeded = m.input().gpus / m.option(cloud).relativeThroughput;
        const double atPeak = std::ceil(gpusNeeded / 2 - 1e-9) * 2;
        QCOMPARE(m.gpusAtPeak(cloud, 1), atPeak);
        QVERIFY(std::fmod(atPeak, 2) == 0);
        // 3 USD per GPU-hour around the clock, whatever the utilization.
        QVERIFY(near(m.evaluate(s.workload.utilization).monthly(cloud, 1), atPeak * 730 * 3.0));
        QVERIFY(near(m.evaluate(0.1).monthly(cloud, 1), atPeak * 730 * 3.0));
        // Autoscaling bills the mean.
        s.cloudOptions[0].autoscales = true;
        const CostModel scaled(assemble(s, gpus()));
        QVERIFY(near(scaled.evaluate(s.workload.utilization).monthly(cloud, 1), atPeak * 730 * 3.0 / 1.5));
    }

    void replicaLargerThanTheInstanceIsInfeasible()
    {
        Scenario s = serving();
        s.cloudOptions.push_back(h100s(QStringLiteral("1 x H100"), 1, 3.0));
        const CostModel m(assemble(s, gpus()));
        const int one = indexOf(m, QStringLiteral("1 x H100"));
        QVERIFY(!m.isFeasible(one));
        QCOMPARE(m.status(one).reason,
                 QStringLiteral("a replica of Llama-3.1-70B at fp16 needs 2 × H100-SXM5-80GB; this instance has 1"));
        // A unit of 3 GPUs holds one replica of 2: as many units as a unit of 2.
        s.onPremOptions[0].gpuCount = 3;
        const CostModel three(assemble(s, gpus()));
        QCOMPARE(three.option(0).onPrem.devicesPerUnit, 2);
    }

    void modelTooLargeForEveryGpuOfAnOption()
    {
        Scenario s = serving();
        s.workload.serving->model = QStringLiteral("Llama-3.1-405B");
        CloudOption small = h100s(QStringLiteral("8 x L4"), 8, 8.0);
        small.gpu = QStringLiteral("L4");
        s.cloudOptions = {small};
        const CostModel m(assemble(s, gpus()));
        QVERIFY(!m.isFeasible(0));
        QVERIFY2(m.status(0).reason.contains(QLatin1String("Llama-3.1-405B")), qPrintable(m.status(0).reason));
        QVERIFY(m.status(0).reason.contains(QLatin1String("GB")));
    }

    void costPerMillionTokensIsTcoOverTokens()
    {
        const Scenario s = serving();
        const CostModel m(assemble(s, gpus()));
        const Evaluation e = m.evaluate(s.workload.utilization);
        const double tokens = kLambda * kSecondsPerMonth * 36 * 1300;
        QVERIFY(near(m.tokensServed(e.utilization), tokens));
        const QJsonObject json = resultsToJson(m, e);
        const QJsonArray options = json[QStringLiteral("options")].toArray();
        for (int i = 0; i < m.optionCount(); ++i) {
            const QJsonObject o = options[i].toObject();
            QVERIFY(near(o[QStringLiteral("costPerMillionTokens")].toDouble(), e.tco(i) / tokens * 1e6));
            QVERIFY(near(o[QStringLiteral("costPerMillionOutputTokens")].toDouble(), e.tco(i) / (tokens * 300 / 1300) * 1e6));
        }
        const QJsonObject cloud = options[indexOf(m, QStringLiteral("8 x H100"))].toObject();
        QCOMPARE(cloud[QStringLiteral("replicaGpus")].toInt(), 2);
        QVERIFY(cloud[QStringLiteral("tokensPerSecondPerGpu")].toDouble() > 0);
        QCOMPARE(options[indexOf(m, QStringLiteral("API"))].toObject()[QStringLiteral("kind")].toString(), QStringLiteral("api"));
        // The API's cost per million tokens is its blended price: (1000 × 0.6 + 300 × 0.8) / 1300.
        QVERIFY(near(options[indexOf(m, QStringLiteral("API"))].toObject()[QStringLiteral("costPerMillionTokens")].toDouble(),
                     840.0 / 1300.0));
    }

    void breakEvenRateEqualsTheTcos()
    {
        const Scenario s = serving();
        const CostModel m(assemble(s, gpus()));
        const int build = indexOf(m, QStringLiteral("8 x H100 server"));
        const int a = indexOf(m, QStringLiteral("API"));
        const ServingBreakEven b = servingBreakEven(s, gpus(), m, build, a, s.workload.utilization);
        QVERIFY2(b.requestsPerSecond, qPrintable(b.reason));
        QCOMPARE(*b.winsAbove, build);
        // One unit at 250,000 USD and no running costs against 44,150.40 × 36 USD at 20 a second:
        // they agree at 20 × 250,000 / (36 × 44,150.40) = 3.1456 requests a second.
        QVERIFY(near(*b.requestsPerSecond, kLambda * 250000 / (36 * 44150.40), 1e-6));
        const auto [gpuTco, apiTco] = servingPairTcos(s, gpus(), build, a, *b.requestsPerSecond, s.workload.utilization);
        QVERIFY(near(gpuTco, apiTco, 1e-6));
        // Below it the API is cheaper, above it the server.
        const auto below = servingPairTcos(s, gpus(), build, a, 0.9 * *b.requestsPerSecond, s.workload.utilization);
        const auto above = servingPairTcos(s, gpus(), build, a, 1.1 * *b.requestsPerSecond, s.workload.utilization);
        QVERIFY(below.first > below.second);
        QVERIFY(above.first < above.second);

        // Every feasible (GPU option, API option) pair has one, and the JSON names its sides.
        const auto all = servingBreakEvens(s, gpus(), m, s.workload.utilization);
        QCOMPARE(int(all.size()), 2);
        const QJsonObject json = servingToJson(m, m.evaluate(s.workload.utilization), all);
        const QJsonObject first = json[QStringLiteral("pairs")].toArray()[0].toObject();
        QVERIFY(first.contains(QStringLiteral("breakEvenRequestsPerSecond")));
        QVERIFY(!servingText(m, m.evaluate(s.workload.utilization), all).isEmpty());
    }

    void apiOfAnotherModelSaysSo()
    {
        Scenario s = serving();
        s.apiOptions[0].model = QStringLiteral("GPT-5");
        const CostModel m(assemble(s, gpus()));
        const auto figures = servingOptionFigures(m, m.evaluate(s.workload.utilization));
        const int a = indexOf(m, QStringLiteral("API"));
        QVERIFY(figures[std::size_t(a)].note.contains(QLatin1String("GPT-5")));
        QVERIFY(figures[std::size_t(a)].note.contains(QLatin1String("Llama-3.1-70B")));
    }

    void rateLimitExceededIsInfeasible()
    {
        Scenario s = serving();
        // 20 × 1.5 × 1,300 × 60 = 2,340,000 tokens a minute at the peak.
        s.apiOptions[0].maxTokensPerMinute = 2000000;
        const CostModel m(assemble(s, gpus()));
        const int a = indexOf(m, QStringLiteral("API"));
        QVERIFY(!m.isFeasible(a));
        QVERIFY(m.status(a).reason.contains(QLatin1String("2,340,000")) || m.status(a).reason.contains(QLatin1String("2340000")));
        QVERIFY(m.status(a).reason.contains(QLatin1String("maxTokensPerMinute")));
        s.apiOptions[0].maxTokensPerMinute = 3000000;
        QVERIFY(CostModel(assemble(s, gpus())).isFeasible(a));
    }

    void badInputNamesTheField()
    {
        Scenario s = serving();
        s.workload.serving->model = QStringLiteral("Llama-9-70B");
        try {
            assemble(s, gpus());
            QFAIL("an unknown model was accepted");
        } catch (const InputError &e) {
            QCOMPARE(e.where(), QStringLiteral("workload.serving.model"));
        }
        s = serving();
        s.workload.serving->requestsPerSecond = -1;
        QVERIFY_THROWS_EXCEPTION(InputError, assemble(s, gpus()));
        s = serving();
        s.apiOptions[0].pricePerMillionOutput = -2;
        try {
            assemble(s, gpus());
            QFAIL("a negative price was accepted");
        } catch (const InputError &e) {
            QCOMPARE(e.where(), QStringLiteral("apiOptions[0].pricePerMillionOutput"));
        }
        // The same through the file format: nothing is read.
        const QByteArray bad = R"({"format": "breakeven-scenario", "version": 3,
            "workload": {"serving": {"model": "Llama-3.1-70B", "requestsPerSecond": -5, "inputTokens": 10, "outputTokens": 10}}})";
        try {
            readScenarioJson(bad);
            QFAIL("a negative rate was read");
        } catch (const InputError &e) {
            QVERIFY2(e.where().contains(QLatin1String("workload.serving.requestsPerSecond")), qPrintable(e.message()));
        }
        const QByteArray absurd = R"({"format": "breakeven-scenario", "version": 3,
            "apiOptions": [{"name": "x", "model": "m", "pricePerMillionInput": 1e9, "pricePerMillionOutput": 1}]})";
        QVERIFY_THROWS_EXCEPTION(InputError, readScenarioJson(absurd));
    }

    void jsonRoundTrip()
    {
        Scenario s = serving();
        s.workload.serving->maxTimePerOutputTokenMs = 50;
        s.cloudOptions[0].autoscales = true;
        s.apiPriceChangePerYear = -0.3;
        ApiOption other = api(QStringLiteral("Other"), 3, 15);
        other.model = QStringLiteral("Own-7B");
        other.pricePerMillionCachedInput = 0.3;
        other.cachedInputShare = 0.25;
        other.priceChangePerYear = -0.5;
        other.maxTokensPerMinute = 1e7;
        other.currency = QStringLiteral("EUR");
        s.exchangeRates[QStringLiteral("EUR")] = 1.1;
        s.apiOptions.push_back(other);
        ModelSpec own;
        own.name = QStringLiteral("Own-7B");
        own.totalParamsB = 7;
        own.activeParamsB = 7;
        own.layers = 32;
        own.kvHeads = 8;
        own.headDim = 128;
        own.kvValuesPerTokenLayer = 2048;
        own.source = QStringLiteral("our config.json");
        s.models = {own};
        const QByteArray json = writeScenarioJson(s);
        QVERIFY(json.contains("\"version\": 3"));
        const Scenario back = readScenarioJson(json);
        QVERIFY(back == s);
        // The scenario's own model serves: it is found before the catalog.
        Scenario mine = s;
        mine.workload.serving->model = QStringLiteral("own-7b");
        QVERIFY(CostModel(assemble(mine, gpus())).input().serving);
        // A GPU-time scenario stays the version it was.
        Scenario plain;
        QVERIFY(writeScenarioJson(plain).contains("\"version\": 1"));
        // A serving file without a utilization reads u = 1 / peakToMean.
        const Scenario read = readScenarioJson(R"({"format": "breakeven-scenario", "version": 3,
            "workload": {"serving": {"model": "Llama-3.1-70B", "requestsPerSecond": 5, "peakToMean": 2,
                                     "inputTokens": 10, "outputTokens": 10}}})");
        QCOMPARE(read.workload.utilization, 0.5);
        // Version 2 knows no serving block: refused by name, not ignored.
        QVERIFY_THROWS_EXCEPTION(InputError, readScenarioJson(R"({"format": "breakeven-scenario", "version": 2,
            "workload": {"serving": {"model": "Llama-3.1-70B", "requestsPerSecond": 5, "inputTokens": 10, "outputTokens": 10}}})"));
    }

    void gpuTimeUnchangedByAnApiOption()
    {
        Scenario s;
        s.workload.gpus = 8;
        CloudOption c = h100s(QStringLiteral("8 x H100"), 8, 24.0);
        s.cloudOptions = {c};
        s.onPremOptions = {server(250000)};
        const CostModel before(assemble(s, gpus()));
        s.apiOptions = {api()};
        const CostModel after(assemble(s, gpus()));
        const Evaluation b = before.evaluate(0.5);
        const Evaluation a = after.evaluate(0.5);
        for (int i = 0; i < before.optionCount(); ++i)
            QCOMPARE(a.tco(i), b.tco(i));
        QVERIFY(!after.isFeasible(2));
        QVERIFY(after.status(2).reason.contains(QLatin1String("workload.serving")));
        QCOMPARE(before.pairs(b).size(), after.pairs(a).size());
    }

    void apiOffersRankedByCostPerMillionTokens()
    {
        const std::vector<ApiOffer> &offers = bundledApiOffers();
        QVERIFY(offers.size() >= 60);
        const Scenario s = serving();
        const auto ranked = rankApiOffers(s, gpus(), offers, s.workload.utilization, 5);
        QVERIFY(!ranked.empty());
        const double tokens = tokensServedOver(s, gpus(), s.workload.utilization);
        QVERIFY(near(tokens, kLambda * kSecondsPerMonth * 36 * 1300));
        for (std::size_t i = 0; i < ranked.size(); ++i) {
            const ApiOffer &o = offers[ranked[i].offer];
            // Only offers of the workload's model or one of its size, cheapest first, each at its
            // blended price per million tokens.
            QVERIFY2(o.servedModel.contains(QLatin1String("70B")), qPrintable(o.servedModel));
            QVERIFY(near(ranked[i].costPerMillionTokens, (1000 * o.inputPerMillion + 300 * o.outputPerMillion) / 1300, 1e-9));
            QVERIFY(near(ranked[i].tco, ranked[i].costPerMillionTokens * tokens / 1e6, 1e-9));
            if (i > 0)
                QVERIFY(ranked[i - 1].tco <= ranked[i].tco);
        }
        QVERIFY_THROWS_EXCEPTION(InputError, parseApiOffers("provider,model\nx,y\n", QStringLiteral("bad.csv")));
    }

    void riskPathsAndDefaultRanges()
    {
        const Scenario s = serving();
        QCOMPARE(resolvePath(s, QStringLiteral("workload.serving.requestsPerSecond")).fields.front().get(s).value(), kLambda);
        QCOMPARE(resolvePath(s, QStringLiteral("apiOptions[*].pricePerMillionOutput")).fields.size(), std::size_t(1));
        QCOMPARE(resolvePath(s, QStringLiteral("apiPriceChangePerYear")).fields.size(), std::size_t(1));
        QCOMPARE(describePath(QStringLiteral("workload.serving.requestsPerSecond"), s).field, QStringLiteral("request rate"));
        QVERIFY(describePath(QStringLiteral("apiOptions[0].pricePerMillionInput"), s).name.startsWith(QLatin1String("API's")));
        QStringList paths;
        for (const UncertainInput &in : defaultUncertainty(s).inputs)
            paths << in.path;
        QVERIFY(paths.contains(QStringLiteral("workload.serving.requestsPerSecond")));
        QVERIFY(paths.contains(QStringLiteral("apiOptions[*].pricePerMillionInput")));
        QVERIFY(paths.contains(QStringLiteral("apiOptions[*].pricePerMillionOutput")));
        // Drawn into the scenario, the rate moves the API's bill.
        Scenario moved = s;
        resolvePath(moved, QStringLiteral("workload.serving.requestsPerSecond")).fields.front().set(moved, 2 * kLambda);
        const CostModel m(assemble(moved, gpus()));
        QVERIFY(near(m.evaluate(s.workload.utilization).monthly(2, 1), 2 * 44150.40));
    }
};

QTEST_GUILESS_MAIN(TestServing)
#include "test_serving.moc"
