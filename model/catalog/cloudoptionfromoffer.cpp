#include "cloudoptionfromoffer.h"

#include "offername.h"

namespace breakeven {

int paymentChoiceIndex(PaymentChoice choice)
{
    if (!choice.allUpfront)
        return int(choice.plan);
    return choice.plan == PricingPlan::Reserved1y ? 4 : 5;
}

const std::vector<PaymentChoice> &paymentChoices()
{
    static const std::vector<PaymentChoice> choices = {
        {PricingPlan::OnDemand, false},  {PricingPlan::Spot, false},
        {PricingPlan::Reserved1y, false}, {PricingPlan::Reserved3y, false},
        {PricingPlan::Reserved1y, true},  {PricingPlan::Reserved3y, true},
    };
    return choices;
}

std::optional<double> priceFor(const CloudOffer &offer, PaymentChoice choice)
{
    return choice.allUpfront ? offer.upfrontPrice(choice.plan) : offer.price(choice.plan);
}

QString choiceName(PaymentChoice choice)
{
    return choice.allUpfront ? toString(choice.plan) + QStringLiteral(" all upfront") : toString(choice.plan);
}

CloudOption cloudOptionFromOffer(const CloudOffer &offer, PaymentChoice choice)
{
    CloudOption option;
    option.name = offerOptionName(offer, choice);
    option.provider = offer.provider;
    option.category = offer.category;
    option.instanceType = offer.instanceType;
    option.gpu = offer.gpu;
    option.region = offer.region;
    option.gpusPerInstance = offer.gpuCount > 0 ? offer.gpuCount : 1;
    option.pricing = choice.plan;
    option.pricePerHour = priceFor(offer, choice).value_or(0.0);
    option.reservedUpfrontShare = choice.allUpfront ? 1.0 : 0.0;
    option.currency = offer.currency;
    return option;
}

} // namespace breakeven
