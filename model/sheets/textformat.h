// The text side of a price sheet: encodings and their names, delimiter names and detection,
// and the streaming UTF-16 decoder the CSV reader feeds libcsv through (libcsv reads bytes, so
// UTF-16 sheets become UTF-8 first).
#pragma once

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
struct Utf16Decoder {
    bool bigEndian = false;
    int oddByte = -1;
    char16_t highSurrogate = 0;

    static char *put(char *o, char32_t cp)
    {
        if (cp < 0x80) {
            *o++ = char(cp);
        } else if (cp < 0x800) {
            *o++ = char(0xC0 | (cp >> 6));
            *o++ = char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            *o++ = char(0xE0 | (cp >> 12));
            *o++ = char(0x80 | ((cp >> 6) & 0x3F));
            *o++ = char(0x80 | (cp & 0x3F));
        } else {
            *o++ = char(0xF0 | (cp >> 18));
            *o++ = char(0x80 | ((cp >> 12) & 0x3F));
            *o++ = char(0x80 | ((cp >> 6) & 0x3F));
            *o++ = char(0x80 | (cp & 0x3F));
        }
        return o;
    }

    char *unit(char *o, char16_t u)
    {
        if (highSurrogate) {
            if (u >= 0xDC00 && u <= 0xDFFF) {
                const char32_t cp
                    = 0x10000 + ((char32_t(highSurrogate) - 0xD800) << 10) + (u - 0xDC00);
                highSurrogate = 0;
                return put(o, cp);
            }
            highSurrogate = 0;
            o = put(o, 0xFFFD);
        }
        if (u >= 0xD800 && u <= 0xDBFF) {
            highSurrogate = u;
            return o;
        }
        return put(o, (u >= 0xDC00 && u <= 0xDFFF) ? char32_t(0xFFFD) : char32_t(u));
    }

    void decode(const char *data, qsizetype n, QByteArray &out)
    {
        // Each code unit yields at most 3 bytes (a pair yields 4 for 2 units), plus a pending one.
        out.resize((n / 2 + 2) * 3);
        char *o = out.data();
        const uchar *s = reinterpret_cast<const uchar *>(data);
        const uchar *end = s + n;
        if (oddByte >= 0 && s < end) {
            const uchar first = uchar(oddByte);
            oddByte = -1;
            const uchar second = *s++;
            o = unit(o, bigEndian ? char16_t(first << 8 | second) : char16_t(second << 8 | first));
        }
        for (; end - s >= 2; s += 2)
            o = unit(o, bigEndian ? char16_t(s[0] << 8 | s[1]) : char16_t(s[1] << 8 | s[0]));
        if (s < end)
            oddByte = *s;
        out.resize(o - out.data());
    }

    // End of input: whatever is still pending was half a character.
    void flush(QByteArray &out)
    {
        out.clear();
        if (oddByte >= 0 || highSurrogate)
            out = QByteArrayLiteral("\xEF\xBF\xBD");
        oddByte = -1;
        highSurrogate = 0;
    }
};


} // namespace breakeven
