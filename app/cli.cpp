#include "cli.h"

#include "arguments.h"
#include "commands.h"
#include "inputerror.h"

#include <QTextStream>

#include <cstdio>

namespace breakeven::cli {

namespace {

const QStringList kCommands{QStringLiteral("compare"), QStringLiteral("new"), QStringLiteral("import"),
                            QStringLiteral("export"), QStringLiteral("report")};

} // namespace

QString usageText()
{
    return QStringLiteral(
        "Usage:\n"
        "  breakeven [DOCUMENT] [--quit-after-start]                open the GUI (and close it once its\n"
        "                                                           window has been shown)\n"
        "  breakeven new DOCUMENT                                   create a document from the bundled catalog\n"
        "  breakeven compare SCENARIO [--utilization U] [--json]    print results\n"
        "  breakeven import SHEET.csv --into DOCUMENT [--preset NAME] [--strict] [--dry-run] [--json]\n"
        "                   [--provider NAME] [--as-of YYYY-MM-DD] [--encoding E] [--delimiter D]\n"
        "  breakeven export SCENARIO --chart cumulative|utilization|breakdown --out FILE.pdf|.png|.svg\n"
        "                   [--utilization U] [--width W --height H] [--dpi D]\n"
        "  breakeven report SCENARIO --out FILE.pdf [--utilization U]\n"
        "  breakeven --help | --version\n"
        "\n"
        "SCENARIO is a scenario JSON file or DOCUMENT#scenario-name.\n"
        "Exit status: 0 success, 1 bad input, 2 usage error.\n");
}

bool isCommand(const QStringList &arguments)
{
    if (arguments.isEmpty())
        return false;
    const QString &first = arguments.first();
    if (first == QLatin1String("--quit-after-start"))
        return false;
    return kCommands.contains(first) || first == QLatin1String("--help") || first == QLatin1String("-h")
        || first == QLatin1String("--version") || (first.startsWith(QLatin1Char('-')) && first != QLatin1String("-"));
}

bool needsGui(const QStringList &arguments)
{
    return !arguments.isEmpty()
        && (arguments.first() == QLatin1String("export") || arguments.first() == QLatin1String("report"));
}

int run(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString command = arguments.value(0);
    const QStringList rest = arguments.mid(1);
    try {
        if (command == QLatin1String("--help") || command == QLatin1String("-h")) {
            out << usageText();
            return Success;
        }
        if (command == QLatin1String("--version")) {
            out << "breakeven " << BREAKEVEN_VERSION << '\n';
            return Success;
        }
        if (rest.contains(QStringLiteral("--help"))) {
            out << usageText();
            return Success;
        }
        if (command == QLatin1String("compare"))
            return runCompare(rest, out);
        if (command == QLatin1String("new"))
            return runNew(rest, out);
        if (command == QLatin1String("import"))
            return runImport(rest, out);
        if (command == QLatin1String("export"))
            return runExport(rest, out);
        if (command == QLatin1String("report"))
            return runReport(rest, out);
        throw UsageError(QStringLiteral("unknown command or option \"%1\"").arg(command));
    } catch (const UsageError &e) {
        out.flush();
        err << "breakeven: " << e.what() << "\n" << "Try 'breakeven --help'.\n";
        return Usage;
    } catch (const InputError &e) {
        out.flush();
        err << "breakeven: " << e.message().simplified() << '\n';
        return BadInput;
    } catch (const std::exception &e) {
        out.flush();
        err << "breakeven: " << e.what() << '\n';
        return BadInput;
    }
}

} // namespace breakeven::cli
