// Edits the workload of the current scenario; every change is an undo step.
#pragma once

#include "fieldbindings.h"

#include "store/scenariorepository.h"

#include <QWidget>

namespace breakeven {

class ScenarioSession;

class WorkloadEditor : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadEditor(ScenarioSession &session, QWidget *parent = nullptr);

    void setScenario(const StoredScenario &stored);

    NumberField *gpusField() const { return m_gpus; }
    NumberField *utilizationField() const { return m_utilization; }

public slots:
    void openJobsHelper();
    void openLlmHelper();

private:
    void push(const QString &key, const QString &label, const Workload &after);
    void preview(const Workload &after);

    ScenarioSession &m_session;
    FieldBindings<Workload> m_bindings;
    qint64 m_scenarioId = 0;
    QString m_scenarioName;
    QString m_referenceGpu;
    NumberField *m_gpus = nullptr;
    NumberField *m_utilization = nullptr;
};

} // namespace breakeven
