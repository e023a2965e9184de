// Turning a catalog offer into a scenario's cloud option, shared by the catalog dock's
// "Add to scenario", the window's choosers and the ranking of the catalog (engine/offerranking.h).
#pragma once

#include "domain.h"

namespace breakeven {

// Named "<provider> <instance> <plan>", priced per instance-hour for `plan`. An offer without a
// price for `plan` gives pricePerHour 0; check CloudOffer::price() first when that matters.
CloudOption cloudOptionFromOffer(const CloudOffer &offer, PricingPlan plan);

} // namespace breakeven
