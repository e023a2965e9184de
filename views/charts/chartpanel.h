// Base of the three chart tabs: a chart view, a reset-zoom button and a caption under the chart
// (crossover sentences, infeasible options). Charts are built in two steps so a slider tick stays
// cheap: setModel() creates series and axes once per scenario, setEvaluation() only moves values.
#pragma once

#include <QPen>
#include <QPointer>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QChart;
class QHBoxLayout;
class QLabel;
class QScrollArea;
class QLineSeries;
class QPainter;
class QTimer;
class QToolButton;

namespace breakeven {
class CostModel;
struct Evaluation;
} // namespace breakeven

namespace breakeven::charts {

class ChartView;

// Payoff, TcoSpread and Tornado show a risk analysis (docs/model.md, "Uncertainty") and need one
// besides the evaluation (RiskChart::setRisk).
// Ownership and LoadDuration show the hybrid options (docs/model.md, "Hybrid fleets").
// Serving draws cost per million tokens against traffic, for a serving workload only.
enum class ChartKind { Cumulative, Utilization, Breakdown, Criteria, Payoff, TcoSpread, Tornado, Ownership, LoadDuration, Serving };
// "cumulative", "utilization", "breakdown", "criteria", "payoff", "tco-spread", "tornado", "ownership",
// "load-duration", "serving"
QString toString(ChartKind kind);
inline constexpr ChartKind kAllChartKinds[] = {ChartKind::Cumulative, ChartKind::Utilization, ChartKind::Breakdown,
                                               ChartKind::Criteria,   ChartKind::Payoff,      ChartKind::TcoSpread,
                                               ChartKind::Tornado,    ChartKind::Ownership,   ChartKind::LoadDuration,
                                               ChartKind::Serving};
bool isRiskChart(ChartKind kind);
bool isHybridChart(ChartKind kind);
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
    // The model's option names changed, nothing else: charts that can rename their series in
    // place do; the others build them again.
    virtual void relabel() { setModel(m_model); }

    QChart *chart() const { return m_chart; }
    ChartView *chartView() const { return m_view; }
    QString caption() const;
    // Hides the controls that make no sense on paper (used by export).
    void setControlsVisible(bool visible);
    // Whether the caption shows under the chart on screen (a panel that says the same above the
    // chart hides it; renderTo() draws it in any case).
    void setCaptionShown(bool shown);

    // While the utilization slider is dragged, a chart with dozens of wide, dashed, antialiased
    // curves cannot repaint within a frame: draft mode draws one-pixel lines (dash patterns kept,
    // so cloud and on-prem still differ) without antialiasing, and leaving it restores the pens.
    // Charts may also simplify their data while in draft mode: pass the evaluation again after
    // leaving it.
    void setDraft(bool draft);
    bool isDraft() const { return m_draft; }

    // Draws the chart and its caption into target, as vectors where the device allows; with
    // no painter it only lays the panel out at the target's size.
    void renderTo(QPainter *painter, const QRectF &target);

    // Text (axes, legend, caption, labels) at `factor` times its usual size, so a chart laid out
    // wide and scaled down onto a page keeps its text readable; applies to what is shown now.
    void setTextScale(qreal factor);
    qreal textScale() const { return m_textScale; }

    // Takes the widget's palette for background, text and grid (dark included); the view calls it
    // once a chart's axes are made, and a palette change does too.
    void applyPalette();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    // A font of the panel's text scale, from `base`.
    QFont scaledFont(QFont base) const;
    // The chart's own text items (labels on the plot) follow a new text scale.
    virtual void textScaleChanged() {}
    void setCaption(const QString &text);
    // A control of the chart's own (a toggle) in the row above it, left of "Reset zoom"; hidden
    // with the other controls on paper.
    void addControl(QWidget *control);
    // Takes every series and axis off the chart and deletes them (a new model's are made anew).
    void removeSeriesAndAxes();
    const CostModel *m_model = nullptr;

private:
    QChart *m_chart;
    ChartView *m_view;
    // Sizes the caption to its text, but never into the chart's least height: a long caption in a
    // short panel scrolls instead of running over the chart's axis.
    void fitCaption();

    // Sets the caption's text now; visibility and size only follow when something changed.
    void showCaption(const QString &text);

    QLabel *m_caption;
    QScrollArea *m_captionArea;
    bool m_captionShown = true;
    // While dragging, a caption laid out anew on every tick would cost as much as the chart: its
    // text waits here until the slider rests for a quarter of a second or is let go.
    std::optional<QString> m_pendingCaption;
    QTimer *m_captionTimer;
    qreal m_textScale = 1.0;
    QToolButton *m_resetButton;
    QHBoxLayout *m_controls;
    QList<QWidget *> m_extraControls;
    bool m_draft = false;
    std::vector<std::pair<QPointer<QLineSeries>, QPen>> m_finalPens; // restored when the drag ends
};

// Lists of infeasible options for captions: "Not drawn: X (needs 40 GB, has 24 GB); ...".
QString infeasibleCaption(const CostModel &model);

// How many (on-prem, cloud) pairs the feasible options make, without working any out.
struct PairCount {
    qsizetype onPrem = 0;
    qsizetype cloud = 0;
    qsizetype pairs() const { return onPrem * cloud; }
};
PairCount pairCount(const CostModel &model);
// More pairs than this are not marked one by one on a chart (nor worked out on every slider
// tick); the charts then mark those against the cheapest cloud option.
inline constexpr qsizetype kMaxMarkedPairs = 64;

} // namespace breakeven::charts
