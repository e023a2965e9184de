// LiteLLM's price list as a price refresh source for the document's API offers:
// `<base>model_prices_and_context_window.json` (base
// https://raw.githubusercontent.com/BerriAI/litellm/main/; an endpoint ending in ".json" is taken
// as the file itself) is downloaded and read (litellmprices.h); each API offer of the document
// that the list prices (its source names the LiteLLM key, else the provider's prefix and its
// API model id) takes the list's input, output and cached-input prices per million tokens, and
// its rate limits where the list gives them, under the date of the fetch. A price that changed
// keeps the earlier one under its own date, so the price history shows the change; an offer the
// list does not price is left as it is and named. The list adds no offer: the document's API
// offers come from the bundled catalog and from sheets of API prices.
//
// One transaction: a network failure, a time-out, a cancel, an answer that is not the list
// (an HTML page, JSON of something else, a file cut short) or an entry of one of the document's
// offers whose price cannot be read throws RefreshFailed and leaves the document as it was.
#pragma once

#include "skypilotsource.h"

#include <QDate>

namespace breakeven {

// https://raw.githubusercontent.com/BerriAI/litellm/main/
QUrl defaultLiteLlmBaseUrl();
// The list's address for an endpoint: the endpoint itself when it names a .json file, else
// model_prices_and_context_window.json under it.
QUrl liteLlmListUrl(const QUrl &endpoint);

// Fetches and writes; each provider of the document's API offers is one CloudRefresh entry (its
// `cloud` is the provider, its skips the offers the list does not price). `fetchDate` is the
// date the new prices are written under (invalid: today, UTC). Throws RefreshFailed (the
// document untouched) when the source fails. Runs an event loop while downloading.
SourceRefresh refreshLiteLlm(Document &document, const RefreshOptions &options = {}, QDate fetchDate = {});

} // namespace breakeven
