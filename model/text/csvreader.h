// Streaming CSV reader for price sheets and the bundled catalog: detects the text encoding
// (UTF-8 with or without BOM, UTF-16 LE/BE with BOM, Latin-1 fallback) and the delimiter
// (comma, semicolon, tab), and yields one record at a time with the line it started on.
// Parsing is RFC 4180 (quoted fields with delimiters, doubled quotes and line breaks inside;
// LF, CRLF and CR line ends; a last line without a newline; blank lines skipped).
// Without a byte order mark the encoding is decided once, from the first 64 KiB: UTF-8 when
// those bytes are valid UTF-8, Latin-1 otherwise; invalid UTF-8 later in a file decided as UTF-8
// becomes U+FFFD. Spaces and tabs around unquoted fields are dropped (libcsv's convention);
// inside quotes they are kept.
#pragma once

#include "textformat.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

class QIODevice;

namespace breakeven {

class Sha256;

struct CsvRecord {
    qint64 line = 0;        // 1-based line on which the record starts
    QStringList fields;
};

// The same record as UTF-8 bytes, whatever the sheet's encoding, with no string made per field:
// what the importer reads a million rows through. Text that was not valid UTF-8 in a sheet read
// as UTF-8 holds U+FFFD, exactly as CsvRecord's strings do.
struct CsvRow {
    qint64 line = 0;
    QByteArray bytes;       // the fields one after the other
    std::vector<int> ends;  // where each field ends in `bytes`

    qsizetype size() const { return qsizetype(ends.size()); }
    QByteArrayView field(qsizetype index) const
    {
        const int begin = index == 0 ? 0 : ends[std::size_t(index - 1)];
        return QByteArrayView(bytes.constData() + begin, ends[std::size_t(index)] - begin);
    }
};

class CsvReader {
public:
    // Reads a file; throws InputError naming the file when it cannot be opened.
    static std::unique_ptr<CsvReader> open(const QString &path);
    // Reads bytes held in memory (the bundled catalog, tests, fuzzing). `name` is used in messages.
    static std::unique_ptr<CsvReader> fromData(const QByteArray &data, const QString &name = {});
    ~CsvReader();

    TextEncoding encoding() const;
    bool hadByteOrderMark() const;           // of the encoding read, skipped before the text
    char delimiter() const;
    void setDelimiter(char delimiter);       // override the detected one before the first read
    // Reads the bytes as `encoding` instead of the detected one; before the first read. A byte
    // order mark is skipped only when it belongs to that encoding. The delimiter is detected
    // again under the new encoding unless setDelimiter() chose one.
    void setEncoding(TextEncoding encoding);
    const QString &name() const;             // file name for messages
    // Bytes handed to the decoder and parser at a time (64 KiB by default). Tests set tiny sizes
    // to put chunk boundaries inside characters, line ends and quoted fields. Before next().
    void setChunkSize(qsizetype bytes);
    // Whole lines with plain fields (unquoted, or quoted without a line break inside) are split
    // here with memchr, and only other lines go through libcsv; the records are the same either
    // way. Off: every line goes through libcsv (tests and fuzzing compare the two).
    void setLineSplitting(bool on);
    // Every byte of the input, byte order mark included, is also added to `hash` as it is read,
    // so that a sheet is hashed without a second pass over the file. Before the first read.
    void setHash(Sha256 *hash);

    // Next non-blank record; false at the end. Malformed input (an unterminated quote at the end
    // of the file) throws InputError naming the file and line.
    bool next(CsvRecord &record);
    bool next(CsvRow &row);

    qint64 bytesRead() const;                // for progress bars
    qint64 totalBytes() const;               // -1 when unknown

private:
    struct Impl;
    explicit CsvReader(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> d;
};

} // namespace breakeven
