// Every GPU of a catalog sized for one model: the replica, the batch and the tokens per second
// per GPU, measured and modelled (docs/model.md, "Serving throughput"). What `breakeven
// throughput` prints and what the serving workload will price.
#pragma once

#include "catalog/gpucatalog.h"
#include "servingthroughput.h"

#include <optional>
#include <vector>

namespace breakeven {

// One device of a catalog GPU (a multi-device board's figures divided by its devices).
ServingGpu servingGpu(const GpuModel &model, const GpuCatalog::LowPrecisionTflops &rates);
std::vector<ServingGpu> servingGpus(const GpuCatalog &catalog);

struct GpuServing {
    ServingGpu gpu;
    ModelledThroughput modelled;
    std::optional<MeasuredThroughput> measured;

    // The figure to use: the measured one where it matches, else the modelled one (0 = none).
    double tokensPerSecondPerGpu() const
    {
        return measured ? measured->tokensPerSecondPerGpu : modelled.modelled ? modelled.tokensPerSecondPerGpu : 0.0;
    }
};

std::vector<GpuServing> sizeEveryGpu(const ModelSpec &model, const std::vector<ServingGpu> &gpus,
                                     const ModelCatalog &catalog, ServingPrecision precision, const ServingLoad &load);

// The bundled measurements the roofline can be set against (tokens at stated lengths, a catalog
// GPU and a model whose KV shape is known), for the fit and its error.
std::vector<FitSample> fitSamples(const ModelCatalog &models, const std::vector<ServingGpu> &gpus);

} // namespace breakeven
