// Adding and removing: one command for scenarios, builds (with their components), components,
// cloud options, hybrid options and API options. The first insertion lets the store choose the id; every later one (an undone
// removal, a redone addition) restores the row under the id it had, with its position and its
// links, in one transaction. Removal keeps what the store returns, read in the same transaction.
#pragma once

#include "documentcommand.h"

#include <functional>

namespace breakeven {

template <typename Stored>
struct Presence;

template <>
struct Presence<StoredScenario> {
    static qint64 &id(StoredScenario &stored) { return stored.ids.scenario; }
    static StoredScenario remove(Document &document, qint64 id) { return document.scenarios().remove(id); }
    static void restore(Document &document, const StoredScenario &stored) { document.scenarios().restore(stored); }
};

template <>
struct Presence<StoredBuild> {
    static qint64 &id(StoredBuild &stored) { return stored.id; }
    static StoredBuild remove(Document &document, qint64 id) { return document.scenarios().removeBuild(id); }
    static void restore(Document &document, const StoredBuild &stored) { document.scenarios().restoreBuild(stored); }
};

template <>
struct Presence<StoredCloudOption> {
    static qint64 &id(StoredCloudOption &stored) { return stored.id; }
    static StoredCloudOption remove(Document &document, qint64 id)
    {
        return document.scenarios().removeCloudOption(id);
    }
    static void restore(Document &document, const StoredCloudOption &stored)
    {
        document.scenarios().restoreCloudOption(stored);
    }
};

template <>
struct Presence<StoredComponent> {
    static qint64 &id(StoredComponent &stored) { return stored.id; }
    static StoredComponent remove(Document &document, qint64 id)
    {
        return document.scenarios().removeComponent(id);
    }
    static void restore(Document &document, const StoredComponent &stored)
    {
        document.scenarios().restoreComponent(stored);
    }
};

template <>
struct Presence<StoredHybridOption> {
    static qint64 &id(StoredHybridOption &stored) { return stored.id; }
    static StoredHybridOption remove(Document &document, qint64 id)
    {
        return document.scenarios().removeHybridOption(id);
    }
    static void restore(Document &document, const StoredHybridOption &stored)
    {
        document.scenarios().restoreHybridOption(stored);
    }
};

template <>
struct Presence<StoredApiOption> {
    static qint64 &id(StoredApiOption &stored) { return stored.id; }
    static StoredApiOption remove(Document &document, qint64 id) { return document.scenarios().removeApiOption(id); }
    static void restore(Document &document, const StoredApiOption &stored)
    {
        document.scenarios().restoreApiOption(stored);
    }
};

template <typename Stored>
class PresenceCommand : public DocumentCommand {
public:
    // Adds: `create` makes the row the first time and returns its id.
    PresenceCommand(DocumentContext &context, const QString &text, qint64 scenarioId,
                    std::function<qint64(Document &)> create)
        : DocumentCommand(context, text)
        , m_adds(true)
        , m_scenarioId(scenarioId)
        , m_create(std::move(create))
    {
    }
    // Removes the row `id`.
    PresenceCommand(DocumentContext &context, const QString &text, qint64 scenarioId, qint64 id)
        : DocumentCommand(context, text)
        , m_adds(false)
        , m_scenarioId(scenarioId)
    {
        Presence<Stored>::id(m_stored) = id;
    }

    // Show the scenario the command brings in (an added, duplicated or restored scenario).
    void setSelectsScenario(bool selects) { m_selects = selects; }

protected:
    void apply() override { m_adds ? put() : take(); }
    void revert() override { m_adds ? take() : put(); }
    qint64 affectedScenario() const override { return m_scenarioId; }

private:
    void put()
    {
        qint64 &id = Presence<Stored>::id(m_stored);
        if (m_create && !m_created) {
            id = m_create(document());
            m_created = true;
        } else {
            Presence<Stored>::restore(document(), m_stored);
        }
        if (m_selects)
            context().requestSelection(id);
    }
    void take() { m_stored = Presence<Stored>::remove(document(), Presence<Stored>::id(m_stored)); }

    bool m_adds;
    qint64 m_scenarioId;
    std::function<qint64(Document &)> m_create;
    bool m_created = false;
    bool m_selects = false;
    Stored m_stored;
};

} // namespace breakeven
