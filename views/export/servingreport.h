// The report's serving section (docs/model.md, "Serving"): the model and the traffic, each
// option's tokens per second per GPU with its basis and source (a published benchmark, or the
// roofline model), its replica, GPUs at the peak and cost per million tokens, and each (GPU
// option, API option) break-even rate in words. The chart is drawn by reportwriter.cpp.
#pragma once

#include "domain.h"
#include "engine/servingresults.h"

#include <QString>

#include <vector>

namespace breakeven {
class CostModel;
struct Evaluation;
} // namespace breakeven

namespace breakeven::exporting {

// At most this many break-even sentences; past them, those against the API cheapest at the
// workload's rate.
inline constexpr int kReportServingPairs = 20;

// The pairs the section names, worked out at the evaluation's utilization.
std::vector<ServingBreakEven> reportBreakEvens(const CostModel &model, const Evaluation &evaluation);
// The heading, the model and the traffic.
QString servingIntroHtml(const Scenario &scenario, const CostModel &model, const Evaluation &evaluation);
// One row per option: tokens per second per GPU, basis, replica, GPUs at the peak, cost per million
// tokens and per million output tokens; every figure on one line.
QString servingTableHtml(const CostModel &model, const Evaluation &evaluation);
// Where each option's tokens per second come from (once for the options of one GPU), what each
// API serves at what price, and where the model's figures come from.
QString servingSourcesHtml(const Scenario &scenario, const CostModel &model, const Evaluation &evaluation);
// "Above 4.32 requests a second, 8 × H100 server is cheaper than …", one per pair.
QString servingBreakEvensHtml(const CostModel &model, const std::vector<ServingBreakEven> &breakEvens);

} // namespace breakeven::exporting
