// Fuzzes the CSV reader over arbitrary bytes: with a small chunk size, so that chunk boundaries
// fall inside byte order marks, multibyte characters, quotes and line ends, and with whole lines
// split by the reader itself or all of them left to libcsv. All three must read the same records
// (lines and fields) and fail, if they fail, with the same message.
#include "inputerror.h"
#include "text/csvreader.h"

#include <QStringList>

#include <cstddef>
#include <cstdint>

namespace {

QStringList transcript(const QByteArray &bytes, qsizetype chunk, bool lineSplitting)
{
    QStringList out;
    try {
        auto reader = breakeven::CsvReader::fromData(bytes, QStringLiteral("fuzz.csv"));
        reader->setChunkSize(chunk);
        reader->setLineSplitting(lineSplitting);
        breakeven::CsvRecord record;
        qint64 previousLine = 0;
        while (reader->next(record)) {
            if (record.line < previousLine)
                __builtin_trap(); // line numbers never go backwards
            previousLine = record.line;
            out << QString::number(record.line) << QString::number(record.fields.size()) << record.fields;
        }
    } catch (const breakeven::InputError &error) {
        out << QStringLiteral("error") << error.where() << error.reason();
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    const QStringList split = transcript(bytes, 64 * 1024, true);
    if (transcript(bytes, 64 * 1024, false) != split || transcript(bytes, 7, true) != split)
        __builtin_trap();
    return 0;
}
