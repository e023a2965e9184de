// The document's models served per token (schema 17): the API offers the catalog lists beside the
// cloud offers, that an API option is made from, and that `recommend` ranks for a serving workload.
// A document gets the bundled ones (pricing-db/api-offers.csv) with schema 17, new or upgraded; a
// sheet of API prices adds and updates them. An offer is one provider's model id; written at another date with other
// prices, it keeps the prices it had under their own date, as a cloud offer does (schema 8).
#pragma once

#include "catalog/apioffers.h"
#include "catalogrepository.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace breakeven {

class Connection;

struct StoredApiOffer {
    qint64 id = 0;
    ApiOffer offer;
    std::optional<qint64> sheetId;       // the sheet that last wrote it; none once that is removed
    std::optional<qint64> priceAgeDays;  // from offer.asOf to today; none when it is not a date
};

// The prices an API offer had from a date on, per million tokens in the offer's currency.
struct ApiPricePoint {
    QString asOf; // ISO date
    double inputPerMillion = 0;
    double outputPerMillion = 0;
    std::optional<double> cachedInputPerMillion;
};

class ApiOfferRepository {
public:
    explicit ApiOfferRepository(Connection &connection);

    // Every API offer, by provider, then model.
    std::vector<StoredApiOffer> offers();
    std::optional<StoredApiOffer> offer(qint64 id);
    // The offer of `provider` with this API model id, if the document has it.
    std::optional<StoredApiOffer> find(const QString &provider, const QString &apiModelId);
    qint64 offerCount();
    QStringList providers(); // distinct, sorted

    // The offer's prices, oldest first, its current ones last; one point for an offer never
    // repriced, none for an unknown id.
    std::vector<ApiPricePoint> priceHistory(qint64 offerId);

    // Keyed by (provider, API model id; the model's name when the id is empty): adds, updates in
    // place (the id stays) or leaves an identical row alone. Prices under another date than the
    // offer's are kept in its history first.
    UpsertResult saveOffer(const ApiOffer &offer, std::optional<qint64> sheetId = {});
    // All in one transaction; join an outer write to make a whole import atomic.
    OfferCounts saveOffers(const std::vector<ApiOffer> &offers, std::optional<qint64> sheetId = {});
    // Removes the offer and its history.
    void removeOffer(qint64 id);

private:
    UpsertResult upsert(const ApiOffer &offer, std::optional<qint64> sheetId);
    void catalogChanged();

    Connection &m_connection;
};

} // namespace breakeven
