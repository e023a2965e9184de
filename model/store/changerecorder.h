// Records what a connection writes, as an SQLite changeset (the session extension), so that a
// whole write can be undone and redone: a price sheet's import is one undo step in the window
// (docs/architecture.md). Applying one is CatalogRepository::applyChangeset.
#pragma once

#include <QByteArray>

#include <cstddef>

struct sqlite3_session;

namespace breakeven {

class Connection;

class ChangeRecorder {
public:
    // A changeset larger than this is not kept (an import of a million rows): the write it
    // records cannot be undone, and says so.
    static constexpr std::size_t kMaxBytes = std::size_t(256) << 20;

    // Records every table of the connection's main database from now on. Throws InputError when
    // the SQLite library cannot record.
    explicit ChangeRecorder(Connection &connection);
    ~ChangeRecorder();
    ChangeRecorder(const ChangeRecorder &) = delete;
    ChangeRecorder &operator=(const ChangeRecorder &) = delete;

    // What was written so far; empty when nothing was or when it was too large (tooLarge()).
    QByteArray changeset();
    bool tooLarge() const { return m_tooLarge; }

private:
    sqlite3_session *m_session = nullptr;
    bool m_tooLarge = false;
};

// Applies `changeset` (or its inverse) on the connection, inside the caller's transaction;
// false, having applied nothing more, at the first conflict (the caller rolls back).
bool applyRecordedChanges(Connection &connection, const QByteArray &changeset, bool invert);

} // namespace breakeven
