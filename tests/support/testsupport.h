// Support shared by the test suites: running the `breakeven` executable, the every-field
// scenario, and comparing scenarios (with the domain types' operator==, and a readable account
// of the difference when they are not equal).
#pragma once

#include "domain.h"
#include "exchange/scenariojson.h"
#include "inputerror.h"

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace testsupport {

using namespace breakeven;

// One run of the `breakeven` executable: exit code (-1 when it crashed or hung for 2 minutes)
// and what it printed.
struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Whether `path` holds a whole PDF: its header and its end-of-file marker.
inline bool isPdf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = file.readAll();
    return bytes.startsWith("%PDF-") && bytes.trimmed().endsWith("%%EOF");
}

inline Run runBreakeven(const QStringList &arguments,
                        const QProcessEnvironment &environment = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(environment);
    p.start(QStringLiteral(BREAKEVEN_EXECUTABLE), arguments);
    if (!p.waitForFinished(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

// A scenario in which every field differs from its default, with values that are hard to
// round-trip: shortest-form doubles, extremes, escapes and non-ASCII text.
inline Scenario everyField()
{
    Scenario s;
    // Quotes, a backslash and text beyond ASCII; control characters are refused (see
    // rejectsInvalidInput), so none can be written back.
    s.name = QStringLiteral("Rig \"α\" \\ vs cloud / second line € 😀");
    s.currency = QStringLiteral("EUR");
    s.exchangeRates = {{QStringLiteral("USD"), 0.92}, {QStringLiteral("GBP"), 1.0 / 3},
                       {QStringLiteral("JPY"), 0.0061}};
    s.horizonMonths = 600;
    s.referenceGpu = QStringLiteral("H100-SXM5-80GB");
    s.discountRatePerYear = -0.5;
    s.creditResaleValue = true;
    s.cloudPriceChangePerYear = -0.2;
    s.hardwarePriceChangePerYear = -0.28;
    s.electricityPriceChangePerYear = 0.035;
    s.criterionWeights = {50, 0, 10, 10, 10, 5, 15.5};
    {
        Uncertainty u;
        u.samples = 2500;
        u.seed = 999999999999; // the largest the format takes
        UncertainInput utilization;
        utilization.path = QStringLiteral("workload.utilization");
        utilization.low = 0.1;
        utilization.high = 0.9;
        UncertainInput prices;
        prices.path = QStringLiteral("cloudOptions[*].pricePerHour");
        prices.lowFactor = 0.7;
        prices.highFactor = 1.1;
        prices.distribution = Distribution::Uniform;
        u.inputs = {utilization, prices};
        s.uncertainty = u;
    }

    Workload &w = s.workload;
    w.name = QStringLiteral("sweeps");
    w.gpus = 987654321987.654; // up to the limit of 1e12, with every digit kept
    w.utilization = 0.1 + 0.2;
    w.minGpuMemoryGB = 40;
    w.growthPerYear = 0.25;
    w.storageGB = 1e-300;
    w.egressGBPerMonth = 123456789.123;
    w.jobReferenceGpuHours = 0;
    w.gpusPerJob = 8;
    w.parallelJobs = 2147483647;
    w.throughputProfile = ThroughputProfile::LlmTraining;

    GpuModel g;
    g.name = QStringLiteral("K80");
    g.vendor = QStringLiteral("NVIDIA");
    g.architecture = QStringLiteral("Kepler");
    g.year = 2014;
    g.memoryGB = 12;
    g.bandwidthGBs = 240.5;
    g.fp16Tflops = 4.37;
    g.fp32Tflops = 8.73;
    g.tdpW = 300;
    g.gpusPerBoard = 2;
    g.priceNewUsd = 5000;
    g.priceUsedUsd = 96.5;
    g.relativeThroughput = 0.03;
    g.throughputBasis = QStringLiteral("fp32 ratio");
    g.source = QStringLiteral("https://example.org/k80");
    g.asOf = QStringLiteral("2024-05-01");
    s.gpus = {g};
    g.name = QStringLiteral("P40");
    g.relativeThroughput = 1e-7; // written in exponent form
    s.gpus.push_back(g);

    CloudOption c;
    c.name = QStringLiteral("p3 spot");
    c.provider = QStringLiteral("aws");
    c.category = CloudCategory::Marketplace;
    c.instanceType = QStringLiteral("p3.8xlarge");
    c.gpu = QStringLiteral("V100");
    c.region = QStringLiteral("eu-west-1");
    c.gpusPerInstance = 4;
    c.pricing = PricingPlan::Reserved3y;
    c.pricePerHour = 12.24;
    c.currency = QStringLiteral("GBP");
    c.spotRework = 10;
    c.platformFeePerMonth = 49.99;
    c.storagePerGBMonth = 0.023;
    c.egressPerGB = 0.09;
    c.priceMultiplier = 0.8;
    c.maxGpus = 512;
    c.priceChangePerYear = -0.9; // the lowest a rate may be
    c.reservedUpfrontShare = 0.5;
    c.commitmentMonths = 60;
    c.scores[std::size_t(Criterion::Cost)] = 5;
    c.scores[std::size_t(Criterion::Reliability)] = 2.5;
    s.cloudOptions = {c};
    c.name = QStringLiteral("ml cloud");
    c.category = CloudCategory::MlCloud;
    c.pricing = PricingPlan::Spot;
    c.priceChangePerYear.reset(); // follows the scenario's
    c.reservedUpfrontShare = 0;
    c.commitmentMonths.reset();
    c.scores = {};
    s.cloudOptions.push_back(c);

    OnPremBuild b;
    b.name = QStringLiteral("Tower");
    b.kind = BuildKind::PreBuilt;
    b.gpu = QStringLiteral("K80");
    b.gpuCount = 4;
    b.components = {{QStringLiteral("board"), 40, 1},
                    {QString(), 9.99, 2.5},
                    {QStringLiteral("K80"), 96, 0}};
    b.listPrice = 1234.5;
    b.preBuiltMarkup = 0.5;
    b.currency = QStringLiteral("CHF");
    b.infrastructureOneTime = 800;
    b.idleW = 0;
    b.loadW = 950.5;
    b.electricityPerKWh = 0.3;
    b.pue = 1.5;
    b.overheadPerYearOfHardware = 0.5;
    b.overheadIncludesPower = true;
    b.laborPerMonth = 100;
    b.colocationPerMonth = 75;
    b.lifetimeYears = 50;
    b.depreciationPerYear = 1;
    b.scores[std::size_t(Criterion::Setup)] = 1;
    s.onPremOptions = {b};
    b.name = QStringLiteral("Scratch build");
    b.kind = BuildKind::BuiltFromScratch;
    b.listPrice.reset();
    b.idleW.reset();
    b.loadW.reset();
    b.components.clear();
    b.scores = {};
    s.onPremOptions.push_back(b);
    return s;
}

// everyField() under another name: what the store suites save and read back.
inline Scenario fullScenario(const QString &name = QStringLiteral("Full scenario – ÄÖÜ ✓"))
{
    Scenario s = everyField();
    s.name = name;
    return s;
}

// Empty when `a == b`; otherwise the first line where their scenario JSON differs (or, when the
// JSON is the same, that they differ in a value the JSON writes the same way).
inline QString scenarioDifferences(const Scenario &a, const Scenario &b)
{
    if (a == b)
        return {};
    QList<QByteArray> left;
    QList<QByteArray> right;
    try {
        left = writeScenarioJson(a).split('\n');
        right = writeScenarioJson(b).split('\n');
    } catch (const InputError &error) {
        return QStringLiteral("the scenarios differ; one cannot be written as JSON: %1").arg(error.message());
    }
    for (qsizetype i = 0; i < std::max(left.size(), right.size()); ++i) {
        const QByteArray l = i < left.size() ? left[i].trimmed() : QByteArray("(end)");
        const QByteArray r = i < right.size() ? right[i].trimmed() : QByteArray("(end)");
        if (l != r)
            return QStringLiteral("line %1: %2 ≠ %3").arg(i + 1).arg(QString::fromUtf8(l), QString::fromUtf8(r));
    }
    return QStringLiteral("the scenarios differ beyond what their JSON shows");
}

} // namespace testsupport
