// `breakeven compare` run as a process on the example scenarios: output, JSON and exit codes.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run breakeven(const QStringList &arguments)
{
    QProcess p;
    p.start(QStringLiteral(BREAKEVEN_EXECUTABLE), arguments);
    if (!p.waitForFinished(60000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

QString example(const char *name)
{
    return QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/%1.json").arg(QLatin1String(name));
}

QJsonObject option(const QJsonObject &results, const QString &name)
{
    for (const QJsonValue &v : results[QStringLiteral("options")].toArray())
        if (v[QStringLiteral("name")].toString() == name)
            return v.toObject();
    return {};
}

} // namespace

class TestCompare : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyExampleEvaluates_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("options");
        QTest::newRow("budget K80 rig") << example("budget-k80-rig") << 2;
        QTest::newRow("3 x P40 rig") << example("three-p40-rig") << 2;
        QTest::newRow("8 x H100 server") << example("h100-server") << 5;
        QTest::newRow("RTX 4090 workstation") << example("rtx4090-workstation") << 3;
    }

    void everyExampleEvaluates()
    {
        QFETCH(QString, file);
        QFETCH(int, options);
        const Run table = breakeven({QStringLiteral("compare"), file});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("Cheapest over"));
        QVERIFY(table.err.isEmpty());

        const Run json = breakeven({QStringLiteral("compare"), file, QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 0);
        QJsonParseError error;
        const QJsonObject results = QJsonDocument::fromJson(json.out, &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonArray list = results[QStringLiteral("options")].toArray();
        QCOMPARE(list.size(), options);
        const int months = results[QStringLiteral("horizonMonths")].toInt();
        for (const QJsonValue &o : list) {
            QCOMPARE(o[QStringLiteral("monthly")].toArray().size(), months + 1);
            QCOMPARE(o[QStringLiteral("cumulative")].toArray().size(), months + 1);
            QVERIFY(o[QStringLiteral("tco")].isDouble());
            QVERIFY(table.out.contains(o[QStringLiteral("name")].toString().toUtf8()));
        }
        QVERIFY(!results[QStringLiteral("pairs")].toArray().isEmpty());
        QCOMPARE(results[QStringLiteral("cheapestByMonth")].toArray().size(), months + 1);
    }

    void budgetRigMatchesTheWorkedExample()
    {
        const Run run = breakeven({QStringLiteral("compare"), example("budget-k80-rig"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject results = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(results[QStringLiteral("currency")].toString(), QStringLiteral("EUR"));
        QCOMPARE(option(results, QStringLiteral("Budget K80 rig"))[QStringLiteral("tco")].toDouble(), 145.0);
        QCOMPARE(option(results, QStringLiteral("Budget K80 rig"))[QStringLiteral("timeToResultHours")].toDouble(), 80.0);
        QCOMPARE(option(results, QStringLiteral("g5.xlarge on-demand"))[QStringLiteral("timeToResultHours")].toDouble(), 10.0);
        const QJsonObject pair = results[QStringLiteral("pairs")].toArray().first().toObject();
        QVERIFY(qAbs(pair[QStringLiteral("crossoverMonth")].toDouble() - 145.0 / 730.0) < 1e-9);
        QCOMPARE(pair[QStringLiteral("winsAbove")].toString(), QStringLiteral("onprem"));
        QCOMPARE(results[QStringLiteral("cheapest")].toString(), QStringLiteral("Budget K80 rig"));
    }

    void scenarioFromADocument()
    {
        // A new document holds the examples; DOCUMENT#name evaluates like the JSON file.
        QTemporaryDir dir;
        const QString document = dir.filePath(QStringLiteral("compare.breakeven"));
        QCOMPARE(breakeven({QStringLiteral("new"), document}).exitCode, 0);
        const Run fromFile = breakeven({QStringLiteral("compare"), example("h100-server"), QStringLiteral("--json")});
        const QString name = QJsonDocument::fromJson(fromFile.out).object()[QStringLiteral("scenario")].toString();
        const Run fromDocument = breakeven({QStringLiteral("compare"), document + QLatin1Char('#') + name, QStringLiteral("--json")});
        QCOMPARE(fromDocument.exitCode, 0);
        QCOMPARE(fromDocument.out, fromFile.out);

        const Run missing = breakeven({QStringLiteral("compare"), document + QStringLiteral("#No such scenario")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("No such scenario"));
        const Run noDocument = breakeven({QStringLiteral("compare"), dir.filePath(QStringLiteral("none.breakeven#x"))});
        QCOMPARE(noDocument.exitCode, 1);
    }

    void utilizationOverride_data()
    {
        QTest::addColumn<QString>("utilization");
        QTest::addColumn<double>("expected");
        QTest::newRow("fraction") << "0.25" << 0.25;
        QTest::newRow("percent") << "35%" << 0.35;
        QTest::newRow("zero") << "0" << 0.0;
    }

    void utilizationOverride()
    {
        QFETCH(QString, utilization);
        QFETCH(double, expected);
        const Run run = breakeven({QStringLiteral("compare"), example("h100-server"), QStringLiteral("--json"),
                                   QStringLiteral("--utilization"), utilization});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject results = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(results[QStringLiteral("utilization")].toDouble(), expected);
        for (const QJsonValue &o : results[QStringLiteral("options")].toArray())
            if (expected == 0)
                QVERIFY(o[QStringLiteral("costPerReferenceGpuHour")].isNull()); // n/a, never NaN
    }

    void exitCodes_data()
    {
        QTemporaryDir dir;
        QTest::addColumn<QStringList>("arguments");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("help") << QStringList{QStringLiteral("--help")} << 0 << QString();
        QTest::newRow("version") << QStringList{QStringLiteral("--version")} << 0 << QString();
        QTest::newRow("no scenario") << QStringList{QStringLiteral("compare")} << 2 << QStringLiteral("missing SCENARIO");
        QTest::newRow("unknown option") << QStringList{QStringLiteral("compare"), example("h100-server"), QStringLiteral("--fast")}
                                        << 2 << QStringLiteral("unknown option --fast");
        QTest::newRow("utilization above 1") << QStringList{QStringLiteral("compare"), example("h100-server"),
                                                            QStringLiteral("--utilization"), QStringLiteral("1.5")}
                                             << 2 << QStringLiteral("--utilization");
        QTest::newRow("unknown command") << QStringList{QStringLiteral("--frobnicate")} << 2 << QStringLiteral("unknown");
        QTest::newRow("missing file") << QStringList{QStringLiteral("compare"), QStringLiteral("/nonexistent/s.json")}
                                      << 1 << QStringLiteral("/nonexistent/s.json");
        QTest::newRow("bad field") << QStringList{QStringLiteral("compare"), QStringLiteral(BREAKEVEN_TEST_DATA "/scenarios/negative-price.json")}
                                   << 1 << QStringLiteral("cloudOptions[0].pricePerHour");
        QTest::newRow("NaN as string") << QStringList{QStringLiteral("compare"), QStringLiteral(BREAKEVEN_TEST_DATA "/scenarios/nan-string.json")}
                                       << 1 << QStringLiteral("workload.utilization");
        QTest::newRow("not JSON") << QStringList{QStringLiteral("compare"), QStringLiteral(BREAKEVEN_TEST_DATA "/scenarios/not-json.json")}
                                  << 1 << QStringLiteral("not-json.json");
        QTest::newRow("unknown GPU") << QStringList{QStringLiteral("compare"), QStringLiteral(BREAKEVEN_TEST_DATA "/scenarios/unknown-gpu.json")}
                                     << 1 << QStringLiteral("cloudOptions[0].gpu");
    }

    void exitCodes()
    {
        QFETCH(QStringList, arguments);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        const Run run = breakeven(arguments);
        QCOMPARE(run.exitCode, exitCode);
        if (exitCode == 0) {
            QVERIFY(!run.out.isEmpty());
            return;
        }
        QVERIFY(run.out.isEmpty());
        const QString err = QString::fromUtf8(run.err);
        QVERIFY2(err.contains(message), qPrintable(err));
        if (exitCode == 1)
            QCOMPARE(err.count(QLatin1Char('\n')), 1); // one line
    }
};

QTEST_GUILESS_MAIN(TestCompare)
#include "test_compare.moc"
