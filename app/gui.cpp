#include "gui.h"

#include <QApplication>
#include <QMainWindow>

namespace breakeven {

int runGui(const QStringList &arguments)
{
    Q_UNUSED(arguments);
    QMainWindow window;
    window.setWindowTitle(QStringLiteral("Breakeven"));
    window.resize(1200, 800);
    window.show();
    return QApplication::exec();
}

} // namespace breakeven
