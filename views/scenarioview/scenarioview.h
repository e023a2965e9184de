// The central area of the main window: the utilization bar, the three charts in tabs and the
// results table. setScenario() assembles the scenario and builds the cost model once; moving the
// utilization then only evaluates the model and moves existing series (nothing touches the disk).
#pragma once

#include "domain.h"

#include <QWidget>

#include <memory>

class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTabWidget;
class QTableView;

namespace breakeven {

class CostModel;
struct Evaluation;
class ResultsModel;
class UtilizationBar;

namespace charts {
class BreakdownChart;
class ChartPanel;
class CumulativeChart;
class UtilizationChart;
} // namespace charts

class ScenarioView : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioView(QWidget *parent = nullptr);
    ~ScenarioView() override;

    // Assembles the scenario; on InputError the message shows in a banner and the charts clear.
    // The scenario's workload utilization becomes the current utilization.
    void setScenario(const Scenario &scenario);
    const Scenario &scenario() const { return m_scenario; }
    double utilization() const { return m_utilization; }

    // nullptr when the scenario could not be assembled.
    const CostModel *costModel() const { return m_model.get(); }
    const Evaluation *evaluation() const { return m_evaluation.get(); }
    QString errorMessage() const;

    UtilizationBar *utilizationBar() const { return m_bar; }
    QTabWidget *chartTabs() const { return m_tabs; }
    charts::CumulativeChart *cumulativeChart() const { return m_cumulative; }
    charts::UtilizationChart *utilizationChart() const { return m_utilizationChart; }
    charts::BreakdownChart *breakdownChart() const { return m_breakdown; }
    charts::ChartPanel *currentChart() const;
    QList<charts::ChartPanel *> charts() const;
    ResultsModel *resultsModel() const { return m_results; }
    QSortFilterProxyModel *sortedResults() const { return m_sorted; }
    QTableView *resultsView() const { return m_table; }

public slots:
    void setUtilization(double utilization);
    void setHorizonMonths(int months);
    void copyResultsAsText() const;
    // Brings hidden tabs up to date too (they otherwise catch up when shown).
    void updateAllCharts();

signals:
    // Re-emitted from the utilization bar: live during a drag, committed once at its end.
    void utilizationChanged(double utilization);
    void utilizationCommitted(double from, double to);
    void horizonChanged(int months);

private:
    void rebuild();
    void refresh();
    void refreshChart(int tab);

    Scenario m_scenario;
    std::unique_ptr<CostModel> m_model;
    std::unique_ptr<Evaluation> m_evaluation;
    double m_utilization = 0.5;
    QList<bool> m_stale;    // charts not yet updated to the current evaluation (hidden tabs)

    QLabel *m_banner;
    UtilizationBar *m_bar;
    QSplitter *m_splitter;
    QTabWidget *m_tabs;
    charts::CumulativeChart *m_cumulative;
    charts::UtilizationChart *m_utilizationChart;
    charts::BreakdownChart *m_breakdown;
    ResultsModel *m_results;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_table;
};

} // namespace breakeven
