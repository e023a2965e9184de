#include "servingranking.h"

#include "assembly.h"
#include "catalog/bundledcatalog.h"
#include "costmodel.h"
#include "servingassembly.h"
#include "servingresults.h"
#include "servingthroughput.h"

#include <algorithm>

namespace breakeven {

double tokensServedOver(const Scenario &scenario, const GpuCatalog &catalog, double utilization)
{
    if (!scenario.workload.serving)
        return 0;
    Scenario bare = scenario;
    bare.onPremOptions.clear();
    bare.cloudOptions.clear();
    bare.hybridOptions.clear();
    bare.apiOptions.clear();
    return CostModel(assemble(bare, catalog)).tokensServed(utilization);
}

std::vector<RankedApiOffer> rankApiOffers(const Scenario &scenario, const GpuCatalog &catalog,
                                          const std::vector<ApiOffer> &offers, double utilization, std::size_t top)
{
    std::vector<RankedApiOffer> out;
    if (!scenario.workload.serving)
        return out;
    Scenario probe = scenario;
    probe.onPremOptions.clear();
    probe.cloudOptions.clear();
    probe.hybridOptions.clear();
    probe.apiOptions.clear();
    std::vector<std::size_t> source;
    // Only offers serving the workload's model (or the same publisher's model of its size, Llama
    // 3.3 70B for 3.1 70B): a cheaper token of another model answers another question.
    const auto workloadModel = resolveModel(scenario, scenario.workload.serving->model);
    for (std::size_t i = 0; i < offers.size(); ++i) {
        const auto served = offers[i].servedModel.isEmpty() ? std::nullopt : resolveModel(scenario, offers[i].servedModel);
        if (!workloadModel || !served || !sameModelSize(*workloadModel, *served))
            continue;
        ApiOption a = apiOptionFromOffer(offers[i]);
        // Converted at the bundled reference rate where the scenario has none, as a GPU offer is.
        if (a.currency != probe.currency && !probe.exchangeRates.count(a.currency)) {
            const auto rate = bundledExchangeRates().rate(a.currency, probe.currency);
            if (!rate)
                continue;
            probe.exchangeRates[a.currency] = *rate;
        }
        a.name = QStringLiteral("#%1").arg(i); // unique among them
        probe.apiOptions.push_back(std::move(a));
        source.push_back(i);
    }
    if (probe.apiOptions.empty())
        return out;
    const CostModel model(assemble(probe, catalog));
    const Evaluation e = model.evaluate(utilization);
    const std::vector<ServingOptionFigures> figures = servingOptionFigures(model, e);
    for (std::size_t k = 0; k < source.size(); ++k) {
        const int i = int(k);
        if (!model.isFeasible(i) || !figures[k].costPerMillionTokens)
            continue;
        RankedApiOffer r;
        r.offer = source[k];
        r.option = apiOptionFromOffer(offers[source[k]]);
        r.tco = e.tco(i);
        r.costPerMillionTokens = *figures[k].costPerMillionTokens;
        r.note = figures[k].note;
        out.push_back(std::move(r));
    }
    std::stable_sort(out.begin(), out.end(), [](const RankedApiOffer &a, const RankedApiOffer &b) { return a.tco < b.tco; });
    if (out.size() > top)
        out.resize(top);
    return out;
}

} // namespace breakeven
