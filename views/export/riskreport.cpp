#include "riskreport.h"

#include "engine/decidedby.h"

#include "charts/payoffchart.h"
#include "charts/tcospreadchart.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "engine/risk.h"
#include "engine/risktext.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace breakeven::exporting {

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

} // namespace

RiskRequest quickRiskRequest(const CostModel &model, const Evaluation &evaluation)
{
    RiskRequest request;
    request.maxCells = kQuickRiskCells;
    std::vector<int> feasible;
    int builds = 0;
    for (int i = 0; i < model.optionCount(); ++i) {
        if (model.isFeasible(i)) {
            feasible.push_back(i);
            builds += model.option(i).kind == OptionKind::OnPrem ? 1 : 0;
        }
    }
    // Every pair is worded when there are few.
    if (builds * (int(feasible.size()) - builds) <= kReportRiskPairs)
        return request;
    request.pairsAgainst = model.cheapestCloud(evaluation);
    std::stable_sort(feasible.begin(), feasible.end(), [&](int a, int b) { return evaluation.tco(a) < evaluation.tco(b); });
    std::vector<int> options;
    int taken = 0;
    for (const int i : feasible)
        if (model.option(i).kind == OptionKind::OnPrem && taken++ < kReportRiskPairs)
            options.push_back(i);
    for (std::size_t k = 0; k < feasible.size() && k < std::size_t(charts::TcoSpreadChart::kMaxBoxes); ++k)
        options.push_back(feasible[k]);
    if (request.pairsAgainst)
        options.push_back(*request.pairsAgainst);
    request.options = options;
    return request;
}

QString riskIntroHtml(const CostModel &model, const RiskResult &risk, std::optional<int> cheapestCloud)
{
    QString html = QStringLiteral("<h2>Risk</h2><p>%1 futures sampled (seed %2) at %3 utilization, %4. Each future draws "
                                  "every uncertain input from its range and evaluates the scenario with those values. "
                                  "The odds chart shows, per pair, the share of the futures in which buying has paid off "
                                  "by each month; the spread chart each option's TCO (whiskers P5 and P95, box P10 to "
                                  "P90, line at the median); each tornado what moves the answer for its pair.")
                       .arg(QLocale(QLocale::English, QLocale::UnitedStates).toString(risk.samples))
                       .arg(risk.seed)
                       .arg(esc(formatPercent(risk.utilization)))
                       .arg(risk.defaultRanges ? QStringLiteral("with the default ranges, as the scenario sets none of its own")
                                               : QStringLiteral("with the scenario's own ranges"));
    html += QLatin1Char(' ') + esc(rangesOriginText(risk));
    if (risk.samples < risk.requestedSamples)
        html += QStringLiteral(" The scenario asks for %1 samples; the report takes the first %2, to keep its work "
                               "bounded (<code>breakeven risk</code> takes them all).")
                    .arg(QLocale(QLocale::English, QLocale::UnitedStates).toString(risk.requestedSamples))
                    .arg(QLocale(QLocale::English, QLocale::UnitedStates).toString(risk.samples));
    const auto left = std::count_if(risk.options.begin(), risk.options.end(), [](const OptionRisk &o) { return !o.sampled; });
    if (left > 0)
        html += QStringLiteral(" Only the options shown are sampled (%1 others are left out).").arg(left);
    const std::vector<int> shown = charts::payoffPairs(risk, cheapestCloud, kReportRiskPairs);
    if (risk.pairsAgainst)
        html += QStringLiteral(" The pairs shown are those against the cheapest cloud option, %1, the likeliest wins "
                               "of buying first.")
                    .arg(esc(model.option(*risk.pairsAgainst).name));
    else if (int(risk.pairs.size()) > kReportRiskPairs)
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

std::vector<int> tornadoPairs(const RiskResult &risk, std::optional<int> cheapestCloud)
{
    std::vector<int> pairs;
    for (const int p : charts::payoffPairs(risk, cheapestCloud, kReportRiskPairs))
        if (!risk.pairs[std::size_t(p)].tornado.empty())
            pairs.push_back(p);
    if (int(pairs.size()) > kReportTornadoes) {
        std::stable_sort(pairs.begin(), pairs.end(), [&](int a, int b) {
            return std::abs(risk.pairs[std::size_t(a)].onPremCheaper - 0.5) < std::abs(risk.pairs[std::size_t(b)].onPremCheaper - 0.5);
        });
        pairs.resize(std::size_t(kReportTornadoes));
    }
    return pairs;
}

QString tornadoIntroHtml(const RiskResult &risk, std::optional<int> cheapestCloud)
{
    const std::vector<int> pairs = tornadoPairs(risk, cheapestCloud);
    if (pairs.empty())
        return {};
    const std::vector<int> worded = charts::payoffPairs(risk, cheapestCloud, kReportRiskPairs);
    const auto drawable = std::count_if(worded.begin(), worded.end(),
                                        [&](int p) { return !risk.pairs[std::size_t(p)].tornado.empty(); });
    if (std::size_t(drawable) <= pairs.size())
        return pairs.size() == 1 ? QStringLiteral("<p>The tornado below is drawn for the one pair.</p>")
                                 : QStringLiteral("<p>A tornado is drawn below for each of the %1 pairs.</p>").arg(pairs.size());
    return QStringLiteral("<p>Tornadoes are drawn below for the %1 pairs whose answer is least certain: those in which "
                          "buying wins in the share of futures closest to half, where the uncertain inputs decide "
                          "the most.</p>")
        .arg(pairs.size());
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
                           "<tr><th>Input</th><th>Range</th><th>Distribution</th><th>Source</th></tr>");
    for (const ResolvedRange &range : risk.ranges)
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>")
                    .arg(esc(range.words.heading), esc(rangeSpanText(range)),
                         esc(toString(range.input.distribution)),
                         risk.defaultRanges ? QStringLiteral("default") : QStringLiteral("the scenario"));
    return html + QStringLiteral("</table>");
}

} // namespace breakeven::exporting
