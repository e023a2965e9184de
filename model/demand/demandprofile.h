// A demand profile: the GPUs busy in each step of a stretch of time, as read from usage records
// (model/demand/demandreader.h), and the figures that describe it (docs/model.md, "Demand
// profiles"). The hybrid engine of docs/model.md is not in this version yet; this is what it reads.
#pragma once

#include <QDateTime>

#include <vector>

namespace breakeven {

struct DemandProfile {
    double stepHours = 1;          // length of every step
    QDateTime start;               // start of the first step, UTC
    std::vector<double> gpus;      // GPUs busy in each step (time-weighted mean over the step)

    double hours() const { return stepHours * double(gpus.size()); }
};

struct DemandSummary {
    qsizetype steps = 0;
    double hours = 0;
    double mean = 0;               // mean of the steps
    double peak = 0;               // the busiest step
    double p50 = 0;                // quantiles of the steps, linear between order statistics
    double p90 = 0;
    double p99 = 0;
    // The share of the GPU-hours that lie above the mean level: Σ max(0, g − mean) / Σ g over the
    // steps (0 when no GPU was ever busy). What owning the mean would leave to rent.
    double shareAboveMean = 0;
};

// The summary of a profile. Quantile q of n sorted steps s_0 ≤ … ≤ s_{n−1}: s_⌊h⌋ plus
// (h − ⌊h⌋)(s_⌊h⌋+1 − s_⌊h⌋) with h = q (n − 1), as the risk results use (docs/model.md,
// "Uncertainty"). An empty profile gives all zeros.
DemandSummary summarizeDemand(const DemandProfile &profile);
// The quantile q (0 to 1) of sorted values by the rule above; 0 for no values.
double demandQuantile(const std::vector<double> &sorted, double q);

} // namespace breakeven
