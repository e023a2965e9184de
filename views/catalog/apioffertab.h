// The catalog dock's "API offers" tab: the document's models served per token in a table of
// their own (ApiOfferTableModel), filtered by a text that may match any column and sorted by a
// header click, with the selected offer's price history below. A double-click, the button or the
// context menu's "Add as API Option" asks for the offer to be added to the current scenario; the
// tab changes nothing itself.
#pragma once

#include "store/apiofferrepository.h"

#include <QWidget>

#include <optional>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;

namespace breakeven {

class ApiOfferTableModel;
class ApiPriceHistoryPanel;

class ApiOfferTab : public QWidget {
    Q_OBJECT
public:
    explicit ApiOfferTab(QWidget *parent = nullptr);

    // The repository must outlive its use here; nullptr empties the table.
    void setRepository(ApiOfferRepository *repository);
    // Reads the offers again, keeping the selection and the filter (after a refresh or an import).
    void reload();

    // The offer at the view's current row.
    std::optional<StoredApiOffer> currentOffer() const;
    void setFilterText(const QString &text);
    // Emits addRequested for the current offer.
    void addCurrentOffer();

    QTableView *view() const { return m_view; }
    ApiOfferTableModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    QLineEdit *filterEdit() const { return m_filter; }
    QLabel *statusLabel() const { return m_status; }
    ApiPriceHistoryPanel *priceHistory() const { return m_history; }
    QToolButton *addButton() const { return m_add; }

signals:
    void addRequested(const breakeven::ApiOffer &offer);

protected:
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void updateStatus();
    void updateHistory();
    // The model and the provider give way to the view's width, down to a minimum.
    void fitColumns();

    ApiOfferRepository *m_repository = nullptr;
    ApiOfferTableModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QLineEdit *m_filter;
    QTableView *m_view;
    QLabel *m_status;
    QToolButton *m_add;
    ApiPriceHistoryPanel *m_history;
    QList<int> m_measured;
};

} // namespace breakeven
