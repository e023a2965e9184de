#include "scenariojsonparts.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace breakeven::json {

namespace {

constexpr Bounds kScore = Bounds::between(kLowestScore, kHighestScore);
constexpr Bounds kWeight = Bounds::between(0, 1000);

} // namespace

void readScores(ObjectReader &parent, CriterionScores &scores)
{
    const auto object = parent.objectField("scores");
    if (!object)
        return;
    ObjectReader reader(*object, parent.pathOf("scores"));
    for (int c = 0; c < kCriterionCount; ++c)
        reader.optionalNumber(toString(Criterion(c)), scores[std::size_t(c)], kScore);
    reader.finish();
}

void readWeights(ObjectReader &parent, CriterionWeights &weights)
{
    const auto object = parent.objectField("criteriaWeights");
    if (!object)
        return;
    ObjectReader reader(*object, parent.pathOf("criteriaWeights"));
    for (int c = 0; c < kCriterionCount; ++c)
        reader.number(toString(Criterion(c)), weights[std::size_t(c)], kWeight);
    reader.finish();
    if (!validCriterionWeights(weights))
        parent.fail("criteriaWeights", QStringLiteral("at least one weight must be above 0"));
}

Uncertainty readUncertainty(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    Uncertainty uncertainty;
    reader.integer("samples", uncertainty.samples, 1, kMaxSamples);
    double seed = double(uncertainty.seed);
    reader.number("seed", seed, Bounds::between(0, 1e12));
    if (seed != std::floor(seed))
        reader.fail("seed", QStringLiteral("must be a whole number (not %1)").arg(seed));
    uncertainty.seed = quint64(seed);
    reader.forEachObject("inputs", [&](const QJsonObject &element, const QString &elementPath) {
        ObjectReader input(element, elementPath);
        UncertainInput range;
        input.text("path", range.path, Text::NonEmpty, Need::Required);
        constexpr Bounds kAny = Bounds::between(-1e12, 1e12);
        input.optionalNumber("low", range.low, kAny);
        input.optionalNumber("high", range.high, kAny);
        input.optionalNumber("lowFactor", range.lowFactor, Bounds::between(-1e6, 1e6));
        input.optionalNumber("highFactor", range.highFactor, Bounds::between(-1e6, 1e6));
        input.enumeration("distribution", range.distribution, {Distribution::Triangular, Distribution::Uniform});
        input.finish();
        uncertainty.inputs.push_back(range);
    }, kMaxOptions);
    reader.finish();
    return uncertainty;
}

void writeUncertainty(JsonWriter &writer, const Uncertainty &uncertainty)
{
    writer.beginObject("uncertainty");
    writer.writeInteger("samples", uncertainty.samples);
    writer.writeInteger("seed", qint64(uncertainty.seed));
    writer.beginArray("inputs");
    for (const UncertainInput &input : uncertainty.inputs) {
        writer.beginObject();
        writer.writeString("path", input.path);
        if (input.low)
            writer.writeNumber("low", *input.low);
        if (input.high)
            writer.writeNumber("high", *input.high);
        if (input.lowFactor)
            writer.writeNumber("lowFactor", *input.lowFactor);
        if (input.highFactor)
            writer.writeNumber("highFactor", *input.highFactor);
        writer.writeString("distribution", toString(input.distribution));
        writer.endObject();
    }
    writer.endArray();
    writer.endObject();
}

bool hasScores(const CriterionScores &scores)
{
    return std::any_of(scores.begin(), scores.end(), [](const auto &score) { return score.has_value(); });
}

void writeScores(JsonWriter &writer, const CriterionScores &scores)
{
    if (!hasScores(scores))
        return;
    writer.beginObject("scores");
    for (int c = 0; c < kCriterionCount; ++c) {
        if (const auto &score = scores[std::size_t(c)])
            writer.writeNumber(toString(Criterion(c)), *score);
    }
    writer.endObject();
}

WorkloadDemand readDemand(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    WorkloadDemand demand;
    reader.number("stepHours", demand.stepHours, Bounds::aboveAtMost(0, kMaxWorkloadDemandStepHours));
    reader.text("source", demand.source, Text::Any);
    const std::optional<QJsonArray> values = reader.arrayField("gpus");
    const QString arrayPath = reader.pathOf("gpus");
    if (!values)
        throw InputError(arrayPath, QStringLiteral("is required: the GPUs busy in each step"));
    if (values->isEmpty())
        throw InputError(arrayPath, QStringLiteral("is empty; a profile has at least one step"));
    if (values->size() > kMaxWorkloadDemandSteps)
        throw InputError(arrayPath, QStringLiteral("holds %1 steps; at most %2 are accepted (choose a longer stepHours)")
                                        .arg(values->size()).arg(kMaxWorkloadDemandSteps));
    demand.gpus.reserve(std::size_t(values->size()));
    for (qsizetype i = 0; i < values->size(); ++i) {
        const QJsonValue value = values->at(i);
        if (!value.isDouble())
            throw InputError(elementPath(arrayPath, i), QStringLiteral("must be a number (GPUs busy in the step)"));
        const double gpus = value.toDouble();
        if (!(gpus >= 0) || !std::isfinite(gpus))
            throw InputError(elementPath(arrayPath, i), QStringLiteral("must be 0 or more (not %1)").arg(gpus));
        demand.gpus.push_back(gpus);
    }
    reader.finish();
    return demand;
}

void writeDemand(JsonWriter &writer, const WorkloadDemand &demand)
{
    writer.beginObject("demand");
    writer.writeNumber("stepHours", demand.stepHours);
    if (!demand.source.isEmpty())
        writer.writeString("source", demand.source);
    writer.writeNumberArray("gpus", demand.gpus);
    writer.endObject();
}

std::vector<HybridOption> readHybridOptions(ObjectReader &parent, const Scenario &scenario)
{
    std::vector<HybridOption> options;
    QSet<QString> names;
    parent.forEachObject("hybridOptions", [&](const QJsonObject &element, const QString &path) {
        ObjectReader reader(element, path);
        HybridOption option;
        reader.text("name", option.name, Text::Name, Need::Required);
        reader.text("onPrem", option.onPrem, Text::Name, Need::Required);
        reader.text("cloud", option.cloud, Text::Name, Need::Required);
        if (element.value(QStringLiteral("units")).isNull()) {
            std::optional<double> chosenByEngine; // null: the engine chooses K
            reader.optionalNumber("units", chosenByEngine, Bounds::atLeast(0));
        } else if (reader.has("units")) {
            int units = 0;
            reader.integer("units", units, 0, kMaxHybridUnits);
            option.units = units;
        }
        reader.finish();
        if (names.contains(option.name))
            reader.fail("name", QStringLiteral("duplicate hybrid option name \"%1\"").arg(option.name));
        names.insert(option.name);
        if (std::none_of(scenario.onPremOptions.begin(), scenario.onPremOptions.end(),
                         [&](const OnPremBuild &build) { return build.name == option.onPrem; }))
            reader.fail("onPrem", QStringLiteral("no build named \"%1\" in onPremOptions").arg(option.onPrem));
        if (std::none_of(scenario.cloudOptions.begin(), scenario.cloudOptions.end(),
                         [&](const CloudOption &cloud) { return cloud.name == option.cloud; }))
            reader.fail("cloud", QStringLiteral("no cloud option named \"%1\" in cloudOptions").arg(option.cloud));
        options.push_back(std::move(option));
    }, kMaxOptions);
    return options;
}

void writeHybridOptions(JsonWriter &writer, const std::vector<HybridOption> &options)
{
    if (options.empty())
        return;
    writer.beginArray("hybridOptions");
    for (const HybridOption &option : options) {
        writer.beginObject();
        writer.writeString("name", option.name);
        writer.writeString("onPrem", option.onPrem);
        writer.writeString("cloud", option.cloud);
        if (option.units)
            writer.writeInteger("units", *option.units);
        writer.endObject();
    }
    writer.endArray();
}

} // namespace breakeven::json
