// API offers ranked for a serving workload (docs/model.md, "Serving"), to stand beside the GPU
// offers of rankOffers(): each offer priced by the cost model as an API option of the scenario,
// the infeasible ones (rate limit, a currency with no rate) dropped, ranked by TCO at the horizon,
// which for one workload is the order of cost per million tokens.
#pragma once

#include "catalog/apioffers.h"
#include "catalog/gpucatalog.h"
#include "domain.h"

#include <vector>

namespace breakeven {

struct RankedApiOffer {
    std::size_t offer = 0;         // index into the offers
    ApiOption option;
    double tco = 0;
    double costPerMillionTokens = 0;
    QString note;                  // another model than the workload's
};

// The tokens (input and output) the scenario's serving workload is served over its horizon at
// `utilization`; 0 without one.
double tokensServedOver(const Scenario &scenario, const GpuCatalog &catalog, double utilization);

std::vector<RankedApiOffer> rankApiOffers(const Scenario &scenario, const GpuCatalog &catalog,
                                          const std::vector<ApiOffer> &offers, double utilization, std::size_t top);

} // namespace breakeven
