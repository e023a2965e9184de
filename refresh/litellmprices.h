// LiteLLM's public price list of models served per token, `model_prices_and_context_window.json`
// (github.com/BerriAI/litellm, MIT licence): one JSON object whose keys are model keys
// ("gpt-5", "groq/openai/gpt-oss-120b") and whose values give, per token, the input, output and
// cached-input prices, the provider as LiteLLM names it (`litellm_provider`), the kind of model
// (`mode`: "chat", "embedding", "image_generation" …) and, for some, rate limits (`rpm`, `tpm`).
// Reading it is a pure function from the bytes to prices per million tokens; which entry
// belongs to which of a document's API offers is said here too, so that the refresh source
// (litellmsource.h) only fetches and writes.
#pragma once

#include "catalog/apioffers.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace breakeven {

struct LiteLlmPrice {
    QString key;                 // "groq/openai/gpt-oss-120b"
    QString provider;            // litellm_provider: "groq"
    QString mode;                // "chat"
    double inputPerMillion = 0;  // input_cost_per_token × 1,000,000
    double outputPerMillion = 0; // output_cost_per_token × 1,000,000
    std::optional<double> cachedInputPerMillion; // cache_read_input_token_cost × 1,000,000
    std::optional<double> requestsPerMinute;     // rpm
    std::optional<double> tokensPerMinute;       // tpm
    std::optional<qint64> maxTokens;             // max_tokens
};

struct LiteLlmPriceList {
    // The entries priced per token (both prices numbers of 0 or more), by key.
    QHash<QString, LiteLlmPrice> prices;
    // Entries priced per token whose figures cannot be read, by key: "input_cost_per_token is
    // \"free\", not a number". Harmless unless one of the document's offers is read from it.
    QHash<QString, QString> problems;
    qint64 entries = 0;          // every key but "sample_spec"
};

// Reads the list; `where` names it in messages (its URL). Throws InputError when the bytes are
// not a JSON object ("not JSON: … at byte N"), or when no entry has a price per token (not
// LiteLLM's list: a page of something else).
LiteLlmPriceList parseLiteLlmPrices(const QByteArray &json, const QString &where);

// The LiteLLM key `offer` is read from: the one its source names ("…, key 'gpt-5'"), else the
// provider's prefix and the API model id ("together" → "together_ai/<id>"), else the id alone.
QStringList liteLlmKeysOf(const ApiOffer &offer);
// Whether LiteLLM's provider name `liteLlmProvider` ("bedrock_converse", "vertex_ai-llama_models")
// is the document's provider `provider` ("aws-bedrock", "google-vertex").
bool sameLiteLlmProvider(const QString &provider, const QString &liteLlmProvider);

// The entry of `list` for `offer`, by liteLlmKeysOf() and the provider; nullptr when there is none.
// When the key's entry cannot be read, `problem` says why.
const LiteLlmPrice *findLiteLlmPrice(const LiteLlmPriceList &list, const ApiOffer &offer, QString *problem = nullptr);

} // namespace breakeven
