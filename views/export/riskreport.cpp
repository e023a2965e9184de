#include "riskreport.h"

#include "charts/payoffchart.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "engine/risk.h"
#include "engine/risktext.h"

#include <QLocale>

namespace breakeven::exporting {

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

} // namespace

QString riskIntroHtml(const CostModel &model, const RiskResult &risk, std::optional<int> cheapestCloud)
{
    QString html = QStringLiteral("<h2>Risk</h2><p>%1 futures sampled (seed %2) at %3 utilization, %4. Each future draws "
                                  "every uncertain input from its range and evaluates the scenario with those values. "
                                  "The odds chart shows, per pair, the share of the futures in which buying has paid off "
                                  "by each month; the spread chart each option's TCO (whiskers P5 and P95, box P10 to "
                                  "P90, line at the median); the tornado what moves the answer for one pair.")
                       .arg(QLocale(QLocale::English, QLocale::UnitedStates).toString(risk.samples))
                       .arg(risk.seed)
                       .arg(esc(formatPercent(risk.utilization)))
                       .arg(risk.defaultRanges ? QStringLiteral("with the default ranges, as the scenario sets none of its own")
                                               : QStringLiteral("with the scenario's own ranges"));
    const std::vector<int> shown = charts::payoffPairs(risk, cheapestCloud, kReportRiskPairs);
    if (int(risk.pairs.size()) > kReportRiskPairs)
        html += cheapestCloud ? QStringLiteral(" Of %1 pairs, those against the cheapest cloud option, %2, are shown, the "
                                               "likeliest wins of buying first.")
                                    .arg(risk.pairs.size())
                                    .arg(esc(model.option(*cheapestCloud).name))
                              : QStringLiteral(" Of %1 pairs, the %2 in which buying is likeliest to win are shown.")
                                    .arg(risk.pairs.size())
                                    .arg(shown.size());
    return html + QStringLiteral("</p>");
}

QString riskSentencesHtml(const CostModel &model, const RiskResult &risk, std::optional<int> cheapestCloud)
{
    if (risk.pairs.empty())
        return QStringLiteral("<p>No pair of an on-prem and a cloud option is feasible at the scenario's own values.</p>");
    QString html = QStringLiteral("<ul>");
    for (const int p : charts::payoffPairs(risk, cheapestCloud, kReportRiskPairs)) {
        const PairRisk &pair = risk.pairs[std::size_t(p)];
        html += QStringLiteral("<li><b>%1</b> against <b>%2</b>: %3</li>")
                    .arg(esc(model.option(pair.onPrem).name), esc(model.option(pair.cloud).name),
                         esc(riskSentence(risk, pair, model.horizonMonths())));
    }
    return html + QStringLiteral("</ul>");
}

QString riskRangesHtml(const RiskResult &risk)
{
    QString html = QStringLiteral("<h3>Ranges used</h3><p>%1</p>")
                       .arg(risk.defaultRanges
                                ? QStringLiteral("The scenario has no ranges of its own: these are the documented default "
                                                 "ranges (docs/model.md, \"Uncertainty\").")
                                : QStringLiteral("The scenario's own ranges, from its uncertainty block."));
    if (risk.ranges.empty())
        return html + QStringLiteral("<p>No input is uncertain.</p>");
    html += QStringLiteral("<table class=\"results\" border=\"1\" cellspacing=\"0\" cellpadding=\"3\">"
                           "<tr><th>Input</th><th>Path</th><th>Range</th><th>Distribution</th><th>Source</th></tr>");
    for (const ResolvedRange &range : risk.ranges)
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td></tr>")
                    .arg(esc(inputName(range)), esc(range.input.path), esc(rangeSpanText(range)),
                         esc(toString(range.input.distribution)),
                         risk.defaultRanges ? QStringLiteral("default") : QStringLiteral("the scenario"));
    return html + QStringLiteral("</table>");
}

} // namespace breakeven::exporting
