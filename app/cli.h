// The command line: `breakeven COMMAND ...` runs without a window; anything else opens the GUI.
#pragma once

#include <QStringList>

namespace breakeven::cli {

enum ExitCode { Success = 0, BadInput = 1, Usage = 2 };

// True when argv names a command (compare, import, new, export, report) or --help/--version.
bool isCommand(const QStringList &arguments);
// Does the command need a GUI platform (charts rendered to files)?
bool needsGui(const QStringList &arguments);
// Runs the command; prints results on stdout and one-line errors on stderr.
int run(const QStringList &arguments);

QString usageText();

} // namespace breakeven::cli
