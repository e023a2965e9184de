// The open SQLite connection of a document: the statement cache the repositories share, the
// transactions every write runs in, and the translation of SQLite errors into InputError.
#pragma once

#include "documentchange.h"

#include <QString>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <memory>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace breakeven {

// A prepared statement on loan from the connection's cache, reset when the lease ends so that
// an unfinished SELECT never keeps a read snapshot open between calls. A statement already on
// loan (the same SQL asked for again while in use) is lent as a fresh copy instead.
class StatementLease {
public:
    StatementLease(SQLite::Statement &cached, bool &onLoan)
        : m_statement(&cached)
        , m_onLoan(&onLoan)
    {
        onLoan = true;
    }
    explicit StatementLease(std::unique_ptr<SQLite::Statement> fresh)
        : m_fresh(std::move(fresh))
        , m_statement(m_fresh.get())
    {
    }
    StatementLease(const StatementLease &) = delete;
    StatementLease &operator=(const StatementLease &) = delete;
    ~StatementLease()
    {
        m_statement->tryReset();
        if (m_onLoan)
            *m_onLoan = false;
    }

    SQLite::Statement *operator->() const { return m_statement; }
    SQLite::Statement &operator*() const { return *m_statement; }

private:
    std::unique_ptr<SQLite::Statement> m_fresh;
    SQLite::Statement *m_statement;
    bool *m_onLoan = nullptr;
};

class Connection {
public:
    Connection(std::unique_ptr<SQLite::Database> database, QString path);
    ~Connection();
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    const QString &path() const { return m_path; }
    SQLite::Database &database() { return *m_database; }

    // The statement for `sql`, prepared once per connection. Bindings from an earlier use are
    // cleared; bind every parameter.
    StatementLease statement(const std::string &sql);

    // Swaps the underlying file (Save As); cached statements belong to the old connection.
    void replace(std::unique_ptr<SQLite::Database> database, QString path);

    // Runs `work` in one write transaction (a savepoint when one is already open) and returns
    // its result; SQLite errors leave as InputError naming the document.
    template <typename Work> decltype(auto) write(Work &&work);
    // Runs `work` in one read transaction, so that several SELECTs see the same snapshot.
    template <typename Work> decltype(auto) read(Work &&work);

    // Throws the InputError that describes `error` for this document.
    [[noreturn]] void fail(const SQLite::Exception &error) const;

    // Notes a change made in the current write transaction. It reaches the listener once the
    // outermost transaction commits; a rollback (of it or of the savepoint that made it) drops it.
    void record(const DocumentChange &change);
    // Who is told what each commit changed (one listener: the window's notifier).
    void setChangeListener(ChangeListener listener) { m_listener = std::move(listener); }
    // SQLite's PRAGMA data_version: changes when another connection commits to the file.
    qint64 dataVersion();

private:
    friend class WriteTransaction;
    friend class ReadTransaction;

    std::unique_ptr<SQLite::Database> m_database;
    struct CachedStatement {
        std::unique_ptr<SQLite::Statement> statement;
        bool onLoan = false;
    };
    // Node-based, so the onLoan flags a lease points to stay put when the map grows.
    std::unordered_map<std::string, CachedStatement> m_statements;
    QString m_path;
    int m_depth = 0; // open transactions and savepoints
    ChangeSet m_pending;
    ChangeListener m_listener;

    // Called when the outermost transaction has ended: delivers or drops m_pending.
    void finished(bool committed);
};


// Begins IMMEDIATE, so that a second process waits for the write lock up front (busy_timeout)
// instead of failing half-way; rolls back unless commit() was called, also during unwinding.
class WriteTransaction {
public:
    explicit WriteTransaction(Connection &connection);
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;
    ~WriteTransaction();

    void commit();

private:
    Connection &m_connection;
    std::string m_savepoint; // empty for the outermost transaction
    std::size_t m_mark;      // changes recorded before it began
    bool m_open = true;
};

class ReadTransaction {
public:
    explicit ReadTransaction(Connection &connection);
    ReadTransaction(const ReadTransaction &) = delete;
    ReadTransaction &operator=(const ReadTransaction &) = delete;
    ~ReadTransaction();

private:
    Connection &m_connection;
    bool m_outermost = false;
};

template <typename Work> decltype(auto) Connection::write(Work &&work)
{
    try {
        WriteTransaction transaction(*this);
        if constexpr (std::is_void_v<std::invoke_result_t<Work>>) {
            std::forward<Work>(work)();
            transaction.commit();
        } else {
            auto result = std::forward<Work>(work)();
            transaction.commit();
            return result;
        }
    } catch (const SQLite::Exception &error) {
        fail(error);
    }
}

template <typename Work> decltype(auto) Connection::read(Work &&work)
{
    try {
        ReadTransaction transaction(*this);
        return std::forward<Work>(work)();
    } catch (const SQLite::Exception &error) {
        fail(error);
    }
}

// Text columns come back as UTF-8; these keep the conversions in one place.
inline std::string utf8(const QString &text)
{
    return text.toStdString();
}
QString textColumn(const SQLite::Statement &statement, int index);
std::optional<double> optionalColumn(const SQLite::Statement &statement, int index);
void bindOptional(SQLite::Statement &statement, int index, const std::optional<double> &value);

} // namespace breakeven
