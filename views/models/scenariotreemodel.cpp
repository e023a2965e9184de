#include "scenariotreemodel.h"

#include "widgets/plural.h"

#include "session/scenariosession.h"

#include <QApplication>
#include <QFont>
#include <QIcon>

#include <algorithm>
#include <cmath>

namespace breakeven {

ScenarioTreeModel::ScenarioTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{
}

void ScenarioTreeModel::setSession(ScenarioSession *session)
{
    auto follow = [this, session] { update(session->scenarios(), session->current()); };
    connect(session, &ScenarioSession::scenarioListChanged, this, follow);
    connect(session, &ScenarioSession::currentChanged, this, follow);
    connect(session, &ScenarioSession::currentUpdated, this, follow);
    follow();
}

int ScenarioTreeModel::currentRow() const
{
    if (!m_current)
        return -1;
    for (size_t i = 0; i < m_scenarios.size(); ++i) {
        if (m_scenarios[i].id == m_current->ids.scenario)
            return int(i);
    }
    return -1;
}

QModelIndex ScenarioTreeModel::currentIndex() const
{
    const int row = currentRow();
    return row < 0 ? QModelIndex() : createIndex(row, 0, quintptr(TopLevel));
}

void ScenarioTreeModel::update(const std::vector<ScenarioSummary> &scenarios, const StoredScenario *current)
{
    // The parts of a scenario that is no longer the current one go first, while its row is known.
    if (m_current && (!current || current->ids.scenario != m_current->ids.scenario))
        updateCurrent(nullptr);
    updateList(scenarios);
    updateCurrent(current);
}

template <typename Part>
bool ScenarioTreeModel::syncParts(const QModelIndex &group, std::vector<qint64> &ids, std::vector<Part> &parts,
                                  const std::vector<qint64> &wantedIds, const std::vector<Part> &wantedParts)
{
    const size_t count = ids.size();
    // `ids` and `parts` are what rowCount() and data() read: they change between each begin and end.
    for (int row = int(ids.size()) - 1; row >= 0; --row) {
        if (std::find(wantedIds.begin(), wantedIds.end(), ids[size_t(row)]) != wantedIds.end())
            continue;
        beginRemoveRows(group, row, row);
        ids.erase(ids.begin() + row);
        parts.erase(parts.begin() + row);
        endRemoveRows();
    }
    for (size_t row = 0; row < wantedIds.size(); ++row) {
        if (row < ids.size() && ids[row] == wantedIds[row])
            continue;
        beginInsertRows(group, int(row), int(row));
        ids.insert(ids.begin() + std::ptrdiff_t(row), wantedIds[row]);
        parts.insert(parts.begin() + std::ptrdiff_t(row), wantedParts[row]);
        endInsertRows();
    }
    for (size_t row = 0; row < wantedParts.size(); ++row) {
        if (parts[row] == wantedParts[row])
            continue;
        parts[row] = wantedParts[row];
        const QModelIndex changed = index(int(row), 0, group);
        emit dataChanged(changed, changed);
    }
    return ids.size() != count;
}

void ScenarioTreeModel::updateList(const std::vector<ScenarioSummary> &scenarios)
{
    std::vector<qint64> rows;
    for (const ScenarioSummary &summary : m_scenarios)
        rows.push_back(summary.id);
    std::vector<qint64> wanted;
    for (const ScenarioSummary &summary : scenarios)
        wanted.push_back(summary.id);
    syncParts(QModelIndex(), rows, m_scenarios, wanted, scenarios);
}


void ScenarioTreeModel::updateCurrent(const StoredScenario *current)
{
    if (!current) {
        if (!m_current)
            return;
        const QModelIndex parent = currentIndex();
        if (parent.isValid()) {
            beginRemoveRows(parent, 0, kPartRows - 1);
            m_current.reset();
            endRemoveRows();
            emit dataChanged(parent, parent); // no longer bold
        } else {
            m_current.reset();
        }
        return;
    }
    if (!m_current) {
        // Its row must exist to hang the parts under it.
        const auto listed = std::find_if(m_scenarios.begin(), m_scenarios.end(),
                                         [&](const ScenarioSummary &s) { return s.id == current->ids.scenario; });
        if (listed == m_scenarios.end())
            return;
        const QModelIndex parent = index(int(listed - m_scenarios.begin()), 0);
        beginInsertRows(parent, 0, kPartRows - 1);
        m_current = *current;
        endInsertRows();
        emit dataChanged(parent, parent);
        return;
    }
    // The same scenario, edited: only the rows that changed.
    const QModelIndex parent = currentIndex();
    const QModelIndex workload = index(WorkloadRow, 0, parent);
    const QModelIndex builds = index(BuildsRow, 0, parent);
    const QModelIndex clouds = index(CloudRow, 0, parent);
    const QModelIndex apis = index(ApiRow, 0, parent);
    const QModelIndex hybrids = index(HybridRow, 0, parent);
    StoredScenario &mine = *m_current;
    // Rows first (against the old ids), then the data they show.
    const bool buildCount = syncParts(builds, mine.ids.builds, mine.scenario.onPremOptions, current->ids.builds,
                                      current->scenario.onPremOptions);
    const bool cloudCount = syncParts(clouds, mine.ids.cloudOptions, mine.scenario.cloudOptions,
                                      current->ids.cloudOptions, current->scenario.cloudOptions);
    const bool apiCount = syncParts(apis, mine.ids.apiOptions, mine.scenario.apiOptions, current->ids.apiOptions,
                                    current->scenario.apiOptions);
    const bool hybridCount = syncParts(hybrids, mine.ids.hybridOptions, mine.scenario.hybridOptions,
                                       current->ids.hybridOptions, current->scenario.hybridOptions);
    const bool workloadShown = !(mine.scenario.workload == current->scenario.workload);
    mine = *current;
    if (workloadShown)
        emit dataChanged(workload, workload);
    if (buildCount) // "On-prem builds (n)"
        emit dataChanged(builds, builds);
    if (cloudCount)
        emit dataChanged(clouds, clouds);
    if (apiCount)
        emit dataChanged(apis, apis);
    if (hybridCount)
        emit dataChanged(hybrids, hybrids);
}

QModelIndex ScenarioTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (column != 0 || row < 0 || row >= rowCount(parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, 0, quintptr(TopLevel));
    switch (parent.internalId()) {
    case TopLevel:
        return createIndex(row, 0, quintptr(PartsLevel));
    case PartsLevel:
        return createIndex(row, 0, quintptr(levelOf(parent.row())));
    default:
        return {};
    }
}

QModelIndex ScenarioTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    switch (child.internalId()) {
    case PartsLevel:
        return currentIndex();
    case BuildsLevel:
        return createIndex(BuildsRow, 0, quintptr(PartsLevel));
    case CloudLevel:
        return createIndex(CloudRow, 0, quintptr(PartsLevel));
    case ApiLevel:
        return createIndex(ApiRow, 0, quintptr(PartsLevel));
    case HybridLevel:
        return createIndex(HybridRow, 0, quintptr(PartsLevel));
    default:
        return {};
    }
}

int ScenarioTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_scenarios.size());
    if (parent.column() != 0 || !m_current)
        return 0;
    switch (parent.internalId()) {
    case TopLevel:
        return parent.row() == currentRow() ? kPartRows : 0;
    case PartsLevel:
        switch (parent.row()) {
        case BuildsRow:
            return int(m_current->ids.builds.size());
        case CloudRow:
            return int(m_current->ids.cloudOptions.size());
        case ApiRow:
            return int(m_current->ids.apiOptions.size());
        case HybridRow:
            return int(m_current->ids.hybridOptions.size());
        default:
            return 0;
        }
    default:
        return 0;
    }
}

int ScenarioTreeModel::columnCount(const QModelIndex &) const
{
    return 1;
}

QVariant ScenarioTreeModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid())
        return {};
    const int row = index.row();
    const quintptr level = index.internalId();
    if (level == TopLevel) {
        const ScenarioSummary &summary = m_scenarios[size_t(row)];
        switch (role) {
        case Qt::DisplayRole:
            return summary.name;
        case Qt::ToolTipRole:
            // The whole name first: the row itself may show it elided.
            return summary.name + u'\n' + tr("Double-click to rename");
        case Qt::FontRole: {
            if (row != currentRow())
                return {};
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        case NodeRole:
            return int(Node::Scenario);
        case RowIdRole:
            return summary.id;
        case PositionRole:
            return row;
        default:
            return {};
        }
    }
    if (!m_current)
        return {};
    const Scenario &scenario = m_current->scenario;
    if (level == PartsLevel)
        return groupData(row, role);
    if (level == BuildsLevel) {
        const OnPremBuild &build = scenario.onPremOptions[size_t(row)];
        switch (role) {
        case Qt::DisplayRole:
            return build.name;
        case Qt::ToolTipRole:
            return build.name + u'\n'
                + countText("breakeven::ScenarioTreeModel", "%1 × %2, %n component(s)", qint64(build.components.size()))
                      .arg(build.gpuCount)
                      .arg(build.gpu);
        case NodeRole:
            return int(Node::Build);
        case RowIdRole:
            return m_current->ids.builds[size_t(row)];
        case PositionRole:
            return row;
        default:
            return {};
        }
    }
    if (level == ApiLevel)
        return apiData(row, role);
    if (level == HybridLevel) {
        const HybridOption &hybrid = scenario.hybridOptions[size_t(row)];
        switch (role) {
        case Qt::DisplayRole:
            return hybrid.name;
        case Qt::ToolTipRole:
            return hybrid.name + u'\n'
                + (hybrid.units ? countText("breakeven::ScenarioTreeModel", "%n unit(s) of %1, bursts to %2", *hybrid.units).arg(hybrid.onPrem, hybrid.cloud)
                                : tr("The cheapest number of %1, bursts to %2").arg(hybrid.onPrem, hybrid.cloud));
        case Qt::DecorationRole:
            return hybridIcon();
        case NodeRole:
            return int(Node::HybridOption);
        case RowIdRole:
            return m_current->ids.hybridOptions[size_t(row)];
        case PositionRole:
            return row;
        default:
            return {};
        }
    }
    const CloudOption &option = scenario.cloudOptions[size_t(row)];
    switch (role) {
    case Qt::DisplayRole:
        return option.name;
    case Qt::ToolTipRole:
        return option.name + u'\n' + tr("%1 %2, %3").arg(option.provider, option.instanceType, toString(option.pricing));
    case NodeRole:
        return int(Node::CloudOption);
    case RowIdRole:
        return m_current->ids.cloudOptions[size_t(row)];
    case PositionRole:
        return row;
    default:
        return {};
    }
}

QModelIndex ScenarioTreeModel::find(Node node, qint64 rowId) const
{
    if (node == Node::Scenario) {
        for (size_t i = 0; i < m_scenarios.size(); ++i) {
            if (m_scenarios[i].id == rowId)
                return index(int(i), 0);
        }
        return {};
    }
    if (!m_current)
        return {};
    const QModelIndex parent = currentIndex();
    const auto group = [&](PartRow row) {
        return rowId == m_current->ids.scenario ? index(row, 0, parent) : QModelIndex();
    };
    const auto part = [&](const std::vector<qint64> &ids, PartRow row) {
        const auto it = std::find(ids.begin(), ids.end(), rowId);
        return it == ids.end() ? QModelIndex() : index(int(it - ids.begin()), 0, index(row, 0, parent));
    };
    switch (node) {
    case Node::Workload:
        return group(WorkloadRow);
    case Node::BuildGroup:
        return group(BuildsRow);
    case Node::CloudGroup:
        return group(CloudRow);
    case Node::ApiGroup:
        return group(ApiRow);
    case Node::HybridGroup:
        return group(HybridRow);
    case Node::HybridOption:
        return part(m_current->ids.hybridOptions, HybridRow);
    case Node::Build:
        return part(m_current->ids.builds, BuildsRow);
    case Node::CloudOption:
        return part(m_current->ids.cloudOptions, CloudRow);
    case Node::ApiOption:
        return part(m_current->ids.apiOptions, ApiRow);
    default:
        return {};
    }
}

ScenarioTreeModel::Level ScenarioTreeModel::levelOf(int partRow)
{
    switch (partRow) {
    case BuildsRow:
        return BuildsLevel;
    case CloudRow:
        return CloudLevel;
    case ApiRow:
        return ApiLevel;
    default:
        return HybridLevel;
    }
}

ScenarioTreeModel::Node ScenarioTreeModel::nodeOf(const QModelIndex &index)
{
    return Node(index.data(NodeRole).toInt());
}

qint64 ScenarioTreeModel::rowIdOf(const QModelIndex &index)
{
    return index.data(RowIdRole).toLongLong();
}

int ScenarioTreeModel::positionOf(const QModelIndex &index)
{
    return index.data(PositionRole).toInt();
}

} // namespace breakeven
