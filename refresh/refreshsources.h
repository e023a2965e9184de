// The price refresh sources by name: what `breakeven refresh --source NAME` and the window's
// Catalog › Refresh Prices… offer. Each source is one transaction on the document (see
// skypilotsource.h for the contract every source keeps: a failure, a time-out or a cancel leaves
// the document as it was and throws RefreshFailed).
#pragma once

#include "azuresource.h"
#include "skypilotsource.h"

#include <QList>
#include <QString>
#include <QUrl>

namespace breakeven {

struct RefreshSourceInfo {
    QString name;             // "skypilot": what --source and --endpoint NAME= take
    QString title;            // "SkyPilot catalog": what the window shows
    QString description;      // one sentence: what it fetches
    QUrl defaultEndpoint;     // its public base URL
    bool takesClouds = false; // RefreshOptions::clouds means something to it
    bool takesRegions = false; // RefreshOptions::regions means something to it
    bool byProvider = false;  // its entries (SourceRefresh::clouds) are providers, not clouds
    // Run when no source is named. The AWS Price List's offer files are a few hundred MB per
    // region, so it runs only when asked for.
    bool byDefault = true;
};

// Every source, in the order a refresh of all of them runs.
QList<RefreshSourceInfo> refreshSources();
// The source of that name, or nullptr.
const RefreshSourceInfo *findRefreshSource(const QString &name);

// Runs source `name` (one of refreshSources()) on `document`; throws RefreshFailed when it
// fails, InputError for an unknown name.
SourceRefresh runRefreshSource(Document &document, const QString &name, const RefreshOptions &options);

} // namespace breakeven
