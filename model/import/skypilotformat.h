// What the SkyPilot catalog's vms.csv files need beyond column names: the provider a file
// belongs to (it is not a column), each provider's category, the GpuInfo description, the
// accelerators that are not GPUs, and GCP's pairing of GPUs with host VM families.
#pragma once

#include "domain.h"

#include <QString>

#include <optional>

namespace breakeven {

// Category of a known provider (aws -> hyperscaler, lambda -> ml-cloud, vast -> marketplace).
std::optional<CloudCategory> providerCategory(const QString &provider);

// The provider a sheet belongs to, from its path: the first word of the file name or a folder
// named after a known provider ("lambda-v7.csv", ".../catalogs/v7/lambda/vms.csv"); failing
// that, a cloud the importer has not heard of, named the same way: the file's first word
// ("hyperstack-v8.csv"), or for a file of a generic name (vms.csv, prices.csv …) its nearest
// folder that is not a version or a catalog folder (".../v8/mithril/vms.csv"). Names are letters,
// digits and '-', in lower case; none when nothing fits.
std::optional<QString> providerFromPath(const QString &path);

struct GpuInfo {
    double sizeMiB = 0;       // the first GPU's MemoryInfo.SizeInMiB
    double totalMiB = 0;      // TotalGpuMemoryInMiB
    int count = 0;            // the first GPU's Count
};
// Parses SkyPilot's GpuInfo, a Python-style dict in most files and JSON in some; nullopt when
// the text says nothing about memory.
std::optional<GpuInfo> parseGpuInfo(const QString &text);

// TPUs, Inferentia, Trainium, FPGAs, Gaudi and other accelerators that are not GPUs.
bool isNonGpuAccelerator(const QString &name);

// The GPU a GCP machine family carries built in (a2-highgpu-4g = 4 x A100, g2-standard-24 =
// 2 x L4); nullopt for families without bundled GPUs (n1 takes attached GPUs).
struct BundledGpu {
    QString accelerator; // SkyPilot's spelling of the GPU row that prices it
    int count = 0;
};
std::optional<BundledGpu> gcpBundledGpu(const QString &instanceType);
// Attachable GPUs run on an n1 host; SkyPilot picks n1-standard-(4 x count) by default, and so
// do we, so that one (GPU, count) gives one offer, not one per n1 shape.
bool isGcpAttachableGpu(const QString &accelerator);
QString gcpDefaultHost(int gpuCount);

} // namespace breakeven
