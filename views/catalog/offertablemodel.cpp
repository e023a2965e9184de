#include "offertablemodel.h"

#include "catalogformat.h"
#include "inputerror.h"

#include <QBrush>
#include <QColor>
#include <QIcon>

#include <algorithm>
#include <climits>

namespace breakeven {

namespace {

std::optional<PricingPlan> planOfColumn(int column)
{
    switch (column) {
    case OfferTableModel::OnDemand:
    case OfferTableModel::OnDemandPerGpuHour: return PricingPlan::OnDemand;
    case OfferTableModel::Spot:
    case OfferTableModel::SpotPerGpuHour: return PricingPlan::Spot;
    case OfferTableModel::Reserved1y:
    case OfferTableModel::Reserved1yPerGpuHour: return PricingPlan::Reserved1y;
    case OfferTableModel::Reserved3y:
    case OfferTableModel::Reserved3yPerGpuHour: return PricingPlan::Reserved3y;
    default: return std::nullopt;
    }
}

bool isPerGpuHourColumn(int column)
{
    return column >= OfferTableModel::PricePerGpuHour && column <= OfferTableModel::Reserved3yPerGpuHour;
}

// What the repository sorts and filters PricePerGpuHour by: the filter's plan, else the headline.
std::optional<double> headlinePrice(const CloudOffer &offer, const std::optional<PricingPlan> &plan)
{
    return plan ? offer.price(*plan) : offer.headlinePrice();
}

// The plan headlinePrice() reads: the filter's, else the first the offer publishes.
std::optional<PricingPlan> headlinePlan(const CloudOffer &offer, const std::optional<PricingPlan> &plan)
{
    if (plan)
        return offer.price(*plan) ? plan : std::nullopt;
    for (PricingPlan candidate : kHeadlinePlans)
        if (offer.price(candidate))
            return candidate;
    return std::nullopt;
}

QString shortPlanName(PricingPlan plan)
{
    switch (plan) {
    case PricingPlan::OnDemand: return OfferTableModel::tr("On demand");
    case PricingPlan::Spot: return OfferTableModel::tr("Spot");
    case PricingPlan::Reserved1y: return OfferTableModel::tr("Reserved 1y");
    case PricingPlan::Reserved3y: return OfferTableModel::tr("Reserved 3y");
    }
    return {};
}

std::optional<double> perGpu(const std::optional<double> &price, int gpuCount)
{
    if (!price || gpuCount <= 0)
        return std::nullopt;
    return *price / gpuCount;
}

} // namespace

OfferTableModel::OfferTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void OfferTableModel::setRepository(CatalogRepository *catalog)
{
    m_catalog = catalog;
    reload();
}

void OfferTableModel::setFilter(const OfferFilter &filter)
{
    m_filter = filter;
    if (!isSortable(m_sortColumn)) {
        m_sortColumn = PricePerGpuHour;
        m_sortOrder = Qt::AscendingOrder;
    }
    reload();
}

void OfferTableModel::reload()
{
    beginResetModel();
    resetRows();
    endResetModel();
}

void OfferTableModel::resetRows()
{
    m_pages.clear();
    m_count = 0;
    if (!m_catalog)
        return;
    try {
        m_count = m_catalog->offerCount(m_filter);
    } catch (const InputError &error) {
        m_lastError = error.message();
        emit queryFailed(m_lastError);
    }
}

std::optional<OfferColumn> OfferTableModel::repositoryColumn(int column) const
{
    switch (column) {
    case Provider: return OfferColumn::Provider;
    case Category: return OfferColumn::Category;
    case InstanceType: return OfferColumn::InstanceType;
    case Gpu: return OfferColumn::Gpu;
    case GpuCount: return OfferColumn::GpuCount;
    case Vcpus: return OfferColumn::Vcpus;
    case MemoryGiB: return OfferColumn::MemoryGiB;
    case Region: return OfferColumn::Region;
    case OnDemand: return OfferColumn::OnDemand;
    case Spot: return OfferColumn::Spot;
    case Reserved1y: return OfferColumn::Reserved1y;
    case Reserved3y: return OfferColumn::Reserved3y;
    case PricePerGpuHour: return OfferColumn::PricePerGpuHour;
    case PriceAge: return OfferColumn::AsOf;
    case OnDemandPerGpuHour: return OfferColumn::OnDemandPerGpuHour;
    case SpotPerGpuHour: return OfferColumn::SpotPerGpuHour;
    case Reserved1yPerGpuHour: return OfferColumn::Reserved1yPerGpuHour;
    case Reserved3yPerGpuHour: return OfferColumn::Reserved3yPerGpuHour;
    default: return std::nullopt;
    }
}

bool OfferTableModel::isSortable(int column) const
{
    return repositoryColumn(column).has_value();
}

void OfferTableModel::sort(int column, Qt::SortOrder order)
{
    if (!isSortable(column) || (column == m_sortColumn && order == m_sortOrder))
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    // The count does not change with the order, so only the cached pages go.
    beginResetModel();
    m_pages.clear();
    endResetModel();
}

const OfferTableModel::Page &OfferTableModel::page(qint64 number) const
{
    auto cached = std::find_if(m_pages.begin(), m_pages.end(), [&](const Page &p) { return p.number == number; });
    if (cached != m_pages.end()) {
        std::rotate(m_pages.begin(), cached, cached + 1);
        return m_pages.front();
    }
    Page fresh;
    fresh.number = number;
    if (m_catalog) {
        // Newest dates first is youngest first, so age ascending is as-of descending.
        Qt::SortOrder order = m_sortOrder;
        if (m_sortColumn == PriceAge)
            order = order == Qt::AscendingOrder ? Qt::DescendingOrder : Qt::AscendingOrder;
        try {
            ++m_pageQueries;
            fresh.rows = m_catalog->offers(m_filter, repositoryColumn(m_sortColumn).value_or(OfferColumn::PricePerGpuHour),
                                           order, number * PageSize, PageSize);
        } catch (const InputError &error) {
            m_lastError = error.message();
        }
    }
    if (m_pages.size() >= std::size_t(MaxCachedPages))
        m_pages.pop_back();
    m_pages.insert(m_pages.begin(), std::move(fresh));
    return m_pages.front();
}

const StoredOffer *OfferTableModel::row(int row) const
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    const Page &p = page(row / PageSize);
    const std::size_t at = std::size_t(row % PageSize);
    return at < p.rows.size() ? &p.rows[at] : nullptr;
}

std::optional<StoredOffer> OfferTableModel::offerAt(int rowNumber) const
{
    if (const StoredOffer *stored = row(rowNumber))
        return *stored;
    return std::nullopt;
}

int OfferTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(std::min<qint64>(m_count, INT_MAX));
}

int OfferTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OfferTableModel::display(const StoredOffer &stored, int column) const
{
    const CloudOffer &o = stored.offer;
    switch (column) {
    case Provider: return o.provider;
    case Category: return toString(o.category);
    case InstanceType: return o.instanceType;
    case Gpu: return o.gpu;
    case GpuCount: return o.gpuCount;
    case Vcpus: return o.vcpus > 0 ? QVariant(o.vcpus) : QVariant();
    case MemoryGiB: return o.memoryGiB > 0 ? QVariant(o.memoryGiB) : QVariant();
    case Region:
        // One row standing for several regions at the same prices (one row per instance type).
        return stored.alikeRegions > 1 ? tr("%1 +%2").arg(o.region).arg(stored.alikeRegions - 1) : o.region;
    case PricePerGpuHour: return formatPrice(perGpu(headlinePrice(o, m_filter.plan), o.gpuCount), o.currency);
    case PriceAge: return formatAge(stored.priceAgeDays);
    case Plan: {
        const std::optional<PricingPlan> plan = headlinePlan(o, m_filter.plan);
        return plan ? shortPlanName(*plan) : QString();
    }
    default: break;
    }
    const std::optional<PricingPlan> plan = planOfColumn(column);
    if (!plan)
        return {};
    const std::optional<double> price = o.price(*plan);
    return formatPrice(isPerGpuHourColumn(column) ? perGpu(price, o.gpuCount) : price, o.currency);
}

QVariant OfferTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.column() >= ColumnCount)
        return {};
    const StoredOffer *stored = row(index.row());
    if (!stored)
        return {};
    const bool stale = isStale(stored->priceAgeDays);
    switch (role) {
    case Qt::DisplayRole: return display(*stored, index.column());
    case Qt::TextAlignmentRole:
        if (index.column() >= GpuCount && index.column() != Region && index.column() != Plan)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ToolTipRole:
        if (index.column() == Region && stored->alikeRegions > 1)
            return tr("%1 regions offer %2 at these prices; this row is the first of them")
                .arg(stored->alikeRegions)
                .arg(stored->offer.instanceType);
        if (stale)
            return staleToolTip(stored->offer.asOf);
        if (index.column() == PriceAge || index.column() == PricePerGpuHour)
            return tr("as of %1, %2").arg(stored->offer.asOf, stored->offer.source);
        return {};
    case Qt::DecorationRole:
        if (stale && index.column() == PriceAge)
            return staleIcon();
        return {};
    case Qt::ForegroundRole:
        if (stale && index.column() == PriceAge)
            return QBrush(QColor(0xc0, 0x60, 0x00));
        return {};
    case OfferIdRole: return stored->id;
    case StaleRole: return stale;
    default: return {};
    }
}

QVariant OfferTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole) {
        if (section == Plan)
            return tr("The plan of the price per GPU-hour: the one chosen above, else on-demand or the first "
                      "published plan");
        if (section == PricePerGpuHour)
            return tr("Per GPU-hour for the plan chosen above; without one, on-demand or else the first "
                      "published plan");
        if (isPerGpuHourColumn(section))
            return tr("Per GPU-hour: the instance price divided by its GPUs");
        if (section >= OnDemand && section <= Reserved3y)
            return tr("Per instance-hour");
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Provider: return tr("Provider");
    case Category: return tr("Category");
    case InstanceType: return tr("Instance");
    case Gpu: return tr("GPU");
    case GpuCount: return tr("GPUs");
    case Vcpus: return tr("vCPUs");
    case MemoryGiB: return tr("Memory GiB");
    case Region: return tr("Region");
    case OnDemand: return tr("On-demand /h");
    case Spot: return tr("Spot /h");
    case Reserved1y: return tr("Reserved 1y /h");
    case Reserved3y: return tr("Reserved 3y /h");
    case PricePerGpuHour: return tr("Price /GPU-h");
    case OnDemandPerGpuHour: return tr("On-demand /GPU-h");
    case SpotPerGpuHour: return tr("Spot /GPU-h");
    case Reserved1yPerGpuHour: return tr("Reserved 1y /GPU-h");
    case Reserved3yPerGpuHour: return tr("Reserved 3y /GPU-h");
    case PriceAge: return tr("Price age");
    case Plan: return tr("Plan");
    default: return {};
    }
}

} // namespace breakeven
