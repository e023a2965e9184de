// Scenario menu of the main window: scenarios and their parts added, copied, renamed, removed,
// and the catalog's "add to scenario" requests. Each is one command on the undo stack.
#include "mainwindow.h"

#include "catalog/bundledcatalog.h"
#include "catalog/cloudoptionfromoffer.h"
#include "commands/partcommands.h"
#include "commands/scenariocommands.h"
#include "inputerror.h"
#include "scenario/jsonfields.h"
#include "scenariopanel.h"
#include "store/document.h"

#include <QInputDialog>
#include <QUndoStack>

namespace breakeven {

namespace {

QString uniqueName(const QString &base, const QStringList &taken)
{
    return uniqueScenarioName(base, taken);
}

template <typename Parts>
QStringList namesOf(const Parts &parts)
{
    QStringList names;
    for (const auto &part : parts)
        names << part.name;
    return names;
}

} // namespace

void MainWindow::addScenario(const QString &name)
{
    if (!document())
        return;
    try {
        Scenario scenario;
        scenario.name = uniqueName(name.trimmed().isEmpty() ? tr("New scenario") : name.trimmed(),
                                   document()->scenarios().names());
        m_context->push(new AddScenarioCommand(*m_context, scenario, tr("Add scenario %1").arg(scenario.name)));
    } catch (const InputError &error) {
        showStatusError(error.message());
    }
}

void MainWindow::duplicateScenario()
{
    if (!document() || !m_hasCurrent)
        return;
    try {
        const QString name = m_current.scenario.name;
        m_context->push(new DuplicateScenarioCommand(*m_context, name,
                                                     uniqueName(name, document()->scenarios().names())));
    } catch (const InputError &error) {
        showStatusError(error.message());
    }
}

void MainWindow::chooseRenameScenario()
{
    if (!m_hasCurrent)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename Scenario"), tr("New name:"), QLineEdit::Normal,
                                               m_current.scenario.name, &ok);
    if (ok)
        renameScenario(name);
}

void MainWindow::renameScenario(const QString &newName)
{
    if (!document() || !m_hasCurrent)
        return;
    const QString name = newName.trimmed();
    if (name == m_current.scenario.name)
        return;
    try {
        if (name.isEmpty()) {
            showError(tr("Rename Scenario"), tr("A scenario needs a name."));
            return;
        }
        if (name.size() > json::kMaxNameLength) {
            showError(tr("Rename Scenario"),
                      tr("A scenario's name has at most %1 characters; this one has %2.").arg(json::kMaxNameLength).arg(name.size()));
            return;
        }
        if (document()->scenarios().names().contains(name)) {
            showError(tr("Rename Scenario"), tr("There is already a scenario called “%1”.").arg(name));
            return;
        }
        m_context->push(new RenameScenarioCommand(*m_context, m_current.scenario.name, name));
    } catch (const InputError &error) {
        showStatusError(error.message());
    }
}

void MainWindow::removeScenario()
{
    if (!document() || !m_hasCurrent)
        return;
    m_context->push(new RemoveScenarioCommand(*m_context, m_current.scenario.name));
}

void MainWindow::addBuild()
{
    if (!m_hasCurrent)
        return;
    const std::vector<OnPremBuild> examples = bundledExampleBuilds();
    OnPremBuild build = examples.empty() ? OnPremBuild() : examples.front();
    if (examples.empty()) {
        build.gpu = m_current.scenario.referenceGpu;
        build.components = {{build.gpu, 0, 1}};
    }
    build.name = uniqueName(examples.empty() ? tr("New build") : build.name, namesOf(m_current.scenario.onPremOptions));
    m_context->push(BuildPresenceCommand::add(*m_context, m_currentId, build));
    if (m_hasCurrent && !m_current.ids.builds.empty())
        m_panel->select(ScenarioTreeModel::Node::Build, m_current.ids.builds.back());
}

void MainWindow::addCloudOption()
{
    if (!m_hasCurrent)
        return;
    CloudOption option;
    std::optional<qint64> offerId;
    try {
        OfferFilter filter;
        filter.gpu = m_current.scenario.referenceGpu;
        filter.plan = PricingPlan::OnDemand;
        const auto cheapest = document()->catalog().offers(filter, OfferColumn::PricePerGpuHour, Qt::AscendingOrder, 0, 1);
        if (!cheapest.empty()) {
            option = cloudOptionFromOffer(cheapest.front().offer, PricingPlan::OnDemand);
            offerId = cheapest.front().id;
        }
    } catch (const InputError &error) {
        showStatusError(error.message());
    }
    if (option.gpu.isEmpty())
        option.gpu = m_current.scenario.referenceGpu;
    option.name = uniqueName(option.name.isEmpty() ? tr("New cloud option") : option.name,
                             namesOf(m_current.scenario.cloudOptions));
    m_context->push(CloudOptionPresenceCommand::add(*m_context, m_currentId, option, offerId));
    if (m_hasCurrent && !m_current.ids.cloudOptions.empty())
        m_panel->select(ScenarioTreeModel::Node::CloudOption, m_current.ids.cloudOptions.back());
}

void MainWindow::removeSelectedPart()
{
    if (!m_hasCurrent)
        return;
    const int position = m_panel->selectedPosition();
    switch (m_panel->selectedNode()) {
    case ScenarioTreeModel::Node::Build:
        if (position >= 0 && size_t(position) < m_current.ids.builds.size()) {
            m_context->push(BuildPresenceCommand::remove(*m_context, m_currentId, m_current.ids.builds[size_t(position)],
                                                         m_current.ids.components[size_t(position)],
                                                         m_current.scenario.onPremOptions[size_t(position)], position));
        }
        break;
    case ScenarioTreeModel::Node::CloudOption:
        if (position >= 0 && size_t(position) < m_current.ids.cloudOptions.size()) {
            const size_t at = size_t(position);
            m_context->push(CloudOptionPresenceCommand::remove(*m_context, m_currentId, m_current.ids.cloudOptions[at],
                                                               m_current.scenario.cloudOptions[at],
                                                               m_current.ids.cloudOptionOffers[at], position));
        }
        break;
    default:
        break;
    }
}

void MainWindow::addOffers(const QList<StoredOffer> &offers, PricingPlan plan)
{
    if (!m_hasCurrent || offers.isEmpty())
        return;
    QStringList taken = namesOf(m_current.scenario.cloudOptions);
    const qint64 scenarioId = m_currentId;
    undoStack()->beginMacro(tr("Add %n cloud option(s)", nullptr, int(offers.size())));
    for (const StoredOffer &offer : offers) {
        CloudOption option = cloudOptionFromOffer(offer.offer, plan);
        option.name = uniqueName(option.name, taken);
        taken << option.name;
        m_context->push(CloudOptionPresenceCommand::add(*m_context, scenarioId, option, offer.id));
    }
    undoStack()->endMacro();
}

void MainWindow::addGpu(const GpuModel &gpu)
{
    if (!m_hasCurrent)
        return;
    // A GPU picked from the catalog becomes a one-GPU build to start from.
    OnPremBuild build;
    build.gpu = gpu.name;
    build.gpuCount = 1;
    build.components = {{gpu.name, gpu.priceNewUsd, 1}};
    build.name = uniqueName(tr("%1 workstation").arg(gpu.name), namesOf(m_current.scenario.onPremOptions));
    m_context->push(BuildPresenceCommand::add(*m_context, m_currentId, build));
}

} // namespace breakeven
