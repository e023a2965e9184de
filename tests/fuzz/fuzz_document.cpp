// Fuzzes document opening: arbitrary bytes written as a file must be refused with InputError or
// opened; never a crash. The file is written fresh for every input. An opened document is read
// the way the window reads it: scenarios, GPU models, the first page of offers, providers and
// the sheets it was imported from. `./dev fuzz` seeds the corpus with small documents (512-byte
// pages, a trimmed catalog) so that mutations reach the tables, not only the header.
#include "inputerror.h"
#include "store/document.h"

#include <QDir>
#include <QCoreApplication>
#include <QFile>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const QString path = QDir::tempPath() + QStringLiteral("/breakeven-fuzz-%1.breakeven").arg(QCoreApplication::applicationPid());
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(path + suffix);
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return 0;
        file.write(reinterpret_cast<const char *>(data), qint64(size));
    }
    try {
        auto document = breakeven::Document::open(path);
        for (const QString &name : document->scenarios().names())
            document->scenarios().load(name);
        breakeven::CatalogRepository &catalog = document->catalog();
        catalog.gpuCatalog();
        catalog.offerCount();
        catalog.offers({}, breakeven::OfferColumn::PricePerGpuHour, Qt::AscendingOrder, 0, 50);
        catalog.providers();
        catalog.sheets();
    } catch (const breakeven::InputError &) {
    }
    return 0;
}
