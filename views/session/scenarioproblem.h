// Why a scenario cannot be evaluated, in words a user reads (not a JSON path), and where it is
// fixed: the scenario's settings, its workload, or one of its builds or cloud options.
#pragma once

#include "domain.h"

#include <QString>

namespace breakeven {

struct ScenarioProblem {
    enum class Place { Settings, Workload, Build, CloudOption };
    Place place = Place::Settings;
    int position = -1;      // of the build or cloud option
    QString text;           // "The on-prem build “Rig” is priced in EUR, …"
    QString action;         // "Open the Scenario's Settings"

    bool operator==(const ScenarioProblem &) const = default;
};

// `where` and `reason` as an InputError from validation or assembly gives them
// ("onPremOptions[0].currency", "no exchange rate from EUR to USD in exchangeRates").
ScenarioProblem describeProblem(const Scenario &scenario, const QString &where, const QString &reason);

} // namespace breakeven
