#include "offerranking.h"

#include "assembly.h"
#include "catalog/bundledcatalog.h"
#include "catalog/cloudoptionfromoffer.h"
#include "costmodel.h"

#include <algorithm>
#include <limits>

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

Ranking rankOffers(const Scenario &scenario, const GpuCatalog &catalog, const std::vector<RankCandidate> &candidates,
                   const RankFilter &filter, double utilization, std::size_t top)
{
    struct Pending {
        std::size_t candidate;
        CloudOption option;
    };
    std::vector<Pending> pending;
    const PricingPlan plans[] = {PricingPlan::OnDemand, PricingPlan::Spot, PricingPlan::Reserved1y, PricingPlan::Reserved3y};
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        const RankCandidate &c = candidates[i];
        if (!passes(c.offer, c.priceAgeDays, filter))
            continue;
        for (PricingPlan plan : plans) {
            if ((filter.plan && plan != *filter.plan) || !c.offer.price(plan))
                continue;
            pending.push_back({i, cloudOptionFromOffer(c.offer, plan)});
        }
    }

    Ranking ranking;
    ranking.evaluated = pending.size();
    std::vector<RankedOffer> feasible;
    // The scenario with its builds and a batch of offers as its cloud options, evaluated by the
    // same engine as the window; batches bound the memory a large catalog takes.
    Scenario batch = scenario;
    const std::size_t builds = scenario.onPremOptions.size();
    // Offers priced in a currency the scenario has no rate for are converted at the bundled
    // reference rate, as an option added in the window would be.
    for (const Pending &p : pending) {
        const QString &code = p.option.currency;
        if (code != batch.currency && !batch.exchangeRates.count(code))
            if (const auto rate = bundledExchangeRates().rate(code, batch.currency))
                batch.exchangeRates[code] = *rate;
    }
    constexpr std::size_t perBatch = 500;
    for (std::size_t first = 0; first < pending.size(); first += perBatch) {
        const std::size_t count = std::min(perBatch, pending.size() - first);
        batch.cloudOptions.clear();
        for (std::size_t k = 0; k < count; ++k) {
            CloudOption option = pending[first + k].option;
            option.name = QStringLiteral("#%1").arg(first + k); // unique within the batch
            batch.cloudOptions.push_back(std::move(option));
        }
        // An offer on a GPU the catalog does not know, or in a currency the scenario has no rate
        // for, cannot be priced: it is left out of its batch and counted as infeasible.
        std::vector<std::size_t> kept;
        for (std::size_t k = 0; k < batch.cloudOptions.size(); ++k) {
            const CloudOption &option = batch.cloudOptions[k];
            const bool priced = option.currency == batch.currency || batch.exchangeRates.count(option.currency);
            if (priced && resolveGpu(scenario, option.gpu, catalog))
                kept.push_back(k);
        }
        std::vector<CloudOption> usable;
        for (std::size_t k : kept)
            usable.push_back(batch.cloudOptions[k]);
        ranking.infeasible += batch.cloudOptions.size() - usable.size();
        batch.cloudOptions = std::move(usable);
        const CostModel model(assemble(batch, catalog));
        const Evaluation e = model.evaluate(utilization);
        const std::vector<PairResult> pairs = model.pairs(e);
        for (std::size_t j = 0; j < kept.size(); ++j) {
            const int index = int(builds + j);
            if (!model.isFeasible(index)) {
                ++ranking.infeasible;
                continue;
            }
            const Pending &source = pending[first + kept[j]];
            RankedOffer ranked;
            ranked.candidate = source.candidate;
            ranked.option = source.option;
            ranked.tco = e.tco(index);
            ranked.costPerReferenceGpuHour = e.costPerReferenceGpuHour[std::size_t(index)];
            ranked.timeToResultHours = model.timeToResultHours(index);
            ranked.crossoverMonths.assign(builds, std::nullopt);
            for (const PairResult &pair : pairs)
                if (pair.cloud == index && pair.onPrem >= 0 && std::size_t(pair.onPrem) < builds)
                    ranked.crossoverMonths[std::size_t(pair.onPrem)] = pair.crossoverMonth;
            feasible.push_back(std::move(ranked));
        }
    }
    // Cheapest first; on a tie the younger price, then the catalog's order.
    const auto age = [&](const RankedOffer &r) {
        return candidates[r.candidate].priceAgeDays.value_or(std::numeric_limits<qint64>::max());
    };
    const std::size_t kept = std::min(top, feasible.size());
    std::partial_sort(feasible.begin(), feasible.begin() + std::ptrdiff_t(kept), feasible.end(),
                      [&](const RankedOffer &a, const RankedOffer &b) {
                          if (a.tco != b.tco)
                              return a.tco < b.tco;
                          if (age(a) != age(b))
                              return age(a) < age(b);
                          return a.candidate < b.candidate;
                      });
    feasible.resize(kept);
    ranking.offers = std::move(feasible);
    return ranking;
}

} // namespace breakeven
