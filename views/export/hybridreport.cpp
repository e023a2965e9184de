#include "hybridreport.h"

#include "charts/hybridchart.h"
#include "engine/costmodel.h"
#include "engine/hybridtext.h"
#include "engine/resultstext.h"

namespace breakeven::exporting {

QString hybridIntroHtml(const CostModel &model, const std::vector<HybridResult> &hybrids, double utilization)
{
    const QString shown = hybrids.empty() ? QString() : hybrids.front().name.toHtmlEscaped();
    return QStringLiteral("<h2>How much to own</h2><p>A hybrid option owns units of a build for the steady part of the "
                          "demand and rents what does not fit from a cloud option. At %1 utilization, over %2 months: "
                          "the first chart shows each hybrid option's TCO against the units owned, from all cloud "
                          "(none owned) to all owned (the units that cover the peak), the units chosen marked; the "
                          "second, for <b>%3</b>, the demand of the first month, busiest first, with the capacity owned "
                          "across it: above the line is the work burst to the cloud.</p>")
        .arg(formatPercent(utilization))
        .arg(model.horizonMonths())
        .arg(shown);
}

QString hybridOptionsHtml(const CostModel &model, const std::vector<HybridResult> &hybrids)
{
    const QString currency = model.input().currency;
    QString html;
    for (const HybridResult &h : hybrids) {
        const QString name = h.name.toHtmlEscaped();
        if (!h.status.feasible) {
            html += QStringLiteral("<p><b>%1</b>: not possible: %2</p>").arg(name, h.status.reason.toHtmlEscaped());
            continue;
        }
        const QString build = model.option(h.onPrem).name.toHtmlEscaped();
        const QString cloud = model.option(h.cloud).name.toHtmlEscaped();
        html += QStringLiteral("<p><b>%1</b>: %2.</p><ul>").arg(name, hybridSentence(model, h).toHtmlEscaped());
        html += QStringLiteral("<li>Units owned: %1 × %2, %3 (%4 reference GPUs)</li>")
                    .arg(h.units)
                    .arg(build,
                         h.chosen ? QStringLiteral("the number with the lowest TCO") : QStringLiteral("fixed by the scenario"),
                         charts::gpuCount(h.ownedCapacity));
        html += QStringLiteral("<li>Owned utilization: %1; burst: %2 of the work to %3</li>")
                    .arg(h.ownedUtilization ? formatPercent(*h.ownedUtilization) : QStringLiteral("n/a (none owned)"),
                         formatPercent(h.burstShare), cloud);
        html += QStringLiteral("<li>TCO: %1; the two ends: %2</li></ul>")
                    .arg(formatMoney(h.tco, currency, 0), hybridEndsText(model, h).toHtmlEscaped());
    }
    return html;
}

} // namespace breakeven::exporting
