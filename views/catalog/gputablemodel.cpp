#include "gputablemodel.h"

#include "catalogformat.h"

#include <QBrush>
#include <QColor>
#include <QIcon>
#include <QLocale>

namespace breakeven {

namespace {

// Zero means "unknown" in the catalog; an empty cell says so better than "0".
QVariant known(double value, int decimals)
{
    if (value <= 0)
        return {};
    return QLocale().toString(value, 'f', decimals);
}

} // namespace

GpuTableModel::GpuTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void GpuTableModel::setModels(std::vector<GpuModel> models)
{
    beginResetModel();
    m_models = std::move(models);
    endResetModel();
}

int GpuTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_models.size());
}

int GpuTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant GpuTableModel::value(const GpuModel &gpu, int column, bool forSorting) const
{
    auto number = [&](double v, int decimals) { return forSorting ? QVariant(v) : known(v, decimals); };
    switch (column) {
    case Name: return gpu.name;
    case Vendor: return gpu.vendor;
    case Architecture: return gpu.architecture;
    case Year: return gpu.year > 0 ? QVariant(gpu.year) : QVariant();
    case MemoryGB: return number(gpu.memoryGB, 0);
    case BandwidthGBs: return number(gpu.bandwidthGBs, 0);
    case Fp16Tflops: return number(gpu.fp16Tflops, 1);
    case RelativeThroughput: return number(gpu.relativeThroughput, 3);
    case TdpW: return number(gpu.tdpW, 0);
    case GpusPerBoard: return gpu.gpusPerBoard;
    case PriceNew: return number(gpu.priceNewUsd, 0);
    case PriceUsed: return number(gpu.priceUsedUsd, 0);
    case Source: return gpu.source;
    case AsOf: return gpu.asOf;
    default: return {};
    }
}

QVariant GpuTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const GpuModel &gpu = m_models[std::size_t(index.row())];
    const bool stale = isStale(ageInDays(gpu.asOf));
    switch (role) {
    case Qt::DisplayRole: return value(gpu, index.column(), false);
    case SortRole: return value(gpu, index.column(), true);
    case StaleRole: return stale;
    case Qt::TextAlignmentRole:
        if (index.column() >= Year && index.column() <= PriceUsed)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (stale && (index.column() == AsOf || index.column() == PriceNew || index.column() == PriceUsed))
            return staleToolTip(gpu.asOf);
        if (index.column() == RelativeThroughput)
            return gpu.throughputBasis;
        if (index.column() == Source)
            return gpu.source;
        return {};
    case Qt::DecorationRole:
        if (stale && index.column() == AsOf)
            return staleIcon();
        return {};
    case Qt::ForegroundRole:
        if (stale && index.column() == AsOf)
            return QBrush(QColor(0xc0, 0x60, 0x00));
        return {};
    default: return {};
    }
}

QVariant GpuTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name: return tr("GPU");
    case Vendor: return tr("Vendor");
    case Architecture: return tr("Architecture");
    case Year: return tr("Year");
    case MemoryGB: return tr("Memory GB");
    case BandwidthGBs: return tr("Bandwidth GB/s");
    case Fp16Tflops: return tr("FP16 TFLOPS");
    case RelativeThroughput: return tr("Rel. throughput");
    case TdpW: return tr("TDP W");
    case GpusPerBoard: return tr("GPUs/board");
    case PriceNew: return tr("New USD");
    case PriceUsed: return tr("Used USD");
    case Source: return tr("Source");
    case AsOf: return tr("As of");
    default: return {};
    }
}

} // namespace breakeven
