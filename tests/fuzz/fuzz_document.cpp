// Fuzzes document opening: arbitrary bytes written as a file must be refused with InputError or
// opened; never a crash. The file is written fresh for every input.
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
    } catch (const breakeven::InputError &) {
    }
    return 0;
}
