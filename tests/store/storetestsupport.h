// Shared by the store suites: a scenario with every field set, field-by-field comparison of
// domain values (the domain types have no operator==), synthetic offers and file helpers.
#pragma once

#include "domain.h"

#include <QCryptographicHash>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QtTest>
#include <optional>

namespace storetest {

using namespace breakeven;

inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(bytes), bytes.size());
}

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
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

// Collects the fields that differ, so a failing comparison says which one.
class Differences {
public:
    template <typename T> void check(const QString &field, const T &a, const T &b)
    {
        if (!(a == b))
            m_fields.append(field);
    }
    void check(const QString &field, const std::optional<double> &a, const std::optional<double> &b)
    {
        if (a.has_value() != b.has_value() || (a && *a != *b))
            m_fields.append(field);
    }
    void add(const QStringList &fields) { m_fields += fields; }
    QString text() const { return m_fields.join(QStringLiteral(", ")); }

private:
    QStringList m_fields;
};

inline QStringList differences(const GpuModel &a, const GpuModel &b, const QString &at)
{
    Differences d;
    d.check(at + ".name", a.name, b.name);
    d.check(at + ".vendor", a.vendor, b.vendor);
    d.check(at + ".architecture", a.architecture, b.architecture);
    d.check(at + ".year", a.year, b.year);
    d.check(at + ".memoryGB", a.memoryGB, b.memoryGB);
    d.check(at + ".bandwidthGBs", a.bandwidthGBs, b.bandwidthGBs);
    d.check(at + ".fp16Tflops", a.fp16Tflops, b.fp16Tflops);
    d.check(at + ".fp32Tflops", a.fp32Tflops, b.fp32Tflops);
    d.check(at + ".tdpW", a.tdpW, b.tdpW);
    d.check(at + ".gpusPerBoard", a.gpusPerBoard, b.gpusPerBoard);
    d.check(at + ".priceNewUsd", a.priceNewUsd, b.priceNewUsd);
    d.check(at + ".priceUsedUsd", a.priceUsedUsd, b.priceUsedUsd);
    d.check(at + ".relativeThroughput", a.relativeThroughput, b.relativeThroughput);
    d.check(at + ".throughputBasis", a.throughputBasis, b.throughputBasis);
    d.check(at + ".source", a.source, b.source);
    d.check(at + ".asOf", a.asOf, b.asOf);
    return d.text().isEmpty() ? QStringList() : d.text().split(QStringLiteral(", "));
}

inline QStringList differences(const CloudOption &a, const CloudOption &b, const QString &at)
{
    Differences d;
    d.check(at + ".name", a.name, b.name);
    d.check(at + ".provider", a.provider, b.provider);
    d.check(at + ".category", a.category, b.category);
    d.check(at + ".instanceType", a.instanceType, b.instanceType);
    d.check(at + ".gpu", a.gpu, b.gpu);
    d.check(at + ".region", a.region, b.region);
    d.check(at + ".gpusPerInstance", a.gpusPerInstance, b.gpusPerInstance);
    d.check(at + ".pricing", a.pricing, b.pricing);
    d.check(at + ".pricePerHour", a.pricePerHour, b.pricePerHour);
    d.check(at + ".currency", a.currency, b.currency);
    d.check(at + ".spotRework", a.spotRework, b.spotRework);
    d.check(at + ".platformFeePerMonth", a.platformFeePerMonth, b.platformFeePerMonth);
    d.check(at + ".storagePerGBMonth", a.storagePerGBMonth, b.storagePerGBMonth);
    d.check(at + ".egressPerGB", a.egressPerGB, b.egressPerGB);
    d.check(at + ".priceMultiplier", a.priceMultiplier, b.priceMultiplier);
    d.check(at + ".maxGpus", a.maxGpus, b.maxGpus);
    return d.text().isEmpty() ? QStringList() : d.text().split(QStringLiteral(", "));
}

inline QStringList differences(const OnPremBuild &a, const OnPremBuild &b, const QString &at)
{
    Differences d;
    d.check(at + ".name", a.name, b.name);
    d.check(at + ".kind", a.kind, b.kind);
    d.check(at + ".gpu", a.gpu, b.gpu);
    d.check(at + ".gpuCount", a.gpuCount, b.gpuCount);
    d.check(at + ".components.size", a.components.size(), b.components.size());
    for (std::size_t i = 0; i < std::min(a.components.size(), b.components.size()); ++i) {
        const QString c = at + QStringLiteral(".components[%1]").arg(i);
        d.check(c + ".name", a.components[i].name, b.components[i].name);
        d.check(c + ".price", a.components[i].price, b.components[i].price);
        d.check(c + ".quantity", a.components[i].quantity, b.components[i].quantity);
    }
    d.check(at + ".listPrice", a.listPrice, b.listPrice);
    d.check(at + ".preBuiltMarkup", a.preBuiltMarkup, b.preBuiltMarkup);
    d.check(at + ".currency", a.currency, b.currency);
    d.check(at + ".infrastructureOneTime", a.infrastructureOneTime, b.infrastructureOneTime);
    d.check(at + ".idleW", a.idleW, b.idleW);
    d.check(at + ".loadW", a.loadW, b.loadW);
    d.check(at + ".electricityPerKWh", a.electricityPerKWh, b.electricityPerKWh);
    d.check(at + ".pue", a.pue, b.pue);
    d.check(at + ".overheadPerYearOfHardware", a.overheadPerYearOfHardware,
        b.overheadPerYearOfHardware);
    d.check(at + ".overheadIncludesPower", a.overheadIncludesPower, b.overheadIncludesPower);
    d.check(at + ".laborPerMonth", a.laborPerMonth, b.laborPerMonth);
    d.check(at + ".colocationPerMonth", a.colocationPerMonth, b.colocationPerMonth);
    d.check(at + ".lifetimeYears", a.lifetimeYears, b.lifetimeYears);
    d.check(at + ".depreciationPerYear", a.depreciationPerYear, b.depreciationPerYear);
    return d.text().isEmpty() ? QStringList() : d.text().split(QStringLiteral(", "));
}

inline QStringList differences(const Workload &a, const Workload &b)
{
    Differences d;
    d.check(QStringLiteral("workload.name"), a.name, b.name);
    d.check(QStringLiteral("workload.gpus"), a.gpus, b.gpus);
    d.check(QStringLiteral("workload.utilization"), a.utilization, b.utilization);
    d.check(QStringLiteral("workload.minGpuMemoryGB"), a.minGpuMemoryGB, b.minGpuMemoryGB);
    d.check(QStringLiteral("workload.growthPerYear"), a.growthPerYear, b.growthPerYear);
    d.check(QStringLiteral("workload.storageGB"), a.storageGB, b.storageGB);
    d.check(QStringLiteral("workload.egressGBPerMonth"), a.egressGBPerMonth, b.egressGBPerMonth);
    d.check(QStringLiteral("workload.jobReferenceGpuHours"), a.jobReferenceGpuHours,
        b.jobReferenceGpuHours);
    d.check(QStringLiteral("workload.gpusPerJob"), a.gpusPerJob, b.gpusPerJob);
    d.check(QStringLiteral("workload.parallelJobs"), a.parallelJobs, b.parallelJobs);
    return d.text().isEmpty() ? QStringList() : d.text().split(QStringLiteral(", "));
}

// Empty when `a` and `b` are equal field by field; otherwise the differing fields.
inline QString scenarioDifferences(const Scenario &a, const Scenario &b)
{
    Differences d;
    d.check(QStringLiteral("name"), a.name, b.name);
    d.check(QStringLiteral("currency"), a.currency, b.currency);
    d.check(QStringLiteral("exchangeRates"), a.exchangeRates, b.exchangeRates);
    d.check(QStringLiteral("horizonMonths"), a.horizonMonths, b.horizonMonths);
    d.check(QStringLiteral("referenceGpu"), a.referenceGpu, b.referenceGpu);
    d.check(QStringLiteral("discountRatePerYear"), a.discountRatePerYear, b.discountRatePerYear);
    d.check(QStringLiteral("creditResaleValue"), a.creditResaleValue, b.creditResaleValue);
    d.add(differences(a.workload, b.workload));
    d.check(QStringLiteral("gpus.size"), a.gpus.size(), b.gpus.size());
    for (std::size_t i = 0; i < std::min(a.gpus.size(), b.gpus.size()); ++i)
        d.add(differences(a.gpus[i], b.gpus[i], QStringLiteral("gpus[%1]").arg(i)));
    d.check(QStringLiteral("cloudOptions.size"), a.cloudOptions.size(), b.cloudOptions.size());
    for (std::size_t i = 0; i < std::min(a.cloudOptions.size(), b.cloudOptions.size()); ++i)
        d.add(differences(
            a.cloudOptions[i], b.cloudOptions[i], QStringLiteral("cloudOptions[%1]").arg(i)));
    d.check(QStringLiteral("onPremOptions.size"), a.onPremOptions.size(), b.onPremOptions.size());
    for (std::size_t i = 0; i < std::min(a.onPremOptions.size(), b.onPremOptions.size()); ++i)
        d.add(differences(
            a.onPremOptions[i], b.onPremOptions[i], QStringLiteral("onPremOptions[%1]").arg(i)));
    return d.text();
}

// Every field away from its default, optional ones set, text with non-ASCII characters and
// values that do not survive a round trip through float or decimal text.
inline Scenario fullScenario(const QString &name = QStringLiteral("Full scenario – ÄÖÜ ✓"))
{
    Scenario s;
    s.name = name;
    s.currency = QStringLiteral("EUR");
    s.exchangeRates = { { QStringLiteral("USD"), 0.92 }, { QStringLiteral("GBP"), 1.0 / 0.86 } };
    s.horizonMonths = 48;
    s.referenceGpu = QStringLiteral("H100-SXM5-80GB");
    s.discountRatePerYear = 0.071;
    s.creditResaleValue = true;

    Workload &w = s.workload;
    w.name = QStringLiteral("fine-tuning");
    w.gpus = 12.5;
    w.utilization = 0.37;
    w.minGpuMemoryGB = 40;
    w.growthPerYear = 0.25;
    w.storageGB = 2048;
    w.egressGBPerMonth = 300.5;
    w.jobReferenceGpuHours = 1.0 / 3.0;
    w.gpusPerJob = 4;
    w.parallelJobs = 3;

    GpuModel k80;
    k80.name = QStringLiteral("K80");
    k80.vendor = QStringLiteral("NVIDIA");
    k80.architecture = QStringLiteral("Kepler");
    k80.year = 2014;
    k80.memoryGB = 12;
    k80.bandwidthGBs = 240.5;
    k80.fp16Tflops = 4.1;
    k80.fp32Tflops = 4.37;
    k80.tdpW = 300;
    k80.gpusPerBoard = 2;
    k80.priceNewUsd = 5000;
    k80.priceUsedUsd = 96;
    k80.relativeThroughput = 0.031;
    k80.throughputBasis = QStringLiteral("fp32 ratio");
    k80.source = QStringLiteral("https://example.org/k80");
    k80.asOf = QStringLiteral("2025-01-31");
    GpuModel p40 = k80;
    p40.name = QStringLiteral("P40");
    p40.gpusPerBoard = 1;
    p40.memoryGB = 24;
    s.gpus = { k80, p40 };

    CloudOption spot;
    spot.name = QStringLiteral("g5.xlarge spot");
    spot.provider = QStringLiteral("aws");
    spot.category = CloudCategory::MlCloud;
    spot.instanceType = QStringLiteral("g5.xlarge");
    spot.gpu = QStringLiteral("A10G");
    spot.region = QStringLiteral("eu-central-1");
    spot.gpusPerInstance = 2;
    spot.pricing = PricingPlan::Spot;
    spot.pricePerHour = 0.1 + 0.2;
    spot.currency = QStringLiteral("EUR");
    spot.spotRework = 0.15;
    spot.platformFeePerMonth = 12;
    spot.storagePerGBMonth = 0.08;
    spot.egressPerGB = 0.09;
    spot.priceMultiplier = 1.1;
    spot.maxGpus = 16;
    CloudOption reserved = spot;
    reserved.name = QStringLiteral("reserved");
    reserved.category = CloudCategory::Marketplace;
    reserved.pricing = PricingPlan::Reserved3y;
    s.cloudOptions = { spot, reserved };

    OnPremBuild rig;
    rig.name = QStringLiteral("Budget K80 rig");
    rig.kind = BuildKind::PreBuilt;
    rig.gpu = QStringLiteral("K80");
    rig.gpuCount = 2;
    rig.components = { { QStringLiteral("board, CPU, RAM"), 40, 1 },
        { QStringLiteral("power supply"), 9.99, 2 }, { QStringLiteral("Tesla K80"), 96, 1.5 } };
    rig.listPrice = 1234.5;
    rig.preBuiltMarkup = 0.12;
    rig.currency = QStringLiteral("EUR");
    rig.infrastructureOneTime = 150;
    rig.idleW = 60;
    rig.loadW = 420;
    rig.electricityPerKWh = 0.31;
    rig.pue = 1.5;
    rig.overheadPerYearOfHardware = 0.5;
    rig.overheadIncludesPower = true;
    rig.laborPerMonth = 20;
    rig.colocationPerMonth = 35;
    rig.lifetimeYears = 4;
    rig.depreciationPerYear = 0.3;
    OnPremBuild empty;
    empty.name = QStringLiteral("no parts yet");
    empty.kind = BuildKind::UsedParts;
    s.onPremOptions = { rig, empty };
    return s;
}

// Deterministic offers spread over providers, categories, GPUs, regions and plans; some are
// spot-only, some have no reserved prices.
inline CloudOffer syntheticOffer(int i)
{
    static const char *providers[] = { "aws", "gcp", "azure", "lambda", "runpod", "vast" };
    static const CloudCategory categories[]
        = { CloudCategory::Hyperscaler, CloudCategory::Hyperscaler, CloudCategory::Hyperscaler,
              CloudCategory::MlCloud, CloudCategory::MlCloud, CloudCategory::Marketplace };
    static const char *gpus[] = { "A100-SXM4-80GB", "H100-SXM5-80GB", "L4", "T4", "RTX-4090" };
    static const char *regions[] = { "us-east-1", "eu-west-1", "ap-south-1" };
    CloudOffer o;
    const int p = i % 6;
    o.provider = QString::fromLatin1(providers[p]);
    o.category = categories[p];
    o.instanceType = QStringLiteral("type-%1").arg(i, 6, 10, QLatin1Char('0'));
    o.gpu = QString::fromLatin1(gpus[(i / 6) % 5]);
    o.gpuCount = 1 << (i % 4);
    o.vcpus = 8.0 * o.gpuCount;
    o.memoryGiB = 32.0 * o.gpuCount;
    o.region = QString::fromLatin1(regions[(i / 30) % 3]);
    const double perGpu = 0.2 + double((i * 7919) % 1000) / 100.0;
    if (i % 10 != 3)
        o.onDemand = perGpu * o.gpuCount;
    if (i % 3 == 0)
        o.spot = perGpu * o.gpuCount * 0.4;
    if (i % 5 == 0)
        o.reserved1y = perGpu * o.gpuCount * 0.7;
    if (i % 10 == 3 && !o.spot)
        o.spot = perGpu * o.gpuCount * 0.35;
    o.source = QStringLiteral("synthetic");
    o.url = QStringLiteral("https://example.org/%1").arg(i);
    o.asOf = QStringLiteral("2025-%1-15").arg(1 + i % 12, 2, 10, QLatin1Char('0'));
    return o;
}

} // namespace storetest
