#include "document.h"

#include "database.h"
#include "documentseed.h"
#include "inputerror.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <SQLiteCpp/Backup.h>
#include <filesystem>

namespace breakeven {

namespace {

void removeSideFiles(const QString &path)
{
    QFile::remove(path + QStringLiteral("-wal"));
    QFile::remove(path + QStringLiteral("-shm"));
}

// A file beside `target` that nobody else will pick, removed with its side files unless
// release()d; a document is written there and renamed into place only once it is complete.
class ScratchFile {
public:
    explicit ScratchFile(const QString &target)
    {
        const QFileInfo info(target);
        QTemporaryFile file(info.absolutePath() + QStringLiteral("/.") + info.fileName()
            + QStringLiteral(".XXXXXX"));
        file.setAutoRemove(false);
        if (!file.open())
            throw InputError(
                target, QStringLiteral("cannot be written: %1").arg(file.errorString()));
        m_path = file.fileName();
    }
    ScratchFile(const ScratchFile &) = delete;
    ScratchFile &operator=(const ScratchFile &) = delete;
    ~ScratchFile()
    {
        if (m_path.isEmpty())
            return;
        QFile::remove(m_path);
        removeSideFiles(m_path);
    }
    const QString &path() const { return m_path; }
    void release() { m_path.clear(); }

private:
    QString m_path;
};

QString absolute(const QString &path)
{
    return QFileInfo(path).absoluteFilePath();
}

} // namespace

Document::Document(std::unique_ptr<Connection> connection)
    : m_connection(std::move(connection))
    , m_scenarios(*m_connection)
    , m_catalog(*m_connection)
    , m_apiOffers(*m_connection)
    , m_settings(*m_connection)
{
}

Document::~Document() = default;

std::unique_ptr<Document> Document::create(const QString &path)
{
    const QString target = absolute(path);
    if (QFileInfo::exists(target))
        throw InputError(path, QStringLiteral("already exists"));
    const DocumentSeed seed = loadBundledSeed();

    ScratchFile scratch(target);
    {
        Connection connection(createDocumentDatabase(scratch.path()), target);
        writeSeed(connection, seed);
    } // closing checkpoints the log into the file, so the file alone is the document
    removeSideFiles(scratch.path());
    if (!QFile::rename(scratch.path(), target))
        throw InputError(path,
            QFileInfo::exists(target) ? QStringLiteral("already exists")
                                      : QStringLiteral("cannot be written"));
    scratch.release();
    return open(target);
}

std::unique_ptr<Document> Document::open(const QString &path)
{
    const QString file = absolute(path);
    return std::unique_ptr<Document>(
        new Document(std::make_unique<Connection>(openDocumentDatabase(file), file)));
}

std::unique_ptr<Document> Document::openReadOnly(const QString &path)
{
    const QString file = absolute(path);
    std::unique_ptr<Document> document(
        new Document(std::make_unique<Connection>(openDocumentDatabase(file, Access::ReadOnly), file)));
    document->m_readOnly = true;
    return document;
}

std::unique_ptr<Document> Document::openAsAllowed(const QString &path)
{
    const QString file = absolute(path);
    return QFileInfo::exists(file) && !canWrite(file) ? openReadOnly(file) : open(file);
}

std::unique_ptr<Document> Document::createInMemory(const QString &path)
{
    const DocumentSeed seed = loadBundledSeed();
    auto connection = std::make_unique<Connection>(createDocumentDatabase(QStringLiteral(":memory:")), absolute(path));
    writeSeed(*connection, seed);
    return std::unique_ptr<Document>(new Document(std::move(connection)));
}

std::unique_ptr<Document> Document::openCopyInMemory(const QString &path)
{
    const QString file = absolute(path);
    std::unique_ptr<SQLite::Database> source = openDocumentDatabase(file, Access::ReadOnly);
    return std::unique_ptr<Document>(
        new Document(std::make_unique<Connection>(copyIntoMemory(*source, file), file)));
}

QString Document::defaultPath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
        + QStringLiteral("/default.breakeven");
}

std::unique_ptr<Document> Document::openOrCreateDefault()
{
    const QString path = defaultPath();
    if (QFileInfo::exists(path))
        return open(path);
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        throw InputError(
            QFileInfo(path).absolutePath(), QStringLiteral("cannot create the folder"));
    return create(path);
}

void Document::saveCopy(const QString &newPath)
{
    const QString target = absolute(newPath);
    if (QFileInfo(target).canonicalFilePath() == QFileInfo(path()).canonicalFilePath())
        return;
    ScratchFile scratch(target);
    try {
        SQLite::Database copy(scratch.path().toStdString(), SQLite::OPEN_READWRITE);
        hardenConnection(copy);
        // One step copies every page under a single read lock: a consistent snapshot even
        // while another process writes.
        SQLite::Backup backup(copy, m_connection->database());
        backup.executeStep(-1);
    } catch (const SQLite::Exception &error) {
        throw InputError(
            newPath, QStringLiteral("cannot be written: %1").arg(QString::fromUtf8(error.what())));
    }
    removeSideFiles(scratch.path());
    // A log left beside the old file would be replayed into the new one.
    removeSideFiles(target);
    std::error_code error;
    std::filesystem::rename(scratch.path().toStdString(), target.toStdString(), error);
    if (error)
        throw InputError(newPath,
            QStringLiteral("cannot be written: %1").arg(QString::fromStdString(error.message())));
    scratch.release();
}

void Document::saveAs(const QString &newPath)
{
    const QString target = absolute(newPath);
    saveCopy(target);
    m_connection->replace(openDocumentDatabase(target), target);
    m_readOnly = false;
}

} // namespace breakeven
