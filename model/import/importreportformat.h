// The import report as the command line prints it: a short text summary, or the stable JSON
// that scripts read ("breakeven-import", version 1).
#pragma once

#include "sheetimporter.h"

#include <QJsonObject>
#include <QString>

namespace breakeven {

QJsonObject importReportToJson(const ImportReport &report, bool dryRun, bool strict);
QString importReportText(const ImportReport &report, bool dryRun);

} // namespace breakeven
