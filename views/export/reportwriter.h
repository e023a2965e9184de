// The PDF report: summary, assumptions, every chart, the results table and the price sources,
// on A4 pages numbered "Page N of M". Blocks are measured first and paginated, then painted, so
// the page count is known before the first footer is drawn.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"

#include <QString>

namespace breakeven {
class CostModel;
struct Evaluation;
} // namespace breakeven

namespace breakeven::exporting {

// Throws InputError naming the file when it cannot be written; never leaves a partial file.
void writeReport(const Scenario &scenario, const GpuCatalog &catalog, const CostModel &model,
                 const Evaluation &evaluation, const QString &path);

} // namespace breakeven::exporting
