#include "arguments.h"
#include "cli.h"
#include "scenarioargument.h"
#include "verbs.h"

#include "engine/resultstext.h"
#include "engine/decidedby.h"
#include "engine/risk.h"
#include "engine/risktext.h"
#include "inputerror.h"
#include "widgets/plural.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace breakeven::cli {

namespace {

QJsonValue orNull(const std::optional<double> &value)
{
    return value && std::isfinite(*value) ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonArray numbers(const Eigen::ArrayXd &row)
{
    QJsonArray out;
    for (Eigen::Index m = 0; m < row.size(); ++m)
        out.append(std::isfinite(row(m)) ? QJsonValue(row(m)) : QJsonValue(QJsonValue::Null));
    return out;
}

QJsonObject rangeJson(const ResolvedRange &r)
{
    QJsonObject o{{QStringLiteral("path"), r.input.path}, {QStringLiteral("distribution"), toString(r.input.distribution)}};
    if (r.input.relative()) {
        o.insert(QStringLiteral("lowFactor"), *r.input.lowFactor);
        o.insert(QStringLiteral("highFactor"), *r.input.highFactor);
    } else {
        o.insert(QStringLiteral("low"), r.input.low.value_or(0));
        o.insert(QStringLiteral("high"), r.input.high.value_or(0));
    }
    return o;
}

} // namespace

int runRisk(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {QStringLiteral("json")}, {QStringLiteral("samples"), QStringLiteral("seed")});
    args.expectPositionals(1, QStringLiteral("SCENARIO"));
    std::optional<int> samples;
    if (auto text = args.option(QStringLiteral("samples"))) {
        bool ok = false;
        const int n = text->toInt(&ok);
        if (!ok || n < 1 || n > kMaxSamples)
            throw UsageError(QStringLiteral("--samples takes a whole number from 1 to %1, not \"%2\"").arg(kMaxSamples).arg(text->left(40)));
        samples = n;
    }
    std::optional<quint64> seed;
    if (auto text = args.option(QStringLiteral("seed"))) {
        bool ok = false;
        const qulonglong n = text->toULongLong(&ok);
        if (!ok)
            throw UsageError(QStringLiteral("--seed takes a whole number of at least 0, not \"%1\"").arg(text->left(40)));
        seed = n;
    }
    const LoadedScenario loaded = loadScenarioArgument(args.positional(0, QStringLiteral("SCENARIO")));
    const Scenario &s = loaded.scenario;
    const RiskResult result = analyseRisk(s, loaded.catalog, samples, seed);
    const CostModel model(loaded.input);
    const auto name = [&](int i) { return model.option(i).name; };

    if (args.flag(QStringLiteral("json"))) {
        QJsonArray ranges;
        for (const ResolvedRange &r : result.ranges)
            ranges.append(rangeJson(r));
        QJsonArray options;
        for (int i = 0; i < int(result.options.size()); ++i) {
            const OptionRisk &o = result.options[std::size_t(i)];
            QJsonObject quantiles;
            const char *keys[] = {"p5", "p10", "p50", "p90", "p95"};
            for (std::size_t k = 0; k < kTcoQuantiles.size(); ++k)
                quantiles.insert(QLatin1String(keys[k]), o.mean ? QJsonValue(o.tco[k]) : QJsonValue(QJsonValue::Null));
            options.append(QJsonObject{
                {QStringLiteral("name"), name(i)},
                {QStringLiteral("feasibleShare"), o.feasibleShare},
                {QStringLiteral("tcoMean"), orNull(o.mean)},
                {QStringLiteral("tco"), quantiles},
                {QStringLiteral("cumulativeP10"), numbers(o.bands.row(0))},
                {QStringLiteral("cumulativeP50"), numbers(o.bands.row(1))},
                {QStringLiteral("cumulativeP90"), numbers(o.bands.row(2))},
            });
        }
        QJsonArray pairs;
        for (const PairRisk &p : result.pairs) {
            QJsonArray paid;
            for (const double share : p.paidOffBy)
                paid.append(share);
            QJsonArray tornado;
            for (const TornadoBar &bar : p.tornado)
                tornado.append(QJsonObject{
                    {QStringLiteral("path"), result.ranges[std::size_t(bar.input)].input.path},
                    {QStringLiteral("low"), bar.low},
                    {QStringLiteral("high"), bar.high},
                    {QStringLiteral("differenceAtLow"), bar.atLow},
                    {QStringLiteral("differenceAtHigh"), bar.atHigh},
                    {QStringLiteral("swing"), bar.swing()},
                    {QStringLiteral("switchValue"), orNull(bar.switchValue)},
                });
            pairs.append(QJsonObject{
                {QStringLiteral("onPrem"), name(p.onPrem)},
                {QStringLiteral("cloud"), name(p.cloud)},
                {QStringLiteral("samples"), double(p.samples)},
                {QStringLiteral("probabilityOnPremCheaper"), p.onPremCheaper},
                {QStringLiteral("paidOffByMonth"), paid},
                {QStringLiteral("payoffP10"), orNull(p.payoffP10)},
                {QStringLiteral("payoffP50"), orNull(p.payoffP50)},
                {QStringLiteral("payoffP90"), orNull(p.payoffP90)},
                {QStringLiteral("neverPaysOff"), p.neverPaysOff},
                {QStringLiteral("difference"), p.difference},
                {QStringLiteral("tornado"), tornado},
            });
        }
        out << QJsonDocument(QJsonObject{
                                 {QStringLiteral("scenario"), s.name},
                                 {QStringLiteral("currency"), s.currency},
                                 {QStringLiteral("horizonMonths"), s.horizonMonths},
                                 {QStringLiteral("utilization"), result.utilization},
                                 {QStringLiteral("samples"), result.samples},
                                 {QStringLiteral("seed"), double(result.seed)},
                                 {QStringLiteral("defaultRanges"), result.defaultRanges},
                                 {QStringLiteral("bandSamples"), result.bandSamples},
                                 {QStringLiteral("ranges"), ranges},
                                 {QStringLiteral("options"), options},
                                 {QStringLiteral("pairs"), pairs},
                             })
                   .toJson(QJsonDocument::Indented);
        return Success;
    }

    out << terminalText(QStringLiteral("%1: %2 (seed %3) over %4, at %5 utilization; %6\n")
                            .arg(s.name)
                            .arg(countText("breakeven::cli", "%n future(s)", qint64(result.samples)))
                            .arg(result.seed)
                            .arg(countText("breakeven::cli", "%n month(s)", s.horizonMonths))
                            .arg(formatPercent(result.utilization))
                            .arg(result.defaultRanges ? QStringLiteral("the scenario has no ranges, so the default ones are used:")
                                                      : QStringLiteral("the scenario's ranges:")));
    for (const ResolvedRange &r : result.ranges) {
        out << terminalText(QStringLiteral("  %1: %2, %3\n").arg(r.words.heading, rangeSpanText(r), toString(r.input.distribution)));
    }
    out << "\n";
    for (int i = 0; i < int(result.options.size()); ++i) {
        const OptionRisk &o = result.options[std::size_t(i)];
        if (!o.mean) {
            out << terminalText(QStringLiteral("%1: not feasible in any future\n").arg(name(i)));
            continue;
        }
        out << terminalText(QStringLiteral("%1: TCO %2 (P10 %3, P90 %4)%5\n")
                                .arg(name(i), formatMoney(o.tco[2], s.currency, 0), formatMoney(o.tco[1], s.currency, 0),
                                     formatMoney(o.tco[3], s.currency, 0),
                                     o.feasibleShare < 1 ? QStringLiteral(", feasible in %1 of the futures").arg(formatPercent(o.feasibleShare))
                                                         : QString()));
    }
    out << "\n";
    for (const PairRisk &p : result.pairs) {
        const QString line = QStringLiteral("%1 against %2: %3\n").arg(name(p.onPrem), name(p.cloud), riskSentence(result, p, s.horizonMonths));
        out << terminalText(line);
    }
    if (result.pairs.empty())
        out << "No (on-prem, cloud) pair to compare.\n";
    else
        out << terminalText(QLatin1Char('\n') + rangesOriginText(result) + QLatin1Char('\n'));
    return Success;
}

} // namespace breakeven::cli
