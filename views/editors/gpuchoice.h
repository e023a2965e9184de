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

class GpuChangeNote;
class ScenarioSession;

// The model chosen in `choice` becomes the GPU the workload of scenario `scenarioId` (as `before`)
// is counted in, its count kept: "16 × A100" becomes "16 × H100", as typed. `note` then offers
// the count that keeps the work instead (gpuchangenote.h).
void countWorkloadInChosenGpu(GpuChoice *choice, ScenarioSession &session, qint64 scenarioId, const Scenario &before,
                              GpuChangeNote *note);

} // namespace breakeven
