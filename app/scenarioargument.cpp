#include "scenarioargument.h"

#include "scenario/scenariojson.h"

namespace breakeven::cli {

Scenario loadScenarioArgument(const QString &argument)
{
    return readScenarioFile(argument);
}

} // namespace breakeven::cli
