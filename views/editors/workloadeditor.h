// Edits the workload of the current scenario and the markets it is judged in (the yearly changes
// of cloud, hardware and electricity prices, with presets and their sources); every change is an
// undo step.
#pragma once

#include "fieldbindings.h"

#include "store/scenariorepository.h"

#include <QWidget>

namespace breakeven {

class GpuChoice;
class ScenarioSession;

class WorkloadEditor : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadEditor(ScenarioSession &session, QWidget *parent = nullptr);

    void setScenario(const StoredScenario &stored);

    // The catalog's GPU models, for the GPU the workload is counted in.
    void setGpuModels(const std::vector<GpuModel> &models);

    NumberField *gpusField() const { return m_gpus; }
    GpuChoice *gpuModelChoice() const { return m_gpuModel; }
    NumberField *utilizationField() const { return m_utilization; }
    NumberField *cloudPriceChangeField() const { return m_cloudChange; }
    NumberField *hardwarePriceChangeField() const { return m_hardwareChange; }
    NumberField *electricityPriceChangeField() const { return m_electricityChange; }

public slots:
    void openJobsHelper();
    void openLlmHelper();

private:
    void push(const QString &key, const QString &label, const Workload &after);
    void preview(const Workload &after);
    void pushMarkets(const QString &key, const QString &label, const Scenario &after);
    // Counts the workload in GPUs of `model`: the reference GPU and the count, in one step.
    void countIn(const QString &model);

    ScenarioSession &m_session;
    FieldBindings<Workload> m_bindings;
    FieldBindings<Scenario> m_markets;
    qint64 m_scenarioId = 0;
    QString m_scenarioName;
    QString m_referenceGpu;
    NumberField *m_gpus = nullptr;
    GpuChoice *m_gpuModel = nullptr;
    NumberField *m_utilization = nullptr;
    NumberField *m_cloudChange = nullptr;
    NumberField *m_hardwareChange = nullptr;
    NumberField *m_electricityChange = nullptr;
};

} // namespace breakeven
