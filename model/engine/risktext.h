// Uncertainty results in words (docs/model.md, "Uncertainty"), shared by `breakeven risk`, the
// Risk tab and the report so that all three say the same thing: per pair "buying wins in 73 % of
// futures; it has paid off by month 18 in half of them; what flips it: utilization below 41 %",
// and each range as "×0.7 to ×1.1, triangular".
#pragma once

#include "risk.h"

#include <QString>

#include <optional>

namespace breakeven {

// What flips the answer at one switch value: "utilization below 41 %", "cloud prices more than
// 22 % lower", "<path> above 0.123". `otherBelow`: the other answer lies below the switch value.
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

// An input's range as written: "×0.7 to ×1.1" (relative) or "0.3 to 0.9".
QString rangeSpanText(const ResolvedRange &range);

// An input as a reader names it: "utilization", "cloud prices", "resale haircut", "discount
// rate", …, else its path.
QString inputName(const ResolvedRange &range);

// A value of an input, as its switch value or end is shown: "41 %" for a utilization or a share,
// "×0.78" for a relative `[*]` range's factor, else the number.
QString inputValueText(const ResolvedRange &range, double value);

} // namespace breakeven
