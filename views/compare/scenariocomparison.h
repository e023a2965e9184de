// Several scenarios' headline answers side by side (Scenario › Compare Scenarios, and `breakeven
// compare A B`): each scenario evaluated at its own utilization, its answers as the rows of one
// table, a column per scenario. No widgets: the dialog and the command line share it.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"
#include "engine/costmodel.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace breakeven {

// One scenario worked out: its model and its evaluation at `utilization`.
struct ComparedScenario {
    QString name;
    std::shared_ptr<const CostModel> model;
    Evaluation evaluation;
    std::vector<PairResult> pairs; // every feasible (on-prem, cloud) pair

    double utilization() const { return evaluation.utilization; }
    const QString &currency() const { return model->input().currency; }
    // The option of that name, -1 when the scenario has none.
    int optionNamed(const QString &option) const;
    // The pair of those two options' names; null when the scenario has no such feasible pair.
    const PairResult *pairNamed(const QString &onPrem, const QString &cloud) const;
};

// Assembles and evaluates `scenario` against `catalog`, at `utilization` or else the workload's
// own. Throws InputError when the scenario cannot be assembled.
ComparedScenario compareScenario(const Scenario &scenario, const GpuCatalog &catalog,
                                 std::optional<double> utilization = std::nullopt);
// The same of a scenario assembled already, at `utilization`.
ComparedScenario compareScenario(const QString &name, EngineInput input, double utilization);

// The table, first row the header ("", scenario names…), then a row per answer: utilization,
// the cheapest option and its TCO, each option's TCO, each pair's pay-off and break-even
// utilization. An option or pair a scenario does not have reads "—". Options and pairs are the
// union over the scenarios, in the order they first appear.
QList<QStringList> sideBySideRows(const std::vector<ComparedScenario> &scenarios);

// Options of all scenarios by name, in first-seen order, and pairs as (on-prem, cloud) names.
QStringList comparedOptionNames(const std::vector<ComparedScenario> &scenarios);
QList<std::pair<QString, QString>> comparedPairNames(const std::vector<ComparedScenario> &scenarios);

// The cells of the table, one function each so that tests and the table say the same.
QString cheapestCell(const ComparedScenario &scenario);    // "RTX rig" or "none feasible"
QString cheapestTcoCell(const ComparedScenario &scenario); // "12,345 USD"
QString tcoCell(const ComparedScenario &scenario, int option);
QString breakEvenCell(const PairResult &pair);             // "23.4 %, buying wins above"

} // namespace breakeven
