// Small uncertain scenarios shared by the risk suites (test_risk, test_risktornado).
#pragma once

#include "enginefixtures.h"
#include "engine/risk.h"

namespace fixtures {

// A build of one reference GPU against renting one, over a year: the build costs 4,380, renting
// 8,760 · u · price; they break even at u = 0.5 with a price of 1.
inline Scenario buyOrRent()
{
    Scenario s = scenario(1, 0.6, 12);
    s.onPremOptions = {build(QStringLiteral("box"), 4380)};
    s.cloudOptions = {cloud(QStringLiteral("rent"), 1.0)};
    return s;
}

inline UncertainInput range(const QString &path, double low, double high, bool relative = false,
                            Distribution distribution = Distribution::Triangular)
{
    UncertainInput input;
    input.path = path;
    (relative ? input.lowFactor : input.low) = low;
    (relative ? input.highFactor : input.high) = high;
    input.distribution = distribution;
    return input;
}

} // namespace fixtures
