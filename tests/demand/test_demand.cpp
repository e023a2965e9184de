// Demand profiles (docs/model.md, "Demand profiles"): samples and Slurm jobs averaged into steps,
// worked by hand; the summary of a known profile; every kind of bad input with its line and
// reason; and `breakeven demand` run as a process.
#include "demand/demandreader.h"
#include "inputerror.h"
#include "../support/testsupport.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTimeZone>
#include <QtTest>

#include <cmath>
#include <random>
#include <vector>

using namespace breakeven;

namespace {

using testsupport::Run;
using testsupport::runBreakeven;

QString data(const char *name)
{
    return QStringLiteral(BREAKEVEN_TEST_DATA "/demand/%1").arg(QLatin1String(name));
}

DemandReadOptions step(double hours, const QString &gpu = {})
{
    DemandReadOptions options;
    options.stepHours = hours;
    options.gpu = gpu;
    return options;
}

qint64 utc(int y, int m, int d, int h = 0, int mi = 0, int s = 0)
{
    return QDateTime(QDate(y, m, d), QTime(h, mi, s), QTimeZone::utc()).toMSecsSinceEpoch();
}

// The message of the InputError that reading `text` throws, or "no error".
QString errorOf(const QByteArray &text, const QString &name, const DemandReadOptions &options = {})
{
    try {
        readDemandData(text, name, options);
    } catch (const InputError &e) {
        return e.message();
    }
    return QStringLiteral("no error");
}

void compareSteps(const std::vector<double> &actual, const std::vector<double> &expected)
{
    QCOMPARE(actual.size(), expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i)
        if (qAbs(actual[i] - expected[i]) > 1e-12)
            QFAIL(qPrintable(QStringLiteral("step %1: %2, expected %3").arg(i).arg(actual[i]).arg(expected[i])));
}

} // namespace

class TestDemand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void timesAreIso8601InUtc()
    {
        QCOMPARE(parseDemandTime("2026-01-05T10:00:00"), utc(2026, 1, 5, 10));
        QCOMPARE(parseDemandTime("2026-01-05T10:00:00Z"), utc(2026, 1, 5, 10));
        QCOMPARE(parseDemandTime("2026-01-05 10:00"), utc(2026, 1, 5, 10));
        QCOMPARE(parseDemandTime("2026-01-05t10:00"), utc(2026, 1, 5, 10));
        QCOMPARE(parseDemandTime("2026-01-05T12:00:00+02:00"), utc(2026, 1, 5, 10));
        QCOMPARE(parseDemandTime("2026-01-05T05:30:00-0430"), utc(2026, 1, 5, 10));
        QCOMPARE(parseDemandTime("2026-01-05T10:00:00.250Z"), utc(2026, 1, 5, 10) + 250);
        QCOMPARE(parseDemandTime("2026-01-05"), utc(2026, 1, 5));
        QCOMPARE(parseDemandTime("2024-02-29T23:59:59"), utc(2024, 2, 29, 23, 59, 59));
        QCOMPARE(parseDemandTime("1969-12-31T23:00:00Z"), qint64(-3600 * 1000));
        // The end of a day, which only QDateTime's reading knows.
        QCOMPARE(parseDemandTime("2026-01-05T24:00:00"), utc(2026, 1, 6));
        QVERIFY(!parseDemandTime("2026-13-01"));
        QVERIFY(!parseDemandTime("2026-02-29T10:00"));
        QVERIFY(!parseDemandTime("2026-01-05T10:61"));
        QVERIFY(!parseDemandTime("yesterday"));
        QVERIFY(!parseDemandTime(""));
        // The hand-written reading agrees with QDateTime's over a leap year, hour by hour.
        for (qint64 t = utc(2024, 1, 1); t < utc(2025, 1, 1); t += 3600 * 1000 * 7 + 60 * 1000 * 13) {
            const QByteArray text = QDateTime::fromMSecsSinceEpoch(t, QTimeZone::utc()).toString(Qt::ISODate).toUtf8();
            QCOMPARE(parseDemandTime(text), t);
        }
    }

    void samplesFillSteps()
    {
        // 4, 4, 4, 4, 12, 12, 0, 0 an hour apart; the last row lasts the median interval, an hour.
        const DemandReading r = readDemandFile(data("hourly.csv"));
        QVERIFY(r.format == DemandFormat::Csv);
        QCOMPARE(r.fileName, QStringLiteral("hourly.csv"));
        QCOMPARE(r.rows, qint64(8));
        QCOMPARE(r.profile.start, QDateTime(QDate(2026, 1, 5), QTime(0, 0), QTimeZone::utc()));
        compareSteps(r.profile.gpus, {4, 4, 4, 4, 12, 12, 0, 0});
    }

    void aSampleCoveringHalfAStepCountsHalf()
    {
        // 10:00–10:30 two GPUs, 10:30–11:00 six: the hour averages 4.
        const QByteArray text = "time,gpus\n2026-01-05T10:00:00,2\n2026-01-05T10:30:00,6\n2026-01-05T11:00:00,0\n";
        const DemandReading r = readDemandData(text, QStringLiteral("half.csv"));
        compareSteps(r.profile.gpus, {4, 0});
        // Two steps a day: the first holds 30 min of 2 and 30 min of 6 GPUs in the hour covered.
        const DemandReading daily = readDemandData(text, QStringLiteral("half.csv"), step(24));
        QCOMPARE(daily.profile.start, QDateTime(QDate(2026, 1, 5), QTime(0, 0), QTimeZone::utc()));
        // The file covers 10:00 to 11:30 (the last row lasts the median 30 min): 2·0.5 + 6·0.5 + 0·0.5 over 1.5 h.
        compareSteps(daily.profile.gpus, {8.0 / 3.0});
    }

    void irregularSamples()
    {
        // Rows at 10:00 (2), 10:30 (6), 11:00 (1), 11:15 (3), 12:30 (0), 13:00 (0); intervals of 30,
        // 30, 15, 75 and 30 min, so the last row lasts 30 min and the file ends at 13:30.
        const DemandReading hourly = readDemandFile(data("irregular.csv"));
        QCOMPARE(hourly.rows, qint64(6));
        // 11:00–12:00: a quarter of 1 and three quarters of 3; 13:00–14:00 is covered only to 13:30.
        compareSteps(hourly.profile.gpus, {4, 0.25 * 1 + 0.75 * 3, 0.5 * 3, 0});
        const DemandReading quarters = readDemandFile(data("irregular.csv"), step(0.25));
        compareSteps(quarters.profile.gpus, {2, 2, 6, 6, 1, 3, 3, 3, 3, 3, 0, 0, 0, 0});
        QCOMPARE(quarters.profile.start, QDateTime(QDate(2026, 1, 5), QTime(10, 0), QTimeZone::utc()));
    }

    void rowsOutOfOrderAreSorted()
    {
        const QByteArray text = "time,gpus\n2026-01-05T10:00:00Z,2\n2026-01-05T11:00:00Z,4\n2026-01-05T10:30:00Z,6\n";
        const DemandReading r = readDemandData(text, QStringLiteral("shuffled.csv"));
        QCOMPARE(r.outOfOrder, qint64(1));
        // 10:00 2, 10:30 6, 11:00 4 lasting the median 30 min.
        compareSteps(r.profile.gpus, {4, 4});
        // Of rows at the same time, the last one read counts.
        const DemandReading same = readDemandData("time,gpus\n2026-01-05T10:00Z,9\n2026-01-05T10:00Z,3\n2026-01-05T11:00Z,3\n",
                                                  QStringLiteral("same.csv"));
        compareSteps(same.profile.gpus, {3, 3});
    }

    void otherLayoutsOfTheSameFormats()
    {
        // One row lasts one step: 10:30–11:30 at 3 GPUs, each hour averaged over its covered half.
        compareSteps(readDemandData("time,gpus\n2026-01-05T10:30:00,3\n", QStringLiteral("one.csv")).profile.gpus, {3, 3});
        // A semicolon-separated sheet with Windows line ends and a byte order mark.
        const DemandReading semicolons =
            readDemandData("\xEF\xBB\xBFTIME;GPUS\r\n2026-01-05T10:00:00;1.5\r\n2026-01-05T11:00:00;0.5\r\n", QStringLiteral("semi.csv"));
        compareSteps(semicolons.profile.gpus, {1.5, 0.5});
        // sacct -p (not -P) ends every line with a '|'; more columns after AllocTRES are ignored.
        const DemandReading trailing = readDemandData("JobID|Start|End|AllocTRES|State|\n"
                                                      "5|2026-01-05T10:00:00|2026-01-05T10:30:00|gres/gpu=2|COMPLETED|\n"
                                                      "6|2026-01-05T10:30:00|2026-01-05T11:00:00|gres/gpu=4|COMPLETED|\n",
                                                      QStringLiteral("sacct-p.txt"));
        QVERIFY(trailing.format == DemandFormat::Slurm);
        compareSteps(trailing.profile.gpus, {3});
    }

    void slurmJobs()
    {
        // 1001 2 GPUs 10–12; 1002 4 a100 10:30–11; 1003 1 GPU from 11, still running: to 14:00, the
        // latest time in the file; 1004 no GPU; 1005 pending; 1006_3 2 GPUs (listed untyped and as a100) 12–14.
        const DemandReading r = readDemandFile(data("sacct.txt"));
        QVERIFY(r.format == DemandFormat::Slurm);
        QCOMPARE(r.rows, qint64(6));
        QCOMPARE(r.jobsCounted, qint64(5));
        QCOMPARE(r.jobsRunning, qint64(1));
        QCOMPARE(r.jobsWithoutGpu, qint64(1));
        QCOMPARE(r.jobsPending, qint64(1));
        QCOMPARE(r.jobsOtherGpu, qint64(0));
        QCOMPARE(r.profile.start, QDateTime(QDate(2026, 1, 5), QTime(10, 0), QTimeZone::utc()));
        compareSteps(r.profile.gpus, {2 + 4 * 0.5, 2 + 1, 1 + 2, 1 + 2});
        const DemandReading quarters = readDemandFile(data("sacct.txt"), step(0.5));
        compareSteps(quarters.profile.gpus, {2, 6, 3, 3, 3, 3, 3, 3});
    }

    void slurmGpuFilter()
    {
        // Only a100: 1002 (4, 10:30–11) and 1006_3 (2, 12–14); 1001 names no type and 1003 is a
        // v100, both left out; the CPU job counts at 0. The span stays that of every started job.
        for (const QString &gpu : {QStringLiteral("a100"), QStringLiteral("A100")}) {
            const DemandReading r = readDemandFile(data("sacct.txt"), step(1, gpu));
            QCOMPARE(r.gpu, gpu);
            QCOMPARE(r.jobsCounted, qint64(3));
            QCOMPARE(r.jobsOtherGpu, qint64(2));
            QCOMPARE(r.jobsWithoutGpu, qint64(1));
            QCOMPARE(r.jobsPending, qint64(1));
            compareSteps(r.profile.gpus, {2, 0, 2, 2});
        }
        const DemandReading v100 = readDemandFile(data("sacct.txt"), step(1, QStringLiteral("v100")));
        compareSteps(v100.profile.gpus, {0, 1, 1, 1});
        // A CSV only records the filter.
        const DemandReading csv = readDemandFile(data("hourly.csv"), step(1, QStringLiteral("a100")));
        QCOMPARE(csv.gpu, QStringLiteral("a100"));
        compareSteps(csv.profile.gpus, {4, 4, 4, 4, 12, 12, 0, 0});
    }

    void slurmAllocTres()
    {
        const auto profile = [](const QByteArray &tres) {
            const QByteArray text = "JobID|Start|End|AllocTRES\n7|2026-01-05T10:00:00|2026-01-05T11:00:00|" + tres + "\n";
            return readDemandData(text, QStringLiteral("one.txt")).profile.gpus;
        };
        compareSteps(profile("billing=4,cpu=4,gres/gpu=2,mem=16G,node=1"), {2});
        compareSteps(profile("cpu=4,gres/gpu:a100=2,mem=16G"), {2});
        compareSteps(profile("gres/gpu:a100=2,gres/gpu:v100=1"), {3});
        compareSteps(profile("gres/gpu=3,gres/gpu:a100=2,gres/gpu:v100=1"), {3});
        compareSteps(profile("cpu=4,gres/gpumem=40G,gres/gpuutil=80"), {0});
        compareSteps(profile(""), {0});
    }

    void summaryOfAKnownProfile()
    {
        DemandProfile p;
        p.gpus = {4, 4, 4, 4, 12, 12, 0, 0};
        const DemandSummary s = summarizeDemand(p);
        QCOMPARE(s.steps, qsizetype(8));
        QCOMPARE(s.hours, 8.0);
        QCOMPARE(s.mean, 5.0);
        QCOMPARE(s.peak, 12.0);
        QCOMPARE(s.p50, 4.0);   // h = 3.5 between 4 and 4
        QCOMPARE(s.p90, 12.0);  // h = 6.3 between 12 and 12
        QCOMPARE(s.p99, 12.0);
        // Above the mean of 5: 7 + 7 GPU-hours of 40.
        QCOMPARE(s.shareAboveMean, 14.0 / 40.0);

        DemandProfile ramp;
        ramp.stepHours = 0.5;
        for (int i = 0; i <= 10; ++i)
            ramp.gpus.push_back(10 - i);
        const DemandSummary r = summarizeDemand(ramp);
        QCOMPARE(r.hours, 5.5);
        QCOMPARE(r.p50, 5.0);
        QCOMPARE(r.p90, 9.0);
        QVERIFY(qAbs(r.p99 - 9.9) < 1e-12);
        QCOMPARE(r.shareAboveMean, (5.0 + 4 + 3 + 2 + 1) / 55.0);

        DemandProfile idle;
        idle.gpus = {0, 0};
        QCOMPARE(summarizeDemand(idle).shareAboveMean, 0.0);
        QCOMPARE(summarizeDemand(DemandProfile{}).steps, qsizetype(0));
    }

    void badInputNamesLineAndReason_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("message");
        QTest::newRow("unparseable time") << QByteArray("time,gpus\n2026-01-05T10:00,1\n2026-13-01,2\n") << "usage.csv"
                                          << "usage.csv:3: time \"2026-13-01\" is not an ISO 8601 time (such as 2026-01-05T10:00:00)";
        QTest::newRow("negative GPUs") << QByteArray("time,gpus\n2026-01-05T10:00,1\n\n2026-01-05T11:00,-2\n") << "usage.csv"
                                       << "usage.csv:4: GPUs busy must be 0 or more, not -2";
        QTest::newRow("not a number") << QByteArray("time,gpus\n2026-01-05T10:00,four\n") << "usage.csv"
                                      << "usage.csv:2: GPUs busy \"four\" is not a number";
        QTest::newRow("no GPUs") << QByteArray("time,gpus\n2026-01-05T10:00,\n") << "usage.csv"
                                 << "usage.csv:2: GPUs busy \"\" is not a number";
        QTest::newRow("three fields") << QByteArray("time,gpus\n2026-01-05T10:00,1,2\n") << "usage.csv"
                                      << "usage.csv:2: a row holds a time and the GPUs busy (time,gpus), not 3 fields";
        QTest::newRow("empty file") << QByteArray() << "usage.csv" << "usage.csv: the file has no rows (it is empty)";
        QTest::newRow("header only") << QByteArray("time,gpus\n") << "usage.csv" << "usage.csv: the file has no rows";
        QTest::newRow("Slurm header only") << QByteArray("JobID|Start|End|AllocTRES\n") << "sacct.txt" << "sacct.txt: the file has no rows";
        QTest::newRow("other header") << QByteArray("when,count\n2026-01-05T10:00,1\n") << "usage.csv"
                                      << "usage.csv:1: the header \"when,count\" is neither \"time,gpus\" (a CSV of GPUs busy by time) "
                                         "nor \"JobID|Start|End|AllocTRES\" (what sacct -P -X --format=JobID,Start,End,AllocTRES prints)";
        QTest::newRow("job ends before it starts")
            << QByteArray("JobID|Start|End|AllocTRES\n1|2026-01-05T09:00:00|2026-01-05T10:00:00|gres/gpu=1\n"
                          "2|2026-01-05T09:00:00|2026-01-05T10:00:00|gres/gpu=1\n3|2026-01-05T09:00:00|2026-01-05T10:00:00|\n"
                          "1234|2026-01-05T10:00:00|2026-01-05T09:00:00|gres/gpu=2\n")
            << "sacct.txt" << "sacct.txt:5: job 1234 ends (2026-01-05T09:00:00) before it starts (2026-01-05T10:00:00)";
        QTest::newRow("bad start") << QByteArray("JobID|Start|End|AllocTRES\n8|2026-01-32T00:00:00|Unknown|gres/gpu=1\n") << "sacct.txt"
                                   << "sacct.txt:2: start \"2026-01-32T00:00:00\" is not an ISO 8601 time (such as 2026-01-05T10:00:00)";
        QTest::newRow("bad GPU count") << QByteArray("JobID|Start|End|AllocTRES\n8|2026-01-05T00:00:00|Unknown|cpu=1,gres/gpu=x\n") << "sacct.txt"
                                       << "sacct.txt:2: AllocTRES \"cpu=1,gres/gpu=x\": the GPU count in \"gres/gpu=x\" is not a whole number";
        QTest::newRow("too few fields") << QByteArray("JobID|Start|End|AllocTRES\n8|2026-01-05T00:00:00\n") << "sacct.txt"
                                        << "sacct.txt:2: a job has the fields JobID|Start|End|AllocTRES, this line has 2";
        QTest::newRow("only pending jobs") << QByteArray("JobID|Start|End|AllocTRES\n8|Unknown|Unknown|\n9|None|None|\n") << "sacct.txt"
                                           << "sacct.txt: no job has started: the 2 jobs are all pending (Start=Unknown)";
    }

    void badInputNamesLineAndReason()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, name);
        QFETCH(QString, message);
        QCOMPARE(errorOf(text, name), message);
    }

    void aSpanOfTooManyStepsIsRefused()
    {
        // Two rows 20,454 days apart: the last lasts as long again, to 2082.
        const QString message = errorOf("time,gpus\n1970-01-01T00:00,1\n2026-01-01T00:00,1\n", QStringLiteral("years.csv"), step(1.0 / 60));
        QVERIFY2(message.startsWith(QStringLiteral("years.csv: the records span 40908 days")), qPrintable(message));
        QVERIFY(message.endsWith(QStringLiteral("choose a longer step")));
        QCOMPARE(readDemandData("time,gpus\n1970-01-01T00:00,1\n2026-01-01T00:00,1\n", QStringLiteral("years.csv"), step(24 * 7))
                     .profile.gpus.size(),
                 std::size_t(40908 / 7));
    }

    void damagedFilesAreReadOrRefused()
    {
        // Bytes of the recorded files changed, cut or repeated at random: each is read into a profile
        // with no step below 0, or refused with an InputError; nothing else may happen.
        std::mt19937 random(2026);
        const char alphabet[] = "0123456789-:T Z+.,|=/\n\r\"aU";
        for (const char *name : {"hourly.csv", "irregular.csv", "sacct.txt"}) {
            QFile file(data(name));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray original = file.readAll();
            for (int round = 0; round < 1500; ++round) {
                QByteArray text = original;
                const int edits = 1 + int(random() % 4);
                for (int e = 0; e < edits && !text.isEmpty(); ++e) {
                    const auto at = qsizetype(random() % std::uint32_t(text.size()));
                    switch (random() % 3) {
                    case 0: text[at] = alphabet[random() % (sizeof(alphabet) - 1)]; break;
                    case 1: text.remove(at, qsizetype(random() % 8)); break;
                    default: text.insert(at, text.mid(at, qsizetype(random() % 12))); break;
                    }
                }
                try {
                    const DemandReading r = readDemandData(text, QString::fromLatin1(name), step(round % 2 ? 0.25 : 1));
                    QVERIFY(!r.profile.gpus.empty());
                    for (const double g : r.profile.gpus)
                        QVERIFY(std::isfinite(g) && g >= 0);
                } catch (const InputError &e) {
                    QVERIFY(e.message().startsWith(QString::fromLatin1(name)));
                }
            }
        }
    }

    void commandPrintsTheSummary()
    {
        const Run run = runBreakeven({QStringLiteral("demand"), data("hourly.csv")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.err.isEmpty());
        QCOMPARE(QString::fromUtf8(run.out),
                 QStringLiteral("hourly.csv: a CSV of GPUs busy by time, 8 rows\n"
                                "8 steps of 1 h (8 h) from 2026-01-05 00:00 UTC; mean 5 GPUs busy, peak 12; P50 4, P90 12, "
                                "P99 12; 35 % of the GPU-hours lie above the mean\n"));

        const Run slurm = runBreakeven({QStringLiteral("demand"), data("sacct.txt"), QStringLiteral("--step"), QStringLiteral("30m"),
                                        QStringLiteral("--gpu"), QStringLiteral("a100")});
        QCOMPARE(slurm.exitCode, 0);
        QCOMPARE(QString::fromUtf8(slurm.out),
                 QStringLiteral("sacct.txt: Slurm accounting, 6 jobs; 3 counted (1 without GPUs); 1 never started (pending), left out; "
                                "2 with no a100 GPU left out\n"
                                "8 steps of 30 min (4 h) from 2026-01-05 10:00 UTC; mean 1.5 GPUs busy, peak 4; P50 2, P90 2.6, "
                                "P99 3.86; 38 % of the GPU-hours lie above the mean\n"));
    }

    void commandPrintsJson()
    {
        const Run run = runBreakeven({QStringLiteral("demand"), data("sacct.txt"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(run.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(o[QStringLiteral("file")].toString(), QStringLiteral("sacct.txt"));
        QCOMPARE(o[QStringLiteral("format")].toString(), QStringLiteral("slurm"));
        QVERIFY(o[QStringLiteral("gpu")].isNull());
        QCOMPARE(o[QStringLiteral("stepHours")].toDouble(), 1.0);
        QCOMPARE(o[QStringLiteral("start")].toString(), QStringLiteral("2026-01-05T10:00:00Z"));
        QCOMPARE(o[QStringLiteral("steps")].toInt(), 4);
        QCOMPARE(o[QStringLiteral("hours")].toDouble(), 4.0);
        QCOMPARE(o[QStringLiteral("mean")].toDouble(), 3.25);
        QCOMPARE(o[QStringLiteral("peak")].toDouble(), 4.0);
        QCOMPARE(o[QStringLiteral("p50")].toDouble(), 3.0);
        QCOMPARE(o[QStringLiteral("shareAboveMean")].toDouble(), 0.75 / 13.0);
        QCOMPARE(o[QStringLiteral("profile")].toArray(), (QJsonArray{4, 3, 3, 3}));
        const QJsonObject jobs = o[QStringLiteral("jobs")].toObject();
        QCOMPARE(jobs[QStringLiteral("read")].toInt(), 6);
        QCOMPARE(jobs[QStringLiteral("counted")].toInt(), 5);
        QCOMPARE(jobs[QStringLiteral("running")].toInt(), 1);
        QCOMPARE(jobs[QStringLiteral("withoutGpu")].toInt(), 1);
        QCOMPARE(jobs[QStringLiteral("pending")].toInt(), 1);
        QCOMPARE(jobs[QStringLiteral("otherGpu")].toInt(), 0);

        const Run csv = runBreakeven({QStringLiteral("demand"), data("irregular.csv"), QStringLiteral("--step"), QStringLiteral("15m"),
                                      QStringLiteral("--gpu"), QStringLiteral("A100"), QStringLiteral("--json")});
        QCOMPARE(csv.exitCode, 0);
        const QJsonObject c = QJsonDocument::fromJson(csv.out).object();
        QCOMPARE(c[QStringLiteral("format")].toString(), QStringLiteral("csv"));
        QCOMPARE(c[QStringLiteral("gpu")].toString(), QStringLiteral("A100"));
        QVERIFY(c[QStringLiteral("jobs")].isNull());
        QCOMPARE(c[QStringLiteral("rows")].toInt(), 6);
        QCOMPARE(c[QStringLiteral("stepHours")].toDouble(), 0.25);
        QCOMPARE(c[QStringLiteral("profile")].toArray(), (QJsonArray{2, 2, 6, 6, 1, 3, 3, 3, 3, 3, 0, 0, 0, 0}));
    }

    void commandExitCodes()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("usage.csv"));
        QFile file(bad);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("time,gpus\n2026-01-05T10:00,1\n2026-01-05T11:00,-2\n");
        file.close();
        const Run input = runBreakeven({QStringLiteral("demand"), bad});
        QCOMPARE(input.exitCode, 1);
        QCOMPARE(input.err, QByteArray("breakeven: usage.csv:3: GPUs busy must be 0 or more, not -2\n"));
        QVERIFY(input.out.isEmpty());

        QCOMPARE(runBreakeven({QStringLiteral("demand"), dir.filePath(QStringLiteral("none.csv"))}).exitCode, 1);
        const Run step = runBreakeven({QStringLiteral("demand"), data("hourly.csv"), QStringLiteral("--step"), QStringLiteral("7x")});
        QCOMPARE(step.exitCode, 2);
        QVERIFY(step.err.contains("--step takes a length such as 15m, 1h or 1d"));
        QCOMPARE(runBreakeven({QStringLiteral("demand"), data("hourly.csv"), QStringLiteral("--step"), QStringLiteral("30s")}).exitCode, 2);
        QCOMPARE(runBreakeven({QStringLiteral("demand")}).exitCode, 2);
        QCOMPARE(runBreakeven({QStringLiteral("demand"), data("hourly.csv"), QStringLiteral("--steps"), QStringLiteral("1h")}).exitCode, 2);
        const Run daily = runBreakeven({QStringLiteral("demand"), data("hourly.csv"), QStringLiteral("--step"), QStringLiteral("1d")});
        QCOMPARE(daily.exitCode, 0);
        QVERIFY(daily.out.contains("1 step of 1 day (24 h) from 2026-01-05 00:00 UTC; mean 5 GPUs busy"));
    }
};

QTEST_GUILESS_MAIN(TestDemand)
#include "test_demand.moc"
