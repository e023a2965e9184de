// Shared by the scenario JSON tests: comparison of scenarios (testsupport.h), builders of
// small documents, the documented example with the values it must read as, and a scenario in
// which every field is set.
#pragma once

#include "domain.h"
#include "../support/testsupport.h"

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

// Fails the test with the first difference when `actual` is not `expected`.
inline void compare(const Scenario &actual, const Scenario &expected)
{
    QCOMPARE(testsupport::scenarioDifferences(actual, expected), QString());
}

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

using testsupport::everyField;

} // namespace breakeven::fixtures
