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
    const Arguments args(arguments, {QStringLiteral("json")},
                         {QStringLiteral("utilization"), QStringLiteral("cloud-price-change"),
                          QStringLiteral("hardware-price-change")});
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
    const auto adjust = [&](Scenario &scenario) {
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
    const CostModel model(std::move(loaded.input));
    const Evaluation evaluation = model.evaluate(utilization.value_or(scenario.workload.utilization));
    if (args.flag(QStringLiteral("json")))
        out << QJsonDocument(resultsToJson(model, evaluation)).toJson(QJsonDocument::Indented);
    else
        out << terminalText(resultsTable(model, evaluation));
    return Success;
}

} // namespace breakeven::cli
