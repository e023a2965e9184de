// `breakeven new` and `breakeven import` run as processes: output, JSON, exit codes, dry runs,
// and a process killed in the middle of a large import.
#include "sheetfixtures.h"

#include <QDir>
#include <QFile>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtTest>

#include <SQLiteCpp/Database.h>

using namespace breakeven;
using namespace sheetfixtures;

namespace {

QJsonObject importJson(const QString &sheet, const QString &document, const QStringList &extra = {})
{
    const Run run = runBreakeven(QStringList{QStringLiteral("import"), sheet, QStringLiteral("--into"), document,
                                          QStringLiteral("--json")}
                              + extra);
    return QJsonDocument::fromJson(run.out).object();
}

QJsonObject counts(const QJsonObject &report)
{
    return report[QStringLiteral("rows")].toObject();
}

} // namespace

class TestImportCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void exitCodes_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("stderrMentions");
        const QString rules = fixture(QStringLiteral("runpod-rules.csv"));
        QTest::newRow("import without --into") << QStringList{QStringLiteral("import"), rules} << 2 << "--into";
        QTest::newRow("import without a sheet") << QStringList{QStringLiteral("import"), QStringLiteral("--into"), QStringLiteral("@DOC@")} << 2 << "SHEET";
        QTest::newRow("unknown option") << QStringList{QStringLiteral("import"), rules, QStringLiteral("--into"), QStringLiteral("@DOC@"), QStringLiteral("--fast")} << 2 << "--fast";
        QTest::newRow("missing sheet") << QStringList{QStringLiteral("import"), QStringLiteral("/nonexistent/sheet.csv"), QStringLiteral("--into"), QStringLiteral("@DOC@")} << 1 << "sheet.csv";
        QTest::newRow("strict refusal") << QStringList{QStringLiteral("import"), rules, QStringLiteral("--into"), QStringLiteral("@DOC@"), QStringLiteral("--strict")} << 1 << "runpod-rules.csv:5";
        QTest::newRow("unknown preset") << QStringList{QStringLiteral("import"), rules, QStringLiteral("--into"), QStringLiteral("@DOC@"), QStringLiteral("--preset"), QStringLiteral("nope")} << 1 << "nope";
        QTest::newRow("header fits no preset") << QStringList{QStringLiteral("import"), fixture(QStringLiteral("acme-prices.csv")), QStringLiteral("--into"), QStringLiteral("@DOC@")} << 1 << "acme-prices.csv";
        QTest::newRow("unknown encoding") << QStringList{QStringLiteral("import"), rules, QStringLiteral("--into"), QStringLiteral("@DOC@"), QStringLiteral("--encoding"), QStringLiteral("ebcdic")} << 2 << "--encoding";
        QTest::newRow("unknown delimiter") << QStringList{QStringLiteral("import"), rules, QStringLiteral("--into"), QStringLiteral("@DOC@"), QStringLiteral("--delimiter"), QStringLiteral("pipe")} << 2 << "--delimiter";
        QTest::newRow("new without a document") << QStringList{QStringLiteral("new")} << 2 << "DOCUMENT";
        QTest::newRow("valid import") << QStringList{QStringLiteral("import"), rules, QStringLiteral("--into"), QStringLiteral("@DOC@")} << 0 << "";
    }

    void exitCodes()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, stderrMentions);
        QTemporaryDir dir;
        const QString document = dir.filePath(QStringLiteral("cli.breakeven"));
        arguments.replaceInStrings(QStringLiteral("@DOC@"), document);
        const Run run = runBreakeven(arguments);
        QCOMPARE(run.exitCode, exitCode);
        if (exitCode == 1)
            QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(QString::fromUtf8(run.err).contains(stderrMentions), run.err.constData());
        // A failed first import leaves no document behind.
        if (exitCode != 0)
            QVERIFY(!QFileInfo::exists(document));
    }

    void newDocument()
    {
        QTemporaryDir dir;
        const QString document = dir.filePath(QStringLiteral("fresh.breakeven"));
        QCOMPARE(runBreakeven({QStringLiteral("new"), document}).exitCode, 0);
        QVERIFY(QFileInfo::exists(document));
        const Run again = runBreakeven({QStringLiteral("new"), document});
        QCOMPARE(again.exitCode, 1);
        QVERIFY(again.err.contains("fresh.breakeven"));
    }

    void importTwiceChangesNothing()
    {
        QTemporaryDir dir;
        const QString document = dir.filePath(QStringLiteral("twice.breakeven"));
        const QString sheet = fixture(QStringLiteral("gcp-v7.csv"));
        const QJsonObject first = importJson(sheet, document);
        QCOMPARE(first[QStringLiteral("format")].toString(), QStringLiteral("breakeven-import"));
        QCOMPARE(first[QStringLiteral("preset")].toString(), QStringLiteral("skypilot"));
        QCOMPARE(first[QStringLiteral("provider")].toString(), QStringLiteral("gcp"));
        // One of the four (a2-highgpu-1g in us-central1) is also a bundled offer: updated.
        QCOMPARE(counts(first)[QStringLiteral("added")].toInt() + counts(first)[QStringLiteral("updated")].toInt(), 4);
        QCOMPARE(counts(first)[QStringLiteral("skipped")].toInt(), 4);
        QCOMPARE(first[QStringLiteral("skipped")].toArray().size(), 4);
        QCOMPARE(first[QStringLiteral("skipped")].toArray().first()[QStringLiteral("line")].toInt(), 12);
        const QJsonObject second = importJson(sheet, document);
        QCOMPARE(counts(second)[QStringLiteral("added")].toInt(), 0);
        QCOMPARE(counts(second)[QStringLiteral("updated")].toInt(), 0);
        QCOMPARE(counts(second)[QStringLiteral("unchanged")].toInt(), 4);

        const Run text = runBreakeven({QStringLiteral("import"), sheet, QStringLiteral("--into"), document});
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("unchanged  4"));
        QVERIFY(text.out.contains("line 13, AcceleratorName: accelerator \"tpu-v3-8\" is not a GPU"));
    }

    // A semicolon sheet in Latin-1 whose region reads "São Paulo": detected, then forced the wrong
    // way by --delimiter and --encoding, each of which must change what is read.
    void encodingAndDelimiterOptions_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("region"); // of the one offer imported; empty when none
        QTest::newRow("detected") << QStringList{} << 0 << QStringLiteral("S\u00E3o Paulo");
        QTest::newRow("chosen as detected")
            << QStringList{QStringLiteral("--encoding"), QStringLiteral("latin-1"), QStringLiteral("--delimiter"), QStringLiteral(";")}
            << 0 << QStringLiteral("S\u00E3o Paulo");
        QTest::newRow("utf-8 forced") << QStringList{QStringLiteral("--encoding"), QStringLiteral("utf-8")} << 0
                                      << QStringLiteral("S\uFFFDo Paulo");
        QTest::newRow("comma forced: one column, no preset fits")
            << QStringList{QStringLiteral("--delimiter"), QStringLiteral("comma")} << 1 << QString();
    }

    void encodingAndDelimiterOptions()
    {
        QFETCH(QStringList, extra);
        QFETCH(int, exitCode);
        QFETCH(QString, region);
        QTemporaryDir dir;
        const QString sheet = dir.filePath(QStringLiteral("prices.csv"));
        {
            QFile file(sheet);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("provider;category;instance_type;gpu;gpu_count;vcpus;memory_gib;region;currency;on_demand\n"
                       "acme;ml-cloud;gpu.h100x1;H100;1;16;128;S\xE3o Paulo;USD;2.5\n");
        }
        const QString document = dir.filePath(QStringLiteral("formats.breakeven"));
        const Run run = runBreakeven(QStringList{QStringLiteral("import"), sheet, QStringLiteral("--into"), document} + extra);
        QVERIFY2(run.exitCode == exitCode, run.err.constData());
        if (region.isEmpty()) {
            QVERIFY2(run.err.contains("prices.csv"), run.err.constData());
            return;
        }
        SQLite::Database database(document.toStdString(), SQLite::OPEN_READONLY);
        const std::string stored = database.execAndGet("SELECT region FROM cloud_offers WHERE provider = 'acme'").getString();
        QCOMPARE(QString::fromStdString(stored), region);
    }

    void dryRunLeavesDocumentAlone()
    {
        QTemporaryDir dir;
        const QString document = dir.filePath(QStringLiteral("dry.breakeven"));
        QCOMPARE(runBreakeven({QStringLiteral("new"), document}).exitCode, 0);
        const QByteArray before = fileHash(document);
        const QJsonObject report = importJson(fixture(QStringLiteral("runpod-rules.csv")), document, {QStringLiteral("--dry-run")});
        QVERIFY(report[QStringLiteral("dryRun")].toBool());
        QVERIFY(!report[QStringLiteral("written")].toBool());
        QVERIFY(counts(report)[QStringLiteral("added")].toInt() > 0);
        QCOMPARE(fileHash(document), before);

        const QString missing = dir.filePath(QStringLiteral("missing.breakeven"));
        QCOMPARE(runBreakeven({QStringLiteral("import"), fixture(QStringLiteral("native.csv")), QStringLiteral("--into"),
                            missing, QStringLiteral("--dry-run")})
                     .exitCode,
                 0);
        QVERIFY(!QFileInfo::exists(missing));
    }

    // GPU names the catalog does not know are listed with their rows; --alias maps them for the
    // import and keeps the mapping in the document, but a dry run or a bad target keeps nothing.
    void unknownGpuNamesAndAliases()
    {
        QTemporaryDir dir;
        const QString document = dir.filePath(QStringLiteral("aliases.breakeven"));
        QCOMPARE(runBreakeven({QStringLiteral("new"), document}).exitCode, 0);
        const QString sheet = dir.filePath(QStringLiteral("spheron-v8.csv"));
        QFile file(sheet);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,Region,GpuInfo,SpotPrice\n"
                   "x1,ZZ9000,1,8,32,0.2,US,,\n"
                   "x2,ZZ9000,2,16,64,0.4,US,,\n"
                   "x3,QQ7,1,8,32,0.5,US,,\n"
                   "x4,L40S_PCIE,1,8,32,0.9,US,,\n");
        file.close();

        const Run text = runBreakeven({QStringLiteral("import"), sheet, QStringLiteral("--into"), document, QStringLiteral("--dry-run")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("unknown GPU names (map each to a catalog GPU with --alias NAME=MODEL):\n"
                                   "  ZZ9000: 2 rows\n  QQ7: 1 row\n"),
                 text.out.constData());
        QJsonObject report = importJson(sheet, document, {QStringLiteral("--dry-run")});
        const QJsonArray unknown = report[QStringLiteral("unknownGpus")].toArray();
        QCOMPARE(unknown.size(), 2);
        QCOMPARE(unknown[0][QStringLiteral("name")].toString(), QStringLiteral("ZZ9000"));
        QCOMPARE(unknown[0][QStringLiteral("rows")].toInt(), 2);
        QCOMPARE(counts(report)[QStringLiteral("added")].toInt(), 1); // L40S_PCIE is the L40S

        // A dry run with aliases imports every row and keeps no alias.
        report = importJson(sheet, document, {QStringLiteral("--dry-run"), QStringLiteral("--alias"), QStringLiteral("ZZ9000=RTX-3080"),
                                              QStringLiteral("--alias=QQ7=H100-SXM5-80GB")});
        QCOMPARE(counts(report)[QStringLiteral("added")].toInt(), 4);
        QVERIFY(report[QStringLiteral("unknownGpus")].toArray().isEmpty());
        QCOMPARE(importJson(sheet, document, {QStringLiteral("--dry-run")})[QStringLiteral("unknownGpus")].toArray().size(), 2);

        // A target the catalog lacks refuses the import and writes nothing; a malformed one is a usage error.
        const QByteArray before = fileHash(document);
        Run bad = runBreakeven({QStringLiteral("import"), sheet, QStringLiteral("--into"), document, QStringLiteral("--alias"),
                                QStringLiteral("ZZ9000=NOPE-1")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY(bad.err.contains("--alias ZZ9000=NOPE-1: the document's catalog has no GPU \"NOPE-1\""));
        QCOMPARE(fileHash(document), before);
        bad = runBreakeven({QStringLiteral("import"), sheet, QStringLiteral("--into"), document, QStringLiteral("--alias"),
                            QStringLiteral("ZZ9000")});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY(bad.err.contains("--alias takes NAME=MODEL"));

        // Imported with the aliases, they stay: the next sheet naming ZZ9000 needs none.
        report = importJson(sheet, document, {QStringLiteral("--alias"), QStringLiteral("ZZ9000=RTX-3080"),
                                              QStringLiteral("--alias"), QStringLiteral("QQ7=H100-SXM5-80GB")});
        QVERIFY(report[QStringLiteral("written")].toBool());
        QCOMPARE(counts(report)[QStringLiteral("added")].toInt(), 4);
        report = importJson(sheet, document, {QStringLiteral("--dry-run")});
        QCOMPARE(counts(report)[QStringLiteral("unchanged")].toInt(), 4);
        QVERIFY(report[QStringLiteral("unknownGpus")].toArray().isEmpty());
    }

    void customPresetByName()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("custom.breakeven"));
        {
            auto document = sheetfixtures::newDocument(dir, QStringLiteral("custom.breakeven"));
            SheetPreset acme;
            acme.name = QStringLiteral("acme");
            acme.setColumn(SheetField::InstanceType, QStringLiteral("Machine"));
            acme.setColumn(SheetField::Gpu, QStringLiteral("Card"));
            acme.setColumn(SheetField::GpuCount, QStringLiteral("Cards"));
            acme.setColumn(SheetField::OnDemand, QStringLiteral("Hourly"));
            acme.setColumn(SheetField::Region, QStringLiteral("Location"));
            acme.provider = QStringLiteral("acme");
            savePreset(document->settings(), acme);
        }
        const QJsonObject report = importJson(fixture(QStringLiteral("acme-prices.csv")), path,
                                              {QStringLiteral("--preset"), QStringLiteral("acme")});
        QCOMPARE(report[QStringLiteral("preset")].toString(), QStringLiteral("acme"));
        QCOMPARE(counts(report)[QStringLiteral("added")].toInt(), 2);
    }

    void killedImportLeavesDocumentUnchanged()
    {
        QTemporaryDir dir;
        const QString document = dir.filePath(QStringLiteral("killed.breakeven"));
        const QString sheet = dir.filePath(QStringLiteral("runpod-large.csv"));
        // Larger than the import's page cache, so that pages reach the file before the commit.
        writeSkyPilotSheet(sheet, 600000);
        QCOMPARE(runBreakeven({QStringLiteral("new"), document}).exitCode, 0);
        qint64 offers = 0;
        qint64 sheets = 0;
        {
            auto opened = Document::open(document);
            offers = opened->catalog().offerCount();
            sheets = qint64(opened->catalog().sheets().size());
        }

        QProcess import;
        import.start(QStringLiteral(BREAKEVEN_EXECUTABLE),
                     {QStringLiteral("import"), sheet, QStringLiteral("--into"), document});
        QVERIFY(import.waitForStarted());
        // Uncommitted pages spill into the write-ahead log once the cache is full: the import
        // has then written to disk.
        const qint64 initialSize = QFileInfo(document).size();
        const auto spilled = [&] {
            return QFileInfo(document).size() - initialSize >= 4 * 1024 * 1024
                || QFileInfo(document + QStringLiteral("-wal")).size() >= 4 * 1024 * 1024;
        };
        QElapsedTimer timer;
        timer.start();
        while (!spilled() && timer.elapsed() < 60000 && import.state() == QProcess::Running)
            QTest::qWait(5);
        QVERIFY2(import.state() == QProcess::Running, "the import finished before it could be killed");
        import.kill(); // SIGKILL
        QVERIFY(import.waitForFinished());
        QCOMPARE(import.exitStatus(), QProcess::CrashExit);
        QVERIFY(spilled());

        {
            SQLite::Database database(document.toStdString(), SQLite::OPEN_READWRITE);
            QCOMPARE(QString::fromStdString(database.execAndGet("PRAGMA integrity_check").getString()), QStringLiteral("ok"));
        }
        auto reopened = Document::open(document);
        QCOMPARE(reopened->catalog().offerCount(), offers);
        QCOMPARE(qint64(reopened->catalog().sheets().size()), sheets);
    }
};

QTEST_GUILESS_MAIN(TestImportCli)
#include "test_import_cli.moc"
