#include "offerranking.h"

#include "assembly.h"
#include "catalog/bundledcatalog.h"
#include "catalog/cloudoptionfromoffer.h"
#include "costmodel.h"

#include <algorithm>
#include <limits>
#include <QHash>

namespace breakeven {

namespace {

bool passes(const CloudOffer &offer, const std::optional<qint64> &age, const RankFilter &filter)
{
    return (filter.provider.isEmpty() || offer.provider == filter.provider)
        && (!filter.category || offer.category == *filter.category)
        && (filter.region.isEmpty() || offer.region == filter.region)
        && (!filter.maxPriceAgeDays || (age && *age <= *filter.maxPriceAgeDays));
}

} // namespace

MemoryNeed rankingMemoryNeed(const Scenario &scenario, const GpuCatalog &catalog)
{
    // Serving sizes each GPU's replica to hold the model: no memory per GPU is asked of it.
    if (scenario.workload.serving)
        return {};
    if (scenario.workload.minGpuMemoryGB > 0)
        return {scenario.workload.minGpuMemoryGB, QString()};
    const auto countedIn = resolveGpu(scenario, scenario.referenceGpu, catalog);
    if (!countedIn || !(countedIn->memoryGB > 0))
        return {};
    return {countedIn->memoryGB, scenario.referenceGpu};
}

QString memoryNeedText(const MemoryNeed &need)
{
    if (!(need.gb > 0))
        return {};
    const QString gb = QString::number(need.gb, 'g', 6);
    if (need.countedIn.isEmpty())
        return QStringLiteral("at least %1 GB, as the workload asks").arg(gb);
    return QStringLiteral("at least %1 GB, like the %2 you count in").arg(gb, need.countedIn);
}

Ranking rankOffers(const Scenario &scenario, const GpuCatalog &catalog, const std::vector<RankCandidate> &candidates,
                   const RankFilter &filter, double utilization, std::size_t top)
{
    // One entry per offer and plan with a price; the cloud option is made only for those shown.
    struct Pending {
        std::size_t candidate;
        PaymentChoice choice;
        double pricePerHour;
    };
    std::vector<Pending> pending;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const RankCandidate &c = candidates[i];
        if (!passes(c.offer, c.priceAgeDays, filter))
            continue;
        // A reserved plan paid all upfront is a way to pay of its own (another line: the upfront
        // part is discounted less).
        for (const PaymentChoice choice : paymentChoices()) {
            if (filter.plan && choice.plan != *filter.plan)
                continue;
            if (const auto price = priceFor(c.offer, choice))
                pending.push_back({i, choice, *price});
        }
    }
    Ranking ranking;
    ranking.evaluated = pending.size();
    // The memory the work needs, the GPU it is counted in's when the user named none; a GPU
    // holding less is left out as the engine leaves out one under the workload's own need.
    ranking.memoryNeed = rankingMemoryNeed(scenario, catalog);
    const std::size_t builds = scenario.onPremOptions.size();

    // Offers priced in a currency the scenario has no rate for are converted at the bundled
    // reference rate, as an option added in the window would be; one with neither is left out.
    Scenario probe = scenario;
    // Offers are priced as cloud options alone: hybrid options (which name the scenario's own
    // cloud options) play no part.
    probe.hybridOptions.clear();
    QHash<QString, double> rates{{scenario.currency, 1.0}};
    for (const auto &[code, rate] : scenario.exchangeRates)
        rates.insert(code, rate);
    const auto rateOf = [&](const QString &code) -> std::optional<double> {
        if (const auto known = rates.constFind(code); known != rates.constEnd())
            return known.value() > 0 ? std::optional<double>(known.value()) : std::nullopt;
        const auto reference = bundledExchangeRates().rate(code, scenario.currency);
        rates.insert(code, reference.value_or(0));
        if (reference)
            probe.exchangeRates[code] = *reference;
        return reference;
    };

    // A cloud option's TCO is affine in its price per GPU-hour, for a given plan and GPU (the
    // GPU's throughput and memory, the quota, rework, extras and market rates are the same for
    // every offer of them). So the engine prices two probes per plan and GPU, at 1 and 2 per
    // GPU-hour in the scenario's currency, and each offer's TCO is the line through them.
    // Serving: an instance smaller than a replica cannot serve and counts round up to replicas, so
    // offers are grouped by GPU and instance size (docs/model.md, "Serving").
    const bool serving = scenario.workload.serving.has_value();
    // A GPU as offers spell it, and (serving) the instance's GPUs -> its probes' group, -1: unknown
    // or too small. Keyed without building a string per offer: the offers share their GPU's text.
    QHash<std::pair<QString, int>, int> gpuIndex;
    std::vector<QString> gpuNames;
    std::vector<int> groupOfGpuAndPlan; // [gpu * kPaymentChoiceCount + choice] -> first probe, -1: none yet
    probe.cloudOptions.clear();
    std::vector<int> groupOf(pending.size(), -1);
    std::vector<double> perGpuHour(pending.size(), 0);
    for (std::size_t k = 0; k < pending.size(); ++k) {
        const CloudOffer &offer = candidates[pending[k].candidate].offer;
        const auto rate = rateOf(offer.currency);
        if (!rate)
            continue;
        const std::pair<QString, int> gpuKey{offer.gpu, serving ? offer.gpuCount : 0};
        auto known = gpuIndex.constFind(gpuKey);
        if (known == gpuIndex.constEnd()) {
            const auto gpu = resolveGpu(scenario, offer.gpu, catalog);
            const bool usable = gpu && !(gpu->memoryGB < ranking.memoryNeed.gb);
            known = gpuIndex.insert(gpuKey, usable ? int(gpuNames.size()) : -1);
            if (usable) {
                gpuNames.push_back(offer.gpu);
                groupOfGpuAndPlan.resize(gpuNames.size() * kPaymentChoiceCount, -1);
            }
        }
        if (known.value() < 0)
            continue;
        int &group = groupOfGpuAndPlan[std::size_t(known.value()) * kPaymentChoiceCount
                                       + std::size_t(paymentChoiceIndex(pending[k].choice))];
        if (group < 0) {
            group = int(probe.cloudOptions.size());
            for (double price : {1.0, 2.0}) {
                CloudOption line;
                line.name = QStringLiteral("#%1 at %2").arg(probe.cloudOptions.size()).arg(price);
                line.gpu = offer.gpu;
                line.pricing = pending[k].choice.plan;
                line.reservedUpfrontShare = pending[k].choice.allUpfront ? 1.0 : 0.0;
                line.currency = probe.currency;
                line.pricePerHour = price;
                if (serving) {
                    line.gpusPerInstance = std::max(1, offer.gpuCount);
                    line.pricePerHour = price * line.gpusPerInstance; // still 1 or 2 per GPU-hour
                }
                probe.cloudOptions.push_back(line);
            }
        }
        groupOf[k] = group;
        perGpuHour[k] = pending[k].pricePerHour * *rate / std::max(1, offer.gpuCount);
    }
    struct Line {
        double slope = 0;
        double intercept = 0;
        bool feasible = false;
    };
    std::vector<Line> lines(probe.cloudOptions.size());
    if (!probe.cloudOptions.empty()) {
        const CostModel model(assemble(probe, catalog));
        const Evaluation e = model.evaluate(utilization);
        for (std::size_t at = 0; at < probe.cloudOptions.size(); at += 2) {
            const int one = int(builds + at);
            Line &line = lines[at];
            line.feasible = model.isFeasible(one) && model.isFeasible(one + 1);
            line.slope = e.tco(one + 1) - e.tco(one);
            line.intercept = e.tco(one) - line.slope;
        }
    }

    struct Estimate {
        std::size_t pending;
        double tco;
        qint64 age;
    };
    std::vector<Estimate> estimates;
    estimates.reserve(pending.size());
    for (std::size_t k = 0; k < pending.size(); ++k) {
        if (groupOf[k] < 0 || !lines[std::size_t(groupOf[k])].feasible) {
            ++ranking.infeasible;
            continue;
        }
        const Line &line = lines[std::size_t(groupOf[k])];
        estimates.push_back({k, line.intercept + line.slope * perGpuHour[k],
                             candidates[pending[k].candidate].priceAgeDays.value_or(std::numeric_limits<qint64>::max())});
    }
    // Cheapest first; on a tie the younger price, then the catalog's order.
    const std::size_t kept = std::min(top, estimates.size());
    std::partial_sort(estimates.begin(), estimates.begin() + std::ptrdiff_t(kept), estimates.end(),
                      [&](const Estimate &a, const Estimate &b) {
                          if (a.tco != b.tco)
                              return a.tco < b.tco;
                          if (a.age != b.age)
                              return a.age < b.age;
                          return pending[a.pending].candidate < pending[b.pending].candidate;
                      });
    estimates.resize(kept);

    // The ones kept, priced by the engine as they are, for every figure shown.
    Scenario shown = probe;
    shown.cloudOptions.clear();
    std::vector<CloudOption> options;
    for (std::size_t j = 0; j < estimates.size(); ++j) {
        const Pending &source = pending[estimates[j].pending];
        options.push_back(cloudOptionFromOffer(candidates[source.candidate].offer, source.choice));
        CloudOption named = options.back();
        named.name = QStringLiteral("#%1").arg(j); // unique among them
        shown.cloudOptions.push_back(std::move(named));
    }
    if (!shown.cloudOptions.empty()) {
        const CostModel model(assemble(shown, catalog));
        const Evaluation e = model.evaluate(utilization);
        const std::vector<PairResult> pairs = model.pairs(e);
        for (std::size_t j = 0; j < estimates.size(); ++j) {
            const int index = int(builds + j);
            RankedOffer ranked;
            ranked.candidate = pending[estimates[j].pending].candidate;
            ranked.option = options[j];
            ranked.tco = e.tco(index);
            ranked.costPerReferenceGpuHour = e.costPerReferenceGpuHour[std::size_t(index)];
            ranked.timeToResultHours = model.timeToResultHours(index);
            ranked.crossoverMonths.assign(builds, std::nullopt);
            ranked.paysOffMonths.assign(builds, std::nullopt);
            for (const PairResult &pair : pairs)
                if (pair.cloud == index && pair.onPrem >= 0 && std::size_t(pair.onPrem) < builds) {
                    ranked.crossoverMonths[std::size_t(pair.onPrem)] = pair.crossoverMonth;
                    ranked.paysOffMonths[std::size_t(pair.onPrem)] = pair.paysOffMonth;
                }
            ranking.offers.push_back(std::move(ranked));
        }
    }
    return ranking;
}

} // namespace breakeven
