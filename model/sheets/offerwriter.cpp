#include "offerwriter.h"

#include "store/connection.h"
#include "store/rows.h"

#include <SQLiteCpp/Exception.h>
#include <sqlite3.h>

#include <algorithm>
#include <limits>

namespace breakeven {

namespace {

// Parameters ?1..?16 follow rows::kOfferColumns, so bindOffer binds the lookup too.
const std::string kFind =
    "SELECT id, (category IS ?2 AND gpu IS ?4 AND gpu_count IS ?5 AND vcpus IS ?6 AND memory_gib IS ?7"
    " AND currency IS ?9 AND on_demand IS ?10 AND spot IS ?11 AND reserved_1y IS ?12 AND reserved_3y IS ?13"
    " AND source IS ?14 AND url IS ?15 AND as_of IS ?16)"
    " FROM cloud_offers WHERE provider = ?1 AND instance_type = ?3 AND region = ?8";

// A conflict is not an error here: it is a key this sheet wrote already, looked up afterwards.
const std::string kInsert = "INSERT INTO cloud_offers (" + rows::kOfferColumns + ", sheet_id) VALUES ("
    + rows::placeholders(rows::kOfferColumnCount + 1) + ") ON CONFLICT (provider, instance_type, region) DO NOTHING";

const std::string kUpdate = "UPDATE cloud_offers SET " + rows::assignments(rows::kOfferColumns)
    + ", sheet_id = ? WHERE id = ?";

constexpr qint64 kDenseIdLimit = qint64(1) << 26;

// Text columns in the order of EncodedText slots, with their 1-based parameter.
constexpr int kTextParameters[OfferWriter::kTextColumns] = {1, 2, 3, 4, 8, 9, 14, 15, 16};

void bindPrice(sqlite3_stmt *statement, int index, const std::optional<double> &price)
{
    if (price)
        sqlite3_bind_double(statement, index, *price);
    else
        sqlite3_bind_null(statement, index);
}

bool cheaper(const CloudOffer &a, const CloudOffer &b)
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

double headlinePrice(const CloudOffer &offer)
{
    if (offer.onDemand)
        return *offer.onDemand;
    double price = std::numeric_limits<double>::infinity();
    for (const auto &p : {offer.spot, offer.reserved1y, offer.reserved3y})
        if (p)
            price = std::min(price, *p);
    return price;
}

OfferWriter::OfferWriter(Connection &connection, std::optional<qint64> sheetId)
    : m_database(connection.database().getHandle())
    , m_sheetId(sheetId)
    , m_find(m_database, kFind)
    , m_insert(m_database, kInsert)
    , m_update(m_database, kUpdate)
{
}

OfferWriter::~OfferWriter() = default;

OfferWriter::Seen &OfferWriter::seen(qint64 offerId)
{
    if (offerId >= 0 && offerId < kDenseIdLimit) {
        if (std::size_t(offerId) >= m_seen.size())
            m_seen.resize(std::max<std::size_t>(std::size_t(offerId) + 1, m_seen.size() * 3 / 2));
        return m_seen[std::size_t(offerId)];
    }
    return m_sparse[offerId];
}

void OfferWriter::encode(const CloudOffer &offer)
{
    const QString categoryName = toString(offer.category);
    const QString *texts[kTextColumns] = {&offer.provider, &categoryName,  &offer.instanceType,
                                          &offer.gpu,      &offer.region,  &offer.currency,
                                          &offer.source,   &offer.url,     &offer.asOf};
    for (int i = 0; i < kTextColumns; ++i) {
        EncodedText &slot = m_text[i];
        if (slot.valid && slot.text == *texts[i])
            continue;
        slot.text = *texts[i];
        slot.bytes = texts[i]->toUtf8();
        slot.valid = true;
    }
}

// Binds the offer last encoded; the texts stay in m_text until the next encode().
void OfferWriter::bindOffer(RawStatement &target, const CloudOffer &offer, bool withSheet)
{
    sqlite3_stmt *statement = target.get();
    for (int i = 0; i < kTextColumns; ++i)
        target.check(sqlite3_bind_text(statement, kTextParameters[i], m_text[i].bytes.constData(),
                                       int(m_text[i].bytes.size()), SQLITE_STATIC));
    sqlite3_bind_int(statement, 5, offer.gpuCount);
    sqlite3_bind_double(statement, 6, offer.vcpus);
    sqlite3_bind_double(statement, 7, offer.memoryGiB);
    bindPrice(statement, 10, offer.onDemand);
    bindPrice(statement, 11, offer.spot);
    bindPrice(statement, 12, offer.reserved1y);
    bindPrice(statement, 13, offer.reserved3y);
    if (!withSheet)
        return;
    if (m_sheetId)
        sqlite3_bind_int64(statement, rows::kOfferColumnCount + 1, *m_sheetId);
    else
        sqlite3_bind_null(statement, rows::kOfferColumnCount + 1);
}

OfferWriter::Outcome OfferWriter::add(const CloudOffer &offer, qint64 line)
{
    Outcome outcome;
    if (m_hasPending && offer.region == m_pending.region && offer.instanceType == m_pending.instanceType
        && offer.provider == m_pending.provider) {
        outcome.duplicate = true;
        outcome.firstLine = m_pendingLine;
        if (cheaper(offer, m_pending)) {
            m_pending = offer;
            outcome.replaced = true;
        }
        return outcome;
    }
    finish();
    m_pending = offer;
    m_pendingLine = line;
    m_hasPending = true;
    outcome.firstLine = line;
    return outcome;
}

void OfferWriter::finish()
{
    if (!m_hasPending)
        return;
    m_hasPending = false;
    const Outcome outcome = write(m_pending, m_pendingLine);
    if (sink)
        sink(m_pendingLine, outcome);
}

OfferWriter::Outcome OfferWriter::write(const CloudOffer &offer, qint64 line)
{
    encode(offer);
    const auto find = [&] {
        bindOffer(m_find, offer, false);
        if (m_find.step())
            return true;
        m_find.reset();
        return false;
    };
    const auto insert = [&] {
        bindOffer(m_insert, offer, true);
        m_insert.step();
        m_insert.reset();
        return sqlite3_changes(m_database) > 0;
    };
    // The insert either adds the key or meets one already there, which the lookup then finds.
    // While most keys are already there (a newer sheet of the same provider), the lookup goes
    // first instead, so that each row costs one search of the key index either way.
    bool found = false;
    if (m_conflictScore > kConflictScoreMax / 2) {
        found = find();
        if (!found && !insert())
            m_insert.check(SQLITE_CONSTRAINT); // neither there nor insertable: another rule
    } else if (!insert()) {
        found = find();
        if (!found)
            m_insert.check(SQLITE_CONSTRAINT);
    }
    m_conflictScore = found ? std::min(m_conflictScore + 1, kConflictScoreMax) : std::max(m_conflictScore - 1, 0);
    if (!found) {
        const qint64 id = sqlite3_last_insert_rowid(m_database);
        const double spot = offer.spot.value_or(std::numeric_limits<double>::infinity());
        seen(id) = {headlinePrice(offer), spot, line, UpsertResult::Added, true};
        ++m_counts.added;
        Outcome outcome;
        outcome.result = UpsertResult::Added;
        outcome.firstLine = line;
        return outcome;
    }
    const qint64 id = sqlite3_column_int64(m_find.get(), 0);
    const bool same = sqlite3_column_int(m_find.get(), 1) != 0;
    m_find.reset();
    return update(offer, line, id, same);
}

// The key is in the document: from before this import, or from an earlier row of the sheet.
OfferWriter::Outcome OfferWriter::update(const CloudOffer &offer, qint64 line, qint64 id, bool same)
{
    Outcome outcome;
    const double price = headlinePrice(offer);
    const double spot = offer.spot.value_or(std::numeric_limits<double>::infinity());
    const auto store = [&] {
        bindOffer(m_update, offer, true);
        sqlite3_bind_int64(m_update.get(), rows::kOfferColumnCount + 2, id);
        m_update.step();
        m_update.reset();
    };
    Seen &record = seen(id);
    if (record.used) {
        // Another zone of the region, or the same key again: the lower price stands.
        outcome.duplicate = true;
        outcome.firstLine = record.line;
        const bool lower = price < record.price || (price == record.price && spot < record.spot);
        if (lower && !same) {
            store();
            record.price = price;
            record.spot = spot;
            outcome.replaced = true;
            if (record.result == UpsertResult::Unchanged) {
                --m_counts.unchanged;
                ++m_counts.updated;
                record.result = UpsertResult::Updated;
            }
        }
        outcome.result = record.result;
        return outcome;
    }

    outcome.firstLine = line;
    if (same) {
        record = {price, spot, line, UpsertResult::Unchanged, true};
        ++m_counts.unchanged;
        outcome.result = UpsertResult::Unchanged;
        return outcome;
    }
    store();
    record = {price, spot, line, UpsertResult::Updated, true};
    ++m_counts.updated;
    outcome.result = UpsertResult::Updated;
    return outcome;
}

} // namespace breakeven
