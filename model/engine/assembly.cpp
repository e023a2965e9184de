#include "assembly.h"

#include "inputerror.h"
#include "servingassembly.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <utility>

namespace breakeven {

namespace {

// The path of an option's field, for a message: "onPremOptions[2].gpu". Written only when a
// message needs it (a lay-out of a risk analysis assembles hundreds of times).
QString fieldPath(const char *list, std::size_t index, const char *field)
{
    return QStringLiteral("%1[%2].%3").arg(QLatin1String(list)).arg(index).arg(QLatin1String(field));
}

double rateFor(const Scenario &s, const QString &currency, const char *list, std::size_t index)
{
    if (currency == s.currency)
        return 1.0;
    const auto it = s.exchangeRates.find(currency);
    if (it == s.exchangeRates.end())
        throw InputError(fieldPath(list, index, "currency"),
                         QStringLiteral("no exchange rate from %1 to %2 in exchangeRates").arg(currency, s.currency));
    return it->second;
}

GpuModel requireGpu(const Scenario &s, const GpuCatalog &catalog, const QString &name, const char *list, std::size_t index)
{
    if (auto gpu = resolveGpu(s, name, catalog))
        return *gpu;
    throw InputError(fieldPath(list, index, "gpu"),
                     QStringLiteral("unknown GPU \"%1\" (not in the scenario's gpus nor in the catalog)").arg(name));
}

} // namespace

std::optional<GpuModel> resolveGpu(const Scenario &s, const QString &name, const GpuCatalog &catalog)
{
    const QString key = GpuCatalog::normalized(name);
    for (const GpuModel &g : s.gpus)
        if (GpuCatalog::normalized(g.name) == key) {
            GpuModel own = g;
            own.throughputBasis = QStringLiteral("the scenario's figure");
            return own;
        }
    const GpuModel *found = catalog.find(name);
    if (!found)
        return std::nullopt;
    GpuModel g = *found;
    // Catalog figures are the workload's profile's, relative to the catalog's reference;
    // re-express them against the scenario's reference when that one is in the catalog too.
    const ThroughputProfile profile = s.workload.throughputProfile;
    g.relativeThroughput = found->throughputFor(profile);
    if (const ThroughputFigure &f = found->figure(profile); f.relative > 0) {
        g.throughputBasis = f.basis;
        g.source = f.source;
    }
    if (const GpuModel *reference = catalog.find(s.referenceGpu); reference && reference->throughputFor(profile) > 0)
        g.relativeThroughput /= reference->throughputFor(profile);
    return g;
}

std::optional<double> workloadGpusAs(const Scenario &s, const QString &model, const GpuCatalog &catalog)
{
    const auto reference = resolveGpu(s, s.referenceGpu, catalog);
    const auto target = resolveGpu(s, model, catalog);
    if (!reference || !target || !(reference->relativeThroughput > 0) || !(target->relativeThroughput > 0))
        return std::nullopt;
    return s.workload.busyGpus() * reference->relativeThroughput / target->relativeThroughput;
}

Scenario withGpuFigures(const Scenario &s, const GpuCatalog &catalog)
{
    Scenario out = s;
    QStringList names{s.referenceGpu};
    for (const OnPremBuild &b : s.onPremOptions)
        names << b.gpu;
    for (const CloudOption &c : s.cloudOptions)
        names << c.gpu;
    for (const QString &name : names) {
        const QString key = GpuCatalog::normalized(name);
        const bool present = std::any_of(out.gpus.begin(), out.gpus.end(),
                                         [&](const GpuModel &g) { return GpuCatalog::normalized(g.name) == key; });
        if (present)
            continue;
        if (auto gpu = resolveGpu(s, name, catalog)) {
            gpu->name = name; // as the scenario spells it, so it is found without the catalog's aliases
            gpu->profiles = {}; // the workload's profile's figure is relativeThroughput now
            out.gpus.push_back(*gpu);
        }
    }
    return out;
}

double defaultLoadW(const GpuModel &gpu, int devices)
{
    return devices * gpu.tdpW / std::max(1, gpu.gpusPerBoard) + 150.0;
}

EngineInput assemble(const Scenario &s, const GpuCatalog &catalog)
{
    // Every throughput is relative to the reference: an unknown one would silently leave the
    // catalog's own reference in its place.
    if (!resolveGpu(s, s.referenceGpu, catalog))
        throw InputError(QStringLiteral("referenceGpu"),
                         QStringLiteral("unknown GPU \"%1\": name one of the scenario's gpus or of the catalog").arg(s.referenceGpu));
    EngineInput in;
    in.scenarioName = s.name;
    in.throughputProfile = s.workload.throughputProfile;
    in.referenceGpu = s.referenceGpu;
    in.currency = s.currency;
    in.horizonMonths = s.horizonMonths;
    in.discountRatePerYear = s.discountRatePerYear;
    in.discounting = s.discounting;
    in.creditResaleValue = s.creditResaleValue;
    in.tax = s.tax;
    in.hardwarePriceChangePerYear = s.hardwarePriceChangePerYear;
    in.electricityPriceChangePerYear = s.electricityPriceChangePerYear;
    // With a demand profile N is its peak (docs/model.md, "Demand profiles").
    in.gpus = s.workload.busyGpus();
    in.growthPerYear = s.workload.growthPerYear;
    in.minGpuMemoryGB = s.workload.minGpuMemoryGB;
    in.jobReferenceGpuHours = s.workload.jobReferenceGpuHours;
    in.gpusPerJob = s.workload.gpusPerJob;
    in.parallelJobs = s.workload.parallelJobs;
    in.criterionWeights = s.criterionWeights;

    in.options.reserve(s.onPremOptions.size() + s.cloudOptions.size() + s.apiOptions.size());
    for (std::size_t i = 0; i < s.onPremOptions.size(); ++i) {
        const OnPremBuild &b = s.onPremOptions[i];
        const GpuModel gpu = requireGpu(s, catalog, b.gpu, "onPremOptions", i);
        const double rate = rateFor(s, b.currency, "onPremOptions", i);
        OptionInput o;
        o.name = b.name;
        o.kind = OptionKind::OnPrem;
        o.gpu = gpu.name;
        o.relativeThroughput = gpu.relativeThroughput;
        o.throughputBasis = gpu.throughputBasis;
        o.throughputSource = gpu.source;
        o.memoryGB = gpu.memoryGB;
        o.scores = b.scores;
        OnPremTerms &t = o.onPrem;
        t.kind = b.kind;
        t.hardware = b.hardwarePrice() * rate;
        t.infrastructureOneTime = b.infrastructureOneTime * rate;
        t.loadW = b.loadW.value_or(defaultLoadW(gpu, b.gpuCount));
        t.idleW = b.idleW.value_or(defaultIdleW(t.loadW));
        t.electricityPerKWh = b.electricityPerKWh * rate;
        t.pue = b.pue;
        t.overheadPerYearOfHardware = b.overheadPerYearOfHardware;
        t.overheadIncludesPower = b.overheadIncludesPower;
        t.laborPerMonth = b.laborPerMonth * rate;
        t.colocationPerMonth = b.colocationPerMonth * rate;
        t.colocationPerKWMonth = b.colocationPerKWMonth * rate;
        t.spareShare = b.spareShare;
        o.goodput = b.goodput;
        t.lifetimeMonths = std::max(1, int(std::lround(b.lifetimeYears * 12.0)));
        t.depreciationPerYear = b.depreciationPerYear;
        t.resaleHaircut = b.resaleHaircut;
        t.financing = b.financing;
        t.financing.paymentPerMonth = b.financing.paymentPerMonth * rate;
        t.devicesPerUnit = std::max(1, b.gpuCount);
        in.options.push_back(std::move(o));
    }

    const double storageGB = s.workload.storageGB;
    const double egressGB = s.workload.egressGBPerMonth;
    for (std::size_t i = 0; i < s.cloudOptions.size(); ++i) {
        const CloudOption &c = s.cloudOptions[i];
        const GpuModel gpu = requireGpu(s, catalog, c.gpu, "cloudOptions", i);
        const double rate = rateFor(s, c.currency, "cloudOptions", i);
        OptionInput o;
        o.name = c.name;
        o.kind = OptionKind::Cloud;
        o.gpu = gpu.name;
        o.relativeThroughput = gpu.relativeThroughput;
        o.throughputBasis = gpu.throughputBasis;
        o.throughputSource = gpu.source;
        o.memoryGB = gpu.memoryGB;
        o.scores = c.scores;
        CloudTerms &t = o.cloud;
        t.plan = c.pricing;
        t.category = c.category;
        t.pricePerGpuHour = c.pricePerHour * rate * c.priceMultiplier / std::max(1, c.gpusPerInstance);
        t.spotRework = c.spotRework;
        t.platformFeePerMonth = c.platformFeePerMonth * rate;
        t.storagePerMonth = storageGB * c.storagePerGBMonth * rate;
        t.egressPerMonth = egressGB * c.egressPerGB * rate;
        t.maxGpus = c.maxGpus;
        t.priceChangePerYear = c.priceChangePerYear.value_or(s.cloudPriceChangePerYear);
        t.reservedUpfrontShare = c.reservedUpfrontShare;
        t.commitmentMonths = c.commitmentMonths.value_or(c.pricing == PricingPlan::Reserved3y ? 36 : 12);
        o.goodput = c.goodput;
        in.options.push_back(std::move(o));
    }

    // Hybrid options name a build and a cloud option of the scenario (docs/model.md, "Hybrid fleets").
    if (s.workload.demand)
        in.demandProfile = s.workload.demand->gpus;
    // Serving: N, the profile and the GPU options' throughput from the traffic, and the API
    // options after the cloud options (docs/model.md, "Serving").
    assembleServing(s, catalog, in);
    const int builds = int(s.onPremOptions.size());
    for (std::size_t i = 0; i < s.hybridOptions.size(); ++i) {
        const HybridOption &h = s.hybridOptions[i];
        const QString path = QStringLiteral("hybridOptions[%1]").arg(i);
        HybridInput hybrid;
        hybrid.name = h.name;
        hybrid.units = h.units;
        for (int b = 0; b < builds && hybrid.onPrem < 0; ++b)
            if (s.onPremOptions[std::size_t(b)].name == h.onPrem)
                hybrid.onPrem = b;
        for (int c = 0; c < int(s.cloudOptions.size()) && hybrid.cloud < 0; ++c)
            if (s.cloudOptions[std::size_t(c)].name == h.cloud)
                hybrid.cloud = builds + c;
        if (hybrid.onPrem < 0)
            throw InputError(path + QStringLiteral(".onPrem"), QStringLiteral("no build named \"%1\" in onPremOptions").arg(h.onPrem));
        if (hybrid.cloud < 0)
            throw InputError(path + QStringLiteral(".cloud"), QStringLiteral("no cloud option named \"%1\" in cloudOptions").arg(h.cloud));
        in.hybrids.push_back(hybrid);
    }
    return in;
}

} // namespace breakeven
