// Schema upgrade steps: step N takes a document from version N - 1 to N. A step never changes
// once released; a new schema version is a new step (and a new pricing-db/schema/vN.sql).
#include "database.h"
#include "apiofferrows.h"
#include "catalog/apioffers.h"
#include "catalog/gpucatalog.h"
#include "inputerror.h"

#include <QFile>
#include <SQLiteCpp/Statement.h>
#include <SQLiteCpp/Transaction.h>
#include <iterator>
#include <memory>
#include <optional>
#include <string>

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

// The single figures the bundled catalog had before throughput profiles (dense FP16 TFLOPS
// ratios, adjusted): a document's GPU still at its figure was never edited.
struct EarlierFigure {
    const char *name;
    double relativeThroughput;
};
constexpr EarlierFigure kFiguresBeforeProfiles[] = {
    {"K80", 0.1}, {"P4", 0.13}, {"P40", 0.27}, {"P100", 0.3}, {"V100-SXM2-16GB", 0.4}, {"V100-SXM2-32GB", 0.4},
    {"V100-PCIE-16GB", 0.36}, {"T4", 0.21}, {"A10", 0.5}, {"A10G", 0.4}, {"A30", 0.53}, {"A40", 0.62},
    {"A100-PCIE-40GB", 1.0}, {"A100-PCIE-80GB", 1.0}, {"A100-SXM4-40GB", 1.0}, {"A100-SXM4-80GB", 1.0},
    {"H100-PCIE-80GB", 2.42}, {"H100-SXM5-80GB", 3.17}, {"H100-NVL-94GB", 2.68}, {"H200-SXM-141GB", 3.17},
    {"B200", 7.21}, {"GH200", 3.17}, {"MI250X", 0.61}, {"MI300X", 3.2}, {"MI325X", 3.3}, {"L4", 0.39}, {"L40", 0.9},
    {"L40S", 1.16}, {"QUADRO-RTX-6000", 0.4}, {"RTX-A4000", 0.35}, {"RTX-A5000", 0.5}, {"RTX-A6000", 0.65},
    {"RTX-6000-ADA", 1.17}, {"RTX-PRO-6000", 1.5}, {"RTX-3060", 0.38}, {"RTX-3080", 0.62}, {"RTX-3090", 0.68},
    {"RTX-3090TI", 0.73}, {"RTX-4060TI-16GB", 0.52}, {"RTX-4070", 0.61}, {"RTX-4070TI", 0.73}, {"RTX-4080", 0.82},
    {"RTX-4080-SUPER", 0.85}, {"RTX-4090", 1.1}, {"RTX-5070", 0.68}, {"RTX-5080", 0.95}, {"RTX-5090", 1.35},
};

// A bundled GPU the document has at the bundled catalog's earlier figure gets the bundled profiles,
// and its single figure becomes the training one. A GPU whose figure is anything else (edited, or
// the document's own) keeps it for every kind of work: a user's figure still wins.
void throughputProfiles(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v9.sql")));
    const auto earlier = [](const QString &name) -> std::optional<double> {
        for (const EarlierFigure &f : kFiguresBeforeProfiles)
            if (GpuCatalog::normalized(QLatin1String(f.name)) == GpuCatalog::normalized(name))
                return f.relativeThroughput;
        return std::nullopt;
    };
    constexpr const char *kUnedited = " FROM gpu_models WHERE key = ? AND abs(relative_throughput - ?) < 1e-9";
    SQLite::Statement insert(database,
        std::string("INSERT OR IGNORE INTO gpu_throughput (gpu_id, profile, relative_throughput, basis, source, as_of)"
                    " SELECT id, ?, ?, ?, ?, ?") + kUnedited);
    SQLite::Statement single(database,
        "UPDATE gpu_models SET relative_throughput = ?, throughput_basis = ? WHERE key = ? AND abs(relative_throughput - ?) < 1e-9");
    for (const GpuModel &model : GpuCatalog::bundled().models()) {
        const auto before = earlier(model.name);
        if (!before)
            continue;
        const std::string key = GpuCatalog::normalized(model.name).toStdString();
        for (int p = 0; p < kThroughputProfileCount; ++p) {
            const ThroughputFigure &f = model.profiles[std::size_t(p)];
            if (!(f.relative > 0))
                continue;
            insert.bind(1, toString(ThroughputProfile(p)).toStdString());
            insert.bind(2, f.relative);
            insert.bind(3, f.basis.toStdString());
            insert.bind(4, f.source.toStdString());
            insert.bind(5, f.asOf.toStdString());
            insert.bind(6, key);
            insert.bind(7, *before);
            insert.exec();
            insert.reset();
        }
        single.bind(1, model.relativeThroughput);
        single.bind(2, model.throughputBasis.toStdString());
        single.bind(3, key);
        single.bind(4, *before);
        single.exec();
        single.reset();
    }
}

void criteria(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v10.sql")));
}

void upfrontPrices(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v11.sql")));
}

void uncertainty(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v12.sql")));
}

void discountingConvention(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v14.sql")));
}

void payingForIt(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v15.sql")));
}

void serving(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v16.sql")));
}

// The API offers table, with the bundled offers in it: a new document and an upgraded one have
// the same. They link to no sheet (they carry their own source and date).
void apiOffers(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v17.sql")));
    const auto prepare = [&](const std::string &sql) { return std::make_unique<SQLite::Statement>(database, sql); };
    for (const ApiOffer &offer : bundledApiOffers())
        apirows::upsert(prepare, offer, std::nullopt);
}

// The FP8 and FP4 rates of the bundled catalog's GPUs, for those a document has (by key); a GPU a
// user added keeps 0 until given its own.
void lowPrecisionRates(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v18.sql")));
    const GpuCatalog &bundled = GpuCatalog::bundled();
    SQLite::Statement update(database, "UPDATE gpu_models SET fp8_tflops = ?, fp4_tflops = ? WHERE key = ?");
    for (const GpuModel &gpu : bundled.models()) {
        const GpuCatalog::LowPrecisionTflops rates = bundled.lowPrecisionTflops(gpu.name);
        if (rates.fp8 <= 0 && rates.fp4 <= 0)
            continue;
        update.bind(1, rates.fp8);
        update.bind(2, rates.fp4);
        update.bind(3, GpuCatalog::normalized(gpu.name).toStdString());
        update.exec();
        update.reset();
    }
}

void demandsAndHybrids(SQLite::Database &database)
{
    database.exec(schemaScript(QStringLiteral(":/pricing-db/schema/v13.sql")));
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
    { 10, &criteria },
    { 11, &upfrontPrices },
    { 12, &uncertainty },
    { 13, &demandsAndHybrids },
    { 14, &discountingConvention },
    { 15, &payingForIt },
    { 16, &serving },
    { 17, &apiOffers },
    { 18, &lowPrecisionRates },
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
        "uncertain_inputs",
        "workload_demands",
        "hybrid_options",
        "scenario_models",
        "api_options",
        "api_offers",
        "api_offer_prices",
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
