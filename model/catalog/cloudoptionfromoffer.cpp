#include "cloudoptionfromoffer.h"

namespace breakeven {

CloudOption cloudOptionFromOffer(const CloudOffer &offer, PricingPlan plan)
{
    CloudOption option;
    option.name = QStringLiteral("%1 %2 %3").arg(offer.provider, offer.instanceType, toString(plan));
    option.provider = offer.provider;
    option.category = offer.category;
    option.instanceType = offer.instanceType;
    option.gpu = offer.gpu;
    option.region = offer.region;
    option.gpusPerInstance = offer.gpuCount > 0 ? offer.gpuCount : 1;
    option.pricing = plan;
    option.pricePerHour = offer.price(plan).value_or(0.0);
    option.currency = offer.currency;
    return option;
}

} // namespace breakeven
