#include "bundledcatalog.h"
#include "catalogtable.h"

#include <algorithm>

#include "inputerror.h"
#include "text/csvreader.h"

#include <QDir>
#include <QFile>
#include <QHash>

#include <cmath>

namespace breakeven {

namespace {

using Table = CatalogTable;

const QString kPrefix = QStringLiteral(":/pricing-db/");

} // namespace

std::vector<GpuModel> parseGpuModels(const QByteArray &csv, const QString &name)
{
    std::vector<GpuModel> models;
    Table t(csv, name);
    while (t.next()) {
        GpuModel g;
        g.name = t.text("name");
        g.vendor = t.text("vendor", false);
        g.architecture = t.text("architecture", false);
        g.year = int(t.number("year", 0));
        g.memoryGB = t.requiredNumber("memory_gb");
        g.bandwidthGBs = t.number("bandwidth_gbs", 0);
        g.fp16Tflops = t.number("fp16_tflops", 0);
        g.fp32Tflops = t.number("fp32_tflops", 0);
        g.tdpW = t.number("tdp_w", 0);
        g.gpusPerBoard = int(t.number("gpus_per_board", 1));
        g.priceNewUsd = t.number("price_new_usd", 0);
        g.priceUsedUsd = t.number("price_used_usd", 0);
        g.relativeThroughput = t.requiredNumber("relative_throughput");
        g.throughputBasis = t.text("throughput_basis", false);
        g.source = t.text("source");
        g.asOf = t.text("as_of");
        if (g.gpusPerBoard < 1)
            t.fail("gpus_per_board", QStringLiteral("must be at least 1"));
        if (!(g.relativeThroughput > 0))
            t.fail("relative_throughput", QStringLiteral("must be above 0"));
        models.push_back(g);
    }
    return models;
}

void parseThroughputProfiles(const QByteArray &csv, const QString &name, std::vector<GpuModel> &models)
{
    Table t(csv, name);
    while (t.next()) {
        const QString gpu = t.text("gpu");
        const auto model = std::find_if(models.begin(), models.end(), [&](const GpuModel &g) { return g.name == gpu; });
        if (model == models.end())
            t.fail("gpu", QStringLiteral("unknown GPU \"%1\"").arg(gpu));
        const auto profile = throughputProfileFromString(t.text("profile"));
        if (!profile)
            t.fail("profile", QStringLiteral("must be training, llm-training, inference-memory-bound or peak"));
        ThroughputFigure &f = model->profiles[std::size_t(*profile)];
        f.relative = t.requiredNumber("relative_throughput");
        if (!(f.relative > 0))
            t.fail("relative_throughput", QStringLiteral("must be above 0"));
        f.basis = t.text("basis");
        f.source = t.text("source");
        f.asOf = t.text("as_of");
    }
}

GpuCatalog loadBundledGpuCatalog()
{
    const QString gpus = kPrefix + QStringLiteral("gpus.csv");
    const QString profiles = kPrefix + QStringLiteral("throughput-profiles.csv");
    std::vector<GpuModel> models = parseGpuModels(readResource(gpus), gpus);
    parseThroughputProfiles(readResource(profiles), profiles, models);
    GpuCatalog catalog;
    for (const GpuModel &g : models)
        catalog.add(g);
    const QHash<QString, GpuCatalog::LowPrecisionTflops> rates
        = GpuCatalog::parseLowPrecisionTflops(readResource(gpus), gpus);
    for (auto it = rates.begin(); it != rates.end(); ++it)
        catalog.setLowPrecisionTflops(it.key(), it.value());
    const QString aliases = kPrefix + QStringLiteral("gpu-aliases.csv");
    Table t(readResource(aliases), aliases);
    while (t.next()) {
        const QString target = t.text("name");
        if (!catalog.find(target))
            t.fail("name", QStringLiteral("unknown GPU \"%1\"").arg(target));
        catalog.addAlias(t.text("alias"), target);
    }
    return catalog;
}

std::vector<CloudOffer> parseCloudOffers(const QByteArray &csv, const QString &name)
{
    std::vector<CloudOffer> offers;
    Table t(csv, name);
    while (t.next()) {
        CloudOffer o;
        o.provider = t.text("provider");
        const auto category = cloudCategoryFromString(t.text("category"));
        if (!category)
            t.fail("category", QStringLiteral("must be hyperscaler, ml-cloud or marketplace"));
        o.category = *category;
        o.instanceType = t.text("instance_type");
        o.gpu = t.text("gpu");
        o.gpuCount = int(t.requiredNumber("gpu_count"));
        o.vcpus = t.number("vcpus", 0);
        o.memoryGiB = t.number("memory_gib", 0);
        o.region = t.text("region", false);
        o.currency = t.text("currency");
        o.onDemand = t.optionalNumber("on_demand");
        o.spot = t.optionalNumber("spot");
        o.reserved1y = t.optionalNumber("reserved_1y");
        o.reserved3y = t.optionalNumber("reserved_3y");
        o.reserved1yUpfront = t.optionalNumber("reserved_1y_upfront");
        o.reserved3yUpfront = t.optionalNumber("reserved_3y_upfront");
        o.source = t.text("source");
        o.url = t.text("url", false);
        o.asOf = t.text("as_of");
        if (o.gpuCount < 1)
            t.fail("gpu_count", QStringLiteral("must be at least 1"));
        offers.push_back(o);
    }
    return offers;
}

std::vector<CloudOffer> loadBundledOffers()
{
    const QString path = kPrefix + QStringLiteral("cloud-offers.csv");
    return parseCloudOffers(readResource(path), path);
}

std::vector<UtilizationPreset> bundledUtilizationPresets()
{
    const QString path = kPrefix + QStringLiteral("utilization-presets.csv");
    std::vector<UtilizationPreset> presets;
    Table t(readResource(path), path);
    while (t.next())
        presets.push_back({t.text("name"), t.requiredNumber("utilization"), t.text("source", false)});
    return presets;
}

std::vector<OverheadPreset> bundledOverheadPresets()
{
    const QString path = kPrefix + QStringLiteral("overhead-presets.csv");
    std::vector<OverheadPreset> presets;
    Table t(readResource(path), path);
    while (t.next()) {
        OverheadPreset p;
        p.name = t.text("name");
        p.overheadPerYearOfHardware = t.requiredNumber("overhead_per_year_of_hardware");
        p.overheadIncludesPower = t.boolean("overhead_includes_power");
        p.pue = t.number("pue", 1.0);
        p.electricityPerKWh = t.number("electricity_per_kwh", 0.15);
        p.lifetimeYears = t.number("lifetime_years", 3);
        p.source = t.text("source", false);
        presets.push_back(p);
    }
    return presets;
}

std::vector<PayingPreset> bundledPayingPresets()
{
    const QString path = kPrefix + QStringLiteral("paying-presets.csv");
    std::vector<PayingPreset> presets;
    Table t(readResource(path), path);
    while (t.next()) {
        PayingPreset p;
        p.name = t.text("name");
        const QString kind = t.text("kind");
        if (kind == QLatin1String("tax")) {
            p.kind = PayingPreset::Kind::Tax;
            p.tax.rate = t.requiredNumber("tax_rate");
            const auto method = depreciationMethodFromString(t.text("depreciation"));
            if (!method)
                throw InputError(path, QStringLiteral("%1: depreciation is not one of straight-line, macrs-5, expensing").arg(p.name));
            p.tax.depreciation = *method;
            p.tax.depreciationYears = t.number("depreciation_years", 5);
        } else {
            const auto method = financingMethodFromString(t.text("method"));
            if (kind != QLatin1String("financing") || !method)
                throw InputError(path, QStringLiteral("%1: neither a tax nor a loan, lease or cash").arg(p.name));
            p.financing.method = *method;
            p.financing.annualRate = t.number("annual_rate", 0);
            p.financing.termMonths = int(t.number("term_months", 36));
            p.financing.downPayment = t.number("down_payment", 0);
            p.paymentSharePerMonth = t.number("payment_share_per_month", 0);
            if (!t.text("buyout", false).isEmpty())
                p.financing.buyout = t.requiredNumber("buyout");
        }
        p.source = t.text("source", false);
        presets.push_back(p);
    }
    return presets;
}

Financing PayingPreset::financingFor(const OnPremBuild &build) const
{
    Financing f = financing;
    if (f.method == FinancingMethod::Lease)
        f.paymentPerMonth = paymentSharePerMonth * build.hardwarePrice();
    return f;
}

std::optional<double> ReferenceRates::rate(const QString &from, const QString &to) const
{
    const auto a = perEur.find(from);
    const auto b = perEur.find(to);
    if (a == perEur.end() || b == perEur.end() || !(a->second > 0))
        return std::nullopt;
    return b->second / a->second;
}

const ReferenceRates &bundledExchangeRates()
{
    static const ReferenceRates rates = [] {
        const QString path = kPrefix + QStringLiteral("exchange-rates.csv");
        ReferenceRates r;
        r.perEur[QStringLiteral("EUR")] = 1.0;
        Table t(readResource(path), path);
        while (t.next()) {
            r.perEur[t.text("currency")] = t.requiredNumber("per_eur");
            r.asOf = t.text("as_of");
            r.source = t.text("source", false);
        }
        return r;
    }();
    return rates;
}

std::vector<OnPremBuild> bundledExampleBuilds()
{
    const QString path = kPrefix + QStringLiteral("example-builds.csv");
    std::vector<OnPremBuild> builds;
    Table t(readResource(path), path);
    while (t.next()) {
        const QString name = t.text("build");
        if (builds.empty() || builds.back().name != name) {
            OnPremBuild b;
            b.name = name;
            const auto kind = buildKindFromString(t.text("kind"));
            if (!kind)
                t.fail("kind", QStringLiteral("must be built-from-scratch, pre-built or used-parts"));
            b.kind = *kind;
            b.gpu = t.text("gpu");
            b.gpuCount = int(t.requiredNumber("gpu_count"));
            b.currency = t.text("currency");
            b.idleW = t.optionalNumber("idle_w");
            b.loadW = t.optionalNumber("load_w");
            b.lifetimeYears = t.number("lifetime_years", 3);
            builds.push_back(b);
        }
        builds.back().components.push_back(
            {t.text("component"), t.requiredNumber("price"), t.number("quantity", 1)});
    }
    return builds;
}

QStringList bundledExampleNames()
{
    QStringList names = QDir(QStringLiteral(":/examples")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (QString &n : names)
        n.chop(5);
    // The one a new user sees first teaches the decision: a server with power and overheads against
    // renting the same GPUs.
    if (names.removeOne(QStringLiteral("h100-server")))
        names.prepend(QStringLiteral("h100-server"));
    return names;
}

QByteArray bundledExample(const QString &name)
{
    return readResource(QStringLiteral(":/examples/%1.json").arg(name));
}

} // namespace breakeven
