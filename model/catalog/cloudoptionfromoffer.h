// Turning a catalog offer into a scenario's cloud option, shared by the catalog dock's
// "Add to scenario", the window's choosers and the ranking of the catalog (engine/offerranking.h).
#pragma once

#include "domain.h"

#include <vector>

namespace breakeven {

// A way to pay for an offer: its plan, and for a reserved plan whether the whole term is paid at
// its start (the offer's upfront price, reservedUpfrontShare 1) or month by month.
struct PaymentChoice {
    // A plan alone is paid as it comes (month by month for a reserved plan).
    constexpr PaymentChoice(PricingPlan plan = PricingPlan::OnDemand, bool allUpfront = false)
        : plan(plan)
        , allUpfront(allUpfront)
    {
    }

    PricingPlan plan;
    bool allUpfront;

    bool operator==(const PaymentChoice &) const = default;
};
inline constexpr int kPaymentChoiceCount = 6; // four plans, two of them also all upfront
// 0..5: the plans in kHeadlinePlans order, then reserved-1y and reserved-3y all upfront.
int paymentChoiceIndex(PaymentChoice choice);
// Every choice, in that order.
const std::vector<PaymentChoice> &paymentChoices();

// The offer's price per instance-hour for `choice`; none when it publishes none.
std::optional<double> priceFor(const CloudOffer &offer, PaymentChoice choice);
// "reserved-3y", "reserved-3y all upfront": how a cloud option's name says it.
QString choiceName(PaymentChoice choice);

// Named as offerOptionName() says ("AWS p5.48xlarge, 3-year reserved"), priced per instance-hour for `choice`. An
// offer without a price for it gives pricePerHour 0; check priceFor() first when that matters.
CloudOption cloudOptionFromOffer(const CloudOffer &offer, PaymentChoice choice);

} // namespace breakeven
