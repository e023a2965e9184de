#include "litellmsource.h"

#include "litellmprices.h"
#include "store/apiofferrepository.h"
#include "store/connection.h"
#include "store/document.h"

#include <QCryptographicHash>
#include <QDateTime>

#include <map>

namespace breakeven {

namespace {

const QString kSource = QStringLiteral("litellm");
const QString kFileName = QStringLiteral("model_prices_and_context_window.json");

// Whether the list's figures differ from what the offer has: its prices, or a rate limit the
// list gives.
bool pricesDiffer(const ApiOffer &offer, const ApiOffer &refreshed)
{
    return offer.inputPerMillion != refreshed.inputPerMillion || offer.outputPerMillion != refreshed.outputPerMillion
        || offer.cachedInputPerMillion != refreshed.cachedInputPerMillion
        || offer.requestsPerMinute != refreshed.requestsPerMinute || offer.tokensPerMinute != refreshed.tokensPerMinute;
}

} // namespace

QUrl defaultLiteLlmBaseUrl()
{
    return QUrl(QStringLiteral("https://raw.githubusercontent.com/BerriAI/litellm/main/"));
}

QUrl liteLlmListUrl(const QUrl &endpoint)
{
    QUrl base = endpoint.isEmpty() ? defaultLiteLlmBaseUrl() : endpoint;
    if (base.path().endsWith(QLatin1String(".json")))
        return base;
    if (!base.path().endsWith(QLatin1Char('/')))
        base.setPath(base.path() + QLatin1Char('/'));
    return base.resolved(QUrl(kFileName));
}

SourceRefresh refreshLiteLlm(Document &document, const RefreshOptions &options, QDate fetchDate)
{
    SourceRefresh report;
    report.source = kSource;
    report.baseUrl = liteLlmListUrl(options.baseUrl);
    const QString where = report.baseUrl.toDisplayString(QUrl::RemoveUserInfo);
    if (!fetchDate.isValid())
        fetchDate = QDateTime::currentDateTimeUtc().date();
    const QString asOf = fetchDate.toString(Qt::ISODate);

    if (!refreshGoesOn(options, kFileName, QStringLiteral("download"), 0, 1))
        throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
    HttpFetcher fetcher(fetchOptionsOf(options));
    const FetchResult result = fetcher.fetch(report.baseUrl);
    if (result.cancelled)
        throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
    if (!result.ok)
        throw RefreshFailed(kSource, result.error);
    if (looksLikeHtml(result))
        throw RefreshFailed(kSource, QStringLiteral("%1: answered an HTML page, not the price list")
                                         .arg(result.finalUrl.toDisplayString(QUrl::RemoveUserInfo)));
    LiteLlmPriceList list;
    try {
        list = parseLiteLlmPrices(result.body, where);
    } catch (const InputError &error) {
        throw RefreshFailed(kSource, error.message());
    }

    // What the list says for each offer, read whole before anything is written: an entry of one
    // of the document's offers that cannot be read fails the source.
    std::vector<StoredApiOffer> stored;
    try {
        stored = document.apiOffers().offers();
    } catch (const InputError &error) {
        throw RefreshFailed(kSource, error.message());
    }
    std::map<QString, CloudRefresh> providers;
    std::vector<ApiOffer> writes;
    for (const StoredApiOffer &entry : stored) {
        const ApiOffer &offer = entry.offer;
        CloudRefresh &provider = providers[offer.provider];
        provider.cloud = offer.provider;
        provider.url = report.baseUrl;
        provider.bytes = result.size;
        provider.imported = true;
        ++provider.rowsRead;
        QString problem;
        const LiteLlmPrice *price = findLiteLlmPrice(list, offer, &problem);
        if (!problem.isEmpty())
            throw RefreshFailed(kSource, QStringLiteral("%1: %2 %3: %4").arg(where, offer.provider, offer.apiModelId, problem));
        if (!price) {
            ++provider.skippedRows;
            provider.skips.push_back({0, offer.apiModelId, QStringLiteral("not in the price list (keys tried: %1)")
                                                                .arg(liteLlmKeysOf(offer).join(QStringLiteral(", ")))});
            continue;
        }
        ApiOffer refreshed = offer;
        refreshed.inputPerMillion = price->inputPerMillion;
        refreshed.outputPerMillion = price->outputPerMillion;
        refreshed.cachedInputPerMillion = price->cachedInputPerMillion;
        if (price->requestsPerMinute)
            refreshed.requestsPerMinute = price->requestsPerMinute;
        if (price->tokensPerMinute)
            refreshed.tokensPerMinute = price->tokensPerMinute;
        refreshed.asOf = asOf;
        refreshed.source = QStringLiteral("LiteLLM price list %1 (%2, MIT), key '%3', fetched %4")
                               .arg(kFileName, where, price->key, asOf);
        // The same prices are written too: their date says when they were last seen.
        ++(pricesDiffer(offer, refreshed) ? provider.offers.updated : provider.offers.unchanged);
        writes.push_back(std::move(refreshed));
    }
    for (auto &[name, provider] : providers)
        report.clouds.push_back(std::move(provider));

    if (!refreshGoesOn(options, kFileName, QStringLiteral("import"), 0, 1))
        throw RefreshFailed(kSource, QStringLiteral("cancelled"), true);
    try {
        document.connection().write([&] {
            if (writes.empty())
                return;
            CatalogRepository &catalog = document.catalog();
            SheetRecord sheet;
            sheet.fileName = kFileName;
            sheet.sha256 = QString::fromLatin1(QCryptographicHash::hash(result.body, QCryptographicHash::Sha256).toHex());
            sheet.preset = QStringLiteral("litellm");
            sheet.importedAt = QDateTime::currentDateTimeUtc();
            sheet.asOf = asOf;
            sheet.source = QStringLiteral("LiteLLM price list (%1)").arg(where);
            std::optional<qint64> sheetId;
            for (const SheetRecord &earlier : catalog.sheets())
                if (earlier.sha256 == sheet.sha256 && earlier.fileName == sheet.fileName && earlier.asOf == asOf)
                    sheetId = earlier.id;
            const bool recorded = !sheetId;
            if (recorded)
                sheetId = catalog.recordSheet(sheet);
            document.apiOffers().saveOffers(writes, sheetId);
            if (recorded) {
                for (const CloudRefresh &provider : report.clouds) {
                    sheet.rowsUpdated += provider.offers.updated;
                    sheet.rowsUnchanged += provider.offers.unchanged;
                    sheet.rowsSkipped += provider.skippedRows;
                }
                catalog.updateSheetCounts(*sheetId, sheet);
            }
        });
    } catch (const RefreshFailed &) {
        throw;
    } catch (const InputError &error) {
        throw RefreshFailed(kSource, error.message());
    }

    addUpClouds(report);
    return report;
}

} // namespace breakeven
