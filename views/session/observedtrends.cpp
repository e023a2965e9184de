#include "observedtrends.h"

#include "engine/resultstext.h"
#include "store/document.h"

#include <QCoreApplication>

#include <cmath>
#include <exception>
#include <set>

namespace breakeven {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("observedtrends", text);
}

QString planText(PricingPlan plan)
{
    return planName(plan);
}

QString rateText(double rate)
{
    return tr("%1 a year").arg(formatPercent(rate, 1));
}

// The field shows a tenth of a percent: the preset is the rate it shows.
double shownRate(double rate)
{
    return std::round(rate * 1000) / 1000;
}

QString datesText(const ObservedTrend &trend)
{
    return tr("%1 to %2").arg(trend.first.toString(Qt::ISODate), trend.last.toString(Qt::ISODate));
}

MarketPreset gpuPreset(const QString &gpu, PricingPlan plan, const ObservedTrend &trend)
{
    return {MarketPreset::Applies::CloudPrices, shownRate(trend.ratePerYear),
            tr("%1, %2, seen here: %3").arg(gpu, planText(plan), rateText(shownRate(trend.ratePerYear))),
            tr("the median yearly change of the %1 offers of %2 this document has %3 prices of at several dates "
               "(%4 prices from %5)")
                .arg(trend.offers)
                .arg(gpu, planText(plan))
                .arg(trend.points)
                .arg(datesText(trend))};
}

} // namespace

std::vector<MarketPreset> observedOptionPresets(Document &document, const CloudOption &option,
                                                std::optional<qint64> offerId)
{
    std::vector<MarketPreset> presets;
    try {
        CatalogRepository &catalog = document.catalog();
        if (offerId) {
            if (const auto trend = catalog.observedOfferTrend(*offerId, option.pricing))
                presets.push_back({MarketPreset::Applies::CloudPrices, shownRate(trend->ratePerYear),
                                   tr("This offer, seen here: %1").arg(rateText(shownRate(trend->ratePerYear))),
                                   tr("%1 %2 prices of %3 %4 in this document, %5, fitted on a log scale")
                                       .arg(trend->points)
                                       .arg(planText(option.pricing), option.provider, option.instanceType,
                                            datesText(*trend))});
        }
        if (const auto trend = catalog.observedGpuTrend(option.gpu, option.pricing))
            presets.push_back(gpuPreset(option.gpu, option.pricing, *trend));
    } catch (const std::exception &) {
        // A document busy or unreadable now offers no observed preset; the editor still works.
        presets.clear();
    }
    return presets;
}

std::vector<MarketPreset> observedScenarioPresets(Document &document, const Scenario &scenario, int limit)
{
    std::vector<MarketPreset> presets;
    std::set<std::pair<QString, PricingPlan>> asked;
    try {
        for (const CloudOption &option : scenario.cloudOptions) {
            if (int(presets.size()) >= limit)
                break;
            if (!asked.insert({option.gpu, option.pricing}).second)
                continue;
            if (const auto trend = document.catalog().observedGpuTrend(option.gpu, option.pricing))
                presets.push_back(gpuPreset(option.gpu, option.pricing, *trend));
        }
    } catch (const std::exception &) {
        presets.clear();
    }
    return presets;
}

} // namespace breakeven
