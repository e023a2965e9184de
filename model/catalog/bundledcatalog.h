// The pricing database compiled into the application from pricing-db/*.csv: GPU models and
// their aliases, cloud offers, and the presets offered by the editors. Column layouts are
// documented in pricing-db/README.md; the same columns are the "native" sheet preset.
#pragma once

#include "domain.h"
#include "gpucatalog.h"

#include <QString>

#include <vector>

namespace breakeven {

struct UtilizationPreset {
    QString name;
    double utilization = 0;
    QString source;
};

struct OverheadPreset {
    QString name;
    double overheadPerYearOfHardware = 0;
    bool overheadIncludesPower = false;
    double pue = 1.0;
    double electricityPerKWh = 0.15;
    double lifetimeYears = 3;
    QString source;
};

// Each loader throws InputError naming the resource, line and column if a bundled file is
// malformed (a test checks they all load).
GpuCatalog loadBundledGpuCatalog();
std::vector<GpuModel> parseGpuModels(const QByteArray &csv, const QString &name);
std::vector<CloudOffer> loadBundledOffers();
std::vector<CloudOffer> parseCloudOffers(const QByteArray &csv, const QString &name);
std::vector<UtilizationPreset> bundledUtilizationPresets();
std::vector<OverheadPreset> bundledOverheadPresets();
std::vector<OnPremBuild> bundledExampleBuilds();
// Names of the bundled example scenarios (resources/examples/*.json) and their JSON text.
QStringList bundledExampleNames();
QByteArray bundledExample(const QString &name);

} // namespace breakeven
