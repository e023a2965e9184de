// GCP's vms.csv prices a GPU instance in two rows: the host VM (instance type, no accelerator)
// and the GPUs (accelerator and count, no instance type), per zone. This pairs them into the
// priced GPU instances the catalog holds; the price of a pair is host plus GPUs. The a2, a3 and
// g2 families carry their GPUs built in (a2-highgpu-4g = 4 x A100); T4, V100, P100, P4 and K80
// attach to an n1 host, for which SkyPilot's default shape is used (gcpDefaultHost).
// GCP sheets are a few thousand rows, so the rows wait here until the sheet has been read.
#pragma once

#include "sheetrow.h"

#include <QHash>

#include <vector>

namespace breakeven {

class GcpPairing {
public:
    // True when the row is one half of a pair and has been kept for finish(); other rows
    // (already-combined ones, CPU-only VMs of other families) go through the normal path.
    bool take(const SheetRow &row);

    struct Skipped {
        qint64 line = 0;
        RowProblem problem;
    };
    struct Result {
        std::vector<SheetRow> instances; // one per pair, on the GPU row's line
        std::vector<Skipped> skipped;    // halves without a partner
    };
    // `columns` names the sheet's instance-type and accelerator columns for skip messages.
    Result finish(const QString &instanceColumn, const QString &acceleratorColumn);

private:
    std::vector<SheetRow> m_hosts;
    std::vector<SheetRow> m_gpus;
};

} // namespace breakeven
