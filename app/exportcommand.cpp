// `breakeven export` and `breakeven report`: charts and the PDF report, rendered without a display.
#include "arguments.h"
#include "cli.h"
#include "verbs.h"
#include "scenarioargument.h"

#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/risk.h"
#include "export/riskreport.h"
#include "export/chartexport.h"
#include "export/reportwriter.h"

#include <QDir>

namespace breakeven::cli {

namespace {

int positiveInt(const Arguments &args, const QString &name, int fallback)
{
    const auto text = args.option(name);
    if (!text)
        return fallback;
    bool ok = false;
    const int value = text->toInt(&ok);
    if (!ok || value < 16 || value > 20000)
        throw UsageError(QStringLiteral("--%1 must be a whole number of pixels between 16 and 20000, not \"%2\"").arg(name, *text));
    return value;
}

} // namespace

int runExport(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {},
                         {QStringLiteral("chart"), QStringLiteral("out"), QStringLiteral("utilization"),
                          QStringLiteral("width"), QStringLiteral("height"), QStringLiteral("dpi")});
    args.expectPositionals(1, QStringLiteral("SCENARIO"));
    const QString chartName = args.requiredOption(QStringLiteral("chart"));
    const auto kind = charts::chartKindFromString(chartName);
    if (!kind)
        throw UsageError(QStringLiteral("unknown chart \"%1\"; use cumulative, utilization, breakdown, criteria, payoff, tco-spread, tornado or serving").arg(chartName));
    const QString path = args.requiredOption(QStringLiteral("out"));
    if (!exporting::chartFormatForPath(path))
        throw UsageError(QStringLiteral("--out \"%1\" must end in .pdf, .png or .svg").arg(path));
    exporting::ChartExportOptions options;
    options.size = QSize(positiveInt(args, QStringLiteral("width"), options.size.width()),
                         positiveInt(args, QStringLiteral("height"), options.size.height()));
    if (const auto dpi = args.option(QStringLiteral("dpi"))) {
        bool ok = false;
        options.dpi = dpi->toDouble(&ok);
        if (!ok || options.dpi < 24 || options.dpi > 2400)
            throw UsageError(QStringLiteral("--dpi must be between 24 and 2400, not \"%1\"").arg(*dpi));
    }
    std::optional<double> utilization;
    if (auto u = args.option(QStringLiteral("utilization")))
        utilization = parseUtilization(*u);

    LoadedScenario loaded = loadScenarioArgument(args.positional(0, QStringLiteral("SCENARIO")));
    const Scenario &scenario = loaded.scenario;
    const CostModel model(std::move(loaded.input));
    const Evaluation evaluation = model.evaluate(utilization.value_or(scenario.workload.utilization));
    // The risk charts sample the scenario at the utilization drawn, with its own samples and seed,
    // what they show only (quickRiskRequest).
    std::shared_ptr<const RiskResult> risk;
    if (charts::isRiskChart(*kind)) {
        Scenario atUtilization = scenario;
        atUtilization.workload.utilization = evaluation.utilization;
        RiskRequest request = exporting::quickRiskRequest(model, evaluation);
        request.tornado = *kind == charts::ChartKind::Tornado;
        risk = std::make_shared<const RiskResult>(analyseRisk(atUtilization, loaded.catalog, request));
    }
    exporting::exportChart(model, evaluation, *kind, path, options, risk);
    out << "wrote " << QDir::toNativeSeparators(path) << '\n';
    return Success;
}

int runReport(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {}, {QStringLiteral("out"), QStringLiteral("utilization")});
    args.expectPositionals(1, QStringLiteral("SCENARIO"));
    const QString path = args.requiredOption(QStringLiteral("out"));
    if (exporting::chartFormatForPath(path) != exporting::ChartFormat::Pdf)
        throw UsageError(QStringLiteral("--out \"%1\" must end in .pdf").arg(path));
    std::optional<double> utilization;
    if (auto u = args.option(QStringLiteral("utilization")))
        utilization = parseUtilization(*u);

    LoadedScenario loaded = loadScenarioArgument(args.positional(0, QStringLiteral("SCENARIO")));
    const Scenario &scenario = loaded.scenario;
    const CostModel model(std::move(loaded.input));
    const Evaluation evaluation = model.evaluate(utilization.value_or(scenario.workload.utilization));
    exporting::writeReport(scenario, loaded.catalog, model, evaluation, path);
    out << "wrote " << QDir::toNativeSeparators(path) << '\n';
    return Success;
}

} // namespace breakeven::cli
