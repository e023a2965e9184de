// The numeric fields of a scenario by the paths error messages use ("workload.utilization",
// "cloudOptions[2].pricePerHour", "cloudOptions[*].pricePerHour"): what the ranges of the
// uncertainty block name (docs/model.md, "Uncertainty"). A path is resolved once into the
// elements it names; each element's value is read and written through it.
#pragma once

#include "domain.h"
#include "pathwords.h"

#include <QString>

#include <cmath>
#include <functional>
#include <optional>
#include <vector>

namespace breakeven {

// One numeric field of one element.
struct FieldRef {
    QString path;                                              // with the element's index
    std::function<std::optional<double>(const Scenario &)> get; // none: the field is unset (null)
    std::function<void(Scenario &, double)> set;
    double min = -1e300;                                        // the field's own bounds
    double max = 1e300;
};

struct ResolvedPath {
    QString path;                 // as written
    bool shared = false;          // [*]: one draw for every element
    std::vector<FieldRef> fields; // the elements named (none: an empty list under [*])
};

// Throws InputError (where = `path`) for a path that names no numeric field of `scenario`, or an
// element it does not have.
ResolvedPath resolvePath(const Scenario &scenario, const QString &path);

// Every field name a path may end in, for messages: "workload.utilization, …".
QStringList numericFieldPaths();

// One uncertain input, resolved against the scenario: per element its range and its own value
// (the triangular distribution's mode, clamped into the range).
// One element's range: its ends within the field's bounds (`low`, `high`), and the distribution's
// own ends before they were clipped to those bounds (`drawLow`, `drawHigh`): a draw beyond a bound
// is the bound, so a clipped side keeps its share of probability there (docs/model.md,
// "Uncertainty").
struct RangeElement {
    FieldRef field;
    double low = 0;
    double high = 0;
    double own = 0;
    double drawLow = NAN;  // NaN: `low`, nothing clipped
    double drawHigh = NAN; // NaN: `high`
};
struct ResolvedRange {
    UncertainInput input;
    PathWords words;              // the path in words, its elements by their names (pathwords.h)
    bool shared = false;
    std::vector<RangeElement> elements;
};
// Throws InputError naming "uncertainty.inputs[i]…" and the reason: a path that names no numeric
// field, low above high, a field without a value under a relative range.
std::vector<ResolvedRange> resolveRanges(const Scenario &scenario, const Uncertainty &uncertainty);

// The value at quantile q (0..1) of one element's distribution.
double drawElement(const RangeElement &element, Distribution distribution, double q);


} // namespace breakeven
