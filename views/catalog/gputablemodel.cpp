#include "gputablemodel.h"

#include "engine/resultstext.h"

#include <QDate>
#include <QFont>

#include <cmath>

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
    case Training:
    case LlmTraining:
    case InferenceMemoryBound:
    case Peak: return number(gpu.throughputFor(*profileOf(column)), 3);
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
        if (const auto profile = profileOf(index.column())) {
            const ThroughputFigure &f = gpu.figure(*profile);
            if (!(f.relative > 0))
                return tr("No %1 figure: the GPU's single figure is used").arg(profileName(*profile));
            return QStringLiteral("%1 (%2)\n%3\n%4").arg(profileName(*profile), f.basis, f.source, f.asOf);
        }
        if (index.column() == Source)
            return gpu.source;
        return {};
    case Qt::DecorationRole:
        if (stale && index.column() == AsOf)
            return staleIcon();
        return {};
    case Qt::FontRole:
        // An estimate reads as one.
        if (const auto profile = profileOf(index.column()); profile && gpu.figure(*profile).basis == QLatin1String("estimate")) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        return {};
    case Qt::EditRole:
        if (const auto profile = profileOf(index.column()))
            return gpu.throughputFor(*profile);
        return {};
    case Qt::ForegroundRole:
        if (stale && index.column() == AsOf)
            return QBrush(QColor(0xc0, 0x60, 0x00));
        return {};
    default: return {};
    }
}

std::optional<ThroughputProfile> GpuTableModel::profileOf(int column)
{
    if (column >= Training && column <= Peak)
        return ThroughputProfile(column - Training);
    return std::nullopt;
}

Qt::ItemFlags GpuTableModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags flags = QAbstractTableModel::flags(index);
    if (index.isValid() && profileOf(index.column()))
        flags |= Qt::ItemIsEditable;
    return flags;
}

bool GpuTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    const auto profile = profileOf(index.column());
    bool ok = false;
    const double figure = value.toDouble(&ok);
    if (role != Qt::EditRole || !index.isValid() || index.row() >= rowCount() || !profile || !ok || !(figure > 0)
        || !std::isfinite(figure))
        return false;
    GpuModel edited = m_models[std::size_t(index.row())];
    if (edited.throughputFor(*profile) == figure)
        return false;
    ThroughputFigure &f = edited.profiles[std::size_t(*profile)];
    f.relative = figure;
    f.basis = QStringLiteral("entered");
    f.source = tr("entered by the user");
    f.asOf = QDate::currentDate().toString(Qt::ISODate);
    if (*profile == ThroughputProfile::Training)
        edited.relativeThroughput = figure; // the single figure follows the default profile
    emit figureEdited(edited);
    return true;
}

QVariant GpuTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        if (const auto profile = profileOf(section))
            return tr("Relative throughput against the A100-SXM4-80GB for %1; italic: an estimate. "
                      "Select a cell and press F2 to enter your own figure.").arg(profileDescription(*profile));
    }
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
    case Training: return tr("Training");
    case LlmTraining: return tr("LLM training");
    case InferenceMemoryBound: return tr("Inference (memory)");
    case Peak: return tr("Peak");
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
