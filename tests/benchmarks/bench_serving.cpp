// Sizing every catalog GPU for one model (docs/model.md, "Serving throughput"): for each GPU the
// replica, the batch, the modelled tokens per second and the measured figure that matches, as
// `breakeven throughput` and a serving workload need them. Budget: 1 ms for the whole catalog.
#include "benchsupport.h"
#include "catalog/gpucatalog.h"
#include "catalog/modelcatalog.h"
#include "engine/servingfleet.h"

#include <QElapsedTimer>

#include <cstdio>
#include <vector>

using namespace breakeven;
using namespace benchsupport;

int main()
{
    const ModelCatalog &models = ModelCatalog::bundled();
    const std::vector<ServingGpu> gpus = servingGpus(GpuCatalog::bundled());
    const ServingLoad load{1000, 300, std::nullopt};
    for (const char *name : {"Llama-3.1-70B", "Llama-3.1-405B", "DeepSeek-R1"}) {
        const ModelSpec &model = *models.find(QLatin1String(name));
        std::vector<double> ms;
        double sink = 0;
        for (int round = 0; round < 2000; ++round) {
            QElapsedTimer timer;
            timer.start();
            const auto sized = sizeEveryGpu(model, gpus, models, ServingPrecision::Fp8, load);
            ms.push_back(double(timer.nsecsElapsed()) / 1e6);
            sink += sized.front().tokensPerSecondPerGpu();
        }
        std::printf("serving: %s at fp8, %d GPUs sized: %.3f ms median, %.3f ms p95 (budget 1 ms, ratio %.2f)%s\n", name,
                    int(gpus.size()), percentile(ms, 0.5), percentile(ms, 0.95), percentile(ms, 0.5) / 1.0,
                    sink < 0 ? "!" : "");
    }
    return 0;
}
