#include "inputerror.h"
#include "text/csvreader.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

using namespace breakeven;

namespace {

// Chunk sizes that put boundaries inside BOMs, multibyte characters, UTF-16 code units,
// surrogate pairs, CRLF pairs and doubled quotes.
const qsizetype kSmallChunks[] = { 1, 2, 3, 4, 5, 7, 64 };

QByteArray utf16(const QString &text, bool bigEndian)
{
    QByteArray out = bigEndian ? QByteArray("\xFE\xFF") : QByteArray("\xFF\xFE");
    for (const QChar c : text) {
        const char high = char(c.unicode() >> 8), low = char(c.unicode() & 0xFF);
        out += bigEndian ? high : low;
        out += bigEndian ? low : high;
    }
    return out;
}

QString render(const CsvRecord &record)
{
    return QString::number(record.line) + u':' + record.fields.join(u'|');
}

// Records as "line:field|field"; an error becomes "error name:line: reason".
QStringList readAll(CsvReader &reader)
{
    QStringList out;
    CsvRecord record;
    try {
        while (reader.next(record))
            out << render(record);
    } catch (const InputError &error) {
        out << QStringLiteral("error ") + error.message();
    }
    return out;
}

QStringList readAll(const QByteArray &bytes, qsizetype chunkSize = 0, char delimiter = 0, bool lineSplitting = true)
{
    auto reader = CsvReader::fromData(bytes, QStringLiteral("test.csv"));
    reader->setLineSplitting(lineSplitting);
    if (chunkSize > 0)
        reader->setChunkSize(chunkSize);
    if (delimiter)
        reader->setDelimiter(delimiter);
    return readAll(*reader);
}

} // namespace

class TestCsvReader : public QObject {
    Q_OBJECT

private slots:
    void parse_data();
    void parse();
    void parseInSmallChunks_data() { parse_data(); }
    void parseInSmallChunks();
    // Every line through libcsv, none split by the reader: the same records.
    void parseWithoutLineSplitting_data() { parse_data(); }
    void parseWithoutLineSplitting();
    void encoding_data();
    void encoding();
    void delimiter_data();
    void delimiter();
    void setDelimiter_data();
    void setDelimiter();
    void badDelimiter();
    void setEncoding_data();
    void setEncoding();
    void setEncodingAfterReading();
    void formatNames();
    void errors_data();
    void errors();
    void openFile_data();
    void openFile();
    void openMissing_data();
    void openMissing();
    void randomInput_data();
    void randomInput();
    void pricingSamples();
};

void TestCsvReader::parse_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QStringList>("expected");

    const QString longField(200000, u'x');
    QString longLines;
    for (int i = 0; i < 5000; ++i)
        longLines += QStringLiteral("line %1\n").arg(i);

    QTest::newRow("utf-8") << QByteArray("name,price\nRTX 4090,1.5\n")
                           << QStringList { "1:name|price", "2:RTX 4090|1.5" };
    QTest::newRow("utf-8 multibyte")
        << QString("région,prix\nZürich,1\n日本,2\n😀,3\n").toUtf8()
        << QStringList { "1:région|prix", "2:Zürich|1", "3:日本|2", "4:😀|3" };
    QTest::newRow("utf-8 bom") << QByteArray("\xEF\xBB\xBFname,é\n1,2\n")
                               << QStringList { "1:name|é", "2:1|2" };
    QTest::newRow("utf-16le bom") << utf16("Région;Preis\r\nZürich;1,5\r\n😀;2\r\n", false)
                                  << QStringList { "1:Région|Preis", "2:Zürich|1,5", "3:😀|2" };
    QTest::newRow("utf-16be bom") << utf16("Région\tPreis\n\"日本\n😀\"\t2\nx\t3", true)
                                  << QStringList { "1:Région|Preis", "2:日本\n😀|2", "4:x|3" };
    // 'a', a high surrogate without its low half, 'b', LF; then 'a' and half a code unit.
    QTest::newRow("utf-16 lone surrogate")
        << QByteArray::fromHex("fffe 6100 3dd8 6200 0a00") << QStringList { "1:a\uFFFDb" };
    QTest::newRow("utf-16 odd length")
        << QByteArray::fromHex("fffe 6100 62") << QStringList { "1:a\uFFFD" };
    QTest::newRow("latin-1") << QByteArray("R\xE9gion,Gr\xF6\xDF"
                                           "e\nM\xFCnchen,1\n")
                             << QStringList { "1:Région|Größe", "2:München|1" };
    QTest::newRow("semicolon") << QByteArray("a;b;c\n1;2,5;3\n")
                               << QStringList { "1:a|b|c", "2:1|2,5|3" };
    QTest::newRow("tab") << QByteArray("a\tb\tc\n1\t\t3\n") << QStringList { "1:a|b|c", "2:1||3" };
    QTest::newRow("quoted delimiter") << QByteArray("region,price\n\"Texas, US, NA\",1\n")
                                      << QStringList { "1:region|price", "2:Texas, US, NA|1" };
    QTest::newRow("doubled quotes") << QByteArray("a,b\n\"say \"\"hi\"\"\",\"\"\"\"\n")
                                    << QStringList { "1:a|b", "2:say \"hi\"|\"" };
    QTest::newRow("lf in quotes") << QByteArray("a,b\n\"x\ny\",1\nnext,2\n")
                                  << QStringList { "1:a|b", "2:x\ny|1", "4:next|2" };
    QTest::newRow("crlf in quotes") << QByteArray("a,b\r\n\"x\r\n\r\ny\",1\r\nnext,2\r\n")
                                    << QStringList { "1:a|b", "2:x\r\n\r\ny|1", "5:next|2" };
    QTest::newRow("cr in quotes") << QByteArray("a\r\"x\ry\"\rz\r")
                                  << QStringList { "1:a", "2:x\ry", "4:z" };
    QTest::newRow("lf") << QByteArray("a,b\n1,2\n3,4\n")
                        << QStringList { "1:a|b", "2:1|2", "3:3|4" };
    QTest::newRow("crlf") << QByteArray("a,b\r\n1,2\r\n3,4\r\n")
                          << QStringList { "1:a|b", "2:1|2", "3:3|4" };
    QTest::newRow("cr") << QByteArray("a,b\r1,2\r3,4\r")
                        << QStringList { "1:a|b", "2:1|2", "3:3|4" };
    QTest::newRow("mixed line ends")
        << QByteArray("a\r\nb\nc\rd") << QStringList { "1:a", "2:b", "3:c", "4:d" };
    QTest::newRow("no final newline") << QByteArray("a,b\n1,2") << QStringList { "1:a|b", "2:1|2" };
    QTest::newRow("no final newline, quoted")
        << QByteArray("a\n\"x,y\"") << QStringList { "1:a", "2:x,y" };
    QTest::newRow("no final newline, empty field")
        << QByteArray("a,b\n1,") << QStringList { "1:a|b", "2:1|" };
    QTest::newRow("blank lines") << QByteArray("\n\na,b\n\n\n1,2\n\n")
                                 << QStringList { "3:a|b", "6:1|2" };
    QTest::newRow("blank crlf lines")
        << QByteArray("\r\n\r\na\r\n\r\nb\r\n") << QStringList { "3:a", "5:b" };
    QTest::newRow("whitespace-only line")
        << QByteArray("a,b\n   \n1,2\n") << QStringList { "1:a|b", "3:1|2" };
    QTest::newRow("empty fields") << QByteArray("a,b,c\n,,\n1,,3\n")
                                  << QStringList { "1:a|b|c", "2:||", "3:1||3" };
    QTest::newRow("empty quoted field")
        << QByteArray("a,b\n\"\",x\n") << QStringList { "1:a|b", "2:|x" };
    QTest::newRow("trailing delimiter") << QByteArray("a,b,\n") << QStringList { "1:a|b|" };
    QTest::newRow("spaces around fields")
        << QByteArray("a , b\n  1  ,\" 2 \"\n") << QStringList { "1:a|b", "2:1| 2 " };
    QTest::newRow("stray quote kept") << QByteArray("a\"b,c\n") << QStringList { "1:a\"b|c" };
    // libcsv's lenient rule: text after a closing quote continues the quoted field.
    QTest::newRow("text after a closing quote")
        << QByteArray("\"c\"d,e\",f\n") << QStringList { "1:c\"d,e|f" };
    QTest::newRow("spaces after a closing quote")
        << QByteArray("\"c\"  ,d\n") << QStringList { "1:c|d" };
    QTest::newRow("nul byte") << QByteArray("a\0b,c\n", 6)
                              << QStringList { QString::fromUtf8("1:a\0b|c", 7) };
    QTest::newRow("header only") << QByteArray("a,b,c\n") << QStringList { "1:a|b|c" };
    QTest::newRow("header only, no newline") << QByteArray("a,b,c") << QStringList { "1:a|b|c" };
    QTest::newRow("empty file") << QByteArray() << QStringList {};
    QTest::newRow("only line breaks") << QByteArray("\n\r\n\r") << QStringList {};
    QTest::newRow("only a bom") << QByteArray("\xEF\xBB\xBF") << QStringList {};
    QTest::newRow("only a utf-16 bom") << QByteArray("\xFF\xFE") << QStringList {};
    QTest::newRow("record longer than a chunk")
        << (longField + ",x\ny,z\n").toUtf8() << QStringList { "1:" + longField + "|x", "2:y|z" };
    QTest::newRow("quoted field longer than a chunk")
        << ("a\n\"" + longLines + "\",b\nc\n").toUtf8()
        << QStringList { "1:a", "2:" + longLines + "|b", "5003:c" };
}

void TestCsvReader::parse()
{
    QFETCH(QByteArray, input);
    QFETCH(QStringList, expected);
    QCOMPARE(readAll(input), expected);
}

void TestCsvReader::parseInSmallChunks()
{
    QFETCH(QByteArray, input);
    QFETCH(QStringList, expected);
    for (const qsizetype chunk : kSmallChunks) {
        if (chunk < 7 && input.size() > 100000)
            continue; // byte-at-a-time over 200 KB adds time, not coverage
        QCOMPARE(readAll(input, chunk), expected);
    }
}

void TestCsvReader::parseWithoutLineSplitting()
{
    QFETCH(QByteArray, input);
    QFETCH(QStringList, expected);
    QCOMPARE(readAll(input, 0, 0, false), expected);
}

void TestCsvReader::encoding_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<TextEncoding>("encoding");
    QTest::addColumn<bool>("bom");

    const QByteArray window(64 * 1024 - 1, 'a');
    QTest::newRow("empty") << QByteArray() << TextEncoding::Utf8 << false;
    QTest::newRow("ascii") << QByteArray("a,b\n") << TextEncoding::Utf8 << false;
    QTest::newRow("utf-8") << QByteArray("caf\xC3\xA9\n") << TextEncoding::Utf8 << false;
    QTest::newRow("utf-8 bom") << QByteArray("\xEF\xBB\xBF"
                                             "a\n")
                               << TextEncoding::Utf8 << true;
    QTest::newRow("utf-16le bom") << utf16("a\n", false) << TextEncoding::Utf16LE << true;
    QTest::newRow("utf-16be bom") << utf16("a\n", true) << TextEncoding::Utf16BE << true;
    QTest::newRow("latin-1") << QByteArray("caf\xE9,\xFC\n") << TextEncoding::Latin1 << false;
    QTest::newRow("latin-1 at the very end")
        << QByteArray("caf\xE9") << TextEncoding::Latin1 << false;
    QTest::newRow("truncated utf-8 at the end")
        << QByteArray("caf\xC3") << TextEncoding::Latin1 << false;
    QTest::newRow("overlong utf-8") << QByteArray("\xC0\xAF\n") << TextEncoding::Latin1 << false;
    QTest::newRow("utf-8 surrogate")
        << QByteArray("\xED\xA0\x80\n") << TextEncoding::Latin1 << false;
    QTest::newRow("utf-8 cut by the window") << window + "\xC3\xA9\n"
                                             << TextEncoding::Utf8 << false;
    QTest::newRow("latin-1 only after the window") << window + "a\n\xE9\n"
                                                   << TextEncoding::Utf8 << false;
}

void TestCsvReader::encoding()
{
    QFETCH(QByteArray, input);
    QFETCH(TextEncoding, encoding);
    QFETCH(bool, bom);
    auto reader = CsvReader::fromData(input);
    QCOMPARE(toString(reader->encoding()), toString(encoding));
    QCOMPARE(reader->hadByteOrderMark(), bom);
    // Decided from the window: later bytes that are not UTF-8 become U+FFFD, never a crash.
    const QStringList records = readAll(*reader);
    if (QByteArray(QTest::currentDataTag()) == "latin-1 only after the window")
        QCOMPARE(records.last(), QStringLiteral("2:\uFFFD"));
}

void TestCsvReader::delimiter_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<char>("delimiter");

    QTest::newRow("comma") << QByteArray("a,b,c\n") << ',';
    QTest::newRow("semicolon") << QByteArray("a;b;c\n") << ';';
    QTest::newRow("tab") << QByteArray("a\tb\tc\n") << '\t';
    QTest::newRow("commas inside quotes ignored") << QByteArray("\"a,b,c\";d;e\n") << ';';
    QTest::newRow("quoted line break in header")
        << QByteArray("\"a\nb,c,d\";e;f\n1,2,3,4\n") << ';';
    QTest::newRow("only the header line counts") << QByteArray("a;b\n1,2,3,4,5\n") << ';';
    QTest::newRow("blank lines before header") << QByteArray("\r\n\na\tb\n") << '\t';
    QTest::newRow("tie prefers comma") << QByteArray("a,b;c\n") << ',';
    QTest::newRow("single column") << QByteArray("name\nx\n") << ',';
    QTest::newRow("empty") << QByteArray() << ',';
    QTest::newRow("utf-16") << utf16("a;b;c\n", false) << ';';
    QTest::newRow("utf-8 bom") << QByteArray("\xEF\xBB\xBF"
                                             "a\tb\n")
                               << '\t';
}

void TestCsvReader::delimiter()
{
    QFETCH(QByteArray, input);
    QFETCH(char, delimiter);
    QCOMPARE(CsvReader::fromData(input)->delimiter(), delimiter);
}

void TestCsvReader::setDelimiter_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<char>("delimiter");
    QTest::addColumn<QStringList>("expected");

    QTest::newRow("comma over detected semicolon")
        << QByteArray("a;b,c\n1;2,3\n") << ',' << QStringList { "1:a;b|c", "2:1;2|3" };
    QTest::newRow("semicolon over detected comma")
        << QByteArray("a,b;c\n") << ';' << QStringList { "1:a,b|c" };
    QTest::newRow("tab over detected comma")
        << QByteArray("a b,c\td\n") << '\t' << QStringList { "1:a b,c|d" };
    QTest::newRow("other character")
        << QByteArray("a/b\n1/\"2/3\"\n") << '/' << QStringList { "1:a|b", "2:1|2/3" };
}

void TestCsvReader::setDelimiter()
{
    QFETCH(QByteArray, input);
    QFETCH(char, delimiter);
    QFETCH(QStringList, expected);
    QCOMPARE(readAll(input, 0, delimiter), expected);
    QCOMPARE(readAll(input, 1, delimiter), expected);
}

void TestCsvReader::badDelimiter()
{
    auto reader = CsvReader::fromData("a,b\n");
    QVERIFY_THROWS_EXCEPTION(InputError, reader->setDelimiter('"'));
    QVERIFY_THROWS_EXCEPTION(InputError, reader->setDelimiter('\n'));
    QCOMPARE(reader->delimiter(), ',');
}

void TestCsvReader::setEncoding_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<TextEncoding>("encoding");
    QTest::addColumn<char>("delimiter"); // 0: detected
    QTest::addColumn<bool>("bom");
    QTest::addColumn<QStringList>("expected");

    // Latin-1 bytes that happen to be valid UTF-8 ("Ã©" is C3 A9): detected as UTF-8.
    QTest::newRow("latin-1 over detected utf-8")
        << QByteArray("region;price\nZ\xC3\xA9rich;1.5\n") << TextEncoding::Latin1 << char(0) << false
        << QStringList { "1:region|price", QStringLiteral("2:Z\u00C3\u00A9rich|1.5") };
    QTest::newRow("utf-8 over detected latin-1: bad bytes become U+FFFD")
        << QByteArray("a,b\nZ\xFCrich,1\n") << TextEncoding::Utf8 << char(0) << false
        << QStringList { "1:a|b", QStringLiteral("2:Z\uFFFDrich|1") };
    QTest::newRow("utf-16le without a mark, delimiter detected in it")
        << QByteArray("a\0;\0b\0\n\0" "1\0;\0" "2\0\n\0", 16) << TextEncoding::Utf16LE << char(0) << false
        << QStringList { "1:a|b", "2:1|2" };
    QTest::newRow("utf-16be without a mark")
        << QByteArray("\0a\0\t\0b\0\n", 8) << TextEncoding::Utf16BE << char(0) << false
        << QStringList { "1:a|b" };
    QTest::newRow("utf-8 mark kept as text when latin-1 is chosen")
        << QByteArray("\xEF\xBB\xBF" "a,b\n") << TextEncoding::Latin1 << char(0) << false
        << QStringList { QStringLiteral("1:\u00EF\u00BB\u00BFa|b") };
    QTest::newRow("utf-8 chosen on a utf-8 file with a mark")
        << QByteArray("\xEF\xBB\xBF" "a,b\n") << TextEncoding::Utf8 << char(0) << true
        << QStringList { "1:a|b" };
    QTest::newRow("chosen delimiter survives an encoding change")
        << QByteArray("a;b,c\n") << TextEncoding::Latin1 << ',' << false << QStringList { "1:a;b|c" };
}

void TestCsvReader::setEncoding()
{
    QFETCH(QByteArray, input);
    QFETCH(TextEncoding, encoding);
    QFETCH(char, delimiter);
    QFETCH(bool, bom);
    QFETCH(QStringList, expected);
    for (qsizetype chunk : { qsizetype(0), qsizetype(1), qsizetype(3) }) {
        auto reader = CsvReader::fromData(input, QStringLiteral("test.csv"));
        if (chunk > 0)
            reader->setChunkSize(chunk);
        if (delimiter)
            reader->setDelimiter(delimiter); // before the encoding: it must stay
        reader->setEncoding(encoding);
        QCOMPARE(toString(reader->encoding()), toString(encoding));
        QCOMPARE(reader->hadByteOrderMark(), bom);
        QCOMPARE(readAll(*reader), expected);
    }
}

void TestCsvReader::setEncodingAfterReading()
{
    auto reader = CsvReader::fromData("a,b\n1,2\n", QStringLiteral("late.csv"));
    CsvRecord record;
    QVERIFY(reader->next(record));
    try {
        reader->setEncoding(TextEncoding::Latin1);
        QFAIL("an encoding chosen after reading began must be refused");
    } catch (const InputError &error) {
        QVERIFY2(error.message().startsWith(QStringLiteral("late.csv")), qPrintable(error.message()));
    }
    QCOMPARE(toString(reader->encoding()), QStringLiteral("UTF-8"));
}

void TestCsvReader::formatNames()
{
    QCOMPARE(textEncodingFromString(QStringLiteral("utf-8")), std::optional(TextEncoding::Utf8));
    QCOMPARE(textEncodingFromString(QStringLiteral("UTF16LE")), std::optional(TextEncoding::Utf16LE));
    QCOMPARE(textEncodingFromString(QStringLiteral("utf-16be")), std::optional(TextEncoding::Utf16BE));
    QCOMPARE(textEncodingFromString(QStringLiteral("ISO-8859-1")), std::optional(TextEncoding::Latin1));
    QCOMPARE(textEncodingFromString(QStringLiteral("latin-1")), std::optional(TextEncoding::Latin1));
    QCOMPARE(textEncodingFromString(QStringLiteral("cp1252")), std::nullopt);
    for (TextEncoding e : { TextEncoding::Utf8, TextEncoding::Utf16LE, TextEncoding::Utf16BE, TextEncoding::Latin1 })
        QCOMPARE(textEncodingFromString(toString(e)), std::optional(e));
    QCOMPARE(delimiterFromString(QStringLiteral("comma")), std::optional(','));
    QCOMPARE(delimiterFromString(QStringLiteral(";")), std::optional(';'));
    QCOMPARE(delimiterFromString(QStringLiteral("TAB")), std::optional('\t'));
    QCOMPARE(delimiterFromString(QStringLiteral("\\t")), std::optional('\t'));
    QCOMPARE(delimiterFromString(QStringLiteral("pipe")), std::nullopt);
}

void TestCsvReader::errors_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QStringList>("expected");

    const QString error = QStringLiteral("error test.csv:%1: unterminated quoted field");
    QTest::newRow("unterminated at the end")
        << QByteArray("a,b\n1,\"2\n") << QStringList { "1:a|b", error.arg(2) };
    QTest::newRow("unterminated over lines")
        << QByteArray("a\n\"x\ny\nz") << QStringList { "1:a", error.arg(2) };
    QTest::newRow("after a closed multiline field") << QByteArray(
        "a\n\"x\ny\",1\n2,\"open\n") << QStringList { "1:a", "2:x\ny|1", error.arg(4) };
    QTest::newRow("opened on a continuation line")
        << QByteArray("a\n\"x\ny\",\"z\nw") << QStringList { "1:a", error.arg(3) };
    QTest::newRow("only a quote") << QByteArray("\"") << QStringList { error.arg(1) };
    QTest::newRow("doubled quote at the end")
        << QByteArray("a\n\"x\"\"") << QStringList { "1:a", error.arg(2) };
    QTest::newRow("utf-16") << utf16("a\r\n\"b\r\n", true) << QStringList { "1:a", error.arg(2) };
}

void TestCsvReader::errors()
{
    QFETCH(QByteArray, input);
    QFETCH(QStringList, expected);
    QCOMPARE(readAll(input), expected);
    for (const qsizetype chunk : kSmallChunks)
        QCOMPARE(readAll(input, chunk), expected);

    auto reader = CsvReader::fromData(input, QStringLiteral("test.csv"));
    readAll(*reader);
    CsvRecord record;
    QVERIFY(!reader->next(record)); // after the error the reader stays at its end
}

void TestCsvReader::openFile_data()
{
    QTest::addColumn<qsizetype>("chunkSize");
    QTest::newRow("default chunks") << qsizetype(0);
    QTest::newRow("3-byte chunks") << qsizetype(3);
}

void TestCsvReader::openFile()
{
    QFETCH(qsizetype, chunkSize);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("sheet.csv"));
    QByteArray bytes = "\xEF\xBB\xBFInstanceType;Price\r\n";
    for (int i = 0; i < 30000; ++i) // larger than the 64 KiB sniffed at open
        bytes += "gpu-" + QByteArray::number(i) + ";" + QByteArray::number(i * 0.5) + "\r\n";
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(bytes);
    file.close();

    auto reader = CsvReader::open(path);
    if (chunkSize > 0)
        reader->setChunkSize(chunkSize);
    QCOMPARE(reader->name(), QStringLiteral("sheet.csv"));
    QCOMPARE(reader->delimiter(), ';');
    QVERIFY(reader->hadByteOrderMark());
    QCOMPARE(reader->totalBytes(), bytes.size());
    CsvRecord record;
    QStringList last;
    qint64 lastRead = 0, count = 0;
    while (reader->next(record)) {
        last = record.fields;
        QVERIFY(reader->bytesRead() >= lastRead);
        lastRead = reader->bytesRead();
        ++count;
        QCOMPARE(record.line, count);
        QCOMPARE(record.fields.size(), 2);
    }
    QCOMPARE(count, 30001);
    QCOMPARE(last, QStringList({ "gpu-29999", "14999.5" }));
    QCOMPARE(reader->bytesRead(), reader->totalBytes());
}

void TestCsvReader::openMissing_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("missing file") << QStringLiteral("no-such-sheet.csv");
    QTest::newRow("folder") << QString();
}

void TestCsvReader::openMissing()
{
    QFETCH(QString, name);
    QTemporaryDir dir;
    const QString path = name.isEmpty() ? dir.path() : dir.filePath(name);
    try {
        CsvReader::open(path);
        QFAIL("no InputError");
    } catch (const InputError &error) {
        QCOMPARE(error.where(), path);
        QVERIFY2(error.message().contains(path), qPrintable(error.message()));
    }
}

void TestCsvReader::randomInput_data()
{
    QTest::addColumn<quint32>("seed");
    for (quint32 seed = 1; seed <= 40; ++seed)
        QTest::addRow("seed %u", seed) << seed;
}

// Whatever the bytes, reading ends, lines never go backwards, and chunking changes nothing.
void TestCsvReader::randomInput()
{
    QFETCH(quint32, seed);
    QRandomGenerator random(seed);
    static const char alphabet[] = ",;\t\"\"\r\n\n a1\xC3\xA9\xFF\xFE\xD8\0";
    QByteArray input;
    const int length = random.bounded(1, 3000);
    for (int i = 0; i < length; ++i)
        input += alphabet[random.bounded(int(sizeof alphabet))];
    if (seed % 4 == 0)
        input.prepend(seed % 8 ? "\xFF\xFE" : "\xFE\xFF");

    const QStringList whole = readAll(input);
    qint64 last = 0;
    for (const QString &record : whole) {
        if (record.startsWith(u'e'))
            break;
        const qint64 line = record.section(u':', 0, 0).toLongLong();
        QVERIFY(line > last);
        last = line;
    }
    for (const qsizetype chunk : { 1, 2, 5 })
        QCOMPARE(readAll(input, chunk), whole);
}

void TestCsvReader::pricingSamples()
{
    const QDir folder(QStringLiteral(BREAKEVEN_SOURCE_DIR "/../shared/pricing-samples"));
    if (!folder.exists())
        QSKIP("no ../shared/pricing-samples beside the project");
    const QStringList files
        = folder.entryList({ QStringLiteral("*.csv") }, QDir::Files, QDir::Name);
    QVERIFY(!files.isEmpty());
    for (const QString &file : files) {
        auto reader = CsvReader::open(folder.filePath(file));
        CsvRecord header, record;
        QVERIFY2(reader->next(header), qPrintable(file));
        qint64 count = 0, lastLine = header.line;
        while (reader->next(record)) {
            ++count;
            QVERIFY2(record.fields.size() == header.fields.size(),
                qPrintable(QStringLiteral("%1:%2: %3 fields, header has %4")
                               .arg(file)
                               .arg(record.line)
                               .arg(record.fields.size())
                               .arg(header.fields.size())));
            QVERIFY(record.line > lastLine);
            lastLine = record.line;
        }
        QVERIFY2(count > 0, qPrintable(file));
        QCOMPARE(reader->bytesRead(), reader->totalBytes());
    }
}

QTEST_GUILESS_MAIN(TestCsvReader)
#include "test_csvreader.moc"
