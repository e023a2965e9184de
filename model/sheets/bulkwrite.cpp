#include "bulkwrite.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace breakeven {

namespace {

// SkyPilot rows are 60 to 200 bytes; the smaller figure errs towards "the sheet is large".
constexpr qint64 kBytesPerRowEstimate = 60;
// Below this many rows the rebuild's fixed cost over the whole catalog is not worth it.
constexpr qint64 kMinimumRows = 20000;

} // namespace

bool DeferredIndexes::worthwhile(qint64 sheetBytes) const
{
    if (sheetBytes < 0)
        return false;
    const qint64 rows = sheetBytes / kBytesPerRowEstimate;
    if (rows < kMinimumRows)
        return false;
    // The rebuild sorts the whole table; row-by-row upkeep pays only for the sheet's rows, but
    // several times more per row (measured: a million rows into an empty catalog).
    const qint64 offers = m_database.execAndGet("SELECT count(*) FROM cloud_offers").getInt64();
    return rows * 4 >= offers;
}

void DeferredIndexes::drop()
{
    // Only plain indexes written as CREATE INDEX: a UNIQUE one enforces a rule the import relies on,
    // and the automatic index of the key has no SQL. Documents are untrusted, but this text is the
    // document's own schema, and it is run back one statement at a time.
    SQLite::Statement list(m_database,
                           "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'cloud_offers'"
                           " AND sql LIKE 'CREATE INDEX %' ORDER BY name");
    std::vector<std::string> names;
    while (list.executeStep()) {
        names.push_back(list.getColumn(0).getString());
        m_definitions.push_back(list.getColumn(1).getString());
    }
    for (std::string name : names) {
        for (std::size_t at = name.find('"'); at != std::string::npos; at = name.find('"', at + 2))
            name.insert(at, 1, '"');
        SQLite::Statement dropIndex(m_database, "DROP INDEX \"" + name + "\"");
        dropIndex.exec();
    }
}

void DeferredIndexes::restore()
{
    for (const std::string &definition : m_definitions) {
        SQLite::Statement create(m_database, definition);
        create.exec();
    }
    m_definitions.clear();
}

RelaxedSync::RelaxedSync(SQLite::Database &database) : m_database(database)
{
    m_previous = m_database.execAndGet("PRAGMA synchronous").getInt();
    m_previousCache = m_database.execAndGet("PRAGMA cache_size").getInt();
    m_previousThreads = m_database.execAndGet("PRAGMA threads").getInt();
    m_database.exec("PRAGMA synchronous = NORMAL");
    m_database.exec("PRAGMA cache_size = -65536");
    m_database.exec("PRAGMA threads = 2");
}

RelaxedSync::~RelaxedSync()
{
    try {
        m_database.exec("PRAGMA synchronous = " + std::to_string(m_previous));
        m_database.exec("PRAGMA cache_size = " + std::to_string(m_previousCache));
        m_database.exec("PRAGMA threads = " + std::to_string(m_previousThreads));
    } catch (...) { // the import's own outcome matters more than restoring a pragma
    }
}

} // namespace breakeven
