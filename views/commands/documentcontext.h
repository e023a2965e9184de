// What undo commands work on: the open document, the undo stack they live in, and the row ids
// that changed under them. Deleting a row and undoing the deletion inserts a new row with a new
// id; the map lets older commands on the stack still find "their" object.
#pragma once

#include "store/scenariorepository.h"

#include <QHash>
#include <QObject>

#include <memory>

class QUndoCommand;
class QUndoStack;

namespace breakeven {

class Document;

enum class RowKind { Scenario, Build, CloudOption, Component };

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

    // Pushes onto the stack, which runs redo(); a command that failed is dropped by the stack.
    void push(QUndoCommand *command);

    qint64 resolve(RowKind kind, qint64 id) const;
    void remap(RowKind kind, qint64 oldId, qint64 newId);
    // Maps every part of `before` to the part at the same position in `after`.
    void remap(const ScenarioIds &before, const ScenarioIds &after);

    // Called by commands once their change is in the document.
    void notifyScenarioChanged(qint64 scenarioId);
    void notifyScenarioListChanged(const QString &selectName = {});
    void reportError(const QString &message);

signals:
    void documentReplaced();
    void scenarioChanged(qint64 scenarioId);
    // `selectName`: the scenario the user just created or renamed, to be selected.
    void scenarioListChanged(const QString &selectName);
    void errorOccurred(const QString &message);

private:
    std::unique_ptr<Document> m_document;
    QUndoStack *m_stack;
    QHash<qint64, qint64> m_ids[4];
};

} // namespace breakeven
