// The report's risk section (docs/model.md, "Uncertainty"): what was sampled, the sentence per
// pair as `breakeven risk` and the Risk tab say it, and the ranges used with where they came
// from. The charts are drawn by reportwriter.cpp from the same result.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace breakeven {
class CostModel;
struct Evaluation;
struct RiskRequest;
struct RiskResult;
} // namespace breakeven

namespace breakeven::exporting {

// Pairs worded in the report: those the odds chart shows (against the cheapest cloud option when
// there are more than it shows), so that hundreds of options keep a section of a page or two.
inline constexpr int kReportRiskPairs = 8;

// What a report or a chart export samples, with work cut to kQuickRiskCells so that a report of
// any scenario stays quick: every option when there are at most kReportRiskPairs pairs, else the
// options it shows (the kReportRiskPairs builds cheapest at the inputs' own values, paired with
// the cheapest cloud option, and the options the spread chart has room for, cheapest first).
RiskRequest quickRiskRequest(const CostModel &model, const Evaluation &evaluation);

// The introduction: samples, seed, utilization, whose ranges, which pairs are worded.
QString riskIntroHtml(const CostModel &model, const RiskResult &risk, std::optional<int> cheapestCloud);
// "<b>A</b> against <b>B</b>: buying wins in …" per pair worded, as a list.
QString riskSentencesHtml(const CostModel &model, const RiskResult &risk, std::optional<int> cheapestCloud);
// The pairs whose tornado the report draws: every pair worded when there are at most
// kReportTornadoes, else the kReportTornadoes whose answer is least certain (buying wins in the
// share of futures closest to half), where the uncertain inputs decide the most.
inline constexpr int kReportTornadoes = 3;
std::vector<int> tornadoPairs(const RiskResult &risk, std::optional<int> cheapestCloud);
// What the tornadoes that follow are drawn for.
QString tornadoIntroHtml(const RiskResult &risk, std::optional<int> cheapestCloud);
// The ranges used: input, path, span, distribution, and whether each is a documented default.
QString riskRangesHtml(const RiskResult &risk);

} // namespace breakeven::exporting
