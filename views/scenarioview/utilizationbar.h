// The utilization slider with its spin box and presets, the horizon and the display currency.
// Fits a QToolBar (add it with addWidget). A drag emits utilizationChanged on every tick and one
// utilizationCommitted(from, to) at the end, so the main window can record a single undo step.
#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QSlider;
class QSpinBox;

namespace breakeven {

class UtilizationBar : public QWidget {
    Q_OBJECT
public:
    explicit UtilizationBar(QWidget *parent = nullptr);

    double utilization() const;            // 0..1
    int horizonMonths() const;
    QString currency() const;

    QSlider *slider() const { return m_slider; }
    QSpinBox *spinBox() const { return m_spin; }
    QComboBox *presetBox() const { return m_presets; }
    QSpinBox *horizonBox() const { return m_horizon; }

public slots:
    // Programmatic changes (a new scenario, undo) emit nothing.
    void setUtilization(double utilization);
    void setHorizonMonths(int months);
    void setCurrency(const QString &currency);

signals:
    void utilizationChanged(double utilization);
    void utilizationCommitted(double from, double to);
    void horizonChanged(int months);

private:
    void onSliderMoved(int percent);
    void onSpinChanged(int percent);
    void commit();
    void applyPreset(int index);

    QSlider *m_slider;
    QSpinBox *m_spin;
    QComboBox *m_presets;
    QSpinBox *m_horizon;
    QLabel *m_currency;
    int m_committedPercent = 0;
};

} // namespace breakeven
