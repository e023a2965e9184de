// Uncertainty results in words (docs/model.md, "Uncertainty"), shared by `breakeven risk`, the
// Risk tab and the report so that all three say the same thing: per pair "buying wins in 73 % of
// futures; it has paid off by month 18 in half of them; what flips it: utilization below 41 %,
// cloud prices falling faster than 17.8 % a year", and each range as "×0.7 to ×1.1" or "−15 % to
// +15 % a year". Inputs are named in words (pathwords.h), never by their paths.
#pragma once

#include "risk.h"

#include <QString>

#include <optional>

namespace breakeven {

// What flips the answer at one switch value: "utilization below 41 %", "every cloud option's
// price per hour more than 22 % lower", "cloud prices falling faster than 17.8 % a year", "the
// 8 × H100 server's lifetime above 4.2 years". `otherBelow`: the other answer lies below the
// switch value.
QString switchText(const ResolvedRange &range, double value, bool otherBelow);

// "utilization below 41 %, cloud prices more than 22 % lower" from the two largest swings that
// change the answer inside their range; "nothing inside the ranges" when none does.
QString flipsText(const RiskResult &result, const PairRisk &pair);

// When half of the futures have seen buying pay off: the month the share reaches 1/2, linear
// between months; none when fewer than half ever do.
std::optional<double> medianPayoff(const PairRisk &pair);

// "buying wins in 73 % of futures; it has paid off by month 18.0 in half of them; what flips it:
// …". Without a tornado in `result` (a preview), the part on what flips it is left out.
QString riskSentence(const RiskResult &result, const PairRisk &pair, int horizonMonths);

// An input's range as written: "×0.7 to ×1.1" (relative), "30 % to 90 %", "2.0 to 6.0 years".
QString rangeSpanText(const ResolvedRange &range);

// An input as a reader names it: "utilization", "every cloud option's price per hour", "the
// 8 × H100 server's lifetime", "yearly change in cloud prices" (describePath); its
// `words.heading` begins a line.
QString inputName(const ResolvedRange &range);

// A value of an input, as its switch value or end is shown (a tornado bar's values): "41 %" for
// a utilization or a share, "×0.78" for a relative `[*]` range's factor, "4.2 years",
// "0.25 USD/kWh", "−17.8 % a year".
QString inputValueText(const ResolvedRange &range, double value);
// Two such values, the unit said once: "×0.90 to ×1.10", "2.0 to 6.0 years".
QString inputSpanText(const ResolvedRange &range, double low, double high);

} // namespace breakeven
