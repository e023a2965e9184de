#include "risktext.h"

#include "resultstext.h"

#include <QStringList>

#include <cmath>
#include <utility>

namespace breakeven {

namespace {

bool isUtilization(const ResolvedRange &r)
{
    return r.input.path == QLatin1String("workload.utilization");
}

// Fields that are fractions: written as percentages.
bool isShare(const ResolvedRange &r)
{
    return r.input.path.endsWith(QLatin1String("PerYear")) || r.input.path.endsWith(QLatin1String("Haircut"))
        || r.input.path.endsWith(QLatin1String("Share"));
}

} // namespace

QString inputName(const ResolvedRange &r)
{
    if (isUtilization(r))
        return QStringLiteral("utilization");
    if (r.shared && r.input.relative()) {
        if (r.input.path == QLatin1String("cloudOptions[*].pricePerHour"))
            return QStringLiteral("cloud prices");
        if (r.input.path == QLatin1String("onPremOptions[*].electricityPerKWh"))
            return QStringLiteral("electricity prices");
        if (r.input.path == QLatin1String("onPremOptions[*].hardwarePrice"))
            return QStringLiteral("hardware prices");
    }
    // The scenario's rates and a field of every build or cloud option, in words.
    static const std::pair<const char *, const char *> names[] = {
        {"discountRatePerYear", "discount rate"},
        {"cloudPriceChangePerYear", "cloud price change a year"},
        {"hardwarePriceChangePerYear", "hardware price change a year"},
        {"electricityPriceChangePerYear", "electricity price change a year"},
        {"onPremOptions[*].resaleHaircut", "resale haircut"},
    };
    for (const auto &[path, name] : names)
        if (r.input.path == QLatin1String(path))
            return QString::fromLatin1(name);
    return r.input.path;
}

QString inputValueText(const ResolvedRange &r, double value)
{
    if (r.shared && r.input.relative())
        return QStringLiteral("×%1").arg(QString::number(value, 'f', 2));
    if (isUtilization(r))
        return formatPercent(value);
    if (isShare(r))
        return formatPercent(value, 1);
    return QString::number(value, 'g', 4);
}

QString switchText(const ResolvedRange &r, double value, bool otherBelow)
{
    const QString side = otherBelow ? QStringLiteral("below") : QStringLiteral("above");
    if (isUtilization(r))
        return QStringLiteral("utilization %1 %2").arg(side, formatPercent(value));
    if (r.shared && r.input.relative()) {
        const double change = value - 1.0;
        const QString by = QStringLiteral("%1 %2").arg(formatPercent(std::abs(change)), change < 0 ? QStringLiteral("lower")
                                                                                                   : QStringLiteral("higher"));
        // "cloud prices more than 22 % lower", "cloud prices less than 5 % higher"
        const bool further = (change < 0) == otherBelow;
        return QStringLiteral("%1 %2 %3").arg(inputName(r), further ? QStringLiteral("more than") : QStringLiteral("less than"), by);
    }
    return QStringLiteral("%1 %2 %3").arg(r.input.path, side, isShare(r) ? formatPercent(value, 1) : QString::number(value, 'g', 4));
}

QString flipsText(const RiskResult &result, const PairRisk &pair)
{
    QStringList parts;
    for (const TornadoBar &bar : pair.tornado) {
        if (!bar.switchValue || parts.size() == 2)
            continue;
        // The other answer lies on the side of the switch value where the difference has the
        // other sign than at the inputs' own values.
        const bool buyingWins = pair.difference < 0;
        const bool otherBelow = buyingWins ? bar.atLow > 0 : bar.atLow < 0;
        parts << switchText(result.ranges[std::size_t(bar.input)], *bar.switchValue, otherBelow);
    }
    return parts.isEmpty() ? QStringLiteral("nothing inside the ranges") : parts.join(QStringLiteral(", "));
}

std::optional<double> medianPayoff(const PairRisk &pair)
{
    for (std::size_t m = 0; m < pair.paidOffBy.size(); ++m) {
        if (pair.paidOffBy[m] >= 0.5) {
            if (m == 0)
                return 0.0;
            const double before = pair.paidOffBy[m - 1];
            return double(m - 1) + (0.5 - before) / (pair.paidOffBy[m] - before);
        }
    }
    return std::nullopt;
}

QString riskSentence(const RiskResult &result, const PairRisk &pair, int horizonMonths)
{
    QString line = QStringLiteral("buying wins in %1 of futures; ").arg(formatPercent(pair.onPremCheaper));
    if (const auto median = medianPayoff(pair))
        line += QStringLiteral("it has paid off by month %1 in half of them").arg(QString::number(*median, 'f', 1));
    else
        line += QStringLiteral("it pays off within %1 months in %2 of them").arg(horizonMonths).arg(formatPercent(1 - pair.neverCrosses));
    // A tornado has a bar per range; a preview leaves it out, and then says nothing of what flips it.
    const bool withTornado = !pair.tornado.empty() || result.ranges.empty();
    if (withTornado)
        line += QStringLiteral("; what flips it: %1").arg(flipsText(result, pair));
    return line;
}

QString rangeSpanText(const ResolvedRange &r)
{
    return r.input.relative() ? QStringLiteral("×%1 to ×%2").arg(*r.input.lowFactor).arg(*r.input.highFactor)
                              : QStringLiteral("%1 to %2").arg(r.input.low.value_or(0)).arg(r.input.high.value_or(0));
}

} // namespace breakeven
