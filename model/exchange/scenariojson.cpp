#include "scenariojson.h"

#include "inputerror.h"
#include "jsonfields.h"
#include "scenariojsonparts.h"
#include "scenariopaths.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace breakeven {

namespace {

using json::Bounds;
using json::JsonWriter;
using json::Need;
using json::ObjectReader;
using json::Text;
using json::hasScores;
using json::readDemand;
using json::readHybridOptions;
using json::isCash;
using json::readFinancing;
using json::readTax;
using json::writeFinancing;
using json::writeTax;
using json::readScores;
using json::readUncertainty;
using json::readWeights;
using json::writeDemand;
using json::writeHybridOptions;
using json::writeScores;
using json::writeUncertainty;
using json::needsServingVersion3;

const QString kFormatName = QStringLiteral("breakeven-scenario");

constexpr Bounds kNonNegative = Bounds::atLeast(0);
constexpr Bounds kPositive = Bounds::above(0);
constexpr Bounds kShare = Bounds::between(0, 1);
constexpr Bounds kRate = Bounds::above(-1); // -100 % a year is the most anything can shrink
// A yearly change of a market price: from -90 % to +100 % a year.
constexpr Bounds kPriceChange = Bounds::between(-0.9, 1.0);
constexpr int kMaxCommitmentMonths = 60;

// Where a parse error is, as the user's editor counts it: 1-based line and column in characters.
QString parseErrorPosition(const QByteArray &json, int offset, const QString &fileName)
{
    const qsizetype end = std::clamp<qsizetype>(offset, 0, json.size());
    // A byte order mark is not a column anyone sees.
    const qsizetype begin = json.startsWith("\xEF\xBB\xBF") ? std::min<qsizetype>(3, end) : 0;
    qsizetype line = 1;
    qsizetype column = 1;
    for (qsizetype i = begin; i < end; ++i) {
        const auto byte = static_cast<unsigned char>(json.at(i));
        if (byte == '\n') {
            ++line;
            column = 1;
        } else if ((byte & 0xC0) != 0x80) { // not a UTF-8 continuation byte
            ++column;
        }
    }
    if (fileName.isEmpty())
        return QStringLiteral("line %1, column %2").arg(line).arg(column);
    return QStringLiteral("%1:%2:%3").arg(fileName).arg(line).arg(column);
}

// Reads "format" and "version"; returns the version (1 to kScenarioFormatVersion).
int readFormatAndVersion(ObjectReader &reader)
{
    if (!reader.has("format"))
        reader.fail("format", QStringLiteral("required field is missing; a scenario file has "
                                             "\"format\": \"%1\"").arg(kFormatName));
    QString format;
    reader.text("format", format);
    if (format != kFormatName)
        reader.fail("format",
                    QStringLiteral("must be \"%1\", not \"%2\"").arg(kFormatName, format));

    if (!reader.has("version"))
        reader.fail("version", QStringLiteral("required field is missing"));
    // Read wide so that a newer version is told apart from a malformed one.
    int version = 0;
    reader.integer("version", version, INT_MIN);
    if (version > kScenarioFormatVersion)
        reader.fail("version",
                    QStringLiteral("written by a newer version of Breakeven (version %1); "
                                   "this version reads version %2")
                        .arg(version)
                        .arg(kScenarioFormatVersion));
    if (version < 1)
        reader.fail("version",
                    QStringLiteral("must be 1 to %1, not %2").arg(kScenarioFormatVersion).arg(version));
    return version;
}

std::map<QString, double> readExchangeRates(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    std::map<QString, double> rates;
    for (const QString &code : object.keys()) {
        if (!json::isCurrencyCode(code))
            reader.fail(code, QStringLiteral("not a currency code; codes are 3 capital letters, "
                                             "like \"USD\""));
        double rate = 0;
        reader.number(code, rate, kPositive);
        rates[code] = rate;
    }
    return rates;
}

Workload readWorkload(const QJsonObject &object, const QString &path, int version)
{
    ObjectReader reader(object, path, version);
    Workload workload;
    reader.text("name", workload.name, Text::Name);
    reader.number("gpus", workload.gpus, kNonNegative);
    reader.number("utilization", workload.utilization, kShare);
    reader.number("minGpuMemoryGB", workload.minGpuMemoryGB, kNonNegative);
    reader.number("growthPerYear", workload.growthPerYear, kRate);
    reader.number("storageGB", workload.storageGB, kNonNegative);
    reader.number("egressGBPerMonth", workload.egressGBPerMonth, kNonNegative);
    reader.optionalNumber("jobReferenceGpuHours", workload.jobReferenceGpuHours, kNonNegative);
    reader.integer("gpusPerJob", workload.gpusPerJob, 1);
    reader.integer("parallelJobs", workload.parallelJobs, 1);
    if (version >= 2)
        reader.enumeration("throughputProfile", workload.throughputProfile,
                           {ThroughputProfile::Training, ThroughputProfile::LlmTraining,
                            ThroughputProfile::InferenceMemoryBound, ThroughputProfile::Peak});
    // With a profile N is its peak, whatever `gpus` says; a `utilization` the file gives stays
    // the utilization to evaluate at, else it is the profile's mean over its peak
    // (docs/scenario-format.md, "demand").
    if (version >= 2) {
        if (const auto demand = reader.objectField("demand")) {
            const bool ownUtilization = object.contains(QStringLiteral("utilization"));
            const double utilization = workload.utilization;
            workload = withDemand(std::move(workload), readDemand(*demand, reader.pathOf("demand")));
            if (ownUtilization)
                workload.utilization = utilization;
        }
    }
    // Serving (version 3): its u is the mean over the peak unless the file gives its own.
    if (version >= 3) {
        if (const auto serving = reader.objectField("serving")) {
            const bool ownUtilization = object.contains(QStringLiteral("utilization"));
            const double utilization = workload.utilization;
            workload = withServing(std::move(workload), json::readServing(*serving, reader.pathOf("serving")));
            if (ownUtilization)
                workload.utilization = utilization;
        }
    }
    reader.finish();
    return workload;
}

GpuModel readGpu(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    GpuModel gpu;
    reader.text("name", gpu.name, Text::Name, Need::Required);
    reader.text("vendor", gpu.vendor);
    reader.text("architecture", gpu.architecture);
    reader.integer("year", gpu.year, 0);
    reader.number("memoryGB", gpu.memoryGB, kNonNegative);
    reader.number("bandwidthGBs", gpu.bandwidthGBs, kNonNegative);
    reader.number("fp16Tflops", gpu.fp16Tflops, kNonNegative);
    reader.number("fp32Tflops", gpu.fp32Tflops, kNonNegative);
    reader.number("tdpW", gpu.tdpW, kNonNegative);
    reader.integer("gpusPerBoard", gpu.gpusPerBoard, 1);
    reader.number("priceNewUsd", gpu.priceNewUsd, kNonNegative);
    reader.number("priceUsedUsd", gpu.priceUsedUsd, kNonNegative);
    reader.number("relativeThroughput", gpu.relativeThroughput, kPositive);
    reader.text("throughputBasis", gpu.throughputBasis);
    reader.text("source", gpu.source);
    reader.text("asOf", gpu.asOf);
    reader.finish();
    return gpu;
}

CloudOption readCloudOption(const QJsonObject &object, const QString &path, int version)
{
    ObjectReader reader(object, path, version);
    CloudOption option;
    reader.text("name", option.name, Text::Name, Need::Required);
    reader.text("provider", option.provider);
    reader.enumeration("category", option.category,
                       {CloudCategory::Hyperscaler, CloudCategory::MlCloud,
                        CloudCategory::Marketplace});
    reader.text("instanceType", option.instanceType);
    reader.text("gpu", option.gpu, Text::NonEmpty, Need::Required);
    reader.text("region", option.region);
    reader.integer("gpusPerInstance", option.gpusPerInstance, 1);
    reader.enumeration("pricing", option.pricing,
                       {PricingPlan::OnDemand, PricingPlan::Spot, PricingPlan::Reserved1y,
                        PricingPlan::Reserved3y});
    reader.number("pricePerHour", option.pricePerHour, kNonNegative, Need::Required);
    reader.text("currency", option.currency, Text::CurrencyCode);
    reader.number("spotRework", option.spotRework, Bounds::between(0, 10));
    reader.number("platformFeePerMonth", option.platformFeePerMonth, kNonNegative);
    reader.number("storagePerGBMonth", option.storagePerGBMonth, kNonNegative);
    reader.number("egressPerGB", option.egressPerGB, kNonNegative);
    reader.number("priceMultiplier", option.priceMultiplier, kPositive);
    reader.integer("maxGpus", option.maxGpus, 1);
    if (version >= 2) {
        reader.optionalNumber("priceChangePerYear", option.priceChangePerYear, kPriceChange);
        reader.number("reservedUpfrontShare", option.reservedUpfrontShare, kShare);
        std::optional<double> months;
        reader.optionalNumber("commitmentMonths", months, Bounds::between(1, kMaxCommitmentMonths));
        if (months && *months != std::floor(*months))
            reader.fail("commitmentMonths", QStringLiteral("must be a whole number of months (not %1)").arg(*months));
        if (months)
            option.commitmentMonths = int(*months);
        readScores(reader, option.scores);
    }
    if (version >= 3) {
        reader.number("goodput", option.goodput, Bounds::between(0.5, 1));
        reader.boolean("autoscales", option.autoscales);
    }
    reader.finish();
    return option;
}

Component readComponent(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    Component component;
    // A part may be unnamed while it is being entered; the name is only a label.
    reader.text("name", component.name);
    reader.number("price", component.price, kNonNegative);
    reader.number("quantity", component.quantity, kNonNegative);
    reader.finish();
    return component;
}

OnPremBuild readOnPremOption(const QJsonObject &object, const QString &path, int version)
{
    ObjectReader reader(object, path, version);
    OnPremBuild build;
    reader.text("name", build.name, Text::Name, Need::Required);
    reader.enumeration("kind", build.kind,
                       {BuildKind::BuiltFromScratch, BuildKind::PreBuilt, BuildKind::UsedParts});
    reader.text("gpu", build.gpu, Text::NonEmpty, Need::Required);
    reader.integer("gpuCount", build.gpuCount, 1);
    reader.forEachObject("components", [&](const QJsonObject &element, const QString &elementPath) {
        build.components.push_back(readComponent(element, elementPath));
    });
    reader.optionalNumber("listPrice", build.listPrice, kNonNegative);
    reader.number("preBuiltMarkup", build.preBuiltMarkup, kNonNegative);
    reader.text("currency", build.currency, Text::CurrencyCode);
    reader.number("infrastructureOneTime", build.infrastructureOneTime, kNonNegative);
    reader.optionalNumber("idleW", build.idleW, kNonNegative);
    reader.optionalNumber("loadW", build.loadW, kNonNegative);
    reader.number("electricityPerKWh", build.electricityPerKWh, kNonNegative);
    reader.number("pue", build.pue, Bounds::atLeast(1));
    reader.number("overheadPerYearOfHardware", build.overheadPerYearOfHardware, kNonNegative);
    reader.boolean("overheadIncludesPower", build.overheadIncludesPower);
    reader.number("laborPerMonth", build.laborPerMonth, kNonNegative);
    reader.number("colocationPerMonth", build.colocationPerMonth, kNonNegative);
    if (version >= 3) {
        reader.number("colocationPerKWMonth", build.colocationPerKWMonth, kNonNegative);
        reader.number("spareShare", build.spareShare, Bounds::between(0, 1));
        reader.number("goodput", build.goodput, Bounds::between(0.5, 1));
        if (const auto financing = reader.objectField("financing"))
            build.financing = readFinancing(*financing, reader.pathOf("financing"));
    }
    reader.number("lifetimeYears", build.lifetimeYears, Bounds::aboveAtMost(0, 50));
    reader.number("depreciationPerYear", build.depreciationPerYear, kShare);
    if (version >= 2) {
        reader.number("resaleHaircut", build.resaleHaircut, kShare);
        readScores(reader, build.scores);
    }
    reader.finish();
    return build;
}

Scenario readScenario(const QJsonObject &root)
{
    ObjectReader reader(root, QString());
    // Checked first: a file of another kind or of a newer format would otherwise be reported
    // field by field.
    const int version = readFormatAndVersion(reader);
    reader.setFormatVersion(version);

    Scenario scenario;
    reader.text("name", scenario.name, Text::Name);
    reader.text("currency", scenario.currency, Text::CurrencyCode);
    if (const auto rates = reader.objectField("exchangeRates"))
        scenario.exchangeRates = readExchangeRates(*rates, reader.pathOf("exchangeRates"));
    reader.integer("horizonMonths", scenario.horizonMonths, 1, 600);
    reader.text("referenceGpu", scenario.referenceGpu, Text::NonEmpty);
    reader.number("discountRatePerYear", scenario.discountRatePerYear, kRate);
    reader.boolean("creditResaleValue", scenario.creditResaleValue);
    if (version >= 3)
        reader.enumeration("discounting", scenario.discounting, {Discounting::Monthly, Discounting::Yearly});
    if (version >= 3)
        if (const auto tax = reader.objectField("tax"))
            scenario.tax = readTax(*tax, reader.pathOf("tax"));
    if (version >= 2) {
        reader.number("cloudPriceChangePerYear", scenario.cloudPriceChangePerYear, kPriceChange);
        reader.number("hardwarePriceChangePerYear", scenario.hardwarePriceChangePerYear, kPriceChange);
        reader.number("electricityPriceChangePerYear", scenario.electricityPriceChangePerYear, kPriceChange);
        readWeights(reader, scenario.criterionWeights);
        if (const auto block = reader.objectField("uncertainty"))
            scenario.uncertainty = readUncertainty(*block, reader.pathOf("uncertainty"));
    }
    if (const auto workload = reader.objectField("workload"))
        scenario.workload = readWorkload(*workload, reader.pathOf("workload"), version);

    // A GPU listed twice would make the figures an option uses depend on which copy wins.
    QSet<QString> gpuNames;
    reader.forEachObject("gpus", [&](const QJsonObject &element, const QString &path) {
        GpuModel gpu = readGpu(element, path);
        if (gpuNames.contains(gpu.name))
            throw InputError(path + QStringLiteral(".name"),
                             QStringLiteral("duplicate GPU name \"%1\"").arg(gpu.name));
        gpuNames.insert(gpu.name);
        scenario.gpus.push_back(std::move(gpu));
    }, json::kMaxGpus);

    // Results, charts and the CLI refer to options by name, across both kinds.
    QSet<QString> optionNames;
    const auto claimName = [&](const QString &name, const QString &path) {
        if (optionNames.contains(name))
            throw InputError(path + QStringLiteral(".name"),
                             QStringLiteral("duplicate option name \"%1\"").arg(name));
        optionNames.insert(name);
    };
    reader.forEachObject("cloudOptions", [&](const QJsonObject &element, const QString &path) {
        CloudOption option = readCloudOption(element, path, version);
        claimName(option.name, path);
        scenario.cloudOptions.push_back(std::move(option));
    }, json::kMaxOptions);
    reader.forEachObject("onPremOptions", [&](const QJsonObject &element, const QString &path) {
        OnPremBuild build = readOnPremOption(element, path, version);
        claimName(build.name, path);
        scenario.onPremOptions.push_back(std::move(build));
    }, json::kMaxOptions);
    if (version >= 3)
        json::readModelsAndApiOptions(reader, scenario, claimName);
    const qsizetype options = qsizetype(scenario.cloudOptions.size() + scenario.onPremOptions.size() + scenario.apiOptions.size());
    if (options > json::kMaxOptions)
        throw InputError(QStringLiteral("cloudOptions, onPremOptions, apiOptions"),
                         QStringLiteral("hold %1 options together; at most %2 are accepted").arg(options).arg(json::kMaxOptions));
    // Each names one of the builds and one of the cloud options just read.
    if (version >= 2)
        scenario.hybridOptions = readHybridOptions(reader, scenario);
    reader.finish();
    // Every range names a numeric field the scenario has, with its ends in order.
    if (scenario.uncertainty)
        resolveRanges(scenario, *scenario.uncertainty);
    return scenario;
}

void writeWorkload(JsonWriter &writer, const Workload &workload)
{
    writer.beginObject("workload");
    writer.writeString("name", workload.name);
    writer.writeNumber("gpus", workload.busyGpus()); // the peak, with a profile
    writer.writeNumber("utilization", workload.utilization);
    writer.writeNumber("minGpuMemoryGB", workload.minGpuMemoryGB);
    writer.writeNumber("growthPerYear", workload.growthPerYear);
    writer.writeNumber("storageGB", workload.storageGB);
    writer.writeNumber("egressGBPerMonth", workload.egressGBPerMonth);
    writer.writeOptionalNumber("jobReferenceGpuHours", workload.jobReferenceGpuHours);
    writer.writeInteger("gpusPerJob", workload.gpusPerJob);
    writer.writeInteger("parallelJobs", workload.parallelJobs);
    // Version 2; written only when it is not the default, so a version-1 file stays one.
    if (workload.throughputProfile != ThroughputProfile::Training)
        writer.writeString("throughputProfile", toString(workload.throughputProfile));
    if (workload.demand)
        writeDemand(writer, *workload.demand);
    if (workload.serving)
        json::writeServing(writer, *workload.serving); // version 3
    writer.endObject();
}

void writeGpu(JsonWriter &writer, const GpuModel &gpu)
{
    writer.beginObject();
    writer.writeString("name", gpu.name);
    writer.writeString("vendor", gpu.vendor);
    writer.writeString("architecture", gpu.architecture);
    writer.writeInteger("year", gpu.year);
    writer.writeNumber("memoryGB", gpu.memoryGB);
    writer.writeNumber("bandwidthGBs", gpu.bandwidthGBs);
    writer.writeNumber("fp16Tflops", gpu.fp16Tflops);
    writer.writeNumber("fp32Tflops", gpu.fp32Tflops);
    writer.writeNumber("tdpW", gpu.tdpW);
    writer.writeInteger("gpusPerBoard", gpu.gpusPerBoard);
    writer.writeNumber("priceNewUsd", gpu.priceNewUsd);
    writer.writeNumber("priceUsedUsd", gpu.priceUsedUsd);
    writer.writeNumber("relativeThroughput", gpu.relativeThroughput);
    writer.writeString("throughputBasis", gpu.throughputBasis);
    writer.writeString("source", gpu.source);
    writer.writeString("asOf", gpu.asOf);
    writer.endObject();
}

// Whether an option sets a field of version 2.
bool needsVersion2(const CloudOption &option)
{
    return option.priceChangePerYear || option.reservedUpfrontShare != 0 || option.commitmentMonths
        || hasScores(option.scores);
}

// A build's resale haircut other than the default; version 1 files take the default.
bool needsVersion2(const OnPremBuild &build)
{
    return build.resaleHaircut != OnPremBuild().resaleHaircut || hasScores(build.scores);
}

bool needsVersion2(const Scenario &scenario)
{
    return scenario.cloudPriceChangePerYear != 0 || scenario.hardwarePriceChangePerYear != 0
        || scenario.workload.throughputProfile != ThroughputProfile::Training || scenario.workload.demand
        || scenario.electricityPriceChangePerYear != 0
        || scenario.criterionWeights != kDefaultCriterionWeights || scenario.uncertainty
        || !scenario.hybridOptions.empty()
        || std::any_of(scenario.cloudOptions.begin(), scenario.cloudOptions.end(),
                       [](const CloudOption &option) { return needsVersion2(option); })
        || std::any_of(scenario.onPremOptions.begin(), scenario.onPremOptions.end(),
                       [](const OnPremBuild &build) { return needsVersion2(build); });
}

// Whether the scenario sets a field of version 3 (docs/scenario-format.md).
bool needsVersion3(const Scenario &scenario)
{
    return scenario.discounting != Discounting::Monthly || scenario.tax || needsServingVersion3(scenario)
        || std::any_of(scenario.cloudOptions.begin(), scenario.cloudOptions.end(),
                       [](const CloudOption &option) { return option.goodput != 1; })
        || std::any_of(scenario.onPremOptions.begin(), scenario.onPremOptions.end(), [](const OnPremBuild &build) {
               return build.colocationPerKWMonth != 0 || build.spareShare != 0 || build.goodput != 1
                   || !isCash(build.financing);
           });
}

void writeCloudOption(JsonWriter &writer, const CloudOption &option)
{
    writer.beginObject();
    writer.writeString("name", option.name);
    writer.writeString("provider", option.provider);
    writer.writeString("category", toString(option.category));
    writer.writeString("instanceType", option.instanceType);
    writer.writeString("gpu", option.gpu);
    writer.writeString("region", option.region);
    writer.writeInteger("gpusPerInstance", option.gpusPerInstance);
    writer.writeString("pricing", toString(option.pricing));
    writer.writeNumber("pricePerHour", option.pricePerHour);
    writer.writeString("currency", option.currency);
    writer.writeNumber("spotRework", option.spotRework);
    writer.writeNumber("platformFeePerMonth", option.platformFeePerMonth);
    writer.writeNumber("storagePerGBMonth", option.storagePerGBMonth);
    writer.writeNumber("egressPerGB", option.egressPerGB);
    writer.writeNumber("priceMultiplier", option.priceMultiplier);
    writer.writeInteger("maxGpus", option.maxGpus);
    if (needsVersion2(option)) {
        writer.writeOptionalNumber("priceChangePerYear", option.priceChangePerYear);
        writer.writeNumber("reservedUpfrontShare", option.reservedUpfrontShare);
        if (option.commitmentMonths)
            writer.writeInteger("commitmentMonths", *option.commitmentMonths);
        else
            writer.writeOptionalNumber("commitmentMonths", std::nullopt);
        writeScores(writer, option.scores);
    }
    if (option.goodput != 1)
        writer.writeNumber("goodput", option.goodput); // version 3
    if (option.autoscales)
        writer.writeBool("autoscales", true); // version 3
    writer.endObject();
}

void writeOnPremOption(JsonWriter &writer, const OnPremBuild &build)
{
    writer.beginObject();
    writer.writeString("name", build.name);
    writer.writeString("kind", toString(build.kind));
    writer.writeString("gpu", build.gpu);
    writer.writeInteger("gpuCount", build.gpuCount);
    writer.beginArray("components");
    for (const Component &component : build.components) {
        writer.beginObject();
        writer.writeString("name", component.name);
        writer.writeNumber("price", component.price);
        writer.writeNumber("quantity", component.quantity);
        writer.endObject();
    }
    writer.endArray();
    writer.writeOptionalNumber("listPrice", build.listPrice);
    writer.writeNumber("preBuiltMarkup", build.preBuiltMarkup);
    writer.writeString("currency", build.currency);
    writer.writeNumber("infrastructureOneTime", build.infrastructureOneTime);
    writer.writeOptionalNumber("idleW", build.idleW);
    writer.writeOptionalNumber("loadW", build.loadW);
    writer.writeNumber("electricityPerKWh", build.electricityPerKWh);
    writer.writeNumber("pue", build.pue);
    writer.writeNumber("overheadPerYearOfHardware", build.overheadPerYearOfHardware);
    writer.writeBool("overheadIncludesPower", build.overheadIncludesPower);
    writer.writeNumber("laborPerMonth", build.laborPerMonth);
    writer.writeNumber("colocationPerMonth", build.colocationPerMonth);
    // Version 3; written only when not the default, so an older file stays one.
    if (build.colocationPerKWMonth != 0)
        writer.writeNumber("colocationPerKWMonth", build.colocationPerKWMonth);
    if (build.spareShare != 0)
        writer.writeNumber("spareShare", build.spareShare);
    if (build.goodput != 1)
        writer.writeNumber("goodput", build.goodput);
    writeFinancing(writer, build.financing);
    writer.writeNumber("lifetimeYears", build.lifetimeYears);
    writer.writeNumber("depreciationPerYear", build.depreciationPerYear);
    if (needsVersion2(build)) {
        writer.writeNumber("resaleHaircut", build.resaleHaircut);
        writeScores(writer, build.scores);
    }
    writer.endObject();
}

} // namespace

Scenario readScenarioJson(const QByteArray &json, const QString &fileName)
{
    if (json.trimmed().isEmpty())
        throw InputError(fileName, QStringLiteral("empty input; expected a scenario JSON object"));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        throw InputError(parseErrorPosition(json, error.offset, fileName), error.errorString());
    if (!document.isObject())
        throw InputError(fileName,
                         QStringLiteral("a scenario must be a JSON object, not an array"));
    try {
        return readScenario(document.object());
    } catch (const InputError &e) {
        if (fileName.isEmpty())
            throw;
        const QString where =
            e.where().isEmpty() ? fileName : fileName + QStringLiteral(": ") + e.where();
        throw InputError(where, e.reason());
    }
}

void validateScenario(const Scenario &scenario)
{
    // Written as the exchange format writes every field, and read back with its rules: one set
    // of rules for every way a scenario comes in.
    readScenarioJson(writeScenarioJson(scenario));
}

Scenario readScenarioFile(const QString &path)
{
    if (path.isEmpty())
        throw InputError(QString(), QStringLiteral("no scenario file given"));
    const QString shown = QDir::toNativeSeparators(path);
    const QFileInfo info(path);
    if (!info.exists())
        throw InputError(shown, QStringLiteral("no such file"));
    if (info.isDir())
        throw InputError(shown, QStringLiteral("is a folder, not a scenario file"));
    // A FIFO or a device would block or never end.
    if (!info.isFile())
        throw InputError(shown, QStringLiteral("is not a regular file (a pipe, socket or device)"));

    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(shown, QStringLiteral("cannot be read: %1").arg(file.errorString()));
    const auto tooLarge = [&] {
        return InputError(shown, QStringLiteral("is too large; a scenario file has at most %1 MiB")
                                     .arg(kMaxScenarioFileBytes / (qint64(1024) * 1024)));
    };
    if (file.size() > kMaxScenarioFileBytes)
        throw tooLarge();
    // Read one byte past the limit: pipes and special files report a size of 0.
    const QByteArray data = file.read(kMaxScenarioFileBytes + 1);
    if (file.error() != QFileDevice::NoError)
        throw InputError(shown, QStringLiteral("cannot be read: %1").arg(file.errorString()));
    if (data.size() > kMaxScenarioFileBytes)
        throw tooLarge();
    return readScenarioJson(data, shown);
}

QByteArray writeScenarioJson(const Scenario &scenario)
{
    JsonWriter writer;
    writer.beginObject();
    writer.writeString("format", kFormatName);
    // The lowest version that holds the scenario, so a file another version wrote reads the same.
    const bool version3 = needsVersion3(scenario);
    const bool version2 = version3 || needsVersion2(scenario);
    writer.writeInteger("version", version3 ? 3 : version2 ? 2 : 1);
    writer.writeString("name", scenario.name);
    writer.writeString("currency", scenario.currency);
    writer.beginObject("exchangeRates");
    for (const auto &[code, rate] : scenario.exchangeRates)
        writer.writeNumber(code, rate);
    writer.endObject();
    writer.writeInteger("horizonMonths", scenario.horizonMonths);
    writer.writeString("referenceGpu", scenario.referenceGpu);
    writer.writeNumber("discountRatePerYear", scenario.discountRatePerYear);
    writer.writeBool("creditResaleValue", scenario.creditResaleValue);
    if (version3)
        writer.writeString("discounting", toString(scenario.discounting));
    if (scenario.tax)
        writeTax(writer, *scenario.tax);
    if (scenario.apiPriceChangePerYear != 0)
        writer.writeNumber("apiPriceChangePerYear", scenario.apiPriceChangePerYear); // version 3
    if (version2) {
        writer.writeNumber("cloudPriceChangePerYear", scenario.cloudPriceChangePerYear);
        writer.writeNumber("hardwarePriceChangePerYear", scenario.hardwarePriceChangePerYear);
        writer.writeNumber("electricityPriceChangePerYear", scenario.electricityPriceChangePerYear);
        writer.beginObject("criteriaWeights");
        for (int c = 0; c < kCriterionCount; ++c)
            writer.writeNumber(toString(Criterion(c)), scenario.criterionWeights[std::size_t(c)]);
        writer.endObject();
        if (scenario.uncertainty)
            writeUncertainty(writer, *scenario.uncertainty);
    }
    writeWorkload(writer, scenario.workload);
    writer.beginArray("gpus");
    for (const GpuModel &gpu : scenario.gpus)
        writeGpu(writer, gpu);
    writer.endArray();
    writer.beginArray("cloudOptions");
    for (const CloudOption &option : scenario.cloudOptions)
        writeCloudOption(writer, option);
    writer.endArray();
    writer.beginArray("onPremOptions");
    for (const OnPremBuild &build : scenario.onPremOptions)
        writeOnPremOption(writer, build);
    writer.endArray();
    writeHybridOptions(writer, scenario.hybridOptions); // only when there is one: version 2
    json::writeModelsAndApiOptions(writer, scenario);    // only when there is one: version 3
    writer.endObject();
    return writer.data();
}

} // namespace breakeven
