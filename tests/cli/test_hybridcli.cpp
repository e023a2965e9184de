// `breakeven compare` with hybrid options and `--demand FILE`, run as a process: worked example 11
// in words and in JSON, a demand file in place of the scenario's profile, and the mistakes.
#include "../support/testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using testsupport::Run;
using testsupport::runBreakeven;

// Worked example 11 as a scenario file: H100s as the reference (p = 1), a 4-GPU build at
// 20,000 $ with no running costs, 2.00 $/GPU-h on demand, 12 months; `demand` optional.
QByteArray exampleEleven(bool withProfile, const QString &units = QStringLiteral("null"))
{
    const QString profile = withProfile
        ? QStringLiteral(R"(, "demand": {"stepHours": 1, "gpus": [4, 4, 4, 4, 12, 12, 0, 0]})")
        : QString();
    return QStringLiteral(R"({
  "format": "breakeven-scenario", "version": 2, "name": "own one, rent the peaks",
  "currency": "USD", "horizonMonths": 12, "referenceGpu": "H100-SXM5-80GB",
  "workload": {"gpus": 12, "utilization": 0.4166666666666667%1},
  "cloudOptions": [{"name": "on-demand", "provider": "x", "gpu": "H100-SXM5-80GB", "gpusPerInstance": 1,
                    "pricing": "on-demand", "pricePerHour": 2.0, "currency": "USD"}],
  "onPremOptions": [{"name": "4-GPU server", "gpu": "H100-SXM5-80GB", "gpuCount": 4,
                     "components": [{"name": "server", "price": 20000, "quantity": 1}], "currency": "USD",
                     "idleW": 0, "loadW": 0, "electricityPerKWh": 0}],
  "hybridOptions": [{"name": "own the baseline", "onPrem": "4-GPU server", "cloud": "on-demand", "units": %2}]
})")
        .arg(profile, units)
        .toUtf8();
}

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &text)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

QJsonObject hybridOf(const QByteArray &json)
{
    for (const QJsonValue &v : QJsonDocument::fromJson(json).object()[QStringLiteral("options")].toArray())
        if (v[QStringLiteral("kind")].toString() == QLatin1String("hybrid"))
            return v.toObject();
    return {};
}

} // namespace

class TestHybridCli : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void workedExampleInJson()
    {
        QTemporaryDir dir;
        const QString file = write(dir, QStringLiteral("eleven.json"), exampleEleven(true));
        const Run run = runBreakeven({QStringLiteral("compare"), file, QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject h = hybridOf(run.out);
        QCOMPARE(h[QStringLiteral("name")].toString(), QStringLiteral("own the baseline"));
        QCOMPARE(h[QStringLiteral("onPrem")].toString(), QStringLiteral("4-GPU server"));
        QCOMPARE(h[QStringLiteral("cloud")].toString(), QStringLiteral("on-demand"));
        QCOMPARE(h[QStringLiteral("units")].toInt(), 1);
        QCOMPARE(h[QStringLiteral("unitsChosen")].toBool(), true);
        QCOMPARE(h[QStringLiteral("unitsCoveringPeak")].toInt(), 3);
        QVERIFY(qAbs(h[QStringLiteral("tco")].toDouble() - 55040) < 1e-6);
        QVERIFY(qAbs(h[QStringLiteral("ownedUtilization")].toDouble() - 0.75) < 1e-12);
        QVERIFY(qAbs(h[QStringLiteral("burstShare")].toDouble() - 0.40) < 1e-12);
        const QJsonArray curve = h[QStringLiteral("unitsCurve")].toArray();
        const double expected[] = {87600, 55040, 57520, 60000};
        QCOMPARE(curve.size(), 4);
        for (int k = 0; k < 4; ++k) {
            QCOMPARE(curve[k][QStringLiteral("units")].toInt(), k);
            QVERIFY(qAbs(curve[k][QStringLiteral("tco")].toDouble() - expected[k]) < 1e-6);
        }
        QCOMPARE(h[QStringLiteral("monthly")].toArray().size(), 13);
        QVERIFY(qAbs(h[QStringLiteral("cumulative")].toArray().last().toDouble() - 55040) < 1e-6);
        const QJsonObject parts = h[QStringLiteral("components")].toObject();
        QVERIFY(qAbs(parts[QStringLiteral("hardware")].toDouble() - 20000) < 1e-6);
        QVERIFY(qAbs(parts[QStringLiteral("gpuRental")].toDouble() - 35040) < 1e-6);
    }

    void workedExampleInWords()
    {
        QTemporaryDir dir;
        const QString file = write(dir, QStringLiteral("eleven.json"), exampleEleven(true));
        const Run run = runBreakeven({QStringLiteral("compare"), file});
        QCOMPARE(run.exitCode, 0);
        const QString text = QString::fromUtf8(run.out);
        QVERIFY2(text.contains(QStringLiteral("own the baseline: own 1 × 4-GPU server, burst 40 % of the work to on-demand")),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("1 × 4-GPU server (chosen)")));
        QVERIFY(text.contains(QStringLiteral("75 %")));
        // Cheaper than the server alone (60,000 $) and the cloud alone (87,600 $).
        QVERIFY(text.contains(QStringLiteral("Cheaper still: own the baseline, own 1 × 4-GPU server")));
        QVERIFY(text.contains(QStringLiteral("55,040.00 USD")));

        const QString fixed = write(dir, QStringLiteral("fixed.json"), exampleEleven(true, QStringLiteral("2")));
        const Run two = runBreakeven({QStringLiteral("compare"), fixed});
        QVERIFY(QString::fromUtf8(two.out).contains(QStringLiteral("2 × 4-GPU server (fixed)")));
        QVERIFY(QString::fromUtf8(two.out).contains(QStringLiteral("57,520.00 USD")));
    }

    // --demand FILE gives the workload the profile the file holds: the same answer as a scenario
    // carrying it, from a time,gpus CSV and from Slurm accounting.
    void demandFromAFile()
    {
        QTemporaryDir dir;
        const QString bare = write(dir, QStringLiteral("bare.json"), exampleEleven(false));
        QByteArray csv = "time,gpus\n";
        const int hourly[] = {4, 4, 4, 4, 12, 12, 0, 0};
        for (int h = 0; h < 8; ++h)
            csv += QStringLiteral("2026-03-02T%1:00:00,%2\n").arg(h, 2, 10, QLatin1Char('0')).arg(hourly[h]).toUtf8();
        const QString usage = write(dir, QStringLiteral("usage.csv"), csv);
        const Run run = runBreakeven({QStringLiteral("compare"), bare, QStringLiteral("--demand"), usage, QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject h = hybridOf(run.out);
        QCOMPARE(h[QStringLiteral("units")].toInt(), 1);
        QVERIFY(qAbs(h[QStringLiteral("tco")].toDouble() - 55040) < 1e-6);
        const QJsonObject results = QJsonDocument::fromJson(run.out).object();
        QVERIFY(qAbs(results[QStringLiteral("utilization")].toDouble() - 5.0 / 12.0) < 1e-12);

        // The same demand as jobs: 4 GPUs for 6 hours, 8 more for 2 of them.
        const QByteArray sacct = "JobID|Start|End|AllocTRES\n"
                                 "1|2026-03-02T00:00:00|2026-03-02T06:00:00|cpu=8,gres/gpu=4\n"
                                 "2|2026-03-02T04:00:00|2026-03-02T06:00:00|cpu=8,gres/gpu=8\n"
                                 "3|2026-03-02T07:00:00|2026-03-02T08:00:00|cpu=8\n";
        const QString jobs = write(dir, QStringLiteral("sacct.txt"), sacct);
        const Run slurm = runBreakeven({QStringLiteral("compare"), bare, QStringLiteral("--demand"), jobs, QStringLiteral("--json")});
        QCOMPARE(slurm.exitCode, 0);
        QVERIFY(qAbs(hybridOf(slurm.out)[QStringLiteral("tco")].toDouble() - 55040) < 1e-6);

        // A coarser step averages the profile: two 4-hour steps of 4 and 6 GPUs.
        const Run coarse = runBreakeven({QStringLiteral("compare"), bare, QStringLiteral("--demand"), usage,
                                         QStringLiteral("--step"), QStringLiteral("4h"), QStringLiteral("--json")});
        QCOMPARE(coarse.exitCode, 0);
        const QJsonObject c = hybridOf(coarse.out);
        QCOMPARE(c[QStringLiteral("unitsCoveringPeak")].toInt(), 2);
        // K = 1 owns 4 GPUs of each step; one GPU on average (2 in the second step) bursts.
        QVERIFY(qAbs(c[QStringLiteral("unitsCurve")].toArray()[1][QStringLiteral("tco")].toDouble()
                     - (20000 + 1 * 730 * 2.0 * 12)) < 1e-6);
    }

    // The commands that take a scenario apart (risk samples some options, recommend replaces
    // the cloud options, the report samples what it shows) read one with hybrid options.
    void otherCommandsReadHybridScenarios()
    {
        const QString example = QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/own-baseline-rent-peaks.json");
        const Run risk = runBreakeven({QStringLiteral("risk"), example, QStringLiteral("--samples"), QStringLiteral("2000")});
        QCOMPARE(risk.exitCode, 0);
        QVERIFY(risk.out.contains("buying"));
        const Run recommend = runBreakeven({QStringLiteral("recommend"), example, QStringLiteral("--top"), QStringLiteral("3")});
        QCOMPARE(recommend.exitCode, 0);
        QTemporaryDir dir;
        const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
        const Run report = runBreakeven({QStringLiteral("report"), example, QStringLiteral("--out"), pdf});
        QCOMPARE(report.exitCode, 0);
        QVERIFY(testsupport::isPdf(pdf));
        QProcess text;
        text.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
        QVERIFY(text.waitForFinished(60000));
        const QString words = QString::fromUtf8(text.readAllStandardOutput()).simplified();
        QVERIFY2(!words.contains(QStringLiteral("cannot be worked out")), qPrintable(words.left(2000)));
        QVERIFY(words.contains(QStringLiteral("own 2 × 8 × H100 server, burst 50 % of the work to Lambda")));
    }

    void mistakes()
    {
        QTemporaryDir dir;
        const QString bare = write(dir, QStringLiteral("bare.json"), exampleEleven(false));
        Run run = runBreakeven({QStringLiteral("compare"), bare, QStringLiteral("--step"), QStringLiteral("1h")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("--step and --gpu go with --demand FILE"));

        const QString bad = write(dir, QStringLiteral("usage.csv"), "time,gpus\n2026-03-02T00:00:00,4\n2026-03-02T01:00:00,-1\n");
        run = runBreakeven({QStringLiteral("compare"), bare, QStringLiteral("--demand"), bad});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.contains("usage.csv:3"), run.err.constData());
        QVERIFY(run.out.isEmpty());

        run = runBreakeven({QStringLiteral("compare"), bare, QStringLiteral("--demand"), bad, QStringLiteral("--step"),
                            QStringLiteral("5s")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("--step takes a length"));

        // A reserved cloud option cannot take bursts: the hybrid is shown, not possible, with why.
        QByteArray reserved = exampleEleven(true);
        reserved.replace("\"pricing\": \"on-demand\"", "\"pricing\": \"reserved-1y\"");
        const QString file = write(dir, QStringLiteral("reserved.json"), reserved);
        run = runBreakeven({QStringLiteral("compare"), file});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("on-demand is a reservation"), run.out.constData());
        run = runBreakeven({QStringLiteral("compare"), file, QStringLiteral("--json")});
        const QJsonObject h = hybridOf(run.out);
        QCOMPARE(h[QStringLiteral("feasible")].toBool(), false);
        QVERIFY(h[QStringLiteral("tco")].isNull());
        QVERIFY(h[QStringLiteral("reason")].toString().contains(QStringLiteral("on-demand or spot")));
    }
};

QTEST_GUILESS_MAIN(TestHybridCli)
#include "test_hybridcli.moc"
