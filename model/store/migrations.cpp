// Schema upgrade steps: step N takes a document from version N - 1 to N. A step never changes
// once released; a new schema version is a new step (and a new pricing-db/schema/vN.sql).
#include "database.h"
#include "catalog/gpucatalog.h"
#include "inputerror.h"

#include <QFile>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <iterator>

namespace breakeven {

namespace {

std::string schemaScript(const QString &resource)
{
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(resource, QStringLiteral("missing from the application's resources"));
    return file.readAll().toStdString();
}

void createVersion1(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v1.sql")));
    database.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
}

void dropPriceIndexes(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v2.sql")));
}

void rebuildOffersTable(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v3.sql")));
}

void sheetSources(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v4.sql")));
}

void reorderOfferKey(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v5.sql")));
}

void marketsAndCommitments(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v6.sql")));
}

void resaleHaircut(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v7.sql")));
}

void offerPriceHistory(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v8.sql")));
}

// The bundled profiles of every GPU the document has under a bundled name; its own figures stay.
void throughputProfiles(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v9.sql")));
    SQLite::Statement insert(database,
        "INSERT OR IGNORE INTO gpu_throughput (gpu_id, profile, relative_throughput, basis, source, as_of)"
        " SELECT id, ?, ?, ?, ?, ? FROM gpu_models WHERE key = ?");
    for (const GpuModel &model : GpuCatalog::bundled().models()) {
        for (int p = 0; p < kThroughputProfileCount; ++p) {
            const ThroughputFigure &f = model.profiles[std::size_t(p)];
            if (!(f.relative > 0))
                continue;
            insert.bind(1, toString(ThroughputProfile(p)).toStdString());
            insert.bind(2, f.relative);
            insert.bind(3, f.basis.toStdString());
            insert.bind(4, f.source.toStdString());
            insert.bind(5, f.asOf.toStdString());
            insert.bind(6, GpuCatalog::normalized(model.name).toStdString());
            insert.exec();
            insert.reset();
        }
    }
}

struct UpgradeStep {
    int version;
    void (*apply)(SQLite::Database &);
    bool replacesTables = false; // run with foreign keys off, then checked
};

constexpr UpgradeStep kUpgradeSteps[] = {
    { 1, &createVersion1 },
    { 2, &dropPriceIndexes },
    { 3, &rebuildOffersTable, true },
    { 4, &sheetSources },
    { 5, &reorderOfferKey, true },
    { 6, &marketsAndCommitments },
    { 7, &resaleHaircut },
    { 8, &offerPriceHistory },
    { 9, &throughputProfiles },
};

} // namespace

int latestSchemaVersion()
{
    return std::prev(std::end(kUpgradeSteps))->version;
}

const std::vector<const char *> &requiredTables()
{
    static const std::vector<const char *> tables = {
        "sheets",
        "gpu_models",
        "gpu_aliases",
        "cloud_offers",
        "scenarios",
        "exchange_rates",
        "workloads",
        "scenario_gpus",
        "cloud_options",
        "builds",
        "components",
        "settings",
        "sheet_mappings",
        "offer_prices",
        "gpu_throughput",
    };
    return tables;
}

void upgradeSchema(SQLite::Database &database, const QString &path)
{
    // A current document needs no transaction, so opening one takes no write lock.
    try {
        if (database.execAndGet("PRAGMA user_version").getInt() >= latestSchemaVersion())
            return;
    } catch (const SQLite::Exception &error) {
        throw InputError(path, QStringLiteral("cannot be read: %1").arg(QString::fromUtf8(error.what())));
    }
    for (const UpgradeStep &step : kUpgradeSteps) {
        try {
            // A step that drops and replaces a table runs with foreign keys off (else dropping it
            // would clear the links to it), and the links are checked before it commits.
            const ForeignKeysOff foreignKeys(database, step.replacesTables);
            SQLite::Transaction transaction(database, SQLite::TransactionBehavior::IMMEDIATE);
            // Read inside the transaction: another process may have upgraded it meanwhile.
            const int current = database.execAndGet("PRAGMA user_version").getInt();
            if (current >= step.version)
                continue;
            step.apply(database);
            if (step.replacesTables) {
                SQLite::Statement broken(database, "PRAGMA foreign_key_check");
                if (broken.executeStep())
                    throw SQLite::Exception("a link to table " + broken.getColumn(0).getString() + " lost its target");
            }
            database.exec("PRAGMA user_version = " + std::to_string(step.version));
            transaction.commit();
        } catch (const SQLite::Exception &error) {
            throw InputError(path,
                QStringLiteral("cannot upgrade the document to schema %1: %2")
                    .arg(step.version)
                    .arg(QString::fromUtf8(error.what())));
        }
    }
}

} // namespace breakeven
