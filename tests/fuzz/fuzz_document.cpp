// Fuzzes document opening: arbitrary bytes written as a file must be refused with InputError or
// opened; never a crash. An input may carry a side file too: "BVSF", a flag byte (1: a -wal,
// 2: a -journal), the main file's length (4 bytes, little-endian), the main file, then the side
// file, so that recovery (a hot journal rolled back, a log replayed) is fuzzed as well. The files
// are written fresh for every input. An opened document is read the way the window reads it
// (scenarios, GPU models, the first page of offers, providers, sheets), and every scenario it
// loads is assembled and evaluated as the window and `compare` do. `./dev fuzz` seeds the corpus
// with small documents (512-byte pages, a trimmed catalog), one with a hot journal and one with a
// log, so that mutations reach the tables, not only the header.
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "inputerror.h"
#include "exchange/scenariojson.h"
#include "store/document.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QtEndian>

#include <cstddef>
#include <cstdint>

namespace {

void write(const QString &path, const char *data, qsizetype size)
{
    QFile file(path);
    if (file.open(QIODevice::WriteOnly))
        file.write(data, size);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const QString path = QDir::tempPath() + QStringLiteral("/breakeven-fuzz-%1.breakeven").arg(QCoreApplication::applicationPid());
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-journal")})
        QFile::remove(path + suffix);
    const char *bytes = reinterpret_cast<const char *>(data);
    if (size >= 9 && QByteArray::fromRawData(bytes, 4) == "BVSF") {
        const std::uint8_t flags = data[4];
        const std::size_t mainSize = std::min<std::size_t>(qFromLittleEndian<quint32>(data + 5), size - 9);
        write(path, bytes + 9, qsizetype(mainSize));
        const char *side = bytes + 9 + mainSize;
        const qsizetype sideSize = qsizetype(size - 9 - mainSize);
        if (flags & 1)
            write(path + QStringLiteral("-wal"), side, sideSize);
        else if (flags & 2)
            write(path + QStringLiteral("-journal"), side, sideSize);
    } else {
        write(path, bytes, qsizetype(size));
    }
    try {
        auto document = breakeven::Document::open(path);
        for (const QString &name : document->scenarios().names()) {
            const breakeven::Scenario scenario = document->scenarios().load(name);
            try {
                breakeven::validateScenario(scenario);
                const breakeven::CostModel model(breakeven::assemble(scenario, breakeven::GpuCatalog::bundled()));
                model.pairs(model.evaluate(scenario.workload.utilization));
            } catch (const breakeven::InputError &) { // a scenario the rules refuse
            }
        }
        breakeven::CatalogRepository &catalog = document->catalog();
        catalog.gpuCatalog();
        catalog.offerCount();
        catalog.offers({}, breakeven::OfferColumn::PricePerGpuHour, Qt::AscendingOrder, 0, 50);
        catalog.providers();
        catalog.sheets();
        breakeven::ApiOfferRepository &apiOffers = document->apiOffers();
        for (const breakeven::StoredApiOffer &offer : apiOffers.offers())
            apiOffers.priceHistory(offer.id);
    } catch (const breakeven::InputError &) {
    }
    return 0;
}
