// The "Presets" box beside a rate field (docs/model.md, "Markets over time"): published rates
// with their sources, and the ones this document has seen. It shows the preset the field's rate
// came from, or "Presets…" when the rate is another; choosing one hands its rate on.
#pragma once

#include "engine/marketpresets.h"

#include <QComboBox>

#include <vector>

namespace breakeven {

class PresetBox : public QComboBox {
    Q_OBJECT
public:
    explicit PresetBox(QWidget *parent = nullptr);

    // The presets offered, each with its source as tooltip; keeps showing `rate`.
    void setPresets(const std::vector<MarketPreset> &presets);
    // Shows the preset whose rate is `rate` (within the field's tenth of a percent), else "Presets…".
    void showRate(double rate);

signals:
    void rateChosen(double rate);

private:
    double m_rate = 0;
};

} // namespace breakeven
