// Ranking the catalog for a workload (breakeven recommend, docs/model.md "Best offers"): 100,000
// offers in memory (spot and on-demand prices, so 200,000 offer × plan pairs), ranked for the
// bundled H100 example; then `breakeven recommend` end to end on a document holding them.
// The budgets of the ranking are 100 ms in memory and 1 s end to end.
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
    const QString path = dir.filePath(QStringLiteral("ranked.breakeven"));
    {
        auto document = Document::create(path);
        std::vector<CloudOffer> plain;
        for (const RankCandidate &c : offers)
            plain.push_back(c.offer);
        document->catalog().saveOffers(plain);
        document->scenarios().save(scenario);
    }
    std::vector<double> runs;
    for (int round = 0; round < 3; ++round) {
        QElapsedTimer timer;
        timer.start();
        QProcess process;
        process.start(QStringLiteral(BREAKEVEN_EXECUTABLE),
                      {QStringLiteral("recommend"), path + u'#' + scenario.name, QStringLiteral("--top"), QStringLiteral("10")});
        if (!process.waitForFinished(120000) || process.exitCode() != 0) {
            std::fprintf(stderr, "recommend failed: %s\n", process.readAllStandardError().constData());
            return 1;
        }
        runs.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(runs.begin(), runs.end());
    std::printf("breakeven recommend on a %d-offer document, end to end: %.0f ms median of 3 (budget 1 s: ratio %.2f)\n",
                kOffers + 172, runs[1], runs[1] / 1000.0);
    return 0;
}
