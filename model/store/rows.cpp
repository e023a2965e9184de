#include "rows.h"

#include "connection.h"
#include "textpool.h"

#include <QStringList>
#include <sqlite3.h>

#include <algorithm>
#include <cmath>

namespace breakeven::rows {

std::string placeholders(int count)
{
    std::string text;
    for (int i = 0; i < count; ++i)
        text += i == 0 ? "?" : ", ?";
    return text;
}

std::string assignments(const std::string &columns)
{
    std::string text;
    const QStringList names = QString::fromStdString(columns).split(QLatin1Char(','));
    for (const QString &name : names) {
        if (!text.empty())
            text += ", ";
        text += name.trimmed().toStdString() + " = ?";
    }
    return text;
}

void damaged(const QString &what)
{
    throw SQLite::Exception(what.toStdString(), SQLITE_CORRUPT);
}

namespace {

[[noreturn]] void notANumber(const SQLite::Statement &s, int column, const char *expected)
{
    const SQLite::Column value = s.getColumn(column);
    const QString shown = value.isText() ? QStringLiteral("text \"%1\"").arg(textColumn(s, column).left(40))
        : value.isNull()                 ? QStringLiteral("no value")
                                         : QStringLiteral("a blob");
    throw SQLite::Exception(QStringLiteral("column %1 holds %2, not %3")
                                .arg(QString::fromUtf8(s.getColumnName(column)), shown, QLatin1String(expected))
                                .toStdString(),
                            SQLITE_MISMATCH);
}

} // namespace

double real(const SQLite::Statement &s, int column)
{
    const int type = s.getColumn(column).getType();
    if (type != SQLITE_FLOAT && type != SQLITE_INTEGER)
        notANumber(s, column, "a number");
    return s.getColumn(column).getDouble();
}

int integer(const SQLite::Statement &s, int column)
{
    const SQLite::Column value = s.getColumn(column);
    if (value.getType() == SQLITE_FLOAT) {
        const double number = value.getDouble();
        if (number == std::floor(number) && std::abs(number) <= 2147483647.0)
            return int(number);
    }
    if (value.getType() != SQLITE_INTEGER || value.getInt64() != value.getInt())
        notANumber(s, column, "a whole number");
    return value.getInt();
}

namespace {

QString text(const SQLite::Statement &s, int column)
{
    return textColumn(s, column);
}

template <typename Enum>
Enum parsed(const SQLite::Statement &s, int column, std::optional<Enum> (*parse)(const QString &))
{
    const QString value = text(s, column);
    const std::optional<Enum> result = parse(value);
    if (!result)
        damaged(QStringLiteral("unknown value \"%1\" in column %2")
                    .arg(value, QString::fromUtf8(s.getColumnName(column))));
    return *result;
}

} // namespace

void bindGpu(SQLite::Statement &s, int i, const GpuModel &g)
{
    s.bind(i, utf8(g.name));
    s.bind(i + 1, utf8(g.vendor));
    s.bind(i + 2, utf8(g.architecture));
    s.bind(i + 3, g.year);
    s.bind(i + 4, g.memoryGB);
    s.bind(i + 5, g.bandwidthGBs);
    s.bind(i + 6, g.fp16Tflops);
    s.bind(i + 7, g.fp32Tflops);
    s.bind(i + 8, g.tdpW);
    s.bind(i + 9, g.gpusPerBoard);
    s.bind(i + 10, g.priceNewUsd);
    s.bind(i + 11, g.priceUsedUsd);
    s.bind(i + 12, g.relativeThroughput);
    s.bind(i + 13, utf8(g.throughputBasis));
    s.bind(i + 14, utf8(g.source));
    s.bind(i + 15, utf8(g.asOf));
}

GpuModel readGpu(const SQLite::Statement &s, int c)
{
    GpuModel g;
    g.name = text(s, c);
    g.vendor = text(s, c + 1);
    g.architecture = text(s, c + 2);
    g.year = integer(s, c + 3);
    g.memoryGB = real(s, c + 4);
    g.bandwidthGBs = real(s, c + 5);
    g.fp16Tflops = real(s, c + 6);
    g.fp32Tflops = real(s, c + 7);
    g.tdpW = real(s, c + 8);
    g.gpusPerBoard = integer(s, c + 9);
    g.priceNewUsd = real(s, c + 10);
    g.priceUsedUsd = real(s, c + 11);
    g.relativeThroughput = real(s, c + 12);
    g.throughputBasis = text(s, c + 13);
    g.source = text(s, c + 14);
    g.asOf = text(s, c + 15);
    return g;
}

void bindScores(SQLite::Statement &s, int i, const CriterionScores &scores)
{
    for (int k = 0; k < kCriterionCount; ++k)
        bindOptional(s, i + k, scores[std::size_t(k)]);
}

CriterionScores readScores(const SQLite::Statement &s, int c)
{
    CriterionScores scores;
    for (int k = 0; k < kCriterionCount; ++k) {
        scores[std::size_t(k)] = optionalColumn(s, c + k);
        if (const auto &v = scores[std::size_t(k)]; v && !(*v >= kLowestScore && *v <= kHighestScore))
            damaged(QStringLiteral("a score of %1 (scores are 1 to 5)").arg(*v));
    }
    return scores;
}

void bindCloudOption(SQLite::Statement &s, int i, const CloudOption &o)
{
    s.bind(i, utf8(o.name));
    s.bind(i + 1, utf8(o.provider));
    s.bind(i + 2, utf8(toString(o.category)));
    s.bind(i + 3, utf8(o.instanceType));
    s.bind(i + 4, utf8(o.gpu));
    s.bind(i + 5, utf8(o.region));
    s.bind(i + 6, o.gpusPerInstance);
    s.bind(i + 7, utf8(toString(o.pricing)));
    s.bind(i + 8, o.pricePerHour);
    s.bind(i + 9, utf8(o.currency));
    s.bind(i + 10, o.spotRework);
    s.bind(i + 11, o.platformFeePerMonth);
    s.bind(i + 12, o.storagePerGBMonth);
    s.bind(i + 13, o.egressPerGB);
    s.bind(i + 14, o.priceMultiplier);
    s.bind(i + 15, o.maxGpus);
    bindOptional(s, i + 16, o.priceChangePerYear);
    s.bind(i + 17, o.reservedUpfrontShare);
    if (o.commitmentMonths)
        s.bind(i + 18, *o.commitmentMonths);
    else
        s.bind(i + 18);
    bindScores(s, i + 19, o.scores);
    s.bind(i + 19 + kCriterionCount, o.goodput);
    s.bind(i + 20 + kCriterionCount, o.autoscales ? 1 : 0);
}

CloudOption readCloudOption(const SQLite::Statement &s, int c)
{
    CloudOption o;
    o.name = text(s, c);
    o.provider = text(s, c + 1);
    o.category = parsed(s, c + 2, &cloudCategoryFromString);
    o.instanceType = text(s, c + 3);
    o.gpu = text(s, c + 4);
    o.region = text(s, c + 5);
    o.gpusPerInstance = integer(s, c + 6);
    o.pricing = parsed(s, c + 7, &pricingPlanFromString);
    o.pricePerHour = real(s, c + 8);
    o.currency = text(s, c + 9);
    o.spotRework = real(s, c + 10);
    o.platformFeePerMonth = real(s, c + 11);
    o.storagePerGBMonth = real(s, c + 12);
    o.egressPerGB = real(s, c + 13);
    o.priceMultiplier = real(s, c + 14);
    o.maxGpus = integer(s, c + 15);
    o.priceChangePerYear = optionalColumn(s, c + 16);
    o.reservedUpfrontShare = real(s, c + 17);
    if (!s.getColumn(c + 18).isNull())
        o.commitmentMonths = integer(s, c + 18);
    o.scores = readScores(s, c + 19);
    o.goodput = real(s, c + 19 + kCriterionCount);
    o.autoscales = integer(s, c + 20 + kCriterionCount) != 0;
    return o;
}

void bindBuild(SQLite::Statement &s, int i, const OnPremBuild &b)
{
    s.bind(i, utf8(b.name));
    s.bind(i + 1, utf8(toString(b.kind)));
    s.bind(i + 2, utf8(b.gpu));
    s.bind(i + 3, b.gpuCount);
    bindOptional(s, i + 4, b.listPrice);
    s.bind(i + 5, b.preBuiltMarkup);
    s.bind(i + 6, utf8(b.currency));
    s.bind(i + 7, b.infrastructureOneTime);
    bindOptional(s, i + 8, b.idleW);
    bindOptional(s, i + 9, b.loadW);
    s.bind(i + 10, b.electricityPerKWh);
    s.bind(i + 11, b.pue);
    s.bind(i + 12, b.overheadPerYearOfHardware);
    s.bind(i + 13, b.overheadIncludesPower ? 1 : 0);
    s.bind(i + 14, b.laborPerMonth);
    s.bind(i + 15, b.colocationPerMonth);
    s.bind(i + 16, b.lifetimeYears);
    s.bind(i + 17, b.depreciationPerYear);
    s.bind(i + 18, b.resaleHaircut);
    bindScores(s, i + 19, b.scores);
    s.bind(i + 19 + kCriterionCount, b.colocationPerKWMonth);
    s.bind(i + 20 + kCriterionCount, b.spareShare);
    s.bind(i + 21 + kCriterionCount, b.goodput);
    s.bind(i + 22 + kCriterionCount, utf8(toString(b.financing.method)));
    s.bind(i + 23 + kCriterionCount, b.financing.annualRate);
    s.bind(i + 24 + kCriterionCount, b.financing.termMonths);
    s.bind(i + 25 + kCriterionCount, b.financing.downPayment);
    s.bind(i + 26 + kCriterionCount, b.financing.paymentPerMonth);
    bindOptional(s, i + 27 + kCriterionCount, b.financing.buyout);
}

OnPremBuild readBuild(const SQLite::Statement &s, int c)
{
    OnPremBuild b;
    b.name = text(s, c);
    b.kind = parsed(s, c + 1, &buildKindFromString);
    b.gpu = text(s, c + 2);
    b.gpuCount = integer(s, c + 3);
    b.listPrice = optionalColumn(s, c + 4);
    b.preBuiltMarkup = real(s, c + 5);
    b.currency = text(s, c + 6);
    b.infrastructureOneTime = real(s, c + 7);
    b.idleW = optionalColumn(s, c + 8);
    b.loadW = optionalColumn(s, c + 9);
    b.electricityPerKWh = real(s, c + 10);
    b.pue = real(s, c + 11);
    b.overheadPerYearOfHardware = real(s, c + 12);
    b.overheadIncludesPower = integer(s, c + 13) != 0;
    b.laborPerMonth = real(s, c + 14);
    b.colocationPerMonth = real(s, c + 15);
    b.lifetimeYears = real(s, c + 16);
    b.depreciationPerYear = real(s, c + 17);
    b.resaleHaircut = real(s, c + 18);
    b.scores = readScores(s, c + 19);
    b.colocationPerKWMonth = real(s, c + 19 + kCriterionCount);
    b.spareShare = real(s, c + 20 + kCriterionCount);
    b.goodput = real(s, c + 21 + kCriterionCount);
    b.financing.method = parsed(s, c + 22 + kCriterionCount, &financingMethodFromString);
    b.financing.annualRate = real(s, c + 23 + kCriterionCount);
    b.financing.termMonths = integer(s, c + 24 + kCriterionCount);
    b.financing.downPayment = real(s, c + 25 + kCriterionCount);
    b.financing.paymentPerMonth = real(s, c + 26 + kCriterionCount);
    b.financing.buyout = optionalColumn(s, c + 27 + kCriterionCount);
    return b;
}

void bindWorkload(SQLite::Statement &s, int i, const Workload &w)
{
    s.bind(i, utf8(w.name));
    s.bind(i + 1, w.gpus);
    s.bind(i + 2, w.utilization);
    s.bind(i + 3, w.minGpuMemoryGB);
    s.bind(i + 4, w.growthPerYear);
    s.bind(i + 5, w.storageGB);
    s.bind(i + 6, w.egressGBPerMonth);
    bindOptional(s, i + 7, w.jobReferenceGpuHours);
    s.bind(i + 8, w.gpusPerJob);
    s.bind(i + 9, w.parallelJobs);
    s.bind(i + 10, utf8(toString(w.throughputProfile)));
    bindServing(s, i + 11, w.serving);
}

Workload readWorkload(const SQLite::Statement &s, int c)
{
    Workload w;
    w.name = text(s, c);
    w.gpus = real(s, c + 1);
    w.utilization = real(s, c + 2);
    w.minGpuMemoryGB = real(s, c + 3);
    w.growthPerYear = real(s, c + 4);
    w.storageGB = real(s, c + 5);
    w.egressGBPerMonth = real(s, c + 6);
    w.jobReferenceGpuHours = optionalColumn(s, c + 7);
    w.gpusPerJob = integer(s, c + 8);
    w.parallelJobs = integer(s, c + 9);
    w.throughputProfile = throughputProfileFromString(text(s, c + 10)).value_or(ThroughputProfile::Training);
    w.serving = readServing(s, c + 11);
    return w;
}

void bindScenarioProperties(SQLite::Statement &s, int i, const Scenario &scenario)
{
    s.bind(i, utf8(scenario.currency));
    s.bind(i + 1, scenario.horizonMonths);
    s.bind(i + 2, utf8(scenario.referenceGpu));
    s.bind(i + 3, scenario.discountRatePerYear);
    s.bind(i + 4, scenario.creditResaleValue ? 1 : 0);
    s.bind(i + 5, scenario.cloudPriceChangePerYear);
    s.bind(i + 6, scenario.hardwarePriceChangePerYear);
    s.bind(i + 7, scenario.electricityPriceChangePerYear);
    for (int k = 0; k < kCriterionCount; ++k)
        s.bind(i + 8 + k, scenario.criterionWeights[std::size_t(k)]);
    // The ranges themselves are rows of uncertain_inputs (ScenarioRepository).
    if (scenario.uncertainty)
        s.bind(i + 8 + kCriterionCount, scenario.uncertainty->samples);
    else
        s.bind(i + 8 + kCriterionCount);
    s.bind(i + 9 + kCriterionCount, static_cast<int64_t>(scenario.uncertainty ? scenario.uncertainty->seed : 1));
    s.bind(i + 10 + kCriterionCount, utf8(toString(scenario.discounting)));
    const Tax tax = scenario.tax.value_or(Tax{});
    bindOptional(s, i + 11 + kCriterionCount, scenario.tax ? std::optional<double>(tax.rate) : std::nullopt);
    s.bind(i + 12 + kCriterionCount, utf8(toString(tax.depreciation)));
    s.bind(i + 13 + kCriterionCount, tax.depreciationYears);
    s.bind(i + 14 + kCriterionCount, scenario.apiPriceChangePerYear);
}

void readScenarioProperties(const SQLite::Statement &s, int c, Scenario &scenario)
{
    scenario.currency = text(s, c);
    scenario.horizonMonths = integer(s, c + 1);
    scenario.referenceGpu = text(s, c + 2);
    scenario.discountRatePerYear = real(s, c + 3);
    scenario.creditResaleValue = integer(s, c + 4) != 0;
    scenario.cloudPriceChangePerYear = real(s, c + 5);
    scenario.hardwarePriceChangePerYear = real(s, c + 6);
    scenario.electricityPriceChangePerYear = real(s, c + 7);
    for (int k = 0; k < kCriterionCount; ++k)
        scenario.criterionWeights[std::size_t(k)] = real(s, c + 8 + k);
    if (!validCriterionWeights(scenario.criterionWeights))
        damaged(QStringLiteral("a scenario's criterion weights are all 0"));
    scenario.uncertainty.reset();
    if (!s.getColumn(c + 8 + kCriterionCount).isNull()) {
        Uncertainty u;
        u.samples = integer(s, c + 8 + kCriterionCount);
        const qint64 seed = s.getColumn(c + 9 + kCriterionCount).getInt64();
        u.seed = quint64(std::max<qint64>(0, seed));
        scenario.uncertainty = u;
    }
    const auto discounting = discountingFromString(text(s, c + 10 + kCriterionCount));
    if (!discounting)
        damaged(QStringLiteral("a scenario's discounting is neither monthly nor yearly"));
    scenario.discounting = *discounting;
    scenario.tax.reset();
    if (const auto rate = optionalColumn(s, c + 11 + kCriterionCount)) {
        Tax tax;
        tax.rate = *rate;
        const auto method = depreciationMethodFromString(text(s, c + 12 + kCriterionCount));
        if (!method)
            damaged(QStringLiteral("a scenario's depreciation method is not one of straight-line, macrs-5, expensing"));
        tax.depreciation = *method;
        tax.depreciationYears = real(s, c + 13 + kCriterionCount);
        scenario.tax = tax;
    }
    scenario.apiPriceChangePerYear = real(s, c + 14 + kCriterionCount);
}

void bindComponent(SQLite::Statement &s, int i, const Component &component)
{
    s.bind(i, utf8(component.name));
    s.bind(i + 1, component.price);
    s.bind(i + 2, component.quantity);
}

Component readComponent(const SQLite::Statement &s, int c)
{
    return Component { text(s, c), real(s, c + 1), real(s, c + 2) };
}

void bindOffer(SQLite::Statement &s, int i, const CloudOffer &o)
{
    s.bind(i, utf8(o.provider));
    s.bind(i + 1, utf8(toString(o.category)));
    s.bind(i + 2, utf8(o.instanceType));
    s.bind(i + 3, utf8(o.gpu));
    s.bind(i + 4, o.gpuCount);
    s.bind(i + 5, o.vcpus);
    s.bind(i + 6, o.memoryGiB);
    s.bind(i + 7, utf8(o.region));
    s.bind(i + 8, utf8(o.currency));
    bindOptional(s, i + 9, o.onDemand);
    bindOptional(s, i + 10, o.spot);
    bindOptional(s, i + 11, o.reserved1y);
    bindOptional(s, i + 12, o.reserved3y);
    s.bind(i + 13, utf8(o.source));
    s.bind(i + 14, utf8(o.url));
    s.bind(i + 15, utf8(o.asOf));
    bindOptional(s, i + 16, o.reserved1yUpfront);
    bindOptional(s, i + 17, o.reserved3yUpfront);
}

CloudOffer readOffer(const SQLite::Statement &s, int c, TextPool *pool)
{
    const auto text = [&](const SQLite::Statement &statement, int column) {
        return pool ? pool->column(statement, column) : rows::text(statement, column);
    };
    CloudOffer o;
    o.provider = text(s, c);
    o.category = parsed(s, c + 1, &cloudCategoryFromString);
    o.instanceType = rows::text(s, c + 2); // most differ from one offer to the next: not pooled
    o.gpu = text(s, c + 3);
    o.gpuCount = integer(s, c + 4);
    o.vcpus = real(s, c + 5);
    o.memoryGiB = real(s, c + 6);
    o.region = text(s, c + 7);
    o.currency = text(s, c + 8);
    o.onDemand = optionalColumn(s, c + 9);
    o.spot = optionalColumn(s, c + 10);
    o.reserved1y = optionalColumn(s, c + 11);
    o.reserved3y = optionalColumn(s, c + 12);
    o.source = text(s, c + 13);
    o.url = text(s, c + 14);
    o.asOf = text(s, c + 15);
    o.reserved1yUpfront = optionalColumn(s, c + 16);
    o.reserved3yUpfront = optionalColumn(s, c + 17);
    return o;
}

} // namespace breakeven::rows
