#include "sheetpreset.h"

#include "inputerror.h"
#include "store/settingsrepository.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace breakeven {

namespace {

constexpr std::array<const char *, kSheetFieldCount> kFieldNames = {
    "provider", "category", "instance_type", "gpu", "gpu_count", "vcpus", "memory_gib", "region",
    "zone", "currency", "on_demand", "spot", "reserved_1y", "reserved_3y", "source", "url",
    "as_of", "gpu_info", "reserved_1y_upfront", "reserved_3y_upfront",
};

// Header cells compare without case and surrounding spaces: hand-edited sheets vary in both.
int headerIndex(const QStringList &header, const QString &name)
{
    for (int i = 0; i < header.size(); ++i)
        if (header[i].trimmed().compare(name, Qt::CaseInsensitive) == 0)
            return i;
    return -1;
}

bool hasColumns(const QStringList &header, std::initializer_list<const char *> names)
{
    for (const char *name : names)
        if (headerIndex(header, QLatin1String(name)) < 0)
            return false;
    return true;
}

bool fits(const SheetPreset &preset, const QStringList &header)
{
    bool any = false;
    for (const QString &column : preset.columns) {
        if (column.isEmpty())
            continue;
        if (headerIndex(header, column) < 0)
            return false;
        any = true;
    }
    return any;
}

} // namespace

QString fieldName(SheetField field)
{
    return QLatin1String(kFieldNames[std::size_t(field)]);
}

std::optional<SheetField> fieldFromName(const QString &name)
{
    for (int i = 0; i < kSheetFieldCount; ++i)
        if (name == QLatin1String(kFieldNames[std::size_t(i)]))
            return SheetField(i);
    return std::nullopt;
}

QByteArray SheetPreset::toJson() const
{
    QJsonObject map;
    for (int i = 0; i < kSheetFieldCount; ++i)
        if (!columns[std::size_t(i)].isEmpty())
            map.insert(fieldName(SheetField(i)), columns[std::size_t(i)]);
    QJsonObject root{{QStringLiteral("columns"), map}};
    if (!provider.isEmpty())
        root.insert(QStringLiteral("provider"), provider);
    if (!category.isEmpty())
        root.insert(QStringLiteral("category"), category);
    if (!currency.isEmpty())
        root.insert(QStringLiteral("currency"), currency);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

SheetPreset SheetPreset::fromJson(const QString &name, const QByteArray &json)
{
    const QJsonDocument document = QJsonDocument::fromJson(json);
    const QJsonObject map = document.object().value(QStringLiteral("columns")).toObject();
    if (!document.isObject() || map.isEmpty())
        throw InputError(name, QStringLiteral("not a column mapping"));
    SheetPreset preset;
    preset.name = name;
    preset.kind = PresetKind::Custom;
    for (auto it = map.begin(); it != map.end(); ++it) {
        const auto field = fieldFromName(it.key());
        if (!field || !it.value().isString())
            throw InputError(name, QStringLiteral("unknown field \"%1\" in the column mapping").arg(it.key()));
        preset.setColumn(*field, it.value().toString());
    }
    const QJsonObject root = document.object();
    preset.provider = root.value(QStringLiteral("provider")).toString();
    preset.category = root.value(QStringLiteral("category")).toString();
    preset.currency = root.value(QStringLiteral("currency")).toString();
    return preset;
}

SheetPreset nativePreset()
{
    SheetPreset preset;
    preset.name = QStringLiteral("native");
    preset.kind = PresetKind::Native;
    for (int i = 0; i < kSheetFieldCount; ++i)
        if (SheetField(i) != SheetField::Zone && SheetField(i) != SheetField::GpuInfo)
            preset.columns[std::size_t(i)] = fieldName(SheetField(i));
    return preset;
}

SheetPreset skyPilotPreset()
{
    SheetPreset preset;
    preset.name = QStringLiteral("skypilot");
    preset.kind = PresetKind::SkyPilot;
    preset.setColumn(SheetField::InstanceType, QStringLiteral("InstanceType"));
    preset.setColumn(SheetField::Gpu, QStringLiteral("AcceleratorName"));
    preset.setColumn(SheetField::GpuCount, QStringLiteral("AcceleratorCount"));
    preset.setColumn(SheetField::Vcpus, QStringLiteral("vCPUs"));
    preset.setColumn(SheetField::MemoryGiB, QStringLiteral("MemoryGiB"));
    preset.setColumn(SheetField::OnDemand, QStringLiteral("Price"));
    preset.setColumn(SheetField::Spot, QStringLiteral("SpotPrice"));
    preset.setColumn(SheetField::Region, QStringLiteral("Region"));
    preset.setColumn(SheetField::Zone, QStringLiteral("AvailabilityZone"));
    preset.setColumn(SheetField::GpuInfo, QStringLiteral("GpuInfo"));
    preset.currency = QStringLiteral("USD");
    return preset;
}

SheetPreset apiPricesPreset()
{
    SheetPreset preset;
    preset.name = QStringLiteral("api");
    preset.kind = PresetKind::ApiPrices;
    return preset;
}

ColumnIndexes mapColumns(const SheetPreset &preset, const QStringList &header, const QString &sheetName)
{
    ColumnIndexes indexes;
    indexes.fill(-1);
    for (int i = 0; i < kSheetFieldCount; ++i) {
        const QString &column = preset.columns[std::size_t(i)];
        if (column.isEmpty())
            continue;
        indexes[std::size_t(i)] = headerIndex(header, column);
        // Built-in presets list every column they understand; a sheet may leave optional ones out.
        if (indexes[std::size_t(i)] < 0 && preset.kind == PresetKind::Custom)
            throw InputError(sheetName, QStringLiteral("column \"%1\" of preset \"%2\" is not in the header")
                                            .arg(column, preset.name));
    }
    const auto need = [&](SheetField field) {
        if (indexes[std::size_t(field)] < 0 && !(field == SheetField::Provider && !preset.provider.isEmpty()))
            throw InputError(sheetName, QStringLiteral("preset \"%1\" needs a column for %2")
                                            .arg(preset.name, fieldName(field)));
    };
    need(SheetField::InstanceType);
    need(SheetField::Gpu);
    need(SheetField::Region);
    if (preset.kind == PresetKind::Native)
        need(SheetField::Provider);
    if (indexes[std::size_t(SheetField::OnDemand)] < 0 && indexes[std::size_t(SheetField::Spot)] < 0)
        throw InputError(sheetName, QStringLiteral("preset \"%1\" maps no price column").arg(preset.name));
    return indexes;
}

SheetPreset detectPreset(const QStringList &header, const std::vector<SheetPreset> &saved,
                         const QString &sheetName)
{
    if (hasColumns(header, {"provider", "instance_type", "gpu", "region", "on_demand"}))
        return nativePreset();
    if (hasColumns(header, {"provider", "model", "input_per_mtok", "output_per_mtok"}))
        return apiPricesPreset();
    if (hasColumns(header, {"InstanceType", "AcceleratorName", "AcceleratorCount", "Price", "Region"}))
        return skyPilotPreset();
    for (const SheetPreset &preset : saved)
        if (fits(preset, header))
            return preset;
    throw InputError(sheetName, QStringLiteral("the header matches no import preset (native, api, skypilot%1); "
                                               "save a column mapping and pass --preset NAME")
                                    .arg(saved.empty() ? QString() : QStringLiteral(" or a saved mapping")));
}

SheetPreset presetByName(const QString &name, const std::vector<SheetPreset> &saved)
{
    if (name.compare(QLatin1String("native"), Qt::CaseInsensitive) == 0)
        return nativePreset();
    if (name.compare(QLatin1String("skypilot"), Qt::CaseInsensitive) == 0)
        return skyPilotPreset();
    if (name.compare(QLatin1String("api"), Qt::CaseInsensitive) == 0)
        return apiPricesPreset();
    for (const SheetPreset &preset : saved)
        if (preset.name == name)
            return preset;
    throw InputError(name, QStringLiteral("no such import preset (native, skypilot, api or a mapping saved in the document)"));
}

std::vector<SheetPreset> savedPresets(SettingsRepository &settings)
{
    std::vector<SheetPreset> presets;
    for (const QString &name : settings.mappingNames())
        if (const auto json = settings.mapping(name))
            presets.push_back(SheetPreset::fromJson(name, *json));
    return presets;
}

void savePreset(SettingsRepository &settings, const SheetPreset &preset)
{
    if (preset.name.isEmpty() || preset.name == QLatin1String("native") || preset.name == QLatin1String("skypilot")
        || preset.name == QLatin1String("api"))
        throw InputError(preset.name, QStringLiteral("a custom mapping needs a name other than native, skypilot or api"));
    settings.saveMapping(preset.name, preset.toJson());
}

} // namespace breakeven
