// Models served per token, compiled into the application from pricing-db/api-offers.csv (column
// layout in pricing-db/README.md): what `recommend` ranks beside the GPU offers for a serving
// workload, and what an API option is made from.
#pragma once

#include "domain.h"

#include <QByteArray>
#include <QString>

#include <optional>
#include <vector>

namespace breakeven {

struct ApiOffer {
    QString provider;
    QString model;                 // the provider's name for it
    QString servedModel;           // the models.csv key of the open model it serves; empty: proprietary
    QString apiModelId;
    double inputPerMillion = 0;
    double outputPerMillion = 0;
    std::optional<double> cachedInputPerMillion;
    QString currency = QStringLiteral("USD");
    std::optional<double> requestsPerMinute;
    std::optional<double> tokensPerMinute;
    QString source;
    QString url;
    QString asOf;
};

// Throws InputError naming the file, line and column of a malformed value.
std::vector<ApiOffer> parseApiOffers(const QByteArray &csv, const QString &name);
const std::vector<ApiOffer> &bundledApiOffers();
// The offer as an API option of a scenario: named "provider model", serving its open model (or
// its own name for a proprietary one), at its list prices and rate limit.
ApiOption apiOptionFromOffer(const ApiOffer &offer);

} // namespace breakeven
