// Assembles a scenario into the engine's input: resolves each option's GPU (the scenario's own
// figures first, then the catalog), expresses throughput against the scenario's reference GPU,
// converts every price into the display currency once, and applies the cost model's defaults.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"
#include "engineinput.h"

namespace breakeven {

// Throws InputError naming the JSON path of the offending field
// ("cloudOptions[1].gpu: unknown GPU \"X\"", "onPremOptions[0].currency: no exchange rate ...").
// The ranges and limits of the scenario format are checked before, by validateScenario()
// (exchange/scenariojson.h): whoever reads a scenario from outside calls it.
EngineInput assemble(const Scenario &scenario, const GpuCatalog &catalog);

// The GPU an option names, as the scenario sees it (relative throughput already rescaled).
// The workload counted in GPUs of `model` instead of the scenario's reference GPU, doing the same
// work: N · p(reference) / p(model). Null when either GPU is unknown or has no throughput.
std::optional<double> workloadGpusAs(const Scenario &scenario, const QString &model, const GpuCatalog &catalog);
// `scenario` with the figures of every GPU it names (reference, builds, cloud options) in its own
// `gpus`, as `catalog` gives them relative to the scenario's reference GPU: it then evaluates the
// same without the catalog. GPUs neither knows are left out (assembly names them).
Scenario withGpuFigures(const Scenario &scenario, const GpuCatalog &catalog);
std::optional<GpuModel> resolveGpu(const Scenario &scenario, const QString &name,
                                   const GpuCatalog &catalog);

// Default wall power of one unit: n devices at their share of the board's TDP plus 150 W for the
// rest of the machine; idle is a quarter of that.
double defaultLoadW(const GpuModel &gpu, int devices);
inline double defaultIdleW(double loadW) { return 0.25 * loadW; }

} // namespace breakeven
