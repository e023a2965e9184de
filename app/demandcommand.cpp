// `breakeven demand FILE [--step 1h] [--gpu MODEL] [--json]`: reads usage records into a demand
// profile and describes it (docs/model.md, "Demand profiles"; the JSON fields in README.md).
#include "arguments.h"
#include "cli.h"
#include "verbs.h"

#include "demand/demandreader.h"
#include "inputerror.h"
#include "widgets/plural.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QRegularExpression>

#include <cmath>

namespace breakeven::cli {

namespace {

QString number(double value, int decimals = 2)
{
    QString text = QLocale(QLocale::English).toString(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return text == QLatin1String("-0") ? QStringLiteral("0") : text;
}

QString count(qint64 n)
{
    return QLocale(QLocale::English).toString(n);
}

QString stepText(double hours)
{
    const double minutes = std::round(hours * 60 * 1000) / 1000;
    if (std::fmod(minutes, 1440) == 0)
        return minutes == 1440 ? QStringLiteral("1 day") : QStringLiteral("%1 days").arg(number(minutes / 1440));
    if (std::fmod(minutes, 60) == 0 || minutes > 60)
        return QStringLiteral("%1 h").arg(number(minutes / 60, 3));
    return QStringLiteral("%1 min").arg(number(minutes, 3));
}

QString spanText(double hours)
{
    if (hours < 48)
        return QStringLiteral("%1 h").arg(number(hours, 2));
    const double days = hours / 24;
    return days == 1 ? QStringLiteral("1 day") : QStringLiteral("%1 days").arg(number(days, 1));
}

QString formatLine(const DemandReading &r)
{
    if (r.format == DemandFormat::Csv)
        return QStringLiteral("%1: a CSV of GPUs busy by time, %2%3%4\n")
            .arg(r.fileName, countText("breakeven::cli", "%Ln row(s)", r.rows),
                 r.outOfOrder > 0 ? QStringLiteral(" (%1 out of order, sorted by time)").arg(count(r.outOfOrder)) : QString(),
                 r.gpu.isEmpty() ? QString()
                                 : QStringLiteral("; GPU %1 recorded (a CSV does not say which GPUs were busy)").arg(r.gpu));
    QString line = QStringLiteral("%1: Slurm accounting, %2; %3 counted")
                       .arg(r.fileName, countText("breakeven::cli", "%Ln job(s)", r.rows), count(r.jobsCounted));
    QStringList of;
    if (r.jobsRunning > 0)
        of << QStringLiteral("%1 still running, to the latest time in the file").arg(count(r.jobsRunning));
    if (r.jobsWithoutGpu > 0)
        of << QStringLiteral("%1 without GPUs").arg(count(r.jobsWithoutGpu));
    if (!of.isEmpty())
        line += QStringLiteral(" (%1)").arg(of.join(QStringLiteral(", ")));
    if (r.jobsPending > 0)
        line += QStringLiteral("; %1 never started (pending), left out").arg(count(r.jobsPending));
    if (!r.gpu.isEmpty())
        line += QStringLiteral("; %1 with no %2 GPU left out").arg(count(r.jobsOtherGpu), r.gpu);
    return line + QLatin1Char('\n');
}

} // namespace

int runDemand(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {QStringLiteral("json")}, {QStringLiteral("step"), QStringLiteral("gpu")});
    args.expectPositionals(1, QStringLiteral("FILE"));
    DemandReadOptions options;
    if (auto step = args.option(QStringLiteral("step")))
        options.stepHours = parseDemandStep(*step);
    if (auto gpu = args.option(QStringLiteral("gpu"))) {
        if (gpu->trimmed().isEmpty())
            throw UsageError(QStringLiteral("--gpu takes a GPU type as Slurm names it, such as a100"));
        options.gpu = gpu->trimmed();
    }
    const DemandReading reading = readDemandFile(args.positional(0, QStringLiteral("FILE")), options);
    const DemandProfile &profile = reading.profile;
    const DemandSummary s = summarizeDemand(profile);

    if (args.flag(QStringLiteral("json"))) {
        QJsonArray steps;
        for (const double g : profile.gpus)
            steps.append(g);
        QJsonValue jobs(QJsonValue::Null);
        if (reading.format == DemandFormat::Slurm)
            jobs = QJsonObject{
                {QStringLiteral("read"), double(reading.rows)},
                {QStringLiteral("counted"), double(reading.jobsCounted)},
                {QStringLiteral("running"), double(reading.jobsRunning)},
                {QStringLiteral("withoutGpu"), double(reading.jobsWithoutGpu)},
                {QStringLiteral("pending"), double(reading.jobsPending)},
                {QStringLiteral("otherGpu"), double(reading.jobsOtherGpu)},
            };
        out << QJsonDocument(QJsonObject{
                                 {QStringLiteral("file"), reading.fileName},
                                 {QStringLiteral("format"), toString(reading.format)},
                                 {QStringLiteral("gpu"), reading.gpu.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(reading.gpu)},
                                 {QStringLiteral("rows"), double(reading.rows)},
                                 {QStringLiteral("outOfOrder"), double(reading.outOfOrder)},
                                 {QStringLiteral("jobs"), jobs},
                                 {QStringLiteral("stepHours"), profile.stepHours},
                                 {QStringLiteral("start"), profile.start.toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss'Z'"))},
                                 {QStringLiteral("steps"), double(s.steps)},
                                 {QStringLiteral("hours"), s.hours},
                                 {QStringLiteral("mean"), s.mean},
                                 {QStringLiteral("peak"), s.peak},
                                 {QStringLiteral("p50"), s.p50},
                                 {QStringLiteral("p90"), s.p90},
                                 {QStringLiteral("p99"), s.p99},
                                 {QStringLiteral("shareAboveMean"), s.shareAboveMean},
                                 {QStringLiteral("profile"), steps},
                             })
                   .toJson(QJsonDocument::Indented);
        return Success;
    }

    out << terminalText(formatLine(reading));
    out << terminalText(QStringLiteral("%1 %2 of %3 (%4) from %5 UTC; mean %6 GPUs busy, peak %7; P50 %8, P90 %9, P99 %10; "
                                       "%11 % of the GPU-hours lie above the mean\n")
                            .arg(count(s.steps), s.steps == 1 ? QStringLiteral("step") : QStringLiteral("steps"),
                                 stepText(profile.stepHours), spanText(s.hours),
                                 profile.start.toString(QStringLiteral("yyyy-MM-dd HH:mm")), number(s.mean), number(s.peak),
                                 number(s.p50), number(s.p90))
                            .arg(number(s.p99), number(s.shareAboveMean * 100, 0)));
    return Success;
}

} // namespace breakeven::cli
