#include "arguments.h"
#include "cli.h"
#include "verbs.h"
#include "scenarioargument.h"

#include "demand/demandreader.h"
#include "engine/assembly.h"
#include "inputerror.h"
#include "engine/decidedby.h"
#include "engine/hybrid.h"
#include "engine/resultsjson.h"
#include "engine/resultstext.h"
#include "engine/servingresults.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace breakeven::cli {

int runCompare(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {QStringLiteral("json")},
                         {QStringLiteral("utilization"), QStringLiteral("cloud-price-change"),
                          QStringLiteral("hardware-price-change"), QStringLiteral("demand"), QStringLiteral("step"),
                          QStringLiteral("gpu")});
    args.expectPositionals(1, QStringLiteral("SCENARIO"));
    std::optional<double> utilization;
    if (auto u = args.option(QStringLiteral("utilization")))
        utilization = parseUtilization(*u);
    // Market rates for this run only, like --utilization; every cloud option follows the
    // scenario's rate, its own included.
    std::optional<double> cloudChange;
    std::optional<double> hardwareChange;
    if (auto c = args.option(QStringLiteral("cloud-price-change")))
        cloudChange = parsePriceChange(QStringLiteral("--cloud-price-change"), *c);
    if (auto w = args.option(QStringLiteral("hardware-price-change")))
        hardwareChange = parsePriceChange(QStringLiteral("--hardware-price-change"), *w);
    // --demand FILE: the workload's demand profile for this run, read as `breakeven demand` reads
    // it (GPUs counted as the scenario's reference GPU, the workload's).
    std::optional<WorkloadDemand> demand;
    if (auto file = args.option(QStringLiteral("demand"))) {
        DemandReadOptions options;
        if (auto step = args.option(QStringLiteral("step")))
            options.stepHours = parseDemandStep(*step);
        if (auto gpu = args.option(QStringLiteral("gpu")))
            options.gpu = gpu->trimmed();
        const DemandReading reading = readDemandFile(*file, options);
        WorkloadDemand d;
        d.stepHours = reading.profile.stepHours;
        d.gpus = reading.profile.gpus;
        d.source = reading.fileName;
        demand = std::move(d);
    } else if (args.option(QStringLiteral("step")) || args.option(QStringLiteral("gpu"))) {
        throw UsageError(QStringLiteral("--step and --gpu go with --demand FILE"));
    }
    const auto adjust = [&](Scenario &scenario) {
        if (demand)
            scenario.workload = withDemand(scenario.workload, *demand);
        if (cloudChange) {
            scenario.cloudPriceChangePerYear = *cloudChange;
            for (CloudOption &option : scenario.cloudOptions)
                option.priceChangePerYear.reset();
        }
        if (hardwareChange)
            scenario.hardwarePriceChangePerYear = *hardwareChange;
    };

    LoadedScenario loaded = loadScenarioArgument(args.positional(0, QStringLiteral("SCENARIO")), adjust);
    const Scenario &scenario = loaded.scenario;
    const HybridModel hybrids(loaded.input);
    const CostModel model(std::move(loaded.input));
    const double u = utilization.value_or(scenario.workload.utilization);
    const Evaluation evaluation = model.evaluate(u);
    const std::vector<HybridResult> hybridResults = hybrids.evaluateAll(u);
    // What decides the headline pair, at the utilization evaluated (the tornado, no sampling).
    Scenario atU = scenario;
    atU.workload.utilization = std::clamp(u, 0.0, 1.0);
    if (args.flag(QStringLiteral("json"))) {
        QJsonObject results = resultsToJson(model, evaluation, hybridResults);
        QJsonValue decided(QJsonValue::Null);
        if (const auto headline = headlinePair(model, evaluation)) {
            try {
                const RiskResult risk = decisiveInputs(atU, loaded.catalog, headline->onPrem, headline->cloud);
                QJsonArray inputs;
                for (const PairRisk &pair : risk.pairs)
                    for (std::size_t k = 0; k < pair.tornado.size() && inputs.size() < 3; ++k) {
                        const TornadoBar &bar = pair.tornado[k];
                        if (!(bar.swing() > 0))
                            continue;
                        inputs.append(QJsonObject{
                            {QStringLiteral("path"), risk.ranges[std::size_t(bar.input)].input.path},
                            {QStringLiteral("swing"), bar.swing()},
                            {QStringLiteral("switchValue"), bar.switchValue ? QJsonValue(*bar.switchValue) : QJsonValue(QJsonValue::Null)}});
                    }
                decided = QJsonObject{{QStringLiteral("onPrem"), model.option(headline->onPrem).name},
                                      {QStringLiteral("cloud"), model.option(headline->cloud).name},
                                      {QStringLiteral("defaultRanges"), risk.defaultRanges},
                                      {QStringLiteral("inputs"), inputs}};
            } catch (const InputError &) {
            }
        }
        results.insert(QStringLiteral("decidedBy"), decided);
        // A serving workload: its traffic and each (GPU option, API option) pair's break-even rate.
        if (model.input().serving)
            results.insert(QStringLiteral("serving"),
                           servingToJson(model, evaluation, servingBreakEvens(scenario, loaded.catalog, model, evaluation.utilization)));
        out << QJsonDocument(results).toJson(QJsonDocument::Indented);
    } else {
        QString text = resultsTable(model, evaluation, hybridResults);
        if (model.input().serving)
            text += servingText(model, evaluation, servingBreakEvens(scenario, loaded.catalog, model, evaluation.utilization));
        const QString decided = decidedByLine(atU, loaded.catalog, model, evaluation);
        if (!decided.isEmpty())
            text += decided + QLatin1Char('\n');
        out << terminalText(text);
    }
    return Success;
}

} // namespace breakeven::cli
