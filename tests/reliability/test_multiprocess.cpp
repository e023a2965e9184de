// Many processes, one document: a killed writer is recovered by SQLite before anything is
// judged, a second writer waits for the first, readers never fail during an import, reading
// writes nothing (read-only files and folders included), and a failed import leaves the file's
// bytes as they were. Every writer and reader here is a separate `breakeven` process.
#include "exchange/scenariojson.h"
#include "sheetfixtures.h"
#include "store/database.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QtEndian>
#include <QtTest>

#include <SQLiteCpp/Database.h>

#include <algorithm>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace breakeven;
using namespace sheetfixtures;

namespace {

QStringList sideFiles(const QString &document)
{
    QStringList present;
    for (const char *suffix : {"-wal", "-shm", "-journal"})
        if (QFileInfo::exists(document + QLatin1String(suffix)))
            present << QLatin1String(suffix);
    return present;
}

qint64 offerCount(const QString &document)
{
    SQLite::Database database(document.toStdString(), SQLite::OPEN_READONLY);
    return database.execAndGet("SELECT count(*) FROM cloud_offers").getInt64();
}

QString integrity(const QString &document)
{
    SQLite::Database database(document.toStdString(), SQLite::OPEN_READONLY);
    return QString::fromStdString(database.execAndGet("PRAGMA integrity_check").getString());
}

QString firstScenario(const QString &document)
{
    return Document::openReadOnly(document)->scenarios().names().value(0);
}

// What the file's header says its size is, as the pre-open check reads it.
qint64 headerSize(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray header = file.read(100);
    const auto *data = reinterpret_cast<const uchar *>(header.constData());
    const qint64 pageSize = qFromBigEndian<quint16>(data + 16);
    return pageSize * qFromBigEndian<quint32>(data + 28);
}

// Under the address sanitizer (./dev asan) everything runs several times slower and its shadow
// memory counts as resident: the time and memory budgets are those of the optimised build.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

} // namespace

class TestMultiprocess : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_pristine = m_dir.filePath(QStringLiteral("pristine.breakeven"));
        QCOMPARE(runBreakeven({QStringLiteral("new"), m_pristine}).exitCode, 0);
        m_scenario = firstScenario(m_pristine);
        QVERIFY(!m_scenario.isEmpty());
        m_offers = offerCount(m_pristine);
    }

    // A writer in rollback-journal mode killed while committing: page 1 (with the larger size)
    // is on disk, the rest not yet, and the journal is hot. SQLite rolls it back; nothing calls
    // the file truncated or damaged.
    void hotJournalIsRecoveredBeforeAnyJudgement()
    {
        const QString document = copyOfPristine(QStringLiteral("hot-journal.breakeven"));
        const QByteArray before = fileHash(document);
        const qint64 originalSize = QFileInfo(document).size();

        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            try {
                SQLite::Database writer(document.toStdString(), SQLite::OPEN_READWRITE);
                if (writer.execAndGet("PRAGMA journal_mode = DELETE").getString() != "delete")
                    _exit(4);
                writer.exec("PRAGMA cache_size = 8"); // pages spill into the file before the commit
                writer.exec("BEGIN IMMEDIATE");
                writer.exec("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) "
                            "INSERT INTO settings(key, value) SELECT 'k' || i, hex(zeroblob(100)) FROM n");
                _exit(0); // with the connection open: no rollback, no unlock, as a killed process
            } catch (...) {
                _exit(3);
            }
        }
        int status = 0;
        QCOMPARE(waitpid(child, &status, 0), child);
        QCOMPARE(WEXITSTATUS(status), 0);
        QVERIFY(QFileInfo(document + QStringLiteral("-journal")).size() > 0);
        QVERIFY(fileHash(document) != before);
        QVERIFY(QFileInfo(document).size() > originalSize);

        // Page 1 of the commit written first, claiming twice the pages on disk.
        {
            QFile file(document);
            QVERIFY(file.open(QIODevice::ReadWrite));
            QByteArray header = file.read(100);
            auto *data = reinterpret_cast<uchar *>(header.data());
            const quint32 pageSize = qFromBigEndian<quint16>(data + 16);
            const quint32 pages = quint32(file.size() / pageSize) * 2;
            const quint32 counter = qFromBigEndian<quint32>(data + 24) + 1;
            qToBigEndian(pages, data + 28);
            qToBigEndian(counter, data + 24);
            qToBigEndian(counter, data + 92);
            QVERIFY(file.seek(0));
            QCOMPARE(file.write(header), qint64(100));
        }
        QVERIFY(headerSize(document) > QFileInfo(document).size());

        // The command line (read-only) recovers it and reads the scenario.
        const Run compare = runBreakeven({QStringLiteral("compare"), document + QLatin1Char('#') + m_scenario});
        QVERIFY2(compare.exitCode == 0, compare.err.constData());
        QVERIFY(!QFileInfo::exists(document + QStringLiteral("-journal")));
        QCOMPARE(integrity(document), QStringLiteral("ok"));
        QCOMPARE(offerCount(document), m_offers);
        auto reopened = Document::open(document);
        QVERIFY(!reopened->settings().value(QStringLiteral("k1")));
    }

    // Kills at 20 moments spread over a large import, most of them in its last third where the
    // commit and checkpoint run: every time, the command line and Document::open read the
    // document, integrity_check is ok, and the sheet is there whole or not at all.
    void killedImportIsAllOrNothing()
    {
        const QString sheet = m_dir.filePath(QStringLiteral("runpod-kill.csv"));
        writeSkyPilotSheet(sheet, 150000);

        // How long the whole import takes here: the faster of two runs, so that a run slowed by
        // another suite working at the same time does not put every kill after the end.
        qint64 whole = 0;
        qint64 after = 0;
        for (int run = 0; run < 2; ++run) {
            const QString timed = copyOfPristine(QStringLiteral("timed.breakeven"));
            QElapsedTimer timer;
            timer.start();
            QCOMPARE(runBreakeven({QStringLiteral("import"), sheet, QStringLiteral("--into"), timed}).exitCode, 0);
            whole = run == 0 ? timer.elapsed() : std::min(whole, timer.elapsed());
            after = offerCount(timed);
        }
        QVERIFY(after > m_offers);

        int killedWhileRunning = 0;
        int none = 0;
        int all = 0;
        for (int i = 0; i < 20; ++i) {
            const QString document = copyOfPristine(QStringLiteral("killed.breakeven"));
            // From a fifth of the run to just past its end, half the points in the last third.
            const double fraction = i < 10 ? 0.2 + 0.05 * i : 0.67 + 0.04 * (i - 10);
            QProcess import;
            import.start(QStringLiteral(BREAKEVEN_EXECUTABLE),
                         {QStringLiteral("import"), sheet, QStringLiteral("--into"), document});
            QVERIFY(import.waitForStarted());
            QTest::qWait(int(fraction * double(whole)));
            if (import.state() == QProcess::Running) {
                ++killedWhileRunning;
                import.kill();
            }
            if (import.state() != QProcess::NotRunning)
                QVERIFY(import.waitForFinished(120000));

            const Run compare = runBreakeven({QStringLiteral("compare"), document + QLatin1Char('#') + m_scenario});
            QVERIFY2(compare.exitCode == 0, qPrintable(QStringLiteral("kill %1: %2").arg(i).arg(QString::fromUtf8(compare.err))));
            QVERIFY(!compare.err.contains("damaged"));
            { auto opened = Document::open(document); }
            QCOMPARE(integrity(document), QStringLiteral("ok"));
            const qint64 offers = offerCount(document);
            QVERIFY2(offers == m_offers || offers == after, qPrintable(QStringLiteral("kill %1: %2 offers").arg(i).arg(offers)));
            (offers == after ? all : none) += 1;
        }
        qInfo("20 kills: %d while running; %d left no offer of the sheet, %d all of it", killedWhileRunning, none, all);
        QVERIFY(killedWhileRunning >= 10);
        QVERIFY(none >= 1);
    }

    // Two imports of different sheets started together: the second waits for the first's
    // commit, and both land.
    void twoImportsAtOnceBothLand()
    {
        const QString document = copyOfPristine(QStringLiteral("two.breakeven"));
        const QString runpod = m_dir.filePath(QStringLiteral("runpod-two.csv"));
        const QString lambda = m_dir.filePath(QStringLiteral("lambda-two.csv"));
        writeSkyPilotSheet(runpod, 60000);
        writeSkyPilotSheet(lambda, 60000, 1.5);
        for (int round = 0; round < 3; ++round) {
            QFile::remove(document);
            QVERIFY(QFile::copy(m_pristine, document));
            QFile::setPermissions(document, QFile::ReadOwner | QFile::WriteOwner);
            QProcess first;
            QProcess second;
            first.start(QStringLiteral(BREAKEVEN_EXECUTABLE), {QStringLiteral("import"), runpod, QStringLiteral("--into"), document});
            second.start(QStringLiteral(BREAKEVEN_EXECUTABLE), {QStringLiteral("import"), lambda, QStringLiteral("--into"), document});
            for (QProcess *import : {&first, &second})
                if (import->state() != QProcess::NotRunning)
                    QVERIFY(import->waitForFinished(120000));
            QVERIFY2(first.exitCode() == 0, first.readAllStandardError().constData());
            QVERIFY2(second.exitCode() == 0, second.readAllStandardError().constData());
            SQLite::Database database(document.toStdString(), SQLite::OPEN_READONLY);
            QCOMPARE(database.execAndGet("SELECT count(*) FROM cloud_offers WHERE lower(provider) = 'runpod'").getInt64() >= 60000, true);
            QCOMPARE(database.execAndGet("SELECT count(*) FROM cloud_offers WHERE lower(provider) = 'lambda'").getInt64() >= 60000, true);
        }
    }

    // Twenty `compare DOCUMENT#scenario` processes while a large import writes: all succeed.
    void readersDuringImportAllSucceed()
    {
        const QString document = copyOfPristine(QStringLiteral("readers.breakeven"));
        const QString sheet = m_dir.filePath(QStringLiteral("runpod-readers.csv"));
        // Large enough (2 to 3 s here) that all readers start well before the commit, even on a
        // busy machine where starting a process takes tens of milliseconds.
        writeSkyPilotSheet(sheet, 600000);
        QProcess import;
        import.start(QStringLiteral(BREAKEVEN_EXECUTABLE), {QStringLiteral("import"), sheet, QStringLiteral("--into"), document});
        QVERIFY(import.waitForStarted());
        QTest::qWait(300);
        QVERIFY2(import.state() == QProcess::Running, "the import ended before the readers started");
        std::vector<std::unique_ptr<QProcess>> readers;
        for (int i = 0; i < 20; ++i) {
            auto reader = std::make_unique<QProcess>();
            reader->start(QStringLiteral(BREAKEVEN_EXECUTABLE),
                          {QStringLiteral("compare"), document + QLatin1Char('#') + m_scenario, QStringLiteral("--json")});
            readers.push_back(std::move(reader));
        }
        // Every reader started while the import was writing.
        QVERIFY2(import.state() == QProcess::Running, "the import ended before the last reader started");
        for (auto &reader : readers) {
            if (reader->state() != QProcess::NotRunning)
                QVERIFY(reader->waitForFinished(120000));
            QVERIFY2(reader->exitStatus() == QProcess::NormalExit && reader->exitCode() == 0,
                     reader->readAllStandardError().constData());
            QVERIFY(!QJsonDocument::fromJson(reader->readAllStandardOutput()).object().isEmpty());
        }
        if (import.state() != QProcess::NotRunning)
            QVERIFY(import.waitForFinished(120000));
        QCOMPARE(import.exitCode(), 0);
    }

    // A writer that waits longer than the busy timeout for another's lock says so: another
    // program holds the document; it is not damaged, and it is left as it was.
    void lockHeldTooLongIsNamedAsSuch()
    {
        const QString document = copyOfPristine(QStringLiteral("held.breakeven"));
        { auto warm = Document::open(document); }
        SQLite::Database holder(document.toStdString(), SQLite::OPEN_READWRITE);
        holder.exec("BEGIN IMMEDIATE");
        QElapsedTimer timer;
        timer.start();
        const Run import = runBreakeven({QStringLiteral("import"), fixture(QStringLiteral("runpod-rules.csv")),
                                         QStringLiteral("--into"), document});
        const qint64 waited = timer.elapsed();
        holder.exec("ROLLBACK");
        QCOMPARE(import.exitCode, 1);
        QVERIFY2(import.err.contains("another program holds the document (waited 10 s for it)"), import.err.constData());
        QVERIFY(!import.err.contains("damaged"));
        QVERIFY2(waited >= kBusyTimeoutMs - 500, qPrintable(QString::number(waited)));
        QCOMPARE(offerCount(document), m_offers);
    }

    // Opening a current document takes no write lock: it works while another connection holds one.
    void openingACurrentDocumentTakesNoWriteLock()
    {
        const QString document = copyOfPristine(QStringLiteral("locked.breakeven"));
        { auto warm = Document::open(document); } // leaves it in WAL, as any edit does
        SQLite::Database writer(document.toStdString(), SQLite::OPEN_READWRITE);
        writer.exec("BEGIN IMMEDIATE");
        writer.exec("INSERT INTO settings(key, value) VALUES ('held', 'yes')");
        QElapsedTimer timer;
        timer.start();
        {
            auto reader = Document::openReadOnly(document);
            QCOMPARE(reader->scenarios().load(m_scenario).name, m_scenario);
            auto editor = Document::open(document);
            QCOMPARE(editor->scenarios().names().value(0), m_scenario);
        }
        const Run compare = runBreakeven({QStringLiteral("compare"), document + QLatin1Char('#') + m_scenario});
        QVERIFY2(compare.exitCode == 0, compare.err.constData());
        QVERIFY2(timer.elapsed() < (kSanitized ? 30000 : 5000), "opening waited for the writer");
        writer.exec("ROLLBACK");
    }

    // A read-only file, and a document in a read-only folder, are read and left exactly as they
    // were: same bytes, no side file made.
    void readOnlyFileAndFolder()
    {
        QTemporaryDir folder(m_dir.filePath(QStringLiteral("ro-XXXXXX")));
        const QString document = folder.filePath(QStringLiteral("read-only.breakeven"));
        QVERIFY(QFile::copy(m_pristine, document));
        const QByteArray before = fileHash(document);
        const QString sheet = fixture(QStringLiteral("runpod-rules.csv"));
        const auto readEverything = [&] {
            const Run compare = runBreakeven({QStringLiteral("compare"), document + QLatin1Char('#') + m_scenario});
            QVERIFY2(compare.exitCode == 0, compare.err.constData());
            const Run dryRun = runBreakeven({QStringLiteral("import"), sheet, QStringLiteral("--into"), document, QStringLiteral("--dry-run")});
            QVERIFY2(dryRun.exitCode == 0, dryRun.err.constData());
            const Run report = runBreakeven({QStringLiteral("report"), document + QLatin1Char('#') + m_scenario, QStringLiteral("--out"),
                                             m_dir.filePath(QStringLiteral("read-only.pdf"))});
            QVERIFY2(report.exitCode == 0, report.err.constData());
            const Run chart = runBreakeven({QStringLiteral("export"), document + QLatin1Char('#') + m_scenario, QStringLiteral("--chart"),
                                            QStringLiteral("cumulative"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("read-only.svg"))});
            QVERIFY2(chart.exitCode == 0, chart.err.constData());
            QCOMPARE(fileHash(document), before);
            QCOMPARE(sideFiles(document), QStringList());
        };

        QVERIFY(QFile::setPermissions(document, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
        readEverything();
        QVERIFY(QFile::setPermissions(folder.path(), QFile::ReadOwner | QFile::ExeOwner));
        readEverything();
        QFile::setPermissions(folder.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
        QFile::setPermissions(document, QFile::ReadOwner | QFile::WriteOwner);
    }

    // Whatever stops an import, the document's bytes are what they were.
    void failedImportLeavesBytesAlone_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("sheet");
        QTest::addColumn<int>("exitCode");
        const QString rules = fixture(QStringLiteral("runpod-rules.csv"));
        QTest::newRow("strict refusal") << QStringList{QStringLiteral("--strict")} << rules << 1;
        QTest::newRow("unknown preset") << QStringList{QStringLiteral("--preset"), QStringLiteral("nope")} << rules << 1;
        QTest::newRow("header fits no preset") << QStringList{} << fixture(QStringLiteral("acme-prices.csv")) << 1;
        QTest::newRow("missing sheet") << QStringList{} << QStringLiteral("/nonexistent/sheet.csv") << 1;
        QTest::newRow("dry run") << QStringList{QStringLiteral("--dry-run")} << rules << 0;
        QTest::newRow("bad as-of date") << QStringList{QStringLiteral("--as-of"), QStringLiteral("yesterday")} << rules << 1;
    }

    void failedImportLeavesBytesAlone()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, sheet);
        QFETCH(int, exitCode);
        const QString document = copyOfPristine(QStringLiteral("bytes.breakeven"));
        { auto warm = Document::open(document); } // as the app leaves it
        QCOMPARE(sideFiles(document), QStringList());
        const QByteArray before = fileHash(document);
        const Run run = runBreakeven(QStringList{QStringLiteral("import"), sheet, QStringLiteral("--into"), document} + extra);
        QCOMPARE(run.exitCode, exitCode);
        QCOMPARE(fileHash(document), before);
        QCOMPARE(sideFiles(document), QStringList());
    }

    // A scenario read from a document passes the rules of scenario JSON; the error names the
    // document, the scenario and the field.
    void scenarioFromADocumentIsValidated_data()
    {
        QTest::addColumn<QString>("sql");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("reason");
        QTest::newRow("text for a number") << "UPDATE workloads SET utilization = 'abc' WHERE scenario_id = ?1"
                                           << "utilization" << "holds text \"abc\", not a number";
        QTest::newRow("utilization above 1") << "UPDATE workloads SET utilization = 1.5 WHERE scenario_id = ?1"
                                             << "workload.utilization" << "must be between 0 and 1";
        QTest::newRow("negative horizon") << "UPDATE scenarios SET horizon_months = -4 WHERE id = ?1"
                                          << "horizonMonths" << "from 1 to 600";
        QTest::newRow("unknown reference GPU") << "UPDATE scenarios SET reference_gpu = 'Imaginary 9000' WHERE id = ?1"
                                               << "referenceGpu" << "unknown GPU \"Imaginary 9000\"";
    }

    void scenarioFromADocumentIsValidated()
    {
        QFETCH(QString, sql);
        QFETCH(QString, field);
        QFETCH(QString, reason);
        const QString document = copyOfPristine(QStringLiteral("invalid.breakeven"));
        {
            SQLite::Database database(document.toStdString(), SQLite::OPEN_READWRITE);
            SQLite::Statement id(database, "SELECT id FROM scenarios WHERE name = ?");
            id.bind(1, m_scenario.toStdString());
            QVERIFY(id.executeStep());
            SQLite::Statement change(database, sql.toStdString());
            change.bind(1, id.getColumn(0).getInt64());
            QCOMPARE(change.exec(), 1);
        }
        for (const QString &command : {QStringLiteral("compare"), QStringLiteral("report")}) {
            QStringList arguments{command, document + QLatin1Char('#') + m_scenario};
            if (command == QLatin1String("report"))
                arguments << QStringLiteral("--out") << m_dir.filePath(QStringLiteral("invalid.pdf"));
            const Run run = runBreakeven(arguments);
            QCOMPARE(run.exitCode, 1);
            const QString err = QString::fromUtf8(run.err);
            for (const QString &part : {QStringLiteral("invalid.breakeven"), m_scenario, field, reason})
                QVERIFY2(err.contains(part), qPrintable(err));
        }
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("invalid.pdf"))));
    }

    // Scenario files: an unknown reference GPU is an error naming the file; a FIFO is refused by
    // name instead of blocking.
    void scenarioFileChecks()
    {
        Scenario scenario = readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
        scenario.referenceGpu = QStringLiteral("Imaginary 9000");
        const QString file = m_dir.filePath(QStringLiteral("unknown-reference.json"));
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(writeScenarioJson(scenario));
        }
        const Run unknown = runBreakeven({QStringLiteral("compare"), file});
        QCOMPARE(unknown.exitCode, 1);
        QVERIFY2(unknown.err.contains("unknown-reference.json: referenceGpu: unknown GPU"), unknown.err.constData());

        const QString fifo = m_dir.filePath(QStringLiteral("scenario.fifo"));
        QCOMPARE(mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        const Run pipe = runBreakeven({QStringLiteral("compare"), fifo});
        QCOMPARE(pipe.exitCode, 1);
        QVERIFY2(pipe.err.contains("scenario.fifo: is not a regular file"), pipe.err.constData());
    }

    // Inputs beyond the documented limits are refused with the limit named; results that cannot
    // be computed read "n/a", never inf or nan.
    void limitsAreRefusedWithTheLimitNamed_data()
    {
        QTest::addColumn<QString>("change");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("201 options") << "options:201" << "at most 200";
        QTest::newRow("201-character name") << "name:201" << "at most 200";
        QTest::newRow("price above 1e12") << "price:1e13" << "1e12";
        QTest::newRow("escape in a name") << "escape" << "control character U+001B";
    }

    void limitsAreRefusedWithTheLimitNamed()
    {
        QFETCH(QString, change);
        QFETCH(QString, mentions);
        Scenario scenario = readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
        QVERIFY(!scenario.cloudOptions.empty());
        if (change == QLatin1String("options:201")) {
            const CloudOption model = scenario.cloudOptions.front();
            scenario.cloudOptions.clear();
            for (int i = 0; i < 201 - int(scenario.onPremOptions.size()); ++i) {
                CloudOption option = model;
                option.name = QStringLiteral("cloud %1").arg(i);
                scenario.cloudOptions.push_back(option);
            }
        } else if (change == QLatin1String("name:201")) {
            scenario.cloudOptions.front().name = QString(201, QLatin1Char('n'));
        } else if (change == QLatin1String("price:1e13")) {
            scenario.cloudOptions.front().pricePerHour = 1e13;
        } else {
            scenario.cloudOptions.front().name = QStringLiteral("evil\x1b[31mred");
        }
        const QString file = m_dir.filePath(QStringLiteral("limits.json"));
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(writeScenarioJson(scenario));
        }
        const Run run = runBreakeven({QStringLiteral("compare"), file});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains(mentions.toUtf8()) && run.err.contains("limits.json"), run.err.constData());
        QVERIFY(!run.err.contains('\x1b'));
    }

    void noInfiniteOrNanInOutput()
    {
        const QString example = QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json");
        for (const QString &utilization : {QStringLiteral("5e-324"), QStringLiteral("1e-10"), QStringLiteral("0")}) {
            const Run text = runBreakeven({QStringLiteral("compare"), example, QStringLiteral("--utilization"), utilization});
            QVERIFY2(text.exitCode == 0, text.err.constData());
            const Run json = runBreakeven({QStringLiteral("compare"), example, QStringLiteral("--utilization"), utilization, QStringLiteral("--json")});
            QVERIFY2(json.exitCode == 0, json.err.constData());
            for (const QByteArray &out : {text.out, json.out}) {
                // "inf" or "nan" as a value, not inside a word such as "infrastructure".
                static const QRegularExpression notANumber(QStringLiteral("(?<![a-z])(inf|nan)(?![a-z])"),
                                                           QRegularExpression::CaseInsensitiveOption);
                QVERIFY2(!notANumber.match(QString::fromUtf8(out)).hasMatch(), out.constData());
            }
        }

        // The largest amounts accepted: a text with no runs of digits longer than a thousand
        // trillion's.
        Scenario scenario = readScenarioFile(example);
        scenario.workload.gpus = 1e12;
        for (CloudOption &option : scenario.cloudOptions)
            option.pricePerHour = 1e12;
        const QString file = m_dir.filePath(QStringLiteral("huge.json"));
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(writeScenarioJson(scenario));
        }
        const Run huge = runBreakeven({QStringLiteral("compare"), file});
        QVERIFY2(huge.exitCode == 0, huge.err.constData());
        static const QRegularExpression longNumber(QStringLiteral("[0-9][0-9,]{21,}"));
        QVERIFY2(!longNumber.match(QString::fromUtf8(huge.out)).hasMatch(), huge.out.constData());
        QVERIFY2(huge.out.contains("e+"), huge.out.constData());
    }

    // At the limits (100 cloud and 100 on-prem options, 10,000 pairs, 200-character names, 600
    // months) every command that reads a scenario finishes within 5 s and 1 GB.
    void largestAcceptedScenarioStaysBounded()
    {
        Scenario scenario = readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
        QVERIFY(!scenario.cloudOptions.empty() && !scenario.onPremOptions.empty());
        const CloudOption cloud = scenario.cloudOptions.front();
        const OnPremBuild build = scenario.onPremOptions.front();
        scenario.cloudOptions.clear();
        scenario.onPremOptions.clear();
        for (int i = 0; i < 100; ++i) {
            CloudOption c = cloud;
            c.name = QStringLiteral("cloud %1 ").arg(i) + QString(180, QLatin1Char('c'));
            c.pricePerHour *= 1.0 + i * 0.01;
            scenario.cloudOptions.push_back(c);
            OnPremBuild b = build;
            b.name = QStringLiteral("build %1 ").arg(i) + QString(180, QLatin1Char('b'));
            scenario.onPremOptions.push_back(b);
        }
        scenario.horizonMonths = 600;
        const QString file = m_dir.filePath(QStringLiteral("largest.json"));
        {
            QFile out(file);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write(writeScenarioJson(scenario));
        }
        const QList<QStringList> commands{
            {QStringLiteral("compare"), file, QStringLiteral("--json")},
            {QStringLiteral("compare"), file},
            {QStringLiteral("export"), file, QStringLiteral("--chart"), QStringLiteral("cumulative"), QStringLiteral("--out"), m_dir.filePath(QStringLiteral("largest.pdf"))},
            {QStringLiteral("report"), file, QStringLiteral("--out"), m_dir.filePath(QStringLiteral("largest-report.pdf"))},
        };
        for (const QStringList &arguments : commands) {
            QProcess process;
            process.setStandardOutputFile(QProcess::nullDevice());
            QElapsedTimer timer;
            timer.start();
            process.start(QStringLiteral(BREAKEVEN_EXECUTABLE), arguments);
            QVERIFY(process.waitForStarted());
            qint64 peakKiB = 0;
            while (!process.waitForFinished(20)) {
                QFile status(QStringLiteral("/proc/%1/status").arg(process.processId()));
                if (status.open(QIODevice::ReadOnly)) {
                    const QString text = QString::fromLatin1(status.readAll());
                    const qsizetype at = text.indexOf(QLatin1String("VmHWM:"));
                    if (at >= 0)
                        peakKiB = std::max(peakKiB, text.mid(at + 6, 20).trimmed().section(QLatin1Char(' '), 0, 0).toLongLong());
                }
                if (timer.elapsed() > 120000)
                    break;
            }
            const qint64 elapsed = timer.elapsed();
            qInfo("%s: %lld ms, %lld MB", qPrintable(arguments.first()), elapsed, peakKiB / 1024);
            QVERIFY2(process.exitStatus() == QProcess::NormalExit && process.exitCode() == 0, process.readAllStandardError().constData());
            QVERIFY2(elapsed < (kSanitized ? 60000 : 5000), qPrintable(arguments.join(QLatin1Char(' '))));
            QVERIFY2(peakKiB < (kSanitized ? 4 : 1) * 1024 * 1024, qPrintable(arguments.join(QLatin1Char(' '))));
        }
    }

    // A control character in a sheet's cell skips the row, naming its line and column; a reserved
    // price above on-demand is dropped with a warning, as a spot price is.
    void sheetCellsAreCleanText()
    {
        const QString sheet = m_dir.filePath(QStringLiteral("dirty.csv"));
        {
            QFile out(sheet);
            QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
            out.write("provider,category,instance_type,gpu,gpu_count,vcpus,memory_gib,region,currency,on_demand,spot,reserved_1y,reserved_3y,source,url,as_of\n"
                      "acme,ml-cloud,gpu.1,H100,1,8,64,us-east\x1b[2J,USD,2.0,,,,,,2026-11-01\n"
                      "acme,ml-cloud,gpu.2,H100,1,8,64,us-west,USD,2.0,,2.5,1.5,,,2026-11-01\n");
        }
        const QString document = copyOfPristine(QStringLiteral("dirty.breakeven"));
        const Run run = runBreakeven({QStringLiteral("import"), sheet, QStringLiteral("--into"), document});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("control character U+001B"), run.out.constData());
        QVERIFY2(run.out.contains("dirty.csv:2") || run.out.contains("line 2"), run.out.constData());
        QVERIFY2(run.out.contains("1-year reserved price 2.5 above on-demand 2"), run.out.constData());
        QVERIFY(!run.out.contains('\x1b'));
        SQLite::Database database(document.toStdString(), SQLite::OPEN_READONLY);
        QCOMPARE(database.execAndGet("SELECT count(*) FROM cloud_offers WHERE provider = 'acme'").getInt(), 1);
        QVERIFY(database.execAndGet("SELECT reserved_1y FROM cloud_offers WHERE provider = 'acme'").isNull());
        QCOMPARE(database.execAndGet("SELECT reserved_3y FROM cloud_offers WHERE provider = 'acme'").getDouble(), 1.5);
    }

    // An import cancelled half-way (as the wizard's Cancel does, through the progress callback)
    // leaves the file's bytes as they were.
    void cancelledImportLeavesBytesAlone()
    {
        const QString document = copyOfPristine(QStringLiteral("cancelled.breakeven"));
        { auto warm = Document::open(document); }
        const QByteArray before = fileHash(document);
        const QString sheet = m_dir.filePath(QStringLiteral("runpod-cancel.csv"));
        writeSkyPilotSheet(sheet, 200000);
        {
            auto opened = Document::open(document);
            ImportOptions options;
            options.progress = [&](qint64 done, qint64 total) { return done * 2 <= total; }; // Cancel half-way
            QVERIFY_THROWS_EXCEPTION(ImportCancelled, SheetImporter(*opened).import(sheet, options));
            QCOMPARE(opened->catalog().offerCount(), m_offers);
        }
        QCOMPARE(fileHash(document), before);
        QCOMPARE(sideFiles(document), QStringList());
    }

    // A mistyped command is a usage error, never a window; without a display the window says so.
    void commandLineRefusesWhatItDoesNotUnderstand_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("mistyped verb") << QStringList{QStringLiteral("comapre"), QStringLiteral("x.json")} << "did you mean \"compare\"";
        QTest::newRow("other verb") << QStringList{QStringLiteral("imprt")} << "did you mean \"import\"";
        QTest::newRow("unknown word") << QStringList{QStringLiteral("frobnicate")} << "unknown command";
        QTest::newRow("unknown option") << QStringList{QStringLiteral("--fast")} << "unknown option";
        QTest::newRow("two documents") << QStringList{QStringLiteral("a.breakeven"), QStringLiteral("b.breakeven")} << "unexpected \"b.breakeven\"";
    }

    void commandLineRefusesWhatItDoesNotUnderstand()
    {
        QFETCH(QStringList, arguments);
        QFETCH(QString, mentions);
        const Run run = runBreakeven(arguments);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(mentions.toUtf8()), run.err.constData());
    }

    void windowWithoutDisplaySaysSo()
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            environment.remove(QLatin1String(name));
        const Run run = runBreakeven({m_pristine}, environment);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("no display"), run.err.constData());
    }

    void windowQuitsAfterStartWhenAsked()
    {
        const QString document = copyOfPristine(QStringLiteral("window.breakeven"));
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        environment.insert(QStringLiteral("HOME"), m_dir.path());
        environment.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath(QStringLiteral("data-home")));
        const Run run = runBreakeven({document, QStringLiteral("--quit-after-start")}, environment);
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.contains("Breakeven started on " + QFileInfo(document).absoluteFilePath().toUtf8()), run.out.constData());

        // With no document named, the first start creates the default one.
        const Run first = runBreakeven({QStringLiteral("--quit-after-start")}, environment);
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const QString created = m_dir.filePath(QStringLiteral("data-home/Breakeven/Breakeven/default.breakeven"));
        QVERIFY2(first.out.contains(created.toUtf8()), first.out.constData());
        QCOMPARE(integrity(created), QStringLiteral("ok"));
    }

private:
    QString copyOfPristine(const QString &name)
    {
        const QString copy = m_dir.filePath(name);
        for (const char *suffix : {"", "-wal", "-shm", "-journal"})
            QFile::remove(copy + QLatin1String(suffix));
        if (!QFile::copy(m_pristine, copy))
            return {};
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        return copy;
    }

    QTemporaryDir m_dir;
    QString m_pristine;
    QString m_scenario;
    qint64 m_offers = 0;
};

QTEST_GUILESS_MAIN(TestMultiprocess)
#include "test_multiprocess.moc"
