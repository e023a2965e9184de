// Opening document files. Documents are untrusted input: a file is checked through a connection
// that cannot write before any connection that can write is opened, and every connection is
// hardened (defensive mode, untrusted schema, no extensions) whatever the checks found.
#pragma once

#include <QString>
#include <SQLiteCpp/Database.h>
#include <cstdint>
#include <memory>
#include <vector>

namespace breakeven {

// 'BEVN' in the file header, so that other programs and `file` can tell a document apart.
inline constexpr std::uint32_t kApplicationId = 0x4245564E;
// How long a connection waits for another process's lock before giving up, the one place this
// is set: a second process waits for an import's commit instead of failing.
inline constexpr int kBusyTimeoutMs = 10000;
// The document format this build writes; older documents are upgraded when opened.
int latestSchemaVersion();

// Refuses with InputError(path, reason) a file that is missing, not a regular file, not SQLite,
// of another application, from a newer version, truncated or damaged. The checks judge what
// SQLite sees: a write interrupted by a killed process (a hot -journal beside the file) is first
// rolled back by SQLite's own recovery, and a -wal beside it is read with it. Apart from that
// recovery it opens nothing that can write, so a refused file is left as it was.
void checkDocumentFile(const QString &path);

// Whether this process may write the file and create files beside it (a -wal, a -journal).
bool canWrite(const QString &path);
// What a lock held past kBusyTimeoutMs is called: never "damaged".
QString busyText();

enum class Access {
    ReadWrite, // edits and imports: WAL mode, the schema upgraded in the file
    ReadOnly,  // compare, export, report, dry runs: no write lock, nothing written
};

// checkDocumentFile(), then a connection.
// ReadWrite: read-write, in WAL mode, with the schema upgraded (in transactions only when the
// document is older than this build).
// ReadOnly: a connection that cannot write (query_only). A file the process may write is opened
// read-write underneath, so that SQLite removes the side files it makes when the last connection
// closes; a read-only file or folder is read as it is on disk (immutable, when no -wal is beside
// it), and nothing is created beside it. A document of an older schema is copied into memory and
// upgraded there; the file is not touched.
std::unique_ptr<SQLite::Database> openDocumentDatabase(const QString &path, Access access = Access::ReadWrite);

// A private in-memory copy of `database`, hardened, with foreign keys on and the schema upgraded:
// what a dry run writes into and throws away.
std::unique_ptr<SQLite::Database> copyIntoMemory(SQLite::Database &database, const QString &path);

// A new document with the latest schema at `path`, a missing or empty file. Document::create
// builds a document under a temporary name and renames it into place once it is complete.
std::unique_ptr<SQLite::Database> createDocumentDatabase(const QString &path);

// Applies defensive mode, trusted_schema=OFF and disables extension loading, triggers and views.
void hardenConnection(SQLite::Database &database);

// Switches foreign keys off for the transactions run while it lives, when `off` is true and
// they are on; back on when it goes. Foreign keys can only be switched between transactions:
// made inside one, it changes nothing. What is written meanwhile must keep the links itself
// (or be checked with foreign_key_check before its commit).
class ForeignKeysOff {
public:
    explicit ForeignKeysOff(SQLite::Database &database, bool off = true);
    ~ForeignKeysOff();
    ForeignKeysOff(const ForeignKeysOff &) = delete;
    ForeignKeysOff &operator=(const ForeignKeysOff &) = delete;

private:
    SQLite::Database &m_database;
    bool m_restore = false;
};

// Runs the upgrade steps from the document's user_version to the latest, each in its own
// transaction, so that an interrupted upgrade leaves the document at a whole version.
void upgradeSchema(SQLite::Database &database, const QString &path);

// Tables every document of the latest version has; a document claiming that version without
// them is refused as damaged.
const std::vector<const char *> &requiredTables();

} // namespace breakeven
