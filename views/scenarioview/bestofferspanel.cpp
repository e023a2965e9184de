#include "bestofferspanel.h"

#include "catalog/cloudoptionfromoffer.h"

#include "engine/resultstext.h"

#include <QComboBox>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableView>

#include <algorithm>

namespace breakeven {

void BestOffersModel::setRanking(const Scenario &scenario, const std::vector<StoredOffer> &offers, Ranking ranking)
{
    beginResetModel();
    m_scenario = scenario;
    m_offers.clear();
    for (const RankedOffer &r : ranking.offers)
        m_offers.push_back(offers[r.candidate]);
    m_ranking = std::move(ranking);
    endResetModel();
}

int BestOffersModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_ranking.offers.size());
}

int BestOffersModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BestOffersModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const RankedOffer &r = m_ranking.offers[std::size_t(index.row())];
    const StoredOffer &stored = m_offers[std::size_t(index.row())];
    const CloudOffer &o = stored.offer;
    const QString currency = m_scenario.currency;
    if (role == Qt::TextAlignmentRole && index.column() >= Tco)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == PaysOff && !m_scenario.onPremOptions.empty()) {
        QStringList lines;
        for (std::size_t b = 0; b < m_scenario.onPremOptions.size(); ++b)
            lines << tr("%1: %2").arg(m_scenario.onPremOptions[b].name,
                                      !r.paysOffMonths[b] ? tr("does not pay off within %1 months").arg(m_scenario.horizonMonths)
                                      : *r.paysOffMonths[b] <= 0 ? tr("never dearer")
                                                                  : tr("pays off after %1").arg(formatMonths(*r.paysOffMonths[b])));
        return lines.join(u'\n');
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case Offer:
        return tr("%1 %2 (%3), %4 × %5")
            .arg(o.provider, o.instanceType, o.region.isEmpty() ? tr("any region") : o.region)
            .arg(o.gpuCount)
            .arg(o.gpu);
    case Plan: return choiceName({r.option.pricing, r.option.reservedUpfrontShare >= 1.0});
    case Tco: return formatMoney(r.tco, currency, 0);
    case CostPerGpuHour: return r.costPerReferenceGpuHour ? formatMoney(*r.costPerReferenceGpuHour, currency, 3) : tr("n/a");
    case TimeToResult: return r.timeToResultHours ? formatHours(*r.timeToResultHours) : tr("n/a");
    case PaysOff:
        if (m_scenario.onPremOptions.empty())
            return tr("n/a");
        if (!r.paysOffMonths.front())
            return tr("never");
        return *r.paysOffMonths.front() <= 0 ? tr("from the start") : formatMonths(*r.paysOffMonths.front());
    case PriceAge: return stored.priceAgeDays ? tr("%1 d").arg(*stored.priceAgeDays) : tr("n/a");
    case ColumnCount: break;
    }
    return {};
}

QVariant BestOffersModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == PaysOff)
        return tr("When buying the scenario's first build pays off against this offer (every build in the cell's tooltip)");
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case Offer: return tr("Offer");
    case Plan: return tr("Plan");
    case Tco: return tr("TCO");
    case CostPerGpuHour: return tr("Per ref-GPU-h");
    case TimeToResult: return tr("Time to result");
    case PaysOff: return tr("Build pays off");
    case PriceAge: return tr("Price age");
    case ColumnCount: break;
    }
    return {};
}

BestOffersPanel::BestOffersPanel(QWidget *parent)
    : QWidget(parent)
    , m_model(new BestOffersModel(this))
    , m_plan(new QComboBox(this))
    , m_provider(new QComboBox(this))
    , m_category(new QComboBox(this))
    , m_region(new QComboBox(this))
    , m_maxAge(new QSpinBox(this))
    , m_add(new QPushButton(tr("Add to Scenario"), this))
    , m_memory(new QLabel(this))
    , m_status(new QLabel(this))
    , m_table(new QTableView(this))
{
    m_plan->addItem(tr("any plan"));
    for (PricingPlan p : {PricingPlan::OnDemand, PricingPlan::Spot, PricingPlan::Reserved1y, PricingPlan::Reserved3y})
        m_plan->addItem(toString(p), int(p));
    m_category->addItem(tr("any kind"));
    for (CloudCategory c : {CloudCategory::Hyperscaler, CloudCategory::MlCloud, CloudCategory::Marketplace})
        m_category->addItem(toString(c), int(c));
    m_provider->addItem(tr("any provider"));
    m_region->addItem(tr("any region"));
    m_maxAge->setRange(0, 100000);
    m_maxAge->setSpecialValueText(tr("any age"));
    m_maxAge->setSuffix(tr(" d at most"));
    m_maxAge->setToolTip(tr("Only prices at most this many days old"));
    m_maxAge->setKeyboardTracking(false);
    for (QComboBox *box : {m_plan, m_provider, m_category, m_region}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        // Narrow in the row, whole in the list: the tab never widens the window's middle.
        box->setMinimumContentsLength(4);
        connect(box, &QComboBox::currentIndexChanged, this, &BestOffersPanel::invalidate);
    }
    connect(m_maxAge, &QSpinBox::valueChanged, this, &BestOffersPanel::invalidate);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setSectionResizeMode(BestOffersModel::Offer, QHeaderView::Stretch);
    m_table->setWordWrap(false);
    connect(m_table, &QTableView::doubleClicked, this, &BestOffersPanel::requestAdd);
    connect(m_add, &QPushButton::clicked, this, &BestOffersPanel::requestAdd);
    m_add->setToolTip(tr("Add the selected offer to the scenario as a cloud option, under its plan"));

    auto *filters = new QHBoxLayout;
    for (QWidget *w : std::initializer_list<QWidget *>{m_plan, m_provider, m_category, m_region, m_maxAge})
        filters->addWidget(w, 1);
    filters->addWidget(m_add);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 0);
    layout->addLayout(filters);
    for (QLabel *label : {m_memory, m_status}) {
        label->setWordWrap(true);
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        layout->addWidget(label);
    }
    m_memory->setToolTip(tr("The memory per GPU the workload needs: when it names none, the memory of the GPU it is "
                            "counted in. Set the workload's memory per GPU to rank smaller GPUs too."));
    m_memory->hide();
    layout->addWidget(m_table, 1);
}

void BestOffersPanel::setOffers(std::vector<StoredOffer> offers)
{
    m_offers = std::move(offers);
    m_candidates.clear();
    m_candidates.reserve(m_offers.size());
    QSet<QString> providers;
    QSet<QString> regions;
    for (const StoredOffer &stored : m_offers) {
        m_candidates.push_back({stored.offer, stored.priceAgeDays});
        providers.insert(stored.offer.provider);
        if (!stored.offer.region.isEmpty())
            regions.insert(stored.offer.region);
    }
    const auto refill = [this](QComboBox *box, QSet<QString> values) {
        const QString current = box->currentData().toString();
        QStringList sorted(values.begin(), values.end());
        sorted.sort(Qt::CaseInsensitive);
        const QSignalBlocker blocker(box);
        while (box->count() > 1)
            box->removeItem(1);
        for (const QString &value : sorted)
            box->addItem(value, value);
        box->setCurrentIndex(std::max(0, box->findData(current)));
    };
    refill(m_provider, providers);
    refill(m_region, regions);
    invalidate();
}

void BestOffersPanel::setOfferSource(std::function<std::vector<StoredOffer>()> source)
{
    m_source = std::move(source);
    catalogChanged();
}

void BestOffersPanel::catalogChanged()
{
    m_offersStale = true;
    invalidate();
}

void BestOffersPanel::setScenario(const Scenario &scenario, const GpuCatalog &catalog)
{
    m_scenario = scenario;
    m_catalog = catalog;
    m_hasScenario = true;
    m_utilization = scenario.workload.utilization;
    invalidate();
}

void BestOffersPanel::setUtilization(double utilization, bool final)
{
    m_utilization = utilization;
    m_stale = true;
    if (final || m_lastRankNs < 16'000'000)
        refresh();
}

void BestOffersPanel::invalidate()
{
    m_stale = true;
    refresh();
}

void BestOffersPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
}

void BestOffersPanel::refresh()
{
    if (!isVisible())
        return;
    if (m_offersStale && m_source) {
        m_offersStale = false;
        setOffers(m_source()); // comes back here through invalidate()
        return;
    }
    if (!m_stale || !m_hasScenario)
        return;
    RankFilter filter;
    if (m_plan->currentData().isValid())
        filter.plan = PricingPlan(m_plan->currentData().toInt());
    if (m_category->currentData().isValid())
        filter.category = CloudCategory(m_category->currentData().toInt());
    filter.provider = m_provider->currentData().toString();
    filter.region = m_region->currentData().toString();
    if (m_maxAge->value() > 0)
        filter.maxPriceAgeDays = m_maxAge->value();
    QElapsedTimer timer;
    timer.start();
    Ranking ranking;
    try {
        ranking = rankOffers(m_scenario, m_catalog, m_candidates, filter, m_utilization, kShown);
        m_status->setText(tr("The %1 cheapest over %2 months of %3 offers and plans at %4 utilization; %5 cannot serve "
                             "the workload (memory, quota, or a currency with no rate).")
                              .arg(ranking.offers.size())
                              .arg(m_scenario.horizonMonths)
                              .arg(ranking.evaluated)
                              .arg(formatPercent(m_utilization))
                              .arg(ranking.infeasible));
    } catch (const std::exception &) {
        m_status->setText(tr("The scenario cannot be evaluated; the charts say why."));
    }
    // Which GPUs could serve the work at all, in words: a workload counted in 80 GB GPUs is not
    // offered 24 GB cards unless the user lowers its memory need.
    const QString need = memoryNeedText(ranking.memoryNeed);
    if (need.isEmpty()) {
        m_memory->hide();
    } else {
        m_memory->setText(ranking.memoryNeed.countedIn.isEmpty()
                              ? tr("GPUs with %1.").arg(need)
                              : tr("GPUs with %1; a lower memory per GPU in the workload lets smaller ones in.").arg(need));
        m_memory->show();
    }
    m_lastRankNs = timer.nsecsElapsed();
    const bool first = m_model->rowCount() == 0;
    m_model->setRanking(m_scenario, m_offers, std::move(ranking));
    m_stale = false;
    m_add->setEnabled(m_model->rowCount() > 0);
    if (first)
        m_table->resizeColumnsToContents();
}

void BestOffersPanel::requestAdd()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const int row = rows.isEmpty() ? 0 : rows.front().row();
    if (row < 0 || row >= m_model->rowCount())
        return;
    const CloudOption &option = m_model->ranking().offers[std::size_t(row)].option;
    emit addRequested(m_model->offerAt(row), option.pricing, option.reservedUpfrontShare >= 1.0);
}

} // namespace breakeven
