// Settings for writing a whole sheet in one transaction.
#pragma once

#include <SQLiteCpp/Database.h>

namespace breakeven {

// synchronous=NORMAL in WAL keeps every commit atomic and only risks the last commit on power
// loss; the import commits once, so it pays for one fsync instead of FULL's checkpoint syncs.
// A larger page cache keeps the key index in memory: with the default 2 MB a large import
// spent most of its time spilling pages to the log and reading them back (measured).
// The journal mode never changes: the document stays in WAL, so readers in other processes go
// on reading the last commit while the import runs, and a second writer waits for its commit.
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
    bool m_active = true; // false inside a transaction already open: nothing changed
};

} // namespace breakeven
