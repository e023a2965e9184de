// What decides a pair, in one line (docs/model.md, "Uncertainty"): the three inputs whose range
// moves the pair's difference most, by the tornado (exact, no sampling), each with the value at
// which the answer switches where its range holds one. Shared by the window, the report and
// `compare`, so all three say the same.
#pragma once

#include "risk.h"

#include <QString>

#include <optional>

namespace breakeven {

// "utilization (buying wins above 66.8 %), the 8 × H100 server's lifetime (buying wins above 4.2
// years), every cloud option's price per hour"; "nothing inside the ranges" when no range moves
// it. At most `count` inputs.
QString decidedByText(const RiskResult &result, const PairRisk &pair, int count = 3);

// The pair a scenario's answer is about: its cheapest build against its cheapest cloud option
// (by TCO at H), when it has both feasible.
struct HeadlinePair {
    int onPrem = -1;
    int cloud = -1;
};
std::optional<HeadlinePair> headlinePair(const CostModel &model, const Evaluation &evaluation);

// Where a risk analysis's ranges come from, in one line: "The ranges are centred on the
// scenario's own values (…); to expect prices to fall, set the yearly changes from the presets
// of observed price trends, and the ranges centre on those." or "The scenario's own ranges."
QString rangesOriginText(const RiskResult &result);

// "Decided by: …" for the headline pair of `scenario` evaluated by `model`, the ranges its
// own or the default ones; empty when it has no such pair or its ranges cannot be resolved.
QString decidedByLine(const Scenario &scenario, const GpuCatalog &catalog, const CostModel &model,
                      const Evaluation &evaluation);

} // namespace breakeven
