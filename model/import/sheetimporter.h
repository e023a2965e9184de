// Imports a price sheet into a document's catalog: reads it (CsvReader), picks or takes a preset,
// validates every row, and writes the offers and a record of the sheet in one transaction.
// preview() runs the very same steps and rolls the transaction back, so what it reports is
// exactly what import() would do. Nothing here talks to the user; errors are InputError.
// Reading, validating and encoding run on a thread of their own beside the thread that writes;
// the progress callback is called on the caller's thread.
#pragma once

#include "text/csvreader.h"
#include "sheetpreset.h"
#include "store/catalogrepository.h"

#include <QString>

#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

namespace breakeven {

class Document;

// Return false to cancel; `total` is -1 when the size is unknown. Units are bytes of the sheet.
using ImportProgress = std::function<bool(qint64 done, qint64 total)>;

struct ImportOptions {
    QString presetName;                 // empty: chosen from the header
    std::optional<SheetPreset> preset;  // an edited mapping (the wizard); wins over presetName
    QString provider;                   // empty: from a column, the preset or the file's path
    QString asOf;                       // empty: an as_of column, else the file's modification date
    std::optional<TextEncoding> encoding; // none: detected (byte order mark, else UTF-8 or Latin-1)
    std::optional<char> delimiter;      // none: detected among comma, semicolon and tab
    bool strict = false;                // refuse the whole sheet when any row is skipped
    bool collectRows = false;           // fill ImportReport::rows (the wizard's preview table)
    // Provider spellings mapped to catalog GPUs for this sheet (`--alias NAME=MODEL`), saved in the
    // document's aliases with the import (not by a preview, a refusal or a failure).
    std::vector<std::pair<QString, QString>> aliases;
    ImportProgress progress;            // called every 1,000 rows or 50 ms, and at the end
};

enum class RowStatus { Add, Update, Unchanged, Skip, Warning };
QString toString(RowStatus status); // "add", "update", "unchanged", "skip", "warning"

struct RowIssue {
    qint64 line = 0;
    QString column;
    QString reason;
};

// One row as the preview shows it. A Warning row is imported too; `result` says how.
struct RowReport {
    qint64 line = 0;
    RowStatus status = RowStatus::Skip;
    std::optional<UpsertResult> result;
    QString column;        // of the skip or the first warning
    QString reason;
    QString instanceType;
    QString region;
    QString gpu;           // catalog name
    int gpuCount = 0;
    double gpuMemoryGB = 0;
};

struct ImportReport {
    QString path;
    QString fileName;
    QString sha256;
    QString preset;
    QString provider;      // empty when the sheet has a provider column
    QString asOf;
    QString encoding;
    char delimiter = ',';
    qint64 rowsRead = 0;   // data rows, header excluded
    OfferCounts offers;    // one per (provider, instance type, region) key
    qint64 skipped = 0;
    qint64 duplicates = 0;
    std::vector<RowIssue> skips;
    std::vector<RowIssue> warnings;
    std::vector<RowReport> rows; // with ImportOptions::collectRows
    // Each GPU name the catalog does not know, with its rows, in the order first met: what an
    // alias (`--alias NAME=MODEL`, the wizard's mapping) would bring in.
    std::vector<std::pair<QString, qint64>> unknownGpus;
    std::optional<qint64> sheetId; // the sheets row written; none for a preview or a refusal
    bool written = false;
    bool refused = false;  // strict mode and a row was skipped: nothing written
};

// Thrown when the progress callback returns false; the document is as before.
struct ImportCancelled : std::runtime_error {
    ImportCancelled() : std::runtime_error("import cancelled") { }
};

class SheetImporter {
public:
    explicit SheetImporter(Document &document);

    ImportReport preview(const QString &path, const ImportOptions &options = {});
    ImportReport import(const QString &path, const ImportOptions &options = {});

private:
    ImportReport run(const QString &path, const ImportOptions &options, bool write);

    Document &m_document;
};

} // namespace breakeven
