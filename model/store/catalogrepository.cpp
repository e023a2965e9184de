#include "catalogrepository.h"

#include "changerecorder.h"

#include "connection.h"
#include "inputerror.h"
#include "offerquery.h"
#include "rows.h"
#include "textpool.h"

#include <QDate>
#include <QHash>

#include <sqlite3.h>

#include <algorithm>
#include <iterator>
#include <unordered_map>

namespace breakeven {

namespace {

std::optional<qint64> optionalId(const SQLite::Statement &statement, int column)
{
    const SQLite::Column value = statement.getColumn(column);
    if (value.isNull())
        return std::nullopt;
    return value.getInt64();
}

void bindOptionalId(SQLite::Statement &statement, int index, const std::optional<qint64> &id)
{
    if (id)
        statement.bind(index, static_cast<std::int64_t>(*id));
    else
        statement.bind(index);
}

std::optional<qint64> ageInDays(const QString &date)
{
    const QDate asOf = QDate::fromString(date, Qt::ISODate);
    return asOf.isValid() ? std::optional<qint64>(asOf.daysTo(QDate::currentDate())) : std::nullopt;
}

StoredOffer readStoredOffer(const SQLite::Statement &statement)
{
    StoredOffer stored;
    stored.id = statement.getColumn(0).getInt64();
    stored.offer = rows::readOffer(statement, 1);
    stored.sheetId = optionalId(statement, 1 + rows::kOfferColumnCount);
    stored.priceAgeDays = ageInDays(stored.offer.asOf);
    return stored;
}

std::string excludedAssignments(const std::string &columns)
{
    std::string text;
    for (const QString &name : QString::fromStdString(columns).split(QLatin1Char(','))) {
        const std::string column = name.trimmed().toStdString();
        if (!text.empty())
            text += ", ";
        text += column;
        text += " = excluded.";
        text += column;
    }
    return text;
}

std::string selectOffer()
{
    return "SELECT id, " + rows::kOfferReadColumns + ", sheet_id FROM cloud_offers";
}

} // namespace

CatalogRepository::CatalogRepository(Connection &connection)
    : m_connection(connection)
{
}

namespace {

// The profiles of the GPU whose id is bound to ?1 (schema 9).
const std::string kSelectProfiles
    = "SELECT profile, relative_throughput, basis, source, as_of FROM gpu_throughput WHERE gpu_id = ?1";

void readProfiles(SQLite::Statement &query, GpuModel &model)
{
    while (query.executeStep()) {
        const auto profile = throughputProfileFromString(QString::fromUtf8(query.getColumn(0).getText()));
        if (!profile)
            continue;
        ThroughputFigure &f = model.profiles[std::size_t(*profile)];
        f.relative = query.getColumn(1).getDouble();
        f.basis = QString::fromUtf8(query.getColumn(2).getText());
        f.source = QString::fromUtf8(query.getColumn(3).getText());
        f.asOf = QString::fromUtf8(query.getColumn(4).getText());
    }
}

} // namespace

std::vector<GpuModel> CatalogRepository::gpuModels()
{
    return m_connection.read([&] {
        std::vector<GpuModel> models;
        std::vector<qint64> ids;
        auto query = m_connection.statement(
            "SELECT id, " + rows::kGpuColumns + " FROM gpu_models ORDER BY name COLLATE NOCASE");
        while (query->executeStep()) {
            ids.push_back(query->getColumn(0).getInt64());
            models.push_back(rows::readGpu(*query, 1));
        }
        for (std::size_t i = 0; i < models.size(); ++i) {
            auto profiles = m_connection.statement(kSelectProfiles);
            profiles->bind(1, static_cast<std::int64_t>(ids[i]));
            readProfiles(*profiles, models[i]);
        }
        return models;
    });
}

std::optional<GpuModel> CatalogRepository::findGpu(const QString &nameOrAlias)
{
    return m_connection.read([&]() -> std::optional<GpuModel> {
        auto query = m_connection.statement("SELECT id, " + rows::kGpuColumns
            + " FROM gpu_models WHERE key = ?1 UNION ALL SELECT gpu_models.id, " + rows::kGpuColumns
            + " FROM gpu_aliases JOIN gpu_models ON gpu_models.id = gpu_aliases.gpu_id"
              " WHERE gpu_aliases.key = ?1 LIMIT 1");
        query->bind(1, utf8(GpuCatalog::normalized(nameOrAlias)));
        if (!query->executeStep())
            return std::nullopt;
        GpuModel model = rows::readGpu(*query, 1);
        auto profiles = m_connection.statement(kSelectProfiles);
        profiles->bind(1, query->getColumn(0).getInt64());
        readProfiles(*profiles, model);
        return model;
    });
}

void CatalogRepository::saveGpuModel(const GpuModel &model)
{
    if (GpuCatalog::normalized(model.name).isEmpty())
        throw InputError(m_connection.path(), QStringLiteral("a GPU model needs a name"));
    m_connection.write([&] {
        catalogChanged();
        auto insert = m_connection.statement("INSERT INTO gpu_models (key, " + rows::kGpuColumns
            + ") VALUES (" + rows::placeholders(1 + rows::kGpuColumnCount)
            + ") ON CONFLICT (key) DO UPDATE SET " + excludedAssignments(rows::kGpuColumns));
        insert->bind(1, utf8(GpuCatalog::normalized(model.name)));
        rows::bindGpu(*insert, 2, model);
        insert->exec();
        // Its profiles are replaced as a whole: the ones it has, and no others.
        auto remove = m_connection.statement(
            "DELETE FROM gpu_throughput WHERE gpu_id = (SELECT id FROM gpu_models WHERE key = ?)");
        remove->bind(1, utf8(GpuCatalog::normalized(model.name)));
        remove->exec();
        for (int p = 0; p < kThroughputProfileCount; ++p) {
            const ThroughputFigure &f = model.profiles[std::size_t(p)];
            if (!(f.relative > 0))
                continue;
            auto profile = m_connection.statement(
                "INSERT INTO gpu_throughput (gpu_id, profile, relative_throughput, basis, source, as_of)"
                " SELECT id, ?, ?, ?, ?, ? FROM gpu_models WHERE key = ?");
            profile->bind(1, utf8(toString(ThroughputProfile(p))));
            profile->bind(2, f.relative);
            profile->bind(3, utf8(f.basis));
            profile->bind(4, utf8(f.source));
            profile->bind(5, utf8(f.asOf));
            profile->bind(6, utf8(GpuCatalog::normalized(model.name)));
            profile->exec();
        }
    });
}

void CatalogRepository::addGpuAlias(const QString &alias, const QString &gpuName)
{
    m_connection.write([&] {
        catalogChanged();
        auto insert = m_connection.statement(
            "INSERT INTO gpu_aliases (key, alias, gpu_id) SELECT ?, ?, id FROM gpu_models WHERE "
            "key = ?"
            " ON CONFLICT (key) DO UPDATE SET alias = excluded.alias, gpu_id = excluded.gpu_id");
        insert->bind(1, utf8(GpuCatalog::normalized(alias)));
        insert->bind(2, utf8(alias));
        insert->bind(3, utf8(GpuCatalog::normalized(gpuName)));
        if (insert->exec() == 0)
            throw InputError(m_connection.path(),
                QStringLiteral("alias \"%1\" names an unknown GPU \"%2\"").arg(alias, gpuName));
    });
}

qint64 CatalogRepository::offerCount(const OfferFilter &filter)
{
    const WhereClause where = whereClause(filter);
    return m_connection.read([&] {
        auto query = m_connection.statement("SELECT count(*) FROM cloud_offers" + where.sql);
        bindAll(*query, where.bindings);
        query->executeStep();
        return qint64(query->getColumn(0).getInt64());
    });
}

const std::vector<qint64> &CatalogRepository::orderedIds(const std::string &query, const std::string &bindingsKey,
                                                         const std::function<void(SQLite::Statement &)> &bind)
{
    SQLite::Database &database = m_connection.database();
    const qint64 dataVersion = database.execAndGet("PRAGMA data_version").getInt64();
    const qint64 ownChanges = sqlite3_total_changes64(database.getHandle());
    const std::string key = query + '\x1f' + bindingsKey;
    if (m_order.key == key && m_order.dataVersion == dataVersion && m_order.ownChanges == ownChanges)
        return m_order.ids;
    m_order = OrderCache{};
    auto statement = m_connection.statement(query);
    bind(*statement);
    std::vector<qint64> ids;
    while (statement->executeStep())
        ids.push_back(statement->getColumn(0).getInt64());
    m_order = {key, dataVersion, ownChanges, std::move(ids)};
    return m_order.ids;
}

std::vector<StoredOffer> CatalogRepository::offers(
    const OfferFilter &filter, OfferColumn column, Qt::SortOrder order, qint64 offset, qint64 limit)
{
    const WhereClause where = whereClause(filter);
    const std::string query = "SELECT id FROM cloud_offers" + where.sql + " ORDER BY " + orderBy(column, filter.plan, order);
    std::string bindingsKey;
    for (const Binding &binding : where.bindings) {
        if (const auto *text = std::get_if<std::string>(&binding))
            bindingsKey += 't' + *text;
        else
            bindingsKey += 'n' + QByteArray::number(std::get<double>(binding), 'g', 17).toStdString();
        bindingsKey += '\x1f';
    }
    return m_connection.read([&] {
        const std::vector<qint64> &ids
            = orderedIds(query, bindingsKey, [&](SQLite::Statement &statement) { bindAll(statement, where.bindings); });
        const std::size_t begin = std::size_t(std::clamp<qint64>(offset, 0, qint64(ids.size())));
        const std::size_t end = std::size_t(std::clamp<qint64>(offset + std::max<qint64>(limit, 0), qint64(begin), qint64(ids.size())));
        // Looked up in slices of a few hundred ids, then put in the list's order. One statement
        // for every slice: the short last one binds NULL to its unused parameters.
        constexpr std::size_t kSlice = 256;
        static const std::string lookupSql = [] {
            std::string sql = selectOffer() + " WHERE id IN (?";
            for (std::size_t i = 1; i < kSlice; ++i)
                sql += ",?";
            return sql + ')';
        }();
        std::vector<StoredOffer> page(end - begin);
        std::unordered_map<qint64, std::size_t> position;
        for (std::size_t at = begin; at < end; at += kSlice) {
            const std::size_t count = std::min(kSlice, end - at);
            position.clear();
            auto lookup = m_connection.statement(lookupSql);
            for (std::size_t i = 0; i < kSlice; ++i) {
                if (i < count) {
                    position.emplace(ids[at + i], at + i - begin);
                    lookup->bind(int(i) + 1, static_cast<std::int64_t>(ids[at + i]));
                } else {
                    lookup->bind(int(i) + 1);
                }
            }
            while (lookup->executeStep()) {
                StoredOffer stored = readStoredOffer(*lookup);
                page[position.at(stored.id)] = std::move(stored);
            }
        }
        if (filter.onePerInstanceType) {
            // How many rows the filter matches alike with each shown one: the shown row's own
            // values are bound after the filter's.
            OfferFilter rows = filter;
            rows.onePerInstanceType = false;
            const WhereClause matched = whereClause(rows);
            auto count = m_connection.statement(
                "SELECT count(*) FROM cloud_offers" + (matched.sql.empty() ? std::string(" WHERE ") : matched.sql + " AND ")
                + "(" + kAlikeColumns + ") IS (SELECT " + kAlikeColumns + " FROM cloud_offers WHERE id = ?)");
            for (StoredOffer &stored : page) {
                bindAll(*count, matched.bindings);
                count->bind(int(matched.bindings.size()) + 1, static_cast<std::int64_t>(stored.id));
                if (count->executeStep())
                    stored.alikeRegions = count->getColumn(0).getInt();
                count->reset();
            }
        }
        return page;
    });
}

std::vector<StoredOffer> CatalogRepository::allOffers()
{
    return m_connection.read([&] {
        std::vector<StoredOffer> all;
        if (auto count = m_connection.statement("SELECT count(*) FROM cloud_offers"); count->executeStep())
            all.reserve(std::size_t(count->getColumn(0).getInt64()));
        // Most text repeats from offer to offer (a sheet's provider, source and date; a handful
        // of GPUs, regions and currencies): read once and shared, as is each date's age.
        TextPool pool;
        QHash<QString, std::optional<qint64>> ages;
        auto query = m_connection.statement(selectOffer());
        while (query->executeStep()) {
            StoredOffer &stored = all.emplace_back();
            stored.id = query->getColumn(0).getInt64();
            stored.offer = rows::readOffer(*query, 1, &pool);
            stored.sheetId = optionalId(*query, 1 + rows::kOfferColumnCount);
            auto age = ages.constFind(stored.offer.asOf);
            if (age == ages.constEnd())
                age = ages.insert(stored.offer.asOf, ageInDays(stored.offer.asOf));
            stored.priceAgeDays = *age;
        }
        return all;
    });
}

std::optional<StoredOffer> CatalogRepository::offer(qint64 id)
{
    return m_connection.read([&]() -> std::optional<StoredOffer> {
        auto query = m_connection.statement(selectOffer() + " WHERE id = ?");
        query->bind(1, static_cast<std::int64_t>(id));
        if (!query->executeStep())
            return std::nullopt;
        return readStoredOffer(*query);
    });
}

UpsertResult CatalogRepository::upsertOffer(const CloudOffer &offer, std::optional<qint64> sheetId)
{
    std::optional<qint64> existingId;
    {
        auto find = m_connection.statement(
            selectOffer() + " WHERE " + rows::offerKeyMatch(1, 2, 3));
        find->bind(1, utf8(offer.provider));
        find->bind(2, utf8(offer.instanceType));
        find->bind(3, utf8(offer.region));
        if (find->executeStep()) {
            if (rows::readOffer(*find, 1) == offer)
                return UpsertResult::Unchanged;
            existingId = find->getColumn(0).getInt64();
        }
    }
    if (!existingId) {
        auto insert = m_connection.statement("INSERT INTO cloud_offers (" + rows::kOfferColumns
            + ", sheet_id) VALUES (" + rows::placeholders(rows::kOfferColumnCount + 1) + ")");
        rows::bindOffer(*insert, 1, offer);
        bindOptionalId(*insert, rows::kOfferColumnCount + 1, sheetId);
        insert->exec();
        return UpsertResult::Added;
    }
    auto keep = m_connection.statement(rows::kKeepEarlierPrices);
    keep->bind(1, static_cast<std::int64_t>(*existingId));
    keep->bind(2, utf8(offer.asOf));
    bindOptionalId(*keep, 3, sheetId);
    const std::optional<double> prices[] = {offer.onDemand, offer.spot, offer.reserved1y, offer.reserved3y,
                                            offer.reserved1yUpfront, offer.reserved3yUpfront};
    for (int i = 0; i < int(std::size(prices)); ++i) {
        if (prices[i])
            keep->bind(4 + i, *prices[i]);
        else
            keep->bind(4 + i);
    }
    keep->exec();
    auto update = m_connection.statement("UPDATE cloud_offers SET "
        + rows::assignments(rows::kOfferColumns) + ", sheet_id = ? WHERE id = ?");
    rows::bindOffer(*update, 1, offer);
    bindOptionalId(*update, rows::kOfferColumnCount + 1, sheetId);
    update->bind(rows::kOfferColumnCount + 2, static_cast<std::int64_t>(*existingId));
    update->exec();
    return UpsertResult::Updated;
}

void CatalogRepository::catalogChanged()
{
    DocumentChange change;
    change.kind = DocumentChange::Kind::CatalogChanged;
    m_connection.record(change);
}

UpsertResult CatalogRepository::saveOffer(const CloudOffer &offer, std::optional<qint64> sheetId)
{
    return m_connection.write([&] {
        const UpsertResult result = upsertOffer(offer, sheetId);
        if (result != UpsertResult::Unchanged)
            catalogChanged();
        return result;
    });
}

OfferCounts CatalogRepository::saveOffers(
    const std::vector<CloudOffer> &offers, std::optional<qint64> sheetId)
{
    return m_connection.write([&] {
        OfferCounts counts;
        for (const CloudOffer &offer : offers)
            counts.count(upsertOffer(offer, sheetId));
        if (counts.added + counts.updated > 0)
            catalogChanged();
        return counts;
    });
}

void CatalogRepository::applyChangeset(const QByteArray &changeset, bool invert)
{
    m_connection.write([&] {
        catalogChanged();
        if (!applyRecordedChanges(m_connection, changeset, invert))
            throw InputError(m_connection.path(),
                             QStringLiteral("the catalog has changed since in a way that conflicts: the change "
                                            "cannot be %1").arg(invert ? QStringLiteral("undone") : QStringLiteral("redone")));
    });
}

void CatalogRepository::removeOffer(qint64 id)
{
    m_connection.write([&] {
        catalogChanged();
        auto remove = m_connection.statement("DELETE FROM cloud_offers WHERE id = ?");
        remove->bind(1, static_cast<std::int64_t>(id));
        remove->exec();
    });
}

namespace {

// Rows of (offer id, date, price) for the offers `where` picks among those with earlier prices,
// each offer's earlier prices before its current one (so at a repeated date the current wins).
std::string priceHistorySql(PricingPlan plan, const std::string &where)
{
    const std::string column = planColumn(plan);
    return "SELECT offer_prices.offer_id, offer_prices.as_of, offer_prices." + column + ", 0"
           " FROM offer_prices JOIN cloud_offers ON cloud_offers.id = offer_prices.offer_id"
           " WHERE " + where
        + " UNION ALL SELECT cloud_offers.id, " + rows::kOfferAsOf + ", cloud_offers." + column + ", 1"
          " FROM cloud_offers WHERE " + where
        + " AND EXISTS (SELECT 1 FROM offer_prices WHERE offer_prices.offer_id = cloud_offers.id)"
          " ORDER BY 1, 4";
}

// The points of one offer after another, grouped by offer id.
std::vector<std::vector<PricePoint>> readPriceHistories(SQLite::Statement &query)
{
    std::vector<std::vector<PricePoint>> histories;
    qint64 offer = -1;
    while (query.executeStep()) {
        const qint64 id = query.getColumn(0).getInt64();
        if (histories.empty() || id != offer) {
            histories.emplace_back();
            offer = id;
        }
        if (query.getColumn(2).isNull())
            continue;
        const QDate date = QDate::fromString(QString::fromUtf8(query.getColumn(1).getText()), Qt::ISODate);
        histories.back().push_back({date, query.getColumn(2).getDouble()});
    }
    return histories;
}

} // namespace

std::vector<PricePoint> CatalogRepository::priceHistory(qint64 offerId, PricingPlan plan)
{
    return m_connection.read([&] {
        auto query = m_connection.statement(priceHistorySql(plan, "cloud_offers.id = ?1"));
        query->bind(1, static_cast<std::int64_t>(offerId));
        std::vector<std::vector<PricePoint>> histories = readPriceHistories(*query);
        query->reset();
        return histories.empty() ? std::vector<PricePoint>{} : std::move(histories.front());
    });
}

std::optional<ObservedTrend> CatalogRepository::observedOfferTrend(qint64 offerId, PricingPlan plan)
{
    return observedTrend(priceHistory(offerId, plan));
}

std::optional<ObservedTrend> CatalogRepository::observedGpuTrend(const QString &gpu, PricingPlan plan)
{
    return m_connection.read([&] {
        auto query = m_connection.statement(priceHistorySql(plan, "cloud_offers.gpu = ?1"));
        query->bind(1, utf8(gpu));
        std::vector<ObservedTrend> trends;
        for (std::vector<PricePoint> &points : readPriceHistories(*query)) {
            if (std::optional<ObservedTrend> trend = observedTrend(std::move(points)))
                trends.push_back(*trend);
        }
        query->reset();
        return medianTrend(trends);
    });
}

QStringList CatalogRepository::providers()
{
    return m_connection.read([&] {
        QStringList values;
        auto query = m_connection.statement(
            "SELECT DISTINCT provider FROM cloud_offers ORDER BY provider");
        while (query->executeStep())
            values.append(textColumn(*query, 0));
        return values;
    });
}

QStringList CatalogRepository::regions()
{
    return m_connection.read([&] {
        QStringList values;
        auto query
            = m_connection.statement("SELECT DISTINCT region FROM cloud_offers ORDER BY region");
        while (query->executeStep())
            values.append(textColumn(*query, 0));
        return values;
    });
}

qint64 CatalogRepository::recordSheet(const SheetRecord &sheet)
{
    const QDateTime importedAt
        = sheet.importedAt.isValid() ? sheet.importedAt : QDateTime::currentDateTimeUtc();
    return m_connection.write([&] {
        catalogChanged();
        auto insert = m_connection.statement(
            "INSERT INTO sheets (file_name, sha256, preset, rows_added, rows_updated, "
            "rows_unchanged,"
            " rows_skipped, imported_at, as_of, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
        insert->bind(1, utf8(sheet.fileName));
        insert->bind(2, utf8(sheet.sha256));
        insert->bind(3, utf8(sheet.preset));
        insert->bind(4, static_cast<std::int64_t>(sheet.rowsAdded));
        insert->bind(5, static_cast<std::int64_t>(sheet.rowsUpdated));
        insert->bind(6, static_cast<std::int64_t>(sheet.rowsUnchanged));
        insert->bind(7, static_cast<std::int64_t>(sheet.rowsSkipped));
        insert->bind(8, utf8(importedAt.toUTC().toString(Qt::ISODateWithMs)));
        insert->bind(9, utf8(sheet.asOf));
        insert->bind(10, utf8(sheet.source));
        insert->exec();
        return qint64(m_connection.database().getLastInsertRowid());
    });
}

void CatalogRepository::updateSheetCounts(qint64 sheetId, const SheetRecord &counts)
{
    m_connection.write([&] {
        catalogChanged();
        auto update = m_connection.statement("UPDATE sheets SET rows_added = ?, rows_updated = ?, "
                                             "rows_unchanged = ?, rows_skipped = ?"
                                             " WHERE id = ?");
        update->bind(1, static_cast<std::int64_t>(counts.rowsAdded));
        update->bind(2, static_cast<std::int64_t>(counts.rowsUpdated));
        update->bind(3, static_cast<std::int64_t>(counts.rowsUnchanged));
        update->bind(4, static_cast<std::int64_t>(counts.rowsSkipped));
        update->bind(5, static_cast<std::int64_t>(sheetId));
        if (update->exec() == 0)
            throw InputError(m_connection.path(), QStringLiteral("no sheet #%1").arg(sheetId));
    });
}

std::vector<SheetRecord> CatalogRepository::sheets()
{
    return m_connection.read([&] {
        std::vector<SheetRecord> records;
        auto query = m_connection.statement(
            "SELECT id, file_name, sha256, preset, rows_added, rows_updated, rows_unchanged,"
            " rows_skipped, imported_at, as_of, source FROM sheets ORDER BY imported_at DESC, id DESC");
        while (query->executeStep()) {
            SheetRecord r;
            r.id = query->getColumn(0).getInt64();
            r.fileName = textColumn(*query, 1);
            r.sha256 = textColumn(*query, 2);
            r.preset = textColumn(*query, 3);
            r.rowsAdded = query->getColumn(4).getInt64();
            r.rowsUpdated = query->getColumn(5).getInt64();
            r.rowsUnchanged = query->getColumn(6).getInt64();
            r.rowsSkipped = query->getColumn(7).getInt64();
            r.importedAt = QDateTime::fromString(textColumn(*query, 8), Qt::ISODateWithMs);
            r.asOf = textColumn(*query, 9);
            r.source = textColumn(*query, 10);
            records.push_back(r);
        }
        return records;
    });
}

} // namespace breakeven
