#include "scenariocommands.h"

#include "inputerror.h"

namespace breakeven {

QString uniqueScenarioName(const QString &name, const QStringList &taken)
{
    if (!taken.contains(name))
        return name;
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1 (%2)").arg(name).arg(n);
        if (!taken.contains(candidate))
            return candidate;
    }
}

AddScenarioCommand::AddScenarioCommand(DocumentContext &context, Scenario scenario, const QString &text)
    : DocumentCommand(context, text)
    , m_scenario(std::move(scenario))
{
}

void AddScenarioCommand::apply()
{
    // save() would replace a scenario of the same name; adding must never overwrite one.
    if (document().scenarios().findId(m_scenario.name))
        throw InputError(m_scenario.name, QObject::tr("a scenario of this name already exists"));
    const qint64 id = document().scenarios().save(m_scenario);
    if (m_id)
        context().remap(RowKind::Scenario, m_id, id);
    m_id = id;
}

void AddScenarioCommand::revert()
{
    document().scenarios().remove(m_scenario.name);
}

void AddScenarioCommand::notifyChanged(bool forward)
{
    context().notifyScenarioListChanged(forward ? m_scenario.name : QString());
}

DuplicateScenarioCommand::DuplicateScenarioCommand(DocumentContext &context, QString name, QString copyName)
    : DocumentCommand(context, QObject::tr("Duplicate scenario %1").arg(name))
    , m_name(std::move(name))
    , m_copyName(std::move(copyName))
{
}

void DuplicateScenarioCommand::apply()
{
    const qint64 id = document().scenarios().duplicate(m_name, m_copyName);
    if (m_id)
        context().remap(RowKind::Scenario, m_id, id);
    m_id = id;
}

void DuplicateScenarioCommand::revert()
{
    document().scenarios().remove(m_copyName);
}

void DuplicateScenarioCommand::notifyChanged(bool forward)
{
    context().notifyScenarioListChanged(forward ? m_copyName : m_name);
}

RenameScenarioCommand::RenameScenarioCommand(DocumentContext &context, QString name, QString newName)
    : DocumentCommand(context, QObject::tr("Rename scenario %1 to %2").arg(name, newName))
    , m_name(std::move(name))
    , m_newName(std::move(newName))
{
}

void RenameScenarioCommand::apply()
{
    document().scenarios().rename(m_name, m_newName);
}

void RenameScenarioCommand::revert()
{
    document().scenarios().rename(m_newName, m_name);
}

void RenameScenarioCommand::notifyChanged(bool forward)
{
    context().notifyScenarioListChanged(forward ? m_newName : m_name);
}

RemoveScenarioCommand::RemoveScenarioCommand(DocumentContext &context, QString name)
    : DocumentCommand(context, QObject::tr("Delete scenario %1").arg(name))
    , m_name(std::move(name))
{
}

void RemoveScenarioCommand::apply()
{
    auto &scenarios = document().scenarios();
    const auto id = scenarios.findId(m_name);
    if (!id)
        throw InputError(m_name, QObject::tr("no such scenario"));
    m_removed = scenarios.loadStored(*id);
    scenarios.remove(m_name);
}

void RemoveScenarioCommand::revert()
{
    if (!m_removed)
        return;
    auto &scenarios = document().scenarios();
    const qint64 id = scenarios.save(m_removed->scenario);
    // The restored rows have new ids; commands further down the stack still hold the old ones.
    context().remap(m_removed->ids, scenarios.loadStored(id).ids);
}

void RemoveScenarioCommand::notifyChanged(bool forward)
{
    context().notifyScenarioListChanged(forward ? QString() : m_name);
}

} // namespace breakeven
