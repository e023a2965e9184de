#include "newparts.h"

#include "catalog/bundledcatalog.h"
#include "catalog/cloudoptionfromoffer.h"
#include "commands/commands.h"
#include "store/document.h"

#include <QCoreApplication>

#include <algorithm>

namespace breakeven::newparts {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("newparts", text);
}

template <typename Parts>
QStringList namesOf(const Parts &parts)
{
    QStringList names;
    for (const auto &part : parts)
        names << part.name;
    return names;
}

} // namespace

OnPremBuild exampleBuild(const Scenario &scenario)
{
    const std::vector<OnPremBuild> examples = bundledExampleBuilds();
    // The example on the GPU the workload is counted in, priced in the scenario's currency, when
    // there is one; else on that GPU; else in that currency; else the first.
    const auto rank = [&](const OnPremBuild &b) {
        return (GpuCatalog::normalized(b.gpu) == GpuCatalog::normalized(scenario.referenceGpu) ? 2 : 0)
            + (b.currency == scenario.currency ? 1 : 0);
    };
    const auto best = std::max_element(examples.begin(), examples.end(), [&](const OnPremBuild &a, const OnPremBuild &b) {
        return rank(a) < rank(b); // the first of the best rank
    });
    OnPremBuild build = examples.empty() ? OnPremBuild() : *best;
    if (examples.empty()) {
        build.gpu = scenario.referenceGpu;
        build.components = {{build.gpu, 0, 1}};
    }
    build.name = uniqueName(examples.empty() ? tr("New build") : build.name, namesOf(scenario.onPremOptions));
    return build;
}

OnPremBuild gpuBuild(const Scenario &scenario, const GpuModel &gpu)
{
    OnPremBuild build;
    build.gpu = gpu.name;
    build.gpuCount = 1;
    build.components = {{gpu.name, gpu.priceNewUsd, 1}};
    build.name = uniqueName(tr("%1 workstation").arg(gpu.name), namesOf(scenario.onPremOptions));
    return build;
}

OnPremBuild fromExample(const Scenario &scenario, const OnPremBuild &example)
{
    OnPremBuild build = example;
    build.name = uniqueName(example.name, namesOf(scenario.onPremOptions));
    return build;
}

OnPremBuild withOverheads(OnPremBuild build, const OverheadPreset &preset)
{
    build.overheadPerYearOfHardware = preset.overheadPerYearOfHardware;
    build.overheadIncludesPower = preset.overheadIncludesPower;
    build.pue = preset.pue;
    build.electricityPerKWh = preset.electricityPerKWh;
    build.lifetimeYears = preset.lifetimeYears;
    return build;
}

NewCloudOption emptyCloudOption(const Scenario &scenario)
{
    NewCloudOption made;
    made.option.gpu = scenario.referenceGpu;
    made.option.currency = scenario.currency;
    made.option.name = uniqueName(tr("New cloud option"), namesOf(scenario.cloudOptions));
    return made;
}

NewCloudOption cheapestCloudOption(Document &document, const Scenario &scenario)
{
    NewCloudOption made;
    OfferFilter filter;
    filter.gpu = scenario.referenceGpu;
    filter.plan = PricingPlan::OnDemand;
    const auto cheapest = document.catalog().offers(filter, OfferColumn::PricePerGpuHour, Qt::AscendingOrder, 0, 1);
    if (!cheapest.empty()) {
        made.option = cloudOptionFromOffer(cheapest.front().offer, PricingPlan::OnDemand);
        made.offerId = cheapest.front().id;
    }
    if (made.option.gpu.isEmpty())
        made.option.gpu = scenario.referenceGpu;
    made.option.name = uniqueName(made.option.name.isEmpty() ? tr("New cloud option") : made.option.name,
                                  namesOf(scenario.cloudOptions));
    return made;
}

std::vector<NewCloudOption> fromOffers(const Scenario &scenario, const QList<StoredOffer> &offers, PaymentChoice choice)
{
    std::vector<NewCloudOption> made;
    QStringList taken = namesOf(scenario.cloudOptions);
    for (const StoredOffer &offer : offers) {
        CloudOption option = cloudOptionFromOffer(offer.offer, choice);
        option.name = uniqueName(option.name, taken);
        taken << option.name;
        made.push_back({option, offer.id});
    }
    return made;
}

} // namespace breakeven::newparts
