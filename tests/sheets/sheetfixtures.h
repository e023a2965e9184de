// Helpers shared by the sheet import suites: fixture paths, fresh documents in a temporary
// folder, offer lookup by key, and a SkyPilot-format sheet generator for the large cases.
#pragma once

#include "sheets/sheetimporter.h"
#include "store/document.h"

#include <QCryptographicHash>
#include <QFile>
#include <QString>
#include <QTemporaryDir>
#include <QTextStream>

#include <memory>
#include <optional>

namespace sheetfixtures {

inline QString fixture(const QString &name)
{
    return QStringLiteral(BREAKEVEN_TEST_DATA "/sheets/") + name;
}

inline std::unique_ptr<breakeven::Document> newDocument(const QTemporaryDir &dir, const QString &name = QStringLiteral("test.breakeven"))
{
    return breakeven::Document::create(dir.filePath(name));
}

inline std::optional<breakeven::StoredOffer> findOffer(breakeven::Document &document, const QString &provider,
                                                       const QString &instanceType, const QString &region)
{
    breakeven::OfferFilter filter;
    filter.provider = provider;
    filter.region = region;
    for (const breakeven::StoredOffer &stored : document.catalog().offers(
             filter, breakeven::OfferColumn::InstanceType, Qt::AscendingOrder, 0, 100000))
        if (stored.offer.instanceType == instanceType)
            return stored;
    return std::nullopt;
}

inline const breakeven::RowReport *rowAt(const breakeven::ImportReport &report, qint64 line)
{
    for (const breakeven::RowReport &row : report.rows)
        if (row.line == line)
            return &row;
    return nullptr;
}

inline QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result().toHex();
}

// `rows` distinct offers (one region each) in SkyPilot v8 column order, GpuInfo as a dict.
inline void writeSkyPilotSheet(const QString &path, qint64 rows, double priceFactor = 1.0)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return;
    QTextStream out(&file);
    out << "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,"
           "AvailabilityZone\n";
    static const char *const gpus[] = {"H100", "A100-80GB", "RTX4090", "L40S", "A10G", "T4"};
    static const int memory[] = {81559, 81920, 24564, 46068, 24576, 15360};
    for (qint64 i = 0; i < rows; ++i) {
        const int g = int(i % 6);
        const int count = 1 << (i % 4);
        out << count << "x-" << gpus[g] << "-" << (i / 6) % 50 << ',' << gpus[g] << ',' << count << ','
            << 8 * count << ',' << 32 * count << ",\"{'Gpus': [{'Name': '" << gpus[g] << "', 'Count': " << count
            << ", 'MemoryInfo': {'SizeInMiB': " << memory[g] << "}}], 'TotalGpuMemoryInMiB': "
            << memory[g] * count << "}\"," << QString::number(0.5 * count * priceFactor + (i % 97) * 0.01, 'f', 2)
            << ',' << QString::number(0.3 * count * priceFactor, 'f', 2) << ",region-" << i / 300 << ",zone-a\n";
    }
}

} // namespace sheetfixtures
