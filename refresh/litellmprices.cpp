#include "litellmprices.h"

#include "inputerror.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>
#include <QRegularExpression>

#include <cmath>

namespace breakeven {

namespace {

// The document's provider names (api-offers.csv) and LiteLLM's for the same service: the key's
// prefix and the litellm_provider values its entries carry. Providers named alike in both need
// no row: their prefix is their name and a slash.
struct ProviderNames {
    const char *provider;
    const char *prefix;           // "" for keys without one (OpenAI, Anthropic, Bedrock)
    const char *liteLlmProviders; // comma-separated; a trailing '*' takes any ending
};

constexpr ProviderNames kProviders[] = {
    {"openai", "", "openai,text-completion-openai"},
    {"anthropic", "", "anthropic"},
    {"google-gemini", "gemini/", "gemini"},
    {"google-vertex", "vertex_ai/", "vertex_ai*"},
    {"together", "together_ai/", "together_ai"},
    {"fireworks", "fireworks_ai/", "fireworks_ai"},
    {"lambda", "lambda_ai/", "lambda_ai"},
    {"aws-bedrock", "", "bedrock,bedrock_converse"},
    {"azure-openai", "azure/", "azure"},
    {"azure-ai", "azure_ai/", "azure_ai"},
};

// Why an entry priced per token cannot be read.
struct EntryProblem {
    QString reason;
};

const ProviderNames *namesOf(const QString &provider)
{
    for (const ProviderNames &names : kProviders)
        if (provider == QLatin1String(names.provider))
            return &names;
    return nullptr;
}

// Dollars per token to dollars per million tokens, without the binary fraction's noise
// (1.25e-07 × 10⁶ is 0.12499999999999999).
double perMillion(double perToken)
{
    return QString::number(perToken * 1e6, 'g', 12).toDouble();
}

// The number `field` of `entry`: nullopt when absent or null; throws the reason it cannot be a
// price or a limit.
std::optional<double> amount(const QJsonObject &entry, const char *field)
{
    const QJsonValue value = entry.value(QLatin1String(field));
    if (value.isUndefined() || value.isNull())
        return std::nullopt;
    if (!value.isDouble()) {
        QString what = QStringLiteral("an object");
        if (value.isString())
            what = QStringLiteral("\"%1\"").arg(value.toString().left(40));
        else if (value.isBool())
            what = value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        else if (value.isArray())
            what = QStringLiteral("a list");
        throw EntryProblem{QStringLiteral("%1 is %2, not a number").arg(QLatin1String(field), what)};
    }
    const double number = value.toDouble();
    if (!std::isfinite(number) || number < 0)
        throw EntryProblem{QStringLiteral("%1 is %2, below 0").arg(QLatin1String(field)).arg(number)};
    return number;
}

LiteLlmPrice readEntry(const QString &key, const QJsonObject &entry)
{
    LiteLlmPrice price;
    price.key = key;
    price.provider = entry.value(QLatin1String("litellm_provider")).toString();
    price.mode = entry.value(QLatin1String("mode")).toString();
    const std::optional<double> input = amount(entry, "input_cost_per_token");
    const std::optional<double> output = amount(entry, "output_cost_per_token");
    if (!input)
        throw EntryProblem{QStringLiteral("input_cost_per_token is missing")};
    if (!output)
        throw EntryProblem{QStringLiteral("output_cost_per_token is missing")};
    price.inputPerMillion = perMillion(*input);
    price.outputPerMillion = perMillion(*output);
    if (const std::optional<double> cached = amount(entry, "cache_read_input_token_cost"))
        price.cachedInputPerMillion = perMillion(*cached);
    price.requestsPerMinute = amount(entry, "rpm");
    price.tokensPerMinute = amount(entry, "tpm");
    if (const std::optional<double> maxTokens = amount(entry, "max_tokens"))
        price.maxTokens = qint64(*maxTokens);
    return price;
}

} // namespace

LiteLlmPriceList parseLiteLlmPrices(const QByteArray &json, const QString &where)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError)
        throw InputError(where, QStringLiteral("not JSON: %1 at byte %2 of %3")
                                    .arg(error.errorString())
                                    .arg(error.offset)
                                    .arg(json.size()));
    if (!document.isObject())
        throw InputError(where, QStringLiteral("a JSON %1, not LiteLLM's price list (an object of models by key)")
                                    .arg(document.isArray() ? QStringLiteral("array") : QStringLiteral("value")));
    LiteLlmPriceList list;
    qint64 priced = 0;
    const QJsonObject models = document.object();
    for (auto it = models.begin(); it != models.end(); ++it) {
        const QString key = it.key();
        if (key == QLatin1String("sample_spec"))
            continue;
        ++list.entries;
        if (!it->isObject())
            continue;
        const QJsonObject entry = it->toObject();
        if (!entry.contains(QLatin1String("input_cost_per_token")) && !entry.contains(QLatin1String("output_cost_per_token")))
            continue; // priced per image, per second, per query …
        ++priced;
        try {
            list.prices.insert(key, readEntry(key, entry));
        } catch (const EntryProblem &problem) {
            list.problems.insert(key, problem.reason);
        }
    }
    if (priced == 0)
        throw InputError(where, QStringLiteral("no entry has a price per token (input_cost_per_token): not LiteLLM's "
                                               "price list (keys read: %1)")
                                    .arg(list.entries));
    return list;
}

QStringList liteLlmKeysOf(const ApiOffer &offer)
{
    QStringList keys;
    static const QRegularExpression named(QStringLiteral("\\bkey '([^']+)'"));
    const QRegularExpressionMatch match = named.match(offer.source);
    if (match.hasMatch())
        keys << match.captured(1);
    const QString id = offer.apiModelId.isEmpty() ? offer.model : offer.apiModelId;
    const ProviderNames *names = namesOf(offer.provider);
    const QString prefix = names ? QString::fromLatin1(names->prefix) : offer.provider + QLatin1Char('/');
    if (!prefix.isEmpty())
        keys << prefix + id;
    keys << id;
    keys.removeDuplicates();
    return keys;
}

bool sameLiteLlmProvider(const QString &provider, const QString &liteLlmProvider)
{
    const ProviderNames *names = namesOf(provider);
    if (!names)
        return liteLlmProvider == provider;
    for (const QString &name : QString::fromLatin1(names->liteLlmProviders).split(QLatin1Char(','))) {
        if (name.endsWith(QLatin1Char('*')) ? liteLlmProvider.startsWith(name.chopped(1)) : liteLlmProvider == name)
            return true;
    }
    return false;
}

const LiteLlmPrice *findLiteLlmPrice(const LiteLlmPriceList &list, const ApiOffer &offer, QString *problem)
{
    for (const QString &key : liteLlmKeysOf(offer)) {
        const auto broken = list.problems.constFind(key);
        if (broken != list.problems.constEnd()) {
            if (problem)
                *problem = QStringLiteral("%1: %2").arg(key, *broken);
            return nullptr;
        }
        const auto found = list.prices.constFind(key);
        if (found == list.prices.constEnd())
            continue;
        // A bare model id may be another provider's model of that name.
        if (!sameLiteLlmProvider(offer.provider, found->provider))
            continue;
        if (!found->mode.isEmpty() && found->mode != QLatin1String("chat") && found->mode != QLatin1String("completion")
            && found->mode != QLatin1String("responses")) {
            if (problem)
                *problem = QStringLiteral("%1 is a model for %2, not one that writes text").arg(key, found->mode);
            return nullptr;
        }
        return &*found;
    }
    return nullptr;
}

} // namespace breakeven
