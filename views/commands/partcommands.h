// Commands that add, remove or reorder the parts of a scenario: on-prem builds with their
// components, and cloud options. Removal remembers the position so that undo puts the part back
// where it was.
#pragma once

#include "documentcommand.h"

#include "domain.h"

#include <optional>
#include <vector>

namespace breakeven {

// Adds a build (redo) or removes it (undo); constructed with `buildId` set, the other way round.
class BuildPresenceCommand : public DocumentCommand {
public:
    static BuildPresenceCommand *add(DocumentContext &context, qint64 scenarioId, OnPremBuild build);
    static BuildPresenceCommand *remove(DocumentContext &context, qint64 scenarioId, qint64 buildId,
                                        std::vector<qint64> componentIds, OnPremBuild build, int position);

protected:
    void apply() override;
    void revert() override;
    qint64 affectedScenario() const override;

private:
    BuildPresenceCommand(DocumentContext &context, const QString &text, bool adds, qint64 scenarioId,
                         OnPremBuild build, int position);
    void insert();
    void erase();

    bool m_adds;
    qint64 m_scenarioId;
    OnPremBuild m_build;
    int m_position;
    qint64 m_buildId = 0;
    std::vector<qint64> m_componentIds;
};

class CloudOptionPresenceCommand : public DocumentCommand {
public:
    static CloudOptionPresenceCommand *add(DocumentContext &context, qint64 scenarioId, CloudOption option,
                                           std::optional<qint64> offerId = {});
    static CloudOptionPresenceCommand *remove(DocumentContext &context, qint64 scenarioId, qint64 optionId,
                                              CloudOption option, std::optional<qint64> offerId, int position);

protected:
    void apply() override;
    void revert() override;
    qint64 affectedScenario() const override;

private:
    CloudOptionPresenceCommand(DocumentContext &context, const QString &text, bool adds, qint64 scenarioId,
                               CloudOption option, std::optional<qint64> offerId, int position);
    void insert();
    void erase();

    bool m_adds;
    qint64 m_scenarioId;
    CloudOption m_option;
    std::optional<qint64> m_offerId;
    int m_position;
    qint64 m_optionId = 0;
};

class ComponentPresenceCommand : public DocumentCommand {
public:
    static ComponentPresenceCommand *add(DocumentContext &context, qint64 scenarioId, qint64 buildId,
                                         const QString &buildName, Component component);
    static ComponentPresenceCommand *remove(DocumentContext &context, qint64 scenarioId, qint64 buildId,
                                            const QString &buildName, qint64 componentId, Component component,
                                            int position);

protected:
    void apply() override;
    void revert() override;
    qint64 affectedScenario() const override;

private:
    ComponentPresenceCommand(DocumentContext &context, const QString &text, bool adds, qint64 scenarioId,
                             qint64 buildId, Component component, int position);
    void insert();
    void erase();

    bool m_adds;
    qint64 m_scenarioId;
    qint64 m_buildId;
    Component m_component;
    int m_position;
    qint64 m_componentId = 0;
};

class MoveComponentCommand : public DocumentCommand {
public:
    MoveComponentCommand(DocumentContext &context, qint64 scenarioId, qint64 componentId, const QString &name,
                         int from, int to);

protected:
    void apply() override;
    void revert() override;
    qint64 affectedScenario() const override;

private:
    qint64 m_scenarioId;
    qint64 m_componentId;
    int m_from;
    int m_to;
};

// Replaces a build's fields and its whole component list at once (an example build applied).
class ReplaceBuildCommand : public DocumentCommand {
public:
    ReplaceBuildCommand(DocumentContext &context, qint64 scenarioId, qint64 buildId,
                        std::vector<qint64> componentIds, OnPremBuild before, OnPremBuild after,
                        const QString &text);

protected:
    void apply() override;
    void revert() override;
    qint64 affectedScenario() const override;

private:
    // Writes `build` in place of the components `otherIds` stand for; `ownIds` are the ids the
    // first write of `build` gave its components, remapped on every later write.
    void write(const OnPremBuild &build, std::vector<qint64> &ownIds, const std::vector<qint64> &otherIds);

    qint64 m_scenarioId;
    qint64 m_buildId;
    std::vector<qint64> m_beforeIds;
    std::vector<qint64> m_afterIds;
    OnPremBuild m_before;
    OnPremBuild m_after;
};

} // namespace breakeven
