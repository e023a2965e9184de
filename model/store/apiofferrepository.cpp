#include "apiofferrepository.h"

#include "apiofferrows.h"
#include "connection.h"
#include "documentchange.h"
#include "rows.h"

#include <QDate>

#include <algorithm>

namespace breakeven {

namespace {

const std::string kSelect = "SELECT id, " + apirows::kColumns + ", sheet_id FROM api_offers";

StoredApiOffer readStored(const SQLite::Statement &s)
{
    StoredApiOffer stored;
    stored.id = s.getColumn(0).getInt64();
    stored.offer = apirows::read(s, 1);
    const SQLite::Column sheet = s.getColumn(1 + apirows::kColumnCount);
    if (!sheet.isNull())
        stored.sheetId = sheet.getInt64();
    const QDate asOf = QDate::fromString(stored.offer.asOf, Qt::ISODate);
    if (asOf.isValid())
        stored.priceAgeDays = asOf.daysTo(QDate::currentDate());
    return stored;
}

} // namespace

ApiOfferRepository::ApiOfferRepository(Connection &connection)
    : m_connection(connection)
{
}

std::vector<StoredApiOffer> ApiOfferRepository::offers()
{
    return m_connection.read([&] {
        std::vector<StoredApiOffer> out;
        auto query = m_connection.statement(kSelect + " ORDER BY provider, model, id");
        while (query->executeStep())
            out.push_back(readStored(*query));
        return out;
    });
}

std::optional<StoredApiOffer> ApiOfferRepository::offer(qint64 id)
{
    return m_connection.read([&]() -> std::optional<StoredApiOffer> {
        auto query = m_connection.statement(kSelect + " WHERE id = ?1");
        query->bind(1, static_cast<std::int64_t>(id));
        if (!query->executeStep())
            return std::nullopt;
        return readStored(*query);
    });
}

std::optional<StoredApiOffer> ApiOfferRepository::find(const QString &provider, const QString &apiModelId)
{
    return m_connection.read([&]() -> std::optional<StoredApiOffer> {
        auto query = m_connection.statement(kSelect + " WHERE provider = ?1 AND api_model_id = ?2");
        query->bind(1, utf8(provider));
        query->bind(2, utf8(apiModelId));
        if (!query->executeStep())
            return std::nullopt;
        return readStored(*query);
    });
}

qint64 ApiOfferRepository::offerCount()
{
    return m_connection.read([&] {
        auto query = m_connection.statement("SELECT count(*) FROM api_offers");
        query->executeStep();
        return qint64(query->getColumn(0).getInt64());
    });
}

QStringList ApiOfferRepository::providers()
{
    return m_connection.read([&] {
        QStringList out;
        auto query = m_connection.statement("SELECT DISTINCT provider FROM api_offers ORDER BY provider");
        while (query->executeStep())
            out << textColumn(*query, 0);
        return out;
    });
}

std::vector<ApiPricePoint> ApiOfferRepository::priceHistory(qint64 offerId)
{
    return m_connection.read([&] {
        // The earlier prices, then the current ones, which win at a repeated date.
        auto query = m_connection.statement(
            "SELECT as_of, input_per_mtok, output_per_mtok, cached_input_per_mtok, 0 FROM api_offer_prices"
            " WHERE offer_id = ?1"
            " UNION ALL SELECT as_of, input_per_mtok, output_per_mtok, cached_input_per_mtok, 1 FROM api_offers"
            " WHERE id = ?1 ORDER BY 1, 5");
        query->bind(1, static_cast<std::int64_t>(offerId));
        std::vector<ApiPricePoint> points;
        while (query->executeStep()) {
            ApiPricePoint point;
            point.asOf = textColumn(*query, 0);
            point.inputPerMillion = rows::real(*query, 1);
            point.outputPerMillion = rows::real(*query, 2);
            point.cachedInputPerMillion = optionalColumn(*query, 3);
            if (!points.empty() && points.back().asOf == point.asOf)
                points.back() = point;
            else
                points.push_back(point);
        }
        return points;
    });
}

UpsertResult ApiOfferRepository::upsert(const ApiOffer &offer, std::optional<qint64> sheetId)
{
    return apirows::upsert([&](const std::string &sql) { return m_connection.statement(sql); }, offer, sheetId);
}

void ApiOfferRepository::catalogChanged()
{
    DocumentChange change;
    change.kind = DocumentChange::Kind::CatalogChanged;
    m_connection.record(change);
}

UpsertResult ApiOfferRepository::saveOffer(const ApiOffer &offer, std::optional<qint64> sheetId)
{
    return m_connection.write([&] {
        const UpsertResult result = upsert(offer, sheetId);
        if (result != UpsertResult::Unchanged)
            catalogChanged();
        return result;
    });
}

OfferCounts ApiOfferRepository::saveOffers(const std::vector<ApiOffer> &offers, std::optional<qint64> sheetId)
{
    return m_connection.write([&] {
        OfferCounts counts;
        for (const ApiOffer &offer : offers)
            counts.count(upsert(offer, sheetId));
        if (counts.added + counts.updated > 0)
            catalogChanged();
        return counts;
    });
}

void ApiOfferRepository::removeOffer(qint64 id)
{
    m_connection.write([&] {
        catalogChanged();
        auto remove = m_connection.statement("DELETE FROM api_offers WHERE id = ?1");
        remove->bind(1, static_cast<std::int64_t>(id));
        remove->exec();
    });
}

} // namespace breakeven
