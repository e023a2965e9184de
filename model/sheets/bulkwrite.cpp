#include "bulkwrite.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>

namespace breakeven {

RelaxedSync::RelaxedSync(SQLite::Database &database) : m_database(database)
{
    m_previous = m_database.execAndGet("PRAGMA synchronous").getInt();
    m_previousCache = m_database.execAndGet("PRAGMA cache_size").getInt();
    try {
        m_rollbackJournal = m_database.execAndGet("PRAGMA journal_mode = DELETE").getString() == "delete";
    } catch (const SQLite::Exception &) { // another connection has the document open
    }
    m_database.exec(m_rollbackJournal ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
    m_database.exec("PRAGMA cache_size = -65536");
}

RelaxedSync::~RelaxedSync()
{
    try {
        if (m_rollbackJournal)
            m_database.exec("PRAGMA journal_mode = WAL");
        m_database.exec("PRAGMA synchronous = " + std::to_string(m_previous));
        m_database.exec("PRAGMA cache_size = " + std::to_string(m_previousCache));
    } catch (...) { // the import's own outcome matters more than restoring a pragma
    }
}

} // namespace breakeven
