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
inline constexpr int kBusyTimeoutMs = 5000;
// The document format this build writes; older documents are upgraded when opened.
int latestSchemaVersion();

// Refuses with InputError(path, reason) a file that is missing, not SQLite, of another
// application, from a newer version, truncated or damaged. Opens nothing that can write, so a
// refused file is left as it was, without -wal or -shm files beside it.
void checkDocumentFile(const QString &path);

// checkDocumentFile(), then a read-write connection in WAL mode with the schema upgraded.
std::unique_ptr<SQLite::Database> openDocumentDatabase(const QString &path);

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
