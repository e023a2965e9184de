#include "scenariopanel.h"

#include "editors/apioptioneditor.h"
#include "editors/buildeditor.h"
#include "editors/cloudoptioneditor.h"
#include "editors/hybrideditor.h"
#include "editors/scenarioeditor.h"
#include "editors/workloadeditor.h"
#include "session/scenariosession.h"
#include "widgets/elidedlabel.h"

#include <QAction>
#include <QHeaderView>
#include <QLabel>
#include <QScopedValueRollback>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>

namespace breakeven {

using Node = ScenarioTreeModel::Node;

ScenarioPanel::ScenarioPanel(ScenarioSession &session, QWidget *parent)
    : QWidget(parent)
    , m_model(new ScenarioTreeModel(this))
    , m_tree(new QTreeView(this))
    , m_editorTitle(new ElidedLabel(this))
    , m_scroll(new QScrollArea(this))
    , m_editors(new QStackedWidget(this))
    , m_placeholder(new QLabel(tr("Select the workload, a build, a cloud option, an API option or a hybrid option to edit it."), this))
    , m_scenarioEditor(new ScenarioEditor(session, this))
    , m_workload(new WorkloadEditor(session, this))
    , m_build(new BuildEditor(session, this))
    , m_cloud(new CloudOptionEditor(session, this))
    , m_hybrid(new HybridEditor(session, this))
    , m_api(new ApiOptionEditor(session, this))
    , m_session(session)
{
    m_tree->setModel(m_model);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->setExpandsOnDoubleClick(false);
    m_tree->setContextMenuPolicy(Qt::ActionsContextMenu);
    // A long name is cut in the middle, where options that share a prefix still differ, and is
    // whole in the row's tooltip; the tree never scrolls sideways nor widens the dock.
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(QHeaderView::Stretch);

    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setEnabled(false);
    m_editors->addWidget(m_placeholder);
    m_editors->addWidget(m_scenarioEditor);
    m_editors->addWidget(m_workload);
    m_editors->addWidget(m_build);
    m_editors->addWidget(m_cloud);
    m_editors->addWidget(m_hybrid);
    m_editors->addWidget(m_api);
    // The shown editor alone sets the width the scroll area needs (a stacked widget otherwise asks
    // for its widest page), so a narrow dock wraps the shown form instead of scrolling it sideways.
    connect(m_editors, &QStackedWidget::currentChanged, this, [this](int shown) {
        for (int page = 0; page < m_editors->count(); ++page)
            m_editors->widget(page)->setSizePolicy(page == shown ? QSizePolicy::Preferred : QSizePolicy::Ignored,
                                                   page == shown ? QSizePolicy::Preferred : QSizePolicy::Ignored);
        m_editors->adjustSize();
    });
    m_scroll->setWidget(m_editors);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);

    QFont titleFont = m_editorTitle->font();
    titleFont.setBold(true);
    m_editorTitle->setFont(titleFont);
    m_editorTitle->setObjectName(QStringLiteral("editorTitle"));
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
    m_model->setSession(&session);
    connect(&session, &ScenarioSession::currentChanged, this, &ScenarioPanel::onScenarioShown);
    connect(&session, &ScenarioSession::currentUpdated, this, &ScenarioPanel::onScenarioUpdated);
    connect(&session, &ScenarioSession::catalogChanged, this, &ScenarioPanel::showGpuModels);
    showGpuModels();
    onScenarioShown();
}

void ScenarioPanel::showGpuModels()
{
    const std::vector<GpuModel> &models = m_session.gpuCatalog().models();
    m_scenarioEditor->setGpuModels(models);
    m_workload->setGpuModels(models);
    m_build->setGpuModels(models);
    m_cloud->setGpuModels(models);
}

void ScenarioPanel::onScenarioShown()
{
    const StoredScenario *current = m_session.current();
    {
        // Moving the selection to the new scenario is not the user choosing one.
        const QScopedValueRollback guard(m_updating, true);
        const QModelIndex row = current ? m_model->scenarioIndex(current->ids.scenario) : QModelIndex();
        if (row.isValid()) {
            m_tree->expand(row);
            for (int part = 1; part < m_model->rowCount(row); ++part)
                m_tree->expand(m_model->index(part, 0, row));
        }
        m_tree->setCurrentIndex(row);
    }
    showEditorFor(m_tree->currentIndex());
}

void ScenarioPanel::onScenarioUpdated()
{
    // The tree changed only the rows that changed; a removed row moved the selection to its
    // neighbour. The editor shows the document's values again.
    const StoredScenario *current = m_session.current();
    if (current) {
        const QModelIndex row = m_model->scenarioIndex(current->ids.scenario);
        for (int part = 1; part < m_model->rowCount(row); ++part)
            m_tree->expand(m_model->index(part, 0, row));
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
    if (scenarioId != m_session.currentId()) {
        // Once the click (or key) that chose it is handled: switching folds the other scenario's
        // rows away, and the view, still handling the click, would select whatever row then lies
        // under the pointer.
        QMetaObject::invokeMethod(this, [this, scenarioId] {
            if (scenarioId != m_session.currentId())
                emit scenarioActivated(scenarioId);
        }, Qt::QueuedConnection);
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
    const StoredScenario *current = m_session.current();
    // Another part's editor opens at its top; the same part, shown again after an edit, stays
    // where it was scrolled to.
    const QString shown = QStringLiteral("%1/%2/%3").arg(m_session.currentId()).arg(int(node))
                              .arg(index.isValid() ? ScenarioTreeModel::rowIdOf(index) : 0);
    if (shown != m_shownPart) {
        m_shownPart = shown;
        QMetaObject::invokeMethod(m_scroll->verticalScrollBar(), [bar = m_scroll->verticalScrollBar()] { bar->setValue(0); },
                                  Qt::QueuedConnection);
    }
    if (!current || !index.isValid()) {
        m_editorTitle->setFullText(tr("Editor"));
        m_editors->setCurrentWidget(m_placeholder);
        return;
    }
    switch (node) {
    case Node::Workload:
        m_workload->setScenario(*current);
        m_editorTitle->setFullText(tr("Workload of %1").arg(current->scenario.name));
        m_editors->setCurrentWidget(m_workload);
        break;
    case Node::Build: {
        const int position = ScenarioTreeModel::positionOf(index);
        m_build->setBuild(*current, position);
        m_editorTitle->setFullText(tr("On-prem build: %1").arg(index.data().toString()));
        m_editors->setCurrentWidget(m_build);
        break;
    }
    case Node::CloudOption: {
        m_cloud->setOption(*current, ScenarioTreeModel::positionOf(index));
        m_editorTitle->setFullText(tr("Cloud option: %1").arg(index.data().toString()));
        m_editors->setCurrentWidget(m_cloud);
        break;
    }
    case Node::ApiOption:
        m_api->setOption(*current, ScenarioTreeModel::positionOf(index));
        m_editorTitle->setFullText(tr("API option: %1").arg(index.data().toString()));
        m_editors->setCurrentWidget(m_api);
        break;
    case Node::HybridOption: {
        m_hybrid->setHybrid(*current, ScenarioTreeModel::positionOf(index));
        m_editorTitle->setFullText(tr("Hybrid option: %1").arg(index.data().toString()));
        m_editors->setCurrentWidget(m_hybrid);
        break;
    }
    default:
        m_scenarioEditor->setScenario(*current);
        m_editorTitle->setFullText(tr("Scenario settings: %1").arg(current->scenario.name));
        m_editors->setCurrentWidget(m_scenarioEditor);
        break;
    }
}

} // namespace breakeven
