#include "resultsjson.h"

#include <QJsonArray>

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

} // namespace

QJsonObject resultsToJson(const CostModel &model, const Evaluation &e)
{
    QJsonArray options;
    for (int i = 0; i < model.optionCount(); ++i) {
        const OptionStatus &status = model.status(i);
        QJsonObject option{
            {QStringLiteral("name"), model.option(i).name},
            {QStringLiteral("kind"), model.option(i).kind == OptionKind::Cloud ? QStringLiteral("cloud") : QStringLiteral("onprem")},
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
        if (model.option(i).kind == OptionKind::OnPrem) {
            option.insert(QStringLiteral("units"), model.unitsInMonth(i, 1));
            option.insert(QStringLiteral("unitsMax"), model.unitsMax(i));
        }
        options.append(option);
    }
    QJsonArray pairs;
    for (const PairResult &p : model.pairs(e)) {
        QJsonValue winsAbove(QJsonValue::Null);
        if (p.winsAbove)
            winsAbove = *p.winsAbove == Winner::OnPrem ? QStringLiteral("onprem") : QStringLiteral("cloud");
        pairs.append(QJsonObject{
            {QStringLiteral("onPrem"), model.option(p.onPrem).name},
            {QStringLiteral("cloud"), model.option(p.cloud).name},
            {QStringLiteral("crossoverMonth"), orNull(p.crossoverMonth)},
            {QStringLiteral("breakEvenUtilization"), orNull(p.breakEvenUtilization)},
            {QStringLiteral("winsAbove"), winsAbove},
            {QStringLiteral("costRatio"), orNull(p.costRatio)},
        });
    }
    QJsonArray byMonth;
    for (const auto &index : e.cheapestByMonth)
        byMonth.append(optionName(model, index));
    return QJsonObject{
        {QStringLiteral("scenario"), model.input().scenarioName},
        {QStringLiteral("currency"), model.input().currency},
        {QStringLiteral("utilization"), e.utilization},
        {QStringLiteral("horizonMonths"), e.horizonMonths},
        {QStringLiteral("referenceGpu"), model.input().referenceGpu},
        {QStringLiteral("throughputProfile"), toString(model.input().throughputProfile)},
        {QStringLiteral("options"), options},
        {QStringLiteral("pairs"), pairs},
        {QStringLiteral("cheapest"), optionName(model, e.cheapest)},
        {QStringLiteral("cheapestByMonth"), byMonth},
    };
}

} // namespace breakeven
