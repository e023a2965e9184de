// `breakeven refresh`: fetches current prices from the network sources (the SkyPilot catalog so
// far) and imports them into a document, one transaction per source.
#include "arguments.h"
#include "cli.h"
#include "verbs.h"

#include "inputerror.h"
#include "widgets/plural.h"
#include "refreshsources.h"
#include "store/document.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace breakeven::cli {

namespace {

QStringList sourceNames()
{
    QStringList names;
    for (const RefreshSourceInfo &source : refreshSources())
        names << source.name;
    return names;
}

QJsonObject countsJson(qint64 read, const OfferCounts &offers, qint64 skipped)
{
    return QJsonObject{{QStringLiteral("read"), read},
                       {QStringLiteral("added"), offers.added},
                       {QStringLiteral("updated"), offers.updated},
                       {QStringLiteral("unchanged"), offers.unchanged},
                       {QStringLiteral("skipped"), skipped}};
}

QJsonObject sourceJson(const SourceRefresh &source)
{
    QJsonArray clouds;
    for (const CloudRefresh &cloud : source.clouds) {
        QJsonArray skips;
        for (const RowIssue &issue : cloud.skips)
            skips.append(QJsonObject{{QStringLiteral("line"), issue.line},
                                     {QStringLiteral("column"), issue.column},
                                     {QStringLiteral("reason"), issue.reason}});
        QJsonArray unknown;
        for (const auto &[name, rows] : cloud.unknownGpus)
            unknown.append(QJsonObject{{QStringLiteral("name"), name}, {QStringLiteral("rows"), rows}});
        clouds.append(QJsonObject{
            {QStringLiteral("cloud"), cloud.cloud},
            {QStringLiteral("url"), cloud.url.toString()},
            {QStringLiteral("status"), cloud.imported ? QStringLiteral("imported") : QStringLiteral("skipped")},
            {QStringLiteral("reason"), cloud.imported ? QJsonValue() : QJsonValue(cloud.skipReason)},
            {QStringLiteral("bytes"), cloud.bytes},
            {QStringLiteral("rows"), countsJson(cloud.rowsRead, cloud.offers, cloud.skippedRows)},
            {QStringLiteral("skipped"), skips},
            {QStringLiteral("unknownGpus"), unknown},
        });
    }
    return QJsonObject{{QStringLiteral("source"), source.source},
                       {QStringLiteral("endpoint"), source.baseUrl.toString()},
                       {QStringLiteral("cloudsImported"), source.cloudsImported},
                       {QStringLiteral("cloudsSkipped"), source.cloudsSkipped},
                       {QStringLiteral("rows"), countsJson(source.rowsRead, source.offers, source.skippedRows)},
                       {QStringLiteral("clouds"), clouds}};
}

QString sourceText(const SourceRefresh &source)
{
    // A source priced by region lists regions where the SkyPilot catalog lists clouds, the API
    // prices' source providers.
    const RefreshSourceInfo *info = findRefreshSource(source.source);
    const bool regions = info && info->takesRegions;
    const bool providers = info && info->byProvider;
    QString text = QStringLiteral("%1 (%2): %3 imported, %4 skipped, %5 read\n")
                       .arg(source.source, source.baseUrl.toDisplayString(QUrl::RemoveUserInfo))
                       .arg(countText("breakeven::cli", regions ? "%n region(s)" : providers ? "%n provider(s)" : "%n cloud(s)",
                                      qint64(source.cloudsImported)))
                       .arg(source.cloudsSkipped)
                       .arg(countText("breakeven::cli", "%n row(s)", qint64(source.rowsRead)));
    for (const CloudRefresh &cloud : source.clouds) {
        if (cloud.imported)
            text += QStringLiteral("  %1: %2 added, %3 updated, %4 unchanged, %5 skipped\n")
                        .arg(cloud.cloud, -12)
                        .arg(cloud.offers.added)
                        .arg(cloud.offers.updated)
                        .arg(cloud.offers.unchanged)
                        .arg(countText("breakeven::cli", "%n row(s)", qint64(cloud.skippedRows)));
        else
            text += QStringLiteral("  %1: skipped, %2\n").arg(cloud.cloud, -12).arg(cloud.skipReason);
    }
    text += QStringLiteral("  added      %1\n  updated    %2\n  unchanged  %3\n  skipped    %4\n")
                .arg(source.offers.added)
                .arg(source.offers.updated)
                .arg(source.offers.unchanged)
                .arg(source.skippedRows);
    return text;
}

} // namespace

int runRefresh(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {QStringLiteral("json")}, {QStringLiteral("into")},
                         {QStringLiteral("source"), QStringLiteral("endpoint"), QStringLiteral("cloud"), QStringLiteral("region")});
    args.expectPositionals(0, QString());
    const QString documentPath = args.requiredOption(QStringLiteral("into"));
    const QStringList kSources = sourceNames();
    QStringList sources = args.values(QStringLiteral("source"));
    if (sources.isEmpty())
        for (const RefreshSourceInfo &info : refreshSources())
            if (info.byDefault)
                sources << info.name;
    sources.removeDuplicates();
    for (const QString &source : sources)
        if (!kSources.contains(source))
            throw UsageError(QStringLiteral("--source: unknown source \"%1\" (sources: %2)")
                                 .arg(source.left(80), kSources.join(QStringLiteral(", "))));

    QHash<QString, QUrl> endpoints;
    for (const QString &endpoint : args.values(QStringLiteral("endpoint"))) {
        const int eq = endpoint.indexOf(QLatin1Char('='));
        const QString name = endpoint.left(eq);
        const QUrl url(endpoint.mid(eq + 1), QUrl::StrictMode);
        if (eq <= 0 || !kSources.contains(name) || !url.isValid()
            || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https")))
            throw UsageError(QStringLiteral("--endpoint takes SOURCE=URL (an http or https base URL of %1), not \"%2\"")
                                 .arg(kSources.join(QStringLiteral(", ")), endpoint.left(200)));
        endpoints.insert(name, url);
    }
    QStringList clouds;
    for (const QString &cloud : args.values(QStringLiteral("cloud"))) {
        static const QRegularExpression folderName(QStringLiteral("^[a-z0-9][a-z0-9_-]*$"));
        if (!folderName.match(cloud).hasMatch())
            throw UsageError(QStringLiteral("--cloud: \"%1\" is not a catalog folder name (like aws, lambda)").arg(cloud.left(80)));
        clouds << cloud;
    }

    const bool creating = !QFileInfo::exists(documentPath);
    std::unique_ptr<Document> document = creating ? Document::create(documentPath) : Document::open(documentPath);
    QJsonArray reports;
    QString text;
    try {
        for (const QString &source : sources) {
            RefreshOptions options;
            options.baseUrl = endpoints.value(source);
            options.clouds = clouds;
            options.regions = args.values(QStringLiteral("region"));
            const SourceRefresh report = runRefreshSource(*document, source, options);
            reports.append(sourceJson(report));
            text += sourceText(report);
        }
    } catch (...) {
        if (creating && reports.isEmpty()) {
            document.reset();
            for (const char *suffix : {"", "-wal", "-shm", "-journal"})
                QFile::remove(documentPath + QLatin1String(suffix));
        }
        throw;
    }

    if (args.flag(QStringLiteral("json")))
        out << QJsonDocument(QJsonObject{{QStringLiteral("format"), QStringLiteral("breakeven-refresh")},
                                         {QStringLiteral("version"), 1},
                                         {QStringLiteral("document"), documentPath},
                                         {QStringLiteral("sources"), reports}})
                   .toJson(QJsonDocument::Indented);
    else
        out << terminalText(text);
    return Success;
}

} // namespace breakeven::cli
