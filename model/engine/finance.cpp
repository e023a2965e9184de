#include "finance.h"

#include <cmath>

namespace breakeven {

namespace {

// The entries the convention discounts one factor each: every month, or entry 0 then each year's
// sum (months 12(y − 1) + 1 .. 12y; a last year cut short by the horizon is summed as it is).
std::vector<double> periods(const std::vector<double> &savings, Discounting discounting)
{
    if (discounting == Discounting::Monthly || savings.empty())
        return savings;
    std::vector<double> years{savings.front()};
    for (std::size_t m = 1; m < savings.size(); ++m) {
        if ((m - 1) % 12 == 0)
            years.push_back(0.0);
        years.back() += savings[m];
    }
    return years;
}

// Σ flows(k) (1 + rate)^(−k).
double presentValue(const std::vector<double> &flows, double rate)
{
    double value = 0;
    double factor = 1;
    const double step = 1.0 / (1.0 + rate);
    for (const double flow : flows) {
        value += flow * factor;
        factor *= step;
    }
    return value;
}

} // namespace

std::vector<double> savingsOfBuying(const CostModel &model, const Evaluation &e, int onPrem, int cloud)
{
    const int months = int(e.monthly.cols());
    std::vector<double> savings(std::size_t(months), 0.0);
    for (int m = 0; m < months; ++m)
        savings[std::size_t(m)] = (e.monthly(cloud, m) - e.monthly(onPrem, m)) / model.discountAt(m);
    if (months > 0 && model.netOfResale()) {
        // What the units would sell for at H: the credit the on-prem curve holds there.
        const int H = months - 1;
        const double credit = model.cumulativeSpend(e, onPrem, H) - e.cumulative(onPrem, H);
        savings[std::size_t(H)] += credit / model.discountAt(H);
    }
    return savings;
}

std::optional<double> internalRate(const std::vector<double> &savings, Discounting discounting, QString *reason)
{
    const std::vector<double> flows = periods(savings, discounting);
    const QString unit = discounting == Discounting::Yearly ? QStringLiteral("year") : QStringLiteral("month");
    // The savings must change sign exactly once, for a single rate to exist.
    double scale = 0;
    for (const double f : flows)
        scale = std::max(scale, std::abs(f));
    int changes = 0;
    int sign = 0;
    for (const double f : flows) {
        if (std::abs(f) <= 1e-12 * scale)
            continue;
        const int s = f > 0 ? 1 : -1;
        if (sign != 0 && s != sign)
            ++changes;
        sign = s;
    }
    const auto none = [&](const QString &why) -> std::optional<double> {
        if (reason)
            *reason = why;
        return std::nullopt;
    };
    if (changes == 0)
        return none(sign > 0 ? QStringLiteral("buying saves in every %1: no rate makes it break even").arg(unit)
                             : QStringLiteral("buying costs more in every %1: no rate makes it break even").arg(unit));
    if (changes > 1)
        return none(QStringLiteral("the savings change sign %1 times (a purchase after the start, or a "
                                   "reservation's payments): no single rate").arg(changes));
    // One change of sign: the present value is monotonic in the rate; bisection on the rate per
    // period, from −99 % to 1,000 % a year.
    const double perYear = discounting == Discounting::Yearly ? 1.0 : 12.0;
    double low = std::pow(0.01, 1.0 / perYear) - 1.0;
    double high = std::pow(11.0, 1.0 / perYear) - 1.0;
    double atLow = presentValue(flows, low);
    const double atHigh = presentValue(flows, high);
    if ((atLow > 0) == (atHigh > 0))
        return none(QStringLiteral("no rate between −99 % and 1,000 % a year makes it break even"));
    // To a relative 1e-12 of the rate per period: about 45 halvings.
    for (int step = 0; step < 200 && high - low > 1e-12 * std::max(1e-3, std::abs(low)); ++step) {
        const double middle = 0.5 * (low + high);
        const double value = presentValue(flows, middle);
        if ((value > 0) == (atLow > 0)) {
            low = middle;
            atLow = value;
        } else {
            high = middle;
        }
    }
    if (reason)
        reason->clear();
    return std::pow(1.0 + 0.5 * (low + high), perYear) - 1.0;
}

PairFinance pairFinance(const CostModel &model, const Evaluation &e, const PairResult &pair)
{
    PairFinance f;
    const std::vector<double> savings = savingsOfBuying(model, e, pair.onPrem, pair.cloud);
    f.npvOfBuying = -pair.differenceAtHorizon;
    f.irrOfBuying = internalRate(savings, model.input().discounting, &f.irrReason);
    f.discountedPaybackMonth = pair.paysOffMonth;
    // The plain curves: each entry not discounted, the on-prem one net of what its units would
    // sell for at each month when the scenario credits it, as its discounted curve is.
    const int months = int(savings.size());
    std::vector<double> plainOnPrem(savings.size(), 0.0);
    std::vector<double> plainCloud(savings.size(), 0.0);
    double onPremSpent = 0;
    double cloudSpent = 0;
    for (int m = 0; m < months; ++m) {
        const double factor = model.discountAt(m);
        onPremSpent += e.monthly(pair.onPrem, m) / factor;
        cloudSpent += e.monthly(pair.cloud, m) / factor;
        const double credit = model.netOfResale() ? (model.cumulativeSpend(e, pair.onPrem, m) - e.cumulative(pair.onPrem, m)) / factor : 0.0;
        plainOnPrem[std::size_t(m)] = onPremSpent - credit;
        plainCloud[std::size_t(m)] = cloudSpent;
    }
    if (months > 0)
        f.paybackMonth = CostModel::paysOffMonth(CostModel::crossings(plainOnPrem.data(), plainCloud.data(), months),
                                                 CostModel::gap(plainOnPrem.back(), plainCloud.back()) > 0);
    return f;
}

} // namespace breakeven
