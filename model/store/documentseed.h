// What a new document starts with: the bundled catalog and example scenarios. Loaded and
// parsed completely before the new file is created, so a bad resource creates no file.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <utility>
#include <vector>

namespace breakeven {

class Connection;

struct DocumentSeed {
    std::vector<GpuModel> gpus;
    QHash<QString, GpuCatalog::LowPrecisionTflops> lowPrecision; // by catalog name: FP8 and FP4 rates
    std::vector<std::pair<QString, QString>> aliases; // alias, catalog name
    std::vector<CloudOffer> offers;
    QString offersSha256;
    QString offersAsOf; // the newest "as of" date among the offers
    std::vector<Scenario> examples;
};

DocumentSeed loadBundledSeed();

// Writes `seed` in one transaction.
void writeSeed(Connection &connection, const DocumentSeed &seed);

} // namespace breakeven
