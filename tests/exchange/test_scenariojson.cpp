// The scenario exchange format: the documented example, defaults, every validation rule with the
// JSON path it names, parse error positions, exact round trips and file handling (hybrid options: test_hybridjson).
#include "inputerror.h"
#include "exchange/scenariojson.h"
#include "scenariofixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <functional>

using namespace breakeven;
using namespace breakeven::fixtures;

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
    void versionTwoOnlyWhenNeeded();
    void demandSetsPeakAndUtilization();
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
    compare(s, productExample());
    if (QTest::currentTestFailed())
        return;
    // Given as 0, the wattages are set rather than left to the engine's default.
    QVERIFY(s.onPremOptions[0].idleW && s.onPremOptions[0].loadW);
    QCOMPARE(show(s.onPremOptions[0].hardwarePrice()), show(145.0)); // worked example 1
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

    // The documented defaults (docs/scenario-format.md), spelled out so that a change in domain.h is noticed.
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
    // Up to the limit of 1e12 every number is taken as it is; integers up to INT_MAX.
    const Scenario s =
        readScenarioJson(cloud(R"("platformFeePerMonth": 1e12, "maxGpus": 2147483647)"));
    QCOMPARE(show(s.cloudOptions[0].platformFeePerMonth), show(1e12));
    QCOMPARE(s.cloudOptions[0].maxGpus, 2147483647);
    QCOMPARE(show(readScenarioJson(workload(R"("gpus": 1e12)")).workload.gpus), show(1e12));
}

void TestScenarioJson::rejectsInvalidInput_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("reason");

    // Rows are tagged with a number and the path, which is enough to find them in this table.
    int rowNumber = 0;
    const auto row = [&](const QByteArray &json, const char *where, const char *reason) {
        QTest::addRow("%02d %s", ++rowNumber, *where ? where : "(root)")
            << json << QString::fromUtf8(where) << QString::fromUtf8(reason);
    };
    const QByteArray format = R"("format": "breakeven-scenario")";

    // Document level.
    row("[1, 2]", "", "must be a JSON object");
    row("  \n", "", "empty");
    row(R"({"version": 1})", "format", "required");
    row(R"({"format": "breakeven-document", "version": 1})", "format",
        "must be \"breakeven-scenario\"");
    row(R"({"format": 1, "version": 1})", "format", "must be a string");
    row("{" + format + "}", "version", "required");
    row("{" + format + R"(, "version": 4, "futureField": 1})", "version",
        "written by a newer version of Breakeven (version 4); this version reads version 3");
    row("{" + format + R"(, "version": 0})", "version", "must be 1");
    row("{" + format + R"(, "version": "1"})", "version", "must be an integer");
    row("{" + format + R"(, "version": 1.5})", "version", "must be an integer, not 1.5");

    // Version 3: the discounting convention, one of its spellings; unknown in versions 1 and 2.
    const auto v3 = [](QByteArray json) { return json.replace(R"("version": 1)", R"("version": 3)"); };
    row(v3(doc(R"("discounting": "quarterly")")), "discounting", "must be one of monthly, yearly");
    row(doc(R"("discounting": "yearly")"), "discounting",
        "needs version 3 of the scenario format; this file says \"version\": 1");

    // Version 2: the market rates and commitments, within their ranges; unknown in version 1.
    const auto v2 = [](QByteArray json) { return json.replace(R"("version": 1)", R"("version": 2)"); };
    row(v2(onPrem(R"("financing": {"method": "cash"})")), "onPremOptions[0].financing",
        "needs version 3 of the scenario format; this file says \"version\": 2");
    row(v2(cloud(R"("goodput": 0.9)")), "cloudOptions[0].goodput", "needs version 3");
    row(v2(doc(R"("cloudPriceChangePerYear": 1.5)")), "cloudPriceChangePerYear", "between -0.9 and 1");
    row(v2(doc(R"("hardwarePriceChangePerYear": -0.95)")), "hardwarePriceChangePerYear", "between -0.9 and 1");
    row(v2(doc(R"("electricityPriceChangePerYear": "2%")")), "electricityPriceChangePerYear", "must be a number");
    row(v2(cloud(R"("priceChangePerYear": 2)")), "cloudOptions[0].priceChangePerYear", "between -0.9 and 1");
    row(v2(cloud(R"("reservedUpfrontShare": 1.2)")), "cloudOptions[0].reservedUpfrontShare", "between 0 and 1");
    row(v2(cloud(R"("commitmentMonths": 61)")), "cloudOptions[0].commitmentMonths", "between 1 and 60");
    row(v2(cloud(R"("commitmentMonths": 12.5)")), "cloudOptions[0].commitmentMonths", "whole number of months");
    // A workload's demand profile (version 2 only), each rule named by its path.
    const auto demand = [&](const QByteArray &fields) {
        return v2(workload(R"("demand": {)" + fields + "}"));
    };
    row(workload(R"("demand": {"stepHours": 1, "gpus": [1]})"), "workload.demand", "needs version 2");
    row(demand(R"("stepHours": 1)"), "workload.demand.gpus", "is required");
    row(demand(R"("gpus": [])"), "workload.demand.gpus", "is empty");
    row(demand(R"("gpus": [4, -1])"), "workload.demand.gpus[1]", "must be 0 or more (not -1)");
    row(demand(R"("gpus": [4, "12"])"), "workload.demand.gpus[1]", "must be a number");
    row(demand(R"("gpus": [4, null])"), "workload.demand.gpus[1]", "must be a number");
    row(demand(R"("gpus": 4)"), "workload.demand.gpus", "must be an array");
    row(demand(R"("stepHours": 0, "gpus": [4])"), "workload.demand.stepHours", "must be > 0");
    row(demand(R"("stepHours": 8785, "gpus": [4])"), "workload.demand.stepHours", "must be > 0 and ≤ 8784");
    row(demand(R"("gpus": [4], "peak": 4)"), "workload.demand.peak", "unknown field");
    row(v2(workload(R"("demand": [4])")), "workload.demand", "must be an object");
    {
        QByteArray many = "0";
        many.reserve(2 * (kMaxWorkloadDemandSteps + 1));
        for (qsizetype i = 0; i < kMaxWorkloadDemandSteps; ++i)
            many += ",0";
        row(demand(R"("gpus": [)" + many + "]"), "workload.demand.gpus",
            "holds 1000001 steps; at most 1000000 are accepted");
    }
    row(v2(onPrem(R"("resaleHaircut": -0.1)")), "onPremOptions[0].resaleHaircut", "between 0 and 1");
    row(v2(workload(R"("throughputProfile": "inference")")), "workload.throughputProfile",
        "must be one of training, llm-training, inference-memory-bound, peak (not \"inference\")");
    row(workload(R"("throughputProfile": "peak")"), "workload.throughputProfile", "needs version 2");
    row(doc(R"("cloudPriceChangePerYear": -0.2)"), "cloudPriceChangePerYear", "needs version 2");
    row(onPrem(R"("resaleHaircut": 0)"), "onPremOptions[0].resaleHaircut", "needs version 2");
    row(cloud(R"("commitmentMonths": 36)"), "cloudOptions[0].commitmentMonths", "needs version 2");

    // Unknown fields at each level; a misspelt key is reported before the field it misses.
    row(doc(R"("nmae": "x")"), "nmae", "unknown field");
    row(workload(R"("gpu": 1)"), "workload.gpu", "unknown field");
    row(gpu(R"("tdp": 150)"), "gpus[0].tdp", "unknown field");
    row(cloud(R"("prize": 1)"), "cloudOptions[0].prize", "unknown field");
    row(onPrem(R"("price": 1)"), "onPremOptions[0].price", "unknown field");
    row(onPrem(R"("components": [{"name": "psu", "cost": 9}])"),
        "onPremOptions[0].components[0].cost", "unknown field");
    row(doc(R"("cloudOptions": [{"name": "c", "gpu": "A10G", "prize": 1}])"),
        "cloudOptions[0].prize", "unknown field");

    // Wrong types.
    row(workload(R"("gpus": "1")"), "workload.gpus", "must be a number");
    row(workload(R"("utilization": "NaN")"), "workload.utilization", "must be a number");
    row(cloud(R"("spotRework": null)"), "cloudOptions[0].spotRework", "must be a number");
    row(doc(R"("creditResaleValue": "yes")"), "creditResaleValue", "must be true or false");
    row(doc(R"("name": 5)"), "name", "must be a string");
    row(doc(R"("horizonMonths": "36")"), "horizonMonths", "must be an integer");
    row(doc(R"("workload": [])"), "workload", "must be an object");
    row(doc(R"("cloudOptions": {"name": "c"})"), "cloudOptions", "must be an array");
    row(doc(R"("onPremOptions": [1])"), "onPremOptions[0]", "must be an object");
    row(onPrem(R"("components": "cpu")"), "onPremOptions[0].components", "must be an array");
    row(doc(R"("exchangeRates": {"USD": "0.9"})"), "exchangeRates.USD", "must be a number");

    // Integers.
    row(doc(R"("horizonMonths": 2.5)"), "horizonMonths", "must be an integer, not 2.5");
    row(doc(R"("horizonMonths": 0)"), "horizonMonths", "must be an integer from 1 to 600");
    row(doc(R"("horizonMonths": 601)"), "horizonMonths", "must be an integer from 1 to 600");
    row(cloud(R"("gpusPerInstance": 0)"), "cloudOptions[0].gpusPerInstance", "must be ≥ 1");
    row(cloud(R"("gpusPerInstance": 1e10)"), "cloudOptions[0].gpusPerInstance",
        "must be ≤ 2147483647");
    row(cloud(R"("maxGpus": 0)"), "cloudOptions[0].maxGpus", "must be ≥ 1");
    row(onPrem(R"("gpuCount": 1.5)"), "onPremOptions[0].gpuCount", "must be an integer, not 1.5");
    row(onPrem(R"("gpuCount": 0)"), "onPremOptions[0].gpuCount", "must be ≥ 1");
    row(gpu(R"("gpusPerBoard": 0)"), "gpus[0].gpusPerBoard", "must be ≥ 1");
    row(workload(R"("gpusPerJob": 0)"), "workload.gpusPerJob", "must be ≥ 1");
    row(workload(R"("parallelJobs": 0)"), "workload.parallelJobs", "must be ≥ 1");
    row(gpu(R"("year": -1)"), "gpus[0].year", "must be ≥ 0");
    row(cloud(R"("platformFeePerMonth": 1e308)"), "cloudOptions[0].platformFeePerMonth", "must be at most 1e12 in size (not 1e+308)");
    row(workload(R"("gpus": 1.5e12)"), "workload.gpus", "must be at most 1e12 in size (not 1500000000000)");
    row(doc(R"("name": "a\u001bb")"), "name", "contains the control character U+001B");

    // Ranges.
    row(doc(R"("cloudOptions": [{"name": "c", "gpu": "A10G", "pricePerHour": -1}])"),
        "cloudOptions[0].pricePerHour", "must be ≥ 0");
    row(cloud(R"("platformFeePerMonth": -5)"), "cloudOptions[0].platformFeePerMonth",
        "must be ≥ 0");
    row(cloud(R"("storagePerGBMonth": -0.01)"), "cloudOptions[0].storagePerGBMonth",
        "must be ≥ 0");
    row(cloud(R"("egressPerGB": -0.01)"), "cloudOptions[0].egressPerGB", "must be ≥ 0");
    row(cloud(R"("spotRework": 10.5)"), "cloudOptions[0].spotRework", "must be between 0 and 10");
    row(cloud(R"("spotRework": -0.1)"), "cloudOptions[0].spotRework", "must be between 0 and 10");
    row(cloud(R"("priceMultiplier": 0)"), "cloudOptions[0].priceMultiplier", "must be > 0");
    row(workload(R"("utilization": 1.5)"), "workload.utilization", "must be between 0 and 1");
    row(workload(R"("utilization": -0.1)"), "workload.utilization", "must be between 0 and 1");
    row(workload(R"("gpus": -1)"), "workload.gpus", "must be ≥ 0");
    row(workload(R"("minGpuMemoryGB": -1)"), "workload.minGpuMemoryGB", "must be ≥ 0");
    row(workload(R"("storageGB": -1)"), "workload.storageGB", "must be ≥ 0");
    row(workload(R"("egressGBPerMonth": -1)"), "workload.egressGBPerMonth", "must be ≥ 0");
    row(workload(R"("jobReferenceGpuHours": -1)"), "workload.jobReferenceGpuHours",
        "must be ≥ 0");
    row(workload(R"("growthPerYear": -1)"), "workload.growthPerYear", "must be > -1");
    row(doc(R"("discountRatePerYear": -1)"), "discountRatePerYear", "must be > -1");
    row(gpu(R"("memoryGB": -12)"), "gpus[0].memoryGB", "must be ≥ 0");
    row(gpu(R"("tdpW": -150)"), "gpus[0].tdpW", "must be ≥ 0");
    row(gpu(R"("priceUsedUsd": -1)"), "gpus[0].priceUsedUsd", "must be ≥ 0");
    row(gpu(R"("relativeThroughput": 0)"), "gpus[0].relativeThroughput", "must be > 0");
    row(onPrem(R"("components": [{"price": -40}])"), "onPremOptions[0].components[0].price",
        "must be ≥ 0");
    row(onPrem(R"("listPrice": -1)"), "onPremOptions[0].listPrice", "must be ≥ 0");
    row(onPrem(R"("preBuiltMarkup": -0.5)"), "onPremOptions[0].preBuiltMarkup", "must be ≥ 0");
    row(onPrem(R"("infrastructureOneTime": -1)"), "onPremOptions[0].infrastructureOneTime",
        "must be ≥ 0");
    row(onPrem(R"("idleW": -1)"), "onPremOptions[0].idleW", "must be ≥ 0");
    row(onPrem(R"("loadW": -1)"), "onPremOptions[0].loadW", "must be ≥ 0");
    row(onPrem(R"("electricityPerKWh": -0.15)"), "onPremOptions[0].electricityPerKWh",
        "must be ≥ 0");
    row(onPrem(R"("pue": 0.9)"), "onPremOptions[0].pue", "must be ≥ 1");
    row(onPrem(R"("overheadPerYearOfHardware": -0.5)"),
        "onPremOptions[0].overheadPerYearOfHardware", "must be ≥ 0");
    row(onPrem(R"("laborPerMonth": -1)"), "onPremOptions[0].laborPerMonth", "must be ≥ 0");
    row(onPrem(R"("colocationPerMonth": -1)"), "onPremOptions[0].colocationPerMonth",
        "must be ≥ 0");
    const char *lifetimeRule = "must be > 0 and ≤ 50";
    row(onPrem(R"("lifetimeYears": 0)"), "onPremOptions[0].lifetimeYears", lifetimeRule);
    row(onPrem(R"("lifetimeYears": 51)"), "onPremOptions[0].lifetimeYears", lifetimeRule);
    row(onPrem(R"("depreciationPerYear": 1.5)"), "onPremOptions[0].depreciationPerYear",
        "must be between 0 and 1");
    row(doc(R"("exchangeRates": {"USD": 0})"), "exchangeRates.USD", "must be > 0");

    // Currencies and enumerations.
    row(doc(R"("currency": "eur")"), "currency", "3 capital letters");
    row(cloud(R"("currency": "EURO")"), "cloudOptions[0].currency", "3 capital letters");
    row(onPrem(R"("currency": "US$")"), "onPremOptions[0].currency", "3 capital letters");
    row(doc(R"("exchangeRates": {"usd": 0.9})"), "exchangeRates.usd", "not a currency code");
    row(cloud(R"("pricing": "monthly")"), "cloudOptions[0].pricing",
        "must be one of on-demand, spot, reserved-1y, reserved-3y (not \"monthly\")");
    row(cloud(R"("category": "cloud")"), "cloudOptions[0].category",
        "must be one of hyperscaler, ml-cloud, marketplace");
    row(onPrem(R"("kind": "diy")"), "onPremOptions[0].kind",
        "must be one of built-from-scratch, pre-built, used-parts");

    // Names and required fields.
    row(doc(R"("name": "")"), "name", "must not be empty");
    row(workload(R"("name": "  ")"), "workload.name", "must not be empty");
    row(doc(R"("referenceGpu": "")"), "referenceGpu", "must not be empty");
    row(doc(R"("cloudOptions": [{"name": "", "gpu": "A10G", "pricePerHour": 1}])"),
        "cloudOptions[0].name", "must not be empty");
    row(doc(R"("onPremOptions": [{"name": "b", "gpu": ""}])"), "onPremOptions[0].gpu",
        "must not be empty");
    row(doc(R"("cloudOptions": [{"gpu": "A10G", "pricePerHour": 1}])"), "cloudOptions[0].name",
        "required field is missing");
    row(doc(R"("cloudOptions": [{"name": "c", "pricePerHour": 1}])"), "cloudOptions[0].gpu",
        "required field is missing");
    row(doc(R"("cloudOptions": [{"name": "c", "gpu": "A10G"}])"), "cloudOptions[0].pricePerHour",
        "required field is missing");
    row(doc(R"("onPremOptions": [{"name": "b"}])"), "onPremOptions[0].gpu",
        "required field is missing");
    row(doc(R"("onPremOptions": [{"gpu": "K80"}])"), "onPremOptions[0].name",
        "required field is missing");
    row(doc(R"("gpus": [{"memoryGB": 12}])"), "gpus[0].name", "required field is missing");
    row(doc(R"("cloudOptions": [{"name": "X", "gpu": "A", "pricePerHour": 1},
                                {"name": "X", "gpu": "B", "pricePerHour": 2}])"),
        "cloudOptions[1].name", "duplicate option name \"X\"");
    row(doc(R"("cloudOptions": [{"name": "X", "gpu": "A", "pricePerHour": 1}],
               "onPremOptions": [{"name": "Y", "gpu": "K80"}, {"name": "X", "gpu": "K80"}])"),
        "onPremOptions[1].name", "duplicate option name \"X\"");
    row(doc(R"("gpus": [{"name": "K80"}, {"name": "K80", "tdpW": 300}])"), "gpus[1].name",
        "duplicate GPU name \"K80\"");
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

    const auto row = [](const char *tag, const QByteArray &json, const char *where,
                        const char *reason) {
        QTest::newRow(tag) << json << QString::fromUtf8(where) << QString::fromUtf8(reason);
    };
    row("bad value", "{\n  \"format\": x\n}", "scenario.json:2:13", "illegal number");
    row("trailing comma", "{\"a\": 1,}", "scenario.json:1:10", "object is missing after a comma");
    row("unterminated", "{\n\n", "scenario.json:3:1", "unterminated object");
    row("garbage after", "{}\r\n x", "scenario.json:2:2", "garbage at the end");
    row("number too large", doc(R"("name": 1e400)"), "scenario.json:1:61", "illegal number");
    // Columns count characters, not UTF-8 bytes, and the byte order mark is not one.
    row("after ASCII", "{\"n\": \"ab\", x}", "scenario.json:1:14", "");
    row("after non-ASCII", "\xEF\xBB\xBF{\"n\": \"\xC3\xA9\xE2\x82\xAC\", x}", "scenario.json:1:14",
        "");
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
    const QByteArray deepObject = doc("\"workload\": " + QByteArray("{\"a\": ").repeated(5000));
    for (const QByteArray &json : {QByteArray(200000, '['), deepObject}) {
        try {
            readScenarioJson(json);
            QFAIL("accepted deeply nested input");
        } catch (const InputError &e) {
            QVERIFY(!e.reason().isEmpty());
        }
    }
    // Nesting Qt accepts still fails cleanly on the first unexpected level.
    const QByteArray nested =
        doc(R"("workload": {"name": )" + QByteArray(500, '[') + QByteArray(500, ']') + "}");
    QVERIFY_THROWS_EXCEPTION(InputError, readScenarioJson(nested));
}

void TestScenarioJson::roundTripIsExact_data()
{
    QTest::addColumn<int>("which");
    QTest::newRow("every field") << 0;
    QTest::newRow("defaults") << 1;
    QTest::newRow("product example") << 2;
    QTest::newRow("demand profile") << 3;
}

void TestScenarioJson::roundTripIsExact()
{
    QFETCH(int, which);
    Scenario withProfile = everyField();
    withProfile.workload = withDemand(withProfile.workload, {0.25, {4, 4.5, 12, 0, 1e-9}, QStringLiteral("usage.csv")});
    withProfile.workload.utilization = 0.3; // the slider moved away from mean / peak
    const Scenario original = which == 0 ? everyField()
                            : which == 1 ? Scenario()
                            : which == 2 ? readScenarioJson(kProductExample)
                                         : withProfile;
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
        QCOMPARE(e.where(), QDir::toNativeSeparators(path));
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

// A scenario is written as version 2 only when it sets a version-2 field; version 1 stays as it
// was, and each version-2 field alone is enough.
void TestScenarioJson::versionTwoOnlyWhenNeeded()
{
    Scenario plain = productExample();
    const QByteArray one = writeScenarioJson(plain);
    QVERIFY(one.contains(R"("version": 1)"));
    QVERIFY(!one.contains("PriceChangePerYear"));
    QVERIFY(!one.contains("commitmentMonths"));
    QVERIFY(!one.contains("resaleHaircut")); // the default, which version 1 files take
    QVERIFY(!one.contains("throughputProfile")); // training, the default
    QVERIFY(!one.contains("hybridOptions"));
    compare(readScenarioJson(one), plain);
    // The documented version-1 example reads as it always did: no hybrid options.
    QVERIFY(readScenarioJson(kProductExample).hybridOptions.empty());
    QCOMPARE(writeScenarioJson(readScenarioJson(kProductExample)), one);

    const std::vector<std::function<void(Scenario &)>> setters = {
        [](Scenario &s) { s.cloudPriceChangePerYear = -0.2; },
        [](Scenario &s) { s.hardwarePriceChangePerYear = -0.28; },
        [](Scenario &s) { s.electricityPriceChangePerYear = 0.03; },
        [](Scenario &s) { s.cloudOptions[0].priceChangePerYear = 0.0; },
        [](Scenario &s) { s.cloudOptions[0].reservedUpfrontShare = 1.0; },
        [](Scenario &s) { s.cloudOptions[0].commitmentMonths = 24; },
        [](Scenario &s) { s.onPremOptions[0].resaleHaircut = 0.0; },
        [](Scenario &s) { s.workload.throughputProfile = ThroughputProfile::LlmTraining; },
        [](Scenario &s) { s.workload.throughputProfile = ThroughputProfile::InferenceMemoryBound; },
        [](Scenario &s) { s.workload.throughputProfile = ThroughputProfile::Peak; },
        [](Scenario &s) { s.workload = withDemand(s.workload, {1, {4, 4, 12}, {}}); },
        [](Scenario &s) {
            s.hybridOptions = {{QStringLiteral("h"), s.onPremOptions[0].name, s.cloudOptions[0].name, std::nullopt}};
        },
    };
    for (const auto &set : setters) {
        Scenario scenario = plain;
        set(scenario);
        const QByteArray two = writeScenarioJson(scenario);
        QVERIFY2(two.contains(R"("version": 2)"), two.constData());
        compare(readScenarioJson(two), scenario);
    }
}

void TestScenarioJson::demandSetsPeakAndUtilization()
{
    // docs/scenario-format.md, "demand": `gpus` becomes the peak; `utilization` is the file's when
    // it gives one, else the mean over the peak.
    const auto read = [](const QByteArray &fields) {
        QByteArray json = workload(fields);
        return readScenarioJson(json.replace(R"("version": 1)", R"("version": 2)")).workload;
    };
    const QByteArray profile = R"("demand": {"stepHours": 1, "source": "usage.csv", "gpus": [4, 4, 4, 4, 12, 12, 0, 0]})";
    const Workload implied = read(R"("gpus": 99, )" + profile);
    QVERIFY(implied.demand);
    QCOMPARE(implied.demand->gpus.size(), std::size_t(8));
    QCOMPARE(implied.demand->source, QStringLiteral("usage.csv"));
    QCOMPARE(implied.gpus, 12.0);
    QCOMPARE(implied.busyGpus(), 12.0);
    QCOMPARE(implied.utilization, 5.0 / 12.0);
    const Workload own = read(R"("utilization": 0.9, )" + profile);
    QCOMPARE(own.gpus, 12.0);
    QCOMPARE(own.utilization, 0.9);
    const Workload idle = read(R"("demand": {"gpus": [0, 0]})");
    QCOMPARE(idle.gpus, 0.0);
    QCOMPARE(idle.utilization, 0.0);
    QCOMPARE(idle.demand->stepHours, 1.0);
}

QTEST_GUILESS_MAIN(TestScenarioJson)
#include "test_scenariojson.moc"
