// The yearly price changes a document has seen, offered as presets beside the market rates
// (docs/model.md, "Observed price trends"): an offer's own, and its GPU's over every offer the
// document has at several dates. Values only, read from the document when an editor is shown.
#pragma once

#include "domain.h"
#include "engine/marketpresets.h"

#include <optional>
#include <vector>

namespace breakeven {

class Document;

// For a cloud option's price change: the trend of the offer it came from, then its GPU's, each
// on the option's plan. Empty when the document has none (or cannot be read now).
std::vector<MarketPreset> observedOptionPresets(Document &document, const CloudOption &option,
                                                std::optional<qint64> offerId);

// For the scenario's cloud price change: the trend of each GPU its cloud options rent, on their
// plans, at most `limit` of them in the order of the options.
std::vector<MarketPreset> observedScenarioPresets(Document &document, const Scenario &scenario, int limit = 4);

} // namespace breakeven
