// Cumulative cost of every feasible option over the horizon, with the month at which buying each
// on-prem option pays off against each cloud option marked, and against the cheapest cloud option
// said in words. With resale credited, on-prem options also show their plain spend.
#pragma once

#include "chartpanel.h"

#include <QList>
#include <QPointF>
#include <QStringList>

#include <vector>

class QGraphicsRectItem;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace breakeven::charts {

class CumulativeChart : public ChartPanel {
    Q_OBJECT
public:
    explicit CumulativeChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::Cumulative; }
    QString title() const override { return tr("Cumulative cost"); }
    void setModel(const CostModel *model) override;
    void setEvaluation(const Evaluation &evaluation) override;
    void relabel() override;

    // One line series per feasible option, in option order; the index of its option.
    const QList<QLineSeries *> &optionSeries() const { return m_series; }
    int optionOfSeries(int seriesIndex) const { return m_options.value(seriesIndex, -1); }
    // With resale credited, one dotted line per feasible on-prem option: its plain spend.
    const QList<QLineSeries *> &spendSeries() const { return m_spendSeries; }
    // A square at every pair's crossover (pairs that cross within the horizon), and its label.
    QScatterSeries *crossoverSeries() const { return m_crossovers; }
    const QStringList &crossoverLabels() const { return m_pointLabels; }
    // crossoverSentence() of each on-prem option against the cheapest cloud option.
    const QStringList &crossoverSentences() const { return m_sentences; }
    // What the hover tooltip says for a point of a series.
    QString tooltipText(int seriesIndex, const QPointF &point) const;

private:
    QString seriesName(int option) const;
    QString spendSeriesName(int option) const;
    void clear();
    void placeLabels();
    void textScaleChanged() override;
    double draftTolerance() const;
    static void simplify(QList<QPointF> *points, double tolerance);

    QValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    QList<QLineSeries *> m_series;
    QList<int> m_options;
    QList<QLineSeries *> m_spendSeries;
    QList<int> m_spendOptions;
    QScatterSeries *m_crossovers = nullptr;
    QList<QPointF> m_buffer;           // reused by every tick to avoid allocations
    QList<QPointF> m_crossoverPoints;
    QStringList m_sentences;
    QStringList m_pointLabels;
    std::vector<QGraphicsRectItem *> m_labelItems; // a text item on a white box each
};

} // namespace breakeven::charts
