// The pricing database compiled into the application from pricing-db/*.csv: GPU models and
// their aliases, cloud offers, and the presets offered by the editors. Column layouts are
// documented in pricing-db/README.md; the same columns are the "native" sheet preset.
#pragma once

#include "domain.h"
#include "gpucatalog.h"

#include <QString>

#include <map>
#include <optional>
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

// How a build may be paid for, or a scenario taxed, at published market figures
// (pricing-db/paying-presets.csv): a lease's payment is a share of the hardware price a month.
struct PayingPreset {
    enum class Kind { Financing, Tax };
    QString name;
    Kind kind = Kind::Financing;
    Financing financing;             // the payment left 0: see paymentSharePerMonth
    double paymentSharePerMonth = 0; // lease: share of the unit's hardware price a month
    Tax tax;
    QString source;

    // `build` paid as this preset says (its lease payment from its hardware price).
    Financing financingFor(const OnPremBuild &build) const;
};

// Each loader throws InputError naming the resource, line and column if a bundled file is
// malformed (a test checks they all load).
GpuCatalog loadBundledGpuCatalog();
std::vector<GpuModel> parseGpuModels(const QByteArray &csv, const QString &name);
// Sets the profiles of `models` from a throughput-profiles.csv (docs/model.md, "Throughput profiles").
void parseThroughputProfiles(const QByteArray &csv, const QString &name, std::vector<GpuModel> &models);
std::vector<CloudOffer> loadBundledOffers();
std::vector<CloudOffer> parseCloudOffers(const QByteArray &csv, const QString &name);
std::vector<UtilizationPreset> bundledUtilizationPresets();
std::vector<OverheadPreset> bundledOverheadPresets();
std::vector<PayingPreset> bundledPayingPresets();

// Reference exchange rates (pricing-db/exchange-rates.csv): units of a currency per 1 EUR.
struct ReferenceRates {
    std::map<QString, double> perEur; // EUR itself is 1
    QString asOf;
    QString source;

    // What one unit of `from` is worth in `to`, when both are known.
    std::optional<double> rate(const QString &from, const QString &to) const;
};
const ReferenceRates &bundledExchangeRates();
std::vector<OnPremBuild> bundledExampleBuilds();
// Names of the bundled example scenarios (resources/examples/*.json) and their JSON text.
QStringList bundledExampleNames();
QByteArray bundledExample(const QString &name);

} // namespace breakeven
