// Domain types of Breakeven: what users describe (workloads, GPUs, cloud options, on-prem
// builds, scenarios). Plain values, no behaviour beyond small helpers; the engine, the store,
// the JSON reader and the views all speak these.
#pragma once

#include "catalog/modelcatalog.h"

#include <QString>

#include <array>
#include <map>
#include <optional>
#include <vector>

namespace breakeven {

enum class PricingPlan { OnDemand, Spot, Reserved1y, Reserved3y };
enum class CloudCategory { Hyperscaler, MlCloud, Marketplace };
enum class BuildKind { BuiltFromScratch, PreBuilt, UsedParts };
// The kind of work a relative throughput is for (docs/model.md, "Throughput profiles").
enum class ThroughputProfile { Training, LlmTraining, InferenceMemoryBound, Peak };
inline constexpr int kThroughputProfileCount = 4;
// What an option is judged on besides its cost (docs/model.md, "Criteria beyond cost").
enum class Criterion { Cost, Performance, Setup, Reliability, DataControl, Scalability, Flexibility };
inline constexpr int kCriterionCount = 7;
// A user's scores of one option, 1 to 5 per criterion; absent: computed from the results (cost,
// performance) or the default of the option's kind (the others).
using CriterionScores = std::array<std::optional<double>, kCriterionCount>;
// A scenario's weights per criterion, each >= 0 with a positive sum; the weighted mean ranks.
using CriterionWeights = std::array<double, kCriterionCount>;
inline constexpr CriterionWeights kDefaultCriterionWeights = {40, 20, 10, 10, 10, 5, 5};
// Whether weights can rank: each finite and >= 0, and their sum above 0.
bool validCriterionWeights(const CriterionWeights &weights);
inline constexpr double kLowestScore = 1;
inline constexpr double kHighestScore = 5;

// Stable spellings used by the JSON format, the store and the CLI.
QString toString(PricingPlan plan);
QString toString(CloudCategory category);
QString toString(BuildKind kind);
QString toString(ThroughputProfile profile); // "training", "llm-training", …
QString toString(Criterion criterion);        // "cost", …, "dataControl" (the JSON keys)
std::optional<PricingPlan> pricingPlanFromString(const QString &text);
std::optional<CloudCategory> cloudCategoryFromString(const QString &text);
std::optional<BuildKind> buildKindFromString(const QString &text);
std::optional<ThroughputProfile> throughputProfileFromString(const QString &text);
std::optional<Criterion> criterionFromString(const QString &text);

inline constexpr double kHoursPerMonth = 730.0;   // 8760 / 12
inline constexpr double kDaysPerMonth = 30.42;    // shown beside fractional months
inline constexpr const char *kDefaultReferenceGpu = "A100-SXM4-80GB";

// One profile's figure of a GPU: against the catalog's reference (A100-SXM4-80GB), how it was
// obtained ("measured", "estimate", "derived", "entered" for a user's own) and from where.
struct ThroughputFigure {
    double relative = 0; // 0: none
    QString basis;
    QString source;
    QString asOf;

    bool operator==(const ThroughputFigure &) const = default;
};

struct GpuModel {
    QString name;                    // catalog key, e.g. "A100-SXM4-80GB"
    QString vendor;
    QString architecture;
    int year = 0;
    double memoryGB = 0;             // per device
    double bandwidthGBs = 0;
    double fp16Tflops = 0;           // dense FP16/BF16 tensor
    double fp32Tflops = 0;
    double tdpW = 0;                 // per board
    int gpusPerBoard = 1;            // devices on one board (K80: 2)
    double priceNewUsd = 0;          // per board, 0 = unknown
    double priceUsedUsd = 0;
    double relativeThroughput = 1.0; // against the scenario's reference GPU
    QString throughputBasis;         // how relativeThroughput was derived
    QString source;
    QString asOf;                    // ISO date
    // Per ThroughputProfile; a GPU without them (a scenario's own figure) has relativeThroughput
    // for every kind of work.
    std::array<ThroughputFigure, kThroughputProfileCount> profiles{};

    const ThroughputFigure &figure(ThroughputProfile p) const { return profiles[std::size_t(p)]; }
    // The figure for `p`, else relativeThroughput.
    double throughputFor(ThroughputProfile p) const
    {
        return figure(p).relative > 0 ? figure(p).relative : relativeThroughput;
    }

    bool operator==(const GpuModel &) const = default;
};

// The plans a headline price is taken from, in order.
inline constexpr PricingPlan kHeadlinePlans[]
    = {PricingPlan::OnDemand, PricingPlan::Spot, PricingPlan::Reserved1y, PricingPlan::Reserved3y};

// A priced instance type as a provider publishes it; prices per instance-hour. Two offers are
// the same offer when provider, instance type and region are (store/rows.h, offerKeyMatch).
struct CloudOffer {
    QString provider;
    CloudCategory category = CloudCategory::Hyperscaler;
    QString instanceType;
    QString gpu;                     // catalog name
    int gpuCount = 1;                // GPUs per instance
    double vcpus = 0;
    double memoryGiB = 0;
    QString region;
    QString currency = QStringLiteral("USD");
    std::optional<double> onDemand;  // absent for a spot-only offer
    std::optional<double> spot;
    std::optional<double> reserved1y;
    std::optional<double> reserved3y;
    // The same terms paid all upfront, as an effective price per instance-hour (schema 11).
    std::optional<double> reserved1yUpfront;
    std::optional<double> reserved3yUpfront;
    QString source;
    QString url;
    QString asOf;                    // ISO date

    std::optional<double> price(PricingPlan plan) const;
    // A reserved plan's price when its whole term is paid at its start; none for the others.
    std::optional<double> upfrontPrice(PricingPlan plan) const;
    // The price an offer is listed and filtered by when no plan is chosen: the first plan of
    // kHeadlinePlans it has a price for (on-demand where the provider publishes it). The
    // catalog's SQL orders by the same rule (store/offerquery.cpp builds it from this list).
    std::optional<double> headlinePrice() const;

    bool operator==(const CloudOffer &) const = default;
};

// A workload's demand profile (docs/model.md, "Demand profiles"): the reference GPUs busy in each
// step of a typical period, repeated over the horizon and scaled by growth like N. With one, N is
// its peak and the default u its mean over its peak, so every option costs what it costs at that
// N and u.
inline constexpr qsizetype kMaxWorkloadDemandSteps = 1000000;
inline constexpr double kMaxWorkloadDemandStepHours = 8784; // a leap year
struct WorkloadDemand {
    double stepHours = 1;
    std::vector<double> gpus;        // reference GPUs busy in each step, each >= 0
    QString source;                  // where it came from (a file name), for people only

    double peak() const;             // the busiest step; 0 for none
    double mean() const;             // 0 for none
    double utilization() const;      // mean / peak; 0 when the peak is 0

    bool operator==(const WorkloadDemand &) const = default;
};

// A workload that serves a model (docs/model.md, "Serving"): the traffic and the tokens per
// request, from which the engine derives N and u per option's GPU. Version 3 of the format.
struct Serving {
    QString model;                   // a model of the scenario's `models` or of the catalog
    QString precision = QStringLiteral("fp16"); // fp16 (bf16), fp8, int4 (fp4)
    double requestsPerSecond = 0;    // λ: the mean rate in month 1
    double peakToMean = 1.5;         // the rate held at the busiest hour, over λ
    double inputTokens = 0;          // I, per request
    double outputTokens = 0;         // O, per request
    std::optional<double> maxTimePerOutputTokenMs; // τ

    bool operator==(const Serving &) const = default;
};

struct Workload {
    QString name = QStringLiteral("workload");
    // With a demand profile the engine takes N from its peak, not from `gpus`; whoever attaches a
    // profile (withDemand) sets `gpus` to the peak and `utilization` to mean / peak, and
    // `utilization` stays the position of the utilization slider (docs/model.md, "Demand
    // profiles").
    double gpus = 8;                 // reference GPUs busy at full load
    double utilization = 0.5;
    double minGpuMemoryGB = 0;
    double growthPerYear = 0;
    double storageGB = 0;
    double egressGBPerMonth = 0;
    std::optional<double> jobReferenceGpuHours;
    int gpusPerJob = 1;
    int parallelJobs = 1;
    ThroughputProfile throughputProfile = ThroughputProfile::Training;
    std::optional<WorkloadDemand> demand;
    // With it the work is counted in requests and tokens; `gpus` is then not read, and whoever
    // sets it (withServing) sets `utilization` to 1 / peakToMean.
    std::optional<Serving> serving;

    // N: the profile's peak when there is a profile, else `gpus`.
    double busyGpus() const { return demand ? demand->peak() : gpus; }

    bool operator==(const Workload &) const = default;
};

// `workload` carrying `demand`, with `gpus` set to its peak and `utilization` to its mean over its
// peak: what every reader of N and u then sees.
Workload withDemand(Workload workload, WorkloadDemand demand);
// `workload` serving as `serving` says, with `utilization` at its mean over its peak.
Workload withServing(Workload workload, Serving serving);

struct CloudOption {
    QString name;
    QString provider;
    CloudCategory category = CloudCategory::Hyperscaler;
    QString instanceType;
    QString gpu;
    QString region;
    int gpusPerInstance = 1;
    PricingPlan pricing = PricingPlan::OnDemand;
    double pricePerHour = 0;         // per instance-hour, for the chosen plan
    QString currency = QStringLiteral("USD");
    double spotRework = 0.10;
    double platformFeePerMonth = 0;
    double storagePerGBMonth = 0;
    double egressPerGB = 0;
    double priceMultiplier = 1.0;
    int maxGpus = 64;
    // Markets over time and commitments (docs/model.md). Version 2 of the scenario format.
    std::optional<double> priceChangePerYear; // null: the scenario's cloudPriceChangePerYear
    double reservedUpfrontShare = 0;          // reserved plans: share of a term paid at its start
    std::optional<int> commitmentMonths;      // reserved plans: null = 12 (1y) or 36 (3y)
    double goodput = 1;                       // share of paid GPU time doing useful work (version 3)
    // Serving: billed for the replicas a mean hour needs instead of those the peak needs (version 3).
    bool autoscales = false;
    CriterionScores scores{};                 // the user's own scores, per criterion

    bool operator==(const CloudOption &) const = default;
};

struct Component {
    QString name;
    double price = 0;
    double quantity = 1;

    bool operator==(const Component &) const = default;
};

// How a build is paid for (docs/model.md, "Paying for it"): cash at each purchase, as before; a
// loan on each purchase (a share down, the rest in equal monthly payments); or a lease of each unit
// (a payment a month while it serves, then bought out for a share of its price or leased anew).
enum class FinancingMethod { Cash, Loan, Lease };
QString toString(FinancingMethod method);                          // "cash", "loan", "lease"
std::optional<FinancingMethod> financingMethodFromString(const QString &text);
struct Financing {
    FinancingMethod method = FinancingMethod::Cash;
    double annualRate = 0;                  // loan: i_y
    int termMonths = 36;                    // loan and lease: n
    double downPayment = 0;                 // loan: share of each purchase paid at once
    double paymentPerMonth = 0;             // lease: per unit and month, in the build's currency
    std::optional<double> buyout;           // lease: share of the hardware price; null = a new lease

    bool operator==(const Financing &) const = default;
};

struct OnPremBuild {
    QString name;
    BuildKind kind = BuildKind::BuiltFromScratch;
    QString gpu;
    int gpuCount = 1;                       // devices per unit
    std::vector<Component> components;
    std::optional<double> listPrice;        // replaces the sum of components when set
    double preBuiltMarkup = 0;              // only for kind == PreBuilt
    QString currency = QStringLiteral("USD");
    double infrastructureOneTime = 0;
    std::optional<double> idleW;            // default 25 % of loadW
    std::optional<double> loadW;            // default n * TDP + 150
    double electricityPerKWh = 0.15;
    double pue = 1.0;
    double overheadPerYearOfHardware = 0;
    bool overheadIncludesPower = false;
    double laborPerMonth = 0;
    double colocationPerMonth = 0;
    // What a big cluster adds (docs/model.md, "What a big cluster adds"; version 3 of the format):
    // colocation priced per kW of the unit's load power (times its PUE) a month, hot spares bought
    // beside the units that carry work (a share of them, rounded up), and the share of paid GPU time
    // that does useful work.
    double colocationPerKWMonth = 0;
    double spareShare = 0;
    double goodput = 1;
    double lifetimeYears = 3;
    double depreciationPerYear = 0.20;
    double resaleHaircut = 0.20;            // share of the value lost when sold (docs/model.md)
    Financing financing;                    // version 3 of the scenario format
    CriterionScores scores{};               // the user's own scores, per criterion

    double partsPrice() const;
    double hardwarePrice() const;           // list price or parts, with the pre-built markup

    bool operator==(const OnPremBuild &) const = default;
};

// A model served per token by a provider (docs/model.md, "Serving"); prices in `currency` per
// million tokens. Version 3 of the format.
struct ApiOption {
    QString name;
    QString provider;
    QString model;                            // may differ from the workload's (the results say so)
    double pricePerMillionInput = 0;
    double pricePerMillionOutput = 0;
    std::optional<double> pricePerMillionCachedInput; // none: cached input at the input price
    double cachedInputShare = 0;              // share of the input tokens read from the cache
    QString currency = QStringLiteral("USD");
    std::optional<double> priceChangePerYear; // null: the scenario's apiPriceChangePerYear
    std::optional<double> maxTokensPerMinute; // the rate limit; none: no limit
    CriterionScores scores{};

    bool operator==(const ApiOption &) const = default;
};

// Uncertainty (docs/model.md, "Uncertainty"): a range around one numeric field of the scenario,
// named by its path ("workload.utilization", "cloudOptions[*].pricePerHour"); `[*]` is one draw
// shared by every element. A range is absolute (low, high) or relative to the field's value
// (lowFactor, highFactor).
enum class Distribution { Triangular, Uniform };
struct UncertainInput {
    QString path;
    std::optional<double> low;
    std::optional<double> high;
    std::optional<double> lowFactor;
    std::optional<double> highFactor;
    Distribution distribution = Distribution::Triangular;

    bool relative() const { return lowFactor.has_value(); }
    bool operator==(const UncertainInput &) const = default;
};
inline constexpr int kDefaultSamples = 10000;
inline constexpr int kMaxSamples = 1000000;
struct Uncertainty {
    int samples = kDefaultSamples;
    quint64 seed = 1;
    std::vector<UncertainInput> inputs;

    bool operator==(const Uncertainty &) const = default;
};
QString toString(Distribution distribution); // "triangular", "uniform"

// A hybrid option (docs/model.md, "Hybrid fleets"): K units of a build own the baseline and a cloud
// option (on-demand or spot) takes the work that does not fit. The build and the cloud option are
// the scenario's own, named; `units` null lets the engine choose K.
inline constexpr int kMaxHybridUnits = 10000;
struct HybridOption {
    QString name;
    QString onPrem;                  // the name of one of the scenario's builds
    QString cloud;                   // the name of one of the scenario's cloud options
    std::optional<int> units;        // K; null = the K with the lowest TCO at H

    bool operator==(const HybridOption &) const = default;
};
std::optional<Distribution> distributionFromString(const QString &text);

// How payments are discounted (docs/model.md, "Discounting"): month by month, entry m times
// (1 + r)^(-m/12); or as a finance team's spreadsheet does, the months of year y summed and times
// (1 + r)^(-y), entry 0 not discounted.
enum class Discounting { Monthly, Yearly };
QString toString(Discounting discounting);                          // "monthly", "yearly"
std::optional<Discounting> discountingFromString(const QString &text);

// Taxes on profit (docs/model.md, "Paying for it"): running costs are deducted in their month,
// hardware and infrastructure through depreciation by one of three methods.
enum class DepreciationMethod { StraightLine, Macrs5, Expensing };
QString toString(DepreciationMethod method);            // "straight-line", "macrs-5", "expensing"
std::optional<DepreciationMethod> depreciationMethodFromString(const QString &text);
struct Tax {
    double rate = 0.21;
    DepreciationMethod depreciation = DepreciationMethod::Macrs5;
    double depreciationYears = 5;           // straight-line only

    bool operator==(const Tax &) const = default;
};

struct Scenario {
    QString name = QStringLiteral("Untitled scenario");
    QString currency = QStringLiteral("USD");
    std::map<QString, double> exchangeRates; // 1 unit of key = value units of `currency`
    int horizonMonths = 36;
    QString referenceGpu = QString::fromLatin1(kDefaultReferenceGpu);
    double discountRatePerYear = 0;
    Discounting discounting = Discounting::Monthly; // version 3 of the scenario format
    bool creditResaleValue = false;
    std::optional<Tax> tax;                  // none: results before tax, as before
    // Yearly changes of prices over the horizon (docs/model.md, "Markets over time"); 0 = none.
    double cloudPriceChangePerYear = 0;
    double hardwarePriceChangePerYear = 0;
    double electricityPriceChangePerYear = 0;
    double apiPriceChangePerYear = 0;        // version 3
    CriterionWeights criterionWeights = kDefaultCriterionWeights;
    std::optional<Uncertainty> uncertainty; // none: the documented default ranges (`risk`)
    Workload workload;
    std::vector<GpuModel> gpus;              // GPU figures the scenario carries
    std::vector<ModelSpec> models;           // model figures the scenario carries (version 3)
    std::vector<CloudOption> cloudOptions;
    std::vector<OnPremBuild> onPremOptions;
    std::vector<HybridOption> hybridOptions;
    std::vector<ApiOption> apiOptions;       // version 3

    bool operator==(const Scenario &) const = default;
};

} // namespace breakeven
