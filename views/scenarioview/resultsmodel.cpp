#include "resultsmodel.h"

#include "engine/costmodel.h"
#include "engine/resultstext.h"

#include <QStringList>

#include <cmath>
#include <limits>

namespace breakeven {

namespace {
const QString kNa = QStringLiteral("n/a");
} // namespace

ResultsModel::ResultsModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void ResultsModel::setCostModel(const CostModel *model)
{
    beginResetModel();
    m_model = model;
    m_rows.assign(model ? std::size_t(model->optionCount()) : 0, Row{});
    m_cheapestCloud.reset();
    endResetModel();
}

void ResultsModel::relabel()
{
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, 0), {Qt::DisplayRole, SortRole});
}

void ResultsModel::setEvaluation(const Evaluation &e)
{
    if (!m_model)
        return;
    for (int i = 0; i < m_model->optionCount(); ++i) {
        Row &row = m_rows[std::size_t(i)];
        row = Row{};
        row.tco = e.tco(i);
        row.costPerGpuHour = e.costPerReferenceGpuHour[std::size_t(i)];
    }
    m_cheapestCloud = m_model->cheapestCloud(e);
    if (m_cheapestCloud) {
        for (const PairResult &pair : m_model->pairsAgainst(e, *m_cheapestCloud)) {
            Row &row = m_rows[std::size_t(pair.onPrem)];
            row.paired = true;
            row.paysOffMonth = pair.paysOffMonth;
            row.aheadForAWhile = !pair.paysOffMonth && !pair.crossings.empty();
            row.breakEven = pair.breakEvenUtilization;
            row.onPremWinsAbove = pair.winsAbove == Winner::OnPrem;
            row.costRatio = pair.costRatio;
        }
    }
    // Name, kind, time to result and feasibility do not depend on the evaluation: leaving them out
    // spares the views and the sorting proxy a third of the cells on every slider tick.
    if (!m_rows.empty())
        emit dataChanged(index(0, Tco), index(rowCount() - 1, CostRatio), {Qt::DisplayRole, SortRole});
}

int ResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole) {
        switch (Column(section)) {
        case Name: return tr("Option");
        case Kind: return tr("Kind");
        case Units: return tr("Units");
        case Throughput: return tr("Throughput");
        case Tco: return tr("TCO");
        case CostPerGpuHour: return tr("Per ref-GPU-h");
        case Crossover: return tr("Pays off");
        case BreakEven: return tr("Break-even u");
        case CostRatio: return tr("Cost ratio");
        case TimeToResult: return tr("Time to result");
        case Feasible: return tr("Feasible");
        case ColumnCount: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (Column(section)) {
        case Units: return tr("On-prem units bought at the start, and the most in service as the workload grows");
        case Throughput:
            return tr("One GPU's work against the reference GPU, for the workload's kind of work, and how the "
                      "figure was obtained");
        case Tco: return tr("Total cost of ownership over the horizon");
        case CostPerGpuHour: return tr("TCO per reference-GPU-hour of work");
        case Crossover: return tr("When buying pays off against the cheapest cloud option");
        case BreakEven: return tr("Utilization at which buying and the cheapest cloud option cost the same");
        case CostRatio: return tr("TCO of the cheapest cloud option / TCO of this option");
        default: break;
        }
    }
    return {};
}

double ResultsModel::owedAfterHorizon(int r) const
{
    return m_model->breakdown(r, 0)[std::size_t(CostComponent::CommitmentBeyondHorizon)];
}

QString ResultsModel::displayText(int r, int column) const
{
    const Row &row = m_rows[std::size_t(r)];
    const OptionInput &option = m_model->option(r);
    const QString currency = m_model->input().currency;
    const bool feasible = m_model->isFeasible(r);
    const bool isCheapestCloud = m_cheapestCloud && *m_cheapestCloud == r;
    switch (Column(column)) {
    case Name: return option.name;
    case Kind:
        if (owedAfterHorizon(r) > 0)
            return tr("cloud, term past the horizon");
        return option.kind == OptionKind::Cloud ? tr("cloud") : tr("on-prem");
    case Units: return unitsText(*m_model, r);
    case Throughput: {
        const QString figure = QStringLiteral("%1 ×").arg(QString::number(option.relativeThroughput, 'g', 3));
        if (option.throughputBasis == QLatin1String("the scenario's figure"))
            return tr("%1, the scenario's").arg(figure);
        return option.throughputBasis.isEmpty() ? figure : QStringLiteral("%1, %2").arg(figure, option.throughputBasis);
    }
    case Tco: return feasible ? formatMoney(row.tco, currency, 2) : kNa;
    case CostPerGpuHour:
        return feasible && row.costPerGpuHour ? formatMoney(*row.costPerGpuHour, currency, 3) : kNa;
    case Crossover:
        if (!row.paired)
            return isCheapestCloud ? tr("(cheapest cloud)") : kNa;
        if (!row.paysOffMonth)
            return row.aheadForAWhile ? tr("no: ahead for a while") : tr("never");
        return *row.paysOffMonth <= 0 ? tr("from the start") : formatMonths(*row.paysOffMonth);
    case BreakEven:
        if (!row.paired)
            return kNa;
        if (!row.breakEven)
            return tr("none");
        return formatPercent(*row.breakEven, 1) + (row.onPremWinsAbove ? tr(" (buy above)") : tr(" (rent above)"));
    case CostRatio:
        return row.paired && row.costRatio ? QStringLiteral("%1 x").arg(*row.costRatio, 0, 'f', 2) : kNa;
    case TimeToResult: {
        const auto hours = m_model->timeToResultHours(r);
        return hours && feasible ? formatHours(*hours) : kNa;
    }
    case Feasible: return feasible ? tr("yes") : tr("no: %1").arg(m_model->status(r).reason);
    case ColumnCount: break;
    }
    return {};
}

QVariant ResultsModel::sortValue(int r, int column) const
{
    const Row &row = m_rows[std::size_t(r)];
    const auto number = [](const std::optional<double> &value, double absent) {
        return QVariant(value && std::isfinite(*value) ? *value : absent);
    };
    constexpr double kLast = std::numeric_limits<double>::max();
    switch (Column(column)) {
    case Units: return m_model->unitsInMonth(r, 1);
    case Throughput: return m_model->option(r).relativeThroughput;
    case Tco: return m_model->isFeasible(r) ? row.tco : kLast;
    case CostPerGpuHour: return number(row.costPerGpuHour, kLast);
    case Crossover: return row.paired ? number(row.paysOffMonth, kLast) : QVariant(kLast);
    case BreakEven: return row.paired ? number(row.breakEven, kLast) : QVariant(kLast);
    case CostRatio: return row.paired ? number(row.costRatio, -1) : QVariant(-1.0);
    case TimeToResult: return number(m_model->timeToResultHours(r), kLast);
    case Feasible: return m_model->isFeasible(r) ? 0 : 1;
    default: return displayText(r, column);
    }
}

QVariant ResultsModel::data(const QModelIndex &index, int role) const
{
    if (!m_model || !index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    switch (role) {
    case Qt::DisplayRole: return displayText(index.row(), index.column());
    case SortRole: return sortValue(index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == Feasible && !m_model->isFeasible(index.row()))
            return m_model->status(index.row()).reason;
        if (index.column() == Kind && owedAfterHorizon(index.row()) > 0)
            return tr("Its reserved term runs past month %1: %2 of its TCO is still owed after the horizon "
                      "(at present value)")
                .arg(m_model->horizonMonths())
                .arg(formatMoney(owedAfterHorizon(index.row()), m_model->input().currency, 2));
        // Where the option's throughput came from: the profile, its basis and source.
        if (index.column() == Name || index.column() == Throughput || index.column() == CostPerGpuHour) {
            const OptionInput &o = m_model->option(index.row());
            QString tip = throughputText(*m_model, index.row());
            if (!o.throughputSource.isEmpty() && o.throughputBasis != QLatin1String("the scenario's figure"))
                tip += QStringLiteral("\n") + o.throughputSource;
            return tip;
        }
        return {};
    case Qt::TextAlignmentRole:
        if (index.column() >= Tco && index.column() <= TimeToResult)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return int(Qt::AlignLeft | Qt::AlignVCenter);
    default: return {};
    }
}

QString ResultsModel::toText(const QAbstractItemModel *model)
{
    QStringList lines;
    QStringList header;
    for (int c = 0; c < model->columnCount(); ++c)
        header << model->headerData(c, Qt::Horizontal).toString();
    lines << header.join(QLatin1Char('\t'));
    for (int r = 0; r < model->rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < model->columnCount(); ++c)
            cells << model->index(r, c).data().toString().replace(QLatin1Char('\t'), QLatin1Char(' '));
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace breakeven
