#include "arguments.h"
#include "commands.h"

namespace breakeven::cli {

int runNew(const QStringList &, QTextStream &) { throw UsageError(QStringLiteral("new: not available in this build")); }
int runImport(const QStringList &, QTextStream &) { throw UsageError(QStringLiteral("import: not available in this build")); }
int runExport(const QStringList &, QTextStream &) { throw UsageError(QStringLiteral("export: not available in this build")); }
int runReport(const QStringList &, QTextStream &) { throw UsageError(QStringLiteral("report: not available in this build")); }

} // namespace breakeven::cli
