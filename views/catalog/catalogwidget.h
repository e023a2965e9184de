// The catalog dock's content: a tab of GPU models, a tab of cloud offers (filtered and sorted in
// SQL, read lazily) and a tab of API offers (models served per token, apioffertab.h), from which
// the user adds GPUs, offers and API options to the scenario. The
// widget changes nothing itself: it asks, and the main window turns the request into an undo
// command.
#pragma once

#include "catalog/apioffers.h"
#include "catalog/cloudoptionfromoffer.h"
#include "domain.h"
#include "store/catalogrepository.h"

#include <QList>
#include <QWidget>

#include <vector>

class QAction;
class QHBoxLayout;
class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;
class QToolButton;

namespace breakeven {

class ApiOfferTab;
class Document;
class GpuTableModel;
class OfferFilterBar;
class OfferTableModel;
class PriceHistoryPanel;

class CatalogWidget : public QWidget {
    Q_OBJECT
public:
    enum Tab { GpuTab, OfferTab, ApiTab };
    // More than this many selected offers are cut to this many: a scenario of thousands of
    // options is never what a shift-click meant.
    static constexpr int MaxOffersPerRequest = 500;

    explicit CatalogWidget(QWidget *parent = nullptr);
    ~CatalogWidget() override;

    // The document must outlive its use here (call setDocument(nullptr) before deleting it).
    void setDocument(Document *document);
    Document *document() const { return m_document; }
    // Reads the catalog again: filter choices, GPU models, offer count (after an import).
    void refresh();

    OfferFilter offerFilter() const;
    void setOfferFilter(const OfferFilter &filter);
    // The filter's plan, else on-demand: what a double-click or the button adds.
    PricingPlan defaultPlan() const;

    QList<StoredOffer> selectedOffers() const;
    QList<GpuModel> selectedGpus() const;
    // Emit the requests for the current selection, as the buttons and double-clicks do.
    void addSelectedOffers(PaymentChoice choice);
    void addSelectedGpus();

    void setCurrentTab(Tab tab);
    // The window's catalog actions (Import Price Sheet…, Refresh Prices…) in the offer table's
    // context menu; `button` also as a button beside the offers (the dock is narrow).
    void setCatalogActions(const QList<QAction *> &actions, QAction *button);
    QTableView *offerView() const { return m_offerView; }
    QTableView *gpuView() const { return m_gpuView; }
    OfferTableModel *offerModel() const { return m_offerModel; }
    GpuTableModel *gpuModel() const { return m_gpuModel; }
    OfferFilterBar *filterBar() const { return m_filterBar; }
    PriceHistoryPanel *priceHistory() const { return m_history; }
    ApiOfferTab *apiOfferTab() const { return m_apiTab; }

signals:
    // Offers the user picked, each with a price for `plan` (offers without one are left out).
    void addOffersRequested(const QList<breakeven::StoredOffer> &offers, breakeven::PricingPlan plan,
                            bool allUpfront = false);
    void addGpuRequested(const breakeven::GpuModel &gpu);
    // An API offer to add to the current scenario as an API option.
    void addApiOfferRequested(const breakeven::ApiOffer &offer);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    // The shown columns narrowed to the view's width where they can give way: the provider and GPU
    // to a cap, the region (the last, elided in the middle) to what is left; none below a minimum.
    void fitColumnsToView();
    QList<int> m_measuredWidths;

    QWidget *createGpuTab();
    void restoreShownColumns();
    void saveShownColumns();
    QWidget *createOfferTab();
    void applyFilter();
    void keepSortIndicator();
    void updateOfferStatus(const QString &note = {});
    void updateButtons();
    // The price history of the offer at the table's current row.
    void updateHistory();

    Document *m_document = nullptr;
    QTabWidget *m_tabs;
    GpuTableModel *m_gpuModel;
    QSortFilterProxyModel *m_gpuProxy;
    QTableView *m_gpuView = nullptr;
    QToolButton *m_addGpu = nullptr;
    OfferTableModel *m_offerModel;
    OfferFilterBar *m_filterBar = nullptr;
    QTableView *m_offerView = nullptr;
    // "Add as <plan>", enabled when a selected offer has that price; data: paymentChoiceIndex().
    std::vector<QAction *> m_planActions;
    QToolButton *m_addOffers = nullptr;
    QLabel *m_offerStatus = nullptr;
    PriceHistoryPanel *m_history = nullptr;
    QHBoxLayout *m_offerButtons = nullptr;
    ApiOfferTab *m_apiTab = nullptr;
};

} // namespace breakeven
