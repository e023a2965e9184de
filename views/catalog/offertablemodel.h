// The cloud offers of a document's catalog as a table that never holds the whole catalog:
// rowCount() is the repository's count for the filter, and rows come from pages read with
// LIMIT/OFFSET when a view first asks for them, kept in a small least-recently-used cache.
// Sorting is the repository's ORDER BY, so a header click costs one count-free page query.
#pragma once

#include "store/catalogrepository.h"

#include <QAbstractTableModel>
#include <QList>

#include <optional>
#include <vector>

namespace breakeven {

class OfferTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Provider,
        Category,
        InstanceType,
        Gpu,
        GpuCount,
        Vcpus,
        MemoryGiB,
        Region,
        OnDemand,
        Spot,
        Reserved1y,
        Reserved3y,
        PricePerGpuHour, // the filter's plan, or the headline price: what the price filter uses
        OnDemandPerGpuHour,
        SpotPerGpuHour,
        Reserved1yPerGpuHour,
        Reserved3yPerGpuHour,
        PriceAge,
        Plan, // the plan PricePerGpuHour is for (after the others: saved column choices keep their numbers)
        ColumnCount
    };
    static constexpr int OfferIdRole = Qt::UserRole + 1;
    static constexpr int StaleRole = Qt::UserRole + 2;   // bool: prices older than a year
    static constexpr int PageSize = 200;
    static constexpr int MaxCachedPages = 8;

    explicit OfferTableModel(QObject *parent = nullptr);

    // The repository must outlive its use here; nullptr empties the table.
    void setRepository(CatalogRepository *catalog);
    void setFilter(const OfferFilter &filter);
    const OfferFilter &filter() const { return m_filter; }
    // Counts again and forgets every cached page (after an import or an edit).
    void reload();

    // The offer of `row`, reading its page when it is not cached.
    std::optional<StoredOffer> offerAt(int row) const;
    // False for the per-plan GPU-hour columns the repository cannot order by under the current
    // filter (see sortColumn()); sort() leaves the order alone for them.
    bool isSortable(int column) const;
    int sortColumn() const { return m_sortColumn; }
    Qt::SortOrder sortOrder() const { return m_sortOrder; }

    // What the repository has been asked, for tests and benchmarks.
    int pageQueries() const { return m_pageQueries; }
    int cachedPageCount() const { return int(m_pages.size()); }
    QString lastError() const { return m_lastError; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

signals:
    // A query failed (damaged or locked document); the table shows what it has.
    void queryFailed(const QString &message);

private:
    struct Page {
        qint64 number = 0;
        std::vector<StoredOffer> rows;
    };
    const StoredOffer *row(int row) const;
    const Page &page(qint64 number) const;
    std::optional<OfferColumn> repositoryColumn(int column) const;
    QVariant display(const StoredOffer &stored, int column) const;
    void resetRows();

    CatalogRepository *m_catalog = nullptr;
    OfferFilter m_filter;
    qint64 m_count = 0;
    int m_sortColumn = PricePerGpuHour;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
    // Most recently used first; a handful of pages is what one screen and its neighbours need.
    mutable std::vector<Page> m_pages;
    mutable int m_pageQueries = 0;
    mutable QString m_lastError;
};

} // namespace breakeven
