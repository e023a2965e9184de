#include "documentcontext.h"

#include "store/document.h"

#include <QUndoStack>

namespace breakeven {

DocumentContext::DocumentContext(QObject *parent)
    : QObject(parent)
    , m_stack(new QUndoStack(this))
{
}

DocumentContext::~DocumentContext()
{
    // Commands may still point at the document while the stack deletes them.
    m_stack->clear();
}

void DocumentContext::setDocument(std::unique_ptr<Document> document)
{
    m_stack->clear();
    for (auto &ids : m_ids)
        ids.clear();
    m_document = std::move(document);
    emit documentReplaced();
}

void DocumentContext::push(QUndoCommand *command)
{
    m_stack->push(command);
}

qint64 DocumentContext::resolve(RowKind kind, qint64 id) const
{
    const auto &ids = m_ids[int(kind)];
    // A row can be deleted and restored several times; follow the chain to its current id.
    for (int hops = 0; hops < 64; ++hops) {
        auto it = ids.constFind(id);
        if (it == ids.constEnd() || it.value() == id)
            break;
        id = it.value();
    }
    return id;
}

void DocumentContext::remap(RowKind kind, qint64 oldId, qint64 newId)
{
    if (oldId != newId)
        m_ids[int(kind)].insert(oldId, newId);
}

void DocumentContext::remap(const ScenarioIds &before, const ScenarioIds &after)
{
    remap(RowKind::Scenario, before.scenario, after.scenario);
    for (size_t i = 0; i < before.cloudOptions.size() && i < after.cloudOptions.size(); ++i)
        remap(RowKind::CloudOption, before.cloudOptions[i], after.cloudOptions[i]);
    for (size_t i = 0; i < before.builds.size() && i < after.builds.size(); ++i) {
        remap(RowKind::Build, before.builds[i], after.builds[i]);
        if (i < before.components.size() && i < after.components.size()) {
            const auto &from = before.components[i];
            const auto &to = after.components[i];
            for (size_t c = 0; c < from.size() && c < to.size(); ++c)
                remap(RowKind::Component, from[c], to[c]);
        }
    }
}

void DocumentContext::notifyScenarioChanged(qint64 scenarioId)
{
    emit scenarioChanged(scenarioId);
}

void DocumentContext::notifyScenarioListChanged(const QString &selectName)
{
    emit scenarioListChanged(selectName);
}

void DocumentContext::reportError(const QString &message)
{
    emit errorOccurred(message);
}

} // namespace breakeven
