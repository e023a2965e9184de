#include "documentseed.h"

#include "catalog/bundledcatalog.h"
#include "catalogrepository.h"
#include "connection.h"
#include "inputerror.h"
#include "exchange/scenariojson.h"
#include "scenariorepository.h"
#include "text/csvreader.h"

#include <QCryptographicHash>
#include <QFile>

namespace breakeven {

namespace {

const QString kAliasResource = QStringLiteral(":/pricing-db/gpu-aliases.csv");
const QString kOfferResource = QStringLiteral(":/pricing-db/cloud-offers.csv");

QByteArray resource(const QString &name)
{
    QFile file(name);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(name, QStringLiteral("missing from the application's resources"));
    return file.readAll();
}

// GpuCatalog resolves aliases but does not list them, so they are read from the same sheet the
// bundled catalog loaded them from, keeping only those the catalog resolves.
std::vector<std::pair<QString, QString>> bundledAliases(const GpuCatalog &catalog)
{
    std::vector<std::pair<QString, QString>> aliases;
    const std::unique_ptr<CsvReader> reader
        = CsvReader::fromData(resource(kAliasResource), kAliasResource);
    CsvRecord record;
    if (!reader->next(record))
        return aliases;
    const auto column = [&](const char *name) {
        for (int i = 0; i < record.fields.size(); ++i)
            if (record.fields[i].trimmed().compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
                return i;
        throw InputError(kAliasResource + QStringLiteral(":1"),
            QStringLiteral("no column \"%1\"").arg(QLatin1String(name)));
    };
    const int aliasColumn = column("alias");
    while (reader->next(record)) {
        if (aliasColumn >= record.fields.size())
            continue;
        const QString alias = record.fields[aliasColumn].trimmed();
        if (const std::optional<QString> name = catalog.resolve(alias))
            aliases.emplace_back(alias, *name);
    }
    return aliases;
}

} // namespace

DocumentSeed loadBundledSeed()
{
    DocumentSeed seed;
    const GpuCatalog catalog = loadBundledGpuCatalog();
    seed.gpus = catalog.models();
    for (const GpuModel &gpu : seed.gpus)
        if (const GpuCatalog::LowPrecisionTflops rates = catalog.lowPrecisionTflops(gpu.name); rates.fp8 > 0 || rates.fp4 > 0)
            seed.lowPrecision.insert(gpu.name, rates);
    seed.aliases = bundledAliases(catalog);
    seed.offers = loadBundledOffers();
    seed.offersSha256 = QString::fromLatin1(
        QCryptographicHash::hash(resource(kOfferResource), QCryptographicHash::Sha256).toHex());
    for (const CloudOffer &offer : seed.offers)
        seed.offersAsOf = std::max(seed.offersAsOf, offer.asOf);
    for (const QString &name : bundledExampleNames())
        seed.examples.push_back(
            readScenarioJson(bundledExample(name), name + QStringLiteral(".json")));
    return seed;
}

void writeSeed(Connection &connection, const DocumentSeed &seed)
{
    CatalogRepository catalog(connection);
    ScenarioRepository scenarios(connection);
    connection.write([&] {
        for (const GpuModel &gpu : seed.gpus)
            catalog.saveGpuModel(gpu);
        for (auto rates = seed.lowPrecision.cbegin(); rates != seed.lowPrecision.cend(); ++rates)
            catalog.setLowPrecisionTflops(rates.key(), rates.value());
        for (const auto &[alias, name] : seed.aliases)
            catalog.addGpuAlias(alias, name);

        SheetRecord sheet;
        sheet.fileName = QString::fromLatin1(kBundledSheetName);
        sheet.sha256 = seed.offersSha256;
        sheet.preset = QStringLiteral("native");
        sheet.asOf = seed.offersAsOf;
        sheet.id = catalog.recordSheet(sheet);
        const OfferCounts counts = catalog.saveOffers(seed.offers, sheet.id);
        sheet.rowsAdded = counts.added;
        sheet.rowsUpdated = counts.updated;
        sheet.rowsUnchanged = counts.unchanged;
        catalog.updateSheetCounts(sheet.id, sheet);

        for (const Scenario &example : seed.examples)
            scenarios.save(example);
    });
}

} // namespace breakeven
