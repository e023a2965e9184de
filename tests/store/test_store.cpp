// Document files: creation from the bundled catalog, reopening, WAL and locking, transactions,
// Save As, the default document and a writer killed mid-edit. Every case uses real files in a
// temporary folder; test_documentfiles covers files that must be refused.
#include "catalog/bundledcatalog.h"
#include "inputerror.h"
#include "exchange/scenariojson.h"
#include "store/database.h"
#include "store/document.h"
#include "storetestsupport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>
#include <SQLiteCpp/Database.h>
#include <cstdio>
#include <memory>
#include <sqlite3.h>
#include <thread>

using namespace breakeven;
using namespace storetest;

namespace {

const QString kWriterFlag = QStringLiteral("--writer");
const QString kKillScenario = QStringLiteral("kill test");

// The child of killedWriterLosesNoCommittedEdit: one committed edit per line on stdout until
// it is killed.
int runWriter(const QString &path)
{
    try {
        std::unique_ptr<Document> document = Document::open(path);
        const qint64 scenario = document->scenarios().findId(kKillScenario).value();
        for (int i = 0; i < 1000000; ++i) {
            CloudOption option;
            option.name = QStringLiteral("edit %1").arg(i);
            option.pricePerHour = i;
            document->scenarios().addCloudOption(scenario, option);
            std::printf("%d\n", i);
            std::fflush(stdout);
        }
    } catch (const std::exception &error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 1;
    }
    return 0;
}

} // namespace

class TestStore : public QObject {
    Q_OBJECT

public:
    TestStore()
    {
        const QStringList arguments = QCoreApplication::arguments();
        const qsizetype flag = arguments.indexOf(kWriterFlag);
        if (flag >= 0 && flag + 1 < arguments.size())
            std::exit(runWriter(arguments.at(flag + 1)));
    }

private slots:
    void initTestCase();
    void createsSeededDocument();
    void createRefusesExistingFile();
    void reopensWithSameContents();
    void usesWalAndHardening();
    void secondConnectionWaitsForWriteLock();
    void failedWriteRollsBack();
    void statementInUseIsNotReset();
    void saveCopyOpensAndEquals();
    void saveAsContinuesInCopy();
    void openOrCreateDefaultUsesAppData();
    void killedWriterLosesNoCommittedEdit();

private:
    QString path(const QString &name) const { return m_dir->filePath(name); }
    QString copyOfTemplate(const QString &name);

    // Made in initTestCase, not with the object: the killed writer child constructs the object
    // too and would leave an empty folder behind each time.
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_template;
};

void TestStore::initTestCase()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_template = path(QStringLiteral("template.breakeven"));
    Document::create(m_template);
    QVERIFY(QFile::exists(m_template));
}

QString TestStore::copyOfTemplate(const QString &name)
{
    QString copy = path(name);
    QFile::remove(copy);
    if (!QFile::copy(m_template, copy))
        return {};
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    return copy;
}

void TestStore::createsSeededDocument()
{
    const QString file = path(QStringLiteral("seeded.breakeven"));
    const std::unique_ptr<Document> document = Document::create(file);
    QCOMPARE(document->path(), file);

    const GpuCatalog bundled = loadBundledGpuCatalog();
    QVERIFY(!bundled.models().empty());
    QCOMPARE(document->catalog().gpuModels().size(), bundled.models().size());

    QSet<QString> offerKeys;
    for (const CloudOffer &o : loadBundledOffers())
        offerKeys.insert(o.provider + u'\n' + o.instanceType + u'\n' + o.region);
    QVERIFY(!offerKeys.isEmpty());
    QCOMPARE(document->catalog().offerCount(), qint64(offerKeys.size()));

    QStringList exampleNames;
    for (const QString &name : bundledExampleNames())
        exampleNames.append(readScenarioJson(bundledExample(name), name).name);
    QVERIFY(!exampleNames.isEmpty());
    QStringList stored = document->scenarios().names();
    stored.sort();
    exampleNames.sort();
    QCOMPARE(stored, exampleNames);
    for (const QString &name : bundledExampleNames()) {
        const Scenario example = readScenarioJson(bundledExample(name), name);
        QCOMPARE(scenarioDifferences(document->scenarios().load(example.name), example), QString());
    }

    const std::vector<SheetRecord> sheets = document->catalog().sheets();
    QCOMPARE(sheets.size(), std::size_t(1));
    QCOMPARE(sheets[0].fileName, QString::fromLatin1(kBundledSheetName));
    QCOMPARE(sheets[0].rowsAdded, qint64(offerKeys.size()));
    QCOMPARE(sheets[0].sha256.size(), 64);
    const std::vector<StoredOffer> first
        = document->catalog().offers({}, OfferColumn::Provider, Qt::AscendingOrder, 0, 1);
    QCOMPARE(first.size(), std::size_t(1));
    QCOMPARE(first[0].sheetId, std::optional<qint64>(sheets[0].id));

    // The scratch file the document was built in is gone.
    QCOMPARE(QDir(m_dir->path())
                 .entryList({ QStringLiteral(".seeded.breakeven.*") }, QDir::Files | QDir::Hidden),
        QStringList());
}

void TestStore::createRefusesExistingFile()
{
    const QString file = path(QStringLiteral("existing.txt"));
    writeFile(file, "keep me");
    try {
        Document::create(file);
        QFAIL("create() overwrote an existing file");
    } catch (const InputError &error) {
        QCOMPARE(error.where(), file);
        QCOMPARE(error.reason(), QStringLiteral("already exists"));
    }
    QCOMPARE(readFile(file), QByteArray("keep me"));
}

void TestStore::reopensWithSameContents()
{
    const QString file = copyOfTemplate(QStringLiteral("reopen.breakeven"));
    qint64 offers = 0;
    QStringList names;
    {
        const std::unique_ptr<Document> document = Document::open(file);
        document->scenarios().save(fullScenario());
        document->settings().setValue(QStringLiteral("currency"), QStringLiteral("EUR"));
        offers = document->catalog().offerCount();
        names = document->scenarios().names();
    }
    QVERIFY(!QFile::exists(file + QStringLiteral("-wal")));
    const std::unique_ptr<Document> document = Document::open(file);
    QCOMPARE(document->scenarios().names(), names);
    QCOMPARE(document->catalog().offerCount(), offers);
    QCOMPARE(document->settings().value(QStringLiteral("currency")),
        std::optional<QString>(QStringLiteral("EUR")));
    QCOMPARE(scenarioDifferences(document->scenarios().load(fullScenario().name), fullScenario()),
        QString());
}

void TestStore::usesWalAndHardening()
{
    const QString file = copyOfTemplate(QStringLiteral("wal.breakeven"));
    {
        const std::unique_ptr<Document> document = Document::open(file);
        SQLite::Database &db = document->connection().database();
        QCOMPARE(QString::fromStdString(db.execAndGet("PRAGMA journal_mode").getString()),
            QStringLiteral("wal"));
        QCOMPARE(db.execAndGet("PRAGMA busy_timeout").getInt(), kBusyTimeoutMs);
        QCOMPARE(db.execAndGet("PRAGMA trusted_schema").getInt(), 0);
        QCOMPARE(db.execAndGet("PRAGMA foreign_keys").getInt(), 1);
        int defensive = -1;
        sqlite3_db_config(db.getHandle(), SQLITE_DBCONFIG_DEFENSIVE, -1, &defensive);
        QCOMPARE(defensive, 1);
        int extensions = -1;
        sqlite3_db_config(db.getHandle(), SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, -1, &extensions);
        QCOMPARE(extensions, 0);
        // Defensive mode: the schema cannot be rewritten through SQL even when asked to.
        db.exec("PRAGMA writable_schema = ON");
        QVERIFY_THROWS_EXCEPTION(SQLite::Exception,
            db.exec("UPDATE sqlite_schema SET sql = '' WHERE name = 'settings'"));
        QVERIFY(QFile::exists(file + QStringLiteral("-wal")));
    }
    const QByteArray header = readFile(file).left(100);
    QCOMPARE(int(header.at(18)), 2); // WAL write version
    QCOMPARE(int(header.at(19)), 2); // WAL read version
}

void TestStore::secondConnectionWaitsForWriteLock()
{
    const QString file = copyOfTemplate(QStringLiteral("busy.breakeven"));
    const std::unique_ptr<Document> document = Document::open(file);
    // A second document on the same file (as a second process would) passes the checks
    // while the first is open.
    const std::unique_ptr<Document> second = Document::open(file);

    SQLite::Database other(file.toStdString(), SQLite::OPEN_READWRITE, kBusyTimeoutMs);
    other.exec("BEGIN IMMEDIATE");
    other.exec("INSERT INTO settings (key, value) VALUES ('other', 'first')");
    // Started first: the lock is released no sooner than 400 ms after this, however the two
    // threads are scheduled.
    QElapsedTimer timer;
    timer.start();
    std::thread holder([&other] {
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        other.exec("COMMIT");
    });
    try {
        document->settings().setValue(QStringLiteral("mine"), QStringLiteral("second"));
    } catch (const std::exception &error) {
        holder.join();
        QFAIL(error.what());
    }
    const qint64 waited = timer.elapsed();
    holder.join();
    QVERIFY2(waited >= 395, qPrintable(QString::number(waited)));
    QCOMPARE(document->settings().value(QStringLiteral("other")),
        std::optional<QString>(QStringLiteral("first")));
    QCOMPARE(second->settings().value(QStringLiteral("mine")),
        std::optional<QString>(QStringLiteral("second")));
}

void TestStore::failedWriteRollsBack()
{
    const QString file = copyOfTemplate(QStringLiteral("rollback.breakeven"));
    const std::unique_ptr<Document> document = Document::open(file);
    const QStringList before = document->scenarios().names();

    QVERIFY_THROWS_EXCEPTION(InputError, document->connection().write([&] {
        document->scenarios().save(fullScenario(QStringLiteral("half-written")));
        throw InputError(QStringLiteral("test"), QStringLiteral("cancelled"));
    }));
    QCOMPARE(document->scenarios().names(), before);

    // A failed inner step rolls back to its savepoint; the outer transaction still commits.
    document->connection().write([&] {
        document->settings().setValue(QStringLiteral("outer"), QStringLiteral("kept"));
        try {
            document->connection().write([&] {
                document->settings().setValue(QStringLiteral("inner"), QStringLiteral("dropped"));
                throw InputError(QStringLiteral("test"), QStringLiteral("cancelled"));
            });
        } catch (const InputError &) {
        }
    });
    QCOMPARE(document->settings().value(QStringLiteral("outer")),
        std::optional<QString>(QStringLiteral("kept")));
    QCOMPARE(document->settings().value(QStringLiteral("inner")), std::nullopt);

    // A constraint violated inside a repository call leaves as InputError naming the file.
    try {
        document->scenarios().addCloudOption(
            document->scenarios().list().front().id, CloudOption {}, 999999);
        QFAIL("a link to a missing offer was stored");
    } catch (const InputError &error) {
        QCOMPARE(error.where(), file);
    }
}

void TestStore::statementInUseIsNotReset()
{
    const QString file = copyOfTemplate(QStringLiteral("statements.breakeven"));
    const std::unique_ptr<Document> document = Document::open(file);
    for (const char *key : { "a", "b", "c" })
        document->settings().setValue(QString::fromLatin1(key), QStringLiteral("1"));
    const std::string sql = "SELECT key FROM settings ORDER BY key";
    QStringList outer;
    int inner = 0;
    auto query = document->connection().statement(sql);
    while (query->executeStep()) {
        outer.append(QString::fromStdString(query->getColumn(0).getString()));
        // The same SQL while the first is mid-iteration gets its own statement.
        auto again = document->connection().statement(sql);
        while (again->executeStep())
            ++inner;
    }
    QCOMPARE(outer, (QStringList { "a", "b", "c" }));
    QCOMPARE(inner, 9);
}

void TestStore::saveCopyOpensAndEquals()
{
    const QString file = copyOfTemplate(QStringLiteral("original.breakeven"));
    const QString copy = path(QStringLiteral("copy.breakeven"));
    writeFile(copy, "an older file that Save As replaces");
    const std::unique_ptr<Document> document = Document::open(file);
    document->scenarios().save(fullScenario());
    document->settings().setValue(QStringLiteral("theme"), QStringLiteral("dark"));
    document->saveCopy(copy);
    QCOMPARE(document->path(), file);

    const std::unique_ptr<Document> opened = Document::open(copy);
    QCOMPARE(opened->scenarios().names(), document->scenarios().names());
    for (const QString &name : document->scenarios().names())
        QCOMPARE(
            scenarioDifferences(opened->scenarios().load(name), document->scenarios().load(name)),
            QString());
    QCOMPARE(opened->catalog().offerCount(), document->catalog().offerCount());
    QCOMPARE(opened->catalog().gpuModels().size(), document->catalog().gpuModels().size());
    QCOMPARE(opened->catalog().sheets().size(), document->catalog().sheets().size());
    QCOMPARE(opened->settings().value(QStringLiteral("theme")),
        std::optional<QString>(QStringLiteral("dark")));
    QCOMPARE(opened->connection().database().execAndGet("PRAGMA integrity_check").getString(),
        std::string("ok"));
}

void TestStore::saveAsContinuesInCopy()
{
    const QString file = copyOfTemplate(QStringLiteral("before-save-as.breakeven"));
    const QString target = path(QStringLiteral("after-save-as.breakeven"));
    const std::unique_ptr<Document> document = Document::open(file);
    ScenarioRepository &scenarios = document->scenarios(); // stays valid across saveAs
    const QStringList names = scenarios.names();
    document->saveAs(target);
    QCOMPARE(document->path(), target);
    scenarios.save(fullScenario(QStringLiteral("only in the copy")));

    QCOMPARE(Document::open(file)->scenarios().names(), names);
    QVERIFY(
        Document::open(target)->scenarios().findId(QStringLiteral("only in the copy")).has_value());
}

void TestStore::openOrCreateDefaultUsesAppData()
{
    QStandardPaths::setTestModeEnabled(true);
    const QString file = Document::defaultPath();
    QVERIFY(file.endsWith(QLatin1String("/default.breakeven")));
    QFile::remove(file);
    {
        const std::unique_ptr<Document> created = Document::openOrCreateDefault();
        QCOMPARE(created->path(), file);
        created->settings().setValue(QStringLiteral("first start"), QStringLiteral("done"));
    }
    {
        const std::unique_ptr<Document> reopened = Document::openOrCreateDefault();
        QCOMPARE(reopened->settings().value(QStringLiteral("first start")),
            std::optional<QString>(QStringLiteral("done")));
    }
    QVERIFY(QFile::remove(file));
    QStandardPaths::setTestModeEnabled(false);
}

void TestStore::killedWriterLosesNoCommittedEdit()
{
    const QString file = copyOfTemplate(QStringLiteral("killed.breakeven"));
    {
        const std::unique_ptr<Document> document = Document::open(file);
        Scenario scenario;
        scenario.name = kKillScenario;
        document->scenarios().save(scenario);
    }

    QProcess writer;
    writer.start(QCoreApplication::applicationFilePath(), { kWriterFlag, file });
    QVERIFY2(writer.waitForStarted(), qPrintable(writer.errorString()));
    QByteArray output;
    QElapsedTimer timer;
    timer.start();
    while (output.count('\n') < 40 && timer.elapsed() < 60000) {
        if (writer.state() != QProcess::Running)
            break;
        writer.waitForReadyRead(1000);
        output += writer.readAllStandardOutput();
    }
    QVERIFY2(output.count('\n') >= 40, writer.readAllStandardError().constData());
    // Kill at an arbitrary moment, not right after a line: mid-transaction most likely.
    std::this_thread::sleep_for(
        std::chrono::microseconds(QRandomGenerator::global()->bounded(20000)));
    writer.kill(); // SIGKILL: no destructors, no checkpoint
    QVERIFY(writer.waitForFinished(10000));
    output += writer.readAllStandardOutput();
    QCOMPARE(writer.exitStatus(), QProcess::CrashExit);

    QList<QByteArray> lines = output.split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    const int lastCommitted = lines.last().toInt();
    QCOMPARE(lastCommitted, int(lines.size()) - 1);
    QVERIFY(QFile::exists(file + QStringLiteral("-wal"))); // the killed writer left its log

    const std::unique_ptr<Document> document = Document::open(file);
    QCOMPARE(document->connection().database().execAndGet("PRAGMA integrity_check").getString(),
        std::string("ok"));
    const Scenario scenario = document->scenarios().load(kKillScenario);
    // Every reported edit is there; at most one more was committed before its line was printed.
    QVERIFY(int(scenario.cloudOptions.size()) >= lastCommitted + 1);
    QVERIFY(int(scenario.cloudOptions.size()) <= lastCommitted + 2);
    for (int i = 0; i < int(scenario.cloudOptions.size()); ++i)
        QCOMPARE(scenario.cloudOptions[std::size_t(i)].name, QStringLiteral("edit %1").arg(i));
}

QTEST_GUILESS_MAIN(TestStore)
#include "test_store.moc"
