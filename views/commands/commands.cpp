#include "commands.h"

#include "catalog/bundledcatalog.h"
#include "catalog/gpucatalog.h"
#include "document/documentcontext.h"
#include "engine/assembly.h"
#include "fieldeditcommand.h"
#include "inputerror.h"
#include "presencecommand.h"
#include "store/document.h"

#include <QUndoStack>

namespace breakeven {

QString uniqueName(const QString &base, const QStringList &taken)
{
    if (!taken.contains(base))
        return base;
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1 (%2)").arg(base).arg(n);
        if (!taken.contains(candidate))
            return candidate;
    }
}

} // namespace breakeven

namespace breakeven::commands {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("commands", text);
}

class RenameScenarioCommand : public DocumentCommand {
public:
    RenameScenarioCommand(DocumentContext &context, qint64 scenarioId, QString name, QString newName)
        : DocumentCommand(context, tr("Rename scenario %1 to %2").arg(name, newName))
        , m_id(scenarioId)
        , m_name(std::move(name))
        , m_newName(std::move(newName))
    {
    }

protected:
    void apply() override { document().scenarios().rename(m_id, m_newName); }
    void revert() override { document().scenarios().rename(m_id, m_name); }
    qint64 affectedScenario() const override { return m_id; }

private:
    qint64 m_id;
    QString m_name;
    QString m_newName;
};

// A price sheet's import or a price refresh, already written when the command is made (by the
// worker's own connection): its first redo does nothing; undo takes the recorded change back, redo writes
// it again (CatalogRepository::applyChangeset).
class ImportSheetCommand : public DocumentCommand {
public:
    ImportSheetCommand(DocumentContext &context, const QString &text, QByteArray changeset)
        : DocumentCommand(context, text)
        , m_changeset(std::move(changeset))
    {
    }

protected:
    void apply() override
    {
        if (m_written) {
            m_written = false;
            return;
        }
        document().catalog().applyChangeset(m_changeset, false);
    }
    void revert() override { document().catalog().applyChangeset(m_changeset, true); }

private:
    QByteArray m_changeset;
    bool m_written = true;
};

class MoveComponentCommand : public DocumentCommand {
public:
    MoveComponentCommand(DocumentContext &context, qint64 scenarioId, qint64 componentId, const QString &name,
                         int from, int to)
        : DocumentCommand(context, tr("Move component %1").arg(name))
        , m_scenarioId(scenarioId)
        , m_componentId(componentId)
        , m_from(from)
        , m_to(to)
    {
    }

protected:
    void apply() override { document().scenarios().moveComponent(m_componentId, m_to); }
    void revert() override { document().scenarios().moveComponent(m_componentId, m_from); }
    qint64 affectedScenario() const override { return m_scenarioId; }

private:
    qint64 m_scenarioId;
    qint64 m_componentId;
    int m_from;
    int m_to;
};

class ReplaceBuildCommand : public DocumentCommand {
public:
    ReplaceBuildCommand(DocumentContext &context, qint64 scenarioId, qint64 buildId, OnPremBuild before,
                        OnPremBuild after, const QString &text)
        : DocumentCommand(context, text)
        , m_scenarioId(scenarioId)
        , m_buildId(buildId)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
    }

protected:
    void apply() override
    {
        auto &scenarios = document().scenarios();
        if (m_beforeIds.empty() && !m_before.components.empty())
            m_beforeIds = scenarios.loadBuild(m_buildId).components;
        if (m_afterIds.empty())
            m_afterIds = scenarios.replaceBuild(m_buildId, m_after);
        else
            scenarios.replaceBuild(m_buildId, m_after, m_afterIds);
    }
    void revert() override { document().scenarios().replaceBuild(m_buildId, m_before, m_beforeIds); }
    qint64 affectedScenario() const override { return m_scenarioId; }

private:
    qint64 m_scenarioId;
    qint64 m_buildId;
    OnPremBuild m_before;
    OnPremBuild m_after;
    std::vector<qint64> m_beforeIds;
    std::vector<qint64> m_afterIds;
};

// A hybrid's units (K or the engine's choice) or its name: the row written again with one value.
class HybridFieldCommand : public DocumentCommand {
public:
    using Write = std::function<void(Document &, qint64 id, bool after)>;
    HybridFieldCommand(DocumentContext &context, const QString &text, qint64 scenarioId, qint64 hybridId, Write write)
        : DocumentCommand(context, text)
        , m_scenarioId(scenarioId)
        , m_hybridId(hybridId)
        , m_write(std::move(write))
    {
    }

protected:
    void apply() override { m_write(document(), m_hybridId, true); }
    void revert() override { m_write(document(), m_hybridId, false); }
    qint64 affectedScenario() const override { return m_scenarioId; }

private:
    qint64 m_scenarioId;
    qint64 m_hybridId;
    Write m_write;
};

// Sets or clears the workload's demand profile. The workload as it was (fields and profile) is
// read when the step is first done and written back whole by its undo.
class WorkloadDemandCommand : public DocumentCommand {
public:
    WorkloadDemandCommand(DocumentContext &context, const QString &text, qint64 scenarioId,
                          std::optional<WorkloadDemand> demand)
        : DocumentCommand(context, text)
        , m_scenarioId(scenarioId)
        , m_demand(std::move(demand))
    {
    }

protected:
    void apply() override
    {
        auto &scenarios = document().scenarios();
        if (!m_before)
            m_before = scenarios.loadWorkload(m_scenarioId);
        scenarios.setWorkloadDemand(m_scenarioId, m_demand);
    }
    void revert() override
    {
        if (m_before)
            document().scenarios().restoreWorkload(m_scenarioId, *m_before);
    }
    qint64 affectedScenario() const override { return m_scenarioId; }

private:
    qint64 m_scenarioId;
    std::optional<WorkloadDemand> m_demand;
    std::optional<Workload> m_before;
};

// "Change electricity price of 4090 workstation"
QString editText(const QString &label, const QString &objectName)
{
    return tr("Change %1 of %2").arg(label, objectName);
}

template <typename T>
void pushEdit(DocumentContext &context, qint64 scenarioId, qint64 objectId, const QString &field,
              const T &before, const T &after, const QString &text)
{
    if (before == after)
        return;
    context.push(new FieldEditCommand<T>(context, scenarioId, objectId, field, before, after, text));
}

void pushAddScenario(DocumentContext &context, const Scenario &scenario, const QString &text)
{
    auto *command = new PresenceCommand<StoredScenario>(
        context, text, 0, [scenario](Document &document) { return document.scenarios().add(scenario); });
    command->setSelectsScenario(true);
    context.push(command);
}

} // namespace

void addScenario(DocumentContext &context, const Scenario &scenario)
{
    pushAddScenario(context, scenario, tr("Add scenario %1").arg(scenario.name));
}

void importScenario(DocumentContext &context, const Scenario &scenario)
{
    pushAddScenario(context, scenario, tr("Import scenario %1").arg(scenario.name));
}

void duplicateScenario(DocumentContext &context, const QString &name, const QString &copyName)
{
    auto *command = new PresenceCommand<StoredScenario>(
        context, tr("Duplicate scenario %1").arg(name), 0,
        [name, copyName](Document &document) { return document.scenarios().duplicate(name, copyName); });
    command->setSelectsScenario(true);
    context.push(command);
}

void renameScenario(DocumentContext &context, qint64 scenarioId, const QString &name, const QString &newName)
{
    if (name == newName)
        return;
    context.push(new RenameScenarioCommand(context, scenarioId, name, newName));
}

void removeScenario(DocumentContext &context, qint64 scenarioId, const QString &name)
{
    auto *command = new PresenceCommand<StoredScenario>(context, tr("Delete scenario %1").arg(name), 0, scenarioId);
    command->setSelectsScenario(true); // an undone removal shows the scenario again
    context.push(command);
}

void editScenario(DocumentContext &context, qint64 scenarioId, const QString &field, const QString &label,
                  const Scenario &before, const Scenario &after)
{
    pushEdit(context, scenarioId, scenarioId, field, before, after, editText(label, before.name));
}

void keepWorkloadCountIn(DocumentContext &context, qint64 scenarioId, const Scenario &before, const QString &model)
{
    Scenario after = before;
    after.referenceGpu = model;
    beginGroup(context, tr("Count the workload of %1 in %2").arg(before.name, model));
    editScenario(context, scenarioId, QStringLiteral("referenceGpu"), tr("reference GPU"), before, after);
    endGroup(context);
}

bool countWorkloadIn(DocumentContext &context, qint64 scenarioId, const Scenario &before, const QString &model,
                     const GpuCatalog &catalog)
{
    if (GpuCatalog::normalized(model) == GpuCatalog::normalized(before.referenceGpu))
        return true;
    const auto gpus = workloadGpusAs(before, model, catalog);
    if (!gpus)
        return false;
    Scenario after = before;
    after.referenceGpu = model;
    Workload workload = before.workload;
    workload.gpus = *gpus;
    beginGroup(context, tr("Count the workload of %1 in %2").arg(before.name, model));
    editScenario(context, scenarioId, QStringLiteral("referenceGpu"), tr("reference GPU"), before, after);
    editWorkload(context, scenarioId, before.name, QStringLiteral("gpus"), tr("GPUs"), before.workload, workload);
    endGroup(context);
    return true;
}

void editWorkload(DocumentContext &context, qint64 scenarioId, const QString &scenarioName, const QString &field,
                  const QString &label, const Workload &before, const Workload &after)
{
    pushEdit(context, scenarioId, scenarioId, field, before, after, editText(label, scenarioName));
}

void editBuild(DocumentContext &context, qint64 scenarioId, qint64 buildId, const QString &field,
               const QString &label, const OnPremBuild &before, const OnPremBuild &after)
{
    pushEdit(context, scenarioId, buildId, field, before, after, editText(label, before.name));
}

void editCloudOption(DocumentContext &context, qint64 scenarioId, qint64 optionId, const QString &field,
                     const QString &label, const CloudOption &before, const CloudOption &after)
{
    pushEdit(context, scenarioId, optionId, field, before, after, editText(label, before.name));
}

void editComponent(DocumentContext &context, qint64 scenarioId, qint64 componentId, const QString &field,
                   const QString &label, const Component &before, const Component &after)
{
    pushEdit(context, scenarioId, componentId, field, before, after, editText(label, before.name));
}

void editApiOption(DocumentContext &context, qint64 scenarioId, qint64 optionId, const QString &field,
                   const QString &label, const ApiOption &before, const ApiOption &after)
{
    pushEdit(context, scenarioId, optionId, field, before, after, editText(label, before.name));
}

namespace {

// A part priced in a currency the scenario has no rate for would leave the scenario unable to be
// evaluated: the bundled reference rate goes in with it, in the same step (shown with its date and
// source in the scenario's settings). Returns whether a group was begun, to be ended by the caller.
bool beginWithRate(DocumentContext &context, qint64 scenarioId, const QString &currency, const QString &text)
{
    Scenario before;
    try {
        before = context.doc().scenarios().loadStored(scenarioId).scenario;
    } catch (const InputError &) {
        return false; // the add reports what is wrong
    }
    if (currency.isEmpty() || currency == before.currency || before.exchangeRates.count(currency))
        return false;
    const auto rate = bundledExchangeRates().rate(currency, before.currency);
    if (!rate)
        return false; // the scenario's settings ask for it, in words
    Scenario after = before;
    after.exchangeRates[currency] = *rate;
    beginGroup(context, text);
    editScenario(context, scenarioId, QStringLiteral("exchangeRates/") + currency, tr("exchange rate of %1").arg(currency),
                 before, after);
    return true;
}

} // namespace

void addBuild(DocumentContext &context, qint64 scenarioId, const OnPremBuild &build)
{
    const QString text = tr("Add build %1").arg(build.name);
    const bool grouped = beginWithRate(context, scenarioId, build.currency, text);
    context.push(new PresenceCommand<StoredBuild>(
        context, text, scenarioId,
        [scenarioId, build](Document &document) { return document.scenarios().addBuild(scenarioId, build); }));
    if (grouped)
        endGroup(context);
}

void removeBuild(DocumentContext &context, qint64 scenarioId, qint64 buildId, const QString &name)
{
    context.push(new PresenceCommand<StoredBuild>(context, tr("Delete build %1").arg(name), scenarioId, buildId));
}

void replaceBuild(DocumentContext &context, qint64 scenarioId, qint64 buildId, const OnPremBuild &before,
                  const OnPremBuild &after, const QString &exampleName)
{
    if (before == after)
        return;
    context.push(new ReplaceBuildCommand(context, scenarioId, buildId, before, after,
                                         tr("Apply example build %1 to %2").arg(exampleName, before.name)));
}

void addCloudOption(DocumentContext &context, qint64 scenarioId, const CloudOption &option,
                    std::optional<qint64> offerId)
{
    const QString text = tr("Add cloud option %1").arg(option.name);
    const bool grouped = beginWithRate(context, scenarioId, option.currency, text);
    context.push(new PresenceCommand<StoredCloudOption>(
        context, text, scenarioId,
        [scenarioId, option, offerId](Document &document) {
            return document.scenarios().addCloudOption(scenarioId, option, offerId);
        }));
    if (grouped)
        endGroup(context);
}

void removeCloudOption(DocumentContext &context, qint64 scenarioId, qint64 optionId, const QString &name)
{
    context.push(
        new PresenceCommand<StoredCloudOption>(context, tr("Delete cloud option %1").arg(name), scenarioId, optionId));
}

void addApiOption(DocumentContext &context, qint64 scenarioId, const ApiOption &option)
{
    const QString text = tr("Add API option %1").arg(option.name);
    const bool grouped = beginWithRate(context, scenarioId, option.currency, text);
    context.push(new PresenceCommand<StoredApiOption>(context, text, scenarioId, [scenarioId, option](Document &document) {
        return document.scenarios().addApiOption(scenarioId, option);
    }));
    if (grouped)
        endGroup(context);
}

void removeApiOption(DocumentContext &context, qint64 scenarioId, qint64 optionId, const QString &name)
{
    context.push(
        new PresenceCommand<StoredApiOption>(context, tr("Delete API option %1").arg(name), scenarioId, optionId));
}

void addComponent(DocumentContext &context, qint64 scenarioId, qint64 buildId, const QString &buildName,
                  const Component &component)
{
    context.push(new PresenceCommand<StoredComponent>(
        context, tr("Add component %1 to %2").arg(component.name, buildName), scenarioId,
        [buildId, component](Document &document) { return document.scenarios().addComponent(buildId, component); }));
}

void removeComponent(DocumentContext &context, qint64 scenarioId, qint64 componentId, const QString &name,
                     const QString &buildName)
{
    context.push(new PresenceCommand<StoredComponent>(
        context, tr("Remove component %1 from %2").arg(name, buildName), scenarioId, componentId));
}

void moveComponent(DocumentContext &context, qint64 scenarioId, qint64 componentId, const QString &name, int from,
                   int to)
{
    if (from == to)
        return;
    context.push(new MoveComponentCommand(context, scenarioId, componentId, name, from, to));
}

void addHybridOption(DocumentContext &context, qint64 scenarioId, qint64 buildId, qint64 cloudOptionId,
                     const QString &name, std::optional<int> units)
{
    context.push(new PresenceCommand<StoredHybridOption>(
        context, tr("Add hybrid option %1").arg(name), scenarioId,
        [=](Document &document) {
            return document.scenarios().addHybridOption(scenarioId, buildId, cloudOptionId, name, units);
        }));
}

void removeHybridOption(DocumentContext &context, qint64 scenarioId, qint64 hybridId, const QString &name)
{
    context.push(new PresenceCommand<StoredHybridOption>(context, tr("Delete hybrid option %1").arg(name),
                                                         scenarioId, hybridId));
}

void setHybridUnits(DocumentContext &context, qint64 scenarioId, qint64 hybridId, const QString &name,
                    std::optional<int> before, std::optional<int> after)
{
    if (before == after)
        return;
    const QString text = after ? tr("Own %1 units in %2").arg(*after).arg(name)
                               : tr("Choose the cheapest units for %1").arg(name);
    context.push(new HybridFieldCommand(context, text, scenarioId, hybridId,
                                        [before, after](Document &document, qint64 id, bool forward) {
                                            document.scenarios().setHybridUnits(id, forward ? after : before);
                                        }));
}

void renameHybridOption(DocumentContext &context, qint64 scenarioId, qint64 hybridId, const QString &name,
                        const QString &newName)
{
    if (name == newName)
        return;
    context.push(new HybridFieldCommand(context, tr("Rename hybrid option %1 to %2").arg(name, newName), scenarioId,
                                        hybridId, [name, newName](Document &document, qint64 id, bool forward) {
                                            document.scenarios().renameHybridOption(id, forward ? newName : name);
                                        }));
}

void importUsage(DocumentContext &context, qint64 scenarioId, const WorkloadDemand &demand)
{
    const QString text = demand.source.isEmpty() ? tr("Import usage") : tr("Import usage from %1").arg(demand.source);
    context.push(new WorkloadDemandCommand(context, text, scenarioId, demand));
}

void clearUsage(DocumentContext &context, qint64 scenarioId, const QString &scenarioName)
{
    context.push(new WorkloadDemandCommand(context, tr("Clear usage of %1").arg(scenarioName), scenarioId,
                                           std::nullopt));
}

void beginGroup(DocumentContext &context, const QString &text)
{
    context.undoStack()->beginMacro(text);
}

void endGroup(DocumentContext &context)
{
    context.undoStack()->endMacro();
}

void recordSheetImport(DocumentContext &context, const QString &fileName, const QByteArray &changeset)
{
    if (changeset.isEmpty())
        return;
    context.push(new ImportSheetCommand(context, ImportSheetCommand::tr("Import price sheet %1").arg(fileName), changeset));
}

void recordPriceRefresh(DocumentContext &context, const QStringList &sources, const QByteArray &changeset)
{
    if (changeset.isEmpty())
        return;
    context.push(new ImportSheetCommand(
        context, ImportSheetCommand::tr("Refresh prices from %1").arg(sources.join(QStringLiteral(", "))), changeset));
}

} // namespace breakeven::commands
