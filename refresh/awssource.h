// The AWS Price List as a price refresh source: for each region asked, the bulk EC2 offer file
// `<base>/offers/v1.0/aws/AmazonEC2/current/<region>/index.csv` (base
// https://pricing.us-east-1.amazonaws.com/), downloaded straight to a temporary file, then read
// as a stream (awsofferfile.h) for the GPU instances' on-demand and standard reserved prices; the
// file is removed before the next region's download, so the disk holds one at a time.
// The regions are those asked (RefreshOptions::regions), else the AWS regions the document
// already has offers in, else us-east-1.
//
// The whole source is one transaction, written only once every file has arrived and been read:
// a network failure, a time-out, a cancel, an answer that is not an offer file (an HTML page, a
// wrong header) or a cut-off file throws RefreshFailed and leaves the document as it was. A region
// the Price List does not publish (HTTP 404) is skipped with that reason; the others import.
// A file byte for byte the same as one imported before links its offers to that sheet's record
// instead of recording it again, so a refresh that finds nothing new changes nothing.
#pragma once

#include "skypilotsource.h"

namespace breakeven {

// https://pricing.us-east-1.amazonaws.com/
QUrl defaultAwsPriceListBaseUrl();
// The regions read when none is named: the document's AWS regions, else us-east-1.
QStringList defaultAwsRegions(Document &document);
// Whether `region` reads as an AWS region code ("us-east-1", "ap-southeast-2").
bool isAwsRegionCode(const QString &region);

// Fetches and imports; each region is one CloudRefresh entry (its `cloud` is the region code).
// Throws RefreshFailed (the document untouched) when the source fails. Runs an event loop while
// downloading: call it from a thread with a Qt event dispatcher.
SourceRefresh refreshAws(Document &document, const RefreshOptions &options = {});

} // namespace breakeven
