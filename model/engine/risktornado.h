// The tornado of a risk analysis (risk.h; docs/model.md, "Uncertainty"): each input at the ends
// of its range, the others at their own values, and where each pair's difference changes sign.
// Not part of the engine's interface.
#pragma once

#include "risk.h"

#include <memory>

namespace breakeven {

// A scenario laid out and evaluated at its own utilization.
struct Evaluated {
    std::unique_ptr<CostModel> model;
    Evaluation evaluation;
};

Evaluated evaluateScenario(const Scenario &scenario, const GpuCatalog &catalog);

// Adds to every pair of `result` (its ranges and pairs set) each range's bar, largest swing
// first, when `request` asks for the tornado. Throws RiskCancelled when request.cancel is set.
void addTornado(const Scenario &scenario, const GpuCatalog &catalog, const RiskRequest &request, RiskResult &result);

} // namespace breakeven
