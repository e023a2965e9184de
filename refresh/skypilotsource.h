// The SkyPilot catalog as a price refresh source: `<base>/<cloud>/vms.csv` for each cloud asked,
// downloaded, then imported with the SkyPilot preset and the cloud as provider. The whole source
// is one transaction: a network failure, a time-out, a cut-off download, a page that is not a
// sheet or a cancel leaves the document exactly as it was. A cloud the catalog does not publish
// (HTTP 404) is skipped with that reason; the others still import.
#pragma once

#include "httpfetcher.h"
#include "import/sheetimporter.h"
#include "inputerror.h"

#include <QStringList>
#include <QUrl>

#include <atomic>
#include <functional>
#include <vector>

namespace breakeven {

class Document;

// https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v8/
QUrl defaultSkyPilotBaseUrl();
// The v8 clouds asked for when none is named (see README, "Command line").
QStringList defaultSkyPilotClouds();

// Called before each cloud's download (`stage` "download") and import (`stage` "import");
// return false to cancel.
using RefreshProgress = std::function<bool(const QString &cloud, const QString &stage, int index, int count)>;

struct RefreshOptions {
    QUrl baseUrl;             // empty: defaultSkyPilotBaseUrl()
    QStringList clouds;       // empty: defaultSkyPilotClouds()
    QStringList regions;      // sources priced by region: empty means the source's default
    FetchOptions fetch;
    RefreshProgress progress;
    const std::atomic_bool *cancel = nullptr;
};

struct CloudRefresh {
    QString cloud;
    QUrl url;
    bool imported = false;
    QString skipReason;       // when not imported: "not published (HTTP 404 Not Found)"
    qint64 bytes = 0;
    qint64 rowsRead = 0;
    OfferCounts offers;
    qint64 skippedRows = 0;
    std::vector<RowIssue> skips; // rows the importer skipped, with reasons
    std::vector<std::pair<QString, qint64>> unknownGpus;
};

struct SourceRefresh {
    QString source;           // "skypilot"
    QUrl baseUrl;
    std::vector<CloudRefresh> clouds;
    OfferCounts offers;       // totals over the clouds
    qint64 rowsRead = 0;
    qint64 skippedRows = 0;
    int cloudsImported = 0;
    int cloudsSkipped = 0;
};

// Whether a source goes on to `stage` of `item` (index of count): false once `options.cancel` is
// set or `options.progress` says stop.
bool refreshGoesOn(const RefreshOptions &options, const QString &item, const QString &stage, int index, int count);
// The fetch options of a refresh: its own, cancelled with the refresh.
FetchOptions fetchOptionsOf(const RefreshOptions &options);

// Sets the source's totals (clouds imported and skipped, offers, rows) from its clouds.
void addUpClouds(SourceRefresh &report);

// A source that failed: `where` is the source's name, the reason says why and that nothing
// changed.
struct RefreshFailed : InputError {
    RefreshFailed(const QString &source, const QString &reason, bool cancelled = false)
        : InputError(source, reason + QStringLiteral("; nothing changed"))
        , cancelled(cancelled)
    {
    }
    bool cancelled;
};

// Fetches and imports; throws RefreshFailed (the document untouched) when the source fails.
// Runs an event loop while downloading: call it from a thread with a Qt event dispatcher.
SourceRefresh refreshSkyPilot(Document &document, const RefreshOptions &options = {});

} // namespace breakeven
