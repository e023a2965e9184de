// A serving workload assembled into the engine's terms (docs/model.md, "Serving"): the model
// resolved, each GPU's tokens per second for it, N and u from the traffic, replicas, and the API
// options priced per token. Called by assemble(); the per-GPU figure is shared with the results.
#pragma once

#include "catalog/gpucatalog.h"
#include "catalog/modelcatalog.h"
#include "domain.h"
#include "engineinput.h"

#include <optional>

namespace breakeven {

// The scenario's own model of that name first, then the bundled catalog's.
std::optional<ModelSpec> resolveModel(const Scenario &scenario, const QString &name,
                                      const ModelCatalog &catalog = ModelCatalog::bundled());

// How one GPU serves the workload's model: the measured figure where one matches, else the
// modelled one; 0 tokens per second with the reason when it cannot.
struct GpuServingFigure {
    double tokensPerSecondPerGpu = 0;
    std::optional<double> modelledTokensPerSecondPerGpu; // beside a measured figure
    bool measured = false;
    QString source;
    int replicaGpus = 0;
    QString reason;
};
GpuServingFigure servingFigure(const Scenario &scenario, const GpuCatalog &catalog, const GpuModel &gpu);

// Fills in N, the demand profile, each GPU option's relative throughput and replica and the API
// options (appended after the cloud options) of a scenario whose workload serves; the API options
// alone (infeasible, with the reason) when it does not. Throws InputError naming the field of an
// unknown model or precision or of traffic that is not a number above 0.
void assembleServing(const Scenario &scenario, const GpuCatalog &catalog, EngineInput &in);

} // namespace breakeven
