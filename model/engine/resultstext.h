// Results in words and plain-text tables: the sentences the charts, the results table, the
// report and `compare` share, so the same result always reads the same way.
#pragma once

#include "costmodel.h"
#include "hybrid.h"

#include <QString>
#include <QStringList>

namespace breakeven {

QString formatMoney(double value, const QString &currency, int decimals = -1);
QString formatMonths(double months);                       // "9.6 months (292 days)"
QString formatPercent(double fraction, int decimals = 0);  // "35 %"
QString formatHours(double hours);                         // "40 h", "3.2 days"

// How many units an on-prem option buys: "1 unit", "2 units", "2 units, 4 by month 19" (growth);
// empty for a cloud option.
QString unitsText(const CostModel &model, int option);
// The option's name, with the units bought at the start when there is more than one:
// "2 × 8 × H100 server".
QString optionLabel(const CostModel &model, int option);

// A pricing plan in words: "on demand", "spot", "reserved 1 year", "reserved 3 years".
QString planName(PricingPlan plan);
// A throughput profile in words, and one line on the work it is for (docs/model.md,
// "Throughput profiles").
QString profileName(ThroughputProfile profile);        // "LLM training"
QString profileDescription(ThroughputProfile profile); // "large transformers: …"
// Where an option's throughput came from: "H100-SXM5-80GB: 1.68 × A100-SXM4-80GB, training
// profile, measured".
QString throughputText(const CostModel &model, int option);

// The pay-off that sticks (docs/model.md, "Crossover and pay-off"): "buying Rig pays off after
// 9.6 months (292 days) against Lambda", "buying Rig is never dearer than Lambda", "buying Rig
// does not pay off within 60 months against Lambda: ahead from month 34.5 to 36.3, then dearer
// after the purchase in month 37 (its 3-year lifetime ends); 181,399 USD dearer at 60 months".
QString crossoverSentence(const CostModel &model, const PairResult &pair);
// A pair with crossings that is dearer at H: "ahead from month 34.5 to 36.3, then dearer after
// the purchase in month 37 (…); 181,399 USD dearer at 60 months".
QString aheadForAWhileText(const CostModel &model, const PairResult &pair);
// The discounting convention in one sentence: "Discounted at 10.0 % a year, by whole years as a
// finance team's spreadsheet does: …", "Not discounted …".
QString discountingSentence(const CostModel &model);
// The pay-off as a table cell: "34.5 months (1,050 days)", "from the start", "never",
// "no (ahead for a while)".
QString payoffCell(const CostModel &model, const PairResult &pair);
// A purchase inside the horizon in words: "a second 2 × 8 × H100 server in month 37, 700,000
// USD, because its lifetime is 3 years", "2 units more in month 19 for growth, 300,000 USD".
QString purchaseText(const CostModel &model, int option, const Purchase &purchase);
// What the horizon leaves out of one option, a sentence each (docs/model.md, "What the horizon
// leaves out"): its purchases after the start, what its units would still sell for at H, and a
// reservation's payments owed after H.
QStringList horizonNotes(const CostModel &model, int option);
// One pair seen from its on-prem option: "against Lambda: pays off after 52.6 months (1,600 days)",
// "against AWS spot: not within 60 months", "against AWS p5: cheaper from the start".
QString pairSentence(const CostModel &model, const PairResult &pair);
// "break-even at 23 % utilization; buying wins above it", "renting is cheaper at every utilization"
QString breakEvenSentence(const CostModel &model, const PairResult &pair);

// Rows as a plain-text table: a header, a rule under it, columns padded (right-aligned where
// asked).
QString textTable(const QList<QStringList> &rows, const QList<bool> &rightAligned);

// The readable table `compare` prints: options, then pairs, then the hybrid options (evaluated
// at the same utilization), then the cheapest answer.
QString resultsTable(const CostModel &model, const Evaluation &evaluation, const std::vector<HybridResult> &hybrids = {});

} // namespace breakeven
