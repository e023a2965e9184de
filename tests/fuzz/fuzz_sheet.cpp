// Fuzzes the CSV reader over arbitrary bytes, with a small chunk size so that chunk boundaries
// fall inside byte order marks, multibyte characters, quotes and line ends.
#include "inputerror.h"
#include "sheets/csvreader.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    for (qsizetype chunk : {qsizetype(7), qsizetype(64 * 1024)}) {
        try {
            auto reader = breakeven::CsvReader::fromData(bytes, QStringLiteral("fuzz.csv"));
            reader->setChunkSize(chunk);
            breakeven::CsvRecord record;
            qint64 previousLine = 0;
            while (reader->next(record)) {
                if (record.line < previousLine)
                    __builtin_trap(); // line numbers never go backwards
                previousLine = record.line;
            }
        } catch (const breakeven::InputError &) {
        }
    }
    return 0;
}
