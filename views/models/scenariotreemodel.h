// The scenario panel's tree: every scenario of the document, and under the current one its
// workload, on-prem builds and cloud options. Read-only: it mirrors what the main window hands
// it after each change and never writes to the document.
#pragma once

#include "store/scenariorepository.h"

#include <QStandardItemModel>

namespace breakeven {

class ScenarioTreeModel : public QStandardItemModel {
    Q_OBJECT
public:
    enum class Node { Scenario, Workload, BuildGroup, Build, CloudGroup, CloudOption };
    enum Role {
        NodeRole = Qt::UserRole + 1, // Node
        RowIdRole,                   // the row id of the scenario, build or cloud option
        PositionRole,                // index of the build or option in the scenario
    };

    explicit ScenarioTreeModel(QObject *parent = nullptr);

    // `current` is the stored form of the scenario whose id is `currentId`, if it could be loaded.
    void setScenarios(const std::vector<ScenarioSummary> &scenarios, qint64 currentId,
                      const StoredScenario *current);

    QModelIndex find(Node node, qint64 rowId) const;
    QModelIndex scenarioIndex(qint64 scenarioId) const { return find(Node::Scenario, scenarioId); }

    static Node nodeOf(const QModelIndex &index);
    static qint64 rowIdOf(const QModelIndex &index);
    static int positionOf(const QModelIndex &index);

private:
    void addParts(QStandardItem *scenarioItem, const StoredScenario &stored);
};

// "8 GPUs at 50 %, 24 GB each"
QString describeWorkload(const Workload &workload);

} // namespace breakeven
