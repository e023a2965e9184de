#include "documentcommand.h"

#include "inputerror.h"

namespace breakeven {

DocumentCommand::DocumentCommand(DocumentContext &context, const QString &text)
    : QUndoCommand(text)
    , m_context(context)
{
}

void DocumentCommand::redo()
{
    run(true);
}

void DocumentCommand::undo()
{
    run(false);
}

void DocumentCommand::run(bool forward)
{
    if (!m_context.document()) {
        setObsolete(true);
        return;
    }
    try {
        if (forward)
            apply();
        else
            revert();
    } catch (const InputError &error) {
        setObsolete(true);
        m_context.reportError(tr("“%1” was not done: %2").arg(text(), error.message()));
        // The document is unchanged, but an editor may still show the value that was refused.
        if (const qint64 scenario = affectedScenario()) {
            DocumentChange change;
            change.kind = DocumentChange::Kind::ScenarioChanged;
            change.scenarioId = scenario;
            change.engineInput = false;
            m_context.notifier().deliver({change});
        }
    }
}

} // namespace breakeven
