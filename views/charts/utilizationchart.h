// Total cost over the horizon against utilization 0..100 %: a straight line per option (the
// model is affine in u), break-even utilizations against the cheapest cloud option marked, and
// the current utilization as a vertical line.
#pragma once

#include "chartpanel.h"

#include <QList>
#include <QPointF>
#include <QStringList>

class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace breakeven::charts {

class UtilizationChart : public ChartPanel {
    Q_OBJECT
public:
    explicit UtilizationChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::Utilization; }
    QString title() const override { return tr("Cost vs utilization"); }
    void setModel(const CostModel *model) override;
    void setEvaluation(const Evaluation &evaluation) override;

    const QList<QLineSeries *> &optionSeries() const { return m_series; }
    QScatterSeries *breakEvenSeries() const { return m_breakEvens; }
    QLineSeries *currentLine() const { return m_current; }
    const QStringList &breakEvenSentences() const { return m_sentences; }

private:
    void clear();

    QValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    QList<QLineSeries *> m_series;
    QScatterSeries *m_breakEvens = nullptr;
    QLineSeries *m_current = nullptr;
    QStringList m_sentences;
    double m_maxCost = 1;
};

} // namespace breakeven::charts
