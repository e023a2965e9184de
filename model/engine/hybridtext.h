// Hybrid options in words (docs/model.md, "Hybrid fleets"): the sentence the results, the report
// and `compare` share, and the table `compare` prints.
#pragma once

#include "costmodel.h"
#include "hybrid.h"

#include <QString>

namespace breakeven {

// "own 3 × 8 × H100 server, burst 18 % of the work to Lambda on-demand"; "rent all of the work
// from Lambda on-demand, own none"; "own 4 × 8 × H100 server, all of the work on them"; for an
// infeasible one, the reason.
QString hybridSentence(const CostModel &model, const HybridResult &hybrid);
// "all cloud 87,600 USD, all owned (3 units) 60,000 USD": the two ends of the curve.
QString hybridEndsText(const CostModel &model, const HybridResult &hybrid);
// The table `compare` prints under the options: one row per hybrid option, then its sentence.
QString hybridTable(const CostModel &model, const std::vector<HybridResult> &hybrids);

} // namespace breakeven
