// A sheet of API prices, the "api" import preset: pricing-db/api-offers.csv's columns, found by
// header name in any order (pricing-db/README.md lists them). Every row must read: a bad value
// refuses the whole sheet, naming its file, line and column, and nothing is written. The offers
// are written with ApiOfferRepository, which keeps each one's earlier prices under their date.
#pragma once

#include "catalog/apioffers.h"
#include "sheetimporter.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace breakeven {

class CsvReader;
class Document;

// The most a million tokens may cost in a sheet; a price above it is a mistake in the sheet.
inline constexpr double kMaxPricePerMillionTokens = 10000;

struct ApiSheetRow {
    qint64 line = 0;
    ApiOffer offer;
};

// Whether `options` or the sheet's header at `path` (the "api" preset's columns) make it a sheet
// of API prices. Reads the header only; a sheet that cannot be read is not one (the sheet
// importer then says why).
bool isApiPriceSheet(const QString &path, const ImportOptions &options);

// Reads every data row after `header` (already read from `reader`). Values a row leaves empty:
// the provider `provider` (--provider), the currency USD, the source `source`, the date `asOf`.
// Throws InputError "SHEET:LINE: column NAME" at the first bad value or repeated offer.
std::vector<ApiSheetRow> readApiPriceSheet(CsvReader &reader, const QStringList &header, const QString &sheet,
                                           const QString &provider, const QString &source, const QString &asOf);

// What SheetImporter does with a sheet of API prices: reads it, then records the sheet and
// writes its offers in one transaction (rolled back for a preview).
ImportReport importApiPriceSheet(Document &document, const QString &path, const ImportOptions &options,
                                 bool write);

} // namespace breakeven
