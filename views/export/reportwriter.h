// The PDF report: summary, assumptions, every chart, the results table and the price sources,
// on A4 pages numbered "Page N of M". Blocks are measured first and paginated, then painted, so
// the page count is known before the first footer is drawn.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"

#include <QString>

#include <memory>

namespace breakeven {
class CostModel;
struct Evaluation;
struct RiskResult;
} // namespace breakeven

namespace breakeven::exporting {

// Throws InputError naming the file when it cannot be written; never leaves a partial file. The
// risk section shows `risk` (a full result, with the tornado, of the same model at the
// evaluation's utilization); without one, the scenario is sampled here. A scenario whose ranges
// cannot be used has the reason in place of the section.
void writeReport(const Scenario &scenario, const GpuCatalog &catalog, const CostModel &model,
                 const Evaluation &evaluation, const QString &path, std::shared_ptr<const RiskResult> risk = {});

} // namespace breakeven::exporting
