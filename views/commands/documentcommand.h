// Base of every undo command: runs the change against the document and keeps the stack honest.
// A change the store refuses (InputError) leaves the document as it was, because every
// repository call is one transaction; the command then marks itself obsolete so that the stack
// drops it instead of recording a step that never happened.
#pragma once

#include "documentcontext.h"

#include <QUndoCommand>

namespace breakeven {

class DocumentCommand : public QUndoCommand {
public:
    explicit DocumentCommand(DocumentContext &context, const QString &text = {});

    void redo() final;
    void undo() final;

protected:
    virtual void apply() = 0;
    virtual void revert() = 0;
    // The scenario whose view must be refreshed afterwards; 0 refreshes the scenario list.
    virtual qint64 affectedScenario() const { return 0; }
    // Tells the views what changed; the default refreshes affectedScenario() or the list.
    virtual void notifyChanged(bool forward);

    DocumentContext &context() const { return m_context; }
    Document &document() const { return m_context.doc(); }
    // Runs several repository calls as one transaction.
    template <typename Work>
    void atomically(Work &&work);

private:
    void run(bool forward);

    DocumentContext &m_context;
};

} // namespace breakeven

#include "store/document.h"

template <typename Work>
void breakeven::DocumentCommand::atomically(Work &&work)
{
    document().connection().write(std::forward<Work>(work));
}
