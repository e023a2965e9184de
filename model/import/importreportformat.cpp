#include "importreportformat.h"

#include <QJsonArray>
#include <QTextStream>

namespace breakeven {

namespace {

QJsonArray issuesToJson(const std::vector<RowIssue> &issues)
{
    QJsonArray array;
    for (const RowIssue &issue : issues)
        array.append(QJsonObject{{QStringLiteral("line"), issue.line},
                                 {QStringLiteral("column"), issue.column},
                                 {QStringLiteral("reason"), issue.reason}});
    return array;
}

// [{"name": "RTX3070", "rows": 12}, …]
QJsonArray unknownGpusJson(const ImportReport &report)
{
    QJsonArray array;
    for (const auto &[name, rows] : report.unknownGpus)
        array.append(QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("rows"), rows}});
    return array;
}

QString delimiterName(char delimiter)
{
    return delimiter == '\t' ? QStringLiteral("tab") : QString(QLatin1Char(delimiter));
}

} // namespace

QJsonObject importReportToJson(const ImportReport &report, bool dryRun, bool strict)
{
    QJsonObject json{
        {QStringLiteral("format"), QStringLiteral("breakeven-import")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("sheet"), report.fileName},
        {QStringLiteral("sha256"), report.sha256},
        {QStringLiteral("preset"), report.preset},
        {QStringLiteral("provider"), report.provider.isEmpty() ? QJsonValue() : QJsonValue(report.provider)},
        {QStringLiteral("asOf"), report.asOf},
        {QStringLiteral("encoding"), report.encoding},
        {QStringLiteral("delimiter"), delimiterName(report.delimiter)},
        {QStringLiteral("dryRun"), dryRun},
        {QStringLiteral("strict"), strict},
        {QStringLiteral("written"), report.written},
        {QStringLiteral("refused"), report.refused},
        {QStringLiteral("sheetId"), report.sheetId ? QJsonValue(*report.sheetId) : QJsonValue()},
        {QStringLiteral("rows"), QJsonObject{{QStringLiteral("read"), report.rowsRead},
                                             {QStringLiteral("added"), report.offers.added},
                                             {QStringLiteral("updated"), report.offers.updated},
                                             {QStringLiteral("unchanged"), report.offers.unchanged},
                                             {QStringLiteral("skipped"), report.skipped},
                                             {QStringLiteral("duplicates"), report.duplicates},
                                             {QStringLiteral("warnings"), qint64(report.warnings.size())}}},
        {QStringLiteral("skipped"), issuesToJson(report.skips)},
        {QStringLiteral("warnings"), issuesToJson(report.warnings)},
        {QStringLiteral("unknownGpus"), unknownGpusJson(report)},
    };
    return json;
}

QString importReportText(const ImportReport &report, bool dryRun)
{
    QString text;
    QTextStream out(&text);
    out << report.fileName << " (" << report.preset;
    if (!report.provider.isEmpty())
        out << ", provider " << report.provider;
    out << ", as of " << report.asOf << "): " << report.rowsRead << " rows read"
        << (dryRun ? ", dry run: nothing written" : report.refused ? ", refused: nothing written" : "") << '\n';
    out << QStringLiteral("  added      %1\n").arg(report.offers.added)
        << QStringLiteral("  updated    %1\n").arg(report.offers.updated)
        << QStringLiteral("  unchanged  %1\n").arg(report.offers.unchanged)
        << QStringLiteral("  skipped    %1\n").arg(report.skipped)
        << QStringLiteral("  duplicates %1\n").arg(report.duplicates);
    const auto list = [&](const char *title, const std::vector<RowIssue> &issues) {
        if (issues.empty())
            return;
        out << title << ":\n";
        for (const RowIssue &issue : issues) {
            out << "  line " << issue.line;
            if (!issue.column.isEmpty())
                out << ", " << issue.column;
            out << ": " << issue.reason << '\n';
        }
    };
    if (!report.unknownGpus.empty()) {
        out << "unknown GPU names (map each to a catalog GPU with --alias NAME=MODEL):\n";
        for (const auto &[name, rows] : report.unknownGpus)
            out << "  " << name << ": " << rows << (rows == 1 ? " row" : " rows") << '\n';
    }
    list("skipped", report.skips);
    list("warnings", report.warnings);
    return text;
}

} // namespace breakeven
