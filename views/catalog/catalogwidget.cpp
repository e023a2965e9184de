#include "catalogwidget.h"

#include "apioffertab.h"
#include "catalogformat.h"
#include "gputablemodel.h"
#include "inputerror.h"
#include "offerfilterbar.h"
#include "offertablemodel.h"
#include "pricehistorypanel.h"
#include "store/document.h"
#include "widgets/plural.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QResizeEvent>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace breakeven {

namespace {

constexpr int kMeasuredRows = 50;

void setUpTable(QTableView *view)
{
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    // Fixed row heights let the view place row 100,000 without asking the model about the rows
    // before it. Column widths are measured on a few rows from the top of the view, which lie on
    // one page: Qt's default reads 1,000 rows, and precision 0 reads every row of a hidden view.
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 8);
    view->horizontalHeader()->setResizeContentsPrecision(kMeasuredRows);
    view->verticalHeader()->setResizeContentsPrecision(kMeasuredRows);
    view->horizontalHeader()->setHighlightSections(false);
}

} // namespace

CatalogWidget::CatalogWidget(QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget(this))
    , m_gpuModel(new GpuTableModel(this))
    , m_gpuProxy(new QSortFilterProxyModel(this))
    , m_offerModel(new OfferTableModel(this))
{
    m_gpuProxy->setSourceModel(m_gpuModel);
    m_gpuProxy->setSortRole(GpuTableModel::SortRole);
    m_gpuProxy->setSortCaseSensitivity(Qt::CaseInsensitive);

    m_tabs->addTab(createGpuTab(), tr("GPU models"));
    m_tabs->addTab(createOfferTab(), tr("Cloud offers"));
    m_apiTab = new ApiOfferTab(this);
    m_apiTab->setObjectName(QStringLiteral("apiOfferTab"));
    connect(m_apiTab, &ApiOfferTab::addRequested, this, &CatalogWidget::addApiOfferRequested);
    m_tabs->addTab(m_apiTab, tr("API offers"));
    m_tabs->setDocumentMode(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    connect(m_offerModel, &OfferTableModel::queryFailed, this, [this](const QString &message) {
        updateOfferStatus(message);
    });
    connect(m_offerModel, &QAbstractItemModel::modelReset, this, [this] {
        updateOfferStatus();
        updateButtons();
        updateHistory();
    });
    updateButtons();
}

CatalogWidget::~CatalogWidget() = default;

QWidget *CatalogWidget::createGpuTab()
{
    auto *tab = new QWidget(this);
    m_gpuView = new QTableView(tab);
    m_gpuView->setObjectName(QStringLiteral("gpuView"));
    setUpTable(m_gpuView);
    m_gpuView->setModel(m_gpuProxy);
    m_gpuView->horizontalHeader()->setSortIndicator(GpuTableModel::Name, Qt::AscendingOrder);
    m_gpuView->setSortingEnabled(true);
    connect(m_gpuView, &QTableView::doubleClicked, this, [this] { addSelectedGpus(); });
    // A throughput figure is edited in place (F2, or a click on the selected cell): the user's own
    // figure is kept in the document, and every scenario compares by it from then on.
    m_gpuView->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
    connect(m_gpuModel, &GpuTableModel::figureEdited, this, [this](const GpuModel &edited) {
        if (!m_document)
            return;
        try {
            m_document->catalog().saveGpuModel(edited);
        } catch (const InputError &error) {
            updateOfferStatus(error.message());
        }
    });
    connect(m_gpuView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &CatalogWidget::updateButtons);

    m_addGpu = new QToolButton(tab);
    m_addGpu->setText(tr("Add to scenario"));
    m_addGpu->setToolButtonStyle(Qt::ToolButtonTextOnly);
    connect(m_addGpu, &QToolButton::clicked, this, &CatalogWidget::addSelectedGpus);

    auto *buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_addGpu);
    auto *layout = new QVBoxLayout(tab);
    layout->addWidget(m_gpuView, 1);
    layout->addLayout(buttons);
    return tab;
}

QWidget *CatalogWidget::createOfferTab()
{
    auto *tab = new QWidget(this);
    m_filterBar = new OfferFilterBar(tab);
    connect(m_filterBar, &OfferFilterBar::filterChanged, this, &CatalogWidget::applyFilter);

    m_offerView = new QTableView(tab);
    m_offerView->setObjectName(QStringLiteral("offerView"));
    setUpTable(m_offerView);
    // Region and instance names differ at their ends ("us-east-1", "us-east-2").
    m_offerView->setTextElideMode(Qt::ElideMiddle);
    m_offerView->setModel(m_offerModel);
    m_offerView->horizontalHeader()->setSortIndicator(m_offerModel->sortColumn(), m_offerModel->sortOrder());
    m_offerView->setSortingEnabled(true);
    // Eighteen columns are more than a dock shows; let the user pick.
    QHeaderView *header = m_offerView->horizontalHeader();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QHeaderView::customContextMenuRequested, this, [this, header](const QPoint &at) {
        QMenu menu;
        for (int column = 0; column < OfferTableModel::ColumnCount; ++column) {
            QAction *action = menu.addAction(m_offerModel->headerData(column, Qt::Horizontal).toString());
            action->setCheckable(true);
            action->setChecked(!header->isSectionHidden(column));
            connect(action, &QAction::toggled, header, [this, header, column](bool shown) {
                header->setSectionHidden(column, !shown);
                saveShownColumns();
            });
        }
        menu.exec(header->mapToGlobal(at));
    });
    // The key columns at first (provider, GPU, count, region, price per GPU-hour for the plan,
    // age); the others from the header's menu, remembered.
    restoreShownColumns();
    // Connected after the view's own handler, so the model has already accepted or refused.
    connect(m_offerView->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            &CatalogWidget::keepSortIndicator);
    connect(m_offerView, &QTableView::doubleClicked, this, [this] { addSelectedOffers({defaultPlan(), false}); });
    connect(m_offerView->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &CatalogWidget::updateButtons);
    connect(m_offerView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &CatalogWidget::updateHistory);
    m_offerView->setContextMenuPolicy(Qt::ActionsContextMenu);

    m_offerStatus = new QLabel(tab);
    m_offerStatus->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_addOffers = new QToolButton(tab);
    m_addOffers->setText(tr("Add to scenario"));
    m_addOffers->setToolTip(tr("Add the selected offers with the plan of the filter, else on-demand; "
                               "the arrow picks another plan"));
    m_addOffers->setPopupMode(QToolButton::MenuButtonPopup);
    auto *plans = new QMenu(m_addOffers);
    for (const PaymentChoice choice : paymentChoices()) {
        QAction *action = plans->addAction(tr("Add as %1").arg(choiceName(choice)), this,
                                           [this, choice] { addSelectedOffers(choice); });
        action->setData(paymentChoiceIndex(choice));
        m_planActions.push_back(action);
    }
    m_addOffers->setMenu(plans);
    connect(m_addOffers, &QToolButton::clicked, this, [this] { addSelectedOffers({defaultPlan(), false}); });

    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_offerStatus, 1);
    m_offerButtons = new QHBoxLayout;
    bottom->addLayout(m_offerButtons);
    bottom->addWidget(m_addOffers);

    // The selected offer's price history below the table; the splitter gives the table the room
    // the user wants.
    m_history = new PriceHistoryPanel(tab);
    auto *split = new QSplitter(Qt::Vertical, tab);
    split->setObjectName(QStringLiteral("offerSplit"));
    split->setChildrenCollapsible(true);
    auto *top = new QWidget(split);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_offerView, 1);
    topLayout->addLayout(bottom);
    split->addWidget(top);
    split->addWidget(m_history);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});
    auto *layout = new QVBoxLayout(tab);
    layout->addWidget(m_filterBar);
    layout->addWidget(split, 1);
    return tab;
}

void CatalogWidget::setDocument(Document *document)
{
    m_document = document;
    m_offerModel->setRepository(document ? &document->catalog() : nullptr);
    m_apiTab->setRepository(document ? &document->apiOffers() : nullptr);
    refresh();
}

void CatalogWidget::refresh()
{
    if (!m_document) {
        m_gpuModel->setModels({});
        m_filterBar->setChoices({}, {}, {});
        m_offerModel->reload();
        return;
    }
    m_apiTab->reload();
    QString problem;
    try {
        CatalogRepository &catalog = m_document->catalog();
        std::vector<GpuModel> gpus = catalog.gpuModels();
        QStringList gpuNames;
        for (const GpuModel &gpu : gpus)
            gpuNames.append(gpu.name);
        m_gpuModel->setModels(std::move(gpus));
        const QSignalBlocker blocker(m_filterBar);
        m_filterBar->setChoices(catalog.providers(), gpuNames, catalog.regions());
    } catch (const InputError &error) {
        problem = error.message();
    }
    m_offerModel->setFilter(m_filterBar->filter());
    keepSortIndicator();
    m_gpuView->resizeColumnsToContents();
    // Measured on rows only: a filter that matches nothing would shrink every column to its title.
    if (m_offerModel->rowCount() > 0)
        m_offerView->resizeColumnsToContents();
    // The measured rows are the youngest or cheapest; an old price needs room for its icon.
    const int ageWidth = m_offerView->fontMetrics().horizontalAdvance(formatAge(999)) + 48;
    if (m_offerView->columnWidth(OfferTableModel::PriceAge) < ageWidth)
        m_offerView->setColumnWidth(OfferTableModel::PriceAge, ageWidth);
    m_measuredWidths.clear();
    for (int column = 0; column < OfferTableModel::ColumnCount; ++column)
        m_measuredWidths << m_offerView->columnWidth(column);
    fitColumnsToView();
    if (!problem.isEmpty())
        updateOfferStatus(problem);
}

void CatalogWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitColumnsToView();
}

void CatalogWidget::fitColumnsToView()
{
    using C = OfferTableModel;
    if (m_measuredWidths.size() != C::ColumnCount)
        return;
    QHeaderView *header = m_offerView->horizontalHeader();
    const QFontMetrics metrics = m_offerView->fontMetrics();
    const int available = m_offerView->viewport()->width();
    // What gives way, in this order, and how far.
    const std::pair<int, int> yielding[] = {{C::Region, metrics.horizontalAdvance(QStringLiteral("us-east-1")) + 12},
                                            {C::Provider, metrics.horizontalAdvance(QStringLiteral("coreweav")) + 12},
                                            {C::Gpu, metrics.horizontalAdvance(QStringLiteral("H100-SXM5-80")) + 12},
                                            {C::InstanceType, metrics.horizontalAdvance(QStringLiteral("p5.48xlarge")) + 12}};
    int total = 0;
    for (int column = 0; column < C::ColumnCount; ++column) {
        if (!header->isSectionHidden(column))
            total += m_measuredWidths[column];
    }
    for (const auto &[column, minimum] : yielding) {
        int width = m_measuredWidths[column];
        if (!header->isSectionHidden(column) && total > available) {
            const int narrower = std::max(std::min(width, minimum), width - (total - available));
            total -= width - narrower;
            width = narrower;
        }
        if (header->sectionSize(column) != width)
            m_offerView->setColumnWidth(column, width);
    }
}

namespace {
const QString kShownColumnsKey = QStringLiteral("catalog/shownOfferColumns");
} // namespace

void CatalogWidget::restoreShownColumns()
{
    using C = OfferTableModel;
    // The age is a column away: each price's tooltip and the history below say it.
    QList<int> shown{C::Provider, C::Gpu, C::GpuCount, C::Region, C::Plan, C::PricePerGpuHour};
    const QVariant saved = QSettings().value(kShownColumnsKey);
    if (saved.isValid()) {
        shown.clear();
        for (const QString &column : saved.toString().split(u',', Qt::SkipEmptyParts))
            shown << column.toInt();
    }
    QHeaderView *header = m_offerView->horizontalHeader();
    for (int column = 0; column < C::ColumnCount; ++column)
        header->setSectionHidden(column, !shown.contains(column));
    // The price, its plan and its age before the region, whose names are long: a narrow dock
    // shows them first, and the region is the column that gives way.
    header->moveSection(header->visualIndex(C::PricePerGpuHour), header->visualIndex(C::Region));
    header->moveSection(header->visualIndex(C::Plan), header->visualIndex(C::PricePerGpuHour));
    header->moveSection(header->visualIndex(C::PriceAge), header->visualIndex(C::Region));
}

void CatalogWidget::saveShownColumns()
{
    QStringList shown;
    for (int column = 0; column < OfferTableModel::ColumnCount; ++column)
        if (!m_offerView->horizontalHeader()->isSectionHidden(column))
            shown << QString::number(column);
    QSettings().setValue(kShownColumnsKey, shown.join(u','));
}

void CatalogWidget::applyFilter()
{
    m_offerModel->setFilter(m_filterBar->filter());
    // A new plan can make the sorted column unsortable; the model then falls back.
    keepSortIndicator();
}

void CatalogWidget::keepSortIndicator()
{
    QHeaderView *header = m_offerView->horizontalHeader();
    if (header->sortIndicatorSection() != m_offerModel->sortColumn()
        || header->sortIndicatorOrder() != m_offerModel->sortOrder())
        header->setSortIndicator(m_offerModel->sortColumn(), m_offerModel->sortOrder());
}

OfferFilter CatalogWidget::offerFilter() const
{
    return m_filterBar->filter();
}

void CatalogWidget::setOfferFilter(const OfferFilter &filter)
{
    m_filterBar->setFilter(filter);
}

PricingPlan CatalogWidget::defaultPlan() const
{
    return m_offerModel->filter().plan.value_or(PricingPlan::OnDemand);
}

QList<StoredOffer> CatalogWidget::selectedOffers() const
{
    QList<StoredOffer> offers;
    QModelIndexList rows = m_offerView->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    for (const QModelIndex &index : rows) {
        if (offers.size() >= MaxOffersPerRequest)
            break;
        if (std::optional<StoredOffer> stored = m_offerModel->offerAt(index.row()))
            offers.append(*stored);
    }
    return offers;
}

QList<GpuModel> CatalogWidget::selectedGpus() const
{
    QList<GpuModel> gpus;
    QModelIndexList rows = m_gpuView->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(), [](const QModelIndex &a, const QModelIndex &b) { return a.row() < b.row(); });
    for (const QModelIndex &index : rows)
        gpus.append(m_gpuModel->gpu(m_gpuProxy->mapToSource(index).row()));
    return gpus;
}

void CatalogWidget::addSelectedOffers(PaymentChoice choice)
{
    const qsizetype selected = m_offerView->selectionModel()->selectedRows().size();
    QList<StoredOffer> offers = selectedOffers();
    const qsizetype taken = offers.size();
    offers.removeIf([choice](const StoredOffer &stored) { return !priceFor(stored.offer, choice); });
    QStringList notes;
    if (selected > taken)
        notes.append(tr("only the first %1 selected offers were added").arg(MaxOffersPerRequest));
    if (taken > offers.size())
        notes.append(countText("breakeven::CatalogWidget", "%n offer(s) without a %1 price left out", taken - offers.size())
                         .arg(choiceName(choice)));
    updateOfferStatus(notes.join(QStringLiteral("; ")));
    if (!offers.isEmpty())
        emit addOffersRequested(offers, choice.plan, choice.allUpfront);
}

void CatalogWidget::addSelectedGpus()
{
    for (const GpuModel &gpu : selectedGpus())
        emit addGpuRequested(gpu);
}

void CatalogWidget::setCurrentTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

void CatalogWidget::setCatalogActions(const QList<QAction *> &actions, QAction *button)
{
    m_offerView->addActions(actions);
    if (button) {
        auto *tool = new QToolButton(this);
        tool->setObjectName(button->objectName() + QStringLiteral("Button"));
        tool->setDefaultAction(button);
        // The dock is narrow: the action's icon, its name in the tooltip.
        tool->setToolButtonStyle(button->icon().isNull() ? Qt::ToolButtonTextOnly : Qt::ToolButtonIconOnly);
        m_offerButtons->addWidget(tool);
    }
}

void CatalogWidget::updateHistory()
{
    const QModelIndex current = m_offerView->currentIndex();
    std::optional<StoredOffer> offer;
    if (current.isValid() && m_document)
        offer = m_offerModel->offerAt(current.row());
    m_history->showOffer(m_document ? &m_document->catalog() : nullptr, offer, m_offerModel->filter().plan);
}

void CatalogWidget::updateOfferStatus(const QString &note)
{
    QString text = tr("%1 offers").arg(QLocale().toString(m_offerModel->rowCount()));
    if (!note.isEmpty())
        text += QStringLiteral(" — ") + note;
    m_offerStatus->setText(text);
}

void CatalogWidget::updateButtons()
{
    m_addGpu->setEnabled(m_gpuView->selectionModel()->hasSelection());
    m_addOffers->setEnabled(m_offerView->selectionModel()->hasSelection());
    // A plan none of the selected offers has a price for would add nothing: it is not offered.
    const QList<StoredOffer> offers = selectedOffers();
    for (QAction *action : m_planActions) {
        const PaymentChoice choice = paymentChoices()[std::size_t(action->data().toInt())];
        action->setEnabled(std::any_of(offers.begin(), offers.end(),
                                       [choice](const StoredOffer &stored) { return priceFor(stored.offer, choice).has_value(); }));
    }
}

} // namespace breakeven
