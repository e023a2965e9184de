// The central area of the main window: the utilization bar, the three charts in tabs and the
// results table, showing a ScenarioAnalysis (the session's, in the window). A new cost model
// re-binds the charts; moving the utilization only evaluates the model and moves existing series
// (nothing touches the disk).
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"

#include "session/scenarioproblem.h"

#include <QWidget>

#include <memory>

class QFrame;
class QTimer;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace breakeven {

class CostModel;
struct Evaluation;
class ScenarioAnalysis;
class CriteriaPanel;
class EmptyScenarioGuide;
class HybridPanel;
class PairsModel;
class RiskPanel;
class RiskRunner;
struct RiskResult;
class ResultsModel;
class UtilizationBar;

namespace charts {
class BreakdownChart;
class ChartPanel;
class CumulativeChart;
class ServingChart;
class UtilizationChart;
} // namespace charts

class ScenarioView : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioView(QWidget *parent = nullptr);
    ~ScenarioView() override;

    // Shows `analysis` (not owned) instead of the view's own.
    void setAnalysis(ScenarioAnalysis *analysis);
    ScenarioAnalysis *analysis() const { return m_analysis; }
    // Shows `scenario` through the view's own analysis (a view used on its own); on InputError
    // the message shows in a banner and the charts clear.
    void setScenario(const Scenario &scenario, const GpuCatalog &catalog);
    const Scenario &scenario() const;
    double utilization() const;

    // nullptr when the scenario could not be assembled.
    const CostModel *costModel() const;
    const Evaluation *evaluation() const;
    QString errorMessage() const;
    QPushButton *fixButton() const { return m_fix; }

    UtilizationBar *utilizationBar() const { return m_bar; }
    QTabWidget *chartTabs() const { return m_tabs; }
    // Shown instead of the chart tabs while the scenario has no build and no cloud option.
    EmptyScenarioGuide *emptyGuide() const { return m_guide; }
    bool showsGuide() const;
    charts::CumulativeChart *cumulativeChart() const { return m_cumulative; }
    charts::UtilizationChart *utilizationChart() const { return m_utilizationChart; }
    charts::BreakdownChart *breakdownChart() const { return m_breakdown; }
    // "Cost per million tokens", a tab after the breakdown while the workload serves a model.
    charts::ServingChart *servingChart() const { return m_servingChart; }
    charts::ChartPanel *currentChart() const;
    // The charts of the tabs shown (the serving chart only while the workload serves).
    QList<charts::ChartPanel *> charts() const;
    ResultsModel *resultsModel() const { return m_results; }
    QSortFilterProxyModel *sortedResults() const { return m_sorted; }
    QTableView *resultsView() const { return m_table; }
    // Every (on-prem, cloud) pair, in the second tab under the charts.
    PairsModel *pairsModel() const { return m_pairs; }
    QSortFilterProxyModel *sortedPairs() const { return m_sortedPairs; }
    QTableView *pairsView() const { return m_pairTable; }
    QTabWidget *resultTabs() const { return m_resultTabs; }
    // The chart above, the results below with room for at least six rows (View › Reset Layout,
    // and the window's first showing).
    void resetSplit();
    // Shows every column of the two tables again (View › Reset Layout).
    void resetColumns();
    // The Criteria tab, beside the charts.
    CriteriaPanel *criteriaPanel() const { return m_criteria; }
    // The Risk tab, after the Criteria tab, and the worker that fills it and the bands of the
    // cumulative chart. Risk is worked out only while the tab is shown or the bands are on; a
    // slider drag asks for previews (RiskRunner::kPreviewSamples, no tornado), its release and
    // every other change for the full run.
    RiskPanel *riskPanel() const { return m_riskPanel; }
    RiskRunner *riskRunner() const { return m_runner; }
    // The newest full or preview result shown, for exports; none before the first.
    std::shared_ptr<const RiskResult> risk() const { return m_lastRisk; }
    bool riskIsPreview() const { return m_lastRiskPreview; }
    // The "How much to own" tab, after the Risk tab: the scenario's hybrid options. Like the
    // Criteria tab it follows the utilization only while it is shown.
    HybridPanel *hybridPanel() const { return m_hybridPanel; }

public slots:
    void setUtilization(double utilization);
    void copyResultsAsText() const;
    // Writes `csv` to `path` whole or not at all; a failure is shown, and false returned.
    bool writeCsv(const QString &path, const QString &csv);
    // Brings hidden tabs (charts and the table of pairs) up to date too (they otherwise catch up
    // when shown).
    void updateAllCharts();

signals:
    // Re-emitted from the utilization bar: live during a drag, committed once at its end.
    void utilizationChanged(double utilization);
    void utilizationCommitted(double from, double to);
    // The horizon the user chose in the bar; the window makes it an edit of the scenario.
    void horizonChanged(int months);
    // The button beside "cannot be evaluated" was pressed: open the place where it is fixed.
    void problemFixRequested(const ScenarioProblem &problem);
    // "Add Hybrid Option…" was pressed in the "How much to own" tab of a scenario without one.
    void addHybridRequested();

private:
    void connectAnalysis();
    void detach();
    void rebind();
    void relabel();
    void refresh();
    void refreshChart(int tab);
    // Every chart panel, its tab shown or not: what m_stale and m_unbound are indexed by.
    QList<charts::ChartPanel *> allCharts() const;
    // allCharts()[index], whether or not its tab is shown.
    void refreshChartAt(int index);
    // The serving chart's tab, shown while the model serves.
    void showServingTab(bool shown);
    void refreshPairs();
    void refreshCriteria();
    void refreshHybrids();
    // The risk shown no longer matches the scenario: ask for a run now if it is needed.
    void riskOutdated();
    void updateDecidedBy();
    void runRiskIfNeeded();
    bool riskNeeded() const;
    void riskArrived(std::shared_ptr<const RiskResult> risk, bool preview);

    QList<bool> m_stale;    // charts not yet updated to the current evaluation (hidden tabs)
    QList<bool> m_unbound;
    bool m_pairsStale = true;    // the table of pairs is behind the current evaluation (hidden tab)
    bool m_criteriaStale = true; // the Criteria tab is behind the current evaluation (hidden tab)
    bool m_hybridsStale = true;  // the "How much to own" tab is behind the current evaluation (hidden tab)

    QFrame *m_problemBox;
    QLabel *m_banner;
    QPushButton *m_fix;
    UtilizationBar *m_bar;
    QSplitter *m_splitter;
    QTabWidget *m_tabs;
    QStackedWidget *m_chartStack; // the chart tabs, or the guide of an empty scenario
    EmptyScenarioGuide *m_guide;
    charts::CumulativeChart *m_cumulative;
    charts::UtilizationChart *m_utilizationChart;
    charts::BreakdownChart *m_breakdown;
    charts::ServingChart *m_servingChart;
    CriteriaPanel *m_criteria;
    RiskPanel *m_riskPanel;
    HybridPanel *m_hybridPanel;
    RiskRunner *m_runner;
    QTimer *m_decidedTimer;     // "decided by" once the slider rests
    QTimer *m_riskTimer;        // gathers the changes of one event loop pass into one request
    bool m_riskStale = true;    // no run asked for the scenario as it is now
    std::shared_ptr<const RiskResult> m_lastRisk;
    bool m_lastRiskPreview = false;
    QTabWidget *m_resultTabs;
    ResultsModel *m_results;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_table;
    PairsModel *m_pairs;
    QSortFilterProxyModel *m_sortedPairs;
    QTableView *m_pairTable;
    ScenarioAnalysis *m_ownAnalysis; // for a view used on its own
    ScenarioAnalysis *m_analysis;    // the one shown
};

} // namespace breakeven
