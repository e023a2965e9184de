#include "pricetrend.h"

#include <algorithm>
#include <cmath>

namespace breakeven {

namespace {

constexpr double kDaysPerYear = 365.25;

} // namespace

std::optional<ObservedTrend> observedTrend(std::vector<PricePoint> points)
{
    std::erase_if(points, [](const PricePoint &p) { return !p.date.isValid() || !(p.price > 0) || !std::isfinite(p.price); });
    // Stable, so that of several prices at one date the last given is kept.
    std::stable_sort(points.begin(), points.end(),
                     [](const PricePoint &a, const PricePoint &b) { return a.date < b.date; });
    std::vector<PricePoint> distinct;
    for (const PricePoint &p : points) {
        if (!distinct.empty() && distinct.back().date == p.date)
            distinct.back() = p;
        else
            distinct.push_back(p);
    }
    if (distinct.size() < 2 || distinct.front().date.daysTo(distinct.back().date) < kMinTrendDays)
        return std::nullopt;

    // Least squares of ln(price) on years since the first date: the slope is the continuous rate.
    const QDate origin = distinct.front().date;
    double sx = 0, sy = 0;
    for (const PricePoint &p : distinct) {
        sx += origin.daysTo(p.date) / kDaysPerYear;
        sy += std::log(p.price);
    }
    const double n = double(distinct.size());
    const double mx = sx / n, my = sy / n;
    double sxx = 0, sxy = 0;
    for (const PricePoint &p : distinct) {
        const double x = origin.daysTo(p.date) / kDaysPerYear - mx;
        sxx += x * x;
        sxy += x * (std::log(p.price) - my);
    }
    const double rate = std::expm1(sxy / sxx);
    if (!std::isfinite(rate) || rate < kMinRatePerYear || rate > kMaxRatePerYear)
        return std::nullopt;
    ObservedTrend trend;
    trend.ratePerYear = rate;
    trend.first = distinct.front().date;
    trend.last = distinct.back().date;
    trend.points = int(distinct.size());
    return trend;
}

std::optional<ObservedTrend> medianTrend(const std::vector<ObservedTrend> &trends)
{
    if (trends.empty())
        return std::nullopt;
    std::vector<double> rates;
    rates.reserve(trends.size());
    ObservedTrend median;
    median.first = trends.front().first;
    median.last = trends.front().last;
    median.points = 0;
    median.offers = 0;
    for (const ObservedTrend &t : trends) {
        rates.push_back(t.ratePerYear);
        median.first = std::min(median.first, t.first);
        median.last = std::max(median.last, t.last);
        median.points += t.points;
        median.offers += t.offers;
    }
    const auto middle = rates.begin() + std::ptrdiff_t((rates.size() - 1) / 2);
    std::nth_element(rates.begin(), middle, rates.end());
    median.ratePerYear = *middle;
    return median;
}

} // namespace breakeven
