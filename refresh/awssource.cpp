#include "awssource.h"

#include "awsofferfile.h"
#include "store/connection.h"
#include "store/document.h"

#include <QDateTime>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <optional>

namespace breakeven {

namespace {

const QString kSource = QStringLiteral("aws");

// The spot prices the document has for AWS offers, by instance type and region: the Price List
// does not publish spot prices, so an offer it updates keeps the one it had.
QHash<QString, double> spotPrices(Document &document)
{
    QHash<QString, double> spot;
    auto query = document.connection().statement(
        "SELECT instance_type, region, spot FROM cloud_offers WHERE provider = 'aws' AND spot IS NOT NULL");
    while (query->executeStep())
        spot.insert(QString::fromStdString(query->getColumn(0).getString()) + QLatin1Char('\n')
                        + QString::fromStdString(query->getColumn(1).getString()),
                    query->getColumn(2).getDouble());
    return spot;
}

} // namespace

QUrl defaultAwsPriceListBaseUrl()
{
    return QUrl(QStringLiteral("https://pricing.us-east-1.amazonaws.com/"));
}

bool isAwsRegionCode(const QString &region)
{
    static const QRegularExpression code(QStringLiteral("^[a-z]{2}(-[a-z]+)+-[0-9]+$"));
    return code.match(region).hasMatch();
}

QStringList defaultAwsRegions(Document &document)
{
    QStringList regions;
    auto query = document.connection().statement(
        "SELECT DISTINCT region FROM cloud_offers WHERE provider = 'aws' ORDER BY region");
    while (query->executeStep()) {
        const QString region = QString::fromStdString(query->getColumn(0).getString());
        if (isAwsRegionCode(region))
            regions << region;
    }
    if (regions.isEmpty())
        regions << QStringLiteral("us-east-1");
    return regions;
}

SourceRefresh refreshAws(Document &document, const RefreshOptions &options)
{
    SourceRefresh report;
    report.source = kSource;
    report.baseUrl = options.baseUrl.isEmpty() ? defaultAwsPriceListBaseUrl() : options.baseUrl;
    if (!report.baseUrl.path().endsWith(QLatin1Char('/')))
        report.baseUrl.setPath(report.baseUrl.path() + QLatin1Char('/'));
    QStringList regions = options.regions.isEmpty() ? defaultAwsRegions(document) : options.regions;
    regions.removeDuplicates();
    for (const QString &region : regions)
        if (!isAwsRegionCode(region))
            throw RefreshFailed(kSource, QStringLiteral("\"%1\" is not an AWS region code (like us-east-1)").arg(region.left(80)));
    const int count = int(regions.size());

    QTemporaryDir scratch;
    if (!scratch.isValid())
        throw RefreshFailed(kSource, QStringLiteral("cannot make a temporary folder: %1").arg(scratch.errorString()));

    // Each region's file is downloaded straight to a temporary file, read there (only the GPU
    // offers are kept) and removed before the next download, so that the disk holds one file at
    // a time; the document is written only once every region has been read.
    HttpFetcher fetcher(fetchOptionsOf(options));
    const GpuCatalog catalog = document.catalog().gpuCatalog();
    std::vector<std::optional<AwsOfferFile>> read;
    for (int i = 0; i < count; ++i) {
        const QString &region = regions[i];
        if (!refreshGoesOn(options, region, QStringLiteral("download"), i, count))
            throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
        CloudRefresh entry;
        entry.cloud = region;
        entry.url = report.baseUrl.resolved(QUrl(QStringLiteral("offers/v1.0/aws/AmazonEC2/current/%1/index.csv").arg(region)));
        const QString where = entry.url.toDisplayString(QUrl::RemoveUserInfo);
        QFile file(scratch.filePath(QStringLiteral("index.csv")));
        if (!file.open(QIODevice::ReadWrite | QIODevice::Truncate))
            throw RefreshFailed(kSource, QStringLiteral("cannot write a temporary file: %1").arg(file.errorString()));
        const FetchResult result = fetcher.fetch(entry.url, &file);
        if (result.cancelled)
            throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
        if (!result.ok && result.status == 404) {
            entry.skipReason = QStringLiteral("not published (HTTP 404 Not Found)");
            report.clouds.push_back(entry);
            read.emplace_back();
            continue;
        }
        if (!result.ok)
            throw RefreshFailed(kSource, result.error);
        if (looksLikeHtml(result))
            throw RefreshFailed(kSource, QStringLiteral("%1: answered an HTML page, not an offer file")
                                             .arg(result.finalUrl.toDisplayString(QUrl::RemoveUserInfo)));
        if (!file.flush())
            throw RefreshFailed(kSource, QStringLiteral("cannot write a temporary file: %1").arg(file.errorString()));
        file.close();
        entry.bytes = result.size;

        if (!refreshGoesOn(options, region, QStringLiteral("read"), i, count))
            throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
        AwsReadOptions readOptions;
        readOptions.region = region;
        readOptions.url = entry.url.toString(QUrl::RemoveUserInfo);
        readOptions.catalog = &catalog;
        readOptions.cancel = options.cancel;
        try {
            read.emplace_back(readAwsOfferFile(file.fileName(), readOptions));
        } catch (const ImportCancelled &) {
            throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
        } catch (const InputError &error) {
            // A line's error says which line; the file's own name adds nothing to its address.
            const QString detail = error.where() == QLatin1String("index.csv") ? error.reason() : error.message();
            throw RefreshFailed(kSource, QStringLiteral("%1: %2").arg(where, detail));
        }
        file.remove();
        report.clouds.push_back(entry);
    }

    // Then one transaction for every region: a failure or a cancel rolls them all back.
    try {
        document.connection().write([&] {
            CatalogRepository &repository = document.catalog();
            const QHash<QString, double> spot = spotPrices(document);
            const std::vector<SheetRecord> sheets = repository.sheets();
            for (std::size_t i = 0; i < report.clouds.size(); ++i) {
                CloudRefresh &entry = report.clouds[i];
                if (!read[i])
                    continue;
                if (!refreshGoesOn(options, entry.cloud, QStringLiteral("import"), int(i), count))
                    throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
                AwsOfferFile &file = *read[i];
                for (CloudOffer &offer : file.offers) {
                    const auto kept = spot.constFind(offer.instanceType + QLatin1Char('\n') + offer.region);
                    if (kept != spot.constEnd())
                        offer.spot = *kept;
                }
                SheetRecord sheet;
                sheet.fileName = QStringLiteral("AmazonEC2 %1 index.csv").arg(entry.cloud);
                sheet.sha256 = file.sha256;
                sheet.preset = QStringLiteral("aws-price-list");
                sheet.importedAt = QDateTime::currentDateTimeUtc();
                sheet.asOf = file.asOf;
                sheet.source = file.offers.empty() ? QString() : file.offers.front().source;
                std::optional<qint64> sheetId;
                for (const SheetRecord &earlier : sheets)
                    if (earlier.sha256 == sheet.sha256 && earlier.fileName == sheet.fileName)
                        sheetId = earlier.id;
                const bool recorded = !sheetId;
                if (recorded)
                    sheetId = repository.recordSheet(sheet);
                entry.offers = repository.saveOffers(file.offers, sheetId);
                entry.imported = true;
                entry.rowsRead = file.rowsRead;
                entry.skippedRows = qint64(file.skips.size());
                entry.skips = file.skips;
                entry.unknownGpus = file.unknownGpus;
                if (recorded) {
                    sheet.rowsAdded = entry.offers.added;
                    sheet.rowsUpdated = entry.offers.updated;
                    sheet.rowsUnchanged = entry.offers.unchanged;
                    sheet.rowsSkipped = entry.skippedRows;
                    repository.updateSheetCounts(*sheetId, sheet);
                }
            }
        });
    } catch (const RefreshFailed &) {
        throw;
    } catch (const InputError &error) {
        throw RefreshFailed(kSource, error.message());
    }

    addUpClouds(report);
    return report;
}

} // namespace breakeven
