#include "offerwriter.h"

#include "store/connection.h"
#include "store/rows.h"

#include <SQLiteCpp/Exception.h>
#include <sqlite3.h>

#include <QStringList>

#include <algorithm>
#include <iterator>
#include <limits>
#include <tuple>

namespace breakeven {

namespace {

static_assert(std::tuple_size_v<WrittenPrices> == rows::kOfferPriceCount);

// The parameter of each price column (rows::kOfferPriceColumns) in rows::kOfferColumns' order.
constexpr int kPriceParameters[rows::kOfferPriceCount] = {10, 11, 12, 13, 17, 18};

// Parameters ?1..?18 follow rows::kOfferColumns, so bindOffer binds the lookup too. Source and
// date are compared as the offers have them: '' is the sheet's, the stored offer's sheet for
// the stored one and this import's (?20, ?21, bound once) for the new one. Only the prices the
// sheet carries are compared: the others stay as they are.
std::string findSql(const WrittenPrices &written)
{
    std::string prices;
    for (int i = 0; i < rows::kOfferPriceCount; ++i)
        if (written[std::size_t(i)])
            prices += std::string(" AND ") + rows::kOfferPriceColumns[i] + " IS ?" + std::to_string(kPriceParameters[i]);
    return "SELECT id, (category IS ?2 AND gpu IS ?4 AND gpu_count IS ?5 AND vcpus IS ?6 AND memory_gib IS ?7"
           " AND currency IS ?9" + prices
        + " AND url IS ?15 AND " + rows::kOfferSource + " IS (CASE WHEN ?14 = '' THEN ?20 ELSE ?14 END)"
          " AND " + rows::kOfferAsOf + " IS (CASE WHEN ?16 = '' THEN ?21 ELSE ?16 END))"
          " FROM cloud_offers WHERE " + rows::offerKeyMatch(1, 3, 8);
}
constexpr int kFindSheetSource = 20;
constexpr int kFindSheetAsOf = 21;

// A conflict is not an error here: it is a key already there, looked up afterwards. SQLite gives
// each new row the id one past the largest, so the rows of one statement get consecutive ids.
// The batch ignores a row that breaks any rule, not only the key's: a statement that cannot
// stop halfway needs no statement journal, which would copy every page the statement changes
// (so would an immediate foreign key check: the import runs with them off). A row it ignored
// and the document does not have is inserted alone, which reports the rule it breaks.
constexpr int kInsertParameters = rows::kOfferColumnCount + 1; // and the sheet's id

std::string insertSql(int rowCount)
{
    const std::string row = "(" + rows::placeholders(kInsertParameters) + ")";
    if (rowCount == 1)
        return "INSERT INTO cloud_offers (" + rows::kOfferColumns + ", sheet_id) VALUES " + row
            + " ON CONFLICT (" + rows::kOfferKey + ") DO NOTHING";
    std::string sql = "INSERT OR IGNORE INTO cloud_offers (" + rows::kOfferColumns + ", sheet_id) VALUES ";
    for (int i = 0; i < rowCount; ++i)
        sql += (i ? ", " : "") + row;
    return sql;
}

// Sets every column of rows::kOfferColumns (?1..?18) but the prices the sheet does not carry,
// then the sheet's id (?19) of the offer ?20.
std::string updateSql(const WrittenPrices &written)
{
    std::string sql = "UPDATE cloud_offers SET ";
    const QStringList columns = QString::fromStdString(rows::kOfferColumns).split(QLatin1Char(','));
    for (int parameter = 1; parameter <= columns.size(); ++parameter) {
        const auto price = std::find(std::begin(kPriceParameters), std::end(kPriceParameters), parameter);
        if (price != std::end(kPriceParameters) && !written[std::size_t(price - std::begin(kPriceParameters))])
            continue;
        sql += columns[parameter - 1].trimmed().toStdString() + " = ?" + std::to_string(parameter) + ", ";
    }
    return sql + "sheet_id = ?" + std::to_string(rows::kOfferColumnCount + 1) + " WHERE id = ?"
        + std::to_string(rows::kOfferColumnCount + 2);
}

constexpr qint64 kDenseIdLimit = qint64(1) << 26;

// Text columns in the order of EncodedOffer, with their 1-based parameter.
constexpr int kTextParameters[EncodedOffer::kTextColumns] = {1, 2, 3, 4, 8, 9, 14, 15, 16};

void bindPrice(sqlite3_stmt *statement, int index, const std::optional<double> &price)
{
    if (price)
        sqlite3_bind_double(statement, index, *price);
    else
        sqlite3_bind_null(statement, index);
}

bool cheaper(const EncodedOffer &a, const EncodedOffer &b)
{
    const double pa = headlinePrice(a);
    const double pb = headlinePrice(b);
    const double inf = std::numeric_limits<double>::infinity();
    return pa < pb || (pa == pb && a.spot.value_or(inf) < b.spot.value_or(inf));
}

} // namespace

RawStatement::RawStatement(sqlite3 *database, const std::string &sql) : m_database(database)
{
    check(sqlite3_prepare_v3(database, sql.c_str(), int(sql.size()), SQLITE_PREPARE_PERSISTENT, &m_statement,
                             nullptr));
}

RawStatement::~RawStatement()
{
    sqlite3_finalize(m_statement);
}

void RawStatement::check(int code) const
{
    if (code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE)
        throw SQLite::Exception(m_database, code);
}

bool RawStatement::step()
{
    const int code = sqlite3_step(m_statement);
    if (code == SQLITE_ROW)
        return true;
    if (code != SQLITE_DONE) {
        sqlite3_reset(m_statement);
        check(code);
    }
    return false;
}

void RawStatement::reset()
{
    sqlite3_reset(m_statement);
}

double headlinePrice(const EncodedOffer &offer)
{
    // CloudOffer::headlinePrice's rule, on the encoded prices; no price at all sorts last.
    const std::optional<double> prices[] = {offer.onDemand, offer.spot, offer.reserved1y, offer.reserved3y};
    static_assert(std::size(kHeadlinePlans) == std::size(prices));
    for (PricingPlan plan : kHeadlinePlans) {
        if (const std::optional<double> &p = prices[int(plan)])
            return *p;
    }
    return std::numeric_limits<double>::infinity();
}

OfferWriter::OfferWriter(Connection &connection, std::optional<qint64> sheetId, const WrittenPrices &written)
    : m_database(connection.database().getHandle())
    , m_sheetId(sheetId)
    , m_written(written)
    , m_find(m_database, findSql(written))
    , m_insert(m_database, insertSql(1))
    , m_insertBatch(m_database, insertSql(kBatchRows))
    , m_update(m_database, updateSql(written))
    , m_keepEarlier(m_database, rows::keepEarlierPrices(written))
    , m_kept(m_database, "SELECT on_demand, spot, reserved_1y, reserved_3y FROM cloud_offers WHERE id = ?")
{
    RawStatement last(m_database, "SELECT coalesce(max(id), 0) FROM cloud_offers");
    if (last.step())
        m_lastId = sqlite3_column_int64(last.get(), 0);
    if (m_sheetId) {
        RawStatement sheet(m_database, "SELECT source, as_of FROM sheets WHERE id = ?");
        sqlite3_bind_int64(sheet.get(), 1, *m_sheetId);
        if (sheet.step()) {
            const auto text = [&](int column) {
                return QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(sheet.get(), column)),
                                         sqlite3_column_bytes(sheet.get(), column));
            };
            m_sheetSource = text(0);
            m_sheetAsOf = text(1);
        }
    }
    // Bound as UTF-8 copies: they stay bound for the statement's life.
    m_find.check(sqlite3_bind_text(m_find.get(), kFindSheetSource, m_sheetSource.toUtf8().constData(), -1,
                                   SQLITE_TRANSIENT));
    m_find.check(sqlite3_bind_text(m_find.get(), kFindSheetAsOf, m_sheetAsOf.toUtf8().constData(), -1,
                                   SQLITE_TRANSIENT));
    m_batch.reserve(kBatchRows);
}

OfferWriter::~OfferWriter() = default;

OfferWriter::Seen OfferWriter::seen(qint64 offerId) const
{
    if (offerId >= 0 && offerId < kDenseIdLimit) {
        if (std::size_t(offerId) >= m_seenLine.size())
            return {};
        return {m_seenLine[std::size_t(offerId)], UpsertResult(m_seenResult[std::size_t(offerId)])};
    }
    const auto it = m_sparse.find(offerId);
    return it == m_sparse.end() ? Seen{} : it->second;
}

void OfferWriter::remember(qint64 offerId, qint64 line, UpsertResult result)
{
    const Seen record{std::uint32_t(std::clamp<qint64>(line, 1, std::numeric_limits<std::uint32_t>::max())), result};
    if (offerId >= 0 && offerId < kDenseIdLimit) {
        const std::size_t at = std::size_t(offerId);
        if (at >= m_seenLine.size()) {
            const std::size_t size = std::max<std::size_t>(at + 1, m_seenLine.size() * 3 / 2);
            m_seenLine.resize(size);
            m_seenResult.resize(size);
        }
        m_seenLine[at] = record.line;
        m_seenResult[at] = std::uint8_t(record.result);
        return;
    }
    m_sparse[offerId] = record;
}

// The prices of the offer kept for a key, as the document has them now; those of columns the
// sheet does not carry are left out, as they are of the sheet's offer.
std::pair<double, double> OfferWriter::keptPrice(qint64 offerId)
{
    sqlite3_stmt *statement = m_kept.get();
    sqlite3_bind_int64(statement, 1, offerId);
    EncodedOffer kept;
    if (m_kept.step()) {
        const auto price = [&](int column) -> std::optional<double> {
            if (!m_written[std::size_t(column)] || sqlite3_column_type(statement, column) == SQLITE_NULL)
                return std::nullopt;
            return sqlite3_column_double(statement, column);
        };
        kept.onDemand = price(0);
        kept.spot = price(1);
        kept.reserved1y = price(2);
        kept.reserved3y = price(3);
    }
    m_kept.reset();
    return {headlinePrice(kept), kept.spot.value_or(std::numeric_limits<double>::infinity())};
}

void OfferEncoder::inheritFromSheet(const QString &source, const QString &asOf)
{
    // Empty stays written as it is: '' already reads as the sheet's.
    m_inherited[EncodedOffer::Source] = source.isEmpty() ? QString() : source;
    m_inherited[EncodedOffer::AsOf] = asOf.isEmpty() ? QString() : asOf;
    for (Cached &cached : m_cache)
        cached = {};
}

void OfferEncoder::encode(const CloudOffer &offer, EncodedOffer &out)
{
    const QString category = toString(offer.category);
    const QString *texts[EncodedOffer::kTextColumns] = {&offer.provider, &category,     &offer.instanceType,
                                                        &offer.gpu,      &offer.region, &offer.currency,
                                                        &offer.source,   &offer.url,    &offer.asOf};
    qsizetype size = 0;
    for (int i = 0; i < EncodedOffer::kTextColumns; ++i) {
        Cached &cached = m_cache[i];
        const QString &text = *texts[i];
        // The same string as before (shared, or equal) keeps its UTF-8.
        const bool shared = text.constData() == cached.text.constData() && text.size() == cached.text.size();
        if (!shared && text != cached.text) {
            cached.text = text;
            const QString &inherited = m_inherited[i];
            cached.utf8 = !inherited.isNull() && text == inherited ? QByteArray() : text.toUtf8();
        }
        size += cached.utf8.size();
    }
    out.bytes.clear();
    out.bytes.reserve(size);
    for (int i = 0; i < EncodedOffer::kTextColumns; ++i) {
        out.starts[i] = int(out.bytes.size());
        out.bytes.append(m_cache[i].utf8.constData(), m_cache[i].utf8.size());
    }
    out.starts[EncodedOffer::kTextColumns] = int(out.bytes.size());
    out.gpuCount = offer.gpuCount;
    out.vcpus = offer.vcpus;
    out.memoryGiB = offer.memoryGiB;
    out.onDemand = offer.onDemand;
    out.spot = offer.spot;
    out.reserved1y = offer.reserved1y;
    out.reserved3y = offer.reserved3y;
    out.reserved1yUpfront = offer.reserved1yUpfront;
    out.reserved3yUpfront = offer.reserved3yUpfront;
}

// The texts are bound in place: `offer` must stay alive until the statement is reset.
void OfferWriter::bindOffer(RawStatement &target, const EncodedOffer &offer, bool withSheet)
{
    sqlite3_stmt *statement = target.get();
    for (int i = 0; i < EncodedOffer::kTextColumns; ++i)
        target.check(sqlite3_bind_text(statement, kTextParameters[i],
                                       offer.bytes.constData() + offer.starts[i],
                                       offer.starts[i + 1] - offer.starts[i], SQLITE_STATIC));
    sqlite3_bind_int(statement, 5, offer.gpuCount);
    sqlite3_bind_double(statement, 6, offer.vcpus);
    sqlite3_bind_double(statement, 7, offer.memoryGiB);
    bindPrice(statement, 10, offer.onDemand);
    bindPrice(statement, 11, offer.spot);
    bindPrice(statement, 12, offer.reserved1y);
    bindPrice(statement, 13, offer.reserved3y);
    bindPrice(statement, 17, offer.reserved1yUpfront);
    bindPrice(statement, 18, offer.reserved3yUpfront);
    if (!withSheet)
        return;
    if (m_sheetId)
        sqlite3_bind_int64(statement, rows::kOfferColumnCount + 1, *m_sheetId);
    else
        sqlite3_bind_null(statement, rows::kOfferColumnCount + 1);
}

void OfferWriter::bindBatchRow(int slot, const EncodedOffer &offer)
{
    sqlite3_stmt *statement = m_insertBatch.get();
    const int first = slot * kInsertParameters;
    HeldRow &held = m_held[std::size_t(slot)];
    for (int i = 0; i < EncodedOffer::kTextColumns; ++i) {
        const QByteArrayView text = offer.text(EncodedOffer::Text(i));
        QByteArray &copy = held.texts[i];
        if (held.known && text == copy)
            continue;
        copy.resize(text.size()); // in place: the copy is never shared
        std::memcpy(copy.data(), text.data(), std::size_t(text.size()));
        m_insertBatch.check(sqlite3_bind_text(statement, first + kTextParameters[i], copy.constData(),
                                              int(copy.size()), SQLITE_STATIC));
    }
    const std::optional<double> numbers[HeldRow::kNumbers] = {double(offer.gpuCount), offer.vcpus, offer.memoryGiB,
                                                              offer.onDemand,         offer.spot,  offer.reserved1y,
                                                              offer.reserved3y, offer.reserved1yUpfront,
                                                              offer.reserved3yUpfront};
    static constexpr int kNumberParameters[HeldRow::kNumbers] = {5, 6, 7, 10, 11, 12, 13, 17, 18};
    for (int n = 0; n < HeldRow::kNumbers; ++n) {
        if (held.known && held.same(n, numbers[n]))
            continue;
        if (n == 0)
            sqlite3_bind_int(statement, first + kNumberParameters[n], offer.gpuCount);
        else
            bindPrice(statement, first + kNumberParameters[n], numbers[n]);
        held.numbers[n] = numbers[n];
    }
    if (!held.known) {
        if (m_sheetId)
            sqlite3_bind_int64(statement, first + rows::kOfferColumnCount + 1, *m_sheetId);
        else
            sqlite3_bind_null(statement, first + rows::kOfferColumnCount + 1);
    }
    held.known = true;
}

OfferWriter::Outcome OfferWriter::add(EncodedOffer offer, qint64 line)
{
    Outcome outcome;
    // The same offer as the one waiting (rows::kOfferKey), compared on the encoded bytes.
    if (m_hasPending && offer.text(EncodedOffer::Region) == m_pending.text(EncodedOffer::Region)
        && offer.text(EncodedOffer::InstanceType) == m_pending.text(EncodedOffer::InstanceType)
        && offer.text(EncodedOffer::Provider) == m_pending.text(EncodedOffer::Provider)) {
        outcome.duplicate = true;
        outcome.firstLine = m_pendingLine;
        if (cheaper(offer, m_pending)) {
            m_pending = std::move(offer);
            outcome.replaced = true;
        }
        return outcome;
    }
    release();
    m_pending = std::move(offer);
    m_pendingLine = line;
    m_hasPending = true;
    outcome.firstLine = line;
    return outcome;
}

void OfferWriter::finish()
{
    release();
    flush();
}

void OfferWriter::release()
{
    if (!m_hasPending)
        return;
    m_hasPending = false;
    Queued queued{std::move(m_pending), m_pendingLine};
    if (m_conflictScore > kConflictScoreMax / 2) {
        flush();
        const Outcome outcome = writeOne(queued);
        if (sink)
            sink(queued.line, outcome);
        return;
    }
    m_batch.push_back(std::move(queued));
    if (m_batch.size() == std::size_t(kBatchRows))
        flush();
}

// Inserts the batch in one statement when it is full (else row by row, at the end of a sheet),
// then settles each key in order: an inserted one is added, any other is looked up.
void OfferWriter::flush()
{
    if (m_batch.empty())
        return;
    const int count = int(m_batch.size());
    const qint64 lastBefore = m_lastId;
    int insertedRows = 0;
    std::vector<qint64> ids(std::size_t(count), 0); // known when inserted row by row
    if (count == kBatchRows) {
        for (int i = 0; i < count; ++i)
            bindBatchRow(i, m_batch[std::size_t(i)].offer);
        m_insertBatch.step();
        m_insertBatch.reset();
        insertedRows = sqlite3_changes(m_database);
    } else {
        for (int i = 0; i < count; ++i) {
            bindOffer(m_insert, m_batch[std::size_t(i)].offer, true);
            m_insert.step();
            m_insert.reset();
            if (sqlite3_changes(m_database) > 0) {
                ids[std::size_t(i)] = sqlite3_last_insert_rowid(m_database);
                ++insertedRows;
            }
        }
    }
    if (insertedRows > 0)
        m_lastId = sqlite3_last_insert_rowid(m_database);
    const bool all = insertedRows == count;
    qint64 claimed = lastBefore; // the new ids are lastBefore + 1 ... m_lastId, in the batch's order
    for (int i = 0; i < count; ++i) {
        const Queued &queued = m_batch[std::size_t(i)];
        Outcome outcome;
        bool inserted = true;
        if (all) {
            outcome = added(lastBefore + 1 + i, queued.line);
        } else {
            // A row that met a key finds an older id, or one an earlier row of the batch took.
            if (!find(queued))
                refuse(queued.offer);
            const qint64 foundId = sqlite3_column_int64(m_find.get(), 0);
            const bool same = sqlite3_column_int(m_find.get(), 1) != 0;
            m_find.reset();
            inserted = ids[std::size_t(i)] != 0 ? ids[std::size_t(i)] == foundId : foundId > claimed;
            if (inserted) {
                claimed = std::max(claimed, foundId);
                outcome = added(foundId, queued.line);
            } else {
                outcome = update(queued.offer, queued.line, foundId, same);
            }
        }
        m_conflictScore = inserted ? std::max(m_conflictScore - 1, 0) : std::min(m_conflictScore + 1, kConflictScoreMax);
        if (sink)
            sink(queued.line, outcome);
    }
    m_batch.clear();
}

void OfferWriter::refuse(const EncodedOffer &offer)
{
    // Throws SQLite's own reason; the row was refused once already, so it is refused again.
    bindOffer(m_insert, offer, true);
    m_insert.step();
    m_insert.reset();
    throw SQLite::Exception(m_database, SQLITE_CONSTRAINT);
}

bool OfferWriter::find(const Queued &queued)
{
    bindOffer(m_find, queued.offer, false);
    if (m_find.step())
        return true;
    m_find.reset();
    return false;
}

OfferWriter::Outcome OfferWriter::added(qint64 id, qint64 line)
{
    remember(id, line, UpsertResult::Added);
    ++m_counts.added;
    Outcome outcome;
    outcome.result = UpsertResult::Added;
    outcome.firstLine = line;
    return outcome;
}

// While most keys are already there (a newer sheet of the same provider), the lookup goes first,
// so that each row costs one search of the key index.
OfferWriter::Outcome OfferWriter::writeOne(const Queued &queued)
{
    if (!find(queued)) {
        bindOffer(m_insert, queued.offer, true);
        m_insert.step();
        m_insert.reset();
        if (sqlite3_changes(m_database) == 0)
            m_insert.check(SQLITE_CONSTRAINT); // neither there nor insertable: another rule
        m_lastId = sqlite3_last_insert_rowid(m_database);
        m_conflictScore = std::max(m_conflictScore - 1, 0);
        return added(m_lastId, queued.line);
    }
    const qint64 id = sqlite3_column_int64(m_find.get(), 0);
    const bool same = sqlite3_column_int(m_find.get(), 1) != 0;
    m_find.reset();
    m_conflictScore = std::min(m_conflictScore + 1, kConflictScoreMax);
    return update(queued.offer, queued.line, id, same);
}

// The key is in the document: from before this import, or from an earlier row of the sheet.
OfferWriter::Outcome OfferWriter::update(const EncodedOffer &offer, qint64 line, qint64 id, bool same)
{
    Outcome outcome;
    const double price = headlinePrice(offer);
    const double spot = offer.spot.value_or(std::numeric_limits<double>::infinity());
    const auto store = [&] {
        sqlite3_stmt *keep = m_keepEarlier.get();
        sqlite3_bind_int64(keep, 1, id);
        const QByteArrayView asOf = offer.text(EncodedOffer::AsOf);
        m_keepEarlier.check(sqlite3_bind_text(keep, 2, asOf.data(), int(asOf.size()), SQLITE_STATIC));
        if (m_sheetId)
            sqlite3_bind_int64(keep, 3, *m_sheetId);
        else
            sqlite3_bind_null(keep, 3);
        // Only the prices written are compared (rows::keepEarlierPrices).
        const std::optional<double> *prices[rows::kOfferPriceCount] = {
            &offer.onDemand,   &offer.spot,
            &offer.reserved1y, &offer.reserved3y,
            &offer.reserved1yUpfront, &offer.reserved3yUpfront};
        for (int i = 0; i < rows::kOfferPriceCount; ++i)
            if (m_written[std::size_t(i)])
                bindPrice(keep, 4 + i, *prices[i]);
        m_keepEarlier.step();
        m_keepEarlier.reset();
        bindOffer(m_update, offer, true);
        sqlite3_bind_int64(m_update.get(), rows::kOfferColumnCount + 2, id);
        m_update.step();
        m_update.reset();
    };
    const Seen record = seen(id);
    if (record.line != 0) {
        // Another zone of the region, or the same key again: the lower price stands.
        outcome.duplicate = true;
        outcome.firstLine = record.line;
        outcome.result = record.result;
        const auto [keptPrice, keptSpot] = this->keptPrice(id);
        const bool lower = price < keptPrice || (price == keptPrice && spot < keptSpot);
        if (lower && !same) {
            store();
            outcome.replaced = true;
            if (record.result == UpsertResult::Unchanged) {
                --m_counts.unchanged;
                ++m_counts.updated;
                outcome.result = UpsertResult::Updated;
                remember(id, record.line, UpsertResult::Updated);
            }
        }
        return outcome;
    }

    outcome.firstLine = line;
    if (same) {
        remember(id, line, UpsertResult::Unchanged);
        ++m_counts.unchanged;
        outcome.result = UpsertResult::Unchanged;
        return outcome;
    }
    store();
    remember(id, line, UpsertResult::Updated);
    ++m_counts.updated;
    outcome.result = UpsertResult::Updated;
    return outcome;
}

} // namespace breakeven
