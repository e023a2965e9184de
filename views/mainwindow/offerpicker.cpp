#include "offerpicker.h"

#include "catalog/offername.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <tuple>

namespace breakeven {

double OfferGroup::pricePerHour(std::size_t region) const
{
    return priceFor(regions[region].offer, choice).value_or(0.0);
}

double OfferGroup::pricePerGpuHour(std::size_t region) const
{
    return pricePerHour(region) / std::max(1, regions[region].offer.gpuCount);
}

std::vector<OfferGroup> groupOffers(const std::vector<StoredOffer> &offers)
{
    // Prices as shown: a region a millionth of a dollar dearer is still the same offer to a reader.
    using Key = std::tuple<QString, QString, QString, int, QString, int, qint64>;
    std::map<Key, std::size_t> index;
    std::vector<OfferGroup> groups;
    for (const StoredOffer &stored : offers) {
        const CloudOffer &o = stored.offer;
        for (const PaymentChoice choice : paymentChoices()) {
            const auto price = priceFor(o, choice);
            if (!price)
                continue;
            const Key key{o.provider, o.instanceType, o.gpu, o.gpuCount, o.currency, paymentChoiceIndex(choice),
                          qRound64(*price * 1000.0)};
            const auto [it, added] = index.emplace(key, groups.size());
            if (added)
                groups.push_back({choice, {}});
            groups[it->second].regions.push_back(stored);
        }
    }
    for (OfferGroup &group : groups)
        std::stable_sort(group.regions.begin(), group.regions.end(), [&](const StoredOffer &a, const StoredOffer &b) {
            const double pa = priceFor(a.offer, group.choice).value_or(0);
            const double pb = priceFor(b.offer, group.choice).value_or(0);
            return pa != pb ? pa < pb : a.offer.region < b.offer.region;
        });
    return groups;
}

namespace {

QString money(double value, const QString &currency)
{
    return QStringLiteral("%1 %2").arg(QLocale().toString(value, 'f', 3), currency);
}

QStringList regionNames(const OfferGroup &group)
{
    QStringList names;
    for (const StoredOffer &stored : group.regions)
        names << (stored.offer.region.isEmpty() ? OfferGroupModel::tr("any region") : stored.offer.region);
    return names;
}

QString machine(const CloudOffer &offer)
{
    return OfferGroupModel::tr("%1 × %2").arg(std::max(1, offer.gpuCount)).arg(gpuDisplayName(offer.gpu));
}

} // namespace

void OfferGroupModel::setOffers(const std::vector<StoredOffer> &offers)
{
    beginResetModel();
    m_groups = groupOffers(offers);
    m_search.clear();
    for (const OfferGroup &group : m_groups) {
        const CloudOffer &o = group.offer();
        m_search << QStringList{o.provider, providerDisplayName(o.provider), o.instanceType, o.gpu, machine(o),
                                choiceName(group.choice), paymentChoiceWords(group.choice), regionNames(group).join(u' ')}
                        .join(u' ')
                        .toLower();
    }
    endResetModel();
}

int OfferGroupModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_groups.size());
}

int OfferGroupModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OfferGroupModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const OfferGroup &group = m_groups[std::size_t(index.row())];
    const CloudOffer &o = group.offer();
    const int regions = int(group.regions.size());
    if (role == SearchRole)
        return m_search.at(index.row());
    if (role == Qt::TextAlignmentRole)
        return index.column() == PerGpuHour || index.column() == PerInstanceHour
            ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
            : QVariant();
    if (role == Qt::ToolTipRole) {
        if (index.column() == Regions)
            return tr("Offered at this price in %n region(s): %1", nullptr, regions).arg(regionNames(group).join(tr(", ")));
        return tr("%1 (instance type %2)").arg(offerOptionName(o, group.choice), o.instanceType);
    }
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sorting = role == SortRole;
    switch (Column(index.column())) {
    case Provider:
        return providerDisplayName(o.provider);
    case InstanceType:
        return o.instanceType;
    case Gpus:
        return sorting ? QVariant(o.gpuCount) : QVariant(machine(o));
    case Plan:
        return sorting ? QVariant(paymentChoiceIndex(group.choice)) : QVariant(paymentChoiceWords(group.choice));
    case PerGpuHour:
        return sorting ? QVariant(group.pricePerGpuHour()) : QVariant(money(group.pricePerGpuHour(), o.currency));
    case PerInstanceHour:
        return sorting ? QVariant(group.pricePerHour()) : QVariant(money(group.pricePerHour(), o.currency));
    case Regions:
        if (sorting)
            return regions;
        return regions == 1 ? regionNames(group).front()
                            : tr("%1 + %n more", nullptr, regions - 1).arg(regionNames(group).front());
    case ColumnCount:
        break;
    }
    return {};
}

QVariant OfferGroupModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case Provider:
        return tr("Provider");
    case InstanceType:
        return tr("Instance type");
    case Gpus:
        return tr("GPUs");
    case Plan:
        return tr("Plan");
    case PerGpuHour:
        return tr("Per GPU-hour");
    case PerInstanceHour:
        return tr("Per instance-hour");
    case Regions:
        return tr("Regions");
    case ColumnCount:
        break;
    }
    return {};
}

OfferSearchModel::OfferSearchModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(OfferGroupModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
}

void OfferSearchModel::setSearch(const QString &text)
{
    m_words = text.toLower().split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    invalidateRowsFilter();
}

bool OfferSearchModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QString text
        = sourceModel()->index(sourceRow, 0, sourceParent).data(OfferGroupModel::SearchRole).toString();
    return std::all_of(m_words.cbegin(), m_words.cend(), [&](const QString &word) { return text.contains(word); });
}

OfferPicker::OfferPicker(QWidget *parent)
    : QWidget(parent)
    , m_search(new QLineEdit(this))
    , m_groups(new OfferGroupModel(this))
    , m_found(new OfferSearchModel(this))
    , m_view(new QTableView(this))
    , m_regions(new QComboBox(this))
    , m_count(new QLabel(this))
{
    m_search->setPlaceholderText(tr("Search provider, GPU, instance type, region or plan, e.g. “p5 reserved”"));
    m_search->setClearButtonEnabled(true);
    m_found->setSourceModel(m_groups);
    m_view->setModel(m_found);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(OfferGroupModel::PerGpuHour, Qt::AscendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_count->setForegroundRole(QPalette::PlaceholderText);

    auto *search = new QLabel(tr("&Search:"), this);
    search->setBuddy(m_search);
    auto *region = new QLabel(tr("&Region:"), this);
    region->setBuddy(m_regions);
    auto *top = new QHBoxLayout;
    top->addWidget(search);
    top->addWidget(m_search, 1);
    top->addWidget(m_count);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(region);
    bottom->addWidget(m_regions, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    layout->addLayout(bottom);

    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_found->setSearch(text);
        keepAChoice();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &OfferPicker::showRegions);
    connect(m_regions, &QComboBox::currentIndexChanged, this, &OfferPicker::chosenChanged);
    connect(m_view, &QTableView::activated, this, &OfferPicker::picked);
}

void OfferPicker::setOffers(const std::vector<StoredOffer> &offers)
{
    m_groups->setOffers(offers);
    m_view->resizeColumnsToContents();
    // A provider's long SKU ("gpu-h100-sxm_8gpu-128vcpu-1600gb") is elided rather than pushing
    // the prices and regions out of sight; the whole name is in every cell's tooltip.
    for (const int column : {int(OfferGroupModel::InstanceType), int(OfferGroupModel::Gpus)})
        m_view->setColumnWidth(column, std::min(m_view->columnWidth(column), 200));
    keepAChoice();
}

std::optional<OfferPicker::Choice> OfferPicker::chosen() const
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return std::nullopt;
    const OfferGroup &group = m_groups->group(m_found->mapToSource(current).row());
    const int region = std::clamp(m_regions->currentIndex(), 0, int(group.regions.size()) - 1);
    return Choice{group.regions[std::size_t(region)], group.choice};
}

void OfferPicker::showRegions()
{
    const QSignalBlocker blocker(m_regions);
    m_regions->clear();
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid()) {
        const OfferGroup &group = m_groups->group(m_found->mapToSource(current).row());
        const QStringList names = regionNames(group);
        for (std::size_t i = 0; i < group.regions.size(); ++i)
            m_regions->addItem(tr("%1: %2 per GPU-hour")
                                   .arg(names.at(int(i)), money(group.pricePerGpuHour(i), group.regions[i].offer.currency)));
    }
    m_regions->setEnabled(m_regions->count() > 1);
    emit chosenChanged();
}

// A search that hides the chosen row moves the choice to the first row left, so that what OK
// adds is always a row the user can see.
void OfferPicker::keepAChoice()
{
    m_count->setText(tr("%n row(s)", nullptr, m_found->rowCount()));
    const QModelIndex current = m_view->currentIndex();
    if (current.isValid() || m_found->rowCount() == 0) {
        if (!current.isValid())
            showRegions();
        return;
    }
    m_view->selectRow(0);
    m_view->setCurrentIndex(m_found->index(0, 0));
}

} // namespace breakeven
