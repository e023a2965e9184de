#include "gpuchoice.h"

#include "commands/commands.h"
#include "gpuchangenote.h"
#include "session/scenariosession.h"

#include <QLocale>

namespace breakeven {

GpuChoice::GpuChoice(QWidget *parent)
    : QComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(8);
}

void GpuChoice::setModels(const std::vector<GpuModel> &models)
{
    const QSignalBlocker blocker(this);
    const QString current = currentData().toString();
    m_models = models;
    clear();
    for (const GpuModel &gpu : m_models)
        addItem(QStringLiteral("%1 (%2)").arg(gpu.name, describe(gpu)), gpu.name);
    select(current);
}

void GpuChoice::select(const QString &name)
{
    const QSignalBlocker blocker(this);
    int index = findData(name);
    if (index < 0 && !name.isEmpty()) {
        addItem(tr("%1 (not in the catalog)").arg(name), name);
        index = count() - 1;
    }
    setCurrentIndex(index);
}

const GpuModel *GpuChoice::model(const QString &name) const
{
    for (const GpuModel &gpu : m_models) {
        if (gpu.name == name)
            return &gpu;
    }
    return nullptr;
}

QString GpuChoice::describe(const GpuModel &gpu)
{
    const QLocale locale;
    return tr("%1 GB · %2 W TDP").arg(locale.toString(gpu.memoryGB, 'g', 4), locale.toString(gpu.tdpW, 'f', 0));
}

void countWorkloadInChosenGpu(GpuChoice *choice, ScenarioSession &session, qint64 scenarioId, const Scenario &before,
                              GpuChangeNote *note)
{
    const QString model = choice->currentData().toString();
    if (!scenarioId || model.isEmpty() || GpuCatalog::normalized(model) == GpuCatalog::normalized(before.referenceGpu))
        return;
    // Offered before the step, so that the scenario it brings back still reads as offered.
    if (note)
        note->offer(scenarioId, before, model);
    commands::keepWorkloadCountIn(session.context(), scenarioId, before, model);
}

} // namespace breakeven
