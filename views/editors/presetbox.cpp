#include "presetbox.h"

#include <QSignalBlocker>

#include <cmath>

namespace breakeven {

PresetBox::PresetBox(QWidget *parent) : QComboBox(parent)
{
    // Narrow in the form, whole in the list: the dock stays as wide as it is.
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(7);
    addItem(tr("Presets…"));
    connect(this, &QComboBox::activated, this, [this](int index) {
        if (index < 1) {
            showRate(m_rate);
            return;
        }
        emit rateChosen(itemData(index).toDouble());
    });
}

void PresetBox::setPresets(const std::vector<MarketPreset> &presets)
{
    const QSignalBlocker blocker(this);
    while (count() > 1)
        removeItem(count() - 1);
    for (const MarketPreset &preset : presets) {
        addItem(preset.label, preset.rate);
        setItemData(count() - 1, preset.source, Qt::ToolTipRole);
    }
    showRate(m_rate);
}

void PresetBox::showRate(double rate)
{
    m_rate = rate;
    const QSignalBlocker blocker(this);
    for (int i = 1; i < count(); ++i) {
        if (std::abs(itemData(i).toDouble() - rate) < 5e-4) {
            setCurrentIndex(i);
            setToolTip(itemData(i, Qt::ToolTipRole).toString());
            return;
        }
    }
    setCurrentIndex(0);
    setToolTip(tr("Published rates with their sources, and the ones this document's prices show"));
}

} // namespace breakeven
