#include "partcommands.h"

#include <algorithm>

namespace breakeven {

namespace {

// Component ids of a build as the document holds them, in list order.
std::vector<qint64> componentIdsOf(Document &document, qint64 scenarioId, qint64 buildId)
{
    const ScenarioIds ids = document.scenarios().loadStored(scenarioId).ids;
    const auto it = std::find(ids.builds.begin(), ids.builds.end(), buildId);
    if (it == ids.builds.end())
        return {};
    return ids.components[size_t(it - ids.builds.begin())];
}

} // namespace

BuildPresenceCommand::BuildPresenceCommand(DocumentContext &context, const QString &text, bool adds,
                                           qint64 scenarioId, OnPremBuild build, int position)
    : DocumentCommand(context, text)
    , m_adds(adds)
    , m_scenarioId(scenarioId)
    , m_build(std::move(build))
    , m_position(position)
{
}

BuildPresenceCommand *BuildPresenceCommand::add(DocumentContext &context, qint64 scenarioId, OnPremBuild build)
{
    const QString text = QObject::tr("Add build %1").arg(build.name);
    return new BuildPresenceCommand(context, text, true, scenarioId, std::move(build), -1);
}

BuildPresenceCommand *BuildPresenceCommand::remove(DocumentContext &context, qint64 scenarioId, qint64 buildId,
                                                   std::vector<qint64> componentIds, OnPremBuild build, int position)
{
    const QString text = QObject::tr("Delete build %1").arg(build.name);
    auto *command = new BuildPresenceCommand(context, text, false, scenarioId, std::move(build), position);
    command->m_buildId = buildId;
    command->m_componentIds = std::move(componentIds);
    return command;
}

void BuildPresenceCommand::apply()
{
    m_adds ? insert() : erase();
}

void BuildPresenceCommand::revert()
{
    m_adds ? erase() : insert();
}

qint64 BuildPresenceCommand::affectedScenario() const
{
    return context().resolve(RowKind::Scenario, m_scenarioId);
}

void BuildPresenceCommand::insert()
{
    const qint64 scenarioId = affectedScenario();
    const qint64 id = document().scenarios().addBuild(scenarioId, m_build, m_position);
    const std::vector<qint64> components = componentIdsOf(document(), scenarioId, id);
    if (m_buildId) {
        context().remap(RowKind::Build, m_buildId, id);
        for (size_t i = 0; i < m_componentIds.size() && i < components.size(); ++i)
            context().remap(RowKind::Component, m_componentIds[i], components[i]);
    }
    m_buildId = id;
    m_componentIds = components;
}

void BuildPresenceCommand::erase()
{
    const qint64 id = context().resolve(RowKind::Build, m_buildId);
    // The build may have been edited since it was added: put back what is there now.
    const StoredScenario stored = document().scenarios().loadStored(affectedScenario());
    const auto it = std::find(stored.ids.builds.begin(), stored.ids.builds.end(), id);
    if (it != stored.ids.builds.end()) {
        const size_t index = size_t(it - stored.ids.builds.begin());
        m_build = stored.scenario.onPremOptions[index];
        m_position = int(index);
        m_componentIds = stored.ids.components[index];
    }
    document().scenarios().removeBuild(id);
    m_buildId = id;
}

CloudOptionPresenceCommand::CloudOptionPresenceCommand(DocumentContext &context, const QString &text, bool adds,
                                                       qint64 scenarioId, CloudOption option,
                                                       std::optional<qint64> offerId, int position)
    : DocumentCommand(context, text)
    , m_adds(adds)
    , m_scenarioId(scenarioId)
    , m_option(std::move(option))
    , m_offerId(offerId)
    , m_position(position)
{
}

CloudOptionPresenceCommand *CloudOptionPresenceCommand::add(DocumentContext &context, qint64 scenarioId,
                                                            CloudOption option, std::optional<qint64> offerId)
{
    const QString text = QObject::tr("Add cloud option %1").arg(option.name);
    return new CloudOptionPresenceCommand(context, text, true, scenarioId, std::move(option), offerId, -1);
}

CloudOptionPresenceCommand *CloudOptionPresenceCommand::remove(DocumentContext &context, qint64 scenarioId,
                                                               qint64 optionId, CloudOption option,
                                                               std::optional<qint64> offerId, int position)
{
    const QString text = QObject::tr("Delete cloud option %1").arg(option.name);
    auto *command = new CloudOptionPresenceCommand(context, text, false, scenarioId, std::move(option), offerId,
                                                   position);
    command->m_optionId = optionId;
    return command;
}

void CloudOptionPresenceCommand::apply()
{
    m_adds ? insert() : erase();
}

void CloudOptionPresenceCommand::revert()
{
    m_adds ? erase() : insert();
}

qint64 CloudOptionPresenceCommand::affectedScenario() const
{
    return context().resolve(RowKind::Scenario, m_scenarioId);
}

void CloudOptionPresenceCommand::insert()
{
    const qint64 id = document().scenarios().addCloudOption(affectedScenario(), m_option, m_offerId, m_position);
    if (m_optionId)
        context().remap(RowKind::CloudOption, m_optionId, id);
    m_optionId = id;
}

void CloudOptionPresenceCommand::erase()
{
    const qint64 id = context().resolve(RowKind::CloudOption, m_optionId);
    const StoredScenario stored = document().scenarios().loadStored(affectedScenario());
    const auto &ids = stored.ids.cloudOptions;
    const auto it = std::find(ids.begin(), ids.end(), id);
    if (it != ids.end()) {
        const size_t index = size_t(it - ids.begin());
        m_option = stored.scenario.cloudOptions[index];
        m_offerId = stored.ids.cloudOptionOffers[index];
        m_position = int(index);
    }
    document().scenarios().removeCloudOption(id);
    m_optionId = id;
}

ComponentPresenceCommand::ComponentPresenceCommand(DocumentContext &context, const QString &text, bool adds,
                                                   qint64 scenarioId, qint64 buildId, Component component,
                                                   int position)
    : DocumentCommand(context, text)
    , m_adds(adds)
    , m_scenarioId(scenarioId)
    , m_buildId(buildId)
    , m_component(std::move(component))
    , m_position(position)
{
}

ComponentPresenceCommand *ComponentPresenceCommand::add(DocumentContext &context, qint64 scenarioId,
                                                        qint64 buildId, const QString &buildName,
                                                        Component component)
{
    const QString text = QObject::tr("Add component %1 to %2").arg(component.name, buildName);
    return new ComponentPresenceCommand(context, text, true, scenarioId, buildId, std::move(component), -1);
}

ComponentPresenceCommand *ComponentPresenceCommand::remove(DocumentContext &context, qint64 scenarioId,
                                                           qint64 buildId, const QString &buildName,
                                                           qint64 componentId, Component component, int position)
{
    const QString text = QObject::tr("Remove component %1 from %2").arg(component.name, buildName);
    auto *command = new ComponentPresenceCommand(context, text, false, scenarioId, buildId, std::move(component),
                                                 position);
    command->m_componentId = componentId;
    return command;
}

void ComponentPresenceCommand::apply()
{
    m_adds ? insert() : erase();
}

void ComponentPresenceCommand::revert()
{
    m_adds ? erase() : insert();
}

qint64 ComponentPresenceCommand::affectedScenario() const
{
    return context().resolve(RowKind::Scenario, m_scenarioId);
}

void ComponentPresenceCommand::insert()
{
    const qint64 buildId = context().resolve(RowKind::Build, m_buildId);
    const qint64 id = document().scenarios().addComponent(buildId, m_component, m_position);
    if (m_componentId)
        context().remap(RowKind::Component, m_componentId, id);
    m_componentId = id;
}

void ComponentPresenceCommand::erase()
{
    const qint64 buildId = context().resolve(RowKind::Build, m_buildId);
    const qint64 id = context().resolve(RowKind::Component, m_componentId);
    const StoredScenario stored = document().scenarios().loadStored(affectedScenario());
    for (size_t b = 0; b < stored.ids.builds.size(); ++b) {
        if (stored.ids.builds[b] != buildId)
            continue;
        const auto &components = stored.ids.components[b];
        const auto it = std::find(components.begin(), components.end(), id);
        if (it != components.end()) {
            m_position = int(it - components.begin());
            m_component = stored.scenario.onPremOptions[b].components[size_t(m_position)];
        }
    }
    document().scenarios().removeComponent(id);
    m_componentId = id;
}

MoveComponentCommand::MoveComponentCommand(DocumentContext &context, qint64 scenarioId, qint64 componentId,
                                           const QString &name, int from, int to)
    : DocumentCommand(context, QObject::tr("Move component %1").arg(name))
    , m_scenarioId(scenarioId)
    , m_componentId(componentId)
    , m_from(from)
    , m_to(to)
{
}

void MoveComponentCommand::apply()
{
    document().scenarios().moveComponent(context().resolve(RowKind::Component, m_componentId), m_to);
}

void MoveComponentCommand::revert()
{
    document().scenarios().moveComponent(context().resolve(RowKind::Component, m_componentId), m_from);
}

qint64 MoveComponentCommand::affectedScenario() const
{
    return context().resolve(RowKind::Scenario, m_scenarioId);
}

ReplaceBuildCommand::ReplaceBuildCommand(DocumentContext &context, qint64 scenarioId, qint64 buildId,
                                         std::vector<qint64> componentIds, OnPremBuild before, OnPremBuild after,
                                         const QString &text)
    : DocumentCommand(context, text)
    , m_scenarioId(scenarioId)
    , m_buildId(buildId)
    , m_beforeIds(std::move(componentIds))
    , m_before(std::move(before))
    , m_after(std::move(after))
{
}

void ReplaceBuildCommand::apply()
{
    write(m_after, m_afterIds, m_beforeIds);
}

void ReplaceBuildCommand::revert()
{
    write(m_before, m_beforeIds, m_afterIds);
}

qint64 ReplaceBuildCommand::affectedScenario() const
{
    return context().resolve(RowKind::Scenario, m_scenarioId);
}

void ReplaceBuildCommand::write(const OnPremBuild &build, std::vector<qint64> &ownIds,
                                const std::vector<qint64> &otherIds)
{
    const qint64 buildId = context().resolve(RowKind::Build, m_buildId);
    std::vector<qint64> added;
    atomically([&] {
        auto &scenarios = document().scenarios();
        scenarios.updateBuild(buildId, build);
        for (qint64 id : otherIds)
            scenarios.removeComponent(context().resolve(RowKind::Component, id));
        for (const Component &component : build.components)
            added.push_back(scenarios.addComponent(buildId, component));
    });
    // Only once the transaction has committed: after a failure the old ids are still valid.
    if (ownIds.empty()) {
        ownIds = std::move(added);
        return;
    }
    for (size_t i = 0; i < ownIds.size() && i < added.size(); ++i)
        context().remap(RowKind::Component, ownIds[i], added[i]);
}

} // namespace breakeven
