// A number input that cannot hold an invalid value and says why when the user tries: typing a
// minus sign into a price, or 150 into a percentage, is refused by the spin box and the reason
// appears in a small label beside it. Typing previews live (valueEdited) and commits once when
// the edit is finished (valueCommitted), so a typed number is one undo step.
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

    void stepBy(int steps) override;

signals:
    void refused(const QString &reason) const;
    // An arrow, Page Up/Down or the wheel changed the value: a finished edit, like Enter.
    void stepped();

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
    // Shows `value` without emitting valueEdited. Escape while typing puts back the value last
    // shown or committed (and previews it again).
    void setValue(double value);
    void setSpecialValueText(const QString &text);

    // A widget right of the spin box, before the hint (a range's "±", views/editors/rangebuttons.h).
    void addTrailingWidget(QWidget *widget);

    GuardedSpinBox *spinBox() const { return m_spin; }
    QLabel *hintLabel() const { return m_hint; }
    QString hint() const;

signals:
    // Only for changes the user makes: every keystroke, for a live preview.
    void valueEdited(double value);
    // Once per finished edit (Enter, leaving the field, a step of the arrows or the wheel), when
    // the value differs from the one last shown or committed: what becomes an undo step.
    void valueCommitted(double value);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showHint(const QString &reason);
    void commit();

    GuardedSpinBox *m_spin;
    QLabel *m_hint;
    QTimer *m_hintTimer;
    double m_scale;
    double m_committed = 0; // shown units
};

} // namespace breakeven
