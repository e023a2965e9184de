// The report's hybrid section (docs/model.md, "Hybrid fleets"): per hybrid option, the sentence
// saying how many units of its build to own and how much of the work to burst to its cloud option,
// the units (chosen or fixed), the owned utilization, the burst share and both ends of the "how
// much to own" curve. The charts are drawn by reportwriter.cpp.
#pragma once

#include "engine/hybrid.h"

#include <QString>

#include <vector>

namespace breakeven {
class CostModel;
} // namespace breakeven

namespace breakeven::exporting {

// The heading and introduction, at `utilization`.
QString hybridIntroHtml(const CostModel &model, const std::vector<HybridResult> &hybrids, double utilization);
// One paragraph per hybrid option, in the order of the scenario.
QString hybridOptionsHtml(const CostModel &model, const std::vector<HybridResult> &hybrids);

} // namespace breakeven::exporting
