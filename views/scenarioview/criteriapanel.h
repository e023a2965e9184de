// The Criteria tab (docs/model.md, "Criteria beyond cost"): the table of scores with the ranking,
// a slider per criterion for the scenario's weights, and the chart of weighted scores. Dragging a
// weight previews the new ranking without writing; letting go asks for the edit (weightsEdited),
// one undo step, as does giving an option a score of one's own (scoreEdited).
#pragma once

#include "domain.h"

#include <QWidget>

#include <array>
#include <optional>

class QLabel;
class QPushButton;
class QSlider;
class QSortFilterProxyModel;
class QTableView;

namespace breakeven {

class CostModel;
class CriteriaModel;
struct Evaluation;

namespace charts {
class CriteriaChart;
}

class CriteriaPanel : public QWidget {
    Q_OBJECT
public:
    explicit CriteriaPanel(QWidget *parent = nullptr);
    ~CriteriaPanel() override;

    // The model must outlive its use here; nullptr clears the tab.
    void setCostModel(const CostModel *model);
    void setEvaluation(const Evaluation &evaluation);
    void relabel();

    CriteriaModel *criteriaModel() const { return m_model; }
    QTableView *table() const { return m_table; }
    charts::CriteriaChart *chart() const { return m_chart; }
    QSlider *weightSlider(Criterion criterion) const { return m_sliders[std::size_t(criterion)]; }
    QPushButton *defaultWeightsButton() const { return m_defaults; }
    // The weights the sliders show (the scenario's, or those being dragged).
    CriterionWeights shownWeights() const;

signals:
    // `moved`: the one weight a slider changed; none for all of them (the defaults restored).
    void weightsEdited(const CriterionWeights &weights, std::optional<Criterion> moved);
    void scoreEdited(int option, Criterion criterion, std::optional<double> score);

private:
    void showWeights(const CriterionWeights &weights);
    void preview();
    void commit(std::optional<Criterion> moved);
    void updateWeightLabels();

    const CostModel *m_costModel = nullptr;
    const Evaluation *m_evaluation = nullptr;
    CriteriaModel *m_model;
    QSortFilterProxyModel *m_sorted;
    QTableView *m_table;
    charts::CriteriaChart *m_chart;
    std::array<QSlider *, kCriterionCount> m_sliders{};
    std::array<QLabel *, kCriterionCount> m_values{};
    QLabel *m_note;
    QPushButton *m_defaults;
};

} // namespace breakeven
