// Rows of serving (schema 16): the workload's serving columns, a scenario's own model figures and
// its options paid per token.
#include "rows.h"

#include "connection.h"

namespace breakeven::rows {

void bindServing(SQLite::Statement &s, int i, const std::optional<Serving> &serving)
{
    // No serving: a NULL model, the other columns at their defaults.
    const Serving v = serving.value_or(Serving{});
    if (serving)
        s.bind(i, utf8(v.model));
    else
        s.bind(i);
    s.bind(i + 1, utf8(v.precision));
    s.bind(i + 2, v.requestsPerSecond);
    s.bind(i + 3, v.peakToMean);
    s.bind(i + 4, v.inputTokens);
    s.bind(i + 5, v.outputTokens);
    bindOptional(s, i + 6, v.maxTimePerOutputTokenMs);
}

std::optional<Serving> readServing(const SQLite::Statement &s, int c)
{
    if (s.getColumn(c).isNull())
        return std::nullopt;
    Serving v;
    v.model = textColumn(s, c);
    v.precision = textColumn(s, c + 1);
    v.requestsPerSecond = real(s, c + 2);
    v.peakToMean = real(s, c + 3);
    v.inputTokens = real(s, c + 4);
    v.outputTokens = real(s, c + 5);
    v.maxTimePerOutputTokenMs = optionalColumn(s, c + 6);
    return v;
}

void bindModel(SQLite::Statement &s, int i, const ModelSpec &m)
{
    s.bind(i, utf8(m.name));
    s.bind(i + 1, utf8(m.family));
    s.bind(i + 2, utf8(m.publisher));
    s.bind(i + 3, utf8(m.hfRepo));
    s.bind(i + 4, m.totalParamsB);
    s.bind(i + 5, m.activeParamsB);
    s.bind(i + 6, m.layers);
    s.bind(i + 7, m.hiddenSize);
    s.bind(i + 8, m.attentionHeads);
    s.bind(i + 9, m.kvHeads);
    s.bind(i + 10, m.headDim);
    s.bind(i + 11, m.kvValuesPerTokenLayer);
    s.bind(i + 12, m.contextTokens);
    s.bind(i + 13, utf8(m.attention));
    s.bind(i + 14, utf8(m.licence));
    s.bind(i + 15, utf8(m.source));
    s.bind(i + 16, utf8(m.url));
    s.bind(i + 17, utf8(m.asOf));
}

ModelSpec readModel(const SQLite::Statement &s, int c)
{
    ModelSpec m;
    m.name = textColumn(s, c);
    m.family = textColumn(s, c + 1);
    m.publisher = textColumn(s, c + 2);
    m.hfRepo = textColumn(s, c + 3);
    m.totalParamsB = real(s, c + 4);
    m.activeParamsB = real(s, c + 5);
    m.layers = integer(s, c + 6);
    m.hiddenSize = integer(s, c + 7);
    m.attentionHeads = integer(s, c + 8);
    m.kvHeads = integer(s, c + 9);
    m.headDim = integer(s, c + 10);
    m.kvValuesPerTokenLayer = real(s, c + 11);
    m.contextTokens = integer(s, c + 12);
    m.attention = textColumn(s, c + 13);
    m.licence = textColumn(s, c + 14);
    m.source = textColumn(s, c + 15);
    m.url = textColumn(s, c + 16);
    m.asOf = textColumn(s, c + 17);
    return m;
}

void bindApiOption(SQLite::Statement &s, int i, const ApiOption &o)
{
    s.bind(i, utf8(o.name));
    s.bind(i + 1, utf8(o.provider));
    s.bind(i + 2, utf8(o.model));
    s.bind(i + 3, o.pricePerMillionInput);
    s.bind(i + 4, o.pricePerMillionOutput);
    bindOptional(s, i + 5, o.pricePerMillionCachedInput);
    s.bind(i + 6, o.cachedInputShare);
    s.bind(i + 7, utf8(o.currency));
    bindOptional(s, i + 8, o.priceChangePerYear);
    bindOptional(s, i + 9, o.maxTokensPerMinute);
    bindScores(s, i + 10, o.scores);
}

ApiOption readApiOption(const SQLite::Statement &s, int c)
{
    ApiOption o;
    o.name = textColumn(s, c);
    o.provider = textColumn(s, c + 1);
    o.model = textColumn(s, c + 2);
    o.pricePerMillionInput = real(s, c + 3);
    o.pricePerMillionOutput = real(s, c + 4);
    o.pricePerMillionCachedInput = optionalColumn(s, c + 5);
    o.cachedInputShare = real(s, c + 6);
    o.currency = textColumn(s, c + 7);
    o.priceChangePerYear = optionalColumn(s, c + 8);
    o.maxTokensPerMinute = optionalColumn(s, c + 9);
    o.scores = readScores(s, c + 10);
    return o;
}

} // namespace breakeven::rows
