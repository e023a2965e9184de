#include "risktext.h"

#include "resultstext.h"

#include <QStringList>

#include <algorithm>

namespace breakeven {

QString inputName(const ResolvedRange &r)
{
    return r.words.name;
}

QString inputValueText(const ResolvedRange &r, double value)
{
    if (r.shared && r.input.relative())
        return QStringLiteral("×%1").arg(QString::number(value, 'f', 2));
    return fieldValueText(r.words, value);
}

QString inputSpanText(const ResolvedRange &r, double low, double high)
{
    if (r.shared && r.input.relative())
        return QStringLiteral("%1 to %2").arg(inputValueText(r, low), inputValueText(r, high));
    return fieldSpanText(r.words, low, high);
}

QString switchText(const ResolvedRange &r, double value, bool otherBelow)
{
    // A relative `[*]` range's switch value is a factor of every element's own value.
    if (r.shared && r.input.relative())
        return beyondFactorText(r.words, value, otherBelow);
    return beyondText(r.words, value, otherBelow);
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
        line += QStringLiteral("it pays off within %1 months in %2 of them").arg(horizonMonths).arg(formatPercent(1 - pair.neverPaysOff));
    // A tornado has a bar per range; a preview leaves it out, and then says nothing of what flips it.
    const bool withTornado = !pair.tornado.empty() || result.ranges.empty();
    if (withTornado)
        line += QStringLiteral("; what flips it: %1").arg(flipsText(result, pair));
    return line;
}

QString rangeSpanText(const ResolvedRange &r)
{
    // Values as drawn: clipped to the field's bounds ("utilization 50 % to 150 %" is 50 % to
    // 100 %), when every element is clipped alike.
    if (!r.input.relative() && !r.elements.empty()) {
        const RangeElement &first = r.elements.front();
        const bool alike = std::all_of(r.elements.begin(), r.elements.end(), [&](const RangeElement &e) {
            return e.low == first.low && e.high == first.high;
        });
        if (alike)
            return fieldSpanText(r.words, first.low, first.high);
    }
    return rangeText(r.words, r.input);
}

} // namespace breakeven
