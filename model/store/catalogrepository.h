// The document's catalog: GPU models with their aliases, cloud offers and the sheets they were
// imported from. Offers are read a page at a time; views never load the whole table.
// The order of a filtered, sorted list is worked out once, as the ids alone (8 bytes an offer),
// and kept until the filter, the sort or the document changes; every page after the first is
// then a lookup by id. So no sort order needs an index, and a bulk import maintains none but
// the key's.
#pragma once

#include "catalog/gpucatalog.h"
#include "catalog/pricetrend.h"
#include "domain.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <Qt>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace SQLite {
class Statement;
}

namespace breakeven {

class Connection;

// Name of the sheet row every bundled offer of a new document points to.
inline constexpr const char *kBundledSheetName = "bundled catalog";

struct OfferFilter {
    QString provider; // empty: any
    std::optional<CloudCategory> category;
    QString gpu; // catalog name; empty: any
    QStringList gpuFamily; // with gpu empty: any of these (GpuCatalog::families)
    // One offer per provider, instance type and prices: the same instance at the same prices in
    // several regions is one row (StoredOffer::alikeRegions says how many).
    bool onePerInstanceType = false;
    QString region; // empty: any
    std::optional<PricingPlan> plan; // only offers with a price for this plan
    std::optional<double> maxPricePerGpuHour; // for `plan`, or the headline price without one
};

// Sortable offer columns. PricePerGpuHour is the price of the filter's plan per GPU-hour, or
// the headline price (on-demand, else the first published plan) when the filter has no plan.
// Missing prices sort last; within one provider or GPU the cheapest headline price comes first.
enum class OfferColumn {
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
    PricePerGpuHour,
    AsOf,
    OnDemandPerGpuHour, // each plan's price per GPU-hour, whatever the filter's plan
    SpotPerGpuHour,
    Reserved1yPerGpuHour,
    Reserved3yPerGpuHour,
};

struct StoredOffer {
    qint64 id = 0;
    CloudOffer offer;
    std::optional<qint64> sheetId;
    std::optional<qint64> priceAgeDays; // from asOf to today; none when asOf is not a date
    // With OfferFilter::onePerInstanceType: how many offers (this one among them) the filter
    // matches with this provider, instance type and prices; else 0.
    int alikeRegions = 0;
};

enum class UpsertResult { Added, Updated, Unchanged };

struct OfferCounts {
    qint64 added = 0;
    qint64 updated = 0;
    qint64 unchanged = 0;

    // Counts what one offer's write did.
    void count(UpsertResult result)
    {
        ++(result == UpsertResult::Added ? added : result == UpsertResult::Updated ? updated : unchanged);
    }
};

// One imported price sheet and what its import did.
struct SheetRecord {
    qint64 id = 0;
    QString fileName;
    QString sha256; // lower-case hex of the file's bytes
    QString preset; // "native", "skypilot", a saved mapping's name
    qint64 rowsAdded = 0;
    qint64 rowsUpdated = 0;
    qint64 rowsUnchanged = 0;
    qint64 rowsSkipped = 0;
    QDateTime importedAt; // UTC
    QString asOf; // ISO date the sheet's prices hold for
    // What its offers name as their source ("SkyPilot catalog vms.csv"); an offer that has
    // this sheet's source or date stores '' and reads them from here.
    QString source;
};

class CatalogRepository {
public:
    explicit CatalogRepository(Connection &connection);

    // GPU models, by name.
    std::vector<GpuModel> gpuModels();
    // Finds by catalog name or alias, ignoring case and punctuation as GpuCatalog does.
    std::optional<GpuModel> findGpu(const QString &nameOrAlias);
    // Models and aliases as a GpuCatalog, for validating a sheet before anything is written.
    GpuCatalog gpuCatalog();
    // Inserts, or replaces the model whose normalized name matches.
    void saveGpuModel(const GpuModel &model);
    // The dense FP8 and FP4 rates of the model of that catalog name (schema 18); gpuCatalog() has
    // them. A name not in the catalog changes nothing.
    void setLowPrecisionTflops(const QString &gpuName, const GpuCatalog::LowPrecisionTflops &rates);
    // Throws InputError when `gpuName` is not in the catalog.
    void addGpuAlias(const QString &alias, const QString &gpuName);

    qint64 offerCount(const OfferFilter &filter = {});
    // Every offer in the document's own order, in one pass over the table: what the ranking of
    // the catalog reads (a page of a sorted list is offers()).
    std::vector<StoredOffer> allOffers();
    std::vector<StoredOffer> offers(const OfferFilter &filter, OfferColumn sortColumn,
        Qt::SortOrder order, qint64 offset, qint64 limit);
    std::optional<StoredOffer> offer(qint64 id);
    // Keyed by (provider, instance type, region): adds, updates in place (the id stays, so
    // scenarios' links survive) or leaves an identical row alone.
    UpsertResult saveOffer(const CloudOffer &offer, std::optional<qint64> sheetId = {});
    // All in one transaction; join an outer WriteTransaction to make a whole import atomic.
    OfferCounts saveOffers(
        const std::vector<CloudOffer> &offers, std::optional<qint64> sheetId = {});
    void removeOffer(qint64 id);
    // Writes a recorded change (ChangeRecorder) again, or takes it back (`invert`), in one
    // transaction. Throws InputError, changing nothing, when the catalog has changed since in a
    // way that conflicts with it.
    void applyChangeset(const QByteArray &changeset, bool invert);
    // The yearly change of a plan's price seen in this document (docs/model.md, "Observed price
    // trends"): one offer's, from its current price and the ones it had before (schema 8), and
    // a GPU's, the median over its offers that have any. None when the dates are too few or too
    // close together.
    std::vector<PricePoint> priceHistory(qint64 offerId, PricingPlan plan);
    std::optional<ObservedTrend> observedOfferTrend(qint64 offerId, PricingPlan plan);
    std::optional<ObservedTrend> observedGpuTrend(const QString &gpu, PricingPlan plan);
    // Distinct values for filter choices.
    QStringList providers();
    QStringList regions();

    qint64 recordSheet(const SheetRecord &sheet);
    void updateSheetCounts(qint64 sheetId, const SheetRecord &counts);
    std::vector<SheetRecord> sheets(); // newest first

private:
    // Records that the catalog changed, for the views (documentchange.h).
    void catalogChanged();
    UpsertResult upsertOffer(const CloudOffer &offer, std::optional<qint64> sheetId);
    // The ids of the list `query` (a SELECT id … ORDER BY …) describes, from the cache when the
    // document has not changed since.
    const std::vector<qint64> &orderedIds(const std::string &query, const std::string &bindingsKey,
                                          const std::function<void(SQLite::Statement &)> &bind);

    struct OrderCache {
        std::string key;         // query and bindings
        qint64 dataVersion = -1; // PRAGMA data_version: commits by other connections
        qint64 ownChanges = -1;  // rows this connection has changed
        std::vector<qint64> ids;
    };

    Connection &m_connection;
    OrderCache m_order;
};

} // namespace breakeven
