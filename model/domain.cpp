#include "domain.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace breakeven {

namespace {
template <typename Enum, std::size_t N>
std::optional<Enum> lookup(const QString &text, const std::pair<Enum, const char *> (&table)[N])
{
    for (const auto &[value, name] : table)
        if (text == QLatin1String(name))
            return value;
    return std::nullopt;
}

template <typename Enum, std::size_t N>
QString name(Enum value, const std::pair<Enum, const char *> (&table)[N])
{
    for (const auto &[v, n] : table)
        if (v == value)
            return QString::fromLatin1(n);
    return {};
}

constexpr std::pair<PricingPlan, const char *> kPlans[] = {
    {PricingPlan::OnDemand, "on-demand"},
    {PricingPlan::Spot, "spot"},
    {PricingPlan::Reserved1y, "reserved-1y"},
    {PricingPlan::Reserved3y, "reserved-3y"},
};
constexpr std::pair<CloudCategory, const char *> kCategories[] = {
    {CloudCategory::Hyperscaler, "hyperscaler"},
    {CloudCategory::MlCloud, "ml-cloud"},
    {CloudCategory::Marketplace, "marketplace"},
};
constexpr std::pair<BuildKind, const char *> kKinds[] = {
    {BuildKind::BuiltFromScratch, "built-from-scratch"},
    {BuildKind::PreBuilt, "pre-built"},
    {BuildKind::UsedParts, "used-parts"},
};
constexpr std::pair<ThroughputProfile, const char *> kProfiles[] = {
    {ThroughputProfile::Training, "training"},
    {ThroughputProfile::LlmTraining, "llm-training"},
    {ThroughputProfile::InferenceMemoryBound, "inference-memory-bound"},
    {ThroughputProfile::Peak, "peak"},
};
constexpr std::pair<Distribution, const char *> kDistributions[] = {
    {Distribution::Triangular, "triangular"},
    {Distribution::Uniform, "uniform"},
};
constexpr std::pair<Criterion, const char *> kCriteria[] = {
    {Criterion::Cost, "cost"},
    {Criterion::Performance, "performance"},
    {Criterion::Setup, "setup"},
    {Criterion::Reliability, "reliability"},
    {Criterion::DataControl, "dataControl"},
    {Criterion::Scalability, "scalability"},
    {Criterion::Flexibility, "flexibility"},
};
} // namespace

bool validCriterionWeights(const CriterionWeights &weights)
{
    double sum = 0;
    for (const double w : weights) {
        if (!std::isfinite(w) || w < 0)
            return false;
        sum += w;
    }
    return sum > 0;
}

QString toString(Distribution distribution) { return name(distribution, kDistributions); }
std::optional<Distribution> distributionFromString(const QString &t) { return lookup(t, kDistributions); }
QString toString(Criterion criterion) { return name(criterion, kCriteria); }
std::optional<Criterion> criterionFromString(const QString &t) { return lookup(t, kCriteria); }
QString toString(ThroughputProfile profile) { return name(profile, kProfiles); }
std::optional<ThroughputProfile> throughputProfileFromString(const QString &t) { return lookup(t, kProfiles); }
QString toString(PricingPlan plan) { return name(plan, kPlans); }
QString toString(CloudCategory category) { return name(category, kCategories); }
QString toString(BuildKind kind) { return name(kind, kKinds); }
std::optional<PricingPlan> pricingPlanFromString(const QString &t) { return lookup(t, kPlans); }
std::optional<CloudCategory> cloudCategoryFromString(const QString &t) { return lookup(t, kCategories); }
std::optional<BuildKind> buildKindFromString(const QString &t) { return lookup(t, kKinds); }

std::optional<double> CloudOffer::upfrontPrice(PricingPlan plan) const
{
    switch (plan) {
    case PricingPlan::Reserved1y: return reserved1yUpfront;
    case PricingPlan::Reserved3y: return reserved3yUpfront;
    case PricingPlan::OnDemand:
    case PricingPlan::Spot: return std::nullopt;
    }
    return std::nullopt;
}

std::optional<double> CloudOffer::price(PricingPlan plan) const
{
    switch (plan) {
    case PricingPlan::OnDemand: return onDemand;
    case PricingPlan::Spot: return spot;
    case PricingPlan::Reserved1y: return reserved1y;
    case PricingPlan::Reserved3y: return reserved3y;
    }
    return std::nullopt;
}

std::optional<double> CloudOffer::headlinePrice() const
{
    for (PricingPlan plan : kHeadlinePlans) {
        if (const std::optional<double> p = price(plan))
            return p;
    }
    return std::nullopt;
}

double OnPremBuild::partsPrice() const
{
    double sum = 0;
    for (const Component &c : components)
        sum += c.price * c.quantity;
    return sum;
}

double OnPremBuild::hardwarePrice() const
{
    if (listPrice)
        return *listPrice;
    const double parts = partsPrice();
    return kind == BuildKind::PreBuilt ? parts * (1.0 + preBuiltMarkup) : parts;
}

double WorkloadDemand::peak() const
{
    return gpus.empty() ? 0.0 : *std::max_element(gpus.begin(), gpus.end());
}

double WorkloadDemand::mean() const
{
    return gpus.empty() ? 0.0 : std::accumulate(gpus.begin(), gpus.end(), 0.0) / double(gpus.size());
}

double WorkloadDemand::utilization() const
{
    const double top = peak();
    // Rounding may leave the mean a hair above a flat profile's peak; u never exceeds 1.
    return top > 0 ? std::min(1.0, mean() / top) : 0.0;
}

Workload withDemand(Workload workload, WorkloadDemand demand)
{
    workload.gpus = demand.peak();
    workload.utilization = demand.utilization();
    workload.demand = std::move(demand);
    return workload;
}

Workload withServing(Workload workload, Serving serving)
{
    // A demand profile in requests gives the shape; without one the peak is peakToMean × λ.
    if (workload.demand)
        workload.utilization = workload.demand->utilization();
    else if (serving.peakToMean >= 1)
        workload.utilization = 1.0 / serving.peakToMean;
    workload.serving = std::move(serving);
    return workload;
}

QString toString(Discounting discounting)
{
    return discounting == Discounting::Yearly ? QStringLiteral("yearly") : QStringLiteral("monthly");
}

std::optional<Discounting> discountingFromString(const QString &text)
{
    if (text == QLatin1String("monthly"))
        return Discounting::Monthly;
    if (text == QLatin1String("yearly"))
        return Discounting::Yearly;
    return std::nullopt;
}

QString toString(FinancingMethod method)
{
    switch (method) {
    case FinancingMethod::Cash: return QStringLiteral("cash");
    case FinancingMethod::Loan: return QStringLiteral("loan");
    case FinancingMethod::Lease: return QStringLiteral("lease");
    }
    return {};
}

std::optional<FinancingMethod> financingMethodFromString(const QString &text)
{
    for (const auto method : {FinancingMethod::Cash, FinancingMethod::Loan, FinancingMethod::Lease})
        if (text == toString(method))
            return method;
    return std::nullopt;
}

QString toString(DepreciationMethod method)
{
    switch (method) {
    case DepreciationMethod::StraightLine: return QStringLiteral("straight-line");
    case DepreciationMethod::Macrs5: return QStringLiteral("macrs-5");
    case DepreciationMethod::Expensing: return QStringLiteral("expensing");
    }
    return {};
}

std::optional<DepreciationMethod> depreciationMethodFromString(const QString &text)
{
    for (const auto method : {DepreciationMethod::StraightLine, DepreciationMethod::Macrs5, DepreciationMethod::Expensing})
        if (text == toString(method))
            return method;
    return std::nullopt;
}

} // namespace breakeven
