// How many tokens a second one GPU generates for a model: the roofline of the cost model's
// "Serving: tokens, and paying per token", with its efficiencies fitted to the bundled
// measurements, and the measured figure chosen where one matches (docs/model.md, "Serving
// throughput"). Pure functions of plain figures: no catalog, no I/O.
#pragma once

#include "catalog/modelcatalog.h"

#include <QString>

#include <optional>
#include <vector>

namespace breakeven {

// The weights' precision. fp16 also reads bf16; int4 also reads fp4.
enum class ServingPrecision { Fp16, Fp8, Int4 };

std::optional<ServingPrecision> servingPrecisionFromString(const QString &text);
QString servingPrecisionName(ServingPrecision p);
double bytesPerParameter(ServingPrecision p);       // 2, 1, 0.5
// The KV cache is kept at fp16 beside fp16 weights and at fp8 beside fp8 or 4-bit weights, as
// the measured serving stacks run it.
double kvBytesPerValue(ServingPrecision p);         // 2, 1, 1

// One GPU device as the roofline sees it.
struct ServingGpu {
    QString name;
    double memoryGB = 0;
    double bandwidthGBs = 0;
    double fp16Tflops = 0;                           // dense tensor
    double fp8Tflops = 0;                            // 0 = no FP8 units
    double fp4Tflops = 0;                            // 0 = no FP4 units
};

// Dense tensor TFLOPS at the precision; a GPU without units for it computes at the next wider
// precision it has (4-bit weights on a Hopper run at FP8, FP8 weights on an Ampere at FP16).
double tensorTflops(const ServingGpu &gpu, ServingPrecision p);

struct ServingLoad {
    double inputTokens = 1000;                       // I
    double outputTokens = 300;                       // O
    std::optional<double> maxTpotMs;                 // τ
};

struct ServingEfficiency {
    double memory = 1;                               // η_mem: share of the bandwidth a step reads at
    double compute = 1;                              // η_comp: share of the tensor throughput reached
};

// Fitted once to the bundled measurements by tests/engine/test_servingthroughput.cpp (it prints
// the fit); docs/model.md, "Serving throughput", gives the fit and the error it leaves.
inline constexpr ServingEfficiency kServingEfficiency{0.83, 0.21};

inline constexpr int kReplicaSizes[] = {1, 2, 4, 8};

struct ModelledThroughput {
    bool fits = false;                 // a replica of at most 8 GPUs holds weights + one request
    bool meetsLatency = true;          // a batch of 1 keeps within τ
    bool modelled = false;             // a figure was computed (the model's KV shape is known)
    int replicaGpus = 0;
    double weightsGB = 0;
    double batch = 0;                  // concurrent requests per replica
    double stepMs = 0;                 // decode step at that batch
    double tokensPerSecondPerGpu = 0;
    QString reason;                    // why not, in words, when !fits, !meetsLatency or !modelled
};

ModelledThroughput modelThroughput(const ModelSpec &model, const ServingGpu &gpu, ServingPrecision precision,
                                   const ServingLoad &load, ServingEfficiency eff = kServingEfficiency);

// Model family and size: the same name, or the same publisher's model of the same architecture
// (Llama 3.3 70B for Llama 3.1 70B, DeepSeek R1 for V3): parameters within 1 %, layers and KV shape equal.
bool sameModelSize(const ModelSpec &a, const ModelSpec &b);

struct MeasuredThroughput {
    const ServingMeasurement *measurement = nullptr;
    double tokensPerSecondPerGpu = 0;  // at the workload's lengths
    double rescale = 1;                // the model's ratio applied (1 = same lengths)
};

// The measured figure for (GPU, model, precision, τ) where one matches: same GPU, model family and
// size, precision, a scenario whose latency limit is at least as strict as τ (any, without τ),
// tokens per second at stated lengths; of several, the one at the lengths closest to the
// workload's, then the latest. Rescaled by the model's ratio of the two lengths' throughput.
// `models` resolves a measurement's model name.
std::optional<MeasuredThroughput> measuredThroughput(const std::vector<ServingMeasurement> &measurements,
                                                     const std::vector<ModelSpec> &models, const ModelSpec &model,
                                                     const ServingGpu &gpu, ServingPrecision precision,
                                                     const ServingLoad &load, ServingEfficiency eff = kServingEfficiency);

// One measurement set beside the roofline's figure for it, for the fit and its error.
struct FitSample {
    const ServingMeasurement *measurement = nullptr;
    const ModelSpec *model = nullptr;
    ServingGpu gpu;
    ServingPrecision precision = ServingPrecision::Fp16;
};

struct EfficiencyFit {
    ServingEfficiency efficiency;
    double medianAbsLogError = 0;
};

// The efficiencies (grid of 0.01 from 0.05 to 1) minimising the sum of squared log errors.
EfficiencyFit fitServingEfficiency(const std::vector<FitSample> &samples);
// Modelled over measured for one sample at the measurement's lengths (and latency limit).
double modelledOverMeasured(const FitSample &sample, ServingEfficiency eff);

} // namespace breakeven
