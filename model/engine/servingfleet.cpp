#include "servingfleet.h"

#include <algorithm>

namespace breakeven {

ServingGpu servingGpu(const GpuModel &model, const GpuCatalog::LowPrecisionTflops &rates)
{
    // Memory is per device in the catalog; bandwidth and TFLOPS are per board.
    const double devices = std::max(1, model.gpusPerBoard);
    return {model.name, model.memoryGB, model.bandwidthGBs / devices, model.fp16Tflops / devices,
            rates.fp8 / devices, rates.fp4 / devices};
}

std::vector<ServingGpu> servingGpus(const GpuCatalog &catalog)
{
    std::vector<ServingGpu> out;
    out.reserve(catalog.models().size());
    for (const GpuModel &m : catalog.models())
        out.push_back(servingGpu(m, catalog.lowPrecisionTflops(m.name)));
    return out;
}

std::vector<GpuServing> sizeEveryGpu(const ModelSpec &model, const std::vector<ServingGpu> &gpus,
                                     const ModelCatalog &catalog, ServingPrecision precision, const ServingLoad &load)
{
    std::vector<GpuServing> out;
    out.reserve(gpus.size());
    for (const ServingGpu &gpu : gpus) {
        GpuServing s{gpu, modelThroughput(model, gpu, precision, load), std::nullopt};
        if (s.modelled.fits)
            s.measured = measuredThroughput(catalog.measurements(), catalog.models(), model, gpu, precision, load);
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<FitSample> fitSamples(const ModelCatalog &models, const std::vector<ServingGpu> &gpus)
{
    std::vector<FitSample> out;
    for (const ServingMeasurement &m : models.measurements()) {
        const ModelSpec *model = models.find(m.model);
        const auto gpu = std::find_if(gpus.begin(), gpus.end(), [&](const ServingGpu &g) { return g.name == m.gpu; });
        const auto precision = servingPrecisionFromString(m.precision);
        if (!m.hasTokensAtLengths() || !model || !model->hasKvShape() || gpu == gpus.end() || !precision)
            continue;
        out.push_back({&m, model, *gpu, *precision});
    }
    return out;
}

} // namespace breakeven
