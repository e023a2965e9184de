#include "gpuchangenote.h"

#include "commands/commands.h"
#include "engine/assembly.h"
#include "session/scenariosession.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPalette>
#include <QPushButton>

#include <cmath>

namespace breakeven {

GpuChangeNote::GpuChangeNote(ScenarioSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_text(new QLabel(this))
    , m_keepWork(new QPushButton(tr("Keep the Work"), this))
{
    m_text->setWordWrap(true);
    m_keepWork->setObjectName(QStringLiteral("keepWork"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_keepWork, 0, Qt::AlignTop);
    connect(m_keepWork, &QPushButton::clicked, this, &GpuChangeNote::keepWork);
    hide();
}

void GpuChangeNote::offer(qint64 scenarioId, const Scenario &before, const QString &model)
{
    const std::optional<double> sameWork = workloadGpusAs(before, model, m_session.gpuCatalog());
    if (!sameWork || std::abs(*sameWork - before.workload.gpus) < 1e-9 * std::max(1.0, before.workload.gpus)) {
        m_scenarioId = 0;
        hide();
        return;
    }
    m_scenarioId = scenarioId;
    m_model = model;
    m_kept = before.workload.gpus;
    m_sameWork = *sameWork;
    const QLocale locale;
    const QString kept = locale.toString(m_kept, 'g', 6);
    m_text->setText(tr("Counted as %1 × %2: the count is kept. Or %3 × %2, the same work as %1 × %4?")
                        .arg(kept, model, locale.toString(m_sameWork, 'f', 2), before.referenceGpu));
    m_keepWork->setToolTip(tr("Count the workload as %1 × %2, the work of %3 × %4")
                               .arg(locale.toString(m_sameWork, 'g', 6), model, kept, before.referenceGpu));
    show();
}

void GpuChangeNote::follow(const StoredScenario &stored)
{
    const bool stillAsOffered = m_scenarioId != 0 && stored.ids.scenario == m_scenarioId
        && stored.scenario.referenceGpu == m_model && stored.scenario.workload.gpus == m_kept;
    if (!stillAsOffered) {
        m_scenarioId = 0;
        hide();
    }
}

QString GpuChangeNote::text() const
{
    return m_text->text();
}

void GpuChangeNote::keepWork()
{
    const StoredScenario *current = m_session.current();
    if (!current || current->ids.scenario != m_scenarioId || current->scenario.referenceGpu != m_model)
        return;
    Workload after = current->scenario.workload;
    after.gpus = m_sameWork;
    commands::editWorkload(m_session.context(), m_scenarioId, current->scenario.name, QStringLiteral("gpus"),
                           tr("GPUs, the same work in %1").arg(m_model), current->scenario.workload, after);
}

} // namespace breakeven
