#include "cli.h"

#include "arguments.h"
#include "verbs.h"
#include "inputerror.h"

#include <QFileInfo>
#include <QTextStream>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace breakeven::cli {

namespace {

const QStringList kCommands{QStringLiteral("compare"), QStringLiteral("recommend"), QStringLiteral("risk"), QStringLiteral("demand"), QStringLiteral("new"), QStringLiteral("import"), QStringLiteral("refresh"),
                            QStringLiteral("export"), QStringLiteral("report"), QStringLiteral("throughput")};

} // namespace

QString usageText()
{
    return QStringLiteral(
        "Usage:\n"
        "  breakeven [DOCUMENT] [--quit-after-start]                open the GUI (and close it once its\n"
        "                                                           window has been shown)\n"
        "  breakeven new DOCUMENT                                   create a document from the bundled catalog\n"
        "  breakeven compare SCENARIO [--utilization U] [--json]    print results\n"
        "  breakeven compare SCENARIO SCENARIO... [--utilization U] [--json]\n"
        "                   several scenarios' headline answers side by side\n"
        "                   [--cloud-price-change R] [--hardware-price-change R]\n"
        "                   [--demand FILE [--step 1h] [--gpu MODEL]]  the workload's usage; hybrid options\n"
        "  breakeven recommend SCENARIO [--top N] [--plan P] [--provider P] [--utilization U] [--all-regions] [--json]\n"
        "                   the catalog's best instance types and plans for the scenario's workload, by TCO,\n"
        "                   each at its cheapest region (--all-regions, --json: every region's offer)\n"
        "  breakeven risk SCENARIO [--samples N] [--seed S] [--json]\n"
        "                   the odds that buying wins, when it pays off, and what flips the answer\n"
        "  breakeven demand FILE [--step 1h] [--gpu MODEL] [--json]\n"
        "                   a demand profile from usage: a time,gpus CSV or sacct -P -X\n"
        "                   --format=JobID,Start,End,AllocTRES; --step 15m, 1h, 1d\n"
        "  breakeven import SHEET.csv --into DOCUMENT [--preset NAME] [--strict] [--dry-run] [--json]\n"
        "                   [--provider NAME] [--as-of YYYY-MM-DD] [--encoding E] [--delimiter D]\n"
        "                   [--alias NAME=MODEL]...  a sheet's GPU name as a catalog GPU, kept\n"
        "  breakeven refresh --into DOCUMENT [--source NAME]... [--endpoint NAME=URL]... [--cloud NAME]...\n"
        "                   [--region NAME]... [--json]  fetch current prices over the network\n"
        "  breakeven export SCENARIO --chart cumulative|utilization|breakdown|criteria|payoff|tco-spread|tornado|serving\n"
        "                   --out FILE.pdf|.png|.svg [--utilization U] [--width W --height H] [--dpi D]\n"
        "  breakeven report SCENARIO --out FILE.pdf [--utilization U]\n"
        "  breakeven throughput --model M [--gpu G] [--precision fp16|fp8|int4] [--input I --output O]\n"
        "                   [--max-tpot MS] [--json]  each GPU's replica, batch and tokens per second\n"
        "                   serving a model, measured and modelled\n"
        "  breakeven --help | --version\n"
        "\n"
        "SCENARIO is a scenario JSON file or DOCUMENT#scenario-name.\n"
        "Exit status: 0 success, 1 bad input, 2 usage error.\n");
}

namespace {

int editDistance(const QString &a, const QString &b)
{
    std::vector<int> row(std::size_t(b.size()) + 1);
    for (std::size_t j = 0; j < row.size(); ++j)
        row[j] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[std::size_t(j)];
            row[std::size_t(j)] = std::min({above + 1, row[std::size_t(j - 1)] + 1,
                                            diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row.back();
}

// What an argument that is neither a command nor an option was probably meant to be.
QString unknownCommandText(const QString &word)
{
    QString closest;
    int best = 3; // more than two edits away is no suggestion
    for (const QString &command : kCommands) {
        const int distance = editDistance(word.toLower(), command);
        if (distance < best) {
            best = distance;
            closest = command;
        }
    }
    QString text = QStringLiteral("unknown command \"%1\"").arg(word.left(80));
    if (!closest.isEmpty())
        text += QStringLiteral("; did you mean \"%1\"?").arg(closest);
    else
        text += QStringLiteral(" (commands: %1; to open a document in the window, name an existing "
                               "file or one ending in .breakeven)")
                    .arg(kCommands.join(QStringLiteral(", ")));
    return text;
}

} // namespace

QString terminalText(const QString &text)
{
    QString shown;
    shown.reserve(text.size());
    for (const QChar c : text) {
        if (c.category() != QChar::Other_Control || c == QLatin1Char('\n') || c == QLatin1Char('\t')) {
            shown += c;
            continue;
        }
        const int width = c.unicode() < 0x100 ? 2 : 4;
        shown += (width == 2 ? QStringLiteral("\\x") : QStringLiteral("\\u"))
            + QString::number(c.unicode(), 16).toUpper().rightJustified(width, QLatin1Char('0'));
    }
    return shown;
}

bool isWindowInvocation(const QStringList &arguments)
{
    QStringList rest = arguments;
    rest.removeAll(QStringLiteral("--quit-after-start"));
    if (rest.isEmpty())
        return true;
    if (rest.size() > 1)
        return false;
    const QString &document = rest.first();
    if (document.startsWith(QLatin1Char('-')) || kCommands.contains(document))
        return false;
    return QFileInfo::exists(document) || document.endsWith(QLatin1String(".breakeven"), Qt::CaseInsensitive);
}

bool isCommand(const QStringList &arguments)
{
    return !isWindowInvocation(arguments);
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
        if (command == QLatin1String("recommend"))
            return runRecommend(rest, out);
        if (command == QLatin1String("risk"))
            return runRisk(rest, out);
        if (command == QLatin1String("demand"))
            return runDemand(rest, out);
        if (command == QLatin1String("new"))
            return runNew(rest, out);
        if (command == QLatin1String("import"))
            return runImport(rest, out);
        if (command == QLatin1String("refresh"))
            return runRefresh(rest, out);
        if (command == QLatin1String("export"))
            return runExport(rest, out);
        if (command == QLatin1String("report"))
            return runReport(rest, out);
        if (command == QLatin1String("throughput"))
            return runThroughput(rest, out);
        if (command.startsWith(QLatin1Char('-')))
            throw UsageError(QStringLiteral("unknown option \"%1\"").arg(command.left(80)));
        if (QFileInfo::exists(command) || command.endsWith(QLatin1String(".breakeven"), Qt::CaseInsensitive))
            throw UsageError(QStringLiteral("the window opens one document; unexpected \"%1\"")
                                 .arg(rest.value(0).left(80)));
        throw UsageError(unknownCommandText(command));
    } catch (const UsageError &e) {
        out.flush();
        err << "breakeven: " << terminalText(QString::fromUtf8(e.what())) << "\n" << "Try 'breakeven --help'.\n";
        return Usage;
    } catch (const InputError &e) {
        out.flush();
        err << "breakeven: " << terminalText(e.message().simplified()) << '\n';
        return BadInput;
    } catch (const std::exception &e) {
        out.flush();
        err << "breakeven: " << terminalText(QString::fromLocal8Bit(e.what())) << '\n';
        return BadInput;
    }
}

} // namespace breakeven::cli
