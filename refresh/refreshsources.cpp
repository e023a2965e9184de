#include "refreshsources.h"

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
    throw InputError(name, QStringLiteral("not a price refresh source"));
}

} // namespace breakeven
