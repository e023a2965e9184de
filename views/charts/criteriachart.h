// The weighted score of each feasible option (docs/model.md, "Criteria beyond cost") as a
// horizontal bar split by criterion: each part is weight × score / sum of weights, so a bar's
// length is the option's weighted score (1 to 5) and its parts show what it was made of. The
// best option is on top.
#pragma once

#include "chartpanel.h"
#include "domain.h"

#include <QList>

#include <optional>
#include <vector>

class QBarCategoryAxis;
class QBarSet;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace breakeven::charts {

class CategoryLabels;

class CriteriaChart : public ChartPanel {
    Q_OBJECT
public:
    explicit CriteriaChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::Criteria; }
    QString title() const override { return tr("Criteria"); }
    void setModel(const CostModel *model) override;
    void setEvaluation(const Evaluation &evaluation) override;

    // Weights to draw with instead of the scenario's (while a weight is being changed); none: the
    // scenario's. Takes effect with the next setEvaluation().
    void setWeights(const std::optional<CriterionWeights> &weights) { m_weights = weights; }

    // One bar set per criterion, in Criterion order; the options' full names, bottom to top, and
    // the labels the axis shows for them (elided in the middle to the room the chart gives).
    const QList<QBarSet *> &criterionSets() const { return m_sets; }
    QStringList categories() const;
    QStringList shownCategories() const;

private:
    void clear();

    std::optional<CriterionWeights> m_weights;
    QHorizontalStackedBarSeries *m_series = nullptr;
    QBarCategoryAxis *m_axisOptions = nullptr;
    CategoryLabels *m_labels = nullptr; // owned by m_axisOptions
    QValueAxis *m_axisScore = nullptr;
    QList<QBarSet *> m_sets;
    std::vector<int> m_options; // bottom to top
    std::vector<std::array<double, kCriterionCount>> m_scores; // per bar, for the tooltips
};

} // namespace breakeven::charts
