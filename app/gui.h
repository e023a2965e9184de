#pragma once

#include <QStringList>

namespace breakeven {

// Opens the main window on the document named in `arguments`, or on the default document.
int runGui(const QStringList &arguments);

} // namespace breakeven
