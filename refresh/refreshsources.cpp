#include "refreshsources.h"

#include "awssource.h"
#include "litellmsource.h"

namespace breakeven {

QList<RefreshSourceInfo> refreshSources()
{
    static const QList<RefreshSourceInfo> sources = [] {
        QList<RefreshSourceInfo> list;
        RefreshSourceInfo skypilot;
        skypilot.name = QStringLiteral("skypilot");
        skypilot.title = QStringLiteral("SkyPilot catalog");
        skypilot.description = QStringLiteral("On-demand and spot prices of every cloud SkyPilot publishes "
                                              "(catalogs/v8/<cloud>/vms.csv).");
        skypilot.defaultEndpoint = defaultSkyPilotBaseUrl();
        skypilot.takesClouds = true;
        list << skypilot;
        RefreshSourceInfo azure;
        azure.name = QStringLiteral("azure");
        azure.title = QStringLiteral("Azure Retail Prices");
        azure.description = QStringLiteral("On-demand (Linux), spot and 1- and 3-year reserved prices of Azure's GPU "
                                           "virtual machines (NC, ND, NV) in the regions asked.");
        azure.defaultEndpoint = defaultAzureRetailPricesUrl();
        azure.takesRegions = true;
        list << azure;
        RefreshSourceInfo aws;
        aws.name = QStringLiteral("aws");
        aws.title = QStringLiteral("AWS Price List");
        aws.description = QStringLiteral("On-demand and standard reserved (1 and 3 years, no upfront and all upfront) "
                                         "prices of EC2's GPU instances (Linux) from the bulk offer files of the regions asked.");
        aws.defaultEndpoint = defaultAwsPriceListBaseUrl();
        aws.takesRegions = true;
        aws.byDefault = false;
        list << aws;
        RefreshSourceInfo litellm;
        litellm.name = QStringLiteral("litellm");
        litellm.title = QStringLiteral("LiteLLM API prices");
        litellm.description = QStringLiteral("Input, output and cached-input prices per million tokens (and rate limits "
                                             "where listed) of the document's API offers, from LiteLLM's public price list "
                                             "(model_prices_and_context_window.json, MIT licence).");
        litellm.defaultEndpoint = defaultLiteLlmBaseUrl();
        litellm.byProvider = true;
        list << litellm;
        return list;
    }();
    return sources;
}

const RefreshSourceInfo *findRefreshSource(const QString &name)
{
    static const QList<RefreshSourceInfo> sources = refreshSources();
    for (const RefreshSourceInfo &source : sources)
        if (source.name == name)
            return &source;
    return nullptr;
}

SourceRefresh runRefreshSource(Document &document, const QString &name, const RefreshOptions &options)
{
    if (name == QLatin1String("skypilot"))
        return refreshSkyPilot(document, options);
    if (name == QLatin1String("azure"))
        return refreshAzure(document, options);
    if (name == QLatin1String("aws"))
        return refreshAws(document, options);
    if (name == QLatin1String("litellm"))
        return refreshLiteLlm(document, options);
    throw InputError(name, QStringLiteral("not a price refresh source"));
}

} // namespace breakeven
