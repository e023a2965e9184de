#include "offerwriter.h"

#include "store/connection.h"
#include "store/rows.h"

#include <algorithm>
#include <limits>

namespace breakeven {

namespace {

// Parameters ?1..?16 follow rows::kOfferColumns, so rows::bindOffer binds the lookup too.
const std::string kFind =
    "SELECT id, (category IS ?2 AND gpu IS ?4 AND gpu_count IS ?5 AND vcpus IS ?6 AND memory_gib IS ?7"
    " AND currency IS ?9 AND on_demand IS ?10 AND spot IS ?11 AND reserved_1y IS ?12 AND reserved_3y IS ?13"
    " AND source IS ?14 AND url IS ?15 AND as_of IS ?16)"
    " FROM cloud_offers WHERE provider = ?1 AND instance_type = ?3 AND region = ?8";

constexpr qint64 kDenseIdLimit = qint64(1) << 26;


} // namespace

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
    : m_database(connection.database())
    , m_sheetId(sheetId)
    , m_find(connection.database(), kFind)
    , m_insert(connection.database(),
               "INSERT INTO cloud_offers (" + rows::kOfferColumns + ", sheet_id) VALUES ("
                   + rows::placeholders(rows::kOfferColumnCount + 1) + ")")
    , m_update(connection.database(),
               "UPDATE cloud_offers SET " + rows::assignments(rows::kOfferColumns) + ", sheet_id = ? WHERE id = ?")
{
}

OfferWriter::Seen &OfferWriter::seen(qint64 offerId)
{
    if (offerId >= 0 && offerId < kDenseIdLimit) {
        if (std::size_t(offerId) >= m_seen.size())
            m_seen.resize(std::max<std::size_t>(std::size_t(offerId) + 1, m_seen.size() * 3 / 2));
        return m_seen[std::size_t(offerId)];
    }
    return m_sparse[offerId];
}

void OfferWriter::bindOffer(SQLite::Statement &statement, const CloudOffer &offer)
{
    statement.reset();
    rows::bindOffer(statement, 1, offer);
    if (m_sheetId)
        statement.bind(rows::kOfferColumnCount + 1, static_cast<std::int64_t>(*m_sheetId));
    else
        statement.bind(rows::kOfferColumnCount + 1);
}

static bool cheaper(const CloudOffer &a, const CloudOffer &b)
{
    const double pa = headlinePrice(a);
    const double pb = headlinePrice(b);
    const double inf = std::numeric_limits<double>::infinity();
    return pa < pb || (pa == pb && a.spot.value_or(inf) < b.spot.value_or(inf));
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
    Outcome outcome;
    const double price = headlinePrice(offer);
    const double spot = offer.spot.value_or(std::numeric_limits<double>::infinity());

    m_find.reset();
    rows::bindOffer(m_find, 1, offer);
    if (!m_find.executeStep()) {
        bindOffer(m_insert, offer);
        m_insert.exec();
        const qint64 id = m_database.getLastInsertRowid();
        seen(id) = {price, spot, line, UpsertResult::Added, true};
        ++m_counts.added;
        outcome.result = UpsertResult::Added;
        outcome.firstLine = line;
        return outcome;
    }
    const qint64 id = m_find.getColumn(0).getInt64();
    const bool same = m_find.getColumn(1).getInt() != 0;
    m_find.reset();

    Seen &record = seen(id);
    if (record.used) {
        // Another zone of the region, or the same key again: the lower price stands.
        outcome.duplicate = true;
        outcome.firstLine = record.line;
        const bool lower = price < record.price || (price == record.price && spot < record.spot);
        if (lower && !same) {
            bindOffer(m_update, offer);
            m_update.bind(rows::kOfferColumnCount + 2, static_cast<std::int64_t>(id));
            m_update.exec();
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
    bindOffer(m_update, offer);
    m_update.bind(rows::kOfferColumnCount + 2, static_cast<std::int64_t>(id));
    m_update.exec();
    record = {price, spot, line, UpsertResult::Updated, true};
    ++m_counts.updated;
    outcome.result = UpsertResult::Updated;
    return outcome;
}

} // namespace breakeven
