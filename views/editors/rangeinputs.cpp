#include "rangeinputs.h"

#include "engine/risk.h"
#include "inputerror.h"
#include "pathwords.h"
#include "scenariopaths.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <functional>

namespace breakeven::rangeinputs {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("RangeInputs", text);
}

enum class Owner { Scenario, Workload, Cloud, Build, Api };

// A path taken apart: whose field, which element (-1 for `[*]`, or none), and the field's name.
struct Parts {
    Owner owner = Owner::Scenario;
    int index = -1;
    bool element = false;
    QString field;
};

Parts partsOf(const QString &path)
{
    static const QRegularExpression element(QStringLiteral(R"(^(cloudOptions|onPremOptions|apiOptions)\[(\*|\d{1,4})\]\.(\w+)$)"));
    Parts parts;
    if (const QRegularExpressionMatch match = element.match(path); match.hasMatch()) {
        const QString array = match.captured(1);
        parts.owner = array == QLatin1String("cloudOptions") ? Owner::Cloud
            : array == QLatin1String("apiOptions")          ? Owner::Api
                                                            : Owner::Build;
        parts.element = true;
        parts.index = match.captured(2) == QLatin1String("*") ? -1 : match.captured(2).toInt();
        parts.field = match.captured(3);
    } else if (path.startsWith(QLatin1String("workload."))) {
        parts.owner = Owner::Workload;
        parts.field = path.mid(9);
    } else {
        parts.field = path;
    }
    return parts;
}

// The units each field's editor shows it in (views/editors/*editor.cpp); `money` takes the
// currency of the option, build or scenario. Its name in words is the model's (pathwords.h).
struct UnitRow {
    Owner owner;
    const char *field;
    double scale;
    const char *suffix;
    int decimals;
    bool money = false;
};
const UnitRow kUnits[] = {
    {Owner::Scenario, "discountRatePerYear", 100, " %/yr", 1},
    {Owner::Scenario, "cloudPriceChangePerYear", 100, " %/yr", 1},
    {Owner::Scenario, "hardwarePriceChangePerYear", 100, " %/yr", 1},
    {Owner::Scenario, "electricityPriceChangePerYear", 100, " %/yr", 1},
    {Owner::Scenario, "apiPriceChangePerYear", 100, " %/yr", 1},
    {Owner::Workload, "gpus", 1, "", 2},
    {Owner::Workload, "utilization", 100, " %", 1},
    {Owner::Workload, "minGpuMemoryGB", 1, " GB", 0},
    {Owner::Workload, "growthPerYear", 100, " %", 1},
    {Owner::Workload, "storageGB", 1, " GB", 0},
    {Owner::Workload, "egressGBPerMonth", 1, " GB", 0},
    {Owner::Workload, "jobReferenceGpuHours", 1, " h", 1},
    {Owner::Workload, "serving.requestsPerSecond", 1, " /s", 2},
    {Owner::Workload, "serving.peakToMean", 1, " ×", 2},
    {Owner::Workload, "serving.inputTokens", 1, " tokens", 0},
    {Owner::Workload, "serving.outputTokens", 1, " tokens", 0},
    {Owner::Cloud, "pricePerHour", 1, "", 4, true},
    {Owner::Cloud, "spotRework", 100, " %", 1},
    {Owner::Cloud, "platformFeePerMonth", 1, "", 2, true},
    {Owner::Cloud, "storagePerGBMonth", 1, "", 4, true},
    {Owner::Cloud, "egressPerGB", 1, "", 4, true},
    {Owner::Cloud, "priceMultiplier", 1, " ×", 3},
    {Owner::Cloud, "priceChangePerYear", 100, " %/yr", 1},
    {Owner::Cloud, "reservedUpfrontShare", 100, " %", 0},
    {Owner::Build, "hardwarePrice", 1, "", 2, true},
    {Owner::Build, "listPrice", 1, "", 2, true},
    {Owner::Build, "preBuiltMarkup", 100, " %", 1},
    {Owner::Build, "infrastructureOneTime", 1, "", 2, true},
    {Owner::Build, "loadW", 1, " W", 0},
    {Owner::Build, "idleW", 1, " W", 0},
    {Owner::Build, "electricityPerKWh", 1, " /kWh", 4, true},
    {Owner::Build, "pue", 1, "", 2},
    {Owner::Build, "overheadPerYearOfHardware", 100, " % of hardware", 1},
    {Owner::Build, "laborPerMonth", 1, "", 2, true},
    {Owner::Build, "colocationPerMonth", 1, "", 2, true},
    {Owner::Build, "lifetimeYears", 1, " years", 1},
    {Owner::Build, "depreciationPerYear", 100, " %", 1},
    {Owner::Build, "resaleHaircut", 100, " %", 1},
    {Owner::Api, "pricePerMillionInput", 1, "", 3, true},
    {Owner::Api, "pricePerMillionOutput", 1, "", 3, true},
    {Owner::Api, "pricePerMillionCachedInput", 1, "", 3, true},
    {Owner::Api, "cachedInputShare", 100, " %", 0},
    {Owner::Api, "priceChangePerYear", 100, " %/yr", 1},
};

const UnitRow *unitRow(Owner owner, const QString &field)
{
    for (const UnitRow &row : kUnits)
        if (row.owner == owner && field == QLatin1String(row.field))
            return &row;
    return nullptr;
}

// The currency a money field of `parts` is in: its element's, else (under `[*]`, where the
// elements may differ) the scenario's.
QString currencyOf(const Scenario &s, const Parts &parts)
{
    const auto at = std::size_t(parts.index);
    if (parts.owner == Owner::Cloud && parts.index >= 0 && at < s.cloudOptions.size())
        return s.cloudOptions[at].currency;
    if (parts.owner == Owner::Build && parts.index >= 0 && at < s.onPremOptions.size())
        return s.onPremOptions[at].currency;
    if (parts.owner == Owner::Api && parts.index >= 0 && at < s.apiOptions.size())
        return s.apiOptions[at].currency;
    return s.currency;
}

QString quoted(const QString &name)
{
    return QStringLiteral("“%1”").arg(name);
}

// Every element's field has a value, and at least one element: a factor has something to scale.
bool hasValues(const Scenario &scenario, const QString &path, bool nonZero)
{
    try {
        const ResolvedPath resolved = resolvePath(scenario, path);
        if (resolved.fields.empty())
            return false;
        for (const FieldRef &field : resolved.fields) {
            const std::optional<double> own = field.get(scenario);
            if (!own || (nonZero && *own == 0))
                return false;
        }
        return true;
    } catch (const InputError &) {
        return false;
    }
}

} // namespace

FieldUnits unitsOf(const Scenario &scenario, const QString &path)
{
    const Parts parts = partsOf(path);
    FieldUnits units;
    units.label = breakeven::describePath(path, scenario).field;
    const UnitRow *row = unitRow(parts.owner, parts.field);
    if (!row) {
        units.decimals = 4;
        return units;
    }
    units.scale = row->scale;
    units.decimals = row->decimals;
    units.suffix = QString::fromUtf8(row->suffix);
    if (row->money)
        units.suffix = QLatin1Char(' ') + currencyOf(scenario, parts) + units.suffix.trimmed(); // " USD/kWh"
    return units;
}

QString describePath(const Scenario &scenario, const QString &path)
{
    return breakeven::describePath(path, scenario).heading;
}

QString formatValue(const FieldUnits &units, double value)
{
    QString text = QLocale().toString(value * units.scale, 'f', std::max(units.decimals, 2) + 2);
    const QChar point = QLocale().decimalPoint().at(0);
    if (text.contains(point)) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(1);
    }
    if (text == QLatin1String("-0"))
        text = QStringLiteral("0");
    return text + units.suffix;
}

QString describeEnds(const Scenario &scenario, const UncertainInput &input)
{
    if (input.relative()) {
        const QLocale locale;
        return QStringLiteral("×%1–×%2").arg(locale.toString(input.lowFactor.value_or(NAN), 'g', 6),
                                             locale.toString(input.highFactor.value_or(NAN), 'g', 6));
    }
    const FieldUnits units = unitsOf(scenario, input.path);
    return QStringLiteral("%1–%2").arg(formatValue(units, input.low.value_or(NAN)),
                                       formatValue(units, input.high.value_or(NAN)));
}

QString describeRange(const Scenario &scenario, const UncertainInput &input)
{
    return QStringLiteral("%1, %2").arg(describeEnds(scenario, input), distributionName(input.distribution));
}

QString distributionName(Distribution distribution)
{
    return distribution == Distribution::Uniform ? tr("uniform") : tr("triangular");
}

Uncertainty effective(const Scenario &scenario)
{
    return scenario.uncertainty ? *scenario.uncertainty : defaultUncertainty(scenario);
}

int indexOf(const Uncertainty &uncertainty, const QString &path)
{
    for (std::size_t i = 0; i < uncertainty.inputs.size(); ++i)
        if (uncertainty.inputs[i].path == path)
            return int(i);
    return -1;
}

QString sharedPathOf(const QString &path)
{
    const Parts parts = partsOf(path);
    if (!parts.element)
        return {};
    const QString array = parts.owner == Owner::Cloud ? QStringLiteral("cloudOptions")
        : parts.owner == Owner::Api                    ? QStringLiteral("apiOptions")
                                                       : QStringLiteral("onPremOptions");
    return QStringLiteral("%1[*].%2").arg(array, parts.field);
}

QString check(const Scenario &scenario, const UncertainInput &input)
{
    ResolvedPath resolved;
    try {
        resolved = resolvePath(scenario, input.path);
    } catch (const InputError &error) {
        return tr("%1 cannot have a range: %2").arg(describePath(scenario, input.path), error.reason());
    }
    const QLocale locale;
    if (input.relative()) {
        const double low = input.lowFactor.value_or(NAN);
        const double high = input.highFactor.value_or(NAN);
        if (!std::isfinite(low) || !std::isfinite(high) || input.low || input.high)
            return tr("Give both factors.");
        if (low <= 0 || high <= 0)
            return tr("A factor is above 0 (0.7 is 30 % less, 1.1 is 10 % more).");
        if (low > high)
            return tr("The low factor ×%1 is above the high factor ×%2.").arg(locale.toString(low, 'g', 6),
                                                                             locale.toString(high, 'g', 6));
        if (low > 1e6 || high > 1e6)
            return tr("A factor is at most 1,000,000.");
        for (const FieldRef &field : resolved.fields)
            if (!field.get(scenario))
                return tr("%1 has no value of its own to scale; give the range as values.")
                    .arg(describePath(scenario, field.path));
        if (!resolved.shared && !resolved.fields.empty() && resolved.fields.front().get(scenario) == 0.0)
            return tr("The field's value is 0, and factors of 0 leave nothing to vary; give the range as values.");
    } else {
        const double low = input.low.value_or(NAN);
        const double high = input.high.value_or(NAN);
        if (!std::isfinite(low) || !std::isfinite(high) || input.lowFactor || input.highFactor)
            return tr("Give both the low and the high end.");
        const FieldUnits units = unitsOf(scenario, input.path);
        if (low > high)
            return tr("The low end %1 is above the high end %2.").arg(formatValue(units, low), formatValue(units, high));
        // The field's own bounds, as the editors and the scenario format keep it (scenariopaths).
        double min = -1e12;
        double max = 1e12;
        for (const FieldRef &field : resolved.fields) {
            min = std::max(min, field.min);
            max = std::min(max, field.max);
        }
        if (low < min)
            return tr("The low end is at least %1 for this field.").arg(formatValue(units, min));
        if (high > max)
            return tr("The high end is at most %1 for this field.").arg(formatValue(units, max));
    }
    // The whole block as the engine and the file format check it: nothing written is refused later.
    Scenario after = withRange(scenario, input);
    try {
        resolveRanges(after, *after.uncertainty);
    } catch (const InputError &error) {
        return error.message();
    }
    return {};
}

Scenario withRange(const Scenario &scenario, const UncertainInput &input)
{
    Scenario after = scenario;
    Uncertainty block = effective(scenario);
    if (const int at = indexOf(block, input.path); at >= 0)
        block.inputs[std::size_t(at)] = input;
    else
        block.inputs.push_back(input);
    after.uncertainty = block;
    return after;
}

Scenario withoutRange(const Scenario &scenario, const QString &path)
{
    Scenario after = scenario;
    Uncertainty block = effective(scenario);
    std::erase_if(block.inputs, [&](const UncertainInput &input) { return input.path == path; });
    after.uncertainty = block;
    return after;
}

UncertainInput suggestedRange(const Scenario &scenario, const QString &path)
{
    UncertainInput input;
    input.path = path;
    if (hasValues(scenario, path, true)) {
        input.lowFactor = 0.8;
        input.highFactor = 1.2;
        return input;
    }
    double own = 0;
    double min = -1e12;
    double max = 1e12;
    try {
        const ResolvedPath resolved = resolvePath(scenario, path);
        for (const FieldRef &field : resolved.fields) {
            min = std::max(min, field.min);
            max = std::min(max, field.max);
        }
        if (!resolved.fields.empty())
            own = resolved.fields.front().get(scenario).value_or(std::max(min, 0.0));
    } catch (const InputError &) {
    }
    // A rate or a share (bounded on both sides, at most 10) moves by 10 points, anything else by
    // a fifth of its value.
    const double step = max <= 10 ? 0.1 : std::abs(own) * 0.2;
    input.low = std::clamp(own - step, min, max);
    input.high = std::clamp(own + step, min, max);
    return input;
}

std::vector<PathGroup> availablePaths(const Scenario &scenario)
{
    std::vector<PathGroup> groups;
    PathGroup settings{tr("Scenario"), {}};
    PathGroup workload{tr("Workload"), {}};
    QStringList cloudFields;
    QStringList buildFields;
    QStringList apiFields;
    for (const QString &path : numericFieldPaths()) {
        if (path.startsWith(QLatin1String("workload.serving."))) {
            if (scenario.workload.serving) // a serving workload's traffic: nothing to vary without one
                workload.paths << path;
        } else if (path.startsWith(QLatin1String("workload.")))
            workload.paths << path;
        else if (path.startsWith(QLatin1String("cloudOptions[i].")))
            cloudFields << path.mid(16);
        else if (path.startsWith(QLatin1String("onPremOptions[i].")))
            buildFields << path.mid(17);
        else if (path.startsWith(QLatin1String("apiOptions[i].")))
            apiFields << path.mid(14);
        else
            settings.paths << path;
    }
    groups.push_back(settings);
    groups.push_back(workload);
    const auto elements = [&](const QString &array, const QStringList &fields, std::size_t count,
                              const QString &every, const std::function<QString(std::size_t)> &title) {
        if (count == 0)
            return;
        PathGroup all{every, {}};
        for (const QString &field : fields)
            all.paths << QStringLiteral("%1[*].%2").arg(array, field);
        groups.push_back(all);
        for (std::size_t i = 0; i < count; ++i) {
            PathGroup one{title(i), {}};
            for (const QString &field : fields)
                one.paths << QStringLiteral("%1[%2].%3").arg(array).arg(i).arg(field);
            groups.push_back(one);
        }
    };
    elements(QStringLiteral("onPremOptions"), buildFields, scenario.onPremOptions.size(),
             tr("Every on-prem build (one shared draw)"),
             [&](std::size_t i) { return tr("On-prem build %1").arg(quoted(scenario.onPremOptions[i].name)); });
    elements(QStringLiteral("cloudOptions"), cloudFields, scenario.cloudOptions.size(),
             tr("Every cloud option (one shared draw)"),
             [&](std::size_t i) { return tr("Cloud option %1").arg(quoted(scenario.cloudOptions[i].name)); });
    elements(QStringLiteral("apiOptions"), apiFields, scenario.apiOptions.size(),
             tr("Every API option (one shared draw)"),
             [&](std::size_t i) { return tr("API option %1").arg(quoted(scenario.apiOptions[i].name)); });
    return groups;
}

} // namespace breakeven::rangeinputs
