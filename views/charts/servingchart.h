// What a million tokens costs on each option against the traffic, for a serving workload
// (docs/model.md, "Serving"): mean requests a second from a tenth to ten times the workload's on
// the x axis, cost per million tokens on the y axis, both logarithmic. GPU options step as
// replicas or units are added; an API's price per token is flat. Each (GPU option, API option)
// break-even rate is a numbered mark the caption explains, and the workload's own rate a dotted
// line. The curves come from the engine (engine/servingcurve.h): laid out once per model, a
// utilization only moves them.
#pragma once

#include "chartpanel.h"
#include "marklabels.h"

#include "engine/servingcurve.h"

#include <QList>
#include <QPointF>
#include <QStringList>

#include <vector>

class QCategoryAxis;
class QLineSeries;
class QScatterSeries;

namespace breakeven::charts {

class ServingChart : public ChartPanel {
    Q_OBJECT
public:
    explicit ServingChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::Serving; }
    QString title() const override { return tr("Cost per million tokens"); }
    void setModel(const CostModel *model) override;
    void setEvaluation(const Evaluation &evaluation) override;
    void relabel() override;

    // One line per feasible option, in option order, and the option of each.
    const QList<QLineSeries *> &optionSeries() const { return m_series; }
    int optionOfSeries(int seriesIndex) const { return m_options.value(seriesIndex, -1); }
    // The break-evens inside the chart's range, numbered in this order; what each number says.
    QScatterSeries *breakEvenSeries() const { return m_marks; }
    const QStringList &breakEvenLabels() const { return m_markTexts; }
    // Every pair's break-even worked out at the utilization shown (inside the range or not).
    const std::vector<ServingBreakEven> &breakEvens() const { return m_breakEvens; }
    // The number boxes shown beside the marks, in scene coordinates.
    QList<QRectF> markLabelRects() const;
    // The workload's own rate, a vertical dotted line.
    QLineSeries *currentRateLine() const { return m_current; }
    const ServingCurve &curve() const { return m_curve; }
    // Values on the axes are log10 of rates and costs: what a point of a series stands for.
    static QPointF valueAt(const QPointF &plotted);

private:
    void clear();
    QString seriesName(int option) const;
    void fitCostAxis(double low, double high);
    void placeLabels();
    void textScaleChanged() override;

    ServingCurve m_curve;
    double m_lambda = 0;
    QCategoryAxis *m_axisX = nullptr;
    QCategoryAxis *m_axisY = nullptr;
    double m_shownLow = 0;  // the cost axis's range, log10
    double m_shownHigh = 0;
    QList<QLineSeries *> m_series;
    QList<int> m_options;
    QScatterSeries *m_marks = nullptr;
    QLineSeries *m_current = nullptr;
    QList<QPointF> m_markPoints;
    QStringList m_markTexts;
    std::vector<ServingBreakEven> m_breakEvens;
    MarkLabels m_markLabels; // the numbered boxes beside the break-evens
};

} // namespace breakeven::charts
