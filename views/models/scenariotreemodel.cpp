#include "scenariotreemodel.h"

#include <QApplication>
#include <QFont>
#include <QStyle>

#include <cmath>

namespace breakeven {

namespace {

QStandardItem *makeItem(const QString &text, ScenarioTreeModel::Node node, qint64 rowId, int position = -1)
{
    auto *item = new QStandardItem(text);
    item->setEditable(false);
    item->setData(QVariant::fromValue(int(node)), ScenarioTreeModel::NodeRole);
    item->setData(rowId, ScenarioTreeModel::RowIdRole);
    item->setData(position, ScenarioTreeModel::PositionRole);
    return item;
}

QString formatNumber(double value)
{
    return QLocale().toString(value, 'g', 6);
}

} // namespace

QString describeWorkload(const Workload &workload)
{
    QString text = QObject::tr("%1 GPUs at %2 %").arg(formatNumber(workload.gpus))
                       .arg(std::lround(workload.utilization * 100));
    if (workload.minGpuMemoryGB > 0)
        text += QObject::tr(", ≥ %1 GB each").arg(formatNumber(workload.minGpuMemoryGB));
    return text;
}

ScenarioTreeModel::ScenarioTreeModel(QObject *parent)
    : QStandardItemModel(parent)
{
    setHorizontalHeaderLabels({tr("Scenarios")});
}

void ScenarioTreeModel::setScenarios(const std::vector<ScenarioSummary> &scenarios, qint64 currentId,
                                     const StoredScenario *current)
{
    removeRows(0, rowCount());
    for (const ScenarioSummary &summary : scenarios) {
        QStandardItem *item = makeItem(summary.name, Node::Scenario, summary.id);
        item->setToolTip(tr("Double-click to rename"));
        if (summary.id == currentId) {
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
            if (current)
                addParts(item, *current);
        }
        appendRow(item);
    }
}

void ScenarioTreeModel::addParts(QStandardItem *scenarioItem, const StoredScenario &stored)
{
    const Scenario &scenario = stored.scenario;
    const qint64 scenarioId = stored.ids.scenario;
    QStyle *style = QApplication::style();

    auto *workload = makeItem(tr("Workload: %1").arg(describeWorkload(scenario.workload)), Node::Workload,
                              scenarioId);
    workload->setIcon(style->standardIcon(QStyle::SP_FileDialogDetailedView));
    scenarioItem->appendRow(workload);

    auto *builds = makeItem(tr("On-prem builds (%1)").arg(scenario.onPremOptions.size()), Node::BuildGroup,
                            scenarioId);
    builds->setIcon(style->standardIcon(QStyle::SP_ComputerIcon));
    for (size_t i = 0; i < scenario.onPremOptions.size(); ++i) {
        const OnPremBuild &build = scenario.onPremOptions[i];
        auto *item = makeItem(build.name, Node::Build, stored.ids.builds[i], int(i));
        item->setToolTip(tr("%1 × %2, %3 components").arg(build.gpuCount).arg(build.gpu)
                             .arg(build.components.size()));
        builds->appendRow(item);
    }
    scenarioItem->appendRow(builds);

    auto *clouds = makeItem(tr("Cloud options (%1)").arg(scenario.cloudOptions.size()), Node::CloudGroup,
                            scenarioId);
    clouds->setIcon(style->standardIcon(QStyle::SP_DriveNetIcon));
    for (size_t i = 0; i < scenario.cloudOptions.size(); ++i) {
        const CloudOption &option = scenario.cloudOptions[i];
        auto *item = makeItem(option.name, Node::CloudOption, stored.ids.cloudOptions[i], int(i));
        item->setToolTip(tr("%1 %2, %3").arg(option.provider, option.instanceType, toString(option.pricing)));
        clouds->appendRow(item);
    }
    scenarioItem->appendRow(clouds);
}

QModelIndex ScenarioTreeModel::find(Node node, qint64 rowId) const
{
    const QModelIndexList found = match(index(0, 0), RowIdRole, rowId, -1, Qt::MatchExactly | Qt::MatchRecursive);
    for (const QModelIndex &candidate : found) {
        if (nodeOf(candidate) == node)
            return candidate;
    }
    return {};
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
