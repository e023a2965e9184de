// The scenario panel docked at the left: the tree of scenarios (the current one unfolded into its
// workload, builds, cloud options, API options and hybrid options) above the editor of whatever is selected in it. It follows
// the session and keeps no copy of the scenario.
#pragma once

#include "models/scenariotreemodel.h"

#include <QWidget>

class QLabel;
class QScrollArea;
class QStackedWidget;
class QTreeView;

namespace breakeven {

class ApiOptionEditor;
class BuildEditor;
class ElidedLabel;
class CloudOptionEditor;
class HybridEditor;
class ScenarioSession;
class ScenarioEditor;
class WorkloadEditor;

class ScenarioPanel : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioPanel(ScenarioSession &session, QWidget *parent = nullptr);
    // Selects a node of the current scenario and shows its editor.
    void select(ScenarioTreeModel::Node node, qint64 rowId);

    ScenarioTreeModel::Node selectedNode() const;
    qint64 selectedRowId() const;
    int selectedPosition() const;

    QTreeView *tree() const { return m_tree; }
    QScrollArea *editorScrollArea() const { return m_scroll; }
    ScenarioTreeModel *model() const { return m_model; }
    ScenarioEditor *scenarioEditor() const { return m_scenarioEditor; }
    WorkloadEditor *workloadEditor() const { return m_workload; }
    BuildEditor *buildEditor() const { return m_build; }
    CloudOptionEditor *cloudOptionEditor() const { return m_cloud; }
    HybridEditor *hybridEditor() const { return m_hybrid; }
    ApiOptionEditor *apiOptionEditor() const { return m_api; }
    QWidget *currentEditor() const;

signals:
    void scenarioActivated(qint64 scenarioId);
    void renameRequested(qint64 scenarioId);
    void removeRequested();

private:
    void onCurrentChanged(const QModelIndex &current);
    void onScenarioShown();
    void onScenarioUpdated();
    void showGpuModels();
    void onDoubleClicked(const QModelIndex &index);
    void showEditorFor(const QModelIndex &index);

    ScenarioTreeModel *m_model;
    QTreeView *m_tree;
    ElidedLabel *m_editorTitle;
    QScrollArea *m_scroll;
    QStackedWidget *m_editors;
    QLabel *m_placeholder;
    ScenarioEditor *m_scenarioEditor;
    WorkloadEditor *m_workload;
    QString m_shownPart; // the scenario, node and row whose editor is shown
    BuildEditor *m_build;
    CloudOptionEditor *m_cloud;
    HybridEditor *m_hybrid;
    ApiOptionEditor *m_api;
    ScenarioSession &m_session;
    bool m_updating = false;
};

} // namespace breakeven
