// What moves the answer for one (on-prem, cloud) pair (docs/model.md, "Uncertainty"): per
// uncertain input, the difference TCO on-prem − TCO cloud at the horizon with the input at the low
// and at the high end of its range, every other input at its own value, as two bars from the
// difference at the own values; the largest swing on top. Where the answer flips inside the
// range, the input's label says at which value ("flips at 41 %").
#pragma once

#include "riskchart.h"

#include <QList>
#include <QStringList>

#include <utility>

class QAreaSeries;

namespace breakeven::charts {

class TornadoChart : public RiskChart {
    Q_OBJECT
public:
    explicit TornadoChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::Tornado; }
    QString title() const override { return tr("What flips it"); }

    static constexpr int kMaxBars = 10;

    // The pair, an index into RiskResult::pairs. Unset or out of range: the first pair the odds
    // chart shows (against the cheapest cloud option, the likeliest win of buying first).
    void setPair(int pair);
    int pair() const { return m_pair; }
    // The pair drawn, -1 for none.
    int shownPair() const { return m_shownPair; }

    // Per input drawn, top to bottom (the tornado's order): the x extent of its low-end bar and of
    // its high-end bar, as drawn (from the difference at the own values to the value at that end).
    QList<std::pair<double, double>> lowBars() const;
    QList<std::pair<double, double>> highBars() const;
    // The input's label per row, top to bottom.
    const QStringList &rowLabels() const { return m_labels; }

protected:
    void rebuild() override;

private:
    int m_pair = -1;
    int m_shownPair = -1;
    QList<QAreaSeries *> m_low;
    QList<QAreaSeries *> m_high;
    QStringList m_labels;
};

} // namespace breakeven::charts
