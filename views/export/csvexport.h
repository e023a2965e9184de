// Results as CSV for a spreadsheet: a table as shown (the results, the pairs) and every option's
// monthly and cumulative series. Text cells a spreadsheet would read as a formula (starting with
// =, +, -, @, a tab or a carriage return) are neutralised with a leading apostrophe; numbers are
// written as plain numbers, with a point and no grouping.
#pragma once

#include <QString>

class QAbstractItemModel;

namespace breakeven {

class CostModel;
struct Evaluation;

namespace exporting {

// One CSV field: quoted when it holds a comma, quote or line break; neutralised when a
// spreadsheet would take it for a formula.
QString csvText(const QString &text);
QString csvNumber(double value);

// The rows of a table model as shown (a sorting proxy keeps its order), header first.
QString tableCsv(const QAbstractItemModel &table);
// month, then per feasible option "<name> monthly" and "<name> cumulative" (and, with resale
// credited, "<name> spend" for on-prem options), one row per month 0..H, in the scenario's
// currency.
QString seriesCsv(const CostModel &model, const Evaluation &evaluation);

} // namespace exporting
} // namespace breakeven
