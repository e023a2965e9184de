// Settings for writing a whole sheet in one transaction.
#pragma once

#include <SQLiteCpp/Database.h>

namespace breakeven {

// synchronous=NORMAL in WAL keeps every commit atomic and only risks the last commit on power
// loss; the import commits once, so it pays for one fsync instead of FULL's checkpoint syncs.
// A larger page cache keeps the key index in memory: with the default 2 MB a large import
// spent most of its time spilling pages to the log and reading them back (measured).
// A document no other connection has open is written with a rollback journal instead: a new
// page then goes to the file once, where WAL writes it to the log and copies it again at the
// checkpoint. The journal is synced (FULL), so a power cut cannot damage the document either.
// While another connection has it open (the app's, when its wizard imports) the journal mode
// cannot change, and the import stays in WAL; other processes wait until the commit.
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
    bool m_rollbackJournal = false;
};

} // namespace breakeven
