// Uncertainty (docs/model.md, "Uncertainty"): ranges on inputs, sampled futures, and what flips the
// decision. Each sample draws every uncertain input (one draw per input, shared by the elements of
// a `[*]` path), evaluates the scenario with those values, and keeps each option's TCO and
// cumulative curve and each pair's pay-off. The tornado and the switch values are worked out
// without sampling, one input at a time, the others at their own values.
#pragma once

#include "catalog/gpucatalog.h"
#include "costmodel.h"
#include "riskkernels.h"
#include "domain.h"
#include "scenariopaths.h"

#include <Eigen/Core>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace breakeven {

// The ranges used when a scenario has no uncertainty block, each centred on the scenario's own
// value v (its median; a draw beyond a field's bounds is the bound): utilization v ± 50 % of v
// within 0..1, every cloud price ×0.8–×1.2 (one draw), the yearly change of cloud and of hardware
// prices v ± 0.15, every build's electricity price ×0.7–×1.3 and hardware price ×0.9–×1.1, each
// build's lifetime v ± 2 years (at least 1 year; left out of sampled futures beyond
// kMaxLifetimeRanges builds) and,
// where resale is credited, its resale haircut v ± 0.15 within 0..1. Builds that share a value
// share one draw. Inputs naming nothing in the scenario (no cloud option, no build) are left out.
// `sampled` false: the ranges for a tornado alone (decisiveInputs), which lays nothing out per
// future, so every build's lifetime is among them whatever the number of builds.
Uncertainty defaultUncertainty(const Scenario &scenario, bool sampled = true);
inline constexpr int kMaxLifetimeRanges = 2;

inline constexpr std::array<double, 5> kTcoQuantiles = {0.05, 0.10, 0.50, 0.90, 0.95};

struct OptionRisk {
    bool sampled = true;                   // false: left out by RiskRequest::options
    double feasibleShare = 0;              // of the samples in which the option is feasible
    std::optional<double> mean;            // TCO over those samples
    std::array<double, 5> tco{};           // P5, P10, P50, P90, P95 (kTcoQuantiles)
    Eigen::ArrayXXd bands;                 // 3 x (H + 1): cumulative P10, P50, P90 by month
};

struct TornadoBar {
    int input = 0;                         // index into RiskResult::ranges
    double low = 0;                        // the input's ends: a factor for a relative `[*]` range,
    double high = 0;                       // else the value (of its one element)
    double atLow = 0;                      // TCO on-prem − TCO cloud at H, the input at its low end
    double atHigh = 0;
    double swing() const { return std::abs(atHigh - atLow); }
    std::optional<double> switchValue;     // where the difference is 0 inside the range, same units
};

struct PairRisk {
    int onPrem = -1;
    int cloud = -1;
    std::size_t samples = 0;               // in which both are feasible
    double onPremCheaper = 0;              // share of them with on-prem's TCO below the cloud's at H
    // Per month m: the share whose pay-off that sticks (docs/model.md, "Crossover and pay-off")
    // is <= m; it ends at the share in which buying is not dearer at H.
    std::vector<double> paidOffBy;
    std::optional<double> payoffP10;       // among the samples that pay off
    std::optional<double> payoffP50;
    std::optional<double> payoffP90;
    double neverPaysOff = 0;               // share dearer at H
    double difference = 0;                 // at the inputs' own values
    std::vector<TornadoBar> tornado;       // by swing, largest first
};

struct RiskResult {
    int samples = 0;                       // taken
    int requestedSamples = 0;              // asked for (more than taken when cut by maxCells)
    std::optional<int> pairsAgainst;       // the request's, when only those pairs were taken
    quint64 seed = 1;
    bool defaultRanges = false;            // the scenario has no uncertainty block
    double utilization = 0;                // the point the scenario is evaluated at
    std::vector<ResolvedRange> ranges;
    std::vector<OptionRisk> options;       // in the cost model's order
    std::vector<PairRisk> pairs;           // every pair of options feasible at the inputs' own values
    int bandSamples = 0;                   // samples the bands are taken from (the first kBandSamples)
};

class CurveSampler;

// What one run leaves for the next (RiskRequest::reuse): the sampler's lay-outs and the
// scenario's own, which do not depend on the workload's utilization. A view that asks again as
// its utilization slider moves keeps one and passes it each time; runs that share one must not
// overlap.
struct RiskReuse {
    RiskReuse();
    ~RiskReuse();
    RiskReuse(const RiskReuse &) = delete;
    RiskReuse &operator=(const RiskReuse &) = delete;

    GpuCatalog catalog;                     // what the sampler was laid out with
    std::unique_ptr<CurveSampler> sampler;
    int reused = 0;                         // runs that took the lay-outs over
    std::unique_ptr<CostModel> model;       // the scenario laid out at its own values
    Scenario modelScenario;                 // the scenario `model` was laid out for
    GpuCatalog modelCatalog;                // and with
};

// How a run is asked for: `samples` and `seed` replace the block's when given; `tornado` false
// leaves the tornado out (a live preview needs only the odds and the bands). `cancel`, when set
// from another thread, stops the run at its next check (RiskCancelled); `progress` is called
// from the computing thread with the samples done so far.
struct RiskRequest {
    std::optional<int> samples;
    std::optional<quint64> seed;
    bool tornado = true;
    // false takes no sample: the ranges, the pairs and (when asked) their tornado only, exact and
    // quick ("decided by", decisiveInputs()).
    bool sample = true;
    // false leaves the cumulative bands out (OptionRisk::bands all NaN, bandSamples 0): what a
    // view that does not draw them asks for.
    bool bands = true;
    // Only the pairs of this cloud option (an index of the cost model), when set.
    std::optional<int> pairsAgainst;
    // Only these options (indices of the cost model) are sampled, when set: the others get no
    // figures (OptionRisk::sampled false) and no pairs. What a report samples: what it shows.
    std::optional<std::vector<int>> options;
    // At most this many curve cells (samples x options x months) when set: the samples are cut
    // to fit, never below kMinBoundedSamples, and RiskResult::requestedSamples keeps the number
    // asked for. What a report or a chart export uses to stay quick on any scenario.
    std::optional<double> maxCells;
    const std::atomic_bool *cancel = nullptr;
    std::function<void(int done, int total)> progress;
    // When set, the lay-outs of the last run with it are taken over if nothing but the
    // utilization changed, and this run's are kept for the next.
    RiskReuse *reuse = nullptr;
};

// Thrown by analyseRisk when its request's `cancel` was set.
struct RiskCancelled : std::exception {
    const char *what() const noexcept override { return "risk analysis cancelled"; }
};

// Samples `scenario` (its uncertainty block, or the default ranges) at its workload's utilization.
// Throws InputError for a scenario that cannot be evaluated or a range that is wrong.
RiskResult analyseRisk(const Scenario &scenario, const GpuCatalog &catalog, const RiskRequest &request);
inline RiskResult analyseRisk(const Scenario &scenario, const GpuCatalog &catalog,
                              std::optional<int> samples = std::nullopt, std::optional<quint64> seed = std::nullopt)
{
    RiskRequest request;
    request.samples = samples;
    request.seed = seed;
    return analyseRisk(scenario, catalog, request);
}


// What decides a pair (docs/model.md, "Uncertainty"; the tornado without sampling): the pair's
// tornado under the scenario's ranges (or the default ones), for the on-prem option `onPrem`
// against the cloud option `cloud` (indices of the cost model). Throws InputError as analyseRisk.
RiskResult decisiveInputs(const Scenario &scenario, const GpuCatalog &catalog, int onPrem, int cloud);

// Samples are computed in blocks of this many; the bands are taken from the first kBandSamples.
inline constexpr std::size_t kBlockSamples = kLanes;
inline constexpr std::size_t kBandSamples = 2048;
// The bands keep, for each of their samples, what gives every option's curve back (an
// interpolated option's coordinates, an option laid out per sample its months), in whole blocks,
// at most this many bytes (one block whatever its size).
inline constexpr std::size_t kBandBytes = std::size_t(256) << 20;
inline constexpr int kMinBoundedSamples = 200;
// The curve cells a report or a chart export samples at most (RiskRequest::maxCells): about a
// second of work on two cores, whatever the scenario's size.
inline constexpr double kQuickRiskCells = 5e7;

} // namespace breakeven
