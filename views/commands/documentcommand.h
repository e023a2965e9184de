// Base of every undo command (built only by the façade, commands.h): runs the change against the
// document and keeps the stack honest. A change the store refuses (InputError) leaves the
// document as it was, because every repository call is one transaction; the command then marks
// itself obsolete so that the stack drops it instead of recording a step that never happened.
// Commands say nothing to the views: the store records what changed and the document's notifier
// tells them after the commit.
#pragma once

#include "document/documentcontext.h"

#include <QCoreApplication>
#include <QUndoCommand>

namespace breakeven {

class DocumentCommand : public QUndoCommand {
    Q_DECLARE_TR_FUNCTIONS(DocumentCommand)
public:
    explicit DocumentCommand(DocumentContext &context, const QString &text = {});

    void redo() final;
    void undo() final;

protected:
    virtual void apply() = 0;
    virtual void revert() = 0;
    // The scenario the command changes, so that its views can be put back after a refusal.
    virtual qint64 affectedScenario() const { return 0; }

    DocumentContext &context() const { return m_context; }
    Document &document() const { return m_context.doc(); }

private:
    void run(bool forward);

    DocumentContext &m_context;
};

} // namespace breakeven

#include "store/document.h"
