// Shared by the scenario JSON tests: exact field-by-field comparison of scenarios, builders of
// small documents, the documented example with the values it must read as, and a scenario in
// which every field is set.
#pragma once

#include "domain.h"

#include <QByteArray>
#include <QTest>

#include <optional>

namespace breakeven::fixtures {

// Text forms used to compare fields: exact for doubles (17 digits) and readable on failure.
inline QString show(double value) { return QString::number(value, 'g', 17); }
inline QString show(int value) { return QString::number(value); }
inline QString show(bool value) { return value ? QStringLiteral("true") : QStringLiteral("false"); }
inline QString show(const QString &value) { return value; }
inline QString show(const std::optional<double> &value)
{
    return value ? show(*value) : QStringLiteral("null");
}
inline QString show(PricingPlan value) { return toString(value); }
inline QString show(CloudCategory value) { return toString(value); }
inline QString show(BuildKind value) { return toString(value); }

#define SAME(field) QCOMPARE(show(actual.field), show(expected.field))

inline void compare(const Workload &actual, const Workload &expected)
{
    SAME(name); SAME(gpus); SAME(utilization); SAME(minGpuMemoryGB); SAME(growthPerYear);
    SAME(storageGB); SAME(egressGBPerMonth); SAME(jobReferenceGpuHours); SAME(gpusPerJob);
    SAME(parallelJobs);
}

inline void compare(const GpuModel &actual, const GpuModel &expected)
{
    SAME(name); SAME(vendor); SAME(architecture); SAME(year); SAME(memoryGB); SAME(bandwidthGBs);
    SAME(fp16Tflops); SAME(fp32Tflops); SAME(tdpW); SAME(gpusPerBoard); SAME(priceNewUsd);
    SAME(priceUsedUsd); SAME(relativeThroughput); SAME(throughputBasis); SAME(source); SAME(asOf);
}

inline void compare(const CloudOption &actual, const CloudOption &expected)
{
    SAME(name); SAME(provider); SAME(category); SAME(instanceType); SAME(gpu); SAME(region);
    SAME(gpusPerInstance); SAME(pricing); SAME(pricePerHour); SAME(currency); SAME(spotRework);
    SAME(platformFeePerMonth); SAME(storagePerGBMonth); SAME(egressPerGB); SAME(priceMultiplier);
    SAME(maxGpus);
}

inline void compare(const OnPremBuild &actual, const OnPremBuild &expected)
{
    SAME(name); SAME(kind); SAME(gpu); SAME(gpuCount); SAME(listPrice); SAME(preBuiltMarkup);
    SAME(currency); SAME(infrastructureOneTime); SAME(idleW); SAME(loadW); SAME(electricityPerKWh);
    SAME(pue); SAME(overheadPerYearOfHardware); SAME(overheadIncludesPower); SAME(laborPerMonth);
    SAME(colocationPerMonth); SAME(lifetimeYears); SAME(depreciationPerYear);
    QCOMPARE(actual.components.size(), expected.components.size());
    for (std::size_t i = 0; i < expected.components.size(); ++i) {
        QCOMPARE(actual.components[i].name, expected.components[i].name);
        QCOMPARE(show(actual.components[i].price), show(expected.components[i].price));
        QCOMPARE(show(actual.components[i].quantity), show(expected.components[i].quantity));
    }
}

template <typename T>
void compareLists(const std::vector<T> &actual, const std::vector<T> &expected)
{
    QCOMPARE(actual.size(), expected.size());
    for (std::size_t i = 0; i < expected.size() && !QTest::currentTestFailed(); ++i)
        compare(actual[i], expected[i]);
}

inline void compare(const Scenario &actual, const Scenario &expected)
{
    SAME(name); SAME(currency); SAME(horizonMonths); SAME(referenceGpu); SAME(discountRatePerYear);
    SAME(creditResaleValue);
    QCOMPARE(actual.exchangeRates.size(), expected.exchangeRates.size());
    for (const auto &[code, rate] : expected.exchangeRates) {
        QVERIFY2(actual.exchangeRates.count(code), qPrintable(code));
        QCOMPARE(show(actual.exchangeRates.at(code)), show(rate));
    }
    compare(actual.workload, expected.workload);
    if (QTest::currentTestFailed()) return;
    compareLists(actual.gpus, expected.gpus);
    if (QTest::currentTestFailed()) return;
    compareLists(actual.cloudOptions, expected.cloudOptions);
    if (QTest::currentTestFailed()) return;
    compareLists(actual.onPremOptions, expected.onPremOptions);
}

#undef SAME

// A version 1 document with the given top-level fields after format and version.
inline QByteArray doc(const QByteArray &fields = {})
{
    QByteArray text = R"({"format": "breakeven-scenario", "version": 1)";
    if (!fields.isEmpty())
        text += ", " + fields;
    return text + "}";
}

// Documents with one minimal option (or GPU, or workload) carrying the given extra fields.
inline QByteArray cloud(const QByteArray &extra)
{
    return doc(R"("cloudOptions": [{"name": "c", "gpu": "A10G", "pricePerHour": 1, )" + extra
               + "}]");
}

inline QByteArray onPrem(const QByteArray &extra)
{
    return doc(R"("onPremOptions": [{"name": "b", "gpu": "K80", )" + extra + "}]");
}

inline QByteArray gpu(const QByteArray &extra)
{
    return doc(R"("gpus": [{"name": "K80", )" + extra + "}]");
}

inline QByteArray workload(const QByteArray &fields)
{
    return doc(R"("workload": {)" + fields + "}");
}

inline const QByteArray kProductExample = R"({
  "format": "breakeven-scenario", "version": 1,
  "name": "Budget rig vs g5.xlarge",
  "currency": "EUR", "exchangeRates": {"USD": 0.92},
  "horizonMonths": 36, "referenceGpu": "A100-SXM4-80GB",
  "discountRatePerYear": 0.0, "creditResaleValue": false,
  "workload": {"name": "experiments", "gpus": 1, "utilization": 1.0, "minGpuMemoryGB": 0,
               "growthPerYear": 0.0, "storageGB": 0, "egressGBPerMonth": 0,
               "jobReferenceGpuHours": 10, "gpusPerJob": 1, "parallelJobs": 16},
  "gpus": [{"name": "K80", "memoryGB": 12, "relativeThroughput": 1.0, "tdpW": 150, "gpusPerBoard": 2}],
  "cloudOptions": [{"name": "g5.xlarge on-demand", "provider": "aws", "category": "hyperscaler",
                    "instanceType": "g5.xlarge", "gpu": "A10G", "gpusPerInstance": 1,
                    "pricing": "on-demand", "pricePerHour": 1.00, "currency": "EUR",
                    "spotRework": 0.1, "platformFeePerMonth": 0, "storagePerGBMonth": 0,
                    "egressPerGB": 0, "priceMultiplier": 1.0, "maxGpus": 64}],
  "onPremOptions": [{"name": "Budget K80 rig", "kind": "used-parts", "gpu": "K80", "gpuCount": 2,
                     "components": [{"name": "board, CPU, RAM", "price": 40, "quantity": 1},
                                    {"name": "power supply", "price": 9, "quantity": 1},
                                    {"name": "Tesla K80", "price": 96, "quantity": 1}],
                     "currency": "EUR", "infrastructureOneTime": 0, "idleW": 0, "loadW": 0,
                     "electricityPerKWh": 0, "pue": 1.0, "overheadPerYearOfHardware": 0,
                     "overheadIncludesPower": false, "laborPerMonth": 0, "colocationPerMonth": 0,
                     "lifetimeYears": 3, "depreciationPerYear": 0.2}]
})";

// What kProductExample reads as: the values it gives, and the defaults for those it leaves out.
inline Scenario productExample()
{
    Scenario s;
    s.name = QStringLiteral("Budget rig vs g5.xlarge");
    s.currency = QStringLiteral("EUR");
    s.exchangeRates = {{QStringLiteral("USD"), 0.92}};
    s.horizonMonths = 36;
    s.referenceGpu = QStringLiteral("A100-SXM4-80GB");
    s.workload.name = QStringLiteral("experiments");
    s.workload.gpus = 1;
    s.workload.utilization = 1.0;
    s.workload.jobReferenceGpuHours = 10.0;
    s.workload.parallelJobs = 16;

    GpuModel g;
    g.name = QStringLiteral("K80");
    g.memoryGB = 12;
    g.relativeThroughput = 1.0;
    g.tdpW = 150;
    g.gpusPerBoard = 2;
    s.gpus = {g};

    CloudOption c;
    c.name = QStringLiteral("g5.xlarge on-demand");
    c.provider = QStringLiteral("aws");
    c.category = CloudCategory::Hyperscaler;
    c.instanceType = QStringLiteral("g5.xlarge");
    c.gpu = QStringLiteral("A10G");
    c.gpusPerInstance = 1;
    c.pricing = PricingPlan::OnDemand;
    c.pricePerHour = 1.0;
    c.currency = QStringLiteral("EUR");
    c.spotRework = 0.1;
    c.maxGpus = 64;
    s.cloudOptions = {c};

    OnPremBuild b;
    b.name = QStringLiteral("Budget K80 rig");
    b.kind = BuildKind::UsedParts;
    b.gpu = QStringLiteral("K80");
    b.gpuCount = 2;
    b.components = {{QStringLiteral("board, CPU, RAM"), 40, 1},
                    {QStringLiteral("power supply"), 9, 1},
                    {QStringLiteral("Tesla K80"), 96, 1}};
    b.currency = QStringLiteral("EUR");
    b.idleW = 0.0;
    b.loadW = 0.0;
    b.electricityPerKWh = 0;
    b.pue = 1.0;
    b.lifetimeYears = 3;
    b.depreciationPerYear = 0.2;
    s.onPremOptions = {b};
    return s;
}

// A scenario in which every field differs from its default, with values that are hard to
// round-trip: shortest-form doubles, extremes, escapes and non-ASCII text.
inline Scenario everyField()
{
    Scenario s;
    // Quotes, a backslash and text beyond ASCII; control characters are refused (see
    // rejectsInvalidInput), so none can be written back.
    s.name = QStringLiteral("Rig \"α\" \\ vs cloud / second line € 😀");
    s.currency = QStringLiteral("EUR");
    s.exchangeRates = {{QStringLiteral("USD"), 0.92}, {QStringLiteral("GBP"), 1.0 / 3},
                       {QStringLiteral("JPY"), 0.0061}};
    s.horizonMonths = 600;
    s.referenceGpu = QStringLiteral("H100-SXM5-80GB");
    s.discountRatePerYear = -0.5;
    s.creditResaleValue = true;

    Workload &w = s.workload;
    w.name = QStringLiteral("sweeps");
    w.gpus = 987654321987.654; // up to the limit of 1e12, with every digit kept
    w.utilization = 0.1 + 0.2;
    w.minGpuMemoryGB = 40;
    w.growthPerYear = 0.25;
    w.storageGB = 1e-300;
    w.egressGBPerMonth = 123456789.123;
    w.jobReferenceGpuHours = 0;
    w.gpusPerJob = 8;
    w.parallelJobs = 2147483647;

    GpuModel g;
    g.name = QStringLiteral("K80");
    g.vendor = QStringLiteral("NVIDIA");
    g.architecture = QStringLiteral("Kepler");
    g.year = 2014;
    g.memoryGB = 12;
    g.bandwidthGBs = 240.5;
    g.fp16Tflops = 4.37;
    g.fp32Tflops = 8.73;
    g.tdpW = 300;
    g.gpusPerBoard = 2;
    g.priceNewUsd = 5000;
    g.priceUsedUsd = 96.5;
    g.relativeThroughput = 0.03;
    g.throughputBasis = QStringLiteral("fp32 ratio");
    g.source = QStringLiteral("https://example.org/k80");
    g.asOf = QStringLiteral("2024-05-01");
    s.gpus = {g};
    g.name = QStringLiteral("P40");
    g.relativeThroughput = 1e-7; // written in exponent form
    s.gpus.push_back(g);

    CloudOption c;
    c.name = QStringLiteral("p3 spot");
    c.provider = QStringLiteral("aws");
    c.category = CloudCategory::Marketplace;
    c.instanceType = QStringLiteral("p3.8xlarge");
    c.gpu = QStringLiteral("V100");
    c.region = QStringLiteral("eu-west-1");
    c.gpusPerInstance = 4;
    c.pricing = PricingPlan::Reserved3y;
    c.pricePerHour = 12.24;
    c.currency = QStringLiteral("GBP");
    c.spotRework = 10;
    c.platformFeePerMonth = 49.99;
    c.storagePerGBMonth = 0.023;
    c.egressPerGB = 0.09;
    c.priceMultiplier = 0.8;
    c.maxGpus = 512;
    s.cloudOptions = {c};
    c.name = QStringLiteral("ml cloud");
    c.category = CloudCategory::MlCloud;
    c.pricing = PricingPlan::Spot;
    s.cloudOptions.push_back(c);

    OnPremBuild b;
    b.name = QStringLiteral("Tower");
    b.kind = BuildKind::PreBuilt;
    b.gpu = QStringLiteral("K80");
    b.gpuCount = 4;
    b.components = {{QStringLiteral("board"), 40, 1},
                    {QString(), 9.99, 2.5},
                    {QStringLiteral("K80"), 96, 0}};
    b.listPrice = 1234.5;
    b.preBuiltMarkup = 0.5;
    b.currency = QStringLiteral("CHF");
    b.infrastructureOneTime = 800;
    b.idleW = 0;
    b.loadW = 950.5;
    b.electricityPerKWh = 0.3;
    b.pue = 1.5;
    b.overheadPerYearOfHardware = 0.5;
    b.overheadIncludesPower = true;
    b.laborPerMonth = 100;
    b.colocationPerMonth = 75;
    b.lifetimeYears = 50;
    b.depreciationPerYear = 1;
    s.onPremOptions = {b};
    b.name = QStringLiteral("Scratch build");
    b.kind = BuildKind::BuiltFromScratch;
    b.listPrice.reset();
    b.idleW.reset();
    b.loadW.reset();
    b.components.clear();
    s.onPremOptions.push_back(b);
    return s;
}

} // namespace breakeven::fixtures
