// Fuzzes the scenario JSON reader, and for every scenario it accepts, the writer and the engine:
// what was read must write and read back, and evaluate without a crash.
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "inputerror.h"
#include "scenario/scenariojson.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    try {
        const breakeven::Scenario scenario = breakeven::readScenarioJson(bytes, QStringLiteral("fuzz.json"));
        const QByteArray written = breakeven::writeScenarioJson(scenario);
        if (breakeven::writeScenarioJson(breakeven::readScenarioJson(written)) != written)
            __builtin_trap(); // the round trip must be exact
        if (scenario.horizonMonths <= 120 && scenario.cloudOptions.size() + scenario.onPremOptions.size() <= 64) {
            const breakeven::CostModel model(breakeven::assemble(scenario));
            const auto evaluation = model.evaluate(scenario.workload.utilization);
            model.pairs(evaluation);
        }
    } catch (const breakeven::InputError &) {
    }
    return 0;
}
