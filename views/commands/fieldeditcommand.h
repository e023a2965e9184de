// One command for every field of every editable object: the object is written whole (the
// repositories update by row id), `field` names what changed so that a run of edits of one
// field (a slider drag) merges into a single undo step.
#pragma once

#include "documentcommand.h"

#include "domain.h"

namespace breakeven {

template <typename T>
struct EditTarget;

template <>
struct EditTarget<Workload> {
    static constexpr int commandId = 1001;
    static void write(Document &document, qint64 id, const Workload &value)
    {
        document.scenarios().setWorkload(id, value);
    }
};

// Scenario-wide properties (currency, horizon, reference GPU, ...); name and parts are ignored.
template <>
struct EditTarget<Scenario> {
    static constexpr int commandId = 1002;
    static void write(Document &document, qint64 id, const Scenario &value)
    {
        document.scenarios().setProperties(id, value);
    }
};

template <>
struct EditTarget<OnPremBuild> {
    static constexpr int commandId = 1003;
    static void write(Document &document, qint64 id, const OnPremBuild &value)
    {
        document.scenarios().updateBuild(id, value);
    }
};

template <>
struct EditTarget<CloudOption> {
    static constexpr int commandId = 1004;
    static void write(Document &document, qint64 id, const CloudOption &value)
    {
        document.scenarios().updateCloudOption(id, value);
    }
};

template <>
struct EditTarget<Component> {
    static constexpr int commandId = 1005;
    static void write(Document &document, qint64 id, const Component &value)
    {
        document.scenarios().updateComponent(id, value);
    }
};

template <>
struct EditTarget<ApiOption> {
    static constexpr int commandId = 1006;
    static void write(Document &document, qint64 id, const ApiOption &value)
    {
        document.scenarios().updateApiOption(id, value);
    }
};

template <typename T>
class FieldEditCommand : public DocumentCommand {
public:
    FieldEditCommand(DocumentContext &context, qint64 scenarioId, qint64 objectId, QString field,
                     T before, T after, const QString &text)
        : DocumentCommand(context, text)
        , m_scenarioId(scenarioId)
        , m_objectId(objectId)
        , m_field(std::move(field))
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }

    int id() const override { return EditTarget<T>::commandId; }

    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *next = static_cast<const FieldEditCommand *>(other);
        if (next->m_field != m_field || next->m_objectId != m_objectId)
            return false;
        m_after = next->m_after;
        // Back where it started: the step changes nothing and leaves the stack.
        if (m_after == m_before)
            setObsolete(true);
        return true;
    }

    const QString &field() const { return m_field; }

protected:
    void apply() override { EditTarget<T>::write(document(), m_objectId, m_after); }
    void revert() override { EditTarget<T>::write(document(), m_objectId, m_before); }
    qint64 affectedScenario() const override { return m_scenarioId; }

private:
    qint64 m_scenarioId;
    qint64 m_objectId;
    QString m_field;
    T m_before;
    T m_after;
};

} // namespace breakeven
