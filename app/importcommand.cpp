#include "arguments.h"
#include "cli.h"
#include "verbs.h"

#include "inputerror.h"
#include "widgets/plural.h"
#include "text/csvreader.h"
#include "import/importreportformat.h"
#include "import/sheetimporter.h"
#include "store/document.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QDateTime>
#include <QDir>

namespace breakeven::cli {

namespace {

// A document this command created goes away again when nothing was imported into it, so that
// a failed first import leaves the disk as it was.
void removeDocumentFiles(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
}

// Earlier versions made a temporary folder (Breakeven-XXXXXX) for every import and left it
// behind, empty, when the import was killed. Those older than an hour go; nothing here makes
// one any more.
void removeStaleScratchFolders()
{
    const QDir temp(QDir::tempPath());
    const QDateTime hourAgo = QDateTime::currentDateTimeUtc().addSecs(-3600);
    for (const QFileInfo &folder : temp.entryInfoList({QStringLiteral("Breakeven-??????")}, QDir::Dirs | QDir::NoDotAndDotDot)) {
        if (!folder.isDir() || folder.isSymLink() || folder.lastModified().toUTC() > hourAgo || !folder.isWritable())
            continue;
        temp.rmdir(folder.fileName()); // only ever removes an empty folder
    }
}

} // namespace

int runImport(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {QStringLiteral("strict"), QStringLiteral("dry-run"), QStringLiteral("json")},
                         {QStringLiteral("into"), QStringLiteral("preset"), QStringLiteral("provider"),
                          QStringLiteral("as-of"), QStringLiteral("encoding"), QStringLiteral("delimiter")},
                         {QStringLiteral("alias")});
    args.expectPositionals(1, QStringLiteral("SHEET.csv"));
    const QString sheet = args.positional(0, QStringLiteral("SHEET.csv"));
    const QString documentPath = args.requiredOption(QStringLiteral("into"));
    const bool dryRun = args.flag(QStringLiteral("dry-run"));
    const bool strict = args.flag(QStringLiteral("strict"));

    ImportOptions options;
    options.presetName = args.option(QStringLiteral("preset")).value_or(QString());
    options.provider = args.option(QStringLiteral("provider")).value_or(QString());
    options.asOf = args.option(QStringLiteral("as-of")).value_or(QString());
    options.strict = strict;
    for (const QString &alias : args.values(QStringLiteral("alias"))) {
        const int eq = alias.indexOf(QLatin1Char('='));
        if (eq <= 0 || eq == alias.size() - 1)
            throw UsageError(QStringLiteral("--alias takes NAME=MODEL (a sheet's GPU name and a catalog GPU), not \"%1\"").arg(alias));
        options.aliases.emplace_back(alias.left(eq).trimmed(), alias.mid(eq + 1).trimmed());
    }
    if (const auto name = args.option(QStringLiteral("encoding"))) {
        options.encoding = textEncodingFromString(*name);
        if (!options.encoding)
            throw UsageError(QStringLiteral("--encoding: '%1' is not one of utf-8, utf-16le, utf-16be, latin-1").arg(*name));
    }
    if (const auto name = args.option(QStringLiteral("delimiter"))) {
        options.delimiter = delimiterFromString(*name);
        if (!options.delimiter)
            throw UsageError(QStringLiteral("--delimiter: '%1' is not one of comma, semicolon, tab").arg(*name));
    }

    const QFileInfo sheetInfo(sheet);
    if (!sheetInfo.isFile() || !sheetInfo.isReadable())
        throw InputError(sheet, QStringLiteral("cannot read the sheet"));

    removeStaleScratchFolders();
    // A dry run writes nothing and takes no write lock: it imports into a copy of the document
    // in memory, or into a new document in memory when there is none yet.
    const bool exists = QFileInfo::exists(documentPath);
    const bool creating = !exists && !dryRun;
    std::unique_ptr<Document> document;
    if (dryRun) {
        document = exists ? Document::openCopyInMemory(documentPath) : Document::createInMemory(documentPath);
    } else {
        document = exists ? Document::open(documentPath) : Document::create(documentPath);
    }

    ImportReport report;
    try {
        SheetImporter importer(*document);
        report = dryRun ? importer.preview(sheet, options) : importer.import(sheet, options);
    } catch (...) {
        if (creating) {
            document.reset();
            removeDocumentFiles(documentPath);
        }
        throw;
    }
    if (creating && !report.written) {
        document.reset();
        removeDocumentFiles(documentPath);
    }

    if (args.flag(QStringLiteral("json")))
        out << QJsonDocument(importReportToJson(report, dryRun, strict)).toJson(QJsonDocument::Indented);
    else
        out << terminalText(importReportText(report, dryRun));

    if (report.refused) {
        const RowIssue &first = report.skips.front();
        throw InputError(QStringLiteral("%1:%2").arg(sheet).arg(first.line),
                         QStringLiteral("%1 (%2 skipped; --strict refuses the whole sheet)")
                             .arg(first.column.isEmpty() ? first.reason : first.column + QStringLiteral(": ") + first.reason)
                             .arg(countText("breakeven::cli", "%Ln row(s)", qint64(report.skipped))));
    }
    return Success;
}

} // namespace breakeven::cli
