// Reading one region's AWS Price List offer file for Amazon EC2, the CSV form
// (https://pricing.us-east-1.amazonaws.com/offers/v1.0/aws/AmazonEC2/current/<region>/index.csv):
// five metadata lines (FormatVersion, Disclaimer, Publication Date, Version, OfferCode), a header
// starting with SKU, then one line per price: a SKU (one instance type with one operating system,
// tenancy, licence and capacity status), a term (OnDemand, or Reserved with a length, a purchase
// option and a class) and a rate (an hourly price, or a reserved term's upfront fee).
//
// The file is read as a stream through CsvReader (libcsv): a region's file is hundreds of
// megabytes, almost all of it CPU instances, other operating systems and dedicated tenancy. Only
// the rows of GPU instances running Linux on shared tenancy without pre-installed software are
// kept, folded by SKU into one offer each; memory stays that of the GPU offers, whatever the
// file's size.
//
// Prices kept (docs/model.md, "Commitments"):
//   on_demand            the OnDemand hourly price;
//   reserved_1y / _3y    standard reserved, No Upfront: the hourly price paid month by month;
//   reserved_1y_upfront  standard reserved, All Upfront: the upfront fee spread over the term's
//   / _3y_upfront        hours (8,760 for one year, 26,280 for three, 730 a month as the model
//                        counts) plus the hourly price of that option (0 in AWS's lists), the
//                        effective price per instance-hour the model takes with an upfront share
//                        of 1.
// Partial Upfront terms are read and counted but not stored: the catalog has one monthly and one
// all-upfront price per term, and no column for a term paid half at its start. Convertible terms
// are left out (a standard term is the cheaper commitment to the same instance).
#pragma once

#include "import/sheetimporter.h"

#include <QString>
#include <QStringList>

#include <atomic>
#include <utility>
#include <vector>

namespace breakeven {

class GpuCatalog;

// What an instance family's GPUs are in the catalog (docs/model.md, "AWS Price List"): `gpu` its
// catalog name, or `skipReason` why its instances are left out; both empty when the family is
// not in the table.
struct AwsFamilyGpu {
    QString gpu;
    QString skipReason;
};
// "p4d.24xlarge" → A100-SXM4-40GB; "g4ad.xlarge" → skipped (AMD Radeon Pro V520).
AwsFamilyGpu awsFamilyGpu(QByteArrayView instanceType);

struct AwsReadOptions {
    QString region;       // the region the file is for ("us-east-1"), when a row has no Region Code
    QString url;          // where it came from: each offer's url
    const GpuCatalog *catalog = nullptr; // the document's: a GPU it does not know is skipped
    const std::atomic_bool *cancel = nullptr; // set: the read stops with ImportCancelled
};

struct AwsOfferFile {
    QString version;             // "20250912225308"
    QString publicationDate;     // "2025-09-12T22:53:08Z"
    QString asOf;                // its date: every offer's as_of
    QString sha256;              // of the file's bytes
    qint64 bytes = 0;
    qint64 rowsRead = 0;         // price lines after the header
    qint64 gpuRows = 0;          // lines of the GPU instances kept
    qint64 partialUpfrontRows = 0; // of those, Partial Upfront terms: read, not stored
    std::vector<CloudOffer> offers; // by instance type
    // Each GPU instance type left out, once, with the line it was first met on and why.
    std::vector<RowIssue> skips;
    // Instance families with GPUs the table does not name, with their rows.
    std::vector<std::pair<QString, qint64>> unknownGpus;
};

// Reads the offer file at `path`; throws InputError naming the file and the reason when it is not
// an EC2 offer file (an HTML page, another service's list, a header without the columns read), when
// it is cut short (a last line with fewer fields than the header, an open quote, no price lines),
// and ImportCancelled when `cancel` is set.
AwsOfferFile readAwsOfferFile(const QString &path, const AwsReadOptions &options);

} // namespace breakeven
