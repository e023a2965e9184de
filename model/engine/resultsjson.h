// The results of one evaluation in the documented `compare --json` shape (README, "Command line").
// Scripts read this; keep field names and meanings stable.
#pragma once

#include "costmodel.h"

#include <QJsonObject>

namespace breakeven {

QJsonObject resultsToJson(const CostModel &model, const Evaluation &evaluation);

} // namespace breakeven
