#include "inputguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QWheelEvent>

namespace breakeven {

namespace {

// The spin box or combo box `object` is, or is part of (a spin box's line edit), if any.
QWidget *formField(QObject *object)
{
    for (auto *widget = qobject_cast<QWidget *>(object); widget; widget = widget->parentWidget()) {
        if (qobject_cast<QAbstractSpinBox *>(widget) || qobject_cast<QComboBox *>(widget))
            return widget;
        if (widget->isWindow())
            break;
    }
    return nullptr;
}

} // namespace

InputGuard::InputGuard(QObject *parent)
    : QObject(parent)
{
}

void InputGuard::install()
{
    if (!qApp || qApp->findChild<InputGuard *>(QString(), Qt::FindDirectChildrenOnly))
        return;
    qApp->installEventFilter(new InputGuard(qApp));
}

bool InputGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Wheel) {
        QWidget *field = formField(watched);
        if (!field || field->hasFocus() || (field->focusProxy() && field->focusProxy()->hasFocus()))
            return false;
        // The field never sees it; the scroll area that holds the form, if any, scrolls.
        for (QWidget *parent = field->parentWidget(); parent; parent = parent->parentWidget()) {
            if (auto *area = qobject_cast<QAbstractScrollArea *>(parent)) {
                const auto *wheel = static_cast<QWheelEvent *>(event);
                QWheelEvent forwarded(area->viewport()->mapFromGlobal(wheel->globalPosition()), wheel->globalPosition(),
                                      wheel->pixelDelta(), wheel->angleDelta(), wheel->buttons(), wheel->modifiers(),
                                      wheel->phase(), wheel->inverted(), wheel->source());
                QCoreApplication::sendEvent(area->viewport(), &forwarded);
                break;
            }
        }
        return true;
    }
    if (event->type() == QEvent::ShortcutOverride) {
        auto *spinBox = qobject_cast<QAbstractSpinBox *>(formField(watched));
        const auto *key = static_cast<QKeyEvent *>(event);
        if (spinBox && (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))
            && !spinBox->property(kPendingEditProperty).toBool()) {
            // Not claimed by the spin box: the window's Undo or Redo takes the key.
            event->ignore();
            return true;
        }
    }
    return false;
}

} // namespace breakeven
