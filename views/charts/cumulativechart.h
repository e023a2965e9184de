// Cumulative cost of every feasible option over the horizon, with the month at which buying each
// on-prem option pays off against each cloud option marked, and against the cheapest cloud option
// said in words. With resale credited, on-prem options also show their plain spend. Behind a
// toggle, each option's P10–P90 band of its cumulative cost over the sampled futures
// (docs/model.md, "Uncertainty"), behind the lines.
#pragma once

#include "chartpanel.h"

#include <QList>
#include <QPointF>
#include <QStringList>

#include <memory>
#include <vector>

class QAreaSeries;
class QCheckBox;
class QGraphicsRectItem;
class QLineSeries;
class QScatterSeries;
class QValueAxis;

namespace breakeven {
struct RiskResult;
}

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

    // The "Show P10–P90 bands" toggle above the chart, off unless checked; the bands are made
    // with the series, so a change takes effect at the next setModel() (bandsToggled asks for it).
    QCheckBox *bandsToggle() const { return m_bandsToggle; }
    bool bandsVisible() const;
    // The risk analysis the bands come from, a result of the same model; none hides them.
    void setBands(std::shared_ptr<const RiskResult> risk);
    // One area per feasible option while the bands are on, in the order of optionSeries().
    const QList<QAreaSeries *> &bandSeries() const { return m_bands; }

signals:
    void bandsToggled(bool visible);

private:
    QString seriesName(int option) const;
    QString spendSeriesName(int option) const;
    void clear();
    void placeLabels();
    void textScaleChanged() override;
    double draftTolerance() const;
    void fillBands(double *low, double *high);
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
    QCheckBox *m_bandsToggle;
    QList<QAreaSeries *> m_bands;
    std::shared_ptr<const RiskResult> m_bandRisk;
};

} // namespace breakeven::charts
