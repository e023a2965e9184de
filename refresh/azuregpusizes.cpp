#include "azuregpusizes.h"

namespace breakeven {

namespace {

struct Row {
    const char *size; // without "Standard_"
    const char *gpu;
    int count;        // whole GPUs; 0 with a share
    int shareOf;      // 1/shareOf of one GPU
    double vcpus;
    double memoryGiB;
};

// From Azure's size pages (learn.microsoft.com/azure/virtual-machines/sizes/gpu-accelerated/…),
// one family after the other. GPU counts are devices, as the catalog counts them (an NC6 has one
// K80 device, half a board). Sizes with a share of one GPU are kept so that the refresh can say
// why it skips them: the catalog prices whole GPUs (a SkyPilot sheet's 0.167 A10 is skipped too).
constexpr Row kRows[] = {
    // NC T4 v3: NVIDIA T4.
    {"NC4as_T4_v3", "T4", 1, 0, 4, 28},
    {"NC8as_T4_v3", "T4", 1, 0, 8, 56},
    {"NC16as_T4_v3", "T4", 1, 0, 16, 110},
    {"NC64as_T4_v3", "T4", 4, 0, 64, 440},
    // NCv3: NVIDIA V100 16 GB (PCIe).
    {"NC6s_v3", "V100-PCIE-16GB", 1, 0, 6, 112},
    {"NC12s_v3", "V100-PCIE-16GB", 2, 0, 12, 224},
    {"NC24s_v3", "V100-PCIE-16GB", 4, 0, 24, 448},
    {"NC24rs_v3", "V100-PCIE-16GB", 4, 0, 24, 448},
    // NCv2: NVIDIA P100 (retired, still priced in some regions).
    {"NC6s_v2", "P100", 1, 0, 6, 112},
    {"NC12s_v2", "P100", 2, 0, 12, 224},
    {"NC24s_v2", "P100", 4, 0, 24, 448},
    {"NC24rs_v2", "P100", 4, 0, 24, 448},
    // NC (v1): NVIDIA K80, one device per GPU counted (retired).
    {"NC6", "K80", 1, 0, 6, 56},
    {"NC12", "K80", 2, 0, 12, 112},
    {"NC24", "K80", 4, 0, 24, 224},
    {"NC24r", "K80", 4, 0, 24, 224},
    // NC A100 v4: NVIDIA A100 80 GB PCIe.
    {"NC24ads_A100_v4", "A100-PCIE-80GB", 1, 0, 24, 220},
    {"NC48ads_A100_v4", "A100-PCIE-80GB", 2, 0, 48, 440},
    {"NC96ads_A100_v4", "A100-PCIE-80GB", 4, 0, 96, 880},
    // NCads H100 v5 and its confidential sibling NCCads: NVIDIA H100 NVL 94 GB.
    {"NC40ads_H100_v5", "H100-NVL-94GB", 1, 0, 40, 320},
    {"NC80adis_H100_v5", "H100-NVL-94GB", 2, 0, 80, 640},
    {"NCC40ads_H100_v5", "H100-NVL-94GB", 1, 0, 40, 320},
    // ND (v1): NVIDIA P40.
    {"ND6s", "P40", 1, 0, 6, 112},
    {"ND12s", "P40", 2, 0, 12, 224},
    {"ND24s", "P40", 4, 0, 24, 448},
    {"ND24rs", "P40", 4, 0, 24, 448},
    // NDv2: NVIDIA V100 32 GB (SXM2).
    {"ND40rs_v2", "V100-SXM2-32GB", 8, 0, 40, 672},
    // ND A100 v4 (40 GB) and NDm A100 v4 (80 GB): NVIDIA A100 SXM4.
    {"ND96asr_v4", "A100-SXM4-40GB", 8, 0, 96, 900},
    {"ND96amsr_A100_v4", "A100-SXM4-80GB", 8, 0, 96, 1900},
    // ND H100 v5, ND H200 v5, ND MI300X v5, ND GB200 v6.
    {"ND96isr_H100_v5", "H100-SXM5-80GB", 8, 0, 96, 1900},
    {"ND96isr_H200_v5", "H200-SXM-141GB", 8, 0, 96, 1850},
    {"ND96isr_MI300X_v5", "MI300X", 8, 0, 96, 1850},
    {"ND128isr_NDR_GB200_v6", "GB200", 4, 0, 128, 0},
    // NVads A10 v5: NVIDIA A10, the smaller sizes a share of one.
    {"NV6ads_A10_v5", "A10", 0, 6, 6, 55},
    {"NV12ads_A10_v5", "A10", 0, 3, 12, 110},
    {"NV18ads_A10_v5", "A10", 0, 2, 18, 220},
    {"NV36ads_A10_v5", "A10", 1, 0, 36, 440},
    {"NV36adms_A10_v5", "A10", 1, 0, 36, 880},
    {"NV72ads_A10_v5", "A10", 2, 0, 72, 880},
    // NV (v1) and NVv3: NVIDIA Tesla M60 (not in the GPU catalog).
    {"NV6", "M60", 1, 0, 6, 56},
    {"NV12", "M60", 2, 0, 12, 112},
    {"NV24", "M60", 4, 0, 24, 224},
    {"NV12s_v3", "M60", 1, 0, 12, 112},
    {"NV24s_v3", "M60", 2, 0, 24, 224},
    {"NV48s_v3", "M60", 4, 0, 48, 448},
    // NVv4: AMD Radeon Instinct MI25 (not in the GPU catalog), the smaller sizes a share of one.
    {"NV4as_v4", "MI25", 0, 8, 4, 14},
    {"NV8as_v4", "MI25", 0, 4, 8, 28},
    {"NV16as_v4", "MI25", 0, 2, 16, 56},
    {"NV32as_v4", "MI25", 1, 0, 32, 112},
};

} // namespace

const QList<AzureGpuSize> &azureGpuSizes()
{
    static const QList<AzureGpuSize> sizes = [] {
        QList<AzureGpuSize> list;
        for (const Row &row : kRows) {
            AzureGpuSize size;
            size.armSkuName = QStringLiteral("Standard_") + QLatin1String(row.size);
            size.gpu = QLatin1String(row.gpu);
            size.gpuCount = row.count;
            size.gpuShareOf = row.shareOf;
            size.vcpus = row.vcpus;
            size.memoryGiB = row.memoryGiB;
            list << size;
        }
        return list;
    }();
    return sizes;
}

std::optional<AzureGpuSize> findAzureGpuSize(const QString &armSkuName)
{
    for (const AzureGpuSize &size : azureGpuSizes())
        if (size.armSkuName.compare(armSkuName, Qt::CaseInsensitive) == 0)
            return size;
    return std::nullopt;
}

} // namespace breakeven
