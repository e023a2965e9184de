// The scenario exchange format: the documented example, defaults, every validation rule with the
// JSON path it names, parse error positions, exact round trips and file handling.
#include "inputerror.h"
#include "scenario/scenariojson.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>

using namespace breakeven;

namespace {

// Text forms used to compare fields: exact for doubles (17 digits) and readable on failure.
QString show(double value) { return QString::number(value, 'g', 17); }
QString show(int value) { return QString::number(value); }
QString show(bool value) { return value ? QStringLiteral("true") : QStringLiteral("false"); }
QString show(const QString &value) { return value; }
QString show(const std::optional<double> &value) { return value ? show(*value) : QStringLiteral("null"); }
QString show(PricingPlan value) { return toString(value); }
QString show(CloudCategory value) { return toString(value); }
QString show(BuildKind value) { return toString(value); }

#define SAME(field) QCOMPARE(show(actual.field), show(expected.field))

void compare(const Workload &actual, const Workload &expected)
{
    SAME(name); SAME(gpus); SAME(utilization); SAME(minGpuMemoryGB); SAME(growthPerYear);
    SAME(storageGB); SAME(egressGBPerMonth); SAME(jobReferenceGpuHours); SAME(gpusPerJob);
    SAME(parallelJobs);
}

void compare(const GpuModel &actual, const GpuModel &expected)
{
    SAME(name); SAME(vendor); SAME(architecture); SAME(year); SAME(memoryGB); SAME(bandwidthGBs);
    SAME(fp16Tflops); SAME(fp32Tflops); SAME(tdpW); SAME(gpusPerBoard); SAME(priceNewUsd);
    SAME(priceUsedUsd); SAME(relativeThroughput); SAME(throughputBasis); SAME(source); SAME(asOf);
}

void compare(const CloudOption &actual, const CloudOption &expected)
{
    SAME(name); SAME(provider); SAME(category); SAME(instanceType); SAME(gpu); SAME(region);
    SAME(gpusPerInstance); SAME(pricing); SAME(pricePerHour); SAME(currency); SAME(spotRework);
    SAME(platformFeePerMonth); SAME(storagePerGBMonth); SAME(egressPerGB); SAME(priceMultiplier);
    SAME(maxGpus);
}

void compare(const OnPremBuild &actual, const OnPremBuild &expected)
{
    SAME(name); SAME(kind); SAME(gpu); SAME(gpuCount); SAME(listPrice); SAME(preBuiltMarkup);
    SAME(currency); SAME(infrastructureOneTime); SAME(idleW); SAME(loadW); SAME(electricityPerKWh);
    SAME(pue); SAME(overheadPerYearOfHardware); SAME(overheadIncludesPower); SAME(laborPerMonth);
    SAME(colocationPerMonth); SAME(lifetimeYears); SAME(depreciationPerYear);
    QCOMPARE(actual.components.size(), expected.components.size());
    for (std::size_t i = 0; i < expected.components.size(); ++i) {
        QCOMPARE(actual.components[i].name, expected.components[i].name);
        QCOMPARE(show(actual.components[i].price), show(expected.components[i].price));
        QCOMPARE(show(actual.components[i].quantity), show(expected.components[i].quantity));
    }
}

template <typename T>
void compareLists(const std::vector<T> &actual, const std::vector<T> &expected)
{
    QCOMPARE(actual.size(), expected.size());
    for (std::size_t i = 0; i < expected.size() && !QTest::currentTestFailed(); ++i)
        compare(actual[i], expected[i]);
}

void compare(const Scenario &actual, const Scenario &expected)
{
    SAME(name); SAME(currency); SAME(horizonMonths); SAME(referenceGpu); SAME(discountRatePerYear);
    SAME(creditResaleValue);
    QCOMPARE(actual.exchangeRates.size(), expected.exchangeRates.size());
    for (const auto &[code, rate] : expected.exchangeRates) {
        QVERIFY2(actual.exchangeRates.count(code), qPrintable(code));
        QCOMPARE(show(actual.exchangeRates.at(code)), show(rate));
    }
    compare(actual.workload, expected.workload);
    if (QTest::currentTestFailed()) return;
    compareLists(actual.gpus, expected.gpus);
    if (QTest::currentTestFailed()) return;
    compareLists(actual.cloudOptions, expected.cloudOptions);
    if (QTest::currentTestFailed()) return;
    compareLists(actual.onPremOptions, expected.onPremOptions);
}

#undef SAME

// A version 1 document with the given top-level fields after format and version.
QByteArray doc(const QByteArray &fields = {})
{
    QByteArray text = R"({"format": "breakeven-scenario", "version": 1)";
    if (!fields.isEmpty())
        text += ", " + fields;
    return text + "}";
}

// Documents with one minimal option (or GPU, or workload) carrying the given extra fields.
QByteArray cloud(const QByteArray &extra)
{
    return doc(R"("cloudOptions": [{"name": "c", "gpu": "A10G", "pricePerHour": 1, )" + extra + "}]");
}

QByteArray onPrem(const QByteArray &extra)
{
    return doc(R"("onPremOptions": [{"name": "b", "gpu": "K80", )" + extra + "}]");
}

QByteArray gpu(const QByteArray &extra)
{
    return doc(R"("gpus": [{"name": "K80", )" + extra + "}]");
}

QByteArray workload(const QByteArray &fields)
{
    return doc(R"("workload": {)" + fields + "}");
}

const QByteArray kProductExample = R"({
  "format": "breakeven-scenario", "version": 1,
  "name": "Budget rig vs g5.xlarge",
  "currency": "EUR", "exchangeRates": {"USD": 0.92},
  "horizonMonths": 36, "referenceGpu": "A100-SXM4-80GB",
  "discountRatePerYear": 0.0, "creditResaleValue": false,
  "workload": {"name": "experiments", "gpus": 1, "utilization": 1.0, "minGpuMemoryGB": 0,
               "growthPerYear": 0.0, "storageGB": 0, "egressGBPerMonth": 0,
               "jobReferenceGpuHours": 10, "gpusPerJob": 1, "parallelJobs": 16},
  "gpus": [{"name": "K80", "memoryGB": 12, "relativeThroughput": 1.0, "tdpW": 150, "gpusPerBoard": 2}],
  "cloudOptions": [{"name": "g5.xlarge on-demand", "provider": "aws", "category": "hyperscaler",
                    "instanceType": "g5.xlarge", "gpu": "A10G", "gpusPerInstance": 1,
                    "pricing": "on-demand", "pricePerHour": 1.00, "currency": "EUR",
                    "spotRework": 0.1, "platformFeePerMonth": 0, "storagePerGBMonth": 0,
                    "egressPerGB": 0, "priceMultiplier": 1.0, "maxGpus": 64}],
  "onPremOptions": [{"name": "Budget K80 rig", "kind": "used-parts", "gpu": "K80", "gpuCount": 2,
                     "components": [{"name": "board, CPU, RAM", "price": 40, "quantity": 1},
                                    {"name": "power supply", "price": 9, "quantity": 1},
                                    {"name": "Tesla K80", "price": 96, "quantity": 1}],
                     "currency": "EUR", "infrastructureOneTime": 0, "idleW": 0, "loadW": 0,
                     "electricityPerKWh": 0, "pue": 1.0, "overheadPerYearOfHardware": 0,
                     "overheadIncludesPower": false, "laborPerMonth": 0, "colocationPerMonth": 0,
                     "lifetimeYears": 3, "depreciationPerYear": 0.2}]
})";

// A scenario in which every field differs from its default, with values that are hard to
// round-trip: shortest-form doubles, extremes, escapes and non-ASCII text.
Scenario everyField()
{
    Scenario s;
    s.name = QStringLiteral("Rig \"α\" \\ vs cloud\nsecond line\t€");
    s.currency = QStringLiteral("EUR");
    s.exchangeRates = {{QStringLiteral("USD"), 0.92}, {QStringLiteral("GBP"), 1.0 / 3},
                       {QStringLiteral("JPY"), 0.0061}};
    s.horizonMonths = 600;
    s.referenceGpu = QStringLiteral("H100-SXM5-80GB");
    s.discountRatePerYear = -0.5;
    s.creditResaleValue = true;

    Workload &w = s.workload;
    w.name = QStringLiteral("sweeps");
    w.gpus = 1e308;
    w.utilization = 0.1 + 0.2;
    w.minGpuMemoryGB = 40;
    w.growthPerYear = 0.25;
    w.storageGB = 1e-300;
    w.egressGBPerMonth = 123456789.123;
    w.jobReferenceGpuHours = 0;
    w.gpusPerJob = 8;
    w.parallelJobs = 2147483647;

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
    g.relativeThroughput = 9007199254740994.0; // beyond 2^53: written in exponent form
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
    s.cloudOptions = {c};
    c.name = QStringLiteral("ml cloud");
    c.category = CloudCategory::MlCloud;
    c.pricing = PricingPlan::Spot;
    s.cloudOptions.push_back(c);

    OnPremBuild b;
    b.name = QStringLiteral("Tower");
    b.kind = BuildKind::PreBuilt;
    b.gpu = QStringLiteral("K80");
    b.gpuCount = 4;
    b.components = {{QStringLiteral("board"), 40, 1}, {QString(), 9.99, 2.5}, {QStringLiteral("K80"), 96, 0}};
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
    s.onPremOptions = {b};
    b.name = QStringLiteral("Scratch build");
    b.kind = BuildKind::BuiltFromScratch;
    b.listPrice.reset();
    b.idleW.reset();
    b.loadW.reset();
    b.components.clear();
    s.onPremOptions.push_back(b);
    return s;
}

} // namespace

class TestScenarioJson : public QObject {
    Q_OBJECT

private slots:
    void readsProductExample();
    void omittedFieldsTakeDefaults();
    void optionalNumbersTellAbsentNullAndZeroApart();
    void acceptsHugeFiniteNumbers();
    void rejectsInvalidInput_data();
    void rejectsInvalidInput();
    void parseErrorsGivePosition_data();
    void parseErrorsGivePosition();
    void valueErrorsNameTheFile();
    void deepNestingIsAnError();
    void roundTripIsExact_data();
    void roundTripIsExact();
    void writesEveryFieldInDocumentedOrder();
    void readsFile();
    void missingFileErrorNamesFile();
    void folderIsRejected();
    void tooLargeFileIsRejected();
};

void TestScenarioJson::readsProductExample()
{
    const Scenario s = readScenarioJson(kProductExample);
    QCOMPARE(s.name, QStringLiteral("Budget rig vs g5.xlarge"));
    QCOMPARE(s.currency, QStringLiteral("EUR"));
    QCOMPARE(s.exchangeRates.size(), std::size_t(1));
    QCOMPARE(show(s.exchangeRates.at(QStringLiteral("USD"))), show(0.92));
    QCOMPARE(s.horizonMonths, 36);
    QCOMPARE(s.referenceGpu, QStringLiteral("A100-SXM4-80GB"));
    QCOMPARE(show(s.discountRatePerYear), show(0.0));
    QCOMPARE(s.creditResaleValue, false);

    const Workload &w = s.workload;
    QCOMPARE(w.name, QStringLiteral("experiments"));
    QCOMPARE(show(w.gpus), show(1.0));
    QCOMPARE(show(w.utilization), show(1.0));
    QCOMPARE(show(w.minGpuMemoryGB), show(0.0));
    QCOMPARE(show(w.growthPerYear), show(0.0));
    QCOMPARE(show(w.storageGB), show(0.0));
    QCOMPARE(show(w.egressGBPerMonth), show(0.0));
    QCOMPARE(show(w.jobReferenceGpuHours), show(10.0));
    QCOMPARE(w.gpusPerJob, 1);
    QCOMPARE(w.parallelJobs, 16);

    QCOMPARE(s.gpus.size(), std::size_t(1));
    const GpuModel &g = s.gpus[0];
    QCOMPARE(g.name, QStringLiteral("K80"));
    QCOMPARE(show(g.memoryGB), show(12.0));
    QCOMPARE(show(g.relativeThroughput), show(1.0));
    QCOMPARE(show(g.tdpW), show(150.0));
    QCOMPARE(g.gpusPerBoard, 2);
    QCOMPARE(g.vendor, QString());      // not in the example: default
    QCOMPARE(show(g.priceNewUsd), show(0.0));

    QCOMPARE(s.cloudOptions.size(), std::size_t(1));
    const CloudOption &c = s.cloudOptions[0];
    QCOMPARE(c.name, QStringLiteral("g5.xlarge on-demand"));
    QCOMPARE(c.provider, QStringLiteral("aws"));
    QCOMPARE(show(c.category), show(CloudCategory::Hyperscaler));
    QCOMPARE(c.instanceType, QStringLiteral("g5.xlarge"));
    QCOMPARE(c.gpu, QStringLiteral("A10G"));
    QCOMPARE(c.region, QString());
    QCOMPARE(c.gpusPerInstance, 1);
    QCOMPARE(show(c.pricing), show(PricingPlan::OnDemand));
    QCOMPARE(show(c.pricePerHour), show(1.0));
    QCOMPARE(c.currency, QStringLiteral("EUR"));
    QCOMPARE(show(c.spotRework), show(0.1));
    QCOMPARE(show(c.platformFeePerMonth), show(0.0));
    QCOMPARE(show(c.storagePerGBMonth), show(0.0));
    QCOMPARE(show(c.egressPerGB), show(0.0));
    QCOMPARE(show(c.priceMultiplier), show(1.0));
    QCOMPARE(c.maxGpus, 64);

    QCOMPARE(s.onPremOptions.size(), std::size_t(1));
    const OnPremBuild &b = s.onPremOptions[0];
    QCOMPARE(b.name, QStringLiteral("Budget K80 rig"));
    QCOMPARE(show(b.kind), show(BuildKind::UsedParts));
    QCOMPARE(b.gpu, QStringLiteral("K80"));
    QCOMPARE(b.gpuCount, 2);
    QCOMPARE(b.components.size(), std::size_t(3));
    QCOMPARE(b.components[0].name, QStringLiteral("board, CPU, RAM"));
    QCOMPARE(show(b.components[0].price), show(40.0));
    QCOMPARE(show(b.components[0].quantity), show(1.0));
    QCOMPARE(b.components[1].name, QStringLiteral("power supply"));
    QCOMPARE(show(b.components[1].price), show(9.0));
    QCOMPARE(b.components[2].name, QStringLiteral("Tesla K80"));
    QCOMPARE(show(b.components[2].price), show(96.0));
    QCOMPARE(show(b.hardwarePrice()), show(145.0)); // worked example 1
    QCOMPARE(show(b.listPrice), show(std::optional<double>()));
    QCOMPARE(show(b.preBuiltMarkup), show(0.0));
    QCOMPARE(b.currency, QStringLiteral("EUR"));
    QCOMPARE(show(b.infrastructureOneTime), show(0.0));
    QCOMPARE(show(b.idleW), show(0.0)); // given as 0: set, not left to the engine
    QCOMPARE(show(b.loadW), show(0.0));
    QCOMPARE(show(b.electricityPerKWh), show(0.0));
    QCOMPARE(show(b.pue), show(1.0));
    QCOMPARE(show(b.overheadPerYearOfHardware), show(0.0));
    QCOMPARE(b.overheadIncludesPower, false);
    QCOMPARE(show(b.laborPerMonth), show(0.0));
    QCOMPARE(show(b.colocationPerMonth), show(0.0));
    QCOMPARE(show(b.lifetimeYears), show(3.0));
    QCOMPARE(show(b.depreciationPerYear), show(0.2));
}

void TestScenarioJson::omittedFieldsTakeDefaults()
{
    const Scenario s = readScenarioJson(doc(R"("gpus": [{"name": "K80"}],
        "cloudOptions": [{"name": "c", "gpu": "A10G", "pricePerHour": 2}],
        "onPremOptions": [{"name": "b", "gpu": "K80"}])"));

    Scenario expected;
    GpuModel g;
    g.name = QStringLiteral("K80");
    expected.gpus = {g};
    CloudOption c;
    c.name = QStringLiteral("c");
    c.gpu = QStringLiteral("A10G");
    c.pricePerHour = 2;
    expected.cloudOptions = {c};
    OnPremBuild b;
    b.name = QStringLiteral("b");
    b.gpu = QStringLiteral("K80");
    expected.onPremOptions = {b};
    compare(s, expected);

    // The defaults of cost-model.md, spelled out so that a change in domain.h is noticed.
    QCOMPARE(s.horizonMonths, 36);
    QCOMPARE(s.referenceGpu, QStringLiteral("A100-SXM4-80GB"));
    QCOMPARE(show(s.workload.gpus), show(8.0));
    QCOMPARE(show(s.workload.utilization), show(0.5));
    QVERIFY(!s.workload.jobReferenceGpuHours);
    QCOMPARE(show(s.cloudOptions[0].spotRework), show(0.1));
    QCOMPARE(s.cloudOptions[0].maxGpus, 64);
    QVERIFY(!s.onPremOptions[0].idleW);
    QVERIFY(!s.onPremOptions[0].loadW);
    QVERIFY(!s.onPremOptions[0].listPrice);
    QCOMPARE(show(s.onPremOptions[0].electricityPerKWh), show(0.15));
    QCOMPARE(show(s.onPremOptions[0].depreciationPerYear), show(0.2));
    QCOMPARE(show(s.onPremOptions[0].lifetimeYears), show(3.0));

    compare(readScenarioJson(doc()), Scenario());
}

void TestScenarioJson::optionalNumbersTellAbsentNullAndZeroApart()
{
    const Scenario s = readScenarioJson(doc(R"("workload": {"jobReferenceGpuHours": null},
        "onPremOptions": [{"name": "a", "gpu": "K80", "idleW": null, "loadW": 0, "listPrice": 0},
                          {"name": "b", "gpu": "K80", "idleW": 35}])"));
    QVERIFY(!s.workload.jobReferenceGpuHours);
    QVERIFY(!s.onPremOptions[0].idleW);
    QCOMPARE(show(s.onPremOptions[0].loadW), show(0.0));
    QCOMPARE(show(s.onPremOptions[0].listPrice), show(0.0));
    QCOMPARE(show(s.onPremOptions[1].idleW), show(35.0));
    QVERIFY(!s.onPremOptions[1].loadW);
}

void TestScenarioJson::acceptsHugeFiniteNumbers()
{
    const Scenario s = readScenarioJson(cloud(R"("platformFeePerMonth": 1e308, "maxGpus": 2147483647)"));
    QCOMPARE(show(s.cloudOptions[0].platformFeePerMonth), show(1e308));
    QCOMPARE(s.cloudOptions[0].maxGpus, 2147483647);
    QCOMPARE(show(readScenarioJson(workload(R"("gpus": 1e308)")).workload.gpus), show(1e308));
}

void TestScenarioJson::rejectsInvalidInput_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("reason");

    const auto row = [](const char *name, const QByteArray &json, const char *where, const char *reason) {
        QTest::newRow(name) << json << QString::fromUtf8(where) << QString::fromUtf8(reason);
    };

    // Document level.
    row("not an object", "[1, 2]", "", "must be a JSON object");
    row("empty input", "  \n", "", "empty");
    row("format missing", R"({"version": 1})", "format", "required");
    row("format wrong", R"({"format": "breakeven-document", "version": 1})", "format",
        "must be \"breakeven-scenario\"");
    row("format not a string", R"({"format": 1, "version": 1})", "format", "must be a string");
    row("version missing", R"({"format": "breakeven-scenario"})", "version", "required");
    row("version newer", R"({"format": "breakeven-scenario", "version": 2, "futureField": 1})",
        "version", "written by a newer version of Breakeven (version 2); this version reads version 1");
    row("version zero", R"({"format": "breakeven-scenario", "version": 0})", "version", "must be 1");
    row("version as string", R"({"format": "breakeven-scenario", "version": "1"})", "version",
        "must be an integer");
    row("version fraction", R"({"format": "breakeven-scenario", "version": 1.5})", "version",
        "must be an integer, not 1.5");

    // Unknown fields at each level.
    row("unknown top-level", doc(R"("nmae": "x")"), "nmae", "unknown field");
    row("unknown workload", workload(R"("gpu": 1)"), "workload.gpu", "unknown field");
    row("unknown gpu", gpu(R"("tdp": 150)"), "gpus[0].tdp", "unknown field");
    row("unknown cloud", cloud(R"("prize": 1)"), "cloudOptions[0].prize", "unknown field");
    row("unknown on-prem", onPrem(R"("price": 1)"), "onPremOptions[0].price", "unknown field");
    row("unknown component", onPrem(R"("components": [{"name": "psu", "cost": 9}])"),
        "onPremOptions[0].components[0].cost", "unknown field");
    row("unknown before missing", doc(R"("cloudOptions": [{"name": "c", "gpu": "A10G", "prize": 1}])"),
        "cloudOptions[0].prize", "unknown field");

    // Wrong types.
    row("number as string", workload(R"("gpus": "1")"), "workload.gpus", "must be a number");
    row("NaN as string", workload(R"("utilization": "NaN")"), "workload.utilization", "must be a number");
    row("number as null", cloud(R"("spotRework": null)"), "cloudOptions[0].spotRework", "must be a number");
    row("bool as string", doc(R"("creditResaleValue": "yes")"), "creditResaleValue", "must be true or false");
    row("string as number", doc(R"("name": 5)"), "name", "must be a string");
    row("integer as string", doc(R"("horizonMonths": "36")"), "horizonMonths", "must be an integer");
    row("workload not object", doc(R"("workload": [])"), "workload", "must be an object");
    row("options not array", doc(R"("cloudOptions": {"name": "c"})"), "cloudOptions", "must be an array");
    row("option not object", doc(R"("onPremOptions": [1])"), "onPremOptions[0]", "must be an object");
    row("components not array", onPrem(R"("components": "cpu")"), "onPremOptions[0].components", "must be an array");
    row("exchange rate as string", doc(R"("exchangeRates": {"USD": "0.9"})"), "exchangeRates.USD", "must be a number");

    // Integers.
    row("horizon fraction", doc(R"("horizonMonths": 2.5)"), "horizonMonths", "must be an integer, not 2.5");
    row("horizon zero", doc(R"("horizonMonths": 0)"), "horizonMonths", "must be an integer from 1 to 600");
    row("horizon 601", doc(R"("horizonMonths": 601)"), "horizonMonths", "must be an integer from 1 to 600");
    row("gpusPerInstance zero", cloud(R"("gpusPerInstance": 0)"), "cloudOptions[0].gpusPerInstance", "must be ≥ 1");
    row("gpusPerInstance huge", cloud(R"("gpusPerInstance": 1e10)"), "cloudOptions[0].gpusPerInstance",
        "must be ≤ 2147483647");
    row("maxGpus zero", cloud(R"("maxGpus": 0)"), "cloudOptions[0].maxGpus", "must be ≥ 1");
    row("gpuCount fraction", onPrem(R"("gpuCount": 1.5)"), "onPremOptions[0].gpuCount", "must be an integer, not 1.5");
    row("gpuCount zero", onPrem(R"("gpuCount": 0)"), "onPremOptions[0].gpuCount", "must be ≥ 1");
    row("gpusPerBoard zero", gpu(R"("gpusPerBoard": 0)"), "gpus[0].gpusPerBoard", "must be ≥ 1");
    row("gpusPerJob zero", workload(R"("gpusPerJob": 0)"), "workload.gpusPerJob", "must be ≥ 1");
    row("parallelJobs zero", workload(R"("parallelJobs": 0)"), "workload.parallelJobs", "must be ≥ 1");
    row("year negative", gpu(R"("year": -1)"), "gpus[0].year", "must be ≥ 0");

    // Ranges.
    row("price negative", cloud(R"("pricePerHour": -1)").replace(R"("pricePerHour": 1, )", ""),
        "cloudOptions[0].pricePerHour", "must be ≥ 0");
    row("platform fee negative", cloud(R"("platformFeePerMonth": -5)"), "cloudOptions[0].platformFeePerMonth", "must be ≥ 0");
    row("storage price negative", cloud(R"("storagePerGBMonth": -0.01)"), "cloudOptions[0].storagePerGBMonth", "must be ≥ 0");
    row("egress price negative", cloud(R"("egressPerGB": -0.01)"), "cloudOptions[0].egressPerGB", "must be ≥ 0");
    row("spotRework above 10", cloud(R"("spotRework": 10.5)"), "cloudOptions[0].spotRework", "must be between 0 and 10");
    row("spotRework negative", cloud(R"("spotRework": -0.1)"), "cloudOptions[0].spotRework", "must be between 0 and 10");
    row("priceMultiplier zero", cloud(R"("priceMultiplier": 0)"), "cloudOptions[0].priceMultiplier", "must be > 0");
    row("utilization above 1", workload(R"("utilization": 1.5)"), "workload.utilization", "must be between 0 and 1");
    row("utilization negative", workload(R"("utilization": -0.1)"), "workload.utilization", "must be between 0 and 1");
    row("gpus negative", workload(R"("gpus": -1)"), "workload.gpus", "must be ≥ 0");
    row("memory negative", workload(R"("minGpuMemoryGB": -1)"), "workload.minGpuMemoryGB", "must be ≥ 0");
    row("storage negative", workload(R"("storageGB": -1)"), "workload.storageGB", "must be ≥ 0");
    row("egress negative", workload(R"("egressGBPerMonth": -1)"), "workload.egressGBPerMonth", "must be ≥ 0");
    row("job hours negative", workload(R"("jobReferenceGpuHours": -1)"), "workload.jobReferenceGpuHours", "must be ≥ 0");
    row("growth -1", workload(R"("growthPerYear": -1)"), "workload.growthPerYear", "must be > -1");
    row("discount -1", doc(R"("discountRatePerYear": -1)"), "discountRatePerYear", "must be > -1");
    row("gpu memory negative", gpu(R"("memoryGB": -12)"), "gpus[0].memoryGB", "must be ≥ 0");
    row("tdp negative", gpu(R"("tdpW": -150)"), "gpus[0].tdpW", "must be ≥ 0");
    row("used price negative", gpu(R"("priceUsedUsd": -1)"), "gpus[0].priceUsedUsd", "must be ≥ 0");
    row("throughput zero", gpu(R"("relativeThroughput": 0)"), "gpus[0].relativeThroughput", "must be > 0");
    row("component price negative", onPrem(R"("components": [{"price": -40}])"),
        "onPremOptions[0].components[0].price", "must be ≥ 0");
    row("list price negative", onPrem(R"("listPrice": -1)"), "onPremOptions[0].listPrice", "must be ≥ 0");
    row("markup negative", onPrem(R"("preBuiltMarkup": -0.5)"), "onPremOptions[0].preBuiltMarkup", "must be ≥ 0");
    row("infrastructure negative", onPrem(R"("infrastructureOneTime": -1)"), "onPremOptions[0].infrastructureOneTime", "must be ≥ 0");
    row("idleW negative", onPrem(R"("idleW": -1)"), "onPremOptions[0].idleW", "must be ≥ 0");
    row("loadW negative", onPrem(R"("loadW": -1)"), "onPremOptions[0].loadW", "must be ≥ 0");
    row("electricity negative", onPrem(R"("electricityPerKWh": -0.15)"), "onPremOptions[0].electricityPerKWh", "must be ≥ 0");
    row("pue below 1", onPrem(R"("pue": 0.9)"), "onPremOptions[0].pue", "must be ≥ 1");
    row("overhead negative", onPrem(R"("overheadPerYearOfHardware": -0.5)"), "onPremOptions[0].overheadPerYearOfHardware", "must be ≥ 0");
    row("labor negative", onPrem(R"("laborPerMonth": -1)"), "onPremOptions[0].laborPerMonth", "must be ≥ 0");
    row("colocation negative", onPrem(R"("colocationPerMonth": -1)"), "onPremOptions[0].colocationPerMonth", "must be ≥ 0");
    row("lifetime zero", onPrem(R"("lifetimeYears": 0)"), "onPremOptions[0].lifetimeYears", "must be > 0 and ≤ 50");
    row("lifetime 51", onPrem(R"("lifetimeYears": 51)"), "onPremOptions[0].lifetimeYears", "must be > 0 and ≤ 50");
    row("depreciation above 1", onPrem(R"("depreciationPerYear": 1.5)"), "onPremOptions[0].depreciationPerYear", "must be between 0 and 1");
    row("exchange rate zero", doc(R"("exchangeRates": {"USD": 0})"), "exchangeRates.USD", "must be > 0");

    // Currencies and enumerations.
    row("currency lowercase", doc(R"("currency": "eur")"), "currency", "3 capital letters");
    row("currency too long", cloud(R"("currency": "EURO")"), "cloudOptions[0].currency", "3 capital letters");
    row("on-prem currency symbol", onPrem(R"("currency": "US$")"), "onPremOptions[0].currency", "3 capital letters");
    row("exchange rate key", doc(R"("exchangeRates": {"usd": 0.9})"), "exchangeRates.usd", "not a currency code");
    row("bad pricing", cloud(R"("pricing": "monthly")"), "cloudOptions[0].pricing",
        "must be one of on-demand, spot, reserved-1y, reserved-3y (not \"monthly\")");
    row("bad category", cloud(R"("category": "cloud")"), "cloudOptions[0].category",
        "must be one of hyperscaler, ml-cloud, marketplace");
    row("bad kind", onPrem(R"("kind": "diy")"), "onPremOptions[0].kind",
        "must be one of built-from-scratch, pre-built, used-parts");

    // Names and required fields.
    row("empty scenario name", doc(R"("name": "")"), "name", "must not be empty");
    row("blank workload name", workload(R"("name": "  ")"), "workload.name", "must not be empty");
    row("empty reference GPU", doc(R"("referenceGpu": "")"), "referenceGpu", "must not be empty");
    row("empty option name", cloud(R"("maxGpus": 8)").replace(R"("name": "c")", R"("name": "")"),
        "cloudOptions[0].name", "must not be empty");
    row("empty option gpu", onPrem(R"("gpuCount": 1)").replace(R"("gpu": "K80")", R"("gpu": "")"),
        "onPremOptions[0].gpu", "must not be empty");
    row("cloud name missing", doc(R"("cloudOptions": [{"gpu": "A10G", "pricePerHour": 1}])"),
        "cloudOptions[0].name", "required field is missing");
    row("cloud gpu missing", doc(R"("cloudOptions": [{"name": "c", "pricePerHour": 1}])"),
        "cloudOptions[0].gpu", "required field is missing");
    row("cloud price missing", doc(R"("cloudOptions": [{"name": "c", "gpu": "A10G"}])"),
        "cloudOptions[0].pricePerHour", "required field is missing");
    row("on-prem gpu missing", doc(R"("onPremOptions": [{"name": "b"}])"), "onPremOptions[0].gpu",
        "required field is missing");
    row("on-prem name missing", doc(R"("onPremOptions": [{"gpu": "K80"}])"), "onPremOptions[0].name",
        "required field is missing");
    row("gpu name missing", doc(R"("gpus": [{"memoryGB": 12}])"), "gpus[0].name", "required field is missing");
    row("duplicate cloud names", doc(R"("cloudOptions": [{"name": "X", "gpu": "A", "pricePerHour": 1},
                                                         {"name": "X", "gpu": "B", "pricePerHour": 2}])"),
        "cloudOptions[1].name", "duplicate option name \"X\"");
    row("duplicate across kinds", doc(R"("cloudOptions": [{"name": "X", "gpu": "A", "pricePerHour": 1}],
                                         "onPremOptions": [{"name": "Y", "gpu": "K80"}, {"name": "X", "gpu": "K80"}])"),
        "onPremOptions[1].name", "duplicate option name \"X\"");
    row("duplicate gpu names", doc(R"("gpus": [{"name": "K80"}, {"name": "K80", "tdpW": 300}])"),
        "gpus[1].name", "duplicate GPU name \"K80\"");
}

void TestScenarioJson::rejectsInvalidInput()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, where);
    QFETCH(QString, reason);
    try {
        readScenarioJson(json);
        QFAIL("accepted invalid input");
    } catch (const InputError &e) {
        QCOMPARE(e.where(), where);
        QVERIFY2(e.reason().contains(reason), qPrintable(e.reason()));
        QVERIFY(e.message().contains(e.reason()));
    }
}

void TestScenarioJson::parseErrorsGivePosition_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("reason");

    QTest::newRow("bad value") << QByteArray("{\n  \"format\": x\n}") << "scenario.json:2:13" << "illegal number";
    QTest::newRow("trailing comma") << QByteArray("{\"a\": 1,}") << "scenario.json:1:10"
                                    << "object is missing after a comma";
    QTest::newRow("unterminated") << QByteArray("{\n\n") << "scenario.json:3:1" << "unterminated object";
    QTest::newRow("garbage after") << QByteArray("{}\r\n x") << "scenario.json:2:2" << "garbage at the end";
    QTest::newRow("number too large") << doc(R"("name": 1e400)") << "scenario.json:1:61" << "illegal number";
    // Columns count characters, not UTF-8 bytes, and the byte order mark is not one.
    QTest::newRow("after ASCII") << QByteArray("{\"n\": \"ab\", x}") << "scenario.json:1:14" << "";
    QTest::newRow("after non-ASCII") << QByteArray("\xEF\xBB\xBF{\"n\": \"\xC3\xA9\xE2\x82\xAC\", x}")
                                     << "scenario.json:1:14" << "";
}

void TestScenarioJson::parseErrorsGivePosition()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, where);
    QFETCH(QString, reason);
    try {
        readScenarioJson(json, QStringLiteral("scenario.json"));
        QFAIL("accepted malformed JSON");
    } catch (const InputError &e) {
        QCOMPARE(e.where(), where);
        QVERIFY(!e.reason().isEmpty());
        QVERIFY2(e.reason().contains(reason), qPrintable(e.reason()));
    }
}

void TestScenarioJson::valueErrorsNameTheFile()
{
    try {
        readScenarioJson(workload(R"("gpus": -1)"), QStringLiteral("rig.json"));
        QFAIL("accepted a negative GPU count");
    } catch (const InputError &e) {
        QCOMPARE(e.where(), QStringLiteral("rig.json: workload.gpus"));
        QCOMPARE(e.message(), QStringLiteral("rig.json: workload.gpus: must be ≥ 0"));
    }
    try {
        readScenarioJson("[]", QStringLiteral("rig.json"));
        QFAIL("accepted an array");
    } catch (const InputError &e) {
        QCOMPARE(e.where(), QStringLiteral("rig.json"));
    }
    try {
        readScenarioJson("{", {});
        QFAIL("accepted malformed JSON");
    } catch (const InputError &e) {
        QCOMPARE(e.where(), QStringLiteral("line 1, column 2"));
    }
}

void TestScenarioJson::deepNestingIsAnError()
{
    for (const QByteArray &json : {QByteArray(200000, '['), doc("\"workload\": " + QByteArray("{\"a\": ").repeated(5000))}) {
        try {
            readScenarioJson(json);
            QFAIL("accepted deeply nested input");
        } catch (const InputError &e) {
            QVERIFY(!e.reason().isEmpty());
        }
    }
    // Nesting Qt accepts still fails cleanly on the first unexpected level.
    QByteArray nested = doc(R"("workload": {"name": )" + QByteArray(500, '[') + QByteArray(500, ']') + "}");
    QVERIFY_THROWS_EXCEPTION(InputError, readScenarioJson(nested));
}

void TestScenarioJson::roundTripIsExact_data()
{
    QTest::addColumn<int>("which");
    QTest::newRow("every field") << 0;
    QTest::newRow("defaults") << 1;
    QTest::newRow("product example") << 2;
}

void TestScenarioJson::roundTripIsExact()
{
    QFETCH(int, which);
    const Scenario original = which == 0 ? everyField()
                            : which == 1 ? Scenario()
                                         : readScenarioJson(kProductExample);
    const QByteArray written = writeScenarioJson(original);
    const Scenario reread = readScenarioJson(written);
    compare(reread, original);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(writeScenarioJson(reread), written);
}

void TestScenarioJson::writesEveryFieldInDocumentedOrder()
{
    Scenario s;
    OnPremBuild b;
    b.name = QStringLiteral("b");
    b.gpu = QStringLiteral("K80");
    s.onPremOptions = {b};
    const QByteArray written = writeScenarioJson(s);
    QVERIFY2(written.startsWith("{\n    \"format\": \"breakeven-scenario\",\n    \"version\": 1,\n"
                                "    \"name\": \"Untitled scenario\",\n"),
             written.constData());
    QVERIFY(written.endsWith("}\n"));
    QVERIFY(written.contains("\"exchangeRates\": {},"));
    QVERIFY(written.contains("\"gpus\": [],"));
    QVERIFY(written.contains("\"jobReferenceGpuHours\": null,"));
    QVERIFY(written.contains("\"idleW\": null,"));
    QVERIFY(written.contains("\"electricityPerKWh\": 0.15,"));
    QVERIFY(written.contains("\"kind\": \"built-from-scratch\","));
    QVERIFY(written.indexOf("\"horizonMonths\"") < written.indexOf("\"workload\""));
    QVERIFY(written.indexOf("\"cloudOptions\"") < written.indexOf("\"onPremOptions\""));
    // Integral values without an exponent, even large ones.
    s.workload.gpus = 100000;
    QVERIFY(writeScenarioJson(s).contains("\"gpus\": 100000,"));
}

void TestScenarioJson::readsFile()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("every field.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    const Scenario original = everyField();
    file.write(writeScenarioJson(original));
    file.close();
    compare(readScenarioFile(path), original);
}

void TestScenarioJson::missingFileErrorNamesFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("missing.json"));
    try {
        readScenarioFile(path);
        QFAIL("read a missing file");
    } catch (const InputError &e) {
        QVERIFY2(e.where().endsWith(QStringLiteral("missing.json")), qPrintable(e.where()));
        QVERIFY(e.message().contains(QStringLiteral("missing.json")));
        QCOMPARE(e.reason(), QStringLiteral("no such file"));
    }
}

void TestScenarioJson::folderIsRejected()
{
    QTemporaryDir dir;
    try {
        readScenarioFile(dir.path());
        QFAIL("read a folder");
    } catch (const InputError &e) {
        QVERIFY(e.reason().contains(QStringLiteral("folder")));
    }
}

void TestScenarioJson::tooLargeFileIsRejected()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("huge.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.resize(kMaxScenarioFileBytes + 1));
    file.close();
    try {
        readScenarioFile(path);
        QFAIL("read a file over the limit");
    } catch (const InputError &e) {
        QVERIFY2(e.where().endsWith(QStringLiteral("huge.json")), qPrintable(e.where()));
        QVERIFY2(e.reason().contains(QStringLiteral("too large")), qPrintable(e.reason()));
    }
}

QTEST_GUILESS_MAIN(TestScenarioJson)
#include "test_scenariojson.moc"
