// Writes an import's offers into a document, inside the caller's transaction: prepared
// statements reused for every row, so that no SQL text is built per row.
// Keys are (provider, instance type, region), as in CatalogRepository; a key met again in the
// same sheet (availability zones of one region, or a plain repeat) keeps the lowest price.
// Zones of a region follow each other in real sheets, so the offer of the current key waits
// here until the key changes: the zones collapse before the document is compared or written,
// and a re-import finds every key unchanged. A repeat further away is settled in the document.
// New keys are inserted 32 to a statement, and looked up only when the statement met keys
// already there; while most keys are (a newer sheet of a provider the document has), each key
// is looked up first instead, one at a time.
// A sheet need not carry every price column (SkyPilot's publish on-demand and spot only): an
// offer it updates keeps the prices of the columns it lacks, compares only the prices it carries
// (all equal: unchanged) and keeps in its history only a change of those.
#pragma once

#include "domain.h"
#include "store/catalogrepository.h"

#include <QByteArray>
#include <QVarLengthArray>
#include <QString>

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <unordered_map>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace breakeven {

class Connection;

// A prepared statement bound through SQLite's C interface: SQLiteCpp copies every text it
// binds, which a million-row import pays for eight times per statement.
class RawStatement {
public:
    RawStatement(sqlite3 *database, const std::string &sql);
    ~RawStatement();
    RawStatement(const RawStatement &) = delete;
    RawStatement &operator=(const RawStatement &) = delete;

    sqlite3_stmt *get() const { return m_statement; }
    bool step();  // true when a row is available
    void reset();
    void check(int code) const; // throws SQLite::Exception, which Connection translates

private:
    sqlite3 *m_database;
    sqlite3_stmt *m_statement = nullptr;
};

// An offer as the writer binds it: its text columns as UTF-8 in one buffer, in the order of the
// insert's parameters, and its numbers. Made where the offer is validated, so that the thread
// writing the document only binds it.
struct EncodedOffer {
    enum Text { Provider, Category, InstanceType, Gpu, Region, Currency, Source, Url, AsOf, kTextColumns };
    // Most offers' texts fit in place, so that an offer is made, handed to the writing thread
    // and dropped there without a call to the allocator (one freed on another thread than the
    // one that allocated it slows both).
    QVarLengthArray<char, 192> bytes;
    int starts[kTextColumns + 1] = {};
    int gpuCount = 1;
    double vcpus = 0;
    double memoryGiB = 0;
    std::optional<double> onDemand;
    std::optional<double> spot;
    std::optional<double> reserved1y;
    std::optional<double> reserved3y;
    std::optional<double> reserved1yUpfront;
    std::optional<double> reserved3yUpfront;

    QByteArrayView text(Text column) const
    {
        return QByteArrayView(bytes.constData() + starts[column], starts[column + 1] - starts[column]);
    }
    QString string(Text column) const { return QString::fromUtf8(text(column)); }

    EncodedOffer() = default;
    EncodedOffer(const EncodedOffer &) = default;
    EncodedOffer(EncodedOffer &&) noexcept = default;
    EncodedOffer &operator=(const EncodedOffer &) = default;
    // Qt 6.4's QVarLengthArray loses its own heap buffer when another one is moved into it; an
    // offer moved onto one with texts longer than the inline buffer is destroyed and made anew.
    EncodedOffer &operator=(EncodedOffer &&other) noexcept
    {
        if (this != &other) {
            this->~EncodedOffer();
            new (this) EncodedOffer(std::move(other));
        }
        return *this;
    }
};

// Makes EncodedOffers. The texts most rows share (provider, GPU, source, date) and those that
// repeat from the row before are converted to UTF-8 once.
class OfferEncoder {
public:
    // A source or date equal to these is written as '': the offer reads its sheet's (schema 4).
    void inheritFromSheet(const QString &source, const QString &asOf);
    void encode(const CloudOffer &offer, EncodedOffer &out);

private:
    struct Cached {
        QString text;
        QByteArray utf8;
    };
    Cached m_cache[EncodedOffer::kTextColumns];
    QString m_inherited[EncodedOffer::kTextColumns]; // null: the column is written as it is
};

// The price columns a sheet carries: on-demand, spot, reserved 1y and 3y, and their upfront
// prices (rows::kOfferPriceColumns' order). A column it lacks is false.
using WrittenPrices = std::array<bool, 6>;
inline constexpr WrittenPrices kAllPrices = {true, true, true, true, true, true};

class OfferWriter {
public:
    OfferWriter(Connection &connection, std::optional<qint64> sheetId, const WrittenPrices &written = kAllPrices);
    ~OfferWriter();

    // The source and date of the sheet the offers link to; an offer with the same ones is
    // encoded with '' in their place (OfferEncoder::inheritFromSheet).
    const QString &sheetSource() const { return m_sheetSource; }
    const QString &sheetAsOf() const { return m_sheetAsOf; }

    struct Outcome {
        UpsertResult result = UpsertResult::Unchanged; // of the key so far
        bool duplicate = false;                        // the key appeared earlier in this sheet
        qint64 firstLine = 0;                          // where it first appeared
        bool replaced = false;                         // a duplicate with a lower price won
    };
    // Takes the next valid row. The outcome tells at once whether the row repeats the key of
    // the row before; the document's verdict on a key comes through the sink when it is written,
    // which may be up to a batch of keys later.
    Outcome add(EncodedOffer offer, qint64 line);
    // Writes the offers still waiting; call after the last row.
    void finish();
    // Called once per written key, in the sheet's order, with the line that started it and how
    // it was stored; `outcome.duplicate` is set when the key appeared earlier in the sheet, not
    // just before.
    std::function<void(qint64 line, const Outcome &outcome)> sink;

    // Offers per result, one count per key.
    const OfferCounts &counts() const { return m_counts; }

private:
    // What this import did with a key, by offer id; line 0: not met yet. The prices kept are
    // read back from the document when a key comes again, so a key costs 5 bytes here.
    struct Seen {
        std::uint32_t line = 0; // where the key first appeared
        UpsertResult result = UpsertResult::Unchanged;
    };
    struct Queued {
        EncodedOffer offer;
        qint64 line = 0;
    };
    static constexpr int kBatchRows = 32;
    void release();               // the key waiting for more zones goes to the batch
    void flush();                 // writes the batch
    Outcome writeOne(const Queued &queued);
    Outcome added(qint64 id, qint64 line);
    bool find(const Queued &queued);
    [[noreturn]] void refuse(const EncodedOffer &offer); // a row the batch ignored: SQLite's reason
    Outcome update(const EncodedOffer &offer, qint64 line, qint64 id, bool same);
    Seen seen(qint64 offerId) const;
    void remember(qint64 offerId, qint64 line, UpsertResult result);
    std::pair<double, double> keptPrice(qint64 offerId); // headline price and spot
    // Binds row `slot` of the batch statement, skipping what it still holds (see m_held).
    void bindBatchRow(int slot, const EncodedOffer &offer);
    // Binds parameters 1 .. 16, and with `withSheet` the sheet's id after them.
    void bindOffer(RawStatement &statement, const EncodedOffer &offer, bool withSheet);

    sqlite3 *m_database;
    std::optional<qint64> m_sheetId;
    WrittenPrices m_written;
    QString m_sheetSource;
    QString m_sheetAsOf;
    RawStatement m_find;
    RawStatement m_insert;      // one row
    RawStatement m_insertBatch; // kBatchRows rows
    RawStatement m_update;
    RawStatement m_keepEarlier; // rows::kKeepEarlierPrices, before each update
    RawStatement m_kept;
    // Rises with each key found already there, falls with each added; above half its maximum
    // the lookup goes before the insert.
    static constexpr int kConflictScoreMax = 64;
    int m_conflictScore = 0;
    qint64 m_lastId = 0; // the largest offer id: SQLite gives a new row the next one
    std::vector<Queued> m_batch;
    // A statement's parameters keep their values from one run to the next, and most values
    // repeat from one batch to the next (provider, source, date, GPU, counts, missing plans,
    // often the instance type). Each row of the batch statement keeps a copy of what it holds,
    // texts bound from the copy, and binds again only what changed; the sheet's id once.
    struct HeldRow {
        static constexpr int kNumbers = 9; // GPU count, vCPUs, memory, six prices
        QByteArray texts[EncodedOffer::kTextColumns];
        std::optional<double> numbers[kNumbers];
        bool known = false;
        bool same(int index, const std::optional<double> &value) const // bit for bit: -0.0 is not 0.0
        {
            const std::optional<double> &number = numbers[index];
            return number.has_value() == value.has_value()
                && (!number || std::memcmp(&*number, &*value, sizeof(double)) == 0);
        }
    };
    std::vector<HeldRow> m_held = std::vector<HeldRow>(kBatchRows);
    // Offer ids are dense, so vectors indexed by id are the smallest record of what this sheet
    // has touched; the map catches ids far beyond (a document with deleted high ids).
    std::vector<std::uint32_t> m_seenLine;
    std::vector<std::uint8_t> m_seenResult;
    std::unordered_map<qint64, Seen> m_sparse;
    OfferCounts m_counts;
    EncodedOffer m_pending;
    qint64 m_pendingLine = 0;
    bool m_hasPending = false;
};

// The price duplicates are compared by: on-demand, else the cheapest other plan.
double headlinePrice(const EncodedOffer &offer);

} // namespace breakeven
