// Schema upgrade steps: step N takes a document from version N - 1 to N. A step never changes
// once released; a new schema version is a new step (and a new pricing-db/schema/vN.sql).
#include "database.h"
#include "inputerror.h"

#include <QFile>
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

struct UpgradeStep {
    int version;
    void (*apply)(SQLite::Database &);
};

constexpr UpgradeStep kUpgradeSteps[] = {
    { 1, &createVersion1 },
    { 2, &dropPriceIndexes },
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
    };
    return tables;
}

void upgradeSchema(SQLite::Database &database, const QString &path)
{
    for (const UpgradeStep &step : kUpgradeSteps) {
        try {
            SQLite::Transaction transaction(database, SQLite::TransactionBehavior::IMMEDIATE);
            // Read inside the transaction: another process may have upgraded it meanwhile.
            const int current = database.execAndGet("PRAGMA user_version").getInt();
            if (current >= step.version)
                continue;
            step.apply(database);
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
