#include "scenariocomparison.h"

#include "engine/assembly.h"
#include "engine/resultstext.h"
#include "widgets/plural.h"

#include <QCoreApplication>

#include <algorithm>

namespace breakeven {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("breakeven::ScenarioComparison", text);
}

const QString kNone = QStringLiteral("—");

} // namespace

int ComparedScenario::optionNamed(const QString &option) const
{
    for (int i = 0; i < model->optionCount(); ++i)
        if (model->option(i).name == option)
            return i;
    return -1;
}

const PairResult *ComparedScenario::pairNamed(const QString &onPrem, const QString &cloud) const
{
    for (const PairResult &pair : pairs)
        if (model->option(pair.onPrem).name == onPrem && model->option(pair.cloud).name == cloud)
            return &pair;
    return nullptr;
}

ComparedScenario compareScenario(const Scenario &scenario, const GpuCatalog &catalog, std::optional<double> utilization)
{
    return compareScenario(scenario.name, assemble(scenario, catalog),
                           utilization.value_or(scenario.workload.utilization));
}

ComparedScenario compareScenario(const QString &name, EngineInput input, double utilization)
{
    ComparedScenario out;
    out.name = name;
    auto model = std::make_shared<CostModel>(std::move(input));
    out.evaluation = model->evaluate(std::clamp(utilization, 0.0, 1.0));
    out.pairs = model->pairs(out.evaluation);
    out.model = std::move(model);
    return out;
}

QStringList comparedOptionNames(const std::vector<ComparedScenario> &scenarios)
{
    QStringList names;
    for (const ComparedScenario &s : scenarios)
        for (int i = 0; i < s.model->optionCount(); ++i)
            if (!names.contains(s.model->option(i).name))
                names << s.model->option(i).name;
    return names;
}

QList<std::pair<QString, QString>> comparedPairNames(const std::vector<ComparedScenario> &scenarios)
{
    QList<std::pair<QString, QString>> names;
    for (const ComparedScenario &s : scenarios)
        for (const PairResult &pair : s.pairs) {
            const std::pair<QString, QString> named(s.model->option(pair.onPrem).name, s.model->option(pair.cloud).name);
            if (!names.contains(named))
                names << named;
        }
    return names;
}

QString cheapestCell(const ComparedScenario &scenario)
{
    return scenario.evaluation.cheapest ? scenario.model->option(*scenario.evaluation.cheapest).name
                                        : tr("none feasible");
}

QString cheapestTcoCell(const ComparedScenario &scenario)
{
    return scenario.evaluation.cheapest ? tcoCell(scenario, *scenario.evaluation.cheapest) : kNone;
}

QString tcoCell(const ComparedScenario &scenario, int option)
{
    if (option < 0)
        return kNone;
    if (!scenario.model->isFeasible(option))
        return tr("not feasible");
    return formatMoney(scenario.evaluation.tco(option), scenario.currency(), 0);
}

QString breakEvenCell(const PairResult &pair)
{
    if (!pair.breakEvenUtilization || !pair.winsAbove)
        return tr("none: the same side wins at every utilization");
    return (*pair.winsAbove == Winner::OnPrem ? tr("%1, buying wins above") : tr("%1, renting wins above"))
        .arg(formatPercent(*pair.breakEvenUtilization, 1));
}

QList<QStringList> sideBySideRows(const std::vector<ComparedScenario> &scenarios)
{
    QList<QStringList> rows;
    QStringList header{QString()};
    for (const ComparedScenario &s : scenarios)
        header << s.name;
    rows << header;
    const auto row = [&](const QString &label, const auto &cell) {
        QStringList r{label};
        for (const ComparedScenario &s : scenarios)
            r << cell(s);
        rows << r;
    };
    row(tr("Utilization"), [](const ComparedScenario &s) { return formatPercent(s.utilization()); });
    row(tr("Horizon"), [](const ComparedScenario &s) {
        return countText("breakeven::ScenarioComparison", "%n month(s)", s.model->horizonMonths());
    });
    row(tr("Cheapest at the horizon"), [](const ComparedScenario &s) { return cheapestCell(s); });
    row(tr("Its TCO"), [](const ComparedScenario &s) { return cheapestTcoCell(s); });
    for (const QString &option : comparedOptionNames(scenarios))
        row(tr("TCO: %1").arg(option), [&](const ComparedScenario &s) { return tcoCell(s, s.optionNamed(option)); });
    for (const auto &[onPrem, cloud] : comparedPairNames(scenarios)) {
        row(tr("Buying %1 pays off against %2").arg(onPrem, cloud), [&](const ComparedScenario &s) {
            const PairResult *pair = s.pairNamed(onPrem, cloud);
            return pair ? payoffCell(*s.model, *pair) : kNone;
        });
        row(tr("Break-even utilization, %1 vs %2").arg(onPrem, cloud), [&](const ComparedScenario &s) {
            const PairResult *pair = s.pairNamed(onPrem, cloud);
            return pair ? breakEvenCell(*pair) : kNone;
        });
    }
    return rows;
}

} // namespace breakeven
