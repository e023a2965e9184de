// The results of one evaluation in the documented `compare --json` shape (README, "Command line").
// Scripts read this; keep field names and meanings stable.
#pragma once

#include "costmodel.h"
#include "hybrid.h"

#include <QJsonObject>

namespace breakeven {

// Hybrid options follow the others under `options`, with `kind: "hybrid"` (README, "Command line").
QJsonObject resultsToJson(const CostModel &model, const Evaluation &evaluation,
                          const std::vector<HybridResult> &hybrids = {});

} // namespace breakeven
