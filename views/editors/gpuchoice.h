// The GPU picker the build and cloud option editors share: catalog models by name, with the
// memory and TDP shown beside the choice.
#pragma once

#include "domain.h"

#include <QComboBox>

#include <vector>

namespace breakeven {

class GpuChoice : public QComboBox {
    Q_OBJECT
public:
    explicit GpuChoice(QWidget *parent = nullptr);

    void setModels(const std::vector<GpuModel> &models);
    // Selects `name`, adding it when the catalog does not know it (a scenario's own GPU).
    void select(const QString &name);
    const GpuModel *model(const QString &name) const;

    // "80 GB · 700 W TDP"
    static QString describe(const GpuModel &gpu);

private:
    std::vector<GpuModel> m_models;
};

class ScenarioSession;

// The model chosen in `choice` becomes the GPU the workload of scenario `scenarioId` (as `before`)
// is counted in, the count converted (commands::countWorkloadIn); when the figures to convert are
// missing, a message says so and the choice goes back.
void countWorkloadInChosenGpu(GpuChoice *choice, ScenarioSession &session, qint64 scenarioId, const Scenario &before);

} // namespace breakeven
