#pragma once

#include <QStringList>

namespace breakeven {

// Opens the main window on the document named in `arguments`, or on the default document.
// With `--quit-after-start` among them, the app quits once the window has been shown.
int runGui(const QStringList &arguments);

} // namespace breakeven
