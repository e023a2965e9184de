#include "pairsmodel.h"

#include "engine/resultstext.h"

#include <cmath>
#include <limits>

namespace breakeven {

PairsModel::PairsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void PairsModel::setCostModel(const CostModel *model)
{
    beginResetModel();
    m_model = model;
    m_pairs.clear();
    m_saving.clear();
    m_finance.clear();
    endResetModel();
}

void PairsModel::setEvaluation(const Evaluation &e)
{
    if (!m_model)
        return;
    std::vector<PairResult> pairs = m_model->pairs(e);
    const bool sameRows = pairs.size() == m_pairs.size();
    if (!sameRows)
        beginResetModel();
    m_pairs = std::move(pairs);
    m_saving.resize(m_pairs.size());
    m_finance.resize(m_pairs.size());
    for (std::size_t k = 0; k < m_pairs.size(); ++k) {
        m_saving[k] = e.tco(m_pairs[k].cloud) - e.tco(m_pairs[k].onPrem);
        m_finance[k] = pairFinance(*m_model, e, m_pairs[k]);
    }
    if (!sameRows)
        endResetModel();
    else if (!m_pairs.empty())
        emit dataChanged(index(0, Crossover), index(rowCount() - 1, Payback), {Qt::DisplayRole, SortRole});
}

void PairsModel::relabel()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, OnPrem), index(rowCount() - 1, Cloud), {Qt::DisplayRole, SortRole});
}

int PairsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_pairs.size());
}

int PairsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant PairsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case OnPrem: return tr("On-prem");
        case Cloud: return tr("Against cloud");
        case Crossover: return tr("Buying pays off");
        case BreakEven: return tr("Break-even u");
        case CostRatio: return tr("Cost ratio");
        case Saving: return tr("Saved by buying (NPV)");
        case Irr: return tr("IRR of buying");
        case Payback: return tr("Discounted payback");
        case ColumnCount: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Crossover: return tr("The month after which buying is never dearer again, through the horizon; a pair "
                                  "that is ahead for a while and dearer at the horizon does not pay off");
        case BreakEven: return tr("The utilization at which the two cost the same over the horizon");
        case CostRatio: return tr("TCO of the cloud option / TCO of the on-prem option");
        case Saving: return tr("TCO of the cloud option minus TCO of the on-prem option, over the horizon: the net present "
                               "value of buying in the scenario's discounting");
        case Irr: return tr("The yearly rate at which buying's savings are worth nothing: above the cost of capital, "
                            "buying earns more than it costs");
        case Payback: return tr("When buying has paid back on the discounted curves: the month after which the present "
                                "value of what it saves covers what it cost, for good");
        default: break;
        }
    }
    return {};
}

QString PairsModel::displayText(int r, int column) const
{
    const PairResult &pair = m_pairs[std::size_t(r)];
    const QString currency = m_model->input().currency;
    switch (Column(column)) {
    case OnPrem: return optionLabel(*m_model, pair.onPrem);
    case Cloud: return m_model->option(pair.cloud).name;
    case Crossover:
        if (!pair.paysOffMonth)
            return pair.crossings.empty() ? tr("not within %1 months").arg(m_model->horizonMonths())
                                          : tr("no: ahead for a while");
        return *pair.paysOffMonth <= 0 ? tr("from the start") : formatMonths(*pair.paysOffMonth);
    case BreakEven:
        if (!pair.breakEvenUtilization)
            return tr("none");
        return formatPercent(*pair.breakEvenUtilization, 1)
            + (pair.winsAbove == Winner::OnPrem ? tr(" (buy above)") : tr(" (rent above)"));
    case CostRatio:
        return pair.costRatio ? QStringLiteral("%1 x").arg(*pair.costRatio, 0, 'f', 2) : QStringLiteral("n/a");
    case Saving: return formatMoney(m_saving[std::size_t(r)], currency, 0);
    case Irr: {
        const PairFinance &f = m_finance[std::size_t(r)];
        return f.irrOfBuying ? formatPercent(*f.irrOfBuying, 1) : tr("none");
    }
    case Payback: {
        const auto &month = m_finance[std::size_t(r)].discountedPaybackMonth;
        if (!month)
            return tr("not within %1 months").arg(m_model->horizonMonths());
        return *month <= 0 ? tr("from the start") : formatMonths(*month);
    }
    case ColumnCount: break;
    }
    return {};
}

QVariant PairsModel::sortValue(int r, int column) const
{
    const PairResult &pair = m_pairs[std::size_t(r)];
    constexpr double kLast = std::numeric_limits<double>::max();
    const auto number = [](const std::optional<double> &value, double absent) {
        return QVariant(value && std::isfinite(*value) ? *value : absent);
    };
    switch (Column(column)) {
    case OnPrem: return pair.onPrem; // the scenario's order, so a sort by it keeps groups together
    case Crossover: return number(pair.paysOffMonth, kLast);
    case BreakEven: return number(pair.breakEvenUtilization, kLast);
    case CostRatio: return number(pair.costRatio, -1);
    case Saving: return m_saving[std::size_t(r)];
    case Irr: return number(m_finance[std::size_t(r)].irrOfBuying, -1e300);
    case Payback: return number(m_finance[std::size_t(r)].discountedPaybackMonth, kLast);
    default: return displayText(r, column);
    }
}

QVariant PairsModel::data(const QModelIndex &index, int role) const
{
    if (!m_model || !index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole: return displayText(index.row(), index.column());
    case SortRole: return sortValue(index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == OnPrem)
            return unitsText(*m_model, m_pairs[std::size_t(index.row())].onPrem);
        if (index.column() == Irr) {
            const PairFinance &f = m_finance[std::size_t(index.row())];
            if (!f.irrOfBuying)
                return f.irrReason;
            return f.paybackMonth ? tr("Pays back after %1 on the plain curves").arg(formatMonths(*f.paybackMonth))
                                  : tr("Does not pay back within the horizon");
        }
        if (index.column() == Crossover) {
            const PairResult &pair = m_pairs[std::size_t(index.row())];
            // The whole story of a pair that changes sides: when, and by how much at the end.
            if (!pair.paysOffMonth && !pair.crossings.empty())
                return aheadForAWhileText(*m_model, pair);
            return crossoverSentence(*m_model, pair);
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= Crossover)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    default: return {};
    }
}

} // namespace breakeven
