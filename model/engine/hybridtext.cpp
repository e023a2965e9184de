#include "hybridtext.h"

#include "resultstext.h"

#include <QStringList>

#include <cmath>

namespace breakeven {

QString hybridSentence(const CostModel &model, const HybridResult &h)
{
    const QString build = model.option(h.onPrem).name;
    const QString cloud = model.option(h.cloud).name;
    if (!h.status.feasible)
        return QStringLiteral("%1: not possible: %2").arg(h.name, h.status.reason);
    if (h.units == 0)
        return QStringLiteral("rent all of the work from %1, own no %2").arg(cloud, build);
    const QString owned = QStringLiteral("own %1 × %2").arg(h.units).arg(build);
    if (h.burstShare <= 0)
        return QStringLiteral("%1, all of the work on them").arg(owned);
    // A share that rounds to 0 % is still a share: say "under 1 %".
    const QString share = h.burstShare < 0.005 ? QStringLiteral("under 1 %") : formatPercent(h.burstShare);
    return QStringLiteral("%1, burst %2 of the work to %3").arg(owned, share, cloud);
}

QString hybridEndsText(const CostModel &model, const HybridResult &h)
{
    const QString currency = model.input().currency;
    if (h.tcoByUnits.empty())
        return {};
    const int last = h.unitsCoveringPeak;
    return QStringLiteral("all cloud %1, all owned (%2 %3) %4")
        .arg(formatMoney(h.tcoByUnits.front(), currency, 0))
        .arg(last)
        .arg(last == 1 ? QStringLiteral("unit") : QStringLiteral("units"))
        .arg(formatMoney(h.tcoByUnits[std::size_t(last)], currency, 0));
}

QString hybridTable(const CostModel &model, const std::vector<HybridResult> &hybrids)
{
    if (hybrids.empty())
        return {};
    const QString currency = model.input().currency;
    QList<QStringList> rows{{QStringLiteral("Hybrid"), QStringLiteral("Own"), QStringLiteral("Owned u"),
                             QStringLiteral("Burst"), QStringLiteral("TCO"), QStringLiteral("All cloud"),
                             QStringLiteral("All owned")}};
    QString sentences;
    for (const HybridResult &h : hybrids) {
        if (!h.status.feasible) {
            rows << QStringList{h.name, QStringLiteral("n/a"), QStringLiteral("n/a"), QStringLiteral("n/a"),
                                QStringLiteral("n/a"), QStringLiteral("n/a"), QStringLiteral("n/a")};
        } else {
            const auto atEnd = [&](std::size_t k) {
                return k < h.tcoByUnits.size() ? formatMoney(h.tcoByUnits[k], currency, 2) : QStringLiteral("n/a");
            };
            rows << QStringList{h.name,
                                QStringLiteral("%1 × %2 (%3)")
                                    .arg(h.units)
                                    .arg(model.option(h.onPrem).name, h.chosen ? QStringLiteral("chosen") : QStringLiteral("fixed")),
                                h.ownedUtilization ? formatPercent(*h.ownedUtilization) : QStringLiteral("n/a"),
                                formatPercent(h.burstShare) + QStringLiteral(" to ") + model.option(h.cloud).name,
                                formatMoney(h.tco, currency, 2), atEnd(0), atEnd(std::size_t(h.unitsCoveringPeak))};
        }
        sentences += QStringLiteral("%1: %2\n").arg(h.name, h.status.feasible ? hybridSentence(model, h) : h.status.reason);
    }
    return textTable(rows, {false, false, true, false, true, true, true}) + sentences;
}

} // namespace breakeven
