// The api_offers row (schema 17) and how one offer is written, shared by ApiOfferRepository and the
// upgrade step that seeds the bundled offers, which runs before a document has a Connection.
#pragma once

#include "catalog/apioffers.h"
#include "catalogrepository.h"

#include <SQLiteCpp/Statement.h>
#include <cstdint>
#include <optional>
#include <string>

namespace breakeven::apirows {

inline const std::string kColumns
    = "provider, model, served_model, api_model_id, input_per_mtok, output_per_mtok, cached_input_per_mtok, "
      "currency, requests_per_minute, tokens_per_minute, source, url, as_of";
inline constexpr int kColumnCount = 13;

// The offer as it is stored: an empty API model id is the model's name (the key needs one).
ApiOffer keyed(ApiOffer offer);
bool sameOffer(const ApiOffer &a, const ApiOffer &b);

void bind(SQLite::Statement &statement, int first, const ApiOffer &offer);
// Reads kColumns from `first`; a negative price or a rate limit below 0 reads as damage.
ApiOffer read(const SQLite::Statement &statement, int first);

inline const std::string kFind
    = "SELECT id, " + kColumns + " FROM api_offers WHERE provider = ?1 AND api_model_id = ?2";
inline const std::string kInsert
    = "INSERT INTO api_offers (" + kColumns + ", sheet_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
inline const std::string kUpdate
    = "UPDATE api_offers SET provider = ?, model = ?, served_model = ?, api_model_id = ?, input_per_mtok = ?,"
      " output_per_mtok = ?, cached_input_per_mtok = ?, currency = ?, requests_per_minute = ?,"
      " tokens_per_minute = ?, source = ?, url = ?, as_of = ?, sheet_id = ? WHERE id = ?";
// Keeps the offer's prices under their date before a write gives it other prices under another
// date. ?1: its id; ?2: the date the write gives it; ?3 to ?5: the input, output and cached-input
// prices it gives. The same prices under a later date keep nothing: the history holds changes.
inline const std::string kKeepEarlierPrices
    = "INSERT OR REPLACE INTO api_offer_prices (offer_id, as_of, input_per_mtok, output_per_mtok,"
      " cached_input_per_mtok) SELECT id, as_of, input_per_mtok, output_per_mtok, cached_input_per_mtok"
      " FROM api_offers WHERE id = ?1 AND as_of <> '' AND as_of IS NOT ?2"
      " AND NOT (input_per_mtok IS ?3 AND output_per_mtok IS ?4 AND cached_input_per_mtok IS ?5)";

// Adds, updates in place or leaves alone the offer keyed by (provider, API model id), keeping
// its earlier prices. `prepare(sql)` gives a statement (a cached one, or a fresh one during an
// upgrade) that can be dereferenced to SQLite::Statement.
template <typename Prepare>
UpsertResult upsert(Prepare &&prepare, const ApiOffer &given, std::optional<qint64> sheetId)
{
    const ApiOffer offer = keyed(given);
    const auto bindSheet = [&](SQLite::Statement &s, int index) {
        if (sheetId)
            s.bind(index, static_cast<std::int64_t>(*sheetId));
        else
            s.bind(index);
    };
    std::optional<std::int64_t> existing;
    {
        auto find = prepare(kFind);
        (*find).bind(1, offer.provider.toStdString());
        (*find).bind(2, offer.apiModelId.toStdString());
        if ((*find).executeStep()) {
            if (sameOffer(read(*find, 1), offer))
                return UpsertResult::Unchanged;
            existing = (*find).getColumn(0).getInt64();
        }
    }
    if (!existing) {
        auto insert = prepare(kInsert);
        bind(*insert, 1, offer);
        bindSheet(*insert, kColumnCount + 1);
        (*insert).exec();
        return UpsertResult::Added;
    }
    {
        auto keep = prepare(kKeepEarlierPrices);
        (*keep).bind(1, *existing);
        (*keep).bind(2, offer.asOf.toStdString());
        (*keep).bind(3, offer.inputPerMillion);
        (*keep).bind(4, offer.outputPerMillion);
        if (offer.cachedInputPerMillion)
            (*keep).bind(5, *offer.cachedInputPerMillion);
        else
            (*keep).bind(5);
        (*keep).exec();
    }
    auto update = prepare(kUpdate);
    bind(*update, 1, offer);
    bindSheet(*update, kColumnCount + 1);
    (*update).bind(kColumnCount + 2, *existing);
    (*update).exec();
    return UpsertResult::Updated;
}

} // namespace breakeven::apirows
