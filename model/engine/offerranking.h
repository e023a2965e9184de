// Best offers for a workload (docs/model.md, "Best offers"): every offer of a catalog, under
// every plan it has a price for, evaluated by the cost model as a cloud option of the scenario
// (its workload, extras, market rates; memory fit and quota), the infeasible ones dropped,
// ranked by TCO at the horizon, the younger price first on a tie. Offers whose GPU holds less than
// the memory the work needs (rankingMemoryNeed) are dropped too.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"

#include <optional>
#include <vector>

namespace breakeven {

struct RankCandidate {
    CloudOffer offer;
    std::optional<qint64> priceAgeDays; // none: unknown, ranked after known ages on a tie
};

struct RankFilter {
    std::optional<PricingPlan> plan;
    QString provider; // empty: any
    std::optional<CloudCategory> category;
    QString region; // empty: any
    std::optional<qint64> maxPriceAgeDays;
};

struct RankedOffer {
    std::size_t candidate = 0; // index into the candidates
    CloudOption option;        // as the scenario would add it
    double tco = 0;
    std::optional<double> costPerReferenceGpuHour;
    std::optional<double> timeToResultHours;
    // Against each on-prem build of the scenario, in its order: the month buying pays off for
    // good (docs/model.md, "Crossover and pay-off"; 0: never dearer), none when it is dearer at
    // the horizon; and the first crossing, for scripts.
    std::vector<std::optional<double>> paysOffMonths;
    std::vector<std::optional<double>> crossoverMonths;
};

// The memory per GPU offers are ranked for. Work counted in GPUs of a model (the scenario's
// reference GPU) needs at least that model's memory per GPU, unless the user names a need of
// their own (lower or higher): a workload counted in H100-SXM5-80GB is not served by 24 GB cards.
// Only the ranking of the catalog (Best offers, `recommend`) and the workload editor's hint apply
// this; the cost model keeps the workload's own need (none when 0), so a scenario evaluates as
// it always did.
struct MemoryNeed {
    double gb = 0;     // 0: none
    QString countedIn; // the GPU the need comes from; empty when it is the workload's own
};
MemoryNeed rankingMemoryNeed(const Scenario &scenario, const GpuCatalog &catalog);
// The need in words: "at least 80 GB, like the H100-SXM5-80GB you count in", "at least 24 GB, as
// the workload asks"; empty when there is none.
QString memoryNeedText(const MemoryNeed &need);

struct Ranking {
    std::vector<RankedOffer> offers; // the best first, at most `top`
    std::size_t evaluated = 0;       // offer × plan pairs evaluated
    std::size_t infeasible = 0;      // of those, dropped (memory, quota, an unknown GPU)
    MemoryNeed memoryNeed;           // what the offers' GPUs had to hold
};

// Ranks `candidates` for `scenario` at `utilization`; its own cloud options play no part. Throws
// InputError when the scenario itself cannot be evaluated.
Ranking rankOffers(const Scenario &scenario, const GpuCatalog &catalog, const std::vector<RankCandidate> &candidates,
                   const RankFilter &filter, double utilization, std::size_t top);

} // namespace breakeven
