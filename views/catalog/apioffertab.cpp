#include "apioffertab.h"

#include "apioffertablemodel.h"
#include "apipricehistorypanel.h"
#include "inputerror.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMenu>
#include <QResizeEvent>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace breakeven {

namespace {

const QString kShownColumnsKey = QStringLiteral("catalog/shownApiOfferColumns");

} // namespace

ApiOfferTab::ApiOfferTab(QWidget *parent)
    : QWidget(parent)
    , m_model(new ApiOfferTableModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_filter(new QLineEdit(this))
    , m_view(new QTableView(this))
    , m_status(new QLabel(this))
    , m_add(new QToolButton(this))
    , m_history(new ApiPriceHistoryPanel(this))
{
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ApiOfferTableModel::SortRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1); // any column

    m_filter->setObjectName(QStringLiteral("apiOfferFilter"));
    m_filter->setPlaceholderText(tr("Filter: provider, model, open model…"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setToolTip(tr("Shows the API offers with this text in any column"));
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setFilterFixedString(text.trimmed());
        updateStatus();
        updateHistory(); // the offer shown may have been filtered away
    });

    m_view->setObjectName(QStringLiteral("apiOfferView"));
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideMiddle);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setSortIndicator(ApiOfferTableModel::Provider, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    connect(m_view, &QTableView::doubleClicked, this, &ApiOfferTab::addCurrentOffer);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ApiOfferTab::updateHistory);

    // The currency is in each price when it is not USD; it and the rate limit are a header menu
    // away at first, so that a dock of a laptop's width shows the prices.
    QHeaderView *header = m_view->horizontalHeader();
    const QVariant saved = QSettings().value(kShownColumnsKey);
    QList<int> shown{ApiOfferTableModel::Provider, ApiOfferTableModel::Model, ApiOfferTableModel::ServedModel,
                     ApiOfferTableModel::InputPerMillion, ApiOfferTableModel::OutputPerMillion,
                     ApiOfferTableModel::CachedInputPerMillion, ApiOfferTableModel::AsOf};
    if (saved.isValid()) {
        shown.clear();
        for (const QString &column : saved.toString().split(u',', Qt::SkipEmptyParts))
            shown << column.toInt();
    }
    for (int column = 0; column < ApiOfferTableModel::ColumnCount; ++column)
        header->setSectionHidden(column, !shown.contains(column));
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QHeaderView::customContextMenuRequested, this, [this, header](const QPoint &at) {
        QMenu menu;
        for (int column = 0; column < ApiOfferTableModel::ColumnCount; ++column) {
            QAction *action = menu.addAction(m_model->headerData(column, Qt::Horizontal).toString());
            action->setCheckable(true);
            action->setChecked(!header->isSectionHidden(column));
            connect(action, &QAction::toggled, header, [this, header, column](bool visible) {
                header->setSectionHidden(column, !visible);
                QStringList columns;
                for (int c = 0; c < ApiOfferTableModel::ColumnCount; ++c)
                    if (!header->isSectionHidden(c))
                        columns << QString::number(c);
                QSettings().setValue(kShownColumnsKey, columns.join(u','));
                fitColumns();
            });
        }
        menu.exec(header->mapToGlobal(at));
    });

    auto *addAction = new QAction(tr("Add as API Option"), this);
    addAction->setObjectName(QStringLiteral("addApiOffer"));
    addAction->setToolTip(tr("Add the selected API offer to the current scenario as an API option"));
    connect(addAction, &QAction::triggered, this, &ApiOfferTab::addCurrentOffer);
    m_view->addAction(addAction);
    m_view->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_add->setDefaultAction(addAction);
    m_add->setToolButtonStyle(Qt::ToolButtonTextOnly);
    addAction->setEnabled(false);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            [this, addAction] { addAction->setEnabled(m_view->selectionModel()->hasSelection()); });

    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *bottom = new QHBoxLayout;
    bottom->addWidget(m_status, 1);
    bottom->addWidget(m_add);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("apiOfferSplit"));
    split->setChildrenCollapsible(true);
    auto *top = new QWidget(split);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_view, 1);
    topLayout->addLayout(bottom);
    split->addWidget(top);
    split->addWidget(m_history);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(split, 1);
    updateStatus();
}

void ApiOfferTab::setRepository(ApiOfferRepository *repository)
{
    m_repository = repository;
    reload();
}

void ApiOfferTab::reload()
{
    const std::optional<StoredApiOffer> current = currentOffer();
    std::vector<StoredApiOffer> offers;
    QString problem;
    if (m_repository) {
        try {
            offers = m_repository->offers();
        } catch (const InputError &error) {
            problem = error.message();
        }
    }
    m_model->setOffers(std::move(offers));
    if (m_model->rowCount() > 0) {
        m_view->resizeColumnsToContents();
        m_measured.clear();
        for (int column = 0; column < ApiOfferTableModel::ColumnCount; ++column)
            m_measured << m_view->columnWidth(column);
        fitColumns();
    }
    if (current) {
        const int row = m_model->rowOf(current->id);
        const QModelIndex at = row >= 0 ? m_proxy->mapFromSource(m_model->index(row, 0)) : QModelIndex();
        if (at.isValid())
            m_view->selectionModel()->setCurrentIndex(at, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    updateStatus();
    updateHistory();
    if (!problem.isEmpty())
        m_status->setText(m_status->text() + QStringLiteral(" — ") + problem);
}

void ApiOfferTab::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitColumns();
}

void ApiOfferTab::fitColumns()
{
    using C = ApiOfferTableModel;
    if (m_measured.size() != C::ColumnCount)
        return;
    QHeaderView *header = m_view->horizontalHeader();
    const QFontMetrics metrics = m_view->fontMetrics();
    const int available = m_view->viewport()->width();
    const std::pair<int, int> yielding[] = {{C::Model, metrics.horizontalAdvance(QStringLiteral("Llama 3.3 70B")) + 12},
                                            {C::ServedModel, metrics.horizontalAdvance(QStringLiteral("Llama-3.1-70B")) + 12},
                                            {C::Provider, metrics.horizontalAdvance(QStringLiteral("fireworks")) + 12},
                                            {C::RateLimit, metrics.horizontalAdvance(QStringLiteral("2,000 req/min")) + 12}};
    int total = 0;
    for (int column = 0; column < C::ColumnCount; ++column)
        if (!header->isSectionHidden(column))
            total += m_measured[column];
    for (const auto &[column, minimum] : yielding) {
        int width = m_measured[column];
        if (!header->isSectionHidden(column) && total > available) {
            const int narrower = std::max(std::min(width, minimum), width - (total - available));
            total -= width - narrower;
            width = narrower;
        }
        if (header->sectionSize(column) != width)
            m_view->setColumnWidth(column, width);
    }
}

std::optional<StoredApiOffer> ApiOfferTab::currentOffer() const
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return std::nullopt;
    const QModelIndex source = m_proxy->mapToSource(current);
    if (!source.isValid() || source.row() >= m_model->rowCount())
        return std::nullopt;
    return m_model->offer(source.row());
}

void ApiOfferTab::setFilterText(const QString &text)
{
    m_filter->setText(text);
}

void ApiOfferTab::addCurrentOffer()
{
    if (const std::optional<StoredApiOffer> offer = currentOffer())
        emit addRequested(offer->offer);
}

void ApiOfferTab::updateStatus()
{
    const int shown = m_proxy->rowCount();
    const int all = m_model->rowCount();
    const QLocale locale;
    m_status->setText(shown == all ? tr("%1 API offers").arg(locale.toString(all))
                                   : tr("%1 of %2 API offers").arg(locale.toString(shown), locale.toString(all)));
}

void ApiOfferTab::updateHistory()
{
    m_history->showOffer(m_repository, currentOffer());
}

} // namespace breakeven
