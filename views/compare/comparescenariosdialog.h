// Scenario › Compare Scenarios: the scenarios ticked in a list, their headline answers side by
// side in one table (scenariocomparison.h) and their cumulative cost curves in one chart, a
// colour per scenario and a line style per option. Reads the scenarios it is given once; it does
// not follow later edits (open it again to see them).
#pragma once

#include "compare/scenariocomparison.h"

#include <QDialog>

class QChart;
class QLabel;
class QLineSeries;
class QListWidget;
class QTableWidget;

namespace breakeven {

class CompareScenariosDialog : public QDialog {
    Q_OBJECT
public:
    // `scenarios` in the document's order; `ticked` names those ticked at first (every one when
    // empty).
    CompareScenariosDialog(std::vector<Scenario> scenarios, GpuCatalog catalog, const QStringList &ticked = {},
                           QWidget *parent = nullptr);

    QListWidget *scenarioList() const { return m_list; }
    QTableWidget *table() const { return m_table; }
    QChart *chart() const { return m_chart; }
    // The scenarios ticked and worked out, in the list's order (one that cannot be worked out is
    // left out and named above the table).
    const std::vector<ComparedScenario> &compared() const { return m_compared; }
    // One curve per ticked scenario and feasible option, named "scenario — option".
    const QList<QLineSeries *> &curves() const { return m_curves; }
    void setTicked(const QStringList &names);

private:
    void refresh();
    void fillTable();
    // Row labels elided in the middle to the room the scenarios' columns leave (at least
    // kRowLabelWidth), again whenever the table is resized.
    void fitRowLabels();
    bool eventFilter(QObject *watched, QEvent *event) override;
    void fillChart();

    std::vector<Scenario> m_scenarios;
    GpuCatalog m_catalog;
    std::vector<ComparedScenario> m_compared;
    QListWidget *m_list;
    QLabel *m_note;
    QTableWidget *m_table;
    QChart *m_chart;
    QList<QLineSeries *> m_curves;
    QStringList m_rowLabels; // in full
};

} // namespace breakeven
