// How fast an offer's price changed, from the prices a document has seen it at (docs/model.md,
// "Observed price trends"): the yearly rate of a log-linear least-squares fit, and for a GPU the
// median over its offers. Pure functions; the store gathers the points.
#pragma once

#include <QDate>

#include <optional>
#include <vector>

namespace breakeven {

struct PricePoint {
    QDate date;
    double price = 0;
};

struct ObservedTrend {
    double ratePerYear = 0; // -0.1: the price falls by a tenth a year
    QDate first;            // the earliest and latest dates behind it
    QDate last;
    int points = 0; // prices at distinct dates (for a GPU: over all its offers)
    int offers = 1; // offers behind it (a GPU's median)
};

// Prices closer together than this say little about a yearly rate and are not turned into one.
inline constexpr int kMinTrendDays = 28;
// The range a yearly rate may take in a scenario; an observed rate outside it is not offered.
inline constexpr double kMinRatePerYear = -0.9;
inline constexpr double kMaxRatePerYear = 1.0;

// The yearly rate that fits `points` best on a log scale. Points at the same date count once (the
// last given wins); a price that is not positive is left out. None when fewer than two dates
// remain, they span less than kMinTrendDays, or the rate is outside the scenario's range.
std::optional<ObservedTrend> observedTrend(std::vector<PricePoint> points);

// The median rate of several offers' trends (the lower middle one for an even count), with the
// dates and points of them all.
std::optional<ObservedTrend> medianTrend(const std::vector<ObservedTrend> &trends);

} // namespace breakeven
