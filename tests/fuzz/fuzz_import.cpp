// Fuzzes the whole sheet import: reader, preset detection, column mapping (native, SkyPilot with
// GCP's host-VM and GPU rows, a saved custom mapping), row validation, the offer writer, and the
// commit. The first two bytes of an input choose the options: the file name (and so the provider
// a SkyPilot sheet without a provider column gets), the preset, strict mode, a forced delimiter
// or encoding, and whether the sheet is previewed or committed into a real document file. The
// rest is the sheet. After each run the report must add up, a preview or a refusal must leave
// the offers as they were, and a commit must add exactly what the report says; every 64 commits
// the document is checked with quick_check and made anew, so that it stays small.
#include "inputerror.h"
#include "import/sheetimporter.h"
#include "import/sheetpreset.h"
#include "store/apiofferrepository.h"
#include "store/document.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <SQLiteCpp/Database.h>

#include <cstddef>
#include <cstdint>
#include <memory>

namespace {

QString scratch(const QString &name)
{
    return QDir::tempPath() + QStringLiteral("/breakeven-fuzz-import-%1-").arg(QCoreApplication::applicationPid())
        + name;
}

const QString &documentPath()
{
    static const QString path = scratch(QStringLiteral("catalog.breakeven"));
    return path;
}

std::unique_ptr<breakeven::Document> &document()
{
    static std::unique_ptr<breakeven::Document> document;
    return document;
}

breakeven::Document &freshDocument()
{
    document().reset();
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-journal")})
        QFile::remove(documentPath() + suffix);
    document() = breakeven::Document::create(documentPath());
    // A saved custom mapping, as the wizard saves one: a sheet of one provider with its own names.
    breakeven::SheetPreset custom;
    custom.name = QStringLiteral("acme-mapping");
    custom.setColumn(breakeven::SheetField::InstanceType, QStringLiteral("Instance"));
    custom.setColumn(breakeven::SheetField::Gpu, QStringLiteral("Card"));
    custom.setColumn(breakeven::SheetField::GpuCount, QStringLiteral("Cards"));
    custom.setColumn(breakeven::SheetField::Region, QStringLiteral("Where"));
    custom.setColumn(breakeven::SheetField::OnDemand, QStringLiteral("Hourly"));
    custom.setColumn(breakeven::SheetField::Spot, QStringLiteral("Spot"));
    custom.provider = QStringLiteral("acme");
    custom.category = QStringLiteral("ml-cloud");
    custom.currency = QStringLiteral("EUR");
    breakeven::savePreset(document()->settings(), custom);
    return *document();
}

const char *const kFileNames[] = {"lambda.csv", "gcp-vms.csv", "aws.csv", "runpod.csv", "vast.csv", "acme.csv", "sheet.csv", "azure.tsv"};
const char *const kPresets[] = {"", "", "native", "skypilot", "acme-mapping", "no-such-preset"};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size < 2)
        return 0;
    static int commits = 0;
    if (!document())
        freshDocument();
    breakeven::Document &target = *document();

    const std::uint8_t choice = data[0];
    const std::uint8_t more = data[1];
    const QString sheet = scratch(QString::fromLatin1(kFileNames[choice % 8]));
    {
        QFile file(sheet);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            return 0;
        file.write(reinterpret_cast<const char *>(data + 2), qint64(size - 2));
    }
    breakeven::ImportOptions options;
    options.collectRows = (more & 1) != 0;
    options.asOf = QStringLiteral("2026-01-01");
    options.presetName = QString::fromLatin1(kPresets[(choice >> 3) % 6]);
    options.strict = (more & 2) != 0;
    if (more & 4)
        options.delimiter = ";,\t"[(more >> 3) % 3];
    if (more & 32)
        options.encoding = static_cast<breakeven::TextEncoding>((more >> 6) % 4);
    if (choice & 0x80)
        options.provider = QStringLiteral("gcp");
    const bool commit = (more & 16) != 0;

    // A sheet of API prices writes API offers, any other sheet cloud offers: both are counted.
    const auto offers = [&] { return target.catalog().offerCount() + target.apiOffers().offerCount(); };
    const qint64 before = offers();
    try {
        breakeven::SheetImporter importer(target);
        const breakeven::ImportReport report = commit ? importer.import(sheet, options) : importer.preview(sheet, options);
        // Every data row is either kept (one or more per key) or skipped.
        if (report.skipped > report.rowsRead
            || report.offers.added + report.offers.updated + report.offers.unchanged > report.rowsRead)
            __builtin_trap();
        const qint64 after = offers();
        if (!report.written && after != before) // a preview or a refusal writes nothing
            __builtin_trap();
        if (report.written && (!commit || after != before + report.offers.added))
            __builtin_trap();
        if (report.written && ++commits % 64 == 0) {
            const std::string check = target.connection().database().execAndGet("PRAGMA quick_check").getString();
            if (check != "ok")
                __builtin_trap();
            freshDocument();
        }
    } catch (const breakeven::InputError &) {
        if (offers() != before) // a failed import changes nothing
            __builtin_trap();
    }
    return 0;
}
