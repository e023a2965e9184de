// The engine's input: a scenario assembled into plain numbers. Every price is already in the
// display currency, every GPU resolved to its throughput and memory, every default applied.
// Building this (assembly.h) is the only place that knows about catalogs and currencies.
#pragma once

#include "domain.h"

#include <QString>

#include <optional>
#include <vector>

namespace breakeven {

// Api: a model served per token (docs/model.md, "Serving"); it has no GPUs, so every rule about
// GPUs (memory, quota, replicas, time to result, hybrids) passes it by.
enum class OptionKind { OnPrem, Cloud, Api };
// Whether an option is paid for as it is used: the side a build is set against in a pair.
inline bool isRented(OptionKind kind) { return kind != OptionKind::OnPrem; }

struct CloudTerms {
    PricingPlan plan = PricingPlan::OnDemand;
    CloudCategory category = CloudCategory::Hyperscaler;
    double pricePerGpuHour = 0;     // instance price / GPUs per instance, times the multiplier
    double spotRework = 0.10;
    double platformFeePerMonth = 0;
    double storagePerMonth = 0;     // storageGB * storagePerGBMonth
    double egressPerMonth = 0;      // egressGBPerMonth * egressPerGB
    int maxGpus = 64;
    double priceChangePerYear = 0;  // the option's own, or the scenario's cloud price change
    double reservedUpfrontShare = 0; // reserved plans: share of each term paid at its start
    int commitmentMonths = 12;      // reserved plans: the term (12 or 36 unless set)

    bool operator==(const CloudTerms &) const = default;
};

// An API option's terms, prices in the display currency per million tokens.
struct ApiTerms {
    QString provider;
    QString model;                  // the model it serves
    double pricePerMillionInput = 0;
    double pricePerMillionOutput = 0;
    double pricePerMillionCachedInput = 0; // the input price where the provider prices none
    double cachedInputShare = 0;
    double priceChangePerYear = 0;  // the option's own, or the scenario's API price change
    std::optional<double> maxTokensPerMinute;

    // Per request of I input and O output tokens, at month 1's prices.
    double pricePerRequest(double inputTokens, double outputTokens) const
    {
        const double input = (1.0 - cachedInputShare) * pricePerMillionInput + cachedInputShare * pricePerMillionCachedInput;
        return (inputTokens * input + outputTokens * pricePerMillionOutput) / 1e6;
    }

    bool operator==(const ApiTerms &) const = default;
};

// How one GPU option serves the workload's model (docs/model.md, "Serving").
struct ServingTerms {
    int replicaGpus = 0;            // 0: the workload does not serve
    double tokensPerSecondPerGpu = 0;
    std::optional<double> modelledTokensPerSecondPerGpu; // beside a measured figure
    bool autoscales = false;        // cloud: billed for the mean, not the peak

    bool operator==(const ServingTerms &) const = default;
};

// The serving workload, resolved: what the API bills and the per-token results need.
struct ServingInput {
    QString model;
    QString precision;
    double requestsPerSecond = 0;   // λ, the mean in month 1
    double peakToMean = 1.5;
    double inputTokens = 0;
    double outputTokens = 0;
    double referenceTokensPerSecond = 0; // per GPU of the reference: N = λ · peakToMean · O / this
    QString referenceGpu;           // the GPU that figure is of

    bool operator==(const ServingInput &) const = default;
};

struct OnPremTerms {
    BuildKind kind = BuildKind::BuiltFromScratch;
    double hardware = 0;            // per unit
    double infrastructureOneTime = 0;
    double idleW = 0;
    double loadW = 0;
    double electricityPerKWh = 0;
    double pue = 1.0;
    double overheadPerYearOfHardware = 0;
    bool overheadIncludesPower = false;
    double laborPerMonth = 0;
    double colocationPerMonth = 0;
    double colocationPerKWMonth = 0; // per kW of load power times PUE
    double spareShare = 0;           // hot spares: ceil(U · s) more units, carrying no work
    int lifetimeMonths = 36;
    double depreciationPerYear = 0.20;
    double resaleHaircut = 0.20;    // share of a unit's value lost the moment it is sold
    int devicesPerUnit = 1;
    Financing financing;            // a lease's payment already in the display currency

    bool operator==(const OnPremTerms &) const = default;
};

struct OptionInput {
    QString name;
    OptionKind kind = OptionKind::Cloud;
    QString gpu;
    double relativeThroughput = 1.0;
    // Where relativeThroughput came from (docs/model.md, "Throughput profiles"): the profile's
    // basis and source, or "the scenario's figure" for one of the scenario's own gpus entries.
    QString throughputBasis;
    QString throughputSource;
    double memoryGB = 0;
    // The share of paid GPU time that does useful work: the work needs 1/goodput times the GPU
    // time, so every count of GPUs, units and hours divides by workThroughput(), not by the
    // GPU's relative throughput alone.
    double goodput = 1;
    double workThroughput() const { return relativeThroughput * goodput; }
    CriterionScores scores{};       // the user's own criterion scores (criteria.h)
    CloudTerms cloud;               // when kind == Cloud
    OnPremTerms onPrem;             // when kind == OnPrem
    ApiTerms api;                   // when kind == Api
    ServingTerms serving;           // GPU options of a serving workload
    // Why assembly found the option cannot serve at all (a replica larger than its unit); empty
    // when it can. The cost model reports it as the option's infeasibility.
    QString infeasibleReason;

    bool operator==(const OptionInput &) const = default;
};

// A hybrid option resolved (docs/model.md, "Hybrid fleets"): indices into EngineInput::options.
struct HybridInput {
    QString name;
    int onPrem = -1;                // an OptionKind::OnPrem option
    int cloud = -1;                 // an OptionKind::Cloud option
    std::optional<int> units;       // null: choose K

    bool operator==(const HybridInput &) const = default;
};

struct EngineInput {
    QString scenarioName;
    ThroughputProfile throughputProfile = ThroughputProfile::Training;
    QString referenceGpu;
    QString currency = QStringLiteral("USD");
    int horizonMonths = 36;
    double discountRatePerYear = 0;
    Discounting discounting = Discounting::Monthly;
    bool creditResaleValue = false;
    std::optional<Tax> tax;         // none: every figure before tax
    // Markets over time (docs/model.md): yearly rates, 0 = prices stay as they are.
    double hardwarePriceChangePerYear = 0;
    double electricityPriceChangePerYear = 0;
    double gpus = 8;                // N, reference GPUs
    double growthPerYear = 0;
    double minGpuMemoryGB = 0;
    std::optional<double> jobReferenceGpuHours;
    int gpusPerJob = 1;
    int parallelJobs = 1;
    CriterionWeights criterionWeights = kDefaultCriterionWeights;
    std::vector<OptionInput> options;
    // The workload's demand profile, reference GPUs busy per step (empty: none, then demand is
    // N busy u of the time), and the hybrid options priced from it (engine/hybrid.h).
    std::vector<double> demandProfile;
    std::vector<HybridInput> hybrids;
    std::optional<ServingInput> serving; // a serving workload

    bool operator==(const EngineInput &) const = default;
};

} // namespace breakeven
