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
#include "compare/scenariocomparison.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace breakeven::cli {

namespace {

// What decides the headline pair at the utilization evaluated (the tornado, no sampling): its
// three inputs of largest swing; null when there is no pair or it cannot be worked out.
QJsonValue decidedByJson(const Scenario &atU, const GpuCatalog &catalog, const CostModel &model,
                         const Evaluation &evaluation)
{
    QJsonValue decided(QJsonValue::Null);
    if (const auto headline = headlinePair(model, evaluation)) {
        try {
            const RiskResult risk = decisiveInputs(atU, catalog, headline->onPrem, headline->cloud);
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
    return decided;
}

// Two or more scenarios, each at its own utilization unless --utilization sets one for all: the
// headline answers as a table of a column per scenario, or with --json each scenario's results
// as a single `compare --json` would print them, in an array.
int printSideBySide(const QStringList &arguments, const std::function<void(Scenario &)> &adjust,
                    std::optional<double> utilization, bool json, QTextStream &out)
{
    std::vector<ComparedScenario> compared;
    QJsonArray array;
    for (const QString &argument : arguments) {
        LoadedScenario loaded = loadScenarioArgument(argument, adjust);
        const double u = utilization.value_or(loaded.scenario.workload.utilization);
        if (json) {
            const HybridModel hybrids(loaded.input);
            const CostModel model(loaded.input);
            const Evaluation evaluation = model.evaluate(u);
            QJsonObject results = resultsToJson(model, evaluation, hybrids.evaluateAll(u));
            Scenario atU = loaded.scenario;
            atU.workload.utilization = std::clamp(u, 0.0, 1.0);
            results.insert(QStringLiteral("decidedBy"), decidedByJson(atU, loaded.catalog, model, evaluation));
            array.append(results);
        } else {
            // Two files may hold scenarios of one name: the argument then tells the columns apart.
            QString name = loaded.scenario.name;
            for (const ComparedScenario &before : compared)
                if (before.name == name)
                    name = QStringLiteral("%1 (%2)").arg(name, argument);
            compared.push_back(compareScenario(name, std::move(loaded.input), u));
        }
    }
    if (json) {
        out << QJsonDocument(array).toJson(QJsonDocument::Indented);
        return Success;
    }
    const QList<QStringList> rows = sideBySideRows(compared);
    QList<bool> right{false};
    for (std::size_t k = 0; k < compared.size(); ++k)
        right << true;
    out << terminalText(textTable(rows, right));
    return Success;
}

} // namespace

int runCompare(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {QStringLiteral("json")},
                         {QStringLiteral("utilization"), QStringLiteral("cloud-price-change"),
                          QStringLiteral("hardware-price-change"), QStringLiteral("demand"), QStringLiteral("step"),
                          QStringLiteral("gpu")});
    // One scenario: its results in full. Several: their headline answers side by side.
    if (args.positionals().isEmpty())
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

    if (args.positionals().size() > 1)
        return printSideBySide(args.positionals(), adjust, utilization, args.flag(QStringLiteral("json")), out);

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
        const QJsonValue decided = decidedByJson(atU, loaded.catalog, model, evaluation);
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
