#include "documentcontext.h"

#include "store/document.h"

#include <QSignalBlocker>
#include <QUndoStack>

namespace breakeven {

DocumentContext::DocumentContext(QObject *parent)
    : QObject(parent)
    , m_stack(new QUndoStack(this))
    , m_notifier(new DocumentNotifier(this))
{
}

DocumentContext::~DocumentContext()
{
    // Commands may still point at the document while the stack deletes them.
    m_stack->clear();
    // Detached without a word: what listens is being destroyed with the window that owns this
    // (a reset now would reach a window already half gone).
    const QSignalBlocker quiet(m_notifier);
    m_notifier->setDocument(nullptr);
}

void DocumentContext::setDocument(std::unique_ptr<Document> document)
{
    m_stack->clear();
    m_notifier->setDocument(nullptr);
    m_document = std::move(document);
    emit documentReplaced();
    m_notifier->setDocument(m_document.get());
}

void DocumentContext::push(QUndoCommand *command)
{
    m_stack->push(command);
}

void DocumentContext::reportError(const QString &message)
{
    emit errorOccurred(message);
}

void DocumentContext::requestSelection(qint64 scenarioId)
{
    emit selectionRequested(scenarioId);
}

} // namespace breakeven
