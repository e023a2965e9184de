// Ranking the catalog for a workload (breakeven recommend, docs/model.md "Best offers"): 100,000
// offers in memory (spot and on-demand prices, so 200,000 offer × plan pairs), ranked for the
// bundled H100 example; then `breakeven recommend` end to end on a document holding them.
// The budgets of the ranking are 100 ms in memory and, end to end, twice what the plain sqlite3
// shell takes to read the same offers, measured in the same run.
#include "catalog/bundledcatalog.h"
#include "engine/offerranking.h"
#include "exchange/scenariojson.h"
#include "store/document.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace breakeven;

namespace {

constexpr int kOffers = 100000;

std::vector<RankCandidate> candidates()
{
    const char *gpus[] = {"H100-SXM5-80GB", "A100-SXM4-80GB", "H200-SXM-141GB", "L40S", "RTX-4090", "B200"};
    std::vector<RankCandidate> out;
    out.reserve(kOffers);
    for (int i = 0; i < kOffers; ++i) {
        CloudOffer o;
        o.provider = QStringLiteral("bench%1").arg(i % 7);
        o.category = CloudCategory(i % 3);
        o.instanceType = QStringLiteral("type-%1").arg(i);
        o.gpu = QLatin1String(gpus[i % 6]);
        o.gpuCount = 1 << (i % 4);
        o.region = QStringLiteral("region-%1").arg(i % 23);
        o.currency = QStringLiteral("USD");
        o.onDemand = o.gpuCount * (1.5 + (i % 97) * 0.03);
        o.spot = *o.onDemand * 0.45;
        out.push_back({o, i % 400});
    }
    return out;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const Scenario scenario = readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
    const std::vector<RankCandidate> offers = candidates();
    std::vector<double> times;
    std::size_t evaluated = 0;
    for (int round = 0; round < 3; ++round) {
        QElapsedTimer timer;
        timer.start();
        const Ranking ranking = rankOffers(scenario, GpuCatalog::bundled(), offers, {}, scenario.workload.utilization, 10);
        times.push_back(double(timer.nsecsElapsed()) / 1e6);
        evaluated = ranking.evaluated;
    }
    std::sort(times.begin(), times.end());
    std::printf("rank %d offers in memory (%zu offer x plan pairs, %d months each): %.0f ms median of 3 "
                "(budget 100 ms: ratio %.1f)\n",
                kOffers, evaluated, scenario.horizonMonths, times[1], times[1] / 100.0);

    QTemporaryDir dir;
    // BENCH_KEEP=1 keeps the document to profile `recommend` on it.
    dir.setAutoRemove(qEnvironmentVariableIsEmpty("BENCH_KEEP"));
    const QString path = dir.filePath(QStringLiteral("ranked.breakeven"));
    // The same build serving Llama 3.1 70B: the API offers are ranked beside the GPU offers.
    Scenario serving = scenario;
    serving.name = QStringLiteral("Serving");
    Serving traffic;
    traffic.model = QStringLiteral("Llama-3.1-70B");
    traffic.precision = QStringLiteral("fp8");
    traffic.requestsPerSecond = 20;
    traffic.inputTokens = 1000;
    traffic.outputTokens = 300;
    serving.workload = withServing(serving.workload, traffic);
    {
        auto document = Document::create(path);
        std::vector<CloudOffer> plain;
        for (const RankCandidate &c : offers)
            plain.push_back(c.offer);
        document->catalog().saveOffers(plain);
        document->scenarios().save(scenario);
        document->scenarios().save(serving);
    }
    // The floor: the plain sqlite3 shell reading every offer of the same document, every column.
    const auto median = [](const QString &program, const QStringList &arguments) {
        std::vector<double> runs;
        for (int round = 0; round < 3; ++round) {
            QElapsedTimer timer;
            timer.start();
            QProcess process;
            process.setStandardOutputFile(QProcess::nullDevice());
            process.start(program, arguments);
            if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit || process.exitCode() != 0) {
                std::fprintf(stderr, "%s failed: %s\n", qPrintable(program), process.readAllStandardError().constData());
                std::exit(1);
            }
            runs.push_back(double(timer.nsecsElapsed()) / 1e6);
        }
        std::sort(runs.begin(), runs.end());
        return runs[1];
    };
    const double read = median(QStringLiteral("sqlite3"), {path, QStringLiteral("SELECT * FROM cloud_offers")});
    std::printf("sqlite3 reading the %d offers of %s: %.0f ms median of 3\n", kOffers + 172,
                dir.autoRemove() ? "the same document" : qPrintable(path), read);
    for (const Scenario *s : std::initializer_list<const Scenario *>{&scenario, &serving}) {
        const double ms = median(QStringLiteral(BREAKEVEN_EXECUTABLE),
                                 {QStringLiteral("recommend"), path + u'#' + s->name, QStringLiteral("--top"), QStringLiteral("10")});
        std::printf("breakeven recommend on it (%s), end to end: %.0f ms median of 3 (budget 2 x the sqlite3 read: "
                    "ratio %.2f)\n",
                    s->workload.serving ? "serving, API offers included" : "GPU time", ms, ms / read);
    }
    return 0;
}
