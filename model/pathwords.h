// A scenario's numeric field (scenariopaths.h) in the words a reader uses (docs/model.md,
// "Uncertainty": ranges, inputs and switch values are worded for people; paths appear only in
// JSON). "onPremOptions[0].lifetimeYears" is "the 8 × H100 server's lifetime", its values
// "4.2 years"; "cloudPriceChangePerYear" is "yearly change in cloud prices", and a switch value
// on it "cloud prices falling faster than 17.8 % a year". Every sentence, table and label of
// the window, the report and the commands' text names a field through describePath.
#pragma once

#include "domain.h"

#include <QString>

namespace breakeven {

// What a field's values are, for writing them.
enum class FieldKind {
    Share,        // a fraction, written as a percentage: "31 %"
    YearlyShare,  // a fraction a year: "8 % a year"
    YearlyChange, // a rate of change a year, signed: "−15 % a year"; a switch value by its sign
    Years,        // "4.2 years"
    Money,        // in the element's currency: "0.25 USD/kWh", "24.50 USD an hour"
    Factor,       // "×1.20"
    Quantity,     // a number with its unit: "700 W", "80 GB"
};

struct PathWords {
    QString name;     // "the 8 × H100 server's lifetime", "every cloud option's price per hour", "utilization"
    QString heading;  // the name to begin a line or a cell with: "The 8 × H100 server's lifetime"
    QString field;    // the field alone: "lifetime", "price per hour"
    FieldKind kind = FieldKind::Quantity;
    QString unit;     // after a value: "USD", "W", "GB"; none for shares, rates and years
    QString tail;     // after the unit: "/kWh", " an hour", " a year", " of the hardware price a year"
    QString changing; // YearlyChange: what changes, "cloud prices", "Lambda's prices", "the workload"
    QString rising;   // YearlyChange: "rising", "growing"
    QString falling;  // YearlyChange: "falling", "shrinking"
};

// `path` (as scenariopaths.h resolves it: "workload.utilization", "cloudOptions[1].pricePerHour",
// "onPremOptions[*].resaleHaircut", …) in words, each element by its name in `scenario` and
// money in its currency; `[*]` as "every build's …" or "every cloud option's …". A path that
// names no element of `scenario`, or an unknown field, is still worded ("cloud option 3's …").
PathWords describePath(const QString &path, const Scenario &scenario);

// One value of the field: "31 %", "−17.8 % a year", "4.2 years", "0.25 USD/kWh".
QString fieldValueText(const PathWords &words, double value);
// Values from `low` to `high`, the unit said once: "30 % to 90 %", "−15 % to +15 % a year",
// "2.0 to 6.0 years", "20.00 to 30.00 USD an hour".
QString fieldSpanText(const PathWords &words, double low, double high);
// A range as written in the scenario: its factors ("×0.9 to ×1.1") or its values (fieldSpanText).
QString rangeText(const PathWords &words, const UncertainInput &input);
// The field beyond a value, `below` it or above it: "the 8 × H100 server's lifetime above 4.2
// years", "utilization below 41 %"; a yearly change by its sign: "cloud prices falling faster
// than 17.8 % a year", "cloud prices rising faster than 5 % a year", "cloud prices falling less
// than 10 % a year or rising".
QString beyondText(const PathWords &words, double value, bool below);
// The field beyond a factor of its own value(s): "every cloud option's price per hour more than
// 22 % lower", "… less than 5 % higher".
QString beyondFactorText(const PathWords &words, double factor, bool below);

} // namespace breakeven
