// The scenario panel's tree: every scenario of the document, and under the current one its
// workload, on-prem builds, cloud options, API options and hybrid options. It follows the session and updates only the rows
// that changed (beginInsertRows, beginRemoveRows, dataChanged), so a selection, the scroll
// position and what is unfolded survive an edit. Read-only: it never writes to the document.
#pragma once

#include "store/scenariorepository.h"

#include <QAbstractItemModel>
#include <QIcon>

#include <optional>

namespace breakeven {

class ScenarioSession;

class ScenarioTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum class Node {
        Scenario, Workload, BuildGroup, Build, CloudGroup, CloudOption, HybridGroup, HybridOption, ApiGroup, ApiOption
    };
    enum Role {
        NodeRole = Qt::UserRole + 1, // Node
        RowIdRole,                   // the row id of the scenario, build, cloud, API or hybrid option
        PositionRole,                // index of the build or option in its list
    };

    explicit ScenarioTreeModel(QObject *parent = nullptr);

    // Follows `session` from now on.
    void setSession(ScenarioSession *session);
    // Shows `scenarios`, `current` unfolded under its own row; rows that stay keep their indexes.
    void update(const std::vector<ScenarioSummary> &scenarios, const StoredScenario *current);

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

    QModelIndex find(Node node, qint64 rowId) const;
    QModelIndex scenarioIndex(qint64 scenarioId) const { return find(Node::Scenario, scenarioId); }

    static Node nodeOf(const QModelIndex &index);
    static qint64 rowIdOf(const QModelIndex &index);
    static int positionOf(const QModelIndex &index);

private:
    // internalId of an index: which list its row is in.
    enum Level : quintptr { TopLevel = 0, PartsLevel = 1, BuildsLevel = 2, CloudLevel = 3, HybridLevel = 4, ApiLevel = 5 };
    // The rows under the current scenario, in this order.
    enum PartRow { WorkloadRow = 0, BuildsRow = 1, CloudRow = 2, ApiRow = 3, HybridRow = 4 };
    static constexpr int kPartRows = 5;

    static Level levelOf(int partRow);
    static QIcon hybridIcon(); // a build and a cloud side by side
    // data() of the group rows and of the API options (scenariotreedata.cpp).
    QVariant groupData(int row, int role) const;
    QVariant apiData(int row, int role) const;
    int currentRow() const;
    QModelIndex currentIndex() const;
    void updateList(const std::vector<ScenarioSummary> &scenarios);
    void updateCurrent(const StoredScenario *current);
    // Brings the rows under `group` (`ids`, showing `parts`; the top level for an invalid group)
    // to `wantedIds` with removals and insertions, then tells which rows show something new.
    // True when the count changed.
    template <typename Part>
    bool syncParts(const QModelIndex &group, std::vector<qint64> &ids, std::vector<Part> &parts,
                   const std::vector<qint64> &wantedIds, const std::vector<Part> &wantedParts);

    std::vector<ScenarioSummary> m_scenarios;
    std::optional<StoredScenario> m_current;
};

// "16 × H100-SXM5-80GB at 60 %, ≥ 80 GB each": the workload in GPUs of the scenario's reference GPU;
// "Llama-3.1-70B, 20 requests/s, 1000 in / 300 out" for a serving workload.
QString describeWorkload(const Workload &workload, const QString &gpu);

} // namespace breakeven
