// Base of the three chart tabs: a chart view, a reset-zoom button and a caption under the chart
// (crossover sentences, infeasible options). Charts are built in two steps so a slider tick stays
// cheap: setModel() creates series and axes once per scenario, setEvaluation() only moves values.
#pragma once

#include <QWidget>

#include <optional>

class QChart;
class QLabel;
class QPainter;
class QToolButton;

namespace breakeven {
class CostModel;
struct Evaluation;
} // namespace breakeven

namespace breakeven::charts {

class ChartView;

enum class ChartKind { Cumulative, Utilization, Breakdown };
QString toString(ChartKind kind);                      // "cumulative", "utilization", "breakdown"
std::optional<ChartKind> chartKindFromString(const QString &text);

class ChartPanel : public QWidget {
    Q_OBJECT
public:
    explicit ChartPanel(QWidget *parent = nullptr);

    virtual ChartKind kind() const = 0;
    virtual QString title() const = 0;
    // The model must outlive the panel's use of it; nullptr clears the chart.
    virtual void setModel(const CostModel *model) = 0;
    virtual void setEvaluation(const Evaluation &evaluation) = 0;

    QChart *chart() const { return m_chart; }
    ChartView *chartView() const { return m_view; }
    QString caption() const;
    // Hides the controls that make no sense on paper (used by export).
    void setControlsVisible(bool visible);

    // Draws the chart and its caption into target, as vectors where the device allows; with
    // no painter it only lays the panel out at the target's size.
    void renderTo(QPainter *painter, const QRectF &target);

protected:
    void setCaption(const QString &text);
    const CostModel *m_model = nullptr;

private:
    QChart *m_chart;
    ChartView *m_view;
    QLabel *m_caption;
    QToolButton *m_resetButton;
};

// Lists of infeasible options for captions: "Not drawn: X (needs 40 GB, has 24 GB); ...".
QString infeasibleCaption(const CostModel &model);

} // namespace breakeven::charts
