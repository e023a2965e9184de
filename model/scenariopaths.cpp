#include "scenariopaths.h"

#include "inputerror.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>

#include <variant>

namespace breakeven {

namespace {

constexpr double kHuge = 1e300;

template <typename Owner>
struct Field {
    const char *name;
    std::variant<double Owner::*, std::optional<double> Owner::*> member;
    double min = -kHuge;
    double max = kHuge;
};

// The bounds are the scenario format's (docs/scenario-format.md): a drawn value is kept inside them.
const Field<Scenario> kScenarioFields[] = {
    {"discountRatePerYear", &Scenario::discountRatePerYear, -0.99, kHuge},
    {"cloudPriceChangePerYear", &Scenario::cloudPriceChangePerYear, -0.9, 1.0},
    {"hardwarePriceChangePerYear", &Scenario::hardwarePriceChangePerYear, -0.9, 1.0},
    {"electricityPriceChangePerYear", &Scenario::electricityPriceChangePerYear, -0.9, 1.0},
    {"apiPriceChangePerYear", &Scenario::apiPriceChangePerYear, -0.9, 1.0},
};
// Serving (docs/model.md, "Serving"): the traffic, one level below the workload.
const Field<Serving> kServingFields[] = {
    {"requestsPerSecond", &Serving::requestsPerSecond, 1e-9, 1e6},
    {"peakToMean", &Serving::peakToMean, 1, 1000},
    {"inputTokens", &Serving::inputTokens, 0, 1e7},
    {"outputTokens", &Serving::outputTokens, 1e-9, 1e7},
};
const Field<ApiOption> kApiFields[] = {
    {"pricePerMillionInput", &ApiOption::pricePerMillionInput, 0, 1e6},
    {"pricePerMillionOutput", &ApiOption::pricePerMillionOutput, 0, 1e6},
    {"pricePerMillionCachedInput", &ApiOption::pricePerMillionCachedInput, 0, 1e6},
    {"cachedInputShare", &ApiOption::cachedInputShare, 0, 1},
    {"priceChangePerYear", &ApiOption::priceChangePerYear, -0.9, 1.0},
};
const Field<Workload> kWorkloadFields[] = {
    {"gpus", &Workload::gpus, 0, 1e12},
    {"utilization", &Workload::utilization, 0, 1},
    {"minGpuMemoryGB", &Workload::minGpuMemoryGB, 0, kHuge},
    {"growthPerYear", &Workload::growthPerYear, -0.99, kHuge},
    {"storageGB", &Workload::storageGB, 0, kHuge},
    {"egressGBPerMonth", &Workload::egressGBPerMonth, 0, kHuge},
    {"jobReferenceGpuHours", &Workload::jobReferenceGpuHours, 0, kHuge},
};
const Field<CloudOption> kCloudFields[] = {
    {"pricePerHour", &CloudOption::pricePerHour, 0, kHuge},
    {"spotRework", &CloudOption::spotRework, 0, 10},
    {"platformFeePerMonth", &CloudOption::platformFeePerMonth, 0, kHuge},
    {"storagePerGBMonth", &CloudOption::storagePerGBMonth, 0, kHuge},
    {"egressPerGB", &CloudOption::egressPerGB, 0, kHuge},
    {"priceMultiplier", &CloudOption::priceMultiplier, 1e-12, kHuge},
    {"priceChangePerYear", &CloudOption::priceChangePerYear, -0.9, 1.0},
    {"reservedUpfrontShare", &CloudOption::reservedUpfrontShare, 0, 1},
    {"goodput", &CloudOption::goodput, 0.5, 1},
};
const Field<OnPremBuild> kBuildFields[] = {
    {"listPrice", &OnPremBuild::listPrice, 0, kHuge},
    {"preBuiltMarkup", &OnPremBuild::preBuiltMarkup, 0, kHuge},
    {"infrastructureOneTime", &OnPremBuild::infrastructureOneTime, 0, kHuge},
    {"idleW", &OnPremBuild::idleW, 0, kHuge},
    {"loadW", &OnPremBuild::loadW, 0, kHuge},
    {"electricityPerKWh", &OnPremBuild::electricityPerKWh, 0, kHuge},
    {"pue", &OnPremBuild::pue, 1, kHuge},
    {"overheadPerYearOfHardware", &OnPremBuild::overheadPerYearOfHardware, 0, kHuge},
    {"laborPerMonth", &OnPremBuild::laborPerMonth, 0, kHuge},
    {"colocationPerMonth", &OnPremBuild::colocationPerMonth, 0, kHuge},
    {"lifetimeYears", &OnPremBuild::lifetimeYears, 1.0 / 12.0, 50},
    {"depreciationPerYear", &OnPremBuild::depreciationPerYear, 0, 1},
    {"resaleHaircut", &OnPremBuild::resaleHaircut, 0, 1},
    {"colocationPerKWMonth", &OnPremBuild::colocationPerKWMonth, 0, kHuge},
    {"spareShare", &OnPremBuild::spareShare, 0, 1},
    {"goodput", &OnPremBuild::goodput, 0.5, 1},
};
// A build's hardware price as a whole (its list price, else the sum of its parts with the
// markup): setting it scales the parts, or sets the list price.
constexpr const char *kHardwarePrice = "hardwarePrice";

// Paying for it (docs/model.md): fields one level down, of a build's financing and of the
// scenario's taxes. A value given to the tax rate of an untaxed scenario taxes it.
struct NestedField {
    const char *name;
    double Financing::*member;
    double min;
    double max;
};
const NestedField kFinancingFields[] = {
    {"financing.annualRate", &Financing::annualRate, -0.99, kHuge},
    {"financing.downPayment", &Financing::downPayment, 0, 1},
    {"financing.paymentPerMonth", &Financing::paymentPerMonth, 0, kHuge},
};
constexpr const char *kTaxRate = "tax.rate";

template <typename Owner>
std::optional<double> read(const Owner &owner, const Field<Owner> &field)
{
    if (const auto *plain = std::get_if<double Owner::*>(&field.member))
        return owner.**plain;
    return owner.*std::get<std::optional<double> Owner::*>(field.member);
}

template <typename Owner>
void write(Owner &owner, const Field<Owner> &field, double value)
{
    if (const auto *plain = std::get_if<double Owner::*>(&field.member))
        owner.**plain = value;
    else
        owner.*std::get<std::optional<double> Owner::*>(field.member) = value;
}

template <typename Owner, std::size_t N>
const Field<Owner> *find(const Field<Owner> (&fields)[N], const QString &name)
{
    for (const Field<Owner> &field : fields)
        if (name == QLatin1String(field.name))
            return &field;
    return nullptr;
}

[[noreturn]] void unknown(const QString &path)
{
    throw InputError(path, QStringLiteral("names no numeric field of the scenario; a path is one of %1")
                               .arg(numericFieldPaths().join(QStringLiteral(", "))));
}

} // namespace

QStringList numericFieldPaths()
{
    QStringList paths;
    for (const auto &f : kScenarioFields)
        paths << QLatin1String(f.name);
    for (const auto &f : kWorkloadFields)
        paths << QStringLiteral("workload.") + QLatin1String(f.name);
    for (const auto &f : kCloudFields)
        paths << QStringLiteral("cloudOptions[i].") + QLatin1String(f.name);
    for (const auto &f : kBuildFields)
        paths << QStringLiteral("onPremOptions[i].") + QLatin1String(f.name);
    paths << QStringLiteral("onPremOptions[i].") + QLatin1String(kHardwarePrice);
    for (const auto &f : kFinancingFields)
        paths << QStringLiteral("onPremOptions[i].") + QLatin1String(f.name);
    paths << QLatin1String(kTaxRate);
    for (const auto &f : kServingFields)
        paths << QStringLiteral("workload.serving.") + QLatin1String(f.name);
    for (const auto &f : kApiFields)
        paths << QStringLiteral("apiOptions[i].") + QLatin1String(f.name);
    return paths;
}

ResolvedPath resolvePath(const Scenario &scenario, const QString &path)
{
    ResolvedPath resolved;
    resolved.path = path;
    if (const Field<Scenario> *field = find(kScenarioFields, path)) {
        resolved.fields.push_back({path, [field](const Scenario &s) { return read(s, *field); },
                                   [field](Scenario &s, double v) { write(s, *field, v); }, field->min, field->max});
        return resolved;
    }
    if (path == QLatin1String(kTaxRate)) {
        resolved.fields.push_back({path,
                                   [](const Scenario &s) { return s.tax ? std::optional<double>(s.tax->rate) : std::nullopt; },
                                   [](Scenario &s, double v) {
                                       if (!s.tax)
                                           s.tax.emplace();
                                       s.tax->rate = v;
                                   },
                                   0, 1});
        return resolved;
    }
    if (path.startsWith(QLatin1String("workload.serving."))) {
        const Field<Serving> *field = find(kServingFields, path.mid(17));
        if (!field)
            unknown(path);
        if (!scenario.workload.serving)
            throw InputError(path, QStringLiteral("the workload does not serve a model (no workload.serving)"));
        resolved.fields.push_back({path,
                                   [field](const Scenario &s) {
                                       return s.workload.serving ? read(*s.workload.serving, *field) : std::nullopt;
                                   },
                                   [field](Scenario &s, double v) {
                                       if (s.workload.serving)
                                           write(*s.workload.serving, *field, v);
                                   },
                                   field->min, field->max});
        return resolved;
    }
    if (path.startsWith(QLatin1String("workload."))) {
        const Field<Workload> *field = find(kWorkloadFields, path.mid(9));
        if (!field)
            unknown(path);
        resolved.fields.push_back({path, [field](const Scenario &s) { return read(s.workload, *field); },
                                   [field](Scenario &s, double v) { write(s.workload, *field, v); }, field->min, field->max});
        return resolved;
    }
    static const QRegularExpression element(QStringLiteral(R"(^(cloudOptions|onPremOptions|apiOptions)\[(\*|\d{1,4})\]\.(\w+(?:\.\w+)?)$)"));
    const QRegularExpressionMatch match = element.match(path);
    if (!match.hasMatch())
        unknown(path);
    const bool cloud = match.captured(1) == QLatin1String("cloudOptions");
    const bool api = match.captured(1) == QLatin1String("apiOptions");
    const QString name = match.captured(3);
    const std::size_t count = cloud ? scenario.cloudOptions.size() : api ? scenario.apiOptions.size() : scenario.onPremOptions.size();
    std::vector<std::size_t> indexes;
    if (match.captured(2) == QLatin1String("*")) {
        resolved.shared = true;
        for (std::size_t i = 0; i < count; ++i)
            indexes.push_back(i);
    } else {
        const std::size_t index = match.captured(2).toULong();
        if (index >= count)
            throw InputError(path, QStringLiteral("the scenario has %1 %2").arg(count).arg(cloud ? QStringLiteral("cloud options")
                                                                                                 : api ? QStringLiteral("API options")
                                                                                                 : QStringLiteral("on-prem options")));
        indexes.push_back(index);
    }
    const QString prefix = match.captured(1);
    for (const std::size_t i : indexes) {
        const QString at = QStringLiteral("%1[%2].%3").arg(prefix).arg(i).arg(name);
        if (api) {
            const Field<ApiOption> *field = find(kApiFields, name);
            if (!field)
                unknown(path);
            resolved.fields.push_back({at, [field, i](const Scenario &s) { return read(s.apiOptions[i], *field); },
                                       [field, i](Scenario &s, double v) { write(s.apiOptions[i], *field, v); },
                                       field->min, field->max});
        } else if (cloud) {
            const Field<CloudOption> *field = find(kCloudFields, name);
            if (!field)
                unknown(path);
            resolved.fields.push_back({at, [field, i](const Scenario &s) { return read(s.cloudOptions[i], *field); },
                                       [field, i](Scenario &s, double v) { write(s.cloudOptions[i], *field, v); },
                                       field->min, field->max});
        } else if (name == QLatin1String(kHardwarePrice)) {
            resolved.fields.push_back({at, [i](const Scenario &s) -> std::optional<double> { return s.onPremOptions[i].hardwarePrice(); },
                                       [i](Scenario &s, double v) {
                                           OnPremBuild &b = s.onPremOptions[i];
                                           const double before = b.hardwarePrice();
                                           if (b.listPrice || before <= 0) {
                                               b.listPrice = v;
                                               return;
                                           }
                                           for (Component &c : b.components)
                                               c.price *= v / before;
                                       },
                                       0, kHuge});
        } else if (const auto nested = std::find_if(std::begin(kFinancingFields), std::end(kFinancingFields),
                                                    [&](const NestedField &f) { return name == QLatin1String(f.name); });
                   nested != std::end(kFinancingFields)) {
            double Financing::*member = nested->member;
            resolved.fields.push_back({at, [member, i](const Scenario &s) -> std::optional<double> { return s.onPremOptions[i].financing.*member; },
                                       [member, i](Scenario &s, double v) { s.onPremOptions[i].financing.*member = v; },
                                       nested->min, nested->max});
        } else {
            const Field<OnPremBuild> *field = find(kBuildFields, name);
            if (!field)
                unknown(path);
            resolved.fields.push_back({at, [field, i](const Scenario &s) { return read(s.onPremOptions[i], *field); },
                                       [field, i](Scenario &s, double v) { write(s.onPremOptions[i], *field, v); },
                                       field->min, field->max});
        }
    }
    return resolved;
}

std::vector<ResolvedRange> resolveRanges(const Scenario &scenario, const Uncertainty &uncertainty)
{
    if (uncertainty.samples < 1 || uncertainty.samples > kMaxSamples)
        throw InputError(QStringLiteral("uncertainty.samples"),
                         QStringLiteral("must be 1 to %1, not %2").arg(kMaxSamples).arg(uncertainty.samples));
    std::vector<ResolvedRange> ranges;
    for (std::size_t i = 0; i < uncertainty.inputs.size(); ++i) {
        const UncertainInput &input = uncertainty.inputs[i];
        const QString where = QStringLiteral("uncertainty.inputs[%1]").arg(i);
        const bool absoluteRange = input.low || input.high;
        const bool relativeRange = input.lowFactor || input.highFactor;
        if (absoluteRange == relativeRange)
            throw InputError(where, QStringLiteral("give either low and high, or lowFactor and highFactor"));
        const double low = absoluteRange ? input.low.value_or(NAN) : input.lowFactor.value_or(NAN);
        const double high = absoluteRange ? input.high.value_or(NAN) : input.highFactor.value_or(NAN);
        if (std::isnan(low) || std::isnan(high))
            throw InputError(where, absoluteRange ? QStringLiteral("needs both low and high")
                                                  : QStringLiteral("needs both lowFactor and highFactor"));
        if (low > high)
            throw InputError(where + (absoluteRange ? QStringLiteral(".low") : QStringLiteral(".lowFactor")),
                             QStringLiteral("%1 is above the high end %2").arg(low).arg(high));
        ResolvedPath path;
        try {
            path = resolvePath(scenario, input.path);
        } catch (const InputError &error) {
            throw InputError(where + QStringLiteral(".path"), QStringLiteral("\"%1\" %2").arg(input.path, error.reason()));
        }
        ResolvedRange range;
        range.input = input;
        range.words = describePath(input.path, scenario);
        range.shared = path.shared;
        for (const FieldRef &field : path.fields) {
            const std::optional<double> own = field.get(scenario);
            if (!own && relativeRange)
                throw InputError(where + QStringLiteral(".path"),
                                 QStringLiteral("%1 has no value to vary by a factor; give low and high").arg(field.path));
            RangeElement e;
            e.field = field;
            e.low = relativeRange ? *own * low : low;
            e.high = relativeRange ? *own * high : high;
            if (e.low > e.high)
                std::swap(e.low, e.high); // a negative value times factors
            e.drawLow = e.low;
            e.drawHigh = e.high;
            e.low = std::clamp(e.low, field.min, field.max);
            e.high = std::clamp(e.high, field.min, field.max);
            e.own = std::clamp(own.value_or(0.5 * (e.low + e.high)), e.low, e.high);
            range.elements.push_back(e);
        }
        if (!range.elements.empty())
            ranges.push_back(std::move(range));
    }
    return ranges;
}

double drawElement(const RangeElement &e, Distribution distribution, double q)
{
    if (e.high - e.low <= 0)
        return e.low;
    // Drawn over the distribution's own ends, then clipped to the field's bounds.
    const double low = std::isnan(e.drawLow) ? e.low : std::min(e.drawLow, e.low);
    const double high = std::isnan(e.drawHigh) ? e.high : std::max(e.drawHigh, e.high);
    const double width = high - low;
    double value = 0;
    if (distribution == Distribution::Uniform) {
        value = low + q * width;
    } else {
        const double mode = std::clamp(e.own, low, high);
        const double split = (mode - low) / width;
        value = q < split ? low + std::sqrt(q * width * (mode - low)) : high - std::sqrt((1 - q) * width * (high - mode));
    }
    return std::clamp(value, e.low, e.high);
}

} // namespace breakeven
