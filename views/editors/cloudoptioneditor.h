// Edits one cloud option of the current scenario: the offer it stands for, the pricing plan and
// the extras of the cost model (spot rework, fees, data charges, discount, quota).
#pragma once

#include "fieldbindings.h"

#include "store/scenariorepository.h"

#include <QWidget>

class QLabel;

namespace breakeven {

class PresetBox;
class RangeButtons;
class ScenarioSession;

class CloudOptionEditor : public QWidget {
    Q_OBJECT
public:
    explicit CloudOptionEditor(ScenarioSession &session, QWidget *parent = nullptr);

    void setGpuModels(const std::vector<GpuModel> &models);
    // Shows option `index` of `stored`.
    void setOption(const StoredScenario &stored, int index);

    NumberField *priceField() const { return m_price; }
    NumberField *priceChangeField() const { return m_trend; }
    PresetBox *priceChangePresets() const { return m_trendPresets; }
    NumberField *upfrontField() const { return m_upfront; }
    NumberField *termField() const { return m_term; }
    QLineEdit *nameEdit() const { return m_name; }
    // The "±" of each field a range can be put on.
    RangeButtons *ranges() const { return m_ranges; }

private:
    void push(const QString &key, const QString &label, const CloudOption &after);
    void preview(const CloudOption &after);
    void showGpu();

    ScenarioSession &m_session;
    FieldBindings<CloudOption> m_bindings;
    RangeButtons *m_ranges;
    qint64 m_scenarioId = 0;
    qint64 m_optionId = 0;
    QLineEdit *m_name = nullptr;
    GpuChoice *m_gpu = nullptr;
    QLabel *m_gpuInfo = nullptr;
    NumberField *m_spotRework = nullptr;
    NumberField *m_price = nullptr;
    NumberField *m_trend = nullptr;
    PresetBox *m_trendPresets = nullptr;
    NumberField *m_upfront = nullptr;
    NumberField *m_term = nullptr;
};

} // namespace breakeven
