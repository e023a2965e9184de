// Small scenarios for the engine suites: a private GPU catalog with round figures so every
// expected value can be computed by hand.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "inputerror.h"

namespace fixtures {

using namespace breakeven;

inline GpuModel gpu(const QString &name, double memoryGB, double throughput, double tdpW = 300, int perBoard = 1)
{
    GpuModel g;
    g.name = name;
    g.memoryGB = memoryGB;
    g.relativeThroughput = throughput;
    g.tdpW = tdpW;
    g.gpusPerBoard = perBoard;
    return g;
}

inline const GpuCatalog &catalog()
{
    static const GpuCatalog c({gpu(QStringLiteral("REF"), 80, 1.0), gpu(QStringLiteral("HALF"), 24, 0.5),
                               gpu(QStringLiteral("G24"), 24, 1.0), gpu(QStringLiteral("DUAL"), 12, 1.0, 300, 2)},
                              {{QStringLiteral("ref-80gb"), QStringLiteral("REF")}});
    return c;
}

inline Scenario scenario(double gpus = 1, double utilization = 1, int horizon = 36)
{
    Scenario s;
    s.name = QStringLiteral("test");
    s.currency = QStringLiteral("USD");
    s.referenceGpu = QStringLiteral("REF");
    s.horizonMonths = horizon;
    s.workload.gpus = gpus;
    s.workload.utilization = utilization;
    return s;
}

inline CloudOption cloud(const QString &name, double pricePerHour, PricingPlan plan = PricingPlan::OnDemand,
                         int gpusPerInstance = 1, const QString &gpuName = QStringLiteral("REF"))
{
    CloudOption c;
    c.name = name;
    c.gpu = gpuName;
    c.pricePerHour = pricePerHour;
    c.pricing = plan;
    c.gpusPerInstance = gpusPerInstance;
    return c;
}

// A build with one component and no running costs unless a test adds them.
inline OnPremBuild build(const QString &name, double price, int devices = 1, const QString &gpuName = QStringLiteral("REF"))
{
    OnPremBuild b;
    b.name = name;
    b.gpu = gpuName;
    b.gpuCount = devices;
    b.components = {{QStringLiteral("everything"), price, 1}};
    b.idleW = 0;
    b.loadW = 0;
    b.electricityPerKWh = 0;
    b.depreciationPerYear = 0.2;
    return b;
}

// A 7,300 USD rig on a 12-month life against renting at 730 USD a month (N = 1, u = 1): buying is
// ahead from month 10, bought again in month 13, and ahead again from month 20 (docs/model.md,
// "Crossover and pay-off").
inline Scenario rigBoughtEveryYear(int horizon)
{
    Scenario s = scenario(1, 1, horizon);
    OnPremBuild rig = build(QStringLiteral("rig"), 7300);
    rig.lifetimeYears = 1;
    s.onPremOptions = {rig};
    s.cloudOptions = {cloud(QStringLiteral("rent"), 1.0)};
    return s;
}

inline CostModel model(const Scenario &s) { return CostModel(assemble(s, catalog())); }

} // namespace fixtures
