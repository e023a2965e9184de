// The names a cloud option made from a catalog offer gets, the same in the window and on the
// command line: "Lambda 8 × H100 SXM5, on demand", "AWS p5.48xlarge, 3-year reserved".
#pragma once

#include "cloudoptionfromoffer.h"

#include <QString>

namespace breakeven {

// "AWS", "GCP", "Lambda", "RunPod", "Vast.ai" for the catalog's "aws", "gcp", …; an unknown
// provider with its first letter raised.
QString providerDisplayName(const QString &provider);
// A catalog GPU name as people say it: "H100 SXM5" for H100-SXM5-80GB. The memory stays where
// the bundled catalog has the same chip with another amount (A100 SXM4 40GB, A100 SXM4 80GB).
QString gpuDisplayName(const QString &gpu);
// "on demand", "spot", "1-year reserved", "3-year reserved, all upfront".
QString paymentChoiceWords(PaymentChoice choice);
// Provider, then the instance type where the provider's names mean something (the hyperscalers)
// or "count × GPU" otherwise, then the plan in words.
QString offerOptionName(const CloudOffer &offer, PaymentChoice choice);

} // namespace breakeven
