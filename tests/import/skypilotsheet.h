// A large sheet in SkyPilot's vms.csv format, made up for the import's tests and its benchmarks.
#pragma once

#include <QFile>
#include <QString>
#include <QTextStream>

namespace sheetfixtures {

// How the rows follow each other. SkyPilot's sheets list each instance type's regions one
// after the other (every instance type is one run of rows in lambda-v7.csv and vast-v7.csv);
// ByRegion lists each region's instance types instead, which puts consecutive rows far apart
// in the document's (provider, instance type, region) key.
enum class SheetOrder { ByInstanceType, ByRegion };

// `rows` distinct offers in SkyPilot v8 column order, GpuInfo as a dict: 300 instance types
// over as many regions as the rows need. Row i of the region-major numbering is instance
// type i % 300 in region i / 300, whatever the order.
inline void writeSkyPilotSheet(const QString &path, qint64 rows, double priceFactor = 1.0,
                               SheetOrder order = SheetOrder::ByInstanceType)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return;
    QTextStream out(&file);
    out << "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,"
           "AvailabilityZone\n";
    static const char *const gpus[] = {"H100", "A100-80GB", "RTX4090", "L40S", "A10G", "T4"};
    static const int memory[] = {81559, 81920, 24564, 46068, 24576, 15360};
    constexpr qint64 kTypes = 300;
    const auto row = [&](qint64 i) {
        const int g = int(i % 6);
        const int count = 1 << (i % 4);
        out << count << "x-" << gpus[g] << "-" << (i / 6) % 50 << ',' << gpus[g] << ',' << count << ','
            << 8 * count << ',' << 32 * count << ",\"{'Gpus': [{'Name': '" << gpus[g] << "', 'Count': " << count
            << ", 'MemoryInfo': {'SizeInMiB': " << memory[g] << "}}], 'TotalGpuMemoryInMiB': "
            << memory[g] * count << "}\"," << QString::number(0.5 * count * priceFactor + (i % 97) * 0.01, 'f', 2)
            << ',' << QString::number(0.3 * count * priceFactor, 'f', 2) << ",region-" << i / kTypes << ",zone-a\n";
    };
    if (order == SheetOrder::ByRegion) {
        for (qint64 i = 0; i < rows; ++i)
            row(i);
        return;
    }
    const qint64 regions = (rows + kTypes - 1) / kTypes;
    for (qint64 type = 0; type < kTypes; ++type)
        for (qint64 region = 0; region < regions; ++region)
            if (const qint64 i = region * kTypes + type; i < rows)
                row(i);
}

} // namespace sheetfixtures
