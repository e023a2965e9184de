// A number input that cannot hold an invalid value and says why when the user tries: typing a
// minus sign into a price, or 150 into a percentage, is refused by the spin box and the reason
// appears in a small label beside it.
#pragma once

#include <QDoubleSpinBox>
#include <QWidget>

class QLabel;
class QTimer;

namespace breakeven {

class GuardedSpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    QValidator::State validate(QString &input, int &pos) const override;

signals:
    void refused(const QString &reason) const;

private:
    QString reasonFor(const QString &input) const;
};

class NumberField : public QWidget {
    Q_OBJECT
public:
    // Values are stored times `scale` (a share 0.5 shown as 50 %: scale 100).
    NumberField(double minimum, double maximum, int decimals, const QString &suffix, double scale = 1,
                QWidget *parent = nullptr);

    double value() const;
    // Shows `value` without emitting valueEdited.
    void setValue(double value);
    void setSpecialValueText(const QString &text);

    GuardedSpinBox *spinBox() const { return m_spin; }
    QLabel *hintLabel() const { return m_hint; }
    QString hint() const;

signals:
    // Only for changes the user makes.
    void valueEdited(double value);

private:
    void showHint(const QString &reason);

    GuardedSpinBox *m_spin;
    QLabel *m_hint;
    QTimer *m_hintTimer;
    double m_scale;
};

} // namespace breakeven
