// Fuzzes the scenario JSON reader, and for every scenario it accepts, the writer, the engine and
// what prints its results: what was read must write and read back exactly; every number the
// results hold, print or write as JSON must be finite; and a small scenario's PDF report must
// render (offscreen, into a file that is removed again).
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/resultsjson.h"
#include "engine/resultstext.h"
#include "export/reportwriter.h"
#include "inputerror.h"
#include "exchange/scenariojson.h"
#include "fuzzapplication.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace {

// Every number in a results JSON: written by Qt, an infinity or NaN would have become null where
// a number belongs, so nulls are checked where the format allows none.
void checkFinite(const QJsonValue &value)
{
    if (value.isDouble() && !std::isfinite(value.toDouble()))
        __builtin_trap();
    if (value.isArray())
        for (const QJsonValue &element : value.toArray()) {
            if (element.isNull()) // monthly and cumulative arrays hold numbers only
                __builtin_trap();
            checkFinite(element);
        }
    if (value.isObject())
        for (const QJsonValue &element : value.toObject())
            checkFinite(element);
}

void checkResults(const breakeven::Scenario &scenario, const breakeven::CostModel &model,
                  const breakeven::Evaluation &evaluation)
{
    for (int i = 0; i < model.optionCount(); ++i) {
        if (model.isFeasible(i) && !std::isfinite(evaluation.tco(i)))
            __builtin_trap();
        if (const auto &perHour = evaluation.costPerReferenceGpuHour[std::size_t(i)]; perHour && !std::isfinite(*perHour))
            __builtin_trap();
    }
    const QJsonObject json = breakeven::resultsToJson(model, evaluation);
    checkFinite(json.value(QStringLiteral("options")));
    checkFinite(json.value(QStringLiteral("pairs")));

    // The table without the names the user chose: what is left is labels and numbers.
    QString text = breakeven::resultsTable(model, evaluation);
    text.remove(scenario.name);
    for (int i = 0; i < model.optionCount(); ++i)
        text.remove(model.option(i).name);
    for (int i = 0; i < model.optionCount(); ++i)
        text.remove(model.status(i).reason);
    static const QRegularExpression nonFinite(QStringLiteral("\\b(inf|nan)\\b"), QRegularExpression::CaseInsensitiveOption);
    if (nonFinite.match(text).hasMatch())
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static char name[] = "fuzz_scenariojson";
    breakeven::fuzzing::application(name);
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    try {
        const breakeven::Scenario scenario = breakeven::readScenarioJson(bytes, QStringLiteral("fuzz.json"));
        const QByteArray written = breakeven::writeScenarioJson(scenario);
        if (breakeven::writeScenarioJson(breakeven::readScenarioJson(written)) != written)
            __builtin_trap(); // the round trip must be exact
        if (scenario.horizonMonths <= 120 && scenario.cloudOptions.size() + scenario.onPremOptions.size() <= 64) {
            const breakeven::CostModel model(breakeven::assemble(scenario, breakeven::GpuCatalog::bundled()));
            const auto evaluation = model.evaluate(scenario.workload.utilization);
            model.pairs(evaluation);
            checkResults(scenario, model, evaluation);
            if (scenario.horizonMonths <= 36 && model.optionCount() <= 3) {
                static const QString pdf = QDir::tempPath()
                    + QStringLiteral("/breakeven-fuzz-report-%1.pdf").arg(QCoreApplication::applicationPid());
                breakeven::exporting::writeReport(scenario, breakeven::GpuCatalog::bundled(), model, evaluation, pdf);
                if (QFile(pdf).size() < 1000)
                    __builtin_trap();
                QFile::remove(pdf);
            }
        }
    } catch (const breakeven::InputError &) {
    }
    return 0;
}
