// The session extension's API is declared only with these two defined; the system library is
// built with both (PRAGMA compile_options lists ENABLE_SESSION and ENABLE_PREUPDATE_HOOK).
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>

#include "changerecorder.h"

#include "connection.h"
#include "inputerror.h"

namespace breakeven {

ChangeRecorder::ChangeRecorder(Connection &connection)
{
    sqlite3 *database = connection.database().getHandle();
    if (sqlite3session_create(database, "main", &m_session) != SQLITE_OK
        || sqlite3session_attach(m_session, nullptr) != SQLITE_OK) {
        const QString reason = QString::fromUtf8(sqlite3_errmsg(database));
        if (m_session)
            sqlite3session_delete(m_session);
        m_session = nullptr;
        throw InputError(connection.path(), QStringLiteral("cannot record the changes of a write: %1").arg(reason));
    }
}

ChangeRecorder::~ChangeRecorder()
{
    if (m_session)
        sqlite3session_delete(m_session);
}

QByteArray ChangeRecorder::changeset()
{
    if (!m_session || std::size_t(sqlite3session_memory_used(m_session)) > kMaxBytes) {
        m_tooLarge = m_session != nullptr;
        return {};
    }
    int size = 0;
    void *bytes = nullptr;
    if (sqlite3session_changeset(m_session, &size, &bytes) != SQLITE_OK) {
        m_tooLarge = true; // out of memory: as good as too large
        return {};
    }
    QByteArray out(static_cast<const char *>(bytes), size);
    sqlite3_free(bytes);
    return out;
}

namespace {

struct Pass {
    bool conflict = false;
    bool sheetsOnly = false;
};

} // namespace

bool applyRecordedChanges(Connection &connection, const QByteArray &changeset, bool invert)
{
    if (changeset.isEmpty())
        return true;
    const auto onConflict = [](void *context, int, sqlite3_changeset_iter *) {
        static_cast<Pass *>(context)->conflict = true;
        return SQLITE_CHANGESET_ABORT;
    };
    const auto filter = [](void *context, const char *table) {
        return int((QByteArrayView(table) == "sheets") == static_cast<Pass *>(context)->sheetsOnly);
    };
    // Within the caller's transaction: no savepoint of its own, so a conflict leaves the whole
    // write to the caller's rollback.
    const int flags = SQLITE_CHANGESETAPPLY_NOSAVEPOINT | (invert ? SQLITE_CHANGESETAPPLY_INVERT : 0);
    // Taking a write back, the sheets go last: a sheet deleted while offers still name it would
    // set their link to NULL (ON DELETE SET NULL) before their own change puts the old one back.
    // Writing it again, they go first, so that the offers' links find them.
    const bool order[2] = {!invert, invert};
    for (const bool sheetsOnly : order) {
        Pass pass;
        pass.sheetsOnly = sheetsOnly;
        const int code = sqlite3changeset_apply_v2(connection.database().getHandle(), int(changeset.size()),
                                                   const_cast<char *>(changeset.constData()), filter, onConflict, &pass,
                                                   nullptr, nullptr, flags);
        if (code != SQLITE_OK || pass.conflict)
            return false;
    }
    return true;
}

} // namespace breakeven
