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
    // Model names differ early ("Llama 3.1 405B Instruct (Bedrock)"): their ends give way.
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 8);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setSortIndicator(ApiOfferTableModel::Provider, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    connect(m_view, &QTableView::doubleClicked, this, &ApiOfferTab::addCurrentOffer);
    // The columns follow the viewport's width, which changes without the tab's (a scroll bar).
    m_view->viewport()->installEventFilter(this);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &ApiOfferTab::updateHistory);

    // The currency is in each price when it is not USD, the date in each price's tooltip and in
    // the history below; they and the rate limit are a header menu away at first, so that the
    // dock's default width shows the prices.
    QHeaderView *header = m_view->horizontalHeader();
    const QVariant saved = QSettings().value(kShownColumnsKey);
    QList<int> shown{ApiOfferTableModel::Provider, ApiOfferTableModel::Model, ApiOfferTableModel::ServedModel,
                     ApiOfferTableModel::InputPerMillion, ApiOfferTableModel::OutputPerMillion,
                     ApiOfferTableModel::CachedInputPerMillion};
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
    // A narrow dock wraps the count rather than growing wider than the window gives it.
    m_status->setWordWrap(true);
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
        // Prices are short: their columns as wide as the figures and the title, without the room
        // a sort indicator takes (the title gives way to it when sorted by that column).
        const QFontMetrics titles = m_view->horizontalHeader()->fontMetrics();
        const QFontMetrics figures = m_view->fontMetrics();
        for (int column : {ApiOfferTableModel::InputPerMillion, ApiOfferTableModel::OutputPerMillion,
                           ApiOfferTableModel::CachedInputPerMillion}) {
            int width = titles.horizontalAdvance(m_model->headerData(column, Qt::Horizontal).toString()) + 14;
            for (int row = 0; row < m_model->rowCount(); ++row)
                width = std::max(width, figures.horizontalAdvance(m_model->index(row, column).data().toString()) + 12);
            m_view->setColumnWidth(column, width);
        }
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

bool ApiOfferTab::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

void ApiOfferTab::fitColumns()
{
    using C = ApiOfferTableModel;
    if (m_measured.size() != C::ColumnCount)
        return;
    QHeaderView *header = m_view->horizontalHeader();
    const QFontMetrics metrics = m_view->fontMetrics();
    const int available = m_view->viewport()->width();
    // The open model first (its names are short and alike), then the provider, the model last.
    const std::pair<int, int> yielding[] = {{C::ServedModel, metrics.horizontalAdvance(QStringLiteral("Llama-3.1-70B")) + 12},
                                            {C::Provider, metrics.horizontalAdvance(QStringLiteral("aws-bedro")) + 12},
                                            {C::RateLimit, metrics.horizontalAdvance(QStringLiteral("2,000 req/min")) + 12},
                                            {C::Model, metrics.horizontalAdvance(QStringLiteral("Llama 3.3 70B")) + 12}};
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
    // Room left over goes back to the model's name, then the open model's.
    for (int column : {C::Model, C::ServedModel}) {
        if (header->isSectionHidden(column) || total >= available)
            continue;
        const int width = std::min(m_measured[column], header->sectionSize(column) + (available - total));
        total += width - header->sectionSize(column);
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
    m_status->setText(shown == all ? tr("%1 API offers, prices per million tokens").arg(locale.toString(all))
                                   : tr("%1 of %2 API offers, prices per million tokens")
                                         .arg(locale.toString(shown), locale.toString(all)));
}

void ApiOfferTab::updateHistory()
{
    m_history->showOffer(m_repository, currentOffer());
}

} // namespace breakeven
