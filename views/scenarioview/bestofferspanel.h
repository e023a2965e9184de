// The "Best offers" tab under the charts (docs/model.md, "Best offers"): every offer of the
// document's catalog under every plan it has a price for, ranked for the shown scenario's
// workload at the slider's utilization (engine/offerranking.h), with filters for plan, provider,
// category, region and price age. A double-click or "Add to Scenario" asks the window to add the
// chosen one. It ranks only while shown, and during a slider drag only when a ranking is quick.
#pragma once

#include "engine/offerranking.h"
#include "store/catalogrepository.h"

#include <QAbstractTableModel>
#include <QWidget>

#include <functional>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableView;

namespace breakeven {

class BestOffersModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Offer, Plan, Tco, CostPerGpuHour, TimeToResult, PaysOff, PriceAge, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    // Keeps the ranked offers only, so a tick with a large catalog copies tens of offers.
    void setRanking(const Scenario &scenario, const std::vector<StoredOffer> &offers, Ranking ranking);
    const Ranking &ranking() const { return m_ranking; }
    const StoredOffer &offerAt(int row) const { return m_offers[std::size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    Scenario m_scenario;
    std::vector<StoredOffer> m_offers; // the ranked ones, in the ranking's order
    Ranking m_ranking;
};

class BestOffersPanel : public QWidget {
    Q_OBJECT
public:
    // How many are listed.
    static constexpr std::size_t kShown = 50;

    explicit BestOffersPanel(QWidget *parent = nullptr);

    // The document's offers (read again when its catalog changes).
    void setOffers(std::vector<StoredOffer> offers);
    // Where the offers come from: read when the tab is shown after catalogChanged(), so a large
    // catalog is read only for a tab someone looks at.
    void setOfferSource(std::function<std::vector<StoredOffer>()> source);
    void catalogChanged();
    void setScenario(const Scenario &scenario, const GpuCatalog &catalog);
    // Live during a drag: ranks again now only when the last ranking took under 16 ms.
    void setUtilization(double utilization, bool final);

    BestOffersModel *model() const { return m_model; }
    QComboBox *planChoice() const { return m_plan; }
    QComboBox *providerChoice() const { return m_provider; }
    QComboBox *categoryChoice() const { return m_category; }
    QComboBox *regionChoice() const { return m_region; }
    QSpinBox *maxAgeField() const { return m_maxAge; }
    QPushButton *addButton() const { return m_add; }
    QTableView *table() const { return m_table; }
    // "GPUs with at least 80 GB, like the H100-SXM5-80GB you count in": the memory the ranked
    // offers' GPUs hold at least; hidden when the work needs none.
    QLabel *memoryLabel() const { return m_memory; }
    // Ranks now if anything changed since (the view calls it when the tab is shown).
    void refresh();

signals:
    // `allUpfront`: the ranked way to pay was the reserved term paid at its start.
    void addRequested(const breakeven::StoredOffer &offer, breakeven::PricingPlan plan, bool allUpfront);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void invalidate();
    void requestAdd();

    std::vector<StoredOffer> m_offers;
    std::vector<RankCandidate> m_candidates;
    std::function<std::vector<StoredOffer>()> m_source;
    bool m_offersStale = false;
    Scenario m_scenario;
    GpuCatalog m_catalog;
    bool m_hasScenario = false;
    double m_utilization = 0.5;
    bool m_stale = true;
    qint64 m_lastRankNs = 0;
    BestOffersModel *m_model;
    QComboBox *m_plan;
    QComboBox *m_provider;
    QComboBox *m_category;
    QComboBox *m_region;
    QSpinBox *m_maxAge;
    QPushButton *m_add;
    QLabel *m_memory;
    QLabel *m_status;
    QTableView *m_table;
};

} // namespace breakeven
