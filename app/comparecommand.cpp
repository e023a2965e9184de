#include "arguments.h"
#include "cli.h"
#include "verbs.h"
#include "scenarioargument.h"

#include "engine/assembly.h"
#include "engine/resultsjson.h"
#include "engine/resultstext.h"

#include <QJsonDocument>

namespace breakeven::cli {

int runCompare(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {QStringLiteral("json")}, {QStringLiteral("utilization")});
    args.expectPositionals(1, QStringLiteral("SCENARIO"));
    std::optional<double> utilization;
    if (auto u = args.option(QStringLiteral("utilization")))
        utilization = parseUtilization(*u);

    LoadedScenario loaded = loadScenarioArgument(args.positional(0, QStringLiteral("SCENARIO")));
    const Scenario &scenario = loaded.scenario;
    const CostModel model(std::move(loaded.input));
    const Evaluation evaluation = model.evaluate(utilization.value_or(scenario.workload.utilization));
    if (args.flag(QStringLiteral("json")))
        out << QJsonDocument(resultsToJson(model, evaluation)).toJson(QJsonDocument::Indented);
    else
        out << terminalText(resultsTable(model, evaluation));
    return Success;
}

} // namespace breakeven::cli
