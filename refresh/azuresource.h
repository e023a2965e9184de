// The Azure Retail Prices API as a price refresh source: the GPU virtual machine sizes (NC, ND and
// NV families, azuregpusizes.h) of each region asked, on demand (Linux), spot and 1- and 3-year
// reservations, page after page (NextPageLink) until the API says there is no more. Each region's
// prices become one sheet imported with the native preset and `azure` as provider; the whole
// source is one transaction, so a network failure, a time-out, a cancel, a page that is not JSON
// or not a Retail Prices page leaves the document exactly as it was (RefreshFailed).
//
// What lands, per size and region: on_demand from the Consumption price whose product is not a
// Windows one and whose meter is neither Spot nor Low Priority; spot from the Consumption "Spot"
// meter; reserved_1y and reserved_3y from the Reservation prices, which are the total of the term,
// divided by its hours (8,760 and 26,280). Azure bills a reservation the same total paid upfront
// or month by month, so reserved_1y_upfront and reserved_3y_upfront are that same hourly rate.
// as_of is the newest effectiveStartDate of the prices kept, so a price Azure changes lands under
// a new date and the one before stays in the price history.
#pragma once

#include "skypilotsource.h"

#include <QStringList>
#include <QUrl>

namespace breakeven {

class Document;

// https://prices.azure.com/api/retail/prices
QUrl defaultAzureRetailPricesUrl();
// The regions read when none is named: eastus, westus2, westeurope.
QStringList defaultAzureRegions();
// The first page's address for `region`: serviceName 'Virtual Machines', the region, the sizes of
// the GPU table, in US dollars.
QUrl azureRegionQuery(const QUrl &endpoint, const QString &region);

// Fetches and imports; one CloudRefresh per region (its `cloud` is the region). Throws
// RefreshFailed (the document untouched) when the source fails. Runs an event loop while
// downloading: call it from a thread with a Qt event dispatcher.
SourceRefresh refreshAzure(Document &document, const RefreshOptions &options = {});

} // namespace breakeven
