#include "textformat.h"

#include <QStringDecoder>

namespace breakeven {

// Qt's decoder rejects overlongs, surrogates and code points above U+10FFFF. Stateless, an
// incomplete sequence at the end counts as an error; stateful, it waits for bytes we did not sniff.
bool isValidUtf8(QByteArrayView bytes, bool complete)
{
    QStringDecoder decoder(QStringConverter::Utf8,
        complete ? QStringConverter::Flag::Stateless : QStringConverter::Flag::Default);
    const QString decoded = decoder(bytes);
    return !decoder.hasError();
}

// Counts candidate delimiters outside quotes on the first non-blank line.
char detectDelimiter(const char *s, qsizetype n)
{
    qsizetype i = 0;
    while (i < n && (s[i] == '\r' || s[i] == '\n' || s[i] == ' '))
        ++i;
    int commas = 0, semicolons = 0, tabs = 0;
    bool quoted = false;
    for (; i < n; ++i) {
        const char c = s[i];
        if (c == '"')
            quoted = !quoted; // a doubled quote toggles twice, which is what it should do
        else if (quoted)
            continue;
        else if (c == '\r' || c == '\n')
            break;
        else if (c == ',')
            ++commas;
        else if (c == ';')
            ++semicolons;
        else if (c == '\t')
            ++tabs;
    }
    if (semicolons > commas && semicolons >= tabs)
        return ';';
    if (tabs > commas && tabs > semicolons)
        return '\t';
    return ',';
}

std::optional<TextEncoding> textEncodingFromString(const QString &name)
{
    QString key = name.trimmed().toLower();
    key.remove(QLatin1Char('-')).remove(QLatin1Char('_')).remove(QLatin1Char(' '));
    if (key == QLatin1String("utf8"))
        return TextEncoding::Utf8;
    if (key == QLatin1String("utf16le"))
        return TextEncoding::Utf16LE;
    if (key == QLatin1String("utf16be"))
        return TextEncoding::Utf16BE;
    if (key == QLatin1String("latin1") || key == QLatin1String("iso88591"))
        return TextEncoding::Latin1;
    return std::nullopt;
}

std::optional<char> delimiterFromString(const QString &name)
{
    const QString key = name.toLower();
    if (key == QLatin1String("comma") || key == QLatin1String(","))
        return ',';
    if (key == QLatin1String("semicolon") || key == QLatin1String(";"))
        return ';';
    if (key == QLatin1String("tab") || key == QLatin1String("\\t") || key == QLatin1String("\t"))
        return '\t';
    return std::nullopt;
}

QString toString(TextEncoding encoding)
{
    switch (encoding) {
    case TextEncoding::Utf8:
        return QStringLiteral("UTF-8");
    case TextEncoding::Utf16LE:
        return QStringLiteral("UTF-16LE");
    case TextEncoding::Utf16BE:
        return QStringLiteral("UTF-16BE");
    case TextEncoding::Latin1:
        return QStringLiteral("Latin-1");
    }
    return {};
}

Utf16Decoder::Utf16Decoder(bool bigEndian)
    : m_decoder(bigEndian ? QStringConverter::Utf16BE : QStringConverter::Utf16LE)
{
}

void Utf16Decoder::decode(const char *data, qsizetype n, QByteArray &out)
{
    m_bytes += n;
    // QStringDecoder keeps half a code unit for the next chunk but hands out a high surrogate
    // whose low half is in the next chunk; keep it back until that chunk comes.
    QString text = m_pending + m_decoder.decode(QByteArrayView(data, n));
    m_pending.clear();
    if (!text.isEmpty() && text.back().isHighSurrogate()) {
        m_pending = text.back();
        text.chop(1);
    }
    // A surrogate without its other half is U+FFFD (toUtf8() would write '?').
    QChar *c = text.data();
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (c[i].isHighSurrogate() && i + 1 < text.size() && c[i + 1].isLowSurrogate())
            ++i;
        else if (c[i].isSurrogate())
            c[i] = QChar::ReplacementCharacter;
    }
    out = text.toUtf8();
}

void Utf16Decoder::flush(QByteArray &out)
{
    out.clear();
    if (m_bytes % 2 == 1 || !m_pending.isEmpty())
        out = QByteArrayLiteral("\xEF\xBF\xBD");
    m_decoder.resetState();
    m_pending.clear();
    m_bytes = 0;
}

} // namespace breakeven
