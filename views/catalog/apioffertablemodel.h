// The document's API offers (models served per token) as a table for the catalog dock: provider,
// model, the open model it serves, input, output and cached-input prices per million tokens, the
// currency, the rate limit and the date of its prices. A few hundred rows at most, held whole;
// a QSortFilterProxyModel sorts them by SortRole and filters them by text.
#pragma once

#include "store/apiofferrepository.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace breakeven {

class ApiOfferTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Provider,
        Model,
        ServedModel,
        InputPerMillion,
        OutputPerMillion,
        CachedInputPerMillion,
        Currency,
        RateLimit,
        AsOf,
        ColumnCount
    };
    static constexpr int SortRole = Qt::UserRole + 1;    // numbers as numbers; none sorts last
    static constexpr int OfferIdRole = Qt::UserRole + 2; // qint64
    static constexpr int StaleRole = Qt::UserRole + 3;   // bool: prices older than a year

    explicit ApiOfferTableModel(QObject *parent = nullptr);

    void setOffers(std::vector<StoredApiOffer> offers);
    const std::vector<StoredApiOffer> &offers() const { return m_offers; }
    const StoredApiOffer &offer(int row) const { return m_offers[std::size_t(row)]; }
    // The row of the offer with this id, or -1.
    int rowOf(qint64 id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "10,000 req/min · 8 M tok/min"; empty without a published limit.
    static QString rateLimitText(const ApiOffer &offer);

private:
    std::vector<StoredApiOffer> m_offers;
};

} // namespace breakeven
