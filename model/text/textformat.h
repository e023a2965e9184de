// The text side of a price sheet: encodings and their names, delimiter names and detection,
// and the streaming UTF-16 decoder the CSV reader feeds libcsv through (libcsv reads bytes, so
// UTF-16 sheets become UTF-8 first, through Qt's QStringDecoder).
#pragma once

#include <QStringDecoder>

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

#include <optional>

namespace breakeven {

enum class TextEncoding { Utf8, Utf16LE, Utf16BE, Latin1 };
QString toString(TextEncoding encoding); // "UTF-8", "UTF-16LE", "UTF-16BE", "Latin-1"
// "utf-8", "UTF8", "utf-16le", "latin-1", "iso-8859-1", …; none for anything else.
std::optional<TextEncoding> textEncodingFromString(const QString &name);
// "comma" or ",", "semicolon" or ";", "tab" or "\\t"; none for anything else.
std::optional<char> delimiterFromString(const QString &name);

// Whether `bytes` are valid UTF-8. `complete`: the bytes are the whole input, so a sequence cut
// at the end is an error; otherwise it may go on in bytes not given.
bool isValidUtf8(QByteArrayView bytes, bool complete);
// Comma, semicolon or tab: the most frequent outside quotes on the first non-blank line; a tie
// goes to the comma.
char detectDelimiter(const char *s, qsizetype n);

// UTF-16 to UTF-8, one chunk at a time: an odd byte or a high surrogate at the end of a chunk is
// kept for the next. Unpaired surrogates become U+FFFD, like everywhere else in Qt.
// Streaming UTF-16 to UTF-8, for libcsv (which reads bytes), through QStringDecoder; a surrogate
// pair split between two chunks is joined, a lone surrogate becomes U+FFFD.
class Utf16Decoder {
public:
    explicit Utf16Decoder(bool bigEndian = false);

    void decode(const char *data, qsizetype n, QByteArray &out);
    // End of input: half a code unit or a high surrogate still pending was half a character.
    void flush(QByteArray &out);

private:
    QStringDecoder m_decoder;
    QString m_pending; // a high surrogate waiting for its low half
    qint64 m_bytes = 0;
};


} // namespace breakeven
