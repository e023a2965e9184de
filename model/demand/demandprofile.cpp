#include "demandprofile.h"

#include <algorithm>
#include <cmath>

namespace breakeven {

double demandQuantile(const std::vector<double> &sorted, double q)
{
    if (sorted.empty())
        return 0;
    const double h = q * double(sorted.size() - 1);
    const auto below = std::size_t(std::floor(h));
    const std::size_t above = std::min(sorted.size() - 1, below + 1);
    return sorted[below] + (h - double(below)) * (sorted[above] - sorted[below]);
}

DemandSummary summarizeDemand(const DemandProfile &profile)
{
    DemandSummary s;
    s.steps = qsizetype(profile.gpus.size());
    s.hours = profile.hours();
    if (profile.gpus.empty())
        return s;
    double total = 0;
    for (const double g : profile.gpus)
        total += g;
    s.mean = total / double(profile.gpus.size());
    double above = 0;
    for (const double g : profile.gpus)
        above += std::max(0.0, g - s.mean);
    s.shareAboveMean = total > 0 ? above / total : 0;
    std::vector<double> sorted = profile.gpus;
    std::sort(sorted.begin(), sorted.end());
    s.peak = sorted.back();
    s.p50 = demandQuantile(sorted, 0.50);
    s.p90 = demandQuantile(sorted, 0.90);
    s.p99 = demandQuantile(sorted, 0.99);
    return s;
}

} // namespace breakeven
