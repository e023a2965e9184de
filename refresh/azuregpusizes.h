// Azure's GPU virtual machine sizes (the NC, ND and NV families): which catalog GPU each carries,
// how many, and its vCPUs and memory. The Azure Retail Prices API names a size only by its ARM
// name (armSkuName); what the size holds comes from Azure's size pages, written down here.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace breakeven {

struct AzureGpuSize {
    QString armSkuName;   // "Standard_ND96isr_H100_v5"
    QString gpu;          // the catalog's name (pricing-db/gpus.csv), or the GPU's own name when the
                          // catalog has none (M60, MI25): the import then skips it as an unknown GPU
    int gpuCount = 0;     // whole GPUs per VM; 0 for a size with a share of one GPU
    int gpuShareOf = 0;   // a fractional size: 1/gpuShareOf of one GPU (NV6ads_A10_v5: 6)
    double vcpus = 0;     // 0: not known
    double memoryGiB = 0; // 0: not known
};

// Every size of the table, in the order of the families.
const QList<AzureGpuSize> &azureGpuSizes();
// The size of that ARM name (case-insensitive), or none.
std::optional<AzureGpuSize> findAzureGpuSize(const QString &armSkuName);

} // namespace breakeven
