#include "database.h"

#include "inputerror.h"

#include <QFile>
#include <QFileInfo>
#include <QUrl>
#include <QtEndian>
#include <SQLiteCpp/Backup.h>
#include <sqlite3.h>

namespace breakeven {

bool canWrite(const QString &path)
{
    const QFileInfo file(path);
    return file.isWritable() && QFileInfo(file.absolutePath()).isWritable();
}

QString busyText()
{
    return QStringLiteral("another program holds the document (waited %1 s for it)")
        .arg(kBusyTimeoutMs / 1000);
}

namespace {

constexpr qsizetype kHeaderSize = 100;

QString sqliteText(const SQLite::Exception &error)
{
    return QString::fromUtf8(error.what());
}

// What the first 100 bytes say, read without SQLite so that nothing can write.
struct FileHeader {
    std::uint32_t applicationId = 0;
    qint64 expectedSize = -1; // page size times page count, when the header vouches for it
};

FileHeader readHeader(const QString &path)
{
    const QFileInfo info(path);
    if (!info.exists())
        throw InputError(path, QStringLiteral("no such file"));
    if (!info.isFile())
        throw InputError(path, QStringLiteral("not a file"));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(path, QStringLiteral("cannot be read: %1").arg(file.errorString()));
    const QByteArray bytes = file.read(kHeaderSize);
    static const QByteArray magic("SQLite format 3\0", 16);
    if (bytes.size() < kHeaderSize || !bytes.startsWith(magic))
        throw InputError(path, QStringLiteral("not an SQLite database"));

    const auto *data = reinterpret_cast<const uchar *>(bytes.constData());
    FileHeader header;
    header.applicationId = qFromBigEndian<quint32>(data + 68);
    const quint32 rawPageSize = qFromBigEndian<quint16>(data + 16);
    const qint64 pageSize = rawPageSize == 1 ? 65536 : rawPageSize;
    const quint32 pageCount = qFromBigEndian<quint32>(data + 28);
    const quint32 changeCounter = qFromBigEndian<quint32>(data + 24);
    const quint32 versionValidFor = qFromBigEndian<quint32>(data + 92);
    // The in-header size is only meaningful when written by the same change as the counter.
    if (pageCount > 0 && changeCounter == versionValidFor)
        header.expectedSize = pageSize * pageCount;
    return header;
}

QString applicationIdText(std::uint32_t id)
{
    return QStringLiteral("0x") + QString::number(id, 16).toUpper();
}

bool sideFileExists(const QString &path, const char *suffix)
{
    return QFileInfo::exists(path + QLatin1String(suffix));
}

// A URI that reads the file as it is on disk: no locks, no -wal or -shm created.
std::string immutableUri(const QString &path)
{
    const QByteArray url = QUrl::fromLocalFile(QFileInfo(path).absoluteFilePath()).toEncoded();
    return url.toStdString() + "?mode=ro&immutable=1";
}

// SQLite's memory statistics take a global lock on every allocation; nothing reads them.
// Only possible before SQLite's first use in the process, so every way in calls this first.
void configureSqliteOnce()
{
    static const bool configured = [] { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK; }();
    Q_UNUSED(configured);
}

bool hasSideFiles(const QString &path)
{
    return sideFileExists(path, "-wal") || sideFileExists(path, "-shm") || sideFileExists(path, "-journal");
}

std::unique_ptr<SQLite::Database> openForChecks(const QString &path)
{
    configureSqliteOnce();
    // Without side files on disk the main file holds every committed change, and reading it
    // as immutable leaves no side files behind. With a log (another process has the document
    // open, or a writer was killed) the log must be read too, under the usual locks.
    if (!hasSideFiles(path))
        return std::make_unique<SQLite::Database>(
            immutableUri(path), SQLite::OPEN_READONLY | SQLite::OPEN_URI);
    return std::make_unique<SQLite::Database>(
        path.toStdString(), SQLite::OPEN_READONLY, kBusyTimeoutMs);
}

// A write interrupted by a killed process leaves a -journal ("hot") and a main file that may be
// half-written, even shorter than its header says. SQLite rolls such a journal back on the
// first read through a connection that may write; nothing about the file is judged before that.
// A -journal that is not hot (empty, or its writer still alive and holding the lock) is left
// alone by SQLite, which waits for the lock instead.
void recoverInterruptedWrite(const QString &path)
{
    // An empty journal is never hot.
    if (QFileInfo(path + QStringLiteral("-journal")).size() == 0)
        return;
    if (!canWrite(path))
        throw InputError(path,
            QStringLiteral("an interrupted write left %1-journal beside it, and recovering it needs "
                           "write access: open it once where it can be written")
                .arg(QFileInfo(path).fileName()));
    SQLite::Database database(path.toStdString(), SQLite::OPEN_READWRITE, kBusyTimeoutMs);
    hardenConnection(database);
    // Reading the schema's first page makes SQLite roll a hot journal back.
    database.execAndGet("PRAGMA schema_version");
}

bool isBusy(const SQLite::Exception &error)
{
    return error.getErrorCode() == SQLITE_BUSY || error.getErrorCode() == SQLITE_LOCKED;
}

// quick_check prefixes its first message with the schema name on a line of its own.
QString firstProblem(const QString &report)
{
    const QStringList lines = report.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines)
        if (!line.startsWith(QLatin1String("*** in database")))
            return line.trimmed();
    return report.trimmed();
}

void checkContents(SQLite::Database &database, const QString &path)
{
    const auto applicationId = std::uint32_t(database.execAndGet("PRAGMA application_id").getInt());
    if (applicationId != kApplicationId)
        throw InputError(path,
            QStringLiteral("not a Breakeven document (application_id %1)")
                .arg(applicationIdText(applicationId)));
    const int version = database.execAndGet("PRAGMA user_version").getInt();
    if (version > latestSchemaVersion())
        throw InputError(path,
            QStringLiteral("written by a newer version of Breakeven (schema %1; "
                           "this version reads up to %2)")
                .arg(version)
                .arg(latestSchemaVersion()));
    if (version < 0)
        throw InputError(path, QStringLiteral("damaged: schema version %1").arg(version));

    SQLite::Statement check(database, "PRAGMA quick_check");
    if (check.executeStep()) {
        const QString report = QString::fromUtf8(check.getColumn(0).getText());
        if (report != QLatin1String("ok"))
            throw InputError(path, QStringLiteral("damaged: %1").arg(firstProblem(report)));
    }

    if (version == latestSchemaVersion()) {
        for (const char *table : requiredTables()) {
            SQLite::Statement exists(
                database, "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?");
            exists.bind(1, table);
            if (!exists.executeStep())
                throw InputError(
                    path, QStringLiteral("damaged: table %1 is missing").arg(QLatin1String(table)));
        }
    }
}

void configureForWriting(SQLite::Database &database)
{
    hardenConnection(database);
    database.exec("PRAGMA foreign_keys = ON");
    // Documents stay in WAL mode: readers never wait for a writer, and a writer waits for
    // another one. Asked first, so that opening a WAL document changes nothing and locks nothing.
    if (database.execAndGet("PRAGMA journal_mode").getString() != "wal")
        database.exec("PRAGMA journal_mode = WAL");
    // FULL: a commit survives a power cut too, not only a crash of the program.
    database.exec("PRAGMA synchronous = FULL");
}

} // namespace

ForeignKeysOff::ForeignKeysOff(SQLite::Database &database, bool off) : m_database(database)
{
    m_restore = off && sqlite3_get_autocommit(database.getHandle()) != 0
        && database.execAndGet("PRAGMA foreign_keys").getInt() != 0;
    if (m_restore)
        database.exec("PRAGMA foreign_keys = OFF");
}

ForeignKeysOff::~ForeignKeysOff()
{
    try {
        if (m_restore)
            m_database.exec("PRAGMA foreign_keys = ON");
    } catch (const SQLite::Exception &) { // the connection is failing anyway
    }
}

void hardenConnection(SQLite::Database &database)
{
    sqlite3 *handle = database.getHandle();
    sqlite3_db_config(handle, SQLITE_DBCONFIG_DEFENSIVE, 1, nullptr);
    sqlite3_db_config(handle, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, nullptr);
    sqlite3_db_config(handle, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, nullptr);
    sqlite3_enable_load_extension(handle, 0);
    // The schema has no triggers or views; a document that brings its own gets none run.
    sqlite3_db_config(handle, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0, nullptr);
    sqlite3_db_config(handle, SQLITE_DBCONFIG_ENABLE_VIEW, 0, nullptr);
    database.exec("PRAGMA trusted_schema = OFF");
    database.exec("PRAGMA cell_size_check = ON");
}

void checkDocumentFile(const QString &path)
{
    FileHeader header = readHeader(path);
    if (header.applicationId != kApplicationId)
        throw InputError(path,
            QStringLiteral("not a Breakeven document (application_id %1)")
                .arg(applicationIdText(header.applicationId)));
    try {
        recoverInterruptedWrite(path);
    } catch (const SQLite::Exception &error) {
        if (isBusy(error))
            throw InputError(path, busyText());
        throw InputError(path, QStringLiteral("cannot recover an interrupted write: %1").arg(sqliteText(error)));
    }
    header = readHeader(path); // as recovered
    if (header.expectedSize > 0 && !hasSideFiles(path)) {
        const qint64 size = QFileInfo(path).size();
        if (size < header.expectedSize)
            throw InputError(path,
                QStringLiteral("damaged: the file is truncated (%1 of %2 bytes)")
                    .arg(size)
                    .arg(header.expectedSize));
    }

    try {
        std::unique_ptr<SQLite::Database> database = openForChecks(path);
        hardenConnection(*database);
        checkContents(*database, path);
    } catch (const SQLite::Exception &error) {
        if (error.getErrorCode() == SQLITE_NOTADB)
            throw InputError(path, QStringLiteral("not an SQLite database"));
        if (error.getErrorCode() == SQLITE_CANTOPEN || error.getErrorCode() == SQLITE_PERM)
            throw InputError(path, QStringLiteral("cannot be read: %1").arg(sqliteText(error)));
        if (isBusy(error))
            throw InputError(path, busyText());
        if (error.getExtendedErrorCode() == SQLITE_READONLY_ROLLBACK)
            throw InputError(path,
                QStringLiteral("an interrupted write must be recovered, which needs write access: "
                               "open it once where it can be written"));
        throw InputError(path, QStringLiteral("damaged: %1").arg(sqliteText(error)));
    }
}

// A document's connection belongs to one thread at a time (a worker opens its own), so SQLite's
// per-call locking is not needed.
const int kConnectionFlags = SQLite::OPEN_READWRITE | SQLite::OPEN_NOMUTEX;

std::unique_ptr<SQLite::Database> copyIntoMemory(SQLite::Database &source, const QString &path)
{
    auto copy = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_NOMUTEX);
    hardenConnection(*copy);
    try {
        // One step: every page under a single read lock, a consistent snapshot.
        SQLite::Backup backup(*copy, source);
        backup.executeStep(-1);
    } catch (const SQLite::Exception &error) {
        if (isBusy(error))
            throw InputError(path, busyText());
        throw InputError(path, QStringLiteral("cannot be read: %1").arg(sqliteText(error)));
    }
    copy->exec("PRAGMA foreign_keys = ON");
    upgradeSchema(*copy, path);
    return copy;
}

namespace {

std::unique_ptr<SQLite::Database> openForReading(const QString &path)
{
    std::unique_ptr<SQLite::Database> database;
    try {
        if (canWrite(path)) {
            // Read-write underneath so that the last connection to close removes the -wal and
            // -shm it made; query_only keeps it from writing anything else.
            database = std::make_unique<SQLite::Database>(
                path.toStdString(), kConnectionFlags, kBusyTimeoutMs);
        } else if (hasSideFiles(path)) {
            database = std::make_unique<SQLite::Database>(
                path.toStdString(), SQLite::OPEN_READONLY | SQLite::OPEN_NOMUTEX, kBusyTimeoutMs);
        } else {
            // Nobody can be writing a file that cannot be written: read it as it is on disk,
            // without the -wal and -shm a read-only connection would otherwise leave behind.
            database = std::make_unique<SQLite::Database>(
                immutableUri(path), SQLite::OPEN_READONLY | SQLite::OPEN_URI | SQLite::OPEN_NOMUTEX);
        }
        hardenConnection(*database);
        database->exec("PRAGMA query_only = ON");
        if (database->execAndGet("PRAGMA user_version").getInt() < latestSchemaVersion())
            return copyIntoMemory(*database, path);
    } catch (const SQLite::Exception &error) {
        if (isBusy(error))
            throw InputError(path, busyText());
        throw InputError(path, QStringLiteral("cannot be read: %1").arg(sqliteText(error)));
    }
    return database;
}

} // namespace

std::unique_ptr<SQLite::Database> openDocumentDatabase(const QString &path, Access access)
{
    configureSqliteOnce();
    checkDocumentFile(path);
    if (access == Access::ReadOnly)
        return openForReading(path);
    std::unique_ptr<SQLite::Database> database;
    try {
        // No OPEN_CREATE: the file was just checked and must still be there.
        database = std::make_unique<SQLite::Database>(
            path.toStdString(), kConnectionFlags, kBusyTimeoutMs);
        configureForWriting(*database);
    } catch (const SQLite::Exception &error) {
        if (error.getErrorCode() == SQLITE_READONLY || error.getErrorCode() == SQLITE_CANTOPEN)
            throw InputError(
                path, QStringLiteral("cannot be opened for writing: %1").arg(sqliteText(error)));
        if (isBusy(error))
            throw InputError(path, busyText());
        throw InputError(path, sqliteText(error));
    }
    upgradeSchema(*database, path);
    return database;
}

std::unique_ptr<SQLite::Database> createDocumentDatabase(const QString &path)
{
    configureSqliteOnce();
    std::unique_ptr<SQLite::Database> database;
    try {
        database = std::make_unique<SQLite::Database>(
            path.toStdString(), kConnectionFlags | SQLite::OPEN_CREATE, kBusyTimeoutMs);
        configureForWriting(*database);
    } catch (const SQLite::Exception &error) {
        throw InputError(path, QStringLiteral("cannot be created: %1").arg(sqliteText(error)));
    }
    upgradeSchema(*database, path);
    return database;
}

} // namespace breakeven
