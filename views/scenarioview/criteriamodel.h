// The criteria table (docs/model.md, "Criteria beyond cost"): one row per option, in the model's
// order, with its rank, weighted score and its score on each criterion; the tooltip of a score
// says where it came from. Scores are editable: a value sets the user's own score, an empty one
// goes back to the computed or default score. The model only asks for the change
// (scoreEdited); the document's change brings the new scores back.
#pragma once

#include "engine/criteria.h"

#include <QAbstractTableModel>

#include <optional>

namespace breakeven {

class CriteriaModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Rank, Option, Weighted, FirstCriterion, ColumnCount = FirstCriterion + kCriterionCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit CriteriaModel(QObject *parent = nullptr);

    // The model must outlive its use here; nullptr empties the table.
    void setCostModel(const CostModel *model);
    // Scores at `evaluation` with `weights` (none: the scenario's); values change in place.
    void setEvaluation(const Evaluation &evaluation, const std::optional<CriterionWeights> &weights = std::nullopt);
    void relabel();

    const CriteriaResult &result() const { return m_result; }
    // The column of a criterion, and the criterion of a column (none for the others).
    static int column(Criterion criterion) { return FirstCriterion + int(criterion); }
    static std::optional<Criterion> criterionOf(int column);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
    // The user set (or, with none, cleared) their own score of `option` (index in the cost model).
    void scoreEdited(int option, Criterion criterion, std::optional<double> score);

private:
    const CostModel *m_model = nullptr;
    const Evaluation *m_evaluation = nullptr; // the last one given (it outlives the model's use here)
    CriteriaResult m_result;
    std::vector<int> m_rank; // per option: 1-based rank, 0 when not scored
};

} // namespace breakeven
