#include "skypilotsource.h"

#include "store/connection.h"
#include "store/document.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace breakeven {

namespace {

const QString kSource = QStringLiteral("skypilot");

} // namespace

QUrl defaultSkyPilotBaseUrl()
{
    return QUrl(QStringLiteral("https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v8/"));
}

QStringList defaultSkyPilotClouds()
{
    // The folders of catalogs/v8 with a vms.csv (kubernetes and slurm have none), as of 2026.
    // Shadeform resells the other clouds' machines, so it is read only when named. A cloud that
    // is no longer published answers 404 and is skipped.
    return {QStringLiteral("aws"),       QStringLiteral("azure"),      QStringLiteral("gcp"),
            QStringLiteral("lambda"),    QStringLiteral("runpod"),     QStringLiteral("vast"),
            QStringLiteral("cudo"),      QStringLiteral("fluidstack"), QStringLiteral("paperspace"),
            QStringLiteral("do"),        QStringLiteral("nebius"),     QStringLiteral("hyperbolic"),
            QStringLiteral("hyperstack"), QStringLiteral("mithril"),   QStringLiteral("oci"),
            QStringLiteral("ibm"),       QStringLiteral("scp"),        QStringLiteral("spheron"),
            QStringLiteral("verda"),     QStringLiteral("seeweb"),     QStringLiteral("jarvislabs"),
            QStringLiteral("primeintellect"), QStringLiteral("yotta"), QStringLiteral("lium"),
            QStringLiteral("daytona")};
}

bool refreshGoesOn(const RefreshOptions &options, const QString &item, const QString &stage, int index, int count)
{
    if (options.cancel && options.cancel->load())
        return false;
    return !options.progress || options.progress(item, stage, index, count);
}

FetchOptions fetchOptionsOf(const RefreshOptions &options)
{
    FetchOptions fetch = options.fetch;
    if (!fetch.cancel)
        fetch.cancel = options.cancel;
    return fetch;
}

void addUpClouds(SourceRefresh &report)
{
    report.cloudsImported = report.cloudsSkipped = 0;
    report.offers = {};
    report.rowsRead = report.skippedRows = 0;
    // A cloud skipped whole may still have rows read (a region whose items were all passed over).
    for (const CloudRefresh &entry : report.clouds) {
        ++(entry.imported ? report.cloudsImported : report.cloudsSkipped);
        report.offers.added += entry.offers.added;
        report.offers.updated += entry.offers.updated;
        report.offers.unchanged += entry.offers.unchanged;
        report.rowsRead += entry.rowsRead;
        report.skippedRows += entry.skippedRows;
    }
}

SourceRefresh refreshSkyPilot(Document &document, const RefreshOptions &options)
{
    SourceRefresh report;
    report.source = kSource;
    report.baseUrl = options.baseUrl.isEmpty() ? defaultSkyPilotBaseUrl() : options.baseUrl;
    if (!report.baseUrl.path().endsWith(QLatin1Char('/')))
        report.baseUrl.setPath(report.baseUrl.path() + QLatin1Char('/'));
    const QStringList clouds = options.clouds.isEmpty() ? defaultSkyPilotClouds() : options.clouds;
    const int count = int(clouds.size());

    QTemporaryDir scratch;
    if (!scratch.isValid())
        throw RefreshFailed(kSource, QStringLiteral("cannot make a temporary folder: %1").arg(scratch.errorString()));

    // First every download, so that the document is written only once all have arrived.
    HttpFetcher fetcher(fetchOptionsOf(options));
    std::vector<QString> files(clouds.size());
    for (int i = 0; i < count; ++i) {
        const QString &cloud = clouds[i];
        if (!refreshGoesOn(options, cloud, QStringLiteral("download"), i, count))
            throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
        CloudRefresh entry;
        entry.cloud = cloud;
        entry.url = report.baseUrl.resolved(QUrl(cloud + QStringLiteral("/vms.csv")));
        // Written as it arrives into <cloud>/vms.csv, named as in the catalog so that the sheet's
        // record reads the same.
        const QString folder = scratch.filePath(QString::number(i));
        QDir().mkpath(folder);
        QFile file(folder + QStringLiteral("/vms.csv"));
        if (!file.open(QIODevice::ReadWrite))
            throw RefreshFailed(kSource, QStringLiteral("cannot write a temporary file: %1").arg(file.errorString()));
        const FetchResult result = fetcher.fetch(entry.url, &file);
        if (result.cancelled)
            throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
        if (!result.ok && result.status == 404) {
            entry.skipReason = QStringLiteral("not published (HTTP 404 %1)").arg(QStringLiteral("Not Found"));
            report.clouds.push_back(entry);
            continue;
        }
        if (!result.ok)
            throw RefreshFailed(kSource, result.error);
        if (looksLikeHtml(result))
            throw RefreshFailed(kSource, QStringLiteral("%1: answered an HTML page, not a CSV")
                                             .arg(result.finalUrl.toDisplayString(QUrl::RemoveUserInfo)));
        if (!file.flush())
            throw RefreshFailed(kSource, QStringLiteral("cannot write a temporary file: %1").arg(file.errorString()));
        file.close();
        entry.bytes = result.size;
        files[std::size_t(report.clouds.size())] = file.fileName();
        report.clouds.push_back(entry);
    }

    // Then every import, in one transaction: a failure or a cancel rolls them all back.
    try {
        document.connection().write([&] {
            SheetImporter importer(document);
            for (std::size_t i = 0; i < report.clouds.size(); ++i) {
                CloudRefresh &entry = report.clouds[i];
                if (files[i].isEmpty())
                    continue;
                if (!refreshGoesOn(options, entry.cloud, QStringLiteral("import"), int(i), count))
                    throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
                ImportOptions importOptions;
                importOptions.presetName = QStringLiteral("skypilot");
                importOptions.provider = entry.cloud;
                ImportReport imported;
                try {
                    imported = importer.import(files[i], importOptions);
                } catch (const RefreshFailed &) {
                    throw;
                } catch (const InputError &error) {
                    throw RefreshFailed(kSource, QStringLiteral("%1: %2").arg(entry.url.toDisplayString(QUrl::RemoveUserInfo), error.reason()));
                }
                entry.imported = true;
                entry.rowsRead = imported.rowsRead;
                entry.offers = imported.offers;
                entry.skippedRows = imported.skipped;
                entry.skips = imported.skips;
                entry.unknownGpus = imported.unknownGpus;
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
