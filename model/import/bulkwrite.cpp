#include "bulkwrite.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Exception.h>
#include <sqlite3.h>

namespace breakeven {

RelaxedSync::RelaxedSync(SQLite::Database &database) : m_database(database)
{
    // Inside a transaction already open (several sheets written as one, like a price refresh)
    // SQLite refuses to change the safety level; the outer transaction's settings stand.
    m_active = sqlite3_get_autocommit(m_database.getHandle()) != 0;
    if (!m_active)
        return;
    m_previous = m_database.execAndGet("PRAGMA synchronous").getInt();
    m_previousCache = m_database.execAndGet("PRAGMA cache_size").getInt();
    m_database.exec("PRAGMA synchronous = NORMAL");
    m_database.exec("PRAGMA cache_size = -65536");
}

RelaxedSync::~RelaxedSync()
{
    if (!m_active)
        return;
    try {
        m_database.exec("PRAGMA synchronous = " + std::to_string(m_previous));
        m_database.exec("PRAGMA cache_size = " + std::to_string(m_previousCache));
    } catch (...) { // the import's own outcome matters more than restoring a pragma
    }
}

} // namespace breakeven
