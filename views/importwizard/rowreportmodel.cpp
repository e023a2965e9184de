#include "rowreportmodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>

namespace breakeven {

namespace {

// Readable on light and dark backgrounds alike.
QColor statusColor(RowStatus status)
{
    switch (status) {
    case RowStatus::Add: return QColor(0x2e, 0x9d, 0x4f);
    case RowStatus::Update: return QColor(0x2f, 0x7d, 0xd1);
    case RowStatus::Unchanged: return QColor(0x88, 0x88, 0x88);
    case RowStatus::Skip: return QColor(0xd0, 0x3b, 0x30);
    case RowStatus::Warning: return QColor(0xd9, 0x82, 0x0b);
    }
    return {};
}

} // namespace

RowReportModel::RowReportModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void RowReportModel::setRows(std::vector<RowReport> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int RowReportModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RowReportModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RowReportModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const RowReport &row = m_rows[std::size_t(index.row())];
    if (role == StatusRole)
        return int(row.status);
    if (role == Qt::ForegroundRole && index.column() == Status)
        return QBrush(statusColor(row.status));
    if (role == Qt::FontRole && index.column() == Status) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ToolTipRole && index.column() == Reason)
        return row.reason;
    if (role == Qt::TextAlignmentRole && (index.column() == Line || index.column() == GpuCount))
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Line: return row.line;
    case Status: return toString(row.status);
    case InstanceType: return row.instanceType;
    case Region: return row.region;
    case Gpu: return row.gpu;
    case GpuCount: return row.gpuCount > 0 ? QVariant(row.gpuCount) : QVariant();
    case SheetColumn: return row.column;
    case Reason: return row.reason;
    default: return {};
    }
}

QVariant RowReportModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Line: return tr("Line");
    case Status: return tr("Status");
    case InstanceType: return tr("Instance");
    case Region: return tr("Region");
    case Gpu: return tr("GPU");
    case GpuCount: return tr("GPUs");
    case SheetColumn: return tr("Column");
    case Reason: return tr("Reason");
    default: return {};
    }
}

} // namespace breakeven
