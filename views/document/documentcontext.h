// The open document as the window edits it: the document, the undo stack its commands live in,
// and the notifier that tells the views what each commit changed (docs/architecture.md).
// Commands hold row ids; an undone removal puts a row back under its own id, so the ids a
// command holds stay valid for as long as it is on the stack.
#pragma once

#include "documentnotifier.h"

#include <QObject>

#include <memory>

class QUndoCommand;
class QUndoStack;

namespace breakeven {

class Document;

class DocumentContext : public QObject {
    Q_OBJECT
public:
    explicit DocumentContext(QObject *parent = nullptr);
    ~DocumentContext() override;

    // Takes the document; the undo stack is cleared because its commands belong to the old one.
    void setDocument(std::unique_ptr<Document> document);
    Document *document() const { return m_document.get(); }
    Document &doc() const { return *m_document; }
    QUndoStack *undoStack() const { return m_stack; }
    DocumentNotifier &notifier() const { return *m_notifier; }

    // Pushes onto the stack, which runs redo(); a command that failed is dropped by the stack.
    // Only the command façade (views/commands/commands.h) calls this.
    void push(QUndoCommand *command);

    // Called by commands.
    void reportError(const QString &message);
    void requestSelection(qint64 scenarioId);

signals:
    void documentReplaced();
    void errorOccurred(const QString &message);
    // A command brought this scenario into view (added, duplicated, restored): show it.
    void selectionRequested(qint64 scenarioId);

private:
    std::unique_ptr<Document> m_document;
    QUndoStack *m_stack;
    DocumentNotifier *m_notifier;
};

} // namespace breakeven
