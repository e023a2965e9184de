#include "scenariopanel.h"

#include "editors/buildeditor.h"
#include "editors/cloudoptioneditor.h"
#include "editors/workloadeditor.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>

namespace breakeven {

using Node = ScenarioTreeModel::Node;

ScenarioPanel::ScenarioPanel(DocumentContext &context, QWidget *parent)
    : QWidget(parent)
    , m_model(new ScenarioTreeModel(this))
    , m_tree(new QTreeView(this))
    , m_editorTitle(new QLabel(this))
    , m_scroll(new QScrollArea(this))
    , m_editors(new QStackedWidget(this))
    , m_placeholder(new QLabel(tr("Select the workload, a build or a cloud option to edit it."), this))
    , m_workload(new WorkloadEditor(context, this))
    , m_build(new BuildEditor(context, this))
    , m_cloud(new CloudOptionEditor(context, this))
{
    m_tree->setModel(m_model);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->setExpandsOnDoubleClick(false);
    m_tree->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setEnabled(false);
    m_editors->addWidget(m_placeholder);
    m_editors->addWidget(m_workload);
    m_editors->addWidget(m_build);
    m_editors->addWidget(m_cloud);
    m_scroll->setWidget(m_editors);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);

    QFont titleFont = m_editorTitle->font();
    titleFont.setBold(true);
    m_editorTitle->setFont(titleFont);
    m_editorTitle->setContentsMargins(4, 6, 4, 2);

    auto *editorArea = new QWidget(this);
    auto *editorLayout = new QVBoxLayout(editorArea);
    editorLayout->setContentsMargins(0, 0, 0, 0);
    editorLayout->addWidget(m_editorTitle);
    editorLayout->addWidget(m_scroll, 1);

    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("scenarioPanelSplitter"));
    splitter->addWidget(m_tree);
    splitter->addWidget(editorArea);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({230, 620});
    m_tree->setMinimumHeight(120);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(splitter);

    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { onCurrentChanged(current); });
    connect(m_tree, &QTreeView::doubleClicked, this, &ScenarioPanel::onDoubleClicked);
    showEditorFor({});
}

void ScenarioPanel::setGpuModels(const std::vector<GpuModel> &models)
{
    m_build->setGpuModels(models);
    m_cloud->setGpuModels(models);
}

void ScenarioPanel::showScenarios(const std::vector<ScenarioSummary> &scenarios, const StoredScenario *current)
{
    const Node node = selectedNode();
    const qint64 rowId = selectedRowId();
    const int position = selectedPosition();
    m_hasCurrent = current != nullptr;
    if (current)
        m_current = *current;
    {
        // Rebuilding the tree moves the selection; that is not the user choosing a scenario.
        const QScopedValueRollback guard(m_updating, true);
        m_model->setScenarios(scenarios, current ? current->ids.scenario : 0, current);
        m_tree->expandAll();
        QModelIndex keep = m_model->find(node, rowId);
        if (!keep.isValid() && (node == Node::Build || node == Node::CloudOption) && current) {
            // A removed part: select its neighbour, or the group it was in.
            const QModelIndex group = m_model->find(node == Node::Build ? Node::BuildGroup : Node::CloudGroup,
                                                    current->ids.scenario);
            const int rows = m_model->rowCount(group);
            keep = rows > 0 ? m_model->index(std::min(position, rows - 1), 0, group) : group;
        }
        if (!keep.isValid() && current)
            keep = m_model->scenarioIndex(current->ids.scenario);
        m_tree->setCurrentIndex(keep);
    }
    showEditorFor(m_tree->currentIndex());
}

void ScenarioPanel::select(Node node, qint64 rowId)
{
    const QModelIndex index = m_model->find(node, rowId);
    if (index.isValid())
        m_tree->setCurrentIndex(index);
}

Node ScenarioPanel::selectedNode() const
{
    const QModelIndex index = m_tree->currentIndex();
    return index.isValid() ? ScenarioTreeModel::nodeOf(index) : Node::Scenario;
}

qint64 ScenarioPanel::selectedRowId() const
{
    const QModelIndex index = m_tree->currentIndex();
    return index.isValid() ? ScenarioTreeModel::rowIdOf(index) : 0;
}

int ScenarioPanel::selectedPosition() const
{
    const QModelIndex index = m_tree->currentIndex();
    return index.isValid() ? ScenarioTreeModel::positionOf(index) : -1;
}

QWidget *ScenarioPanel::currentEditor() const
{
    return m_editors->currentWidget();
}

void ScenarioPanel::onCurrentChanged(const QModelIndex &current)
{
    if (m_updating || !current.isValid())
        return;
    // Every node carries its scenario's id in the top-level ancestor.
    QModelIndex top = current;
    while (top.parent().isValid())
        top = top.parent();
    const qint64 scenarioId = ScenarioTreeModel::rowIdOf(top);
    if (!m_hasCurrent || scenarioId != m_current.ids.scenario) {
        emit scenarioActivated(scenarioId);
        return;
    }
    showEditorFor(current);
}

void ScenarioPanel::onDoubleClicked(const QModelIndex &index)
{
    if (!index.isValid())
        return;
    if (ScenarioTreeModel::nodeOf(index) == Node::Scenario) {
        emit renameRequested(ScenarioTreeModel::rowIdOf(index));
        return;
    }
    showEditorFor(index);
    if (QWidget *editor = m_editors->currentWidget())
        editor->nextInFocusChain()->setFocus(Qt::OtherFocusReason);
}

void ScenarioPanel::showEditorFor(const QModelIndex &index)
{
    const Node node = index.isValid() ? ScenarioTreeModel::nodeOf(index) : Node::Scenario;
    if (!m_hasCurrent || !index.isValid()) {
        m_editorTitle->setText(tr("Editor"));
        m_editors->setCurrentWidget(m_placeholder);
        return;
    }
    switch (node) {
    case Node::Workload:
        m_workload->setScenario(m_current);
        m_editorTitle->setText(tr("Workload of %1").arg(m_current.scenario.name));
        m_editors->setCurrentWidget(m_workload);
        break;
    case Node::Build: {
        const int position = ScenarioTreeModel::positionOf(index);
        m_build->setBuild(m_current, position);
        m_editorTitle->setText(tr("On-prem build: %1").arg(index.data().toString()));
        m_editors->setCurrentWidget(m_build);
        break;
    }
    case Node::CloudOption: {
        m_cloud->setOption(m_current, ScenarioTreeModel::positionOf(index));
        m_editorTitle->setText(tr("Cloud option: %1").arg(index.data().toString()));
        m_editors->setCurrentWidget(m_cloud);
        break;
    }
    default:
        m_editorTitle->setText(tr("Scenario %1").arg(m_current.scenario.name));
        m_placeholder->setText(tr("Select the workload, a build or a cloud option to edit it.\n"
                                  "Double-click a scenario to rename it."));
        m_editors->setCurrentWidget(m_placeholder);
        break;
    }
}

} // namespace breakeven
