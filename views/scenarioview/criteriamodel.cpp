#include "criteriamodel.h"

#include <QFont>

namespace breakeven {

namespace {

QString scoreText(double score)
{
    return QString::number(score, 'f', 1);
}

} // namespace

CriteriaModel::CriteriaModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

std::optional<Criterion> CriteriaModel::criterionOf(int column)
{
    if (column < FirstCriterion || column >= ColumnCount)
        return std::nullopt;
    return Criterion(column - FirstCriterion);
}

void CriteriaModel::setCostModel(const CostModel *model)
{
    beginResetModel();
    m_model = model;
    m_evaluation = nullptr;
    m_result = {};
    m_rank.assign(model ? std::size_t(model->optionCount()) : 0, 0);
    endResetModel();
}

void CriteriaModel::setEvaluation(const Evaluation &evaluation, const std::optional<CriterionWeights> &weights)
{
    if (!m_model)
        return;
    m_evaluation = &evaluation;
    m_result = scoreCriteria(*m_model, evaluation, weights);
    std::fill(m_rank.begin(), m_rank.end(), 0);
    for (std::size_t k = 0; k < m_result.ranking.size(); ++k)
        m_rank[std::size_t(m_result.ranking[k])] = int(k) + 1;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void CriteriaModel::relabel()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, Option), index(rowCount() - 1, Option));
}

int CriteriaModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() || !m_model ? 0 : m_model->optionCount();
}

int CriteriaModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CriteriaModel::data(const QModelIndex &index, int role) const
{
    if (!m_model || !index.isValid() || !m_evaluation)
        return {};
    const int option = index.row();
    const OptionScores &scores = m_result.options[std::size_t(option)];
    const std::optional<Criterion> criterion = criterionOf(index.column());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == Option)
            return m_model->option(option).name;
        if (!scores.scored)
            return index.column() == Weighted ? tr("not feasible") : QString();
        if (index.column() == Rank)
            return m_rank[std::size_t(option)];
        if (index.column() == Weighted)
            return QString::number(scores.weighted, 'f', 2);
        return scoreText(scores.score[std::size_t(*criterion)]);
    case Qt::EditRole:
        if (criterion && scores.scored)
            return scores.score[std::size_t(*criterion)];
        return {};
    case SortRole:
        if (index.column() == Option)
            return m_model->option(option).name;
        if (!scores.scored) // after every scored option, whichever way the column is sorted
            return index.column() == Rank ? QVariant(1e9) : QVariant(-1.0);
        if (index.column() == Rank)
            return m_rank[std::size_t(option)];
        if (index.column() == Weighted)
            return scores.weighted;
        return scores.score[std::size_t(*criterion)];
    case Qt::ToolTipRole:
        if (criterion)
            return scoreReason(*m_model, *m_evaluation, m_result, option, *criterion);
        if (!scores.scored)
            return m_model->status(option).reason;
        if (index.column() == Weighted)
            return tr("The mean of the scores weighted by the scenario's weights (1 to 5, higher is better).");
        return {};
    case Qt::FontRole:
        if (criterion && scores.scored && scores.origin[std::size_t(*criterion)] == ScoreOrigin::Own) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == Option ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                                        : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    default:
        return {};
    }
}

bool CriteriaModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    const std::optional<Criterion> criterion = criterionOf(index.column());
    if (role != Qt::EditRole || !m_model || !criterion)
        return false;
    std::optional<double> score;
    if (value.isValid() && !(value.typeId() == QMetaType::QString && value.toString().trimmed().isEmpty())) {
        bool ok = false;
        const double number = value.toDouble(&ok);
        if (!ok || !(number >= kLowestScore && number <= kHighestScore))
            return false;
        score = number;
    }
    emit scoreEdited(index.row(), *criterion, score);
    return true;
}

Qt::ItemFlags CriteriaModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (m_model && criterionOf(index.column()) && m_result.options.size() > std::size_t(index.row())
        && m_result.options[std::size_t(index.row())].scored)
        flags |= Qt::ItemIsEditable;
    return flags;
}

QVariant CriteriaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Rank: return tr("Rank");
        case Option: return tr("Option");
        case Weighted: return tr("Weighted score");
        default:
            if (const auto criterion = criterionOf(section))
                return criterionName(*criterion);
        }
    }
    if (role == Qt::ToolTipRole && criterionOf(section))
        return tr("1 to 5, higher is better. Double-click a score to give your own; clear it to go back to the default. "
                  "Your own scores are in bold.");
    return {};
}

} // namespace breakeven
