#include "resultsjson.h"

#include "criteria.h"
#include "finance.h"
#include "servingresults.h"

#include <QJsonArray>

#include <cmath>

namespace breakeven {

namespace {

QJsonValue orNull(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonArray row(const Eigen::ArrayXXd &array, int option)
{
    QJsonArray out;
    for (Eigen::Index m = 0; m < array.cols(); ++m)
        out.append(array(option, m));
    return out;
}

// "onprem", "cloud", "api": the `kind` of an option in `compare --json`.
QString kindName(OptionKind kind)
{
    switch (kind) {
    case OptionKind::OnPrem: return QStringLiteral("onprem");
    case OptionKind::Cloud: return QStringLiteral("cloud");
    case OptionKind::Api: return QStringLiteral("api");
    }
    return {};
}

QJsonValue optionName(const CostModel &model, const std::optional<int> &index)
{
    return index ? QJsonValue(model.option(*index).name) : QJsonValue(QJsonValue::Null);
}

} // namespace

namespace {

// The plain spend by month (the cumulative curve with any resale credit put back).
QJsonArray spendRow(const CostModel &model, const Evaluation &e, int option)
{
    QJsonArray out;
    for (int m = 0; m < int(e.cumulative.cols()); ++m)
        out.append(model.cumulativeSpend(e, option, m));
    return out;
}

// TCO at the horizon by component (the parts add up to "tco"), zero parts left out.
QJsonObject components(const CostModel &model, const Evaluation &e, int option)
{
    QJsonObject parts;
    const auto breakdown = model.breakdown(option, e.utilization);
    for (int c = 0; c < kCostComponentCount; ++c) {
        if (breakdown[std::size_t(c)] != 0)
            parts.insert(jsonName(CostComponent(c)), breakdown[std::size_t(c)]);
    }
    return parts;
}

// Scores 1 to 5 by criterion, or where each came from ("results", "kind", "own"); null for an
// infeasible option.
QJsonValue scoresJson(const OptionScores &scores, bool origins)
{
    if (!scores.scored)
        return QJsonValue(QJsonValue::Null);
    QJsonObject out;
    for (int c = 0; c < kCriterionCount; ++c) {
        const auto k = std::size_t(c);
        const ScoreOrigin origin = scores.origin[k];
        out.insert(toString(Criterion(c)),
                   !origins                     ? QJsonValue(scores.score[k])
                   : origin == ScoreOrigin::Own  ? QJsonValue(QStringLiteral("own"))
                   : origin == ScoreOrigin::Kind ? QJsonValue(QStringLiteral("kind"))
                                                 : QJsonValue(QStringLiteral("results")));
    }
    return out;
}

} // namespace

namespace {

// Every change of the cheaper side: [{"month": 34.47, "cheaper": "onprem"}, …].
QJsonArray crossingsJson(const PairResult &pair)
{
    QJsonArray out;
    for (const Crossing &c : pair.crossings)
        out.append(QJsonObject{{QStringLiteral("month"), c.month},
                               {QStringLiteral("cheaper"), c.cheaperAfter == Winner::OnPrem ? QStringLiteral("onprem")
                                                                                             : QStringLiteral("cloud")}});
    return out;
}

QJsonArray array(const Eigen::ArrayXd &values)
{
    QJsonArray out;
    for (Eigen::Index m = 0; m < values.size(); ++m)
        out.append(values(m));
    return out;
}

// One hybrid option in the shape of the others, with K, its owned utilization, the share burst and
// the TCO for every K (the "how much to own" curve; null where the cloud's quota forbids a K).
QJsonObject hybridJson(const CostModel &model, const Evaluation &e, const HybridResult &h)
{
    QJsonObject parts;
    for (int c = 0; c < kCostComponentCount; ++c)
        if (h.breakdown[std::size_t(c)] != 0)
            parts.insert(jsonName(CostComponent(c)), h.breakdown[std::size_t(c)]);
    QJsonArray curve;
    for (std::size_t k = 0; k < h.tcoByUnits.size(); ++k)
        curve.append(QJsonObject{{QStringLiteral("units"), int(k)},
                                 {QStringLiteral("tco"), std::isfinite(h.tcoByUnits[k]) ? QJsonValue(h.tcoByUnits[k])
                                                                                        : QJsonValue(QJsonValue::Null)}});
    const double work = model.workHours(e.utilization);
    const bool feasible = h.status.feasible;
    QJsonObject hybrid{
        {QStringLiteral("name"), h.name},
        {QStringLiteral("kind"), QStringLiteral("hybrid")},
        {QStringLiteral("feasible"), feasible},
        {QStringLiteral("reason"), feasible ? QJsonValue(QJsonValue::Null) : QJsonValue(h.status.reason)},
        {QStringLiteral("onPrem"), model.option(h.onPrem).name},
        {QStringLiteral("cloud"), model.option(h.cloud).name},
        {QStringLiteral("tco"), feasible ? QJsonValue(h.tco) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("costPerReferenceGpuHour"),
         feasible && work > 0 ? QJsonValue(h.tco / work) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("units"), feasible ? QJsonValue(h.units) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("unitsChosen"), h.chosen},
        {QStringLiteral("unitsCoveringPeak"), h.unitsCoveringPeak},
        {QStringLiteral("ownedCapacity"), h.ownedCapacity},
        {QStringLiteral("ownedUtilization"), orNull(feasible ? h.ownedUtilization : std::nullopt)},
        {QStringLiteral("burstShare"), feasible ? QJsonValue(h.burstShare) : QJsonValue(QJsonValue::Null)},
        {QStringLiteral("ownedWorkHours"), h.ownedWorkHours},
        {QStringLiteral("burstWorkHours"), h.burstWorkHours},
        {QStringLiteral("components"), parts},
        {QStringLiteral("monthly"), array(h.monthly)},
        {QStringLiteral("cumulative"), array(h.cumulative)},
        {QStringLiteral("cumulativeSpend"), array(h.cumulativeSpend)},
        {QStringLiteral("unitsCurve"), curve},
    };
    if (model.input().tax)
        hybrid.insert(QStringLiteral("tcoBeforeTax"), feasible ? QJsonValue(h.tco - h.breakdown[std::size_t(CostComponent::TaxSavings)])
                                                               : QJsonValue(QJsonValue::Null));
    return hybrid;
}

} // namespace

QJsonObject resultsToJson(const CostModel &model, const Evaluation &e, const std::vector<HybridResult> &hybrids)
{
    const CriteriaResult criteria = scoreCriteria(model, e);
    QJsonArray options;
    for (int i = 0; i < model.optionCount(); ++i) {
        const OptionStatus &status = model.status(i);
        QJsonObject option{
            {QStringLiteral("name"), model.option(i).name},
            {QStringLiteral("kind"), kindName(model.option(i).kind)},
            {QStringLiteral("feasible"), status.feasible},
            {QStringLiteral("reason"), status.feasible ? QJsonValue(QJsonValue::Null) : QJsonValue(status.reason)},
            {QStringLiteral("tco"), e.tco(i)},
            {QStringLiteral("costPerReferenceGpuHour"), orNull(e.costPerReferenceGpuHour[std::size_t(i)])},
            {QStringLiteral("timeToResultHours"), orNull(model.timeToResultHours(i))},
            {QStringLiteral("components"), components(model, e, i)},
            {QStringLiteral("monthly"), row(e.monthly, i)},
            {QStringLiteral("cumulative"), row(e.cumulative, i)},
            {QStringLiteral("cumulativeSpend"), spendRow(model, e, i)},
            {QStringLiteral("throughput"), QJsonObject{
                {QStringLiteral("gpu"), model.option(i).gpu},
                {QStringLiteral("relative"), model.option(i).relativeThroughput},
                {QStringLiteral("basis"), model.option(i).throughputBasis},
                {QStringLiteral("source"), model.option(i).throughputSource},
            }},
        };
        // With taxes every figure is after tax; the TCO before them is kept beside it.
        if (model.input().tax)
            option.insert(QStringLiteral("tcoBeforeTax"),
                          e.tco(i) - model.breakdown(i, e.utilization)[std::size_t(CostComponent::TaxSavings)]);
        const OptionScores &scores = criteria.options[std::size_t(i)];
        option.insert(QStringLiteral("scores"), scoresJson(scores, false));
        option.insert(QStringLiteral("scoreOrigins"), scoresJson(scores, true));
        option.insert(QStringLiteral("weightedScore"), scores.scored ? QJsonValue(scores.weighted) : QJsonValue(QJsonValue::Null));
        if (model.option(i).kind == OptionKind::OnPrem) {
            option.insert(QStringLiteral("units"), model.unitsInMonth(i, 1));
            option.insert(QStringLiteral("unitsMax"), model.unitsMax(i));
            // What the horizon leaves out (docs/model.md): the purchases inside it, and what the
            // units would still sell for at H, credited or not.
            QJsonArray purchases;
            for (const Purchase &p : model.purchases(i))
                purchases.append(QJsonObject{{QStringLiteral("month"), p.month},
                                             {QStringLiteral("units"), p.units},
                                             {QStringLiteral("amount"), p.amount},
                                             {QStringLiteral("reason"), jsonName(p.reason)}});
            option.insert(QStringLiteral("purchases"), purchases);
            option.insert(QStringLiteral("valueAtHorizon"),
                          QJsonObject{{QStringLiteral("amount"), model.valueAtHorizon(i)},
                                      {QStringLiteral("credited"), model.netOfResale()}});
        } else if (const auto &owed = model.owedAfterHorizon(i)) {
            option.insert(QStringLiteral("owedAfterHorizon"),
                          QJsonObject{{QStringLiteral("amount"), owed->amount},
                                      {QStringLiteral("presentValue"), owed->presentValue},
                                      {QStringLiteral("months"), owed->months},
                                      {QStringLiteral("lastTermEnds"), owed->lastTermEnds}});
        } else if (model.option(i).kind == OptionKind::Cloud) {
            option.insert(QStringLiteral("owedAfterHorizon"), QJsonValue(QJsonValue::Null));
        }
        options.append(option);
    }
    // A serving workload (docs/model.md, "Serving"): tokens per second and cost per token.
    for (const ServingOptionFigures &f : servingOptionFigures(model, e)) {
        QJsonObject option = options[f.option].toObject();
        if (model.option(f.option).kind != OptionKind::Api) {
            option.insert(QStringLiteral("tokensPerSecondPerGpu"), f.tokensPerSecondPerGpu > 0 ? QJsonValue(f.tokensPerSecondPerGpu)
                                                                                              : QJsonValue(QJsonValue::Null));
            option.insert(QStringLiteral("basis"), f.basis);
            if (f.modelledTokensPerSecondPerGpu)
                option.insert(QStringLiteral("modelledTokensPerSecondPerGpu"), *f.modelledTokensPerSecondPerGpu);
            option.insert(QStringLiteral("replicaGpus"), f.replicaGpus);
            option.insert(QStringLiteral("gpusAtPeak"), f.gpusAtPeak);
        } else {
            option.insert(QStringLiteral("model"), model.option(f.option).api.model);
        }
        option.insert(QStringLiteral("costPerMillionTokens"), orNull(f.costPerMillionTokens));
        option.insert(QStringLiteral("costPerMillionOutputTokens"), orNull(f.costPerMillionOutputTokens));
        if (!f.note.isEmpty())
            option.insert(QStringLiteral("note"), f.note);
        options[f.option] = option;
    }
    for (const HybridResult &h : hybrids)
        options.append(hybridJson(model, e, h));
    QJsonArray pairs;
    for (const PairResult &p : model.pairs(e)) {
        const PairFinance finance = pairFinance(model, e, p);
        QJsonValue winsAbove(QJsonValue::Null);
        if (p.winsAbove)
            winsAbove = *p.winsAbove == Winner::OnPrem ? QStringLiteral("onprem") : QStringLiteral("cloud");
        pairs.append(QJsonObject{
            {QStringLiteral("onPrem"), model.option(p.onPrem).name},
            {QStringLiteral("cloud"), model.option(p.cloud).name},
            {QStringLiteral("crossoverMonth"), orNull(p.crossoverMonth)},
            {QStringLiteral("paysOffMonth"), orNull(p.paysOffMonth)},
            {QStringLiteral("crossings"), crossingsJson(p)},
            {QStringLiteral("differenceAtHorizon"), p.differenceAtHorizon},
            {QStringLiteral("breakEvenUtilization"), orNull(p.breakEvenUtilization)},
            {QStringLiteral("winsAbove"), winsAbove},
            {QStringLiteral("costRatio"), orNull(p.costRatio)},
            {QStringLiteral("npvOfBuying"), finance.npvOfBuying},
            {QStringLiteral("irrOfBuying"), orNull(finance.irrOfBuying)},
            {QStringLiteral("irrReason"), finance.irrOfBuying ? QJsonValue(QJsonValue::Null) : QJsonValue(finance.irrReason)},
            {QStringLiteral("paybackMonth"), orNull(finance.paybackMonth)},
            {QStringLiteral("discountedPaybackMonth"), orNull(finance.discountedPaybackMonth)},
        });
    }
    QJsonObject weights;
    for (int c = 0; c < kCriterionCount; ++c)
        weights.insert(toString(Criterion(c)), model.input().criterionWeights[std::size_t(c)]);
    QJsonArray ranking;
    for (const int i : criteria.ranking)
        ranking.append(model.option(i).name);
    QJsonArray byMonth;
    for (const auto &index : e.cheapestByMonth)
        byMonth.append(optionName(model, index));
    return QJsonObject{
        {QStringLiteral("scenario"), model.input().scenarioName},
        {QStringLiteral("currency"), model.input().currency},
        {QStringLiteral("utilization"), e.utilization},
        {QStringLiteral("horizonMonths"), e.horizonMonths},
        {QStringLiteral("discounting"), QJsonObject{{QStringLiteral("ratePerYear"), model.input().discountRatePerYear},
                                                    {QStringLiteral("convention"), toString(model.input().discounting)}}},
        {QStringLiteral("referenceGpu"), model.input().referenceGpu},
        {QStringLiteral("throughputProfile"), toString(model.input().throughputProfile)},
        {QStringLiteral("options"), options},
        {QStringLiteral("pairs"), pairs},
        {QStringLiteral("cheapest"), optionName(model, e.cheapest)},
        {QStringLiteral("cheapestByMonth"), byMonth},
        {QStringLiteral("criteriaWeights"), weights},
        {QStringLiteral("criteriaRanking"), ranking},
    };
}

} // namespace breakeven
