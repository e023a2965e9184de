#include "apioffers.h"

#include "inputerror.h"
#include "text/csvreader.h"

#include <QFile>
#include <QHash>

#include <cmath>
#include <memory>

namespace breakeven {

std::vector<ApiOffer> parseApiOffers(const QByteArray &csv, const QString &name)
{
    const std::unique_ptr<CsvReader> reader = CsvReader::fromData(csv, name);
    CsvRecord record;
    if (!reader->next(record))
        throw InputError(name, QStringLiteral("empty file"));
    QHash<QString, int> columns;
    for (int i = 0; i < record.fields.size(); ++i)
        columns.insert(record.fields[i].trimmed(), i);
    const auto text = [&](const char *column, bool required = false) {
        const auto it = columns.constFind(QLatin1String(column));
        if (it == columns.constEnd())
            throw InputError(name, QStringLiteral("column %1 is missing").arg(QLatin1String(column)));
        const QString value = record.fields.value(*it).trimmed();
        if (required && value.isEmpty())
            throw InputError(QStringLiteral("%1:%2: column %3").arg(name).arg(record.line).arg(QLatin1String(column)),
                             QStringLiteral("value is missing"));
        return value;
    };
    const auto number = [&](const char *column, bool required = false) -> std::optional<double> {
        const QString value = text(column, required);
        if (value.isEmpty())
            return std::nullopt;
        bool ok = false;
        const double n = value.toDouble(&ok);
        if (!ok || !std::isfinite(n) || n < 0)
            throw InputError(QStringLiteral("%1:%2: column %3").arg(name).arg(record.line).arg(QLatin1String(column)),
                             QStringLiteral("\"%1\" is not a number of 0 or more").arg(value));
        return n;
    };
    std::vector<ApiOffer> out;
    while (reader->next(record)) {
        ApiOffer o;
        o.provider = text("provider", true);
        o.model = text("model", true);
        o.servedModel = text("served_model");
        o.apiModelId = text("api_model_id");
        o.inputPerMillion = *number("input_per_mtok", true);
        o.outputPerMillion = *number("output_per_mtok", true);
        o.cachedInputPerMillion = number("cached_input_per_mtok");
        o.currency = text("currency", true);
        o.requestsPerMinute = number("requests_per_minute");
        o.tokensPerMinute = number("tokens_per_minute");
        o.source = text("source", true);
        o.url = text("url");
        o.asOf = text("as_of", true);
        out.push_back(std::move(o));
    }
    return out;
}

const std::vector<ApiOffer> &bundledApiOffers()
{
    static const std::vector<ApiOffer> offers = [] {
        const QString path = QStringLiteral(":/pricing-db/api-offers.csv");
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            throw InputError(path, QStringLiteral("bundled file is missing"));
        return parseApiOffers(file.readAll(), path);
    }();
    return offers;
}

ApiOption apiOptionFromOffer(const ApiOffer &offer)
{
    ApiOption a;
    a.name = QStringLiteral("%1 %2").arg(offer.provider, offer.model);
    a.provider = offer.provider;
    a.model = offer.servedModel.isEmpty() ? offer.model : offer.servedModel;
    a.pricePerMillionInput = offer.inputPerMillion;
    a.pricePerMillionOutput = offer.outputPerMillion;
    a.pricePerMillionCachedInput = offer.cachedInputPerMillion;
    a.currency = offer.currency;
    a.maxTokensPerMinute = offer.tokensPerMinute;
    return a;
}

} // namespace breakeven
