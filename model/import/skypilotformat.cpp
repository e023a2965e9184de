#include "skypilotformat.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStringList>

namespace breakeven {

namespace {

struct ProviderCategory {
    const char *provider;
    CloudCategory category;
};

// SkyPilot's cloud folder names and the spellings of pricing-db/cloud-offers.csv.
constexpr ProviderCategory kProviders[] = {
    {"aws", CloudCategory::Hyperscaler},        {"gcp", CloudCategory::Hyperscaler},
    {"azure", CloudCategory::Hyperscaler},      {"oci", CloudCategory::Hyperscaler},
    {"ibm", CloudCategory::Hyperscaler},        {"lambda", CloudCategory::MlCloud},
    {"paperspace", CloudCategory::MlCloud},     {"runpod", CloudCategory::MlCloud},
    {"coreweave", CloudCategory::MlCloud},      {"fluidstack", CloudCategory::MlCloud},
    {"cudo", CloudCategory::MlCloud},           {"do", CloudCategory::MlCloud},
    {"nebius", CloudCategory::MlCloud},         {"together", CloudCategory::MlCloud},
    {"crusoe", CloudCategory::MlCloud},         {"scp", CloudCategory::MlCloud},
    {"hyperbolic", CloudCategory::MlCloud},     {"primeintellect", CloudCategory::MlCloud},
    {"vast", CloudCategory::Marketplace},       {"spheron", CloudCategory::Marketplace},
    {"tensordock", CloudCategory::Marketplace},
};

int intValue(const QJsonValue &value)
{
    return int(value.toDouble(value.toString().toDouble()));
}

} // namespace

std::optional<CloudCategory> providerCategory(const QString &provider)
{
    for (const ProviderCategory &p : kProviders)
        if (provider.compare(QLatin1String(p.provider), Qt::CaseInsensitive) == 0)
            return p.category;
    return std::nullopt;
}

std::optional<QString> providerFromPath(const QString &path)
{
    const QFileInfo info(path);
    static const QRegularExpression wordBreak(QStringLiteral("[-_. ]"));
    const QString firstWord = info.completeBaseName().section(wordBreak, 0, 0).toLower();
    if (providerCategory(firstWord))
        return firstWord;
    // Folders nearest the file first: ".../v7/lambda/vms.csv".
    const QStringList folders = QFileInfo(info.absolutePath()).absoluteFilePath().split(QLatin1Char('/'), Qt::SkipEmptyParts);
    for (auto it = folders.crbegin(); it != folders.crend(); ++it)
        if (providerCategory(*it))
            return it->toLower();
    // A cloud newer than the list above, named by the file or its folder as SkyPilot names them.
    static const QRegularExpression name(QStringLiteral("^[a-z][a-z0-9-]{2,39}$"));
    static const QStringList generic{QStringLiteral("vms"), QStringLiteral("images"), QStringLiteral("catalog"),
                                     QStringLiteral("catalogs"), QStringLiteral("prices"), QStringLiteral("pricing"),
                                     QStringLiteral("sheet"), QStringLiteral("offers"), QStringLiteral("export"),
                                     QStringLiteral("data"), QStringLiteral("gpus"), QStringLiteral("instances"),
                                     QStringLiteral("tmp"), QStringLiteral("temp"), QStringLiteral("downloads"),
                                     QStringLiteral("home"), QStringLiteral("root"), QStringLiteral("skypilot")};
    static const QRegularExpression version(QStringLiteral("^v\\d+$"));
    const auto plausible = [&](const QString &word) {
        return name.match(word).hasMatch() && !generic.contains(word) && !version.match(word).hasMatch();
    };
    if (plausible(firstWord))
        return firstWord;
    if (!generic.contains(firstWord))
        return std::nullopt;
    for (auto it = folders.crbegin(); it != folders.crend(); ++it) {
        const QString folder = it->toLower();
        if (version.match(folder).hasMatch() || folder == QLatin1String("catalogs") || folder == QLatin1String("catalog"))
            continue;
        return plausible(folder) ? std::optional<QString>(folder) : std::nullopt;
    }
    return std::nullopt;
}

std::optional<GpuInfo> parseGpuInfo(const QString &text)
{
    if (!text.contains(QLatin1String("Gpus")))
        return std::nullopt;
    // The Python dict becomes JSON by swapping quotes; names never contain quotes of their own.
    QString json = text;
    if (!json.contains(QLatin1Char('"')))
        json.replace(QLatin1Char('\''), QLatin1Char('"'));
    json.replace(QLatin1String("None"), QLatin1String("null"))
        .replace(QLatin1String("True"), QLatin1String("true"))
        .replace(QLatin1String("False"), QLatin1String("false"));
    const QJsonObject root = QJsonDocument::fromJson(json.toUtf8()).object();
    const QJsonObject first = root.value(QLatin1String("Gpus")).toArray().first().toObject();
    GpuInfo info;
    info.sizeMiB = first.value(QLatin1String("MemoryInfo")).toObject().value(QLatin1String("SizeInMiB")).toDouble();
    info.totalMiB = root.value(QLatin1String("TotalGpuMemoryInMiB")).toDouble();
    info.count = intValue(first.value(QLatin1String("Count")));
    if (info.sizeMiB <= 0 && info.totalMiB <= 0)
        return std::nullopt;
    return info;
}

bool isNonGpuAccelerator(const QString &name)
{
    static const QRegularExpression pattern(
        QStringLiteral("^(tpu|inferentia|trainium|gaudi|habana|fpga|xilinx|vu9p|u30|qualcomm|ai100|dl1|"
                       "trn|inf[0-9])"),
        QRegularExpression::CaseInsensitiveOption);
    return pattern.match(name.trimmed()).hasMatch();
}

std::optional<BundledGpu> gcpBundledGpu(const QString &instanceType)
{
    // The accelerator-optimized families, as SkyPilot's GCP catalog pairs them: a2 (A100, ultra: 80 GB),
    // a3 (H100; ultra: H200), a4 (B200), a4x (GB200).
    static const QRegularExpression a2a3(QStringLiteral("^(a2-highgpu|a2-megagpu|a2-ultragpu|a3-[a-z]+|a4-[a-z]+|a4x-[a-z]+)-(\\d+)g$"));
    static const QRegularExpression g2(QStringLiteral("^g2-standard-(\\d+)$"));
    if (const auto m = a2a3.match(instanceType); m.hasMatch()) {
        const QString family = m.captured(1);
        const int count = m.captured(2).toInt();
        if (family == QLatin1String("a2-ultragpu"))
            return BundledGpu{QStringLiteral("A100-80GB"), count};
        if (family.startsWith(QLatin1String("a2-")))
            return BundledGpu{QStringLiteral("A100"), count};
        if (family == QLatin1String("a3-ultragpu"))
            return BundledGpu{QStringLiteral("H200"), count};
        if (family.startsWith(QLatin1String("a4x-")))
            return BundledGpu{QStringLiteral("GB200"), count};
        if (family.startsWith(QLatin1String("a4-")))
            return BundledGpu{QStringLiteral("B200"), count};
        return BundledGpu{QStringLiteral("H100"), count};
    }
    if (const auto m = g2.match(instanceType); m.hasMatch()) {
        // Google's g2 shapes: 4..32 vCPUs carry one L4, 24 two, 48 four, 96 eight.
        const int vcpus = m.captured(1).toInt();
        const int count = vcpus == 24 ? 2 : vcpus == 48 ? 4 : vcpus == 96 ? 8 : 1;
        return BundledGpu{QStringLiteral("L4"), count};
    }
    return std::nullopt;
}

bool isGcpAttachableGpu(const QString &accelerator)
{
    static const QStringList attachable{QStringLiteral("T4"), QStringLiteral("V100"), QStringLiteral("P100"),
                                        QStringLiteral("P4"), QStringLiteral("K80")};
    return attachable.contains(accelerator.trimmed(), Qt::CaseInsensitive);
}

QString gcpDefaultHost(int gpuCount)
{
    return QStringLiteral("n1-standard-%1").arg(4 * gpuCount);
}

} // namespace breakeven
