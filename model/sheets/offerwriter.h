// Writes an import's offers into a document, inside the caller's transaction: one prepared
// lookup, insert and update statement reused for every row, so that a million-row sheet costs
// three statement executions per row at most and no SQL text is built per row.
// Keys are (provider, instance type, region), as in CatalogRepository; a key met again in the
// same sheet (availability zones of one region, or a plain repeat) keeps the lowest price.
// Zones of a region follow each other in real sheets, so the offer of the current key waits
// here until the key changes: the zones collapse before the document is compared or written,
// and a re-import finds every key unchanged. A repeat further away is settled in the document.
#pragma once

#include "domain.h"
#include "store/catalogrepository.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

namespace breakeven {

class Connection;

class OfferWriter {
public:
    OfferWriter(Connection &connection, std::optional<qint64> sheetId);

    struct Outcome {
        UpsertResult result = UpsertResult::Unchanged; // of the key so far
        bool duplicate = false;                        // the key appeared earlier in this sheet
        qint64 firstLine = 0;                          // where it first appeared
        bool replaced = false;                         // a duplicate with a lower price won
    };
    // Takes the next valid row. The outcome tells at once whether the row repeats the key of
    // the row before; the document's verdict on a key comes through the sink when it is written.
    Outcome add(const CloudOffer &offer, qint64 line);
    // Writes the offer still waiting; call after the last row.
    void finish();
    // Called once per written key with the line that started it and how it was stored;
    // `outcome.duplicate` is set when the key appeared earlier in the sheet, not just before.
    std::function<void(qint64 line, const Outcome &outcome)> sink;

    // Offers per result, one count per key.
    const OfferCounts &counts() const { return m_counts; }

private:
    struct Seen {
        double price = 0;    // headline price kept for the key
        double spot = 0;     // breaks ties between zones with the same headline price
        qint64 line = 0;
        UpsertResult result = UpsertResult::Unchanged;
        bool used = false;
    };
    Outcome write(const CloudOffer &offer, qint64 line);
    Seen &seen(qint64 offerId);
    void bindOffer(SQLite::Statement &statement, const CloudOffer &offer);

    SQLite::Database &m_database;
    std::optional<qint64> m_sheetId;
    SQLite::Statement m_find;
    SQLite::Statement m_insert;
    SQLite::Statement m_update;
    // Offer ids are dense, so a vector indexed by id is the smallest record of what this sheet
    // has touched; the map catches ids far beyond (a document with deleted high ids).
    std::vector<Seen> m_seen;
    std::unordered_map<qint64, Seen> m_sparse;
    OfferCounts m_counts;
    CloudOffer m_pending;
    qint64 m_pendingLine = 0;
    bool m_hasPending = false;
};

// The price duplicates are compared by: on-demand, else the cheapest other plan.
double headlinePrice(const CloudOffer &offer);

} // namespace breakeven
