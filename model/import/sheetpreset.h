// Import presets: which column of a price sheet feeds which catalog field. The built-in
// presets (the bundled catalog's own columns, SkyPilot's vms.csv) and custom mappings saved in
// the document are all the same thing, a field -> header-name table, so one row reader serves
// them all. Columns are matched by header name, never by position.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <vector>

namespace breakeven {

class SettingsRepository;

// The catalog fields a sheet can provide; the spellings are pricing-db/cloud-offers.csv's
// columns plus the two SkyPilot extras (availability zone, GPU description).
enum class SheetField {
    Provider,
    Category,
    InstanceType,
    Gpu,
    GpuCount,
    Vcpus,
    MemoryGiB,
    Region,
    Zone,
    Currency,
    OnDemand,
    Spot,
    Reserved1y,
    Reserved3y,
    Source,
    Url,
    AsOf,
    GpuInfo,
    // Reserved terms paid all upfront (schema 11); optional in a native sheet.
    Reserved1yUpfront,
    Reserved3yUpfront,
};
inline constexpr int kSheetFieldCount = int(SheetField::Reserved3yUpfront) + 1;

QString fieldName(SheetField field); // "instance_type", "gpu_info", ...
std::optional<SheetField> fieldFromName(const QString &name);

// ApiPrices: a sheet of models served per token (pricing-db/api-offers.csv's columns), read by
// apipricesheet.h rather than through the field table below, which it leaves empty.
enum class PresetKind { Native, SkyPilot, Custom, ApiPrices };

struct SheetPreset {
    QString name;             // "native", "skypilot", "api" or the saved mapping's name
    PresetKind kind = PresetKind::Custom;
    std::array<QString, kSheetFieldCount> columns; // header name per field; empty: not in the sheet
    // Values for fields the sheet has no column for (a custom sheet of one provider).
    QString provider;
    QString category;
    QString currency;

    const QString &column(SheetField field) const { return columns[std::size_t(field)]; }
    void setColumn(SheetField field, const QString &header) { columns[std::size_t(field)] = header; }

    // Saved form of a custom mapping: {"columns": {"instance_type": "Instance", ...},
    // "provider": "...", "category": "...", "currency": "..."}.
    QByteArray toJson() const;
    // Throws InputError naming `name` when the JSON is not a mapping.
    static SheetPreset fromJson(const QString &name, const QByteArray &json);
};

SheetPreset nativePreset();
SheetPreset skyPilotPreset();
SheetPreset apiPricesPreset(); // "api"

// Column index per field for one header; -1 where the sheet has no such column.
using ColumnIndexes = std::array<int, kSheetFieldCount>;
// Throws InputError (where = `sheetName`) naming a mapped column missing from the header.
ColumnIndexes mapColumns(const SheetPreset &preset, const QStringList &header, const QString &sheetName);

// Picks the preset whose required columns the header has: native, then API prices, then SkyPilot, then the
// saved mappings in name order. Throws InputError when none fits.
SheetPreset detectPreset(const QStringList &header, const std::vector<SheetPreset> &saved,
                         const QString &sheetName);
// "native", "skypilot", "api" or a saved mapping; throws InputError for an unknown name.
SheetPreset presetByName(const QString &name, const std::vector<SheetPreset> &saved);

// Custom mappings stored in a document.
std::vector<SheetPreset> savedPresets(SettingsRepository &settings);
void savePreset(SettingsRepository &settings, const SheetPreset &preset);

} // namespace breakeven
