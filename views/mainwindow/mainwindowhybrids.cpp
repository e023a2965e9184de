// Scenario menu, second version: hybrid options added (a build owns the baseline, a cloud option
// rents the peaks) and usage records imported as the workload's demand profile. Each action is
// one call of the command façade.
#include "mainwindow.h"

#include "hybriddialogs.h"
#include "scenariopanel.h"

#include "commands/commands.h"
#include "demand/demandreader.h"
#include "inputerror.h"

#include <QFileDialog>
#include <QSettings>

namespace breakeven {

void MainWindow::addHybridOption()
{
    if (!current())
        return;
    const Scenario &scenario = current()->scenario;
    if (const QString refusal = AddHybridDialog::refusal(scenario); !refusal.isEmpty()) {
        showError(tr("Add Hybrid Option"), refusal);
        return;
    }
    AddHybridDialog dialog(scenario, this);
    if (dialog.exec() != QDialog::Accepted || !current())
        return;
    const StoredScenario *stored = current();
    const int build = dialog.buildIndex();
    const int cloud = dialog.cloudIndex();
    if (build < 0 || cloud < 0 || std::size_t(build) >= stored->ids.builds.size()
        || std::size_t(cloud) >= stored->ids.cloudOptions.size())
        return;
    commands::addHybridOption(*m_context, currentId(), stored->ids.builds[std::size_t(build)],
                              stored->ids.cloudOptions[std::size_t(cloud)], dialog.name(), dialog.units());
    if (current() && !current()->ids.hybridOptions.empty())
        m_panel->select(ScenarioTreeModel::Node::HybridOption, current()->ids.hybridOptions.back());
}

void MainWindow::chooseImportUsage()
{
    if (!current())
        return;
    static const char *kUsageFolderKey = "usageFolder";
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import Usage"), QSettings().value(QLatin1String(kUsageFolderKey), dialogFolder()).toString(),
        tr("Usage records (*.csv *.txt *.tsv *.log);;All files (*)"));
    if (path.isEmpty())
        return;
    QSettings().setValue(QLatin1String(kUsageFolderKey), QFileInfo(path).absolutePath());
    importUsageFile(path);
}

bool MainWindow::importUsageFile(const QString &path, double stepHours)
{
    if (!current())
        return false;
    DemandReading reading;
    try {
        DemandReadOptions options;
        options.stepHours = stepHours;
        reading = readDemandFile(path, options);
    } catch (const InputError &error) {
        showError(tr("Import Usage"), error.message());
        return false;
    }
    UsageSummaryDialog dialog(path, reading, stepHours, current()->scenario.workload, this);
    if (dialog.exec() != QDialog::Accepted || !dialog.reading() || !current())
        return false;
    commands::importUsage(*m_context, currentId(), dialog.demand());
    m_panel->select(ScenarioTreeModel::Node::Workload, currentId());
    return true;
}

} // namespace breakeven
