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
        m_context.reportError(QObject::tr("Could not %1: %2")
                                  .arg(text().isEmpty() ? QObject::tr("edit") : text().toLower(), error.message()));
        // The document is unchanged but the views may have shown the attempted value.
        const qint64 scenario = affectedScenario();
        if (scenario)
            m_context.notifyScenarioChanged(scenario);
        return;
    }
    notifyChanged(forward);
}

void DocumentCommand::notifyChanged(bool)
{
    const qint64 scenario = affectedScenario();
    if (scenario)
        m_context.notifyScenarioChanged(scenario);
    else
        m_context.notifyScenarioListChanged();
}

} // namespace breakeven
