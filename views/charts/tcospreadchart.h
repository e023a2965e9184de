// How far each option's TCO spreads over the sampled futures (docs/model.md, "Uncertainty"): a
// box per option, whiskers at P5 and P95, the box from P10 to P90, the line at the median (P50).
// An option feasible in no future has no box; of many options, the cheapest by median are shown.
#pragma once

#include "riskchart.h"

#include <QStringList>

#include <vector>

class QBoxPlotSeries;
class QBoxSet;

namespace breakeven::charts {

class TcoSpreadChart : public RiskChart {
    Q_OBJECT
public:
    explicit TcoSpreadChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::TcoSpread; }
    QString title() const override { return tr("TCO spread"); }

    static constexpr int kMaxBoxes = 12;

    // One box per option shown, left to right; the option of each.
    QBoxPlotSeries *boxSeries() const { return m_series; }
    const std::vector<int> &shownOptions() const { return m_options; }
    QStringList categories() const { return m_categories; }

protected:
    void rebuild() override;

private:
    QBoxPlotSeries *m_series = nullptr;
    std::vector<int> m_options;
    QStringList m_categories;
};

} // namespace breakeven::charts
