// Scenario menu of the main window: scenarios and their parts added, copied, renamed, removed,
// and the catalog's "add to scenario" requests. What a new part starts as is newparts.h's; each
// action is one call of the command façade.
#include "mainwindow.h"

#include "addpartdialogs.h"
#include "apioptiondialog.h"

#include "commands/commands.h"
#include "compare/comparescenariosdialog.h"
#include "session/newparts.h"
#include "session/scenariosession.h"
#include "inputerror.h"
#include "exchange/jsonfields.h"
#include "scenariopanel.h"
#include "store/document.h"
#include "widgets/plural.h"

#include <QInputDialog>
#include <QUndoStack>

#include <optional>

namespace breakeven {

void MainWindow::addScenario(const QString &name)
{
    if (!document())
        return;
    try {
        Scenario scenario;
        // A careful analyst's default (docs/model.md, "What the horizon leaves out"): what the
        // hardware is still worth at the horizon counts; the scenario's settings say so and let
        // it be turned off.
        scenario.creditResaleValue = true;
        scenario.name = uniqueName(name.trimmed().isEmpty() ? tr("New scenario") : name.trimmed(),
                                   document()->scenarios().names());
        commands::addScenario(*m_context, scenario);
    } catch (const InputError &error) {
        showStatusError(error.message());
    }
}

void MainWindow::duplicateScenario()
{
    if (!document() || !current())
        return;
    try {
        const QString name = current()->scenario.name;
        commands::duplicateScenario(*m_context, name, uniqueName(name, document()->scenarios().names()));
    } catch (const InputError &error) {
        showStatusError(error.message());
    }
}

CompareScenariosDialog *MainWindow::compareScenarios()
{
    if (!document())
        return nullptr;
    std::vector<Scenario> scenarios;
    QStringList ticked;
    try {
        const QStringList names = document()->scenarios().names();
        for (const QString &name : names)
            scenarios.push_back(document()->scenarios().load(name));
        // The scenario shown is what the user has in mind, and the one shown before it (a variant
        // just made, or just looked at) what to set beside it; without one, its neighbour in the
        // list. The others are a tick away.
        if (const StoredScenario *shown = current()) {
            ticked << shown->scenario.name;
            QString other;
            if (m_previousScenarioId != 0 && m_previousScenarioId != currentId()) {
                for (const QString &name : names)
                    if (document()->scenarios().findId(name) == m_previousScenarioId)
                        other = name;
            }
            const qsizetype at = names.indexOf(shown->scenario.name);
            if (other.isEmpty() && names.size() > 1)
                other = names.value(at + 1 < names.size() ? at + 1 : at - 1);
            if (!other.isEmpty())
                ticked << other;
        }
    } catch (const InputError &error) {
        showStatusError(error.message());
        return nullptr;
    }
    auto *dialog = new CompareScenariosDialog(std::move(scenarios), m_session->gpuCatalog(), ticked, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

namespace {

// A name asked in a dialog wide enough for its title and a long name; null when cancelled.
std::optional<QString> askName(QWidget *parent, const QString &title, const QString &label, const QString &initial)
{
    QInputDialog dialog(parent);
    dialog.setWindowTitle(title);
    dialog.setLabelText(label);
    dialog.setTextValue(initial);
    dialog.setMinimumWidth(420);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.textValue();
}

} // namespace

void MainWindow::chooseAddScenario()
{
    if (!document())
        return;
    if (const auto name = askName(this, tr("Add Scenario"), tr("Name of the new scenario:"),
                                  uniqueName(tr("New scenario"), document()->scenarios().names())))
        addScenario(*name);
}

void MainWindow::chooseRenameScenario()
{
    if (!current())
        return;
    if (const auto name = askName(this, tr("Rename Scenario"), tr("New name:"), current()->scenario.name))
        renameScenario(*name);
}

void MainWindow::renameScenario(const QString &newName)
{
    if (!document() || !current())
        return;
    const QString name = newName.trimmed();
    if (name == current()->scenario.name)
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
        commands::renameScenario(*m_context, currentId(), current()->scenario.name, name);
    } catch (const InputError &error) {
        showStatusError(error.message());
    }
}

void MainWindow::removeScenario()
{
    if (!document() || !current())
        return;
    commands::removeScenario(*m_context, currentId(), current()->scenario.name);
}

void MainWindow::addBuild()
{
    if (!current())
        return;
    commands::addBuild(*m_context, currentId(), newparts::exampleBuild(current()->scenario));
    if (current() && !current()->ids.builds.empty())
        m_panel->select(ScenarioTreeModel::Node::Build, current()->ids.builds.back());
}

void MainWindow::chooseAddBuild()
{
    if (!current())
        return;
    AddBuildDialog dialog(current()->scenario, m_session->gpuCatalog().models(), this);
    if (dialog.exec() != QDialog::Accepted || !current())
        return;
    commands::addBuild(*m_context, currentId(), dialog.build());
    if (current() && !current()->ids.builds.empty())
        m_panel->select(ScenarioTreeModel::Node::Build, current()->ids.builds.back());
}

void MainWindow::chooseAddCloudOption()
{
    if (!current() || !document())
        return;
    AddCloudOptionDialog dialog(*document(), current()->scenario, this);
    if (dialog.exec() != QDialog::Accepted || !current())
        return;
    const newparts::NewCloudOption made = dialog.option();
    commands::addCloudOption(*m_context, currentId(), made.option, made.offerId);
    if (current() && !current()->ids.cloudOptions.empty())
        m_panel->select(ScenarioTreeModel::Node::CloudOption, current()->ids.cloudOptions.back());
}

void MainWindow::chooseAddApiOption()
{
    if (!current())
        return;
    std::vector<ApiOffer> offers;
    for (StoredApiOffer &stored : document()->apiOffers().offers())
        offers.push_back(std::move(stored.offer));
    AddApiOptionDialog dialog(current()->scenario, offers, this);
    if (dialog.exec() != QDialog::Accepted || !current())
        return;
    const std::optional<ApiOption> option = dialog.option();
    if (!option)
        return;
    commands::addApiOption(*m_context, currentId(), *option);
    if (current() && !current()->ids.apiOptions.empty())
        m_panel->select(ScenarioTreeModel::Node::ApiOption, current()->ids.apiOptions.back());
}

void MainWindow::addCloudOption()
{
    if (!current())
        return;
    try {
        const newparts::NewCloudOption made = newparts::cheapestCloudOption(*document(), current()->scenario);
        commands::addCloudOption(*m_context, currentId(), made.option, made.offerId);
    } catch (const InputError &error) {
        showStatusError(error.message());
        return;
    }
    if (current() && !current()->ids.cloudOptions.empty())
        m_panel->select(ScenarioTreeModel::Node::CloudOption, current()->ids.cloudOptions.back());
}

void MainWindow::removeSelectedPart()
{
    if (!current())
        return;
    const int position = m_panel->selectedPosition();
    switch (m_panel->selectedNode()) {
    case ScenarioTreeModel::Node::Build:
        if (position >= 0 && size_t(position) < current()->ids.builds.size()) {
            commands::removeBuild(*m_context, currentId(), current()->ids.builds[size_t(position)],
                                  current()->scenario.onPremOptions[size_t(position)].name);
        }
        break;
    case ScenarioTreeModel::Node::CloudOption:
        if (position >= 0 && size_t(position) < current()->ids.cloudOptions.size()) {
            const size_t at = size_t(position);
            commands::removeCloudOption(*m_context, currentId(), current()->ids.cloudOptions[at],
                                        current()->scenario.cloudOptions[at].name);
        }
        break;
    case ScenarioTreeModel::Node::ApiOption:
        if (position >= 0 && size_t(position) < current()->ids.apiOptions.size()) {
            const size_t at = size_t(position);
            commands::removeApiOption(*m_context, currentId(), current()->ids.apiOptions[at],
                                      current()->scenario.apiOptions[at].name);
        }
        break;
    case ScenarioTreeModel::Node::HybridOption:
        if (position >= 0 && size_t(position) < current()->ids.hybridOptions.size()) {
            const size_t at = size_t(position);
            commands::removeHybridOption(*m_context, currentId(), current()->ids.hybridOptions[at],
                                         current()->scenario.hybridOptions[at].name);
        }
        break;
    default:
        break;
    }
}

void MainWindow::addOffers(const QList<StoredOffer> &offers, PricingPlan plan, bool allUpfront)
{
    if (!current() || offers.isEmpty())
        return;
    const qint64 scenarioId = currentId();
    commands::beginGroup(*m_context, countText("breakeven::MainWindow", "Add %n cloud option(s)", offers.size()));
    for (const newparts::NewCloudOption &made : newparts::fromOffers(current()->scenario, offers, PaymentChoice{plan, allUpfront}))
        commands::addCloudOption(*m_context, scenarioId, made.option, made.offerId);
    commands::endGroup(*m_context);
}

void MainWindow::addGpu(const GpuModel &gpu)
{
    if (current())
        commands::addBuild(*m_context, currentId(), newparts::gpuBuild(current()->scenario, gpu));
}

} // namespace breakeven
