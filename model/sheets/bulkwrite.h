// Settings for writing a whole sheet in one transaction.
//
// DeferredIndexes takes the catalog's secondary (price) indexes off cloud_offers for a large
// import and builds them again before it commits. Each index costs a B-tree insert at a
// scattered place per row;
// building it once from the finished table is a single sort, several times cheaper for a sheet
// that is large next to the catalog. DDL is transactional in SQLite, so a cancelled, refused or
// killed import leaves the indexes as they were, exactly like the offers.
#pragma once

#include <QtGlobal>

#include <SQLiteCpp/Database.h>

#include <string>
#include <vector>

namespace breakeven {

class DeferredIndexes {
public:
    explicit DeferredIndexes(SQLite::Database &database) : m_database(database) { }

    // Whether a sheet of about `sheetBytes` bytes is large enough, next to the offers already in
    // the document, for a rebuild to beat keeping the indexes up to date row by row.
    bool worthwhile(qint64 sheetBytes) const;
    // Drops the secondary indexes of cloud_offers, remembering their definitions. Inside the
    // import's transaction.
    void drop();
    // Creates them again as they were; before the commit. A rollback needs no call.
    void restore();

private:
    SQLite::Database &m_database;
    std::vector<std::string> m_definitions;
};

// synchronous=NORMAL in WAL keeps every commit atomic and only risks the last commit on power
// loss; the import commits once, so it pays for one fsync instead of FULL's checkpoint syncs.
// A larger page cache keeps the offer indexes in memory: with the default 2 MB a large import
// spent most of its time spilling pages to the log and reading them back (measured). A helper
// thread for SQLite's sorter cuts the rebuild of deferred indexes by about a sixth (measured).
// The previous settings come back when the import is over.
class RelaxedSync {
public:
    explicit RelaxedSync(SQLite::Database &database);
    ~RelaxedSync();
    RelaxedSync(const RelaxedSync &) = delete;
    RelaxedSync &operator=(const RelaxedSync &) = delete;

private:
    SQLite::Database &m_database;
    int m_previous = 2;
    int m_previousCache = -2000;
    int m_previousThreads = 0;
};

} // namespace breakeven
