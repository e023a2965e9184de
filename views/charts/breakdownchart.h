// Total cost over the horizon of each feasible option split by cost component, as stacked
// horizontal bars; the resale credit stacks to the left of zero.
#pragma once

#include "chartpanel.h"

#include <QList>

#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace breakeven::charts {

class BreakdownChart : public ChartPanel {
    Q_OBJECT
public:
    explicit BreakdownChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::Breakdown; }
    QString title() const override { return tr("Breakdown"); }
    void setModel(const CostModel *model) override;
    void setEvaluation(const Evaluation &evaluation) override;

    // One bar set per component that is not zero for every option, in CostComponent order.
    const QList<QBarSet *> &componentSets() const { return m_sets; }
    int componentOfSet(int setIndex) const { return m_components.value(setIndex, -1); }
    QStringList categories() const;

private:
    void clear();

    QHorizontalStackedBarSeries *m_series = nullptr;
    QBarCategoryAxis *m_axisOptions = nullptr;
    QValueAxis *m_axisCost = nullptr;
    QList<QBarSet *> m_sets;
    QList<int> m_components;
    std::vector<int> m_options;
};

} // namespace breakeven::charts
