// How much to own (docs/model.md, "Hybrid fleets"): a hybrid option's TCO at the horizon against
// the units of its build owned, K = 0 (all cloud) to the units that cover the peak (all owned), one
// line per hybrid option, the K chosen (or fixed) marked. A K that leaves more burst than the cloud
// option's quota allows is left out of its line.
#pragma once

#include "hybridchart.h"

class QLineSeries;
class QScatterSeries;

namespace breakeven::charts {

class OwnershipChart : public HybridChart {
    Q_OBJECT
public:
    explicit OwnershipChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::Ownership; }
    QString title() const override { return tr("How much to own"); }

    // Per hybrid option (in the model's order; empty for an infeasible one), its line's points
    // (K, TCO) over every K the quota allows, and the series that draw them (one per unbroken run).
    const std::vector<QList<QPointF>> &curvePoints() const { return m_points; }
    const QList<QLineSeries *> &lineSeries() const { return m_lines; }
    // The K of each feasible hybrid option, (K, TCO at K).
    QScatterSeries *unitsSeries() const { return m_units; }
    // "K = 3, 2.05 M USD", "all cloud", "all owned": the labels on the plot.
    QStringList plotLabels() const { return m_labelTexts; }

protected:
    void rebuild() override;

private:
    std::vector<QList<QPointF>> m_points;
    QList<QLineSeries *> m_lines;
    QScatterSeries *m_units = nullptr;
    QStringList m_labelTexts;
};

} // namespace breakeven::charts
