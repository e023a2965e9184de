// `breakeven throughput`, run as a process: every GPU sized for a model with its replica, batch
// and tokens per second (measured with its source, or modelled), the GPUs that cannot hold the
// model named with the memory they lack, --json, and the mistakes: an unknown model lists close
// names, nonsense numbers name their option.
#include "../support/testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using testsupport::Run;
using testsupport::runBreakeven;

class TestThroughputCli : public QObject {
    Q_OBJECT
private slots:
    void everyGpuSized()
    {
        const Run run = runBreakeven({QStringLiteral("throughput"), QStringLiteral("--model"), QStringLiteral("Llama-3.1-70B"),
                                      QStringLiteral("--precision"), QStringLiteral("fp8"), QStringLiteral("--input"),
                                      QStringLiteral("1000"), QStringLiteral("--output"), QStringLiteral("1000")});
        QCOMPARE(run.exitCode, 0);
        const QString out = QString::fromUtf8(run.out);
        QVERIFY2(out.startsWith(QStringLiteral("Llama-3.1-70B at fp8, 1000 tokens in and 1000 out a request, no latency target\n")),
                 qPrintable(out));
        // The H100 has a measurement of the same family and size at these lengths.
        QVERIFY2(out.contains(QStringLiteral("H100-SXM5-80GB: a replica of 1 GPU, batch ")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("2209 tokens/s per GPU measured (TensorRT-LLM perf overview, NVIDIA offline, "
                                             "Llama-3.3-70B at 1000/1000 tokens); modelled ")),
                 qPrintable(out));
        QVERIFY2(out.contains(QRegularExpression(QStringLiteral("\nL40S: a replica of 2 GPUs, batch \\d+, \\d+ tokens/s per GPU modelled\n"))),
                 qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("\nP4: cannot serve it: Llama-3.1-70B at fp8 needs 71 GB of weights; 8 × P4 hold 64 GB\n")),
                 qPrintable(out));
    }

    void oneGpuAsJson()
    {
        const Run run = runBreakeven({QStringLiteral("throughput"), QStringLiteral("--model"), QStringLiteral("llama 3.1 405b"),
                                      QStringLiteral("--gpu"), QStringLiteral("L4"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject doc = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(doc.value(QStringLiteral("model")).toString(), QStringLiteral("Llama-3.1-405B"));
        QCOMPARE(doc.value(QStringLiteral("precision")).toString(), QStringLiteral("fp16"));
        const QJsonArray gpus = doc.value(QStringLiteral("gpus")).toArray();
        QCOMPARE(gpus.size(), 1);
        const QJsonObject l4 = gpus.first().toObject();
        QCOMPARE(l4.value(QStringLiteral("fits")).toBool(), false);
        QCOMPARE(l4.value(QStringLiteral("reason")).toString(),
                 QStringLiteral("Llama-3.1-405B at fp16 needs 810 GB of weights; 8 × L4 hold 192 GB"));

        const Run small = runBreakeven({QStringLiteral("throughput"), QStringLiteral("--model"), QStringLiteral("Llama-3.1-8B"),
                                        QStringLiteral("--gpu"), QStringLiteral("L4"), QStringLiteral("--precision"),
                                        QStringLiteral("fp8"), QStringLiteral("--max-tpot"), QStringLiteral("50"),
                                        QStringLiteral("--json")});
        QCOMPARE(small.exitCode, 0);
        const QJsonObject row = QJsonDocument::fromJson(small.out).object().value(QStringLiteral("gpus")).toArray().first().toObject();
        QCOMPARE(row.value(QStringLiteral("replicaGpus")).toInt(), 1);
        QCOMPARE(row.value(QStringLiteral("basis")).toString(), QStringLiteral("modelled"));
        QVERIFY(row.value(QStringLiteral("batch")).toDouble() >= 1);
        QVERIFY(row.value(QStringLiteral("stepMs")).toDouble() <= 50);
        QVERIFY(row.value(QStringLiteral("tokensPerSecondPerGpu")).toDouble() > 0);
    }

    // compare on the serving example says what each GPU's throughput is counted from (tokens per
    // second of the workload's model, not a training profile), the traffic, and each break-even in
    // words.
    void compareSpeaksOfTokens()
    {
        const Run run = runBreakeven({QStringLiteral("compare"),
                                      QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/llama-70b-serving.json")});
        QCOMPARE(run.exitCode, 0);
        const QByteArray &out = run.out;
        QVERIFY2(out.contains("Throughput against H100-SXM5-80GB, from tokens per second serving Llama-3.1-70B at fp8:"),
                 out.constData());
        QVERIFY2(!out.contains("training profile"), out.constData());
        QVERIFY2(out.contains("Serving Llama-3.1-70B at fp8: 20.00 requests a second on average (peak 1.50 ×), "
                              "1,000 tokens in and 300 out per request"),
                 out.constData());
        QVERIFY2(out.contains("8 × H100 server against Together AI, Llama 3.1 70B Turbo: break-even at "), out.constData());
        QVERIFY2(out.contains("8 × H100 server is cheaper above it"), out.constData());
    }

    void mistakes_data()
    {
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        const QString m = QStringLiteral("--model");
        const QString llama = QStringLiteral("Llama-3.1-70B");
        QTest::newRow("unknown model") << QStringList{m, QStringLiteral("Llama-3.1-70")} << 1
                                       << QStringLiteral("no model \"Llama-3.1-70\" in the catalog; did you mean Llama-3.1-70B");
        QTest::newRow("no model") << QStringList{} << 2 << QStringLiteral("--model is required");
        QTest::newRow("negative input") << QStringList{m, llama, QStringLiteral("--input"), QStringLiteral("-5")} << 2
                                        << QStringLiteral("--input takes a number above 0");
        QTest::newRow("zero output") << QStringList{m, llama, QStringLiteral("--output"), QStringLiteral("0")} << 2
                                     << QStringLiteral("--output takes a number above 0");
        QTest::newRow("word for tpot") << QStringList{m, llama, QStringLiteral("--max-tpot"), QStringLiteral("fast")} << 2
                                       << QStringLiteral("--max-tpot takes a number above 0");
        QTest::newRow("precision") << QStringList{m, llama, QStringLiteral("--precision"), QStringLiteral("fp32")} << 2
                                   << QStringLiteral("--precision takes fp16, bf16, fp8, int4 or fp4");
        QTest::newRow("unknown gpu") << QStringList{m, llama, QStringLiteral("--gpu"), QStringLiteral("Z9000")} << 1
                                     << QStringLiteral("no GPU \"Z9000\" in the catalog");
    }

    void mistakes()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Run run = runBreakeven(QStringList{QStringLiteral("throughput")} + arguments);
        QCOMPARE(run.exitCode, exitCode);
        QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
        QVERIFY(run.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestThroughputCli)
#include "test_throughputcli.moc"
