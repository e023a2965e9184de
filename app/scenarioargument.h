// A SCENARIO argument: a scenario JSON file, or DOCUMENT#scenario-name.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"
#include "engine/engineinput.h"

#include <functional>

namespace breakeven {
class Document;
}

namespace breakeven::cli {

// A scenario argument read and assembled for the engine once, against the GPU catalog it goes
// with: the document's for DOCUMENT#scenario, the bundled one for a JSON file.
struct LoadedScenario {
    Scenario scenario;
    GpuCatalog catalog;
    EngineInput input;
};

// Throws InputError naming the file (and scenario) first, then the field, when it cannot be read
// or breaks a rule of the scenario format. `adjust` changes the scenario for this run (options
// such as --cloud-price-change) before it is checked and assembled.
// `whileOpen`, for DOCUMENT#scenario, reads more of the document before it is closed (a command
// that needs its catalog too opens and checks the file once).
LoadedScenario loadScenarioArgument(const QString &argument, const std::function<void(Scenario &)> &adjust = {},
                                    const std::function<void(Document &)> &whileOpen = {});

} // namespace breakeven::cli
