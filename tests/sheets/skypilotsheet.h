// A large sheet in SkyPilot's vms.csv format, made up for the import's tests and its benchmark.
#pragma once

#include <QFile>
#include <QString>
#include <QTextStream>

namespace sheetfixtures {

// `rows` distinct offers (300 to a region) in SkyPilot v8 column order, GpuInfo as a dict.
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
