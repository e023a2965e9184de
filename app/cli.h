// The command line: `breakeven COMMAND ...` runs without a window; anything else opens the GUI.
#pragma once

#include <QStringList>

namespace breakeven::cli {

enum ExitCode { Success = 0, BadInput = 1, Usage = 2 };

// True for the window's own form: nothing, or one document (an existing file or a name ending
// in .breakeven), with or without --quit-after-start.
bool isWindowInvocation(const QStringList &arguments);
// Anything else is for the command line, which runs it or refuses it as a usage error (exit 2):
// a mistyped command never opens a window.
bool isCommand(const QStringList &arguments);
// Does the command need a GUI platform (charts rendered to files)?
bool needsGui(const QStringList &arguments);
// Runs the command; prints results on stdout and one-line errors on stderr.
int run(const QStringList &arguments);

QString usageText();

// `text` with every control character but line breaks and tabs shown as \xHH (or \uHHHH), so that
// a name or a cell read from a file can never drive the terminal (escape sequences, NUL, BEL).
QString terminalText(const QString &text);

} // namespace breakeven::cli
