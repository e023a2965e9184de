// The ranges of a scenario's uncertainty block as the editors show and change them
// (docs/model.md, "Uncertainty"): a path in words and in the units its field is edited in, a
// range in words, the checks a range passes before it is written, and the block with one range
// set or removed. A scenario without a block is analysed with the default ranges
// (defaultUncertainty); the first change made in the window writes them into the scenario with
// that change, so no range the user was shown disappears (docs/model.md, "Uncertainty").
#pragma once

#include "domain.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace breakeven::rangeinputs {

// How a field is shown in its editor: 0.5 as "50 %" is scale 100, suffix " %".
struct FieldUnits {
    QString label;     // "price per hour"
    double scale = 1;
    QString suffix;    // " %", " W", " USD"
    int decimals = 2;
};

// The units of the field `path` ends in (money in its option's currency), its label the field's
// name in words (pathwords.h); the path need not resolve (an empty `[*]`).
FieldUnits unitsOf(const Scenario &scenario, const QString &path);
// The path in words, to begin a line or a cell with (breakeven::describePath's heading):
// "Spot pool's price per hour", "Every cloud option's price per hour", "Utilization", "The
// 8 × H100 server's lifetime".
QString describePath(const Scenario &scenario, const QString &path);
// A stored value in its field's units, without trailing zeros: 0.3 as "30 %".
QString formatValue(const FieldUnits &units, double value);
// The low and high end in words: "30 %–80 %" or "×0.7–×1.1".
QString describeEnds(const Scenario &scenario, const UncertainInput &input);
// "30 %–80 %, triangular".
QString describeRange(const Scenario &scenario, const UncertainInput &input);
QString distributionName(Distribution distribution);

// The scenario's own block, else the default ranges (samples and seed at their defaults).
Uncertainty effective(const Scenario &scenario);
// The index of the range on exactly `path`, or -1.
int indexOf(const Uncertainty &uncertainty, const QString &path);
// "cloudOptions[2].pricePerHour" → "cloudOptions[*].pricePerHour"; empty for a path that names
// no element.
QString sharedPathOf(const QString &path);

// What is wrong with `input` on `scenario`, in words, or empty: the path names a numeric field,
// low ≤ high, absolute ends inside the field's bounds, factors above 0 on fields that have a
// value, and the whole block as the engine and the scenario format check it.
QString check(const Scenario &scenario, const UncertainInput &input);
// The scenario with `input` in its block, replacing the range on the same path or added after
// the others; the default ranges are written in first when the scenario had no block.
Scenario withRange(const Scenario &scenario, const UncertainInput &input);
Scenario withoutRange(const Scenario &scenario, const QString &path);

// A first range for a path just added: ×0.8–×1.2 of a value it has, else a plain range around it
// inside the field's bounds.
UncertainInput suggestedRange(const Scenario &scenario, const QString &path);

// The paths a range can be put on, grouped as the chooser lists them.
struct PathGroup {
    QString title;     // "Workload", "Every cloud option", "Cloud option “Spot pool”"
    QStringList paths;
};
std::vector<PathGroup> availablePaths(const Scenario &scenario);

} // namespace breakeven::rangeinputs
