// Cumulative cost of every feasible option over the horizon, with the month at which buying each
// on-prem option pays off against each cloud option marked, and against the cheapest cloud option
// said in words. With resale credited, on-prem options also show their plain spend. Behind a
// toggle, each option's P10–P90 band of its cumulative cost over the sampled futures
// (docs/model.md, "Uncertainty"), behind the lines.
#pragma once

#include "chartpanel.h"
#include "marklabels.h"

#include <QList>
#include <QPointF>
#include <QStringList>

#include <memory>
#include <vector>

class QAreaSeries;
class QCheckBox;
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
    // A square where each pair's buying pays off for good (docs/model.md, "Crossover and pay-off"),
    // and its label.
    QScatterSeries *crossoverSeries() const { return m_crossovers; }
    const QStringList &crossoverLabels() const { return m_pointLabels; }
    // The marks numbered on the chart, in their numbers' order (pay-offs, then purchases and terms
    // past the horizon; the caption says what each is), and the scene rectangle of each number
    // shown (none overlaps another).
    QList<QPointF> numberedMarks() const;
    QList<QRectF> markLabelRects() const;
    // A small circle at every other crossing (the curves cross, but not for good).
    QScatterSeries *crossingSeries() const { return m_crossings; }
    // A triangle at each purchase inside the horizon after the start and at the horizon of a
    // reservation still owed after it; what each is, in words (horizonNotes()).
    QScatterSeries *eventSeries() const { return m_events; }
    const QStringList &eventTexts() const { return m_eventTexts; }
    // crossoverSentence() of each on-prem option against the cheapest cloud option.
    const QStringList &crossoverSentences() const { return m_sentences; }
    // "Decided by: …" (decidedby.h) for the headline pair, shown under the pay-off sentences;
    // worked out by the view when the slider rests (the tornado is exact, but not a tick's work).
    void setDecidedBy(const QString &line);
    const QString &decidedBy() const { return m_decidedBy; }
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
    void applyCaption();
    // What the horizon leaves out, in words and where on the curves: per model, not per tick.
    void describeHorizon();
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
    QScatterSeries *m_crossings = nullptr;
    QScatterSeries *m_events = nullptr;
    QList<QPointF> m_crossingPoints;
    QList<QPointF> m_eventPoints;
    QStringList m_eventTexts;
    QList<QPair<int, int>> m_eventAt;  // per event mark: option and month
    QStringList m_leftOut;             // horizonNotes() of every feasible option, named
    QList<QPointF> m_buffer;           // reused by every tick to avoid allocations
    QList<QPointF> m_crossoverPoints;
    QStringList m_sentences;
    QStringList m_captionLines;        // the caption but for the "decided by" line
    QString m_decidedBy;
    QStringList m_pointLabels;
    MarkLabels m_markLabels; // the numbered boxes beside numberedMarks()
    QCheckBox *m_bandsToggle;
    QList<QAreaSeries *> m_bands;
    std::shared_ptr<const RiskResult> m_bandRisk;
};

} // namespace breakeven::charts
