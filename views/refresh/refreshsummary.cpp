#include "refreshsummary.h"

#include "refreshsources.h"
#include "widgets/plural.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

#include <QStringList>

#include <algorithm>
#include <map>

namespace breakeven {

namespace {

// Skip reasons listed for one cloud; the rest are counted.
constexpr int kListedReasons = 5;

QString tr(const char *text)
{
    return QCoreApplication::translate("breakeven::RefreshSummary", text);
}

// A failure's sentence ("<address>: <reason>") with a long query of the address cut short: an
// API address with a filter can run to kilobytes, and its host and path say which source could
// not be reached. The row's tooltip keeps the whole sentence.
QString readable(const QString &message)
{
    static const QRegularExpression longQuery(QStringLiteral("(https?://[^\\s?]+)\\?.{40,}?(?=: )"));
    QString text = message;
    return text.replace(longQuery, QStringLiteral("\\1?…"));
}

QString number(qint64 value)
{
    return QLocale().toString(value);
}

QString counts(qint64 added, qint64 updated, qint64 unchanged, qint64 skipped)
{
    return tr("%1 added, %2 updated, %3 unchanged, %4")
        .arg(number(added), number(updated), number(unchanged),
             countText("breakeven::RefreshSummary", "%n row(s) skipped", skipped));
}

// "  3 rows: unknown GPU name (first at line 12)", the most frequent reasons first.
QString skipReasons(const CloudRefresh &cloud)
{
    std::map<QString, std::pair<qint64, qint64>> byReason; // reason: rows, first line
    for (const RowIssue &issue : cloud.skips) {
        const QString reason = issue.column.isEmpty() ? issue.reason : issue.column + QStringLiteral(": ") + issue.reason;
        auto [it, inserted] = byReason.try_emplace(reason, 0, issue.line);
        ++it->second.first;
    }
    std::vector<std::pair<QString, std::pair<qint64, qint64>>> sorted(byReason.begin(), byReason.end());
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const auto &a, const auto &b) { return a.second.first > b.second.first; });
    QString text;
    for (std::size_t i = 0; i < sorted.size() && i < std::size_t(kListedReasons); ++i)
        text += QStringLiteral("      %1: %2 (first at line %3)\n")
                    .arg(countText("breakeven::RefreshSummary", "%n row(s)", sorted[i].second.first), sorted[i].first)
                    .arg(sorted[i].second.second);
    if (sorted.size() > std::size_t(kListedReasons))
        text += QStringLiteral("      ") + countText("breakeven::RefreshSummary", "and %n other reason(s)",
                                                     qint64(sorted.size()) - kListedReasons) + QLatin1Char('\n');
    return text;
}

} // namespace

RefreshTotals refreshTotals(const std::vector<RefreshResult> &results)
{
    RefreshTotals totals;
    for (const RefreshResult &result : results) {
        if (result.done) {
            ++totals.sourcesDone;
            totals.added += result.report.offers.added;
            totals.updated += result.report.offers.updated;
            totals.unchanged += result.report.offers.unchanged;
            totals.skippedRows += result.report.skippedRows;
        } else if (!result.error.isEmpty()) {
            ++totals.sourcesFailed;
        }
    }
    return totals;
}

QString refreshResultLine(const RefreshResult &result)
{
    if (result.cancelled)
        return tr("cancelled; nothing changed");
    if (!result.done)
        return tr("failed: %1").arg(readable(result.error));
    return counts(result.report.offers.added, result.report.offers.updated, result.report.offers.unchanged,
                  result.report.skippedRows);
}

namespace {

// Whether the source's entries are providers (the API prices' source), not clouds.
bool byProvider(const QString &source)
{
    const RefreshSourceInfo *info = findRefreshSource(source);
    return info && info->byProvider;
}

} // namespace

QString refreshSummaryText(const std::vector<RefreshResult> &results)
{
    QString text;
    for (const RefreshResult &result : results) {
        if (!result.done) {
            text += QStringLiteral("%1 (%2): %3\n").arg(result.title, result.source, refreshResultLine(result));
            continue;
        }
        const SourceRefresh &report = result.report;
        text += tr("%1 (%2), %3: %4 imported, %5 skipped, %6 read\n")
                    .arg(result.title, result.source, report.baseUrl.toDisplayString(QUrl::RemoveUserInfo),
                         countText("breakeven::RefreshSummary", byProvider(result.source) ? "%n provider(s)" : "%n cloud(s)",
                                   report.cloudsImported),
                         number(report.cloudsSkipped),
                         countText("breakeven::RefreshSummary", "%n row(s)", report.rowsRead));
        text += QStringLiteral("  %1\n").arg(counts(report.offers.added, report.offers.updated, report.offers.unchanged,
                                                     report.skippedRows));
        for (const CloudRefresh &cloud : report.clouds) {
            if (!cloud.imported) {
                text += tr("    %1: not imported, %2\n").arg(cloud.cloud, cloud.skipReason);
                continue;
            }
            text += QStringLiteral("    %1: %2\n")
                        .arg(cloud.cloud, counts(cloud.offers.added, cloud.offers.updated, cloud.offers.unchanged,
                                                 cloud.skippedRows));
            text += skipReasons(cloud);
            if (!cloud.unknownGpus.empty()) {
                QStringList names;
                for (const auto &[name, rows] : cloud.unknownGpus)
                    names << QStringLiteral("%1 (%2)").arg(name, countText("breakeven::RefreshSummary", "%n row(s)", rows));
                text += tr("      GPU names the catalog does not know: %1\n").arg(names.join(QStringLiteral(", ")));
            }
        }
    }
    const RefreshTotals totals = refreshTotals(results);
    text += tr("In all: %1").arg(counts(totals.added, totals.updated, totals.unchanged, totals.skippedRows));
    if (totals.sourcesFailed > 0)
        text += QStringLiteral("; ") + countText("breakeven::RefreshSummary", "%n source(s) failed", totals.sourcesFailed);
    text += QLatin1Char('\n');
    return text;
}

} // namespace breakeven
