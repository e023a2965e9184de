#include "numberfield.h"

#include "widgets/inputguard.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QTimer>

#include <cmath>

namespace breakeven {

QValidator::State GuardedSpinBox::validate(QString &input, int &pos) const
{
    const QValidator::State state = QDoubleSpinBox::validate(input, pos);
    if (state != QValidator::Acceptable) {
        const QString reason = reasonFor(input);
        if (!reason.isEmpty())
            emit refused(reason);
    }
    return state;
}

void GuardedSpinBox::stepBy(int steps)
{
    QDoubleSpinBox::stepBy(steps);
    emit stepped();
}

QString GuardedSpinBox::reasonFor(const QString &input) const
{
    QString text = input;
    if (!prefix().isEmpty() && text.startsWith(prefix()))
        text.remove(0, prefix().size());
    if (!suffix().isEmpty() && text.endsWith(suffix()))
        text.chop(suffix().size());
    text = text.trimmed();
    const QLocale locale;
    const QString limitSuffix = suffix();
    if (text.startsWith(locale.negativeSign()) || text.startsWith(QLatin1Char('-'))) {
        if (minimum() >= 0)
            return tr("cannot be negative");
    }
    bool ok = false;
    const double number = locale.toDouble(text, &ok);
    if (!ok)
        return {};
    if (number > maximum())
        return tr("at most %1%2").arg(locale.toString(maximum(), 'g', 10), limitSuffix);
    if (number < minimum())
        return tr("at least %1%2").arg(locale.toString(minimum(), 'g', 10), limitSuffix);
    return {};
}

NumberField::NumberField(double minimum, double maximum, int decimals, const QString &suffix, double scale,
                         QWidget *parent)
    : QWidget(parent)
    , m_spin(new GuardedSpinBox(this))
    , m_hint(new QLabel(this))
    , m_hintTimer(new QTimer(this))
    , m_scale(scale)
{
    m_spin->setRange(minimum, maximum);
    m_spin->setDecimals(decimals);
    m_spin->setSuffix(suffix);
    m_spin->setAccelerated(true);
    m_spin->setGroupSeparatorShown(true);
    m_spin->setMinimumWidth(90);

    m_hint->setObjectName(QStringLiteral("fieldHint"));
    QFont small = m_hint->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);
    m_hint->setFont(small);
    m_hint->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_hint->setVisible(false);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_spin, 1);
    layout->addWidget(m_hint);

    m_hintTimer->setSingleShot(true);
    m_hintTimer->setInterval(5000);
    connect(m_hintTimer, &QTimer::timeout, m_hint, &QLabel::hide);
    connect(m_spin, &GuardedSpinBox::refused, this, &NumberField::showHint);
    connect(m_spin, &QDoubleSpinBox::valueChanged, this, [this](double shown) {
        m_spin->setProperty(InputGuard::kPendingEditProperty, shown != m_committed);
        emit valueEdited(shown / m_scale);
    });
    connect(m_spin, &QDoubleSpinBox::editingFinished, this, &NumberField::commit);
    m_spin->installEventFilter(this);
    connect(m_spin, &GuardedSpinBox::stepped, this, &NumberField::commit);
}

bool NumberField::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_spin && event->type() == QEvent::KeyPress
        && static_cast<QKeyEvent *>(event)->key() == Qt::Key_Escape && m_spin->value() != m_committed) {
        {
            const QSignalBlocker blocker(m_spin);
            m_spin->setValue(m_committed);
        }
        m_spin->setProperty(InputGuard::kPendingEditProperty, false);
        emit valueEdited(m_committed / m_scale);
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void NumberField::commit()
{
    const double shown = m_spin->value();
    m_spin->setProperty(InputGuard::kPendingEditProperty, false);
    if (shown == m_committed)
        return;
    m_committed = shown;
    emit valueCommitted(shown / m_scale);
}

double NumberField::value() const
{
    return m_spin->value() / m_scale;
}

void NumberField::setValue(double value)
{
    const double shown = value * m_scale;
    // Rewriting the same value would move the cursor of someone typing in the field.
    if (std::abs(m_spin->value() - shown) < std::pow(10.0, -m_spin->decimals()) / 2) {
        m_committed = m_spin->value();
        return;
    }
    const QSignalBlocker blocker(m_spin);
    m_spin->setValue(shown);
    m_committed = m_spin->value();
    m_spin->setProperty(InputGuard::kPendingEditProperty, false);
}

void NumberField::addTrailingWidget(QWidget *widget)
{
    static_cast<QHBoxLayout *>(layout())->insertWidget(layout()->indexOf(m_hint), widget);
}

void NumberField::setSpecialValueText(const QString &text)
{
    m_spin->setSpecialValueText(text);
}

QString NumberField::hint() const
{
    return m_hint->isHidden() ? QString() : m_hint->text();
}

void NumberField::showHint(const QString &reason)
{
    m_hint->setText(reason);
    m_hint->show();
    m_spin->setToolTip(reason);
    m_hintTimer->start();
}

} // namespace breakeven
