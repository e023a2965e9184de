// What a new scenario, build or cloud option starts as when the user adds one: values only,
// made from the bundled examples, the document's catalog and the current scenario (for unique
// names). The window adds them through the command façade.
#pragma once

#include "catalog/bundledcatalog.h"
#include "catalog/cloudoptionfromoffer.h"
#include "domain.h"

#include <QList>
#include <QString>

#include <optional>
#include <vector>

namespace breakeven {

class Document;
struct StoredOffer;

namespace newparts {

// A bundled example build, under a name no build of `scenario` has: the one on the scenario's
// reference GPU and in its currency when there is one.
OnPremBuild exampleBuild(const Scenario &scenario);
// A one-GPU build of `gpu` (a GPU picked from the catalog), its price the catalog's.
OnPremBuild gpuBuild(const Scenario &scenario, const GpuModel &gpu);
// `example` as a new build of `scenario`, under a name no build of it has.
OnPremBuild fromExample(const Scenario &scenario, const OnPremBuild &example);
// `build` with the five overhead fields of `preset` (overhead, whether it includes power, PUE,
// electricity price, lifetime).
OnPremBuild withOverheads(OnPremBuild build, const OverheadPreset &preset);

struct NewCloudOption {
    CloudOption option;
    std::optional<qint64> offerId; // the catalog offer it came from
};
// The cheapest on-demand offer of the document's catalog for the scenario's reference GPU, or an
// empty option on that GPU when there is none. Throws InputError when the catalog cannot be read.
NewCloudOption cheapestCloudOption(Document &document, const Scenario &scenario);
// An option on the scenario's reference GPU with no price yet, for the user to fill in.
NewCloudOption emptyCloudOption(const Scenario &scenario);
// One option per offer under `plan`, each under a name no other option has.
std::vector<NewCloudOption> fromOffers(const Scenario &scenario, const QList<StoredOffer> &offers, PaymentChoice choice);

} // namespace newparts
} // namespace breakeven
