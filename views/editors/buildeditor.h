// Edits one on-prem build of the current scenario: its GPU (from the catalog, memory and TDP
// shown), its parts, the wall power (estimated until the user sets it) and the running costs,
// with the bundled overhead presets and example builds one click away.
#pragma once

#include "fieldbindings.h"

#include "catalog/bundledcatalog.h"
#include "store/scenariorepository.h"

#include <QWidget>

class QLabel;

namespace breakeven {

class ComponentList;
class FinancingRows;
class RangeButtons;
class ScenarioSession;

class BuildEditor : public QWidget {
    Q_OBJECT
public:
    explicit BuildEditor(ScenarioSession &session, QWidget *parent = nullptr);

    void setGpuModels(const std::vector<GpuModel> &models);
    // Shows build `index` of `stored`.
    void setBuild(const StoredScenario &stored, int index);

    ComponentList *components() const { return m_components; }
    // The "Paid by" section: cash, a loan or a lease, with sourced presets.
    FinancingRows *financing() const { return m_financing; }
    NumberField *electricityField() const { return m_electricity; }
    NumberField *loadField() const { return m_load; }
    QLabel *powerEstimateLabel() const { return m_powerEstimate; }
    QLabel *lifetimeNote() const { return m_lifetimeNote; }
    QComboBox *overheadPresetBox() const { return m_overheadPresets; }
    // Both show the example and the preset the build is as it stands, else their prompt.
    QComboBox *exampleBox() const { return m_examples; }
    QComboBox *exampleBuildBox() const { return m_examples; }
    // The "±" of each field a range can be put on, the hardware price's among them.
    RangeButtons *ranges() const { return m_ranges; }

public slots:
    void applyOverheadPreset(int index);
    void applyExampleBuild(int index);
    void useEstimatedPower();

private:
    void push(const QString &key, const QString &label, const OnPremBuild &after);
    void preview(const OnPremBuild &after);
    void showDerived();
    void showPresetsInForce();
    double estimatedLoadW() const;

    ScenarioSession &m_session;
    FieldBindings<OnPremBuild> m_bindings;
    qint64 m_scenarioId = 0;
    qint64 m_buildId = 0;
    std::vector<OverheadPreset> m_presets;
    std::vector<OnPremBuild> m_exampleBuilds;
    RangeButtons *m_ranges;
    GpuChoice *m_gpu = nullptr;
    QLabel *m_gpuInfo = nullptr;
    ComponentList *m_components = nullptr;
    QLabel *m_hardware = nullptr;
    NumberField *m_load = nullptr;
    QLabel *m_powerEstimate = nullptr;
    NumberField *m_electricity = nullptr;
    QComboBox *m_overheadPresets = nullptr;
    QComboBox *m_examples = nullptr;
    QLabel *m_lifetimeNote = nullptr;  // what the lifetime does within the scenario's horizon
    FinancingRows *m_financing = nullptr; // "Paid by": cash, a loan or a lease
    int m_horizonMonths = 36;
};

} // namespace breakeven
