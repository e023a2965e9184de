#include "utilizationbar.h"

#include "catalog/bundledcatalog.h"
#include "inputerror.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace breakeven {

UtilizationBar::UtilizationBar(QWidget *parent)
    : QWidget(parent)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_spin(new QSpinBox(this))
    , m_presets(new QComboBox(this))
    , m_horizon(new QSpinBox(this))
    , m_currency(new QLabel(this))
{
    m_slider->setRange(0, 100);
    m_slider->setSingleStep(1);
    m_slider->setPageStep(10);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(10);
    m_slider->setMinimumWidth(120);
    m_slider->setAccessibleName(tr("Utilization"));
    m_spin->setRange(0, 100);
    m_spin->setSuffix(tr(" %"));
    m_spin->setAccessibleName(tr("Utilization"));
    m_spin->setKeyboardTracking(false);

    m_presets->addItem(tr("Presets…"), -1.0);
    try {
        for (const UtilizationPreset &preset : bundledUtilizationPresets()) {
            m_presets->addItem(QStringLiteral("%1 (%2 %)").arg(preset.name).arg(std::lround(preset.utilization * 100)),
                               preset.utilization);
            m_presets->setItemData(m_presets->count() - 1, preset.source, Qt::ToolTipRole);
        }
    } catch (const InputError &) {
        // A broken bundled file is caught by the catalog's own tests; the bar still works without presets.
    }

    // Narrow in the bar, whole in the list: the bar fits a 1280-pixel-wide window with both docks.
    m_presets->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_presets->setMinimumContentsLength(9);
    m_horizon->setRange(1, 600);
    m_horizon->setSuffix(tr(" months"));
    m_horizon->setKeyboardTracking(false);
    m_horizon->setValue(36);
    m_currency->setToolTip(tr("Display currency of the scenario"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    auto *label = new QLabel(tr("&Utilization"), this);
    label->setBuddy(m_slider);
    layout->addWidget(label);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
    layout->addWidget(m_presets);
    layout->addSpacing(12);
    auto *horizonLabel = new QLabel(tr("H&orizon"), this);
    horizonLabel->setBuddy(m_horizon);
    layout->addWidget(horizonLabel);
    layout->addWidget(m_horizon);
    layout->addSpacing(12);
    layout->addWidget(new QLabel(tr("Currency"), this));
    layout->addWidget(m_currency);

    connect(m_slider, &QSlider::valueChanged, this, &UtilizationBar::onSliderMoved);
    connect(m_slider, &QSlider::sliderReleased, this, &UtilizationBar::commit);
    connect(m_spin, &QSpinBox::valueChanged, this, &UtilizationBar::onSpinChanged);
    connect(m_spin, &QSpinBox::editingFinished, this, &UtilizationBar::commit);
    connect(m_presets, &QComboBox::activated, this, &UtilizationBar::applyPreset);
    connect(m_horizon, &QSpinBox::valueChanged, this, &UtilizationBar::horizonChanged);
}

double UtilizationBar::utilization() const
{
    return m_slider->value() / 100.0;
}

int UtilizationBar::horizonMonths() const
{
    return m_horizon->value();
}

QString UtilizationBar::currency() const
{
    return m_currency->text();
}

void UtilizationBar::setUtilization(double utilization)
{
    const int percent = int(std::lround(std::clamp(utilization, 0.0, 1.0) * 100.0));
    const QSignalBlocker blockSlider(m_slider);
    const QSignalBlocker blockSpin(m_spin);
    m_slider->setValue(percent);
    m_spin->setValue(percent);
    m_committedPercent = percent;
}

void UtilizationBar::setHorizonMonths(int months)
{
    const QSignalBlocker block(m_horizon);
    m_horizon->setValue(months);
}

void UtilizationBar::setCurrency(const QString &currency)
{
    m_currency->setText(currency);
}

void UtilizationBar::onSliderMoved(int percent)
{
    {
        const QSignalBlocker block(m_spin);
        m_spin->setValue(percent);
    }
    emit utilizationChanged(percent / 100.0);
    // Keyboard and wheel steps have no release: each one is its own step.
    if (!m_slider->isSliderDown())
        commit();
}

void UtilizationBar::onSpinChanged(int percent)
{
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(percent);
    }
    emit utilizationChanged(percent / 100.0);
}

void UtilizationBar::commit()
{
    const int percent = m_slider->value();
    if (percent == m_committedPercent)
        return;
    const int from = m_committedPercent;
    m_committedPercent = percent;
    emit utilizationCommitted(from / 100.0, percent / 100.0);
}

void UtilizationBar::applyPreset(int index)
{
    const double value = m_presets->itemData(index).toDouble();
    m_presets->setCurrentIndex(0);
    if (value < 0)
        return;
    const int percent = int(std::lround(value * 100.0));
    if (percent == m_slider->value())
        return;
    {
        const QSignalBlocker blockSlider(m_slider);
        const QSignalBlocker blockSpin(m_spin);
        m_slider->setValue(percent);
        m_spin->setValue(percent);
    }
    emit utilizationChanged(percent / 100.0);
    commit();
}

} // namespace breakeven
