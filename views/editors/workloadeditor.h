// Edits the workload of the current scenario, counted in GPU time ("16 × [GPU model] at 60 %",
// memory and jobs, with helpers that work N and u out of runs or a language model's size) or in
// served requests (servingfields.h); growth, storage and usage either way. Every change is an
// undo step.
#pragma once

#include "fieldbindings.h"

#include "store/scenariorepository.h"

#include <QWidget>

class QLabel;
class QPushButton;

namespace breakeven {

class GpuChangeNote;
class GpuChoice;
class RangeButtons;
class ServingFields;
class ScenarioSession;

class WorkloadEditor : public QWidget {
    Q_OBJECT
public:
    explicit WorkloadEditor(ScenarioSession &session, QWidget *parent = nullptr);

    void setScenario(const StoredScenario &stored);

    // The catalog's GPU models, for the GPU the workload is counted in.
    void setGpuModels(const std::vector<GpuModel> &models);

    // "GPU time" or "Serving": what the workload is counted in.
    QComboBox *kindChoice() const { return m_kind; }
    ServingFields *servingFields() const { return m_serving; }
    NumberField *gpusField() const { return m_gpus; }
    GpuChoice *gpuModelChoice() const { return m_gpuModel; }
    // After another GPU was chosen (the count kept): "Or 9.55 × H100, the same work as 16 × A100?"
    // and the button that makes it so.
    GpuChangeNote *gpuChangeNote() const { return m_gpuChange; }
    QPushButton *keepWorkButton() const;
    NumberField *utilizationField() const { return m_utilization; }
    // The workload's throughput profile (docs/model.md, "Throughput profiles"), with one line on it.
    QComboBox *profileChoice() const { return m_profile; }
    // The memory per GPU; with none typed it reads "at least 80 GB", and the note under it says
    // why: "None typed: Best offers ranks GPUs with at least 80 GB, like the H100-SXM5-80GB you
    // count in; type less to let smaller ones in."
    NumberField *memoryField() const { return m_memory; }
    QLabel *memoryNote() const { return m_memoryNote; }
    // The "±" of each field a range can be put on.
    RangeButtons *ranges() const { return m_ranges; }
    // "Usage: 168 steps of 1 h from usage.csv — mean 33.1, peak 64 GPUs", shown with Clear Usage
    // while the workload has a demand profile.
    QLabel *usageLabel() const { return m_usage; }
    QPushButton *clearUsageButton() const { return m_clearUsage; }
    QPushButton *importUsageButton() const { return m_importUsage; }

signals:
    // Import Usage… was clicked: the window asks for the file.
    void importUsageRequested();

public slots:
    void openJobsHelper();
    void openLlmHelper();

private:
    void push(const QString &key, const QString &label, const Workload &after);
    void preview(const Workload &after);
    void showUsage();
    // GPU time or serving: the rows of the one shown.
    void showKind();
    void chooseKind(bool serving);
    // The memory hint for `typedGb` typed (0: none).
    void showMemoryNeed(double typedGb);

    ScenarioSession &m_session;
    FieldBindings<Workload> m_bindings;
    RangeButtons *m_ranges;
    Scenario m_scenario; // as last shown
    qint64 m_scenarioId = 0;
    QString m_scenarioName;
    QString m_referenceGpu;
    QComboBox *m_kind = nullptr;
    ServingFields *m_serving = nullptr;
    std::vector<QWidget *> m_gpuTimeRows;
    std::vector<QLayout *> m_gpuTimeLayouts;
    NumberField *m_gpus = nullptr;
    GpuChoice *m_gpuModel = nullptr;
    GpuChangeNote *m_gpuChange = nullptr;
    NumberField *m_utilization = nullptr;
    QComboBox *m_profile = nullptr;
    QLabel *m_profileNote = nullptr;
    NumberField *m_memory = nullptr;
    QLabel *m_memoryNote = nullptr;
    QLabel *m_usage = nullptr;
    QPushButton *m_clearUsage = nullptr;
    QPushButton *m_importUsage = nullptr;
};

} // namespace breakeven
