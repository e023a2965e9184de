// A SCENARIO argument: a scenario JSON file, or DOCUMENT#scenario-name.
#pragma once

#include "domain.h"

namespace breakeven::cli {

// Throws InputError naming the file (and scenario) when it cannot be read.
Scenario loadScenarioArgument(const QString &argument);

} // namespace breakeven::cli
