#include "apiofferrows.h"

#include "connection.h"
#include "rows.h"

namespace breakeven::apirows {

ApiOffer keyed(ApiOffer offer)
{
    if (offer.apiModelId.isEmpty())
        offer.apiModelId = offer.model;
    return offer;
}

bool sameOffer(const ApiOffer &a, const ApiOffer &b)
{
    return a.provider == b.provider && a.model == b.model && a.servedModel == b.servedModel
        && a.apiModelId == b.apiModelId && a.inputPerMillion == b.inputPerMillion
        && a.outputPerMillion == b.outputPerMillion && a.cachedInputPerMillion == b.cachedInputPerMillion
        && a.currency == b.currency && a.requestsPerMinute == b.requestsPerMinute
        && a.tokensPerMinute == b.tokensPerMinute && a.source == b.source && a.url == b.url && a.asOf == b.asOf;
}

void bind(SQLite::Statement &s, int i, const ApiOffer &o)
{
    s.bind(i, utf8(o.provider));
    s.bind(i + 1, utf8(o.model));
    s.bind(i + 2, utf8(o.servedModel));
    s.bind(i + 3, utf8(o.apiModelId));
    s.bind(i + 4, o.inputPerMillion);
    s.bind(i + 5, o.outputPerMillion);
    bindOptional(s, i + 6, o.cachedInputPerMillion);
    s.bind(i + 7, utf8(o.currency));
    bindOptional(s, i + 8, o.requestsPerMinute);
    bindOptional(s, i + 9, o.tokensPerMinute);
    s.bind(i + 10, utf8(o.source));
    s.bind(i + 11, utf8(o.url));
    s.bind(i + 12, utf8(o.asOf));
}

namespace {

std::optional<double> optionalAmount(const SQLite::Statement &s, int column)
{
    if (s.getColumn(column).isNull())
        return std::nullopt;
    const double value = rows::real(s, column);
    if (!(value >= 0))
        rows::damaged(QStringLiteral("a negative value, %1, in column %2")
                          .arg(value)
                          .arg(QString::fromUtf8(s.getColumnName(column))));
    return value;
}

} // namespace

ApiOffer read(const SQLite::Statement &s, int c)
{
    ApiOffer o;
    o.provider = textColumn(s, c);
    o.model = textColumn(s, c + 1);
    o.servedModel = textColumn(s, c + 2);
    o.apiModelId = textColumn(s, c + 3);
    if (s.getColumn(c + 4).isNull() || s.getColumn(c + 5).isNull())
        rows::damaged(QStringLiteral("an API offer without a price"));
    o.inputPerMillion = *optionalAmount(s, c + 4);
    o.outputPerMillion = *optionalAmount(s, c + 5);
    o.cachedInputPerMillion = optionalAmount(s, c + 6);
    o.currency = textColumn(s, c + 7);
    o.requestsPerMinute = optionalAmount(s, c + 8);
    o.tokensPerMinute = optionalAmount(s, c + 9);
    o.source = textColumn(s, c + 10);
    o.url = textColumn(s, c + 11);
    o.asOf = textColumn(s, c + 12);
    return o;
}

} // namespace breakeven::apirows
