#include "csvreader.h"

#include "inputerror.h"
#include "sha256.h"

#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <optional>
#include <cstdint>
#include <cstring>
#include <csv.h>

namespace breakeven {

namespace {

constexpr qsizetype kDefaultChunkSize = 64 * 1024;
constexpr qsizetype kSniffBytes = 64 * 1024;
// A field this long is almost certainly a quote that never closes; stop before it eats memory.
constexpr size_t kMaxFieldBytes = 64 * 1024 * 1024;

// libcsv keeps its parser state in the public struct without naming the values; these are the
// ones its csv_parse uses (stable since 1.0).
constexpr int kRowNotBegun = 0;
constexpr int kFieldBegun = 2;

} // namespace

struct CsvReader::Impl {
    QString name;
    std::unique_ptr<QFile> file;
    QByteArray head; // all of fromData's bytes, or the sniffed start of a file
    qsizetype headPos = 0;
    QByteArray chunk; // reused read buffer once a file is past its head
    qsizetype chunkSize = kDefaultChunkSize;
    qint64 bytesRead = 0;
    qint64 totalBytes = -1;
    Sha256 *hash = nullptr;

    TextEncoding encoding = TextEncoding::Utf8;
    bool bom = false;
    qsizetype bomLeft = 0;
    char delimiter = ',';
    bool delimiterChosen = false; // setDelimiter() was called: an encoding change keeps it
    Utf16Decoder utf16;
    QByteArray utf8; // reused output of the UTF-16 decoder

    // The decoded piece being fed to the parser, one physical line per csv_parse call so the
    // callbacks know which line they are on.
    const char *text = nullptr;
    qsizetype textLen = 0;
    qsizetype textPos = 0;
    const char *nextCr = nullptr; // cached: most files have none, so search a piece once
    bool afterCr = false; // a CR ended the last piece; an LF next belongs to it

    csv_parser parser {};
    void (*onField)(void *, size_t, void *) = nullptr;
    qint64 line = 1; // physical line of the next byte fed
    qint64 recordLine = 0; // line where the record being parsed started; 0 between records
    qint64 quoteLine = 0; // line where the open quoted field started
    int fieldsInSegment = 0;
    bool lineSplitting = true;
    struct Span {
        const char *begin;
        const char *end;
        bool doubledQuotes;
    };
    std::vector<Span> spans; // of the line being split
    QByteArray unquoted;     // a field with doubled quotes, undoubled
    CsvRow *out = nullptr;
    CsvRow scratch; // for next(CsvRecord &)
    bool recordDone = false;
    bool finished = false;

    Impl() { csv_init(&parser, 0); }
    ~Impl() { csv_free(&parser); }

    QString where(qint64 atLine) const
    {
        return name.isEmpty() ? QStringLiteral("line %1").arg(atLine)
                              : QStringLiteral("%1:%2").arg(name).arg(atLine);
    }

    // Fields are kept as UTF-8: UTF-16 was decoded to it before parsing, Latin-1 is converted
    // here, and UTF-8 that is not valid gets U+FFFD for its bad bytes, as QString would.
    template <bool latin1> static void field(void *s, size_t len, void *data)
    {
        auto *d = static_cast<Impl *>(data);
        if (d->recordLine == 0)
            d->recordLine = d->line;
        ++d->fieldsInSegment;
        const QByteArrayView bytes(static_cast<const char *>(s), qsizetype(len));
        QByteArray &out = d->out->bytes;
        if (isAscii(bytes))
            out.append(bytes);
        else if (latin1)
            out.append(QString::fromLatin1(bytes).toUtf8());
        else if (isValidUtf8(bytes, true))
            out.append(bytes);
        else
            out.append(QString::fromUtf8(bytes).toUtf8());
        d->out->ends.push_back(int(out.size()));
    }

    static bool isAscii(QByteArrayView bytes)
    {
        const char *s = bytes.data();
        qsizetype n = bytes.size();
        std::uint64_t high = 0;
        for (; n >= 8; s += 8, n -= 8) {
            std::uint64_t word;
            std::memcpy(&word, s, 8);
            high |= word;
        }
        for (; n > 0; ++s, --n)
            high |= std::uint8_t(*s);
        return (high & 0x8080808080808080ull) == 0;
    }

    static void recordEnd(int, void *data)
    {
        auto *d = static_cast<Impl *>(data);
        d->out->line = d->recordLine;
        d->recordLine = 0;
        d->recordDone = true;
    }

    void setUp()
    {
        const auto *s = reinterpret_cast<const uchar *>(head.constData());
        const qsizetype n = head.size();
        const std::optional<TextEncoding> marked = byteOrderMark(s, n);
        if (marked) {
            encoding = *marked;
        } else {
            const bool complete = file ? file->atEnd() : n <= kSniffBytes;
            if (!isValidUtf8(QByteArrayView(head).first(std::min(n, kSniffBytes)), complete))
                encoding = TextEncoding::Latin1;
        }
        configure();
    }

    // The byte order mark the head starts with, if any.
    static std::optional<TextEncoding> byteOrderMark(const uchar *s, qsizetype n)
    {
        if (n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
            return TextEncoding::Utf8;
        if (n >= 2 && s[0] == 0xFF && s[1] == 0xFE)
            return TextEncoding::Utf16LE;
        if (n >= 2 && s[0] == 0xFE && s[1] == 0xFF)
            return TextEncoding::Utf16BE;
        return std::nullopt;
    }

    // Sets the decoder and, unless one was chosen, the delimiter for `encoding`. A byte order
    // mark is skipped only when it is the mark of that encoding; otherwise its bytes are text.
    void configure()
    {
        const std::optional<TextEncoding> marked
            = byteOrderMark(reinterpret_cast<const uchar *>(head.constData()), head.size());
        bomLeft = marked == encoding ? (encoding == TextEncoding::Utf8 ? 3 : 2) : 0;
        bom = bomLeft > 0;
        const QByteArray window = head.left(kSniffBytes).mid(bomLeft);
        const bool utf16Input = encoding == TextEncoding::Utf16LE || encoding == TextEncoding::Utf16BE;
        utf16 = Utf16Decoder(encoding == TextEncoding::Utf16BE);
        if (!delimiterChosen) {
            if (utf16Input) {
                Utf16Decoder sniffer(encoding == TextEncoding::Utf16BE);
                QByteArray decoded;
                sniffer.decode(window.constData(), window.size(), decoded);
                delimiter = detectDelimiter(decoded.constData(), decoded.size());
            } else {
                delimiter = detectDelimiter(window.constData(), window.size());
            }
        }
        csv_set_delim(&parser, uchar(delimiter));
        // libcsv grows a field's buffer by this much at a time; the default 128 is slow for
        // long fields.
        csv_set_blk_size(&parser, 64 * 1024);
        onField = encoding == TextEncoding::Latin1 ? &field<true> : &field<false>;
    }

    bool readRaw(const char *&raw, qsizetype &n)
    {
        if (headPos < head.size()) {
            raw = head.constData() + headPos;
            n = std::min(chunkSize, head.size() - headPos);
            headPos += n;
        } else if (file) {
            head = QByteArray(); // the sniffed head is done with; keep memory flat
            headPos = 0;
            chunk.resize(chunkSize);
            n = file->read(chunk.data(), chunkSize);
            if (n < 0)
                throw InputError(name, QStringLiteral("cannot read: %1").arg(file->errorString()));
            raw = chunk.constData();
        } else {
            n = 0;
        }
        bytesRead += n;
        if (hash && n > 0)
            hash->add(QByteArrayView(raw, n));
        return n > 0;
    }

    // Makes the next decoded piece current; false at the end of the input.
    bool fetchText()
    {
        const bool utf16Input
            = encoding == TextEncoding::Utf16LE || encoding == TextEncoding::Utf16BE;
        for (;;) {
            const char *raw = nullptr;
            qsizetype n = 0;
            if (!readRaw(raw, n)) {
                if (!utf16Input)
                    return false;
                utf16.flush(utf8);
                if (utf8.isEmpty())
                    return false;
                raw = utf8.constData();
                n = utf8.size();
            } else {
                const qsizetype skip = std::min(bomLeft, n); // a BOM may straddle tiny chunks
                raw += skip;
                n -= skip;
                bomLeft -= skip;
                if (utf16Input && n > 0) {
                    utf16.decode(raw, n, utf8);
                    raw = utf8.constData();
                    n = utf8.size();
                }
            }
            if (n == 0)
                continue;
            text = raw;
            textLen = n;
            textPos = 0;
            nextCr = nullptr;
            return true;
        }
    }

    void parse(const char *s, qsizetype n)
    {
        fieldsInSegment = 0;
        if (csv_parse(&parser, s, size_t(n), onField, &recordEnd, this) != size_t(n))
            throw InputError(where(line), QString::fromLatin1(csv_strerror(csv_error(&parser))));
        if (parser.pstate == kRowNotBegun) {
            quoteLine = 0;
            return;
        }
        if (recordLine == 0)
            recordLine = line; // the record began here but its first field is not done yet
        // `quoted` stays set after a closing quote until the field ends, since lenient parsing
        // may resume the field; a field completed in this segment means the open one began here.
        if (!parser.quoted)
            quoteLine = 0;
        else if (quoteLine == 0 || fieldsInSegment > 0)
            quoteLine = line;
        if (parser.entry_pos > kMaxFieldBytes)
            throw InputError(where(parser.quoted ? quoteLine : line),
                parser.quoted ? QStringLiteral("field longer than 64 MiB; is a quote not closed?")
                              : QStringLiteral("field longer than 64 MiB"));
    }

    // Splits a whole physical line [begin, eol) the way libcsv would when its fields are plain:
    // unquoted (spaces and tabs around them dropped), or quoted with the closing quote on the
    // same line followed by nothing but spaces before the delimiter or the line end. False for
    // anything else, having emitted nothing: libcsv then parses the line.
    bool splitLine(const char *begin, const char *eol)
    {
        if (!lineSplitting || parser.pstate != kRowNotBegun)
            return false;
        const char quote = '"';
        const auto isSpace = [&](char c) { return (c == ' ' || c == '\t') && c != delimiter; };
        spans.clear();
        const char *p = begin;
        for (;;) {
            while (p < eol && isSpace(*p))
                ++p;
            if (spans.empty() && p == eol)
                return true; // a blank line: no record, as libcsv
            if (p < eol && *p == quote) {
                const char *start = p + 1;
                const char *from = start;
                bool doubled = false;
                for (;;) {
                    const auto *close = static_cast<const char *>(std::memchr(from, quote, size_t(eol - from)));
                    if (!close)
                        return false; // the field goes on past the line
                    if (close + 1 < eol && close[1] == quote) {
                        doubled = true;
                        from = close + 2;
                        continue;
                    }
                    spans.push_back({start, close, doubled});
                    p = close + 1;
                    break;
                }
                while (p < eol && isSpace(*p))
                    ++p;
                if (p == eol)
                    break;
                if (*p != delimiter)
                    return false; // text after the closing quote
                ++p;
                continue;
            }
            const auto *found = static_cast<const char *>(std::memchr(p, delimiter, size_t(eol - p)));
            const char *end = found ? found : eol;
            if (std::memchr(p, quote, size_t(end - p)))
                return false; // a quote inside an unquoted field
            const char *last = end;
            while (last > p && isSpace(last[-1]))
                --last;
            spans.push_back({p, last, false});
            if (!found)
                break;
            p = found + 1;
        }
        for (const Span &span : spans) {
            const char *s = span.begin;
            qsizetype n = span.end - span.begin;
            if (span.doubledQuotes) {
                unquoted.resize(0);
                for (const char *c = span.begin; c < span.end; ++c) {
                    unquoted.append(*c);
                    if (*c == quote)
                        ++c; // the second of the pair
                }
                s = unquoted.constData();
                n = unquoted.size();
            }
            onField(const_cast<char *>(s), size_t(n), this);
        }
        recordEnd(0, this);
        return true;
    }

    // Feeds the rest of the current physical line (or of the piece, when the line goes on).
    void feedLine()
    {
        const char *begin = text + textPos;
        const char *end = text + textLen;
        if (afterCr) {
            afterCr = false;
            if (*begin == '\n') { // the LF of a CRLF split across pieces: same line end
                parse(begin, 1);
                ++textPos;
                return;
            }
        }
        if (!nextCr || nextCr < begin) {
            const void *cr = std::memchr(begin, '\r', size_t(end - begin));
            nextCr = cr ? static_cast<const char *>(cr) : end;
        }
        const void *lf = std::memchr(begin, '\n', size_t(nextCr - begin));
        const char *eol = lf ? static_cast<const char *>(lf) : (nextCr < end ? nextCr : nullptr);
        if (!eol) {
            parse(begin, end - begin);
            textPos = textLen;
            return;
        }
        const char *stop = eol + 1;
        if (*eol == '\r') {
            if (stop == end)
                afterCr = true;
            else if (*stop == '\n')
                ++stop;
        }
        if (!splitLine(begin, eol))
            parse(begin, stop - begin);
        textPos += stop - begin;
        ++line;
    }

    void finish()
    {
        finished = true;
        if (parser.pstate == kFieldBegun && parser.quoted)
            throw InputError(
                where(quoteLine ? quoteLine : line), QStringLiteral("unterminated quoted field"));
        csv_fini(&parser, onField, &recordEnd, this);
    }
};

CsvReader::CsvReader(std::unique_ptr<Impl> impl)
    : d(std::move(impl))
{
}

CsvReader::~CsvReader() = default;

std::unique_ptr<CsvReader> CsvReader::open(const QString &path)
{
    auto impl = std::make_unique<Impl>();
    const QFileInfo info(path);
    impl->name = info.fileName();
    if (info.isDir())
        throw InputError(path, QStringLiteral("cannot open: it is a folder"));
    impl->file = std::make_unique<QFile>(path);
    if (!impl->file->open(QIODevice::ReadOnly))
        throw InputError(path, QStringLiteral("cannot open: %1").arg(impl->file->errorString()));
    impl->totalBytes = impl->file->isSequential() ? -1 : impl->file->size();
    // Pipes may return less than asked for, so read until the window is full or the input ends.
    while (impl->head.size() < kSniffBytes) {
        const QByteArray more = impl->file->read(kSniffBytes - impl->head.size());
        if (more.isEmpty())
            break;
        impl->head += more;
    }
    impl->setUp();
    return std::unique_ptr<CsvReader>(new CsvReader(std::move(impl)));
}

std::unique_ptr<CsvReader> CsvReader::fromData(const QByteArray &data, const QString &name)
{
    auto impl = std::make_unique<Impl>();
    impl->name = name;
    impl->head = data;
    impl->totalBytes = data.size();
    impl->setUp();
    return std::unique_ptr<CsvReader>(new CsvReader(std::move(impl)));
}

TextEncoding CsvReader::encoding() const
{
    return d->encoding;
}
bool CsvReader::hadByteOrderMark() const
{
    return d->bom;
}
char CsvReader::delimiter() const
{
    return d->delimiter;
}
const QString &CsvReader::name() const
{
    return d->name;
}
qint64 CsvReader::bytesRead() const
{
    return d->bytesRead;
}
qint64 CsvReader::totalBytes() const
{
    return d->totalBytes;
}

void CsvReader::setDelimiter(char delimiter)
{
    if (delimiter == '"' || delimiter == '\r' || delimiter == '\n' || delimiter == '\0')
        throw InputError(d->name, QStringLiteral("a quote or line end cannot be the delimiter"));
    d->delimiter = delimiter;
    d->delimiterChosen = true;
    csv_set_delim(&d->parser, uchar(delimiter));
}

void CsvReader::setEncoding(TextEncoding encoding)
{
    if (d->bytesRead > 0)
        throw InputError(d->name, QStringLiteral("the encoding can only be chosen before reading"));
    d->encoding = encoding;
    d->configure();
}

void CsvReader::setHash(Sha256 *hash)
{
    d->hash = hash;
}

void CsvReader::setLineSplitting(bool on)
{
    d->lineSplitting = on;
}

void CsvReader::setChunkSize(qsizetype bytes)
{
    d->chunkSize = std::max<qsizetype>(1, bytes);
}

bool CsvReader::next(CsvRecord &record)
{
    record.fields.clear(); // keeps the capacity, so a reused record allocates only its strings
    record.line = 0;
    if (!next(d->scratch))
        return false;
    record.line = d->scratch.line;
    for (qsizetype i = 0; i < d->scratch.size(); ++i) {
        const QByteArrayView field = d->scratch.field(i);
        record.fields.emplaceBack(field.isEmpty() ? QString() : QString::fromUtf8(field));
    }
    return true;
}

bool CsvReader::next(CsvRow &row)
{
    if (d->finished)
        return false;
    row.bytes.resize(0); // keeps the capacity: a reused row allocates nothing
    row.ends.clear();
    row.line = 0;
    d->out = &row;
    d->recordDone = false;
    while (!d->recordDone) {
        if (d->textPos == d->textLen && !d->fetchText()) {
            d->finish();
            return d->recordDone;
        }
        d->feedLine();
    }
    return true;
}

} // namespace breakeven
