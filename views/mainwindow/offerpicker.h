// Add Cloud Option's list of catalog offers: one row per instance and way to pay, the regions
// that offer it at the same price folded into one row, found by any part of its provider, GPU,
// instance type, regions or plan, and sorted by any column.
#pragma once

#include "catalog/cloudoptionfromoffer.h"
#include "store/catalogrepository.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>
#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace breakeven {

// The offers of one instance under one way to pay that differ only in their region.
struct OfferGroup {
    PaymentChoice choice;
    std::vector<StoredOffer> regions; // the cheapest first, then by region name: the default
    double pricePerHour(std::size_t region = 0) const;
    double pricePerGpuHour(std::size_t region = 0) const;
    const CloudOffer &offer() const { return regions.front().offer; }
};

// One group per provider, instance type, GPUs, currency, payment choice and price as shown (to a
// thousandth per instance-hour); offers without a price for a choice are not under it.
std::vector<OfferGroup> groupOffers(const std::vector<StoredOffer> &offers);

class OfferGroupModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Provider, InstanceType, Gpus, Plan, PerGpuHour, PerInstanceHour, Regions, ColumnCount };
    // What sorting compares (numbers for the prices and the number of regions).
    static constexpr int SortRole = Qt::UserRole;
    // Lower-case text a search matches against.
    static constexpr int SearchRole = Qt::UserRole + 1;

    using QAbstractTableModel::QAbstractTableModel;

    void setOffers(const std::vector<StoredOffer> &offers);
    const OfferGroup &group(int row) const { return m_groups[std::size_t(row)]; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<OfferGroup> m_groups;
    QStringList m_search;
};

// Rows whose text contains every word of the search, in any order and case.
class OfferSearchModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit OfferSearchModel(QObject *parent = nullptr);
    void setSearch(const QString &text);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QStringList m_words;
};

class OfferPicker : public QWidget {
    Q_OBJECT
public:
    explicit OfferPicker(QWidget *parent = nullptr);

    void setOffers(const std::vector<StoredOffer> &offers);

    QLineEdit *searchField() const { return m_search; }
    QTableView *view() const { return m_view; }
    OfferGroupModel *groups() const { return m_groups; }
    // The regions of the chosen row, the cheapest first.
    QComboBox *regionChoice() const { return m_regions; }

    struct Choice {
        StoredOffer offer;
        PaymentChoice payment;
    };
    // The chosen row's offer in the chosen region; none while no row is chosen.
    std::optional<Choice> chosen() const;

signals:
    void chosenChanged();
    // A row double-clicked or Enter pressed on it.
    void picked();

private:
    void showRegions();
    void keepAChoice();

    QLineEdit *m_search;
    OfferGroupModel *m_groups;
    OfferSearchModel *m_found;
    QTableView *m_view;
    QComboBox *m_regions;
    QLabel *m_count;
};

} // namespace breakeven
