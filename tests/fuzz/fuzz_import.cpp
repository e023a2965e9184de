// Fuzzes the whole sheet import short of the commit: reader, preset detection, column mapping,
// row validation (prices, GPU names and counts, GpuInfo dicts, zones, duplicates) and the offer
// writer, through SheetImporter::preview(), which rolls its transaction back. One document, made
// from the bundled catalog, serves every input; the sheet is written to a file named after a
// provider so that SkyPilot sheets without a provider column are read too.
#include "inputerror.h"
#include "sheets/sheetimporter.h"
#include "store/document.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <cstddef>
#include <cstdint>
#include <memory>

namespace {

QString scratch(const QString &name)
{
    return QDir::tempPath() + QStringLiteral("/breakeven-fuzz-import-%1-").arg(QCoreApplication::applicationPid())
        + name;
}

breakeven::Document &document()
{
    static const std::unique_ptr<breakeven::Document> document = [] {
        const QString path = scratch(QStringLiteral("catalog.breakeven"));
        for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
            QFile::remove(path + suffix);
        return breakeven::Document::create(path);
    }();
    return *document;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    breakeven::Document &target = document();
    static const QString sheet = scratch(QStringLiteral("lambda.csv"));
    {
        QFile file(sheet);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        file.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    breakeven::ImportOptions options;
    options.collectRows = true;
    options.asOf = QStringLiteral("2026-01-01");
    try {
        const breakeven::ImportReport report = breakeven::SheetImporter(target).preview(sheet, options);
        // Every data row is either kept (one or more per key) or skipped, and a preview writes nothing.
        if (report.written || report.skipped > report.rowsRead
            || report.offers.added + report.offers.updated + report.offers.unchanged > report.rowsRead)
            __builtin_trap();
    } catch (const breakeven::InputError &) {
    }
    return 0;
}
