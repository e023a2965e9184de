#include "resultsmodel.h"

#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "engine/servingresults.h"

#include <QLocale>
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
    for (const ServingOptionFigures &f : servingOptionFigures(*m_model, e)) {
        Row &row = m_rows[std::size_t(f.option)];
        row.tokensPerSecondPerGpu = f.tokensPerSecondPerGpu;
        row.tokensBasis = f.basis;
        row.costPerMillionTokens = f.costPerMillionTokens;
        row.servingNote = f.note;
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
    if (!m_rows.empty()) {
        emit dataChanged(index(0, Tco), index(rowCount() - 1, CostRatio), {Qt::DisplayRole, SortRole});
        if (serving())
            emit dataChanged(index(0, TokensPerSecond), index(rowCount() - 1, CostPerMillionTokens),
                             {Qt::DisplayRole, SortRole});
    }
}

bool ResultsModel::serving() const
{
    return m_model && m_model->input().serving.has_value();
}

QString ResultsModel::servingText(int r, int column) const
{
    if (!serving())
        return {};
    const Row &row = m_rows[std::size_t(r)];
    const bool api = m_model->option(r).kind == OptionKind::Api;
    if (column == TokensPerSecond) {
        if (api)
            return tr("per token");
        if (!(row.tokensPerSecondPerGpu > 0))
            return kNa;
        const QString figure = QLocale().toString(row.tokensPerSecondPerGpu, 'f', 0);
        return row.tokensBasis.isEmpty() ? figure : tr("%1, %2").arg(figure, row.tokensBasis);
    }
    return m_model->isFeasible(r) && row.costPerMillionTokens
        ? formatMoney(*row.costPerMillionTokens, m_model->input().currency, 3)
        : kNa;
}

int ResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResultsModel::columnCount(const QModelIndex &parent) const
{
    // The tokens columns only for a serving workload: tables, copies and exports of others stay as they were.
    return parent.isValid() ? 0 : serving() ? ServingColumnCount : ColumnCount;
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
        case TokensPerSecond: return tr("Tokens/s per GPU");
        case CostPerMillionTokens: return tr("Per M tokens");
        case ServingColumnCount: break;
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
        case TokensPerSecond:
            return tr("Serving: tokens one GPU generates a second for the workload's model, measured or modelled");
        case CostPerMillionTokens: return tr("Serving: TCO over every token served in the horizon, per million");
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
        return option.kind == OptionKind::Cloud ? tr("cloud")
            : option.kind == OptionKind::Api    ? tr("API")
                                                : tr("on-prem");
    case Units: return unitsText(*m_model, r);
    case Throughput: {
        if (option.kind == OptionKind::Api)
            return tr("per token"); // no GPU of its own: its work is billed by the token
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
    case TokensPerSecond:
    case CostPerMillionTokens: return servingText(r, column);
    case ServingColumnCount: break;
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
    case TokensPerSecond: return row.tokensPerSecondPerGpu > 0 ? row.tokensPerSecondPerGpu : -1;
    case CostPerMillionTokens:
        return m_model->isFeasible(r) ? number(row.costPerMillionTokens, kLast) : QVariant(kLast);
    default: return displayText(r, column);
    }
}

QVariant ResultsModel::data(const QModelIndex &index, int role) const
{
    if (!m_model || !index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    switch (role) {
    case Qt::DisplayRole: return displayText(index.row(), index.column());
    case SortRole: return sortValue(index.row(), index.column());
    case Qt::ToolTipRole:
        if (index.column() == Feasible && !m_model->isFeasible(index.row()))
            return m_model->status(index.row()).reason;
        if ((index.column() == CostPerMillionTokens || index.column() == Name)
            && !m_rows[std::size_t(index.row())].servingNote.isEmpty())
            return m_rows[std::size_t(index.row())].servingNote;
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
        if ((index.column() >= Tco && index.column() <= TimeToResult) || index.column() == CostPerMillionTokens)
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
