// The words of the report, as small HTML fragments: the scenario's summary, each option's
// assumptions, the results table and where every price came from. reportwriter.h lays them out.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace breakeven {
class CostModel;
struct Evaluation;
} // namespace breakeven

namespace breakeven::exporting {

// `decidedBy`: the "Decided by" line (decidedby.h), or empty.
QString summaryHtml(const Scenario &scenario, const CostModel &model, const Evaluation &evaluation,
                    const QString &decidedBy = {});
// One fragment per option, in the model's option order (on-prem builds, then cloud options).
QStringList assumptionsHtml(const Scenario &scenario, const CostModel &model);
// The results table split into chunks of at most rowsPerChunk rows, each with the header.
QStringList resultsTableHtml(const CostModel &model, const Evaluation &evaluation, int rowsPerChunk);
// The feasible options ranked by their weighted score on the criteria beyond cost (docs/model.md),
// each score in its column, the user's own scores in bold; chunks of at most rowsPerChunk rows.
// At most the `top` best, so that a scenario of hundreds of options keeps a report of a few pages.
inline constexpr int kReportCriteriaRows = 20;
QStringList criteriaTableHtml(const CostModel &model, const Evaluation &evaluation, int rowsPerChunk,
                              int top = kReportCriteriaRows);
// The scenario's weights as shares of their sum: "cost 40 %, performance 20 %, …".
QString criteriaWeightsText(const CostModel &model);
// The report's pairs: of each kind (on-prem, cloud), the `perKind` feasible options cheapest at the
// horizon, so that a scenario of hundreds of options does not print tens of thousands of pairs.
inline constexpr int kReportPairsPerKind = 10;
// Whether each option is among the `perKind` feasible options of its kind cheapest at the horizon.
std::vector<bool> cheapestOfEachKind(const CostModel &model, const Evaluation &evaluation, int perKind);
// Every pair of those options, grouped by on-prem option, in tables of at most `rowsPerChunk` rows.
QStringList pairsTableHtml(const CostModel &model, const Evaluation &evaluation, int rowsPerChunk,
                           int perKind = kReportPairsPerKind);
// What the options pay over time: the start (entry 0), the first month, the first month of each
// year, the horizon, and every month of CostModel::paymentMonths() (a purchase, a replacement, a
// term starting, what a term owes after the horizon), those in bold; the other months pay the
// regular costs. At most `maxOptions` options (the cheapest feasible ones at the horizon), in
// tables of `optionsPerTable` options and `rowsPerChunk` rows.
QStringList cashFlowHtml(const CostModel &model, const Evaluation &evaluation, int rowsPerChunk, int optionsPerTable,
                         int maxOptions);
// What the same options pay each year: at the start (month 0), year by year (a last part-year
// says its months) and in total, which is each option's TCO; one table per `optionsPerTable`.
QStringList yearlyCashFlowHtml(const CostModel &model, const Evaluation &evaluation, int optionsPerTable, int maxOptions);
// GPU figures are looked up in `catalog`, the one the model was assembled against.
QString sourcesHtml(const Scenario &scenario, const GpuCatalog &catalog, const CostModel &model);

} // namespace breakeven::exporting
