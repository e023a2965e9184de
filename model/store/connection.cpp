#include "connection.h"

#include "database.h"
#include "inputerror.h"

#include <sqlite3.h>

#include <algorithm>

namespace breakeven {

Connection::Connection(std::unique_ptr<SQLite::Database> database, QString path)
    : m_database(std::move(database))
    , m_path(std::move(path))
{
}

Connection::~Connection()
{
    // Statements must be finalized before the database closes, or sqlite3_close fails and
    // the -wal file is not checkpointed away.
    m_statements.clear();
}

StatementLease Connection::statement(const std::string &sql)
{
    auto it = m_statements.find(sql);
    if (it == m_statements.end())
        it = m_statements
                 .emplace(
                     sql, CachedStatement { std::make_unique<SQLite::Statement>(*m_database, sql) })
                 .first;
    CachedStatement &cached = it->second;
    if (cached.onLoan)
        return StatementLease(std::make_unique<SQLite::Statement>(*m_database, sql));
    cached.statement->clearBindings();
    return StatementLease(*cached.statement, cached.onLoan);
}

void Connection::replace(std::unique_ptr<SQLite::Database> database, QString path)
{
    m_statements.clear();
    m_database = std::move(database);
    m_path = std::move(path);
    m_depth = 0;
}

void Connection::fail(const SQLite::Exception &error) const
{
    QString reason;
    switch (error.getErrorCode()) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        reason = busyText();
        break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        reason = QStringLiteral("damaged: %1").arg(QString::fromUtf8(error.what()));
        break;
    case SQLITE_FULL:
        reason = QStringLiteral("the disk is full");
        break;
    case SQLITE_READONLY:
        reason = QStringLiteral("the document cannot be written (%1)")
                     .arg(QString::fromUtf8(error.what()));
        break;
    default:
        reason = QString::fromUtf8(error.what());
        break;
    }
    throw InputError(m_path, reason);
}

void Connection::record(const DocumentChange &change)
{
    // A run of equal changes (every offer of an import) is told once.
    if (m_depth > 0 && (m_pending.empty() || !(m_pending.back() == change)))
        m_pending.push_back(change);
}

qint64 Connection::dataVersion()
{
    auto query = statement("PRAGMA data_version");
    query->executeStep();
    return query->getColumn(0).getInt64();
}

void Connection::finished(bool committed)
{
    if (m_depth != 0)
        return;
    ChangeSet changes;
    changes.swap(m_pending);
    if (committed && !changes.empty() && m_listener)
        m_listener(changes);
}

WriteTransaction::WriteTransaction(Connection &connection)
    : m_connection(connection)
    , m_mark(connection.m_pending.size())
{
    if (m_connection.m_depth == 0) {
        m_connection.database().exec("BEGIN IMMEDIATE");
    } else {
        m_savepoint = "sp" + std::to_string(m_connection.m_depth);
        m_connection.database().exec("SAVEPOINT " + m_savepoint);
    }
    ++m_connection.m_depth;
}

WriteTransaction::~WriteTransaction()
{
    if (!m_open)
        return;
    --m_connection.m_depth;
    // Some errors (a full disk, I/O) already rolled the transaction back; nothing to undo then.
    sqlite3 *handle = m_connection.database().getHandle();
    if (m_savepoint.empty()) {
        if (!sqlite3_get_autocommit(handle))
            sqlite3_exec(handle, "ROLLBACK", nullptr, nullptr, nullptr);
    } else {
        const std::string sql = "ROLLBACK TO " + m_savepoint + "; RELEASE " + m_savepoint;
        sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, nullptr);
    }
    m_connection.m_pending.resize(std::min(m_mark, m_connection.m_pending.size()));
    m_connection.finished(false);
}

void WriteTransaction::commit()
{
    if (m_savepoint.empty())
        m_connection.database().exec("COMMIT");
    else
        m_connection.database().exec("RELEASE " + m_savepoint);
    m_open = false;
    --m_connection.m_depth;
    m_connection.finished(true);
}

ReadTransaction::ReadTransaction(Connection &connection)
    : m_connection(connection)
    , m_outermost(connection.m_depth == 0)
{
    if (m_outermost)
        m_connection.database().exec("BEGIN");
    ++m_connection.m_depth;
}

ReadTransaction::~ReadTransaction()
{
    --m_connection.m_depth;
    if (m_outermost) {
        sqlite3 *handle = m_connection.database().getHandle();
        if (!sqlite3_get_autocommit(handle))
            sqlite3_exec(handle, "COMMIT", nullptr, nullptr, nullptr);
        // A write nested in this read committed with it.
        m_connection.finished(true);
    }
}

QString textColumn(const SQLite::Statement &statement, int index)
{
    const SQLite::Column column = statement.getColumn(index);
    return QString::fromUtf8(static_cast<const char *>(column.getText()), column.getBytes());
}

std::optional<double> optionalColumn(const SQLite::Statement &statement, int index)
{
    const SQLite::Column column = statement.getColumn(index);
    if (column.isNull())
        return std::nullopt;
    return column.getDouble();
}

void bindOptional(SQLite::Statement &statement, int index, const std::optional<double> &value)
{
    if (value)
        statement.bind(index, *value);
    else
        statement.bind(index);
}

} // namespace breakeven
