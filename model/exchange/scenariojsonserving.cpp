// Serving in the scenario JSON (version 3, docs/scenario-format.md, "Serving"): a workload's
// `serving` block, the scenario's own `models` and its `apiOptions`.
#include "scenariojsonparts.h"

#include <algorithm>

namespace breakeven::json {

namespace {
constexpr Bounds kNonNegative = Bounds::atLeast(0);
constexpr Bounds kPositive = Bounds::above(0);
constexpr Bounds kPriceChange = Bounds::between(-0.9, 1.0);
// Beyond these a figure is a slip of the keyboard, not a workload or a price list.
constexpr Bounds kRequestsPerSecond = Bounds::aboveAtMost(0, 1e6);
constexpr Bounds kTokens = Bounds::between(0, 1e7);
constexpr Bounds kPricePerMillion = Bounds::between(0, 1e6);
constexpr Bounds kParametersB = Bounds::aboveAtMost(0, 1e5);
constexpr int kMaxModels = 200;

const QStringList kPrecisions{QStringLiteral("fp16"), QStringLiteral("bf16"), QStringLiteral("fp8"),
                              QStringLiteral("int4"), QStringLiteral("fp4")};
} // namespace

Serving readServing(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    Serving s;
    reader.text("model", s.model, Text::NonEmpty, Need::Required);
    reader.text("precision", s.precision, Text::NonEmpty);
    s.precision = s.precision.toLower();
    if (!kPrecisions.contains(s.precision))
        reader.fail("precision", QStringLiteral("must be one of %1 (not \"%2\")")
                                     .arg(kPrecisions.join(QStringLiteral(", ")), s.precision));
    reader.number("requestsPerSecond", s.requestsPerSecond, kRequestsPerSecond, Need::Required);
    reader.number("peakToMean", s.peakToMean, Bounds::between(1, 1000));
    reader.number("inputTokens", s.inputTokens, kTokens, Need::Required);
    reader.number("outputTokens", s.outputTokens, Bounds::aboveAtMost(0, 1e7), Need::Required);
    reader.optionalNumber("maxTimePerOutputTokenMs", s.maxTimePerOutputTokenMs, Bounds::aboveAtMost(0, 1e6));
    reader.finish();
    return s;
}

void writeServing(JsonWriter &writer, const Serving &s)
{
    writer.beginObject("serving");
    writer.writeString("model", s.model);
    writer.writeString("precision", s.precision);
    writer.writeNumber("requestsPerSecond", s.requestsPerSecond);
    writer.writeNumber("peakToMean", s.peakToMean);
    writer.writeNumber("inputTokens", s.inputTokens);
    writer.writeNumber("outputTokens", s.outputTokens);
    writer.writeOptionalNumber("maxTimePerOutputTokenMs", s.maxTimePerOutputTokenMs);
    writer.endObject();
}

namespace {

ModelSpec readModel(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    ModelSpec m;
    reader.text("name", m.name, Text::Name, Need::Required);
    reader.text("family", m.family);
    reader.text("publisher", m.publisher);
    reader.text("hfRepo", m.hfRepo);
    reader.number("totalParamsB", m.totalParamsB, kParametersB, Need::Required);
    m.activeParamsB = m.totalParamsB;
    reader.number("activeParamsB", m.activeParamsB, kParametersB);
    if (m.activeParamsB > m.totalParamsB)
        reader.fail("activeParamsB", QStringLiteral("must be at most totalParamsB (%1)").arg(m.totalParamsB));
    reader.integer("layers", m.layers, 0, 10000);
    reader.integer("hiddenSize", m.hiddenSize, 0, 1000000);
    reader.integer("attentionHeads", m.attentionHeads, 0, 100000);
    reader.integer("kvHeads", m.kvHeads, 0, 100000);
    reader.integer("headDim", m.headDim, 0, 100000);
    reader.number("kvValuesPerTokenLayer", m.kvValuesPerTokenLayer, Bounds::between(0, 1e7));
    reader.integer("contextTokens", m.contextTokens, 0);
    reader.text("attention", m.attention);
    reader.text("licence", m.licence);
    reader.text("source", m.source);
    reader.text("url", m.url);
    reader.text("asOf", m.asOf);
    reader.finish();
    return m;
}

void writeModel(JsonWriter &writer, const ModelSpec &m)
{
    writer.beginObject();
    writer.writeString("name", m.name);
    writer.writeString("family", m.family);
    writer.writeString("publisher", m.publisher);
    writer.writeString("hfRepo", m.hfRepo);
    writer.writeNumber("totalParamsB", m.totalParamsB);
    writer.writeNumber("activeParamsB", m.activeParamsB);
    writer.writeInteger("layers", m.layers);
    writer.writeInteger("hiddenSize", m.hiddenSize);
    writer.writeInteger("attentionHeads", m.attentionHeads);
    writer.writeInteger("kvHeads", m.kvHeads);
    writer.writeInteger("headDim", m.headDim);
    writer.writeNumber("kvValuesPerTokenLayer", m.kvValuesPerTokenLayer);
    writer.writeInteger("contextTokens", m.contextTokens);
    writer.writeString("attention", m.attention);
    writer.writeString("licence", m.licence);
    writer.writeString("source", m.source);
    writer.writeString("url", m.url);
    writer.writeString("asOf", m.asOf);
    writer.endObject();
}

ApiOption readApiOption(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    ApiOption a;
    reader.text("name", a.name, Text::Name, Need::Required);
    reader.text("provider", a.provider);
    reader.text("model", a.model, Text::NonEmpty, Need::Required);
    reader.number("pricePerMillionInput", a.pricePerMillionInput, kPricePerMillion, Need::Required);
    reader.number("pricePerMillionOutput", a.pricePerMillionOutput, kPricePerMillion, Need::Required);
    reader.optionalNumber("pricePerMillionCachedInput", a.pricePerMillionCachedInput, kPricePerMillion);
    reader.number("cachedInputShare", a.cachedInputShare, Bounds::between(0, 1));
    reader.text("currency", a.currency, Text::CurrencyCode);
    reader.optionalNumber("priceChangePerYear", a.priceChangePerYear, kPriceChange);
    reader.optionalNumber("maxTokensPerMinute", a.maxTokensPerMinute, kPositive);
    readScores(reader, a.scores);
    reader.finish();
    return a;
}

void writeApiOption(JsonWriter &writer, const ApiOption &a)
{
    writer.beginObject();
    writer.writeString("name", a.name);
    writer.writeString("provider", a.provider);
    writer.writeString("model", a.model);
    writer.writeNumber("pricePerMillionInput", a.pricePerMillionInput);
    writer.writeNumber("pricePerMillionOutput", a.pricePerMillionOutput);
    writer.writeOptionalNumber("pricePerMillionCachedInput", a.pricePerMillionCachedInput);
    writer.writeNumber("cachedInputShare", a.cachedInputShare);
    writer.writeString("currency", a.currency);
    writer.writeOptionalNumber("priceChangePerYear", a.priceChangePerYear);
    writer.writeOptionalNumber("maxTokensPerMinute", a.maxTokensPerMinute);
    writeScores(writer, a.scores);
    writer.endObject();
}

} // namespace

void readModelsAndApiOptions(ObjectReader &parent, Scenario &scenario, const std::function<void(const QString &, const QString &)> &claimName)
{
    parent.number("apiPriceChangePerYear", scenario.apiPriceChangePerYear, kPriceChange);
    QSet<QString> names;
    parent.forEachObject("models", [&](const QJsonObject &element, const QString &path) {
        ModelSpec m = readModel(element, path);
        if (names.contains(m.name.toLower()))
            throw InputError(path + QStringLiteral(".name"), QStringLiteral("duplicate model name \"%1\"").arg(m.name));
        names.insert(m.name.toLower());
        scenario.models.push_back(std::move(m));
    }, kMaxModels);
    parent.forEachObject("apiOptions", [&](const QJsonObject &element, const QString &path) {
        ApiOption a = readApiOption(element, path);
        claimName(a.name, path);
        scenario.apiOptions.push_back(std::move(a));
    }, kMaxOptions);
}

bool needsServingVersion3(const Scenario &scenario)
{
    return scenario.workload.serving || !scenario.models.empty() || !scenario.apiOptions.empty()
        || scenario.apiPriceChangePerYear != 0
        || std::any_of(scenario.cloudOptions.begin(), scenario.cloudOptions.end(),
                       [](const CloudOption &c) { return c.autoscales; });
}

void writeModelsAndApiOptions(JsonWriter &writer, const Scenario &scenario)
{
    if (!scenario.models.empty()) {
        writer.beginArray("models");
        for (const ModelSpec &m : scenario.models)
            writeModel(writer, m);
        writer.endArray();
    }
    if (!scenario.apiOptions.empty()) {
        writer.beginArray("apiOptions");
        for (const ApiOption &a : scenario.apiOptions)
            writeApiOption(writer, a);
        writer.endArray();
    }
}

} // namespace breakeven::json
