// Two habits of form widgets that surprise in a long form, corrected for the whole application
// (installed once on the QApplication by the main window):
// - the mouse wheel over a spin box or combo box that does not have the focus scrolls the form
//   around it instead of changing the value under the pointer;
// - Undo and Redo typed in a spin box undo the document's last step, unless the spin box holds
//   typing not yet committed (a NumberField sets kPendingEditProperty while it does), which they
//   undo first, as in any text field.
#pragma once

#include <QObject>

namespace breakeven {

class InputGuard : public QObject {
    Q_OBJECT
public:
    // A spin box with this dynamic property set to true holds typing that is not yet committed.
    static constexpr const char *kPendingEditProperty = "breakevenPendingEdit";

    explicit InputGuard(QObject *parent = nullptr);
    // Installs one guard on the application, once however often it is called.
    static void install();

    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace breakeven
