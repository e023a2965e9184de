// What a serving workload adds to the results (docs/model.md, "Serving"): per option its tokens
// per second per GPU with their basis, its replica, its GPUs at the peak and its cost per million
// tokens; per (GPU option, API option) pair the request rate at which their TCOs are equal.
#pragma once

#include "catalog/gpucatalog.h"
#include "costmodel.h"
#include "domain.h"

#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace breakeven {

struct ServingOptionFigures {
    int option = -1;
    double tokensPerSecondPerGpu = 0;          // 0 for an API option
    QString basis;                             // "measured", "modelled", "per token" (API)
    std::optional<double> modelledTokensPerSecondPerGpu; // beside a measured figure
    QString source;
    int replicaGpus = 0;
    double gpusAtPeak = 0;                     // month 1
    std::optional<double> costPerMillionTokens;       // TCO over every token served in the horizon
    std::optional<double> costPerMillionOutputTokens; // TCO over the output tokens alone
    QString note;                              // an API serving another model says so
};

std::vector<ServingOptionFigures> servingOptionFigures(const CostModel &model, const Evaluation &evaluation);

// GPU option `gpu` against API option `api`, indices of the assembled scenario (on-prem, cloud,
// then API options).
struct ServingBreakEven {
    int gpu = -1;
    int api = -1;
    std::optional<double> requestsPerSecond;   // mean λ at which the two TCOs at H are equal
    std::optional<int> winsAbove;              // the option cheaper above it
    QString reason;                            // why there is none in (0, 100 × λ]
};

// TCO at H of the two options at mean request rate `lambda` (the scenario re-assembled with only
// them), evaluated at `utilization`: {GPU option, API option}.
std::pair<double, double> servingPairTcos(const Scenario &scenario, const GpuCatalog &catalog, int gpu, int api,
                                          double lambda, double utilization);
// The first change of sign of `gap` (at a mean request rate: the GPU option's TCO less the API
// option's) on the scan of (0, 100 × lambda], narrowed down by bisection; without one, the reason
// names the option cheaper throughout. Both break-even searches below share it.
ServingBreakEven findServingBreakEven(const CostModel &model, int gpu, int api, double lambda,
                                      const std::function<double(double)> &gap);
// By bisection on the sign of the difference: unit and replica counts step, so the TCOs are not
// smooth in λ. The first change of sign on a geometric scan of (0, 100 × λ] is narrowed down.
ServingBreakEven servingBreakEven(const Scenario &scenario, const GpuCatalog &catalog, const CostModel &model, int gpu,
                                  int api, double utilization);
// Every feasible (GPU option, API option) pair.
std::vector<ServingBreakEven> servingBreakEvens(const Scenario &scenario, const GpuCatalog &catalog,
                                                const CostModel &model, double utilization);

// The `serving` block of `compare --json` and the serving section of its text.
QJsonObject servingToJson(const CostModel &model, const Evaluation &evaluation,
                          const std::vector<ServingBreakEven> &breakEvens);
QString servingText(const CostModel &model, const Evaluation &evaluation, const std::vector<ServingBreakEven> &breakEvens);

} // namespace breakeven
