#include "gcppairing.h"

#include "skypilotformat.h"

namespace breakeven {

namespace {

QString gpuKey(const QString &accelerator, int count, const QString &region, const QString &zone)
{
    return GpuCatalog::normalized(accelerator) + QLatin1Char('|') + QString::number(count) + QLatin1Char('|')
        + region + QLatin1Char('|') + zone;
}

std::optional<double> sum(const std::optional<double> &host, const std::optional<double> &gpus)
{
    if (!host || !gpus)
        return std::nullopt;
    return *host + *gpus;
}

SheetRow combine(const SheetRow &host, const SheetRow &gpus, const QString &instanceType)
{
    SheetRow row = gpus;
    row.instanceType = instanceType;
    row.vcpus = host.vcpus;
    row.memoryGiB = host.memoryGiB;
    row.onDemand = sum(host.onDemand, gpus.onDemand);
    row.spot = sum(host.spot, gpus.spot);
    return row;
}

bool isN1Host(const QString &instanceType)
{
    return instanceType.startsWith(QLatin1String("n1-standard-"));
}

} // namespace

bool GcpPairing::take(const SheetRow &row)
{
    if (row.instanceType.isEmpty() && !row.accelerator.isEmpty()) {
        m_gpus.push_back(row);
        return true;
    }
    if (!row.instanceType.isEmpty() && row.accelerator.isEmpty()
        && (gcpBundledGpu(row.instanceType) || isN1Host(row.instanceType))) {
        m_hosts.push_back(row);
        return true;
    }
    return false;
}

GcpPairing::Result GcpPairing::finish(const QString &instanceColumn, const QString &acceleratorColumn)
{
    Result result;
    QHash<QString, std::size_t> gpuIndex;
    for (std::size_t i = 0; i < m_gpus.size(); ++i)
        gpuIndex.insert(gpuKey(m_gpus[i].accelerator, m_gpus[i].gpuCount, m_gpus[i].region, m_gpus[i].zone), i);
    QHash<QString, std::size_t> hostIndex;
    for (std::size_t i = 0; i < m_hosts.size(); ++i)
        hostIndex.insert(m_hosts[i].instanceType + QLatin1Char('|') + m_hosts[i].region + QLatin1Char('|')
                             + m_hosts[i].zone,
                         i);
    std::vector<bool> gpuUsed(m_gpus.size(), false);
    std::vector<bool> hostUsed(m_hosts.size(), false);

    for (std::size_t h = 0; h < m_hosts.size(); ++h) {
        const SheetRow &host = m_hosts[h];
        const auto bundled = gcpBundledGpu(host.instanceType);
        if (!bundled)
            continue; // n1 hosts are found from their GPUs below
        QStringList spellings{bundled->accelerator};
        if (host.instanceType.startsWith(QLatin1String("a3-megagpu")))
            spellings.prepend(QStringLiteral("H100-MEGA"));
        for (const QString &spelling : spellings) {
            const auto it = gpuIndex.constFind(gpuKey(spelling, bundled->count, host.region, host.zone));
            if (it == gpuIndex.constEnd())
                continue;
            result.instances.push_back(combine(host, m_gpus[*it], host.instanceType));
            gpuUsed[*it] = true;
            hostUsed[h] = true;
            break;
        }
        if (!hostUsed[h])
            result.skipped.push_back({host.line, {instanceColumn,
                                                  QStringLiteral("no %1 x %2 GPU price in zone %3 for this host VM")
                                                      .arg(bundled->count)
                                                      .arg(bundled->accelerator, host.zone)}});
    }

    for (std::size_t g = 0; g < m_gpus.size(); ++g) {
        const SheetRow &gpus = m_gpus[g];
        if (isGcpAttachableGpu(gpus.accelerator) && gpus.gpuCount > 0) {
            const QString hostType = gcpDefaultHost(gpus.gpuCount);
            const auto it = hostIndex.constFind(hostType + QLatin1Char('|') + gpus.region + QLatin1Char('|') + gpus.zone);
            if (it != hostIndex.constEnd()) {
                const QString name = QStringLiteral("%1+%2:%3").arg(hostType, gpus.accelerator).arg(gpus.gpuCount);
                result.instances.push_back(combine(m_hosts[*it], gpus, name));
                gpuUsed[g] = true;
                hostUsed[*it] = true;
                continue;
            }
        }
        if (gpuUsed[g])
            continue;
        if (isNonGpuAccelerator(gpus.accelerator))
            result.skipped.push_back({gpus.line, {acceleratorColumn,
                                                  QStringLiteral("accelerator \"%1\" is not a GPU").arg(gpus.accelerator)}});
        else
            result.skipped.push_back({gpus.line, {instanceColumn,
                                                  QStringLiteral("no GCP host VM for %1 x %2 in zone %3")
                                                      .arg(gpus.gpuCount)
                                                      .arg(gpus.accelerator, gpus.zone)}});
    }
    for (std::size_t h = 0; h < m_hosts.size(); ++h)
        if (!hostUsed[h] && !gcpBundledGpu(m_hosts[h].instanceType))
            result.skipped.push_back({m_hosts[h].line, {acceleratorColumn, QStringLiteral("CPU-only instance (no GPU)")}});
    m_hosts.clear();
    m_gpus.clear();
    return result;
}

} // namespace breakeven
