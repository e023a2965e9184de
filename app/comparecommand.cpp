#include "arguments.h"
#include "cli.h"
#include "verbs.h"
#include "scenarioargument.h"

#include "demand/demandreader.h"
#include "engine/assembly.h"
#include "engine/hybrid.h"
#include "engine/resultsjson.h"
#include "engine/resultstext.h"

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
    if (args.flag(QStringLiteral("json")))
        out << QJsonDocument(resultsToJson(model, evaluation, hybridResults)).toJson(QJsonDocument::Indented);
    else
        out << terminalText(resultsTable(model, evaluation, hybridResults));
    return Success;
}

} // namespace breakeven::cli
