// `breakeven compare` run as a process on the example scenarios: output, JSON and exit codes.
#include "store/document.h"
#include "../support/testsupport.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include "catalog/gpucatalog.h"

#include <QDate>
#include "exchange/scenariojson.h"
#include <QtTest>

#include <cmath>

namespace {

using testsupport::Run;
using testsupport::runBreakeven;

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
    // Paying for it: a term of 0 or past 600, a rate below −100 %, a down payment above 1 or a depreciation
    // period of 0 is refused naming the field; a loan and taxes that make sense are read and the
    // results say so (docs/model.md, "Paying for it").
    void payingTermsAreCheckedAndReported_data()
    {
        QTest::addColumn<QByteArray>("from");
        QTest::addColumn<QByteArray>("to");
        QTest::addColumn<QString>("field");
        QTest::newRow("term 0") << QByteArray("\"termMonths\": 36") << QByteArray("\"termMonths\": 0")
                                << QStringLiteral("onPremOptions[0].financing.termMonths");
        QTest::newRow("term 601") << QByteArray("\"termMonths\": 36") << QByteArray("\"termMonths\": 601")
                                  << QStringLiteral("onPremOptions[0].financing.termMonths");
        QTest::newRow("rate -150 %") << QByteArray("\"annualRate\": 0.09") << QByteArray("\"annualRate\": -1.5")
                                     << QStringLiteral("onPremOptions[0].financing.annualRate");
        QTest::newRow("down 120 %") << QByteArray("\"downPayment\": 0.1") << QByteArray("\"downPayment\": 1.2")
                                    << QStringLiteral("onPremOptions[0].financing.downPayment");
        QTest::newRow("period 0") << QByteArray("\"depreciationYears\": 5") << QByteArray("\"depreciationYears\": 0")
                                  << QStringLiteral("tax.depreciationYears");
    }

    void payingTermsAreCheckedAndReported()
    {
        QFETCH(QByteArray, from);
        QFETCH(QByteArray, to);
        QFETCH(QString, field);
        QFile source(example("h100-server"));
        QVERIFY(source.open(QIODevice::ReadOnly));
        breakeven::Scenario scenario = breakeven::readScenarioJson(source.readAll());
        QVERIFY(!scenario.onPremOptions.empty());
        scenario.onPremOptions.front().financing.method = breakeven::FinancingMethod::Loan;
        scenario.onPremOptions.front().financing.annualRate = 0.09;
        scenario.onPremOptions.front().financing.termMonths = 36;
        scenario.onPremOptions.front().financing.downPayment = 0.1;
        scenario.tax = breakeven::Tax{0.21, breakeven::DepreciationMethod::StraightLine, 5};
        const QByteArray good = breakeven::writeScenarioJson(scenario);
        QTemporaryDir dir;
        const QString goodFile = dir.filePath(QStringLiteral("good.json"));
        QFile out(goodFile);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(good);
        out.close();
        const Run ok = runBreakeven({QStringLiteral("compare"), goodFile});
        QCOMPARE(ok.exitCode, 0);
        QVERIFY2(ok.out.contains("paid by a loan at 9.0 % a year over 36 months, 10 % down"), ok.out.constData());
        QVERIFY(ok.out.contains("Every figure is after a 21.0 % tax"));

        QByteArray bad = good;
        QVERIFY2(bad.contains(from), from.constData());
        bad.replace(from, to);
        const QString badFile = dir.filePath(QStringLiteral("bad.json"));
        QFile badOut(badFile);
        QVERIFY(badOut.open(QIODevice::WriteOnly));
        badOut.write(bad);
        badOut.close();
        const Run refused = runBreakeven({QStringLiteral("compare"), badFile});
        QVERIFY(refused.exitCode != 0);
        QVERIFY2(QString::fromUtf8(refused.err).contains(field), refused.err.constData());
        QVERIFY(refused.out.isEmpty());
    }

    void everyExampleEvaluates_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("options");
        QTest::newRow("budget K80 rig") << example("budget-k80-rig") << 2;
        QTest::newRow("3 x P40 rig") << example("three-p40-rig") << 2;
        QTest::newRow("8 x H100 server") << example("h100-server") << 5;
        QTest::newRow("RTX 4090 workstation") << example("rtx4090-workstation") << 3;
        QTest::newRow("own the baseline") << example("own-baseline-rent-peaks") << 5; // 3 options, 2 hybrids
    }

    void everyExampleEvaluates()
    {
        QFETCH(QString, file);
        QFETCH(int, options);
        const Run table = runBreakeven({QStringLiteral("compare"), file});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("Cheapest over"));
        QVERIFY(table.err.isEmpty());

        const Run json = runBreakeven({QStringLiteral("compare"), file, QStringLiteral("--json")});
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
        const Run run = runBreakeven({QStringLiteral("compare"), example("budget-k80-rig"), QStringLiteral("--json")});
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
        QCOMPARE(runBreakeven({QStringLiteral("new"), document}).exitCode, 0);
        const Run fromFile = runBreakeven({QStringLiteral("compare"), example("h100-server"), QStringLiteral("--json")});
        const QString name = QJsonDocument::fromJson(fromFile.out).object()[QStringLiteral("scenario")].toString();
        const Run fromDocument = runBreakeven({QStringLiteral("compare"), document + QLatin1Char('#') + name, QStringLiteral("--json")});
        QCOMPARE(fromDocument.exitCode, 0);
        QCOMPARE(fromDocument.out, fromFile.out);

        const Run missing = runBreakeven({QStringLiteral("compare"), document + QStringLiteral("#No such scenario")});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("No such scenario"));
        const Run noDocument = runBreakeven({QStringLiteral("compare"), dir.filePath(QStringLiteral("none.breakeven#x"))});
        QCOMPARE(noDocument.exitCode, 1);
    }

    void documentGpuFiguresReachTheEngine()
    {
        // DOCUMENT#name is assembled against the document's GPU catalog, not the bundled one.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gpus.breakeven"));
        QCOMPARE(runBreakeven({QStringLiteral("new"), path}).exitCode, 0);
        QString gpuName;
        QString optionName;
        {
            auto document = breakeven::Document::open(path);
            // A scenario whose cloud option runs on another GPU than the reference (doubling the
            // reference's own figure would change nothing relative to it).
            breakeven::Scenario scenario;
            for (const QString &name : document->scenarios().names()) {
                scenario = document->scenarios().load(name);
                if (!scenario.cloudOptions.empty() && scenario.cloudOptions.front().gpu != scenario.referenceGpu)
                    break;
            }
            QVERIFY(!scenario.cloudOptions.empty() && scenario.cloudOptions.front().gpu != scenario.referenceGpu);
            scenario.gpus.clear(); // figures carried by the scenario would win over the catalog's
            scenario.name = QStringLiteral("catalog figures");
            document->scenarios().save(scenario);
            gpuName = scenario.cloudOptions.front().gpu;
            optionName = scenario.cloudOptions.front().name;
        }
        const QStringList compare{QStringLiteral("compare"), path + QStringLiteral("#catalog figures"), QStringLiteral("--json")};
        const Run before = runBreakeven(compare);
        QCOMPARE(before.exitCode, 0);
        {
            auto document = breakeven::Document::open(path);
            std::optional<breakeven::GpuModel> gpu = document->catalog().findGpu(gpuName);
            QVERIFY(gpu);
            // The figure of the workload's profile (training) is the one the engine reads.
            breakeven::ThroughputFigure &figure = gpu->profiles[std::size_t(breakeven::ThroughputProfile::Training)];
            QVERIFY(figure.relative > 0);
            figure.relative *= 2;
            figure.basis = QStringLiteral("entered");
            document->catalog().saveGpuModel(*gpu);
        }
        const Run after = runBreakeven(compare);
        QCOMPARE(after.exitCode, 0);
        const double was = option(QJsonDocument::fromJson(before.out).object(), optionName)[QStringLiteral("costPerReferenceGpuHour")].toDouble();
        const double is = option(QJsonDocument::fromJson(after.out).object(), optionName)[QStringLiteral("costPerReferenceGpuHour")].toDouble();
        QVERIFY(was > 0);
        QVERIFY2(qFuzzyCompare(is, was / 2), qPrintable(QStringLiteral("%1 then %2").arg(was).arg(is)));
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
        const Run run = runBreakeven({QStringLiteral("compare"), example("h100-server"), QStringLiteral("--json"),
                                   QStringLiteral("--utilization"), utilization});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject results = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(results[QStringLiteral("utilization")].toDouble(), expected);
        for (const QJsonValue &o : results[QStringLiteral("options")].toArray())
            if (expected == 0)
                QVERIFY(o[QStringLiteral("costPerReferenceGpuHour")].isNull()); // n/a, never NaN
    }

    // --json lists each option's TCO by component; the parts add up to the TCO.
    void componentsAddUpToTheTco()
    {
        const Run run = runBreakeven({QStringLiteral("compare"), example("h100-server"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray options = QJsonDocument::fromJson(run.out).object()[QStringLiteral("options")].toArray();
        QVERIFY(!options.isEmpty());
        for (const QJsonValue &o : options) {
            const QJsonObject parts = o[QStringLiteral("components")].toObject();
            QVERIFY(!parts.isEmpty());
            double sum = 0;
            for (const QJsonValue &part : parts)
                sum += part.toDouble();
            QVERIFY2(qAbs(sum - o[QStringLiteral("tco")].toDouble()) < 1e-6 * qMax(1.0, sum),
                     qPrintable(o[QStringLiteral("name")].toString()));
        }
    }

    // `risk`: the default ranges said, the same futures for the same seed, the documented JSON, and
    // the exit codes of bad arguments and bad ranges.
    void riskOfEachPair()
    {
        const Run text = runBreakeven({QStringLiteral("risk"), example("h100-server"), QStringLiteral("--samples"), QStringLiteral("400")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("the default ones are used") && text.out.contains("buying wins in")
                     && text.out.contains("what flips it: "),
                 text.out.constData());
        const auto json = [&](const QString &seed) {
            const Run run = runBreakeven({QStringLiteral("risk"), example("h100-server"), QStringLiteral("--samples"),
                                          QStringLiteral("400"), QStringLiteral("--seed"), seed, QStringLiteral("--json")});
            return QJsonDocument::fromJson(run.out).object();
        };
        const QJsonObject a = json(QStringLiteral("5"));
        QCOMPARE(a, json(QStringLiteral("5")));
        QVERIFY(a != json(QStringLiteral("6")));
        QCOMPARE(a[QStringLiteral("samples")].toInt(), 400);
        QCOMPARE(a[QStringLiteral("defaultRanges")].toBool(), true);
        const QJsonArray pairs = a[QStringLiteral("pairs")].toArray();
        QVERIFY(!pairs.isEmpty());
        for (const QJsonValue &value : pairs) {
            const QJsonObject pair = value.toObject();
            const double p = pair[QStringLiteral("probabilityOnPremCheaper")].toDouble();
            QVERIFY(p >= 0 && p <= 1);
            const QJsonArray paid = pair[QStringLiteral("paidOffByMonth")].toArray();
            QCOMPARE(paid.size(), a[QStringLiteral("horizonMonths")].toInt() + 1);
            for (qsizetype m = 1; m < paid.size(); ++m)
                QVERIFY(paid[m].toDouble() >= paid[m - 1].toDouble());
            QVERIFY(!pair[QStringLiteral("tornado")].toArray().isEmpty());
        }
        for (const QJsonValue &value : a[QStringLiteral("options")].toArray()) {
            const QJsonObject tco = value.toObject()[QStringLiteral("tco")].toObject();
            QVERIFY(tco[QStringLiteral("p10")].toDouble() <= tco[QStringLiteral("p50")].toDouble());
            QVERIFY(tco[QStringLiteral("p50")].toDouble() <= tco[QStringLiteral("p90")].toDouble());
        }
        QCOMPARE(runBreakeven({QStringLiteral("risk"), example("h100-server"), QStringLiteral("--samples"), QStringLiteral("0")}).exitCode, 2);
        QCOMPARE(runBreakeven({QStringLiteral("risk"), example("h100-server"), QStringLiteral("--seed"), QStringLiteral("-1")}).exitCode, 2);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad-range.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "breakeven-scenario", "version": 2, "uncertainty": {"inputs": [{"path": "workload.mood", "low": 0, "high": 1}]}})");
        file.close();
        const Run bad = runBreakeven({QStringLiteral("risk"), path});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("uncertainty.inputs[0].path"), bad.err.constData());
    }

    // Criteria beyond cost: each option's scores and weighted score, the weights and the ranking;
    // an option's own score and the scenario's weights come from the file.
    void criteriaScores()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("criteria.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "breakeven-scenario", "version": 2, "name": "criteria", "horizonMonths": 12,
            "referenceGpu": "A100-SXM4-80GB", "criteriaWeights": {"cost": 60, "performance": 0, "scalability": 0, "flexibility": 0},
            "workload": {"gpus": 8, "utilization": 1},
            "onPremOptions": [{"name": "box", "kind": "pre-built", "gpu": "A100-SXM4-80GB", "gpuCount": 8, "listPrice": 100000,
                               "idleW": 0, "loadW": 0, "scores": {"reliability": 2}}],
            "cloudOptions": [{"name": "market", "category": "marketplace", "gpu": "A100-SXM4-80GB", "pricePerHour": 1},
                             {"name": "too small", "gpu": "A100-SXM4-80GB", "pricePerHour": 1, "maxGpus": 4}]})");
        file.close();
        const Run run = runBreakeven({QStringLiteral("compare"), path, QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject results = QJsonDocument::fromJson(run.out).object();
        // TCOs: box 100,000; market 8 x 8,760 = 70,080. Weights 60, 0, 10, 10, 10, 0, 0 (sum 90).
        const QJsonObject box = option(results, QStringLiteral("box"));
        const QJsonObject scores = box[QStringLiteral("scores")].toObject();
        QCOMPARE(scores[QStringLiteral("cost")].toDouble(), 1.0);
        QCOMPARE(scores[QStringLiteral("setup")].toDouble(), 4.0);
        QCOMPARE(scores[QStringLiteral("reliability")].toDouble(), 2.0);
        QCOMPARE(scores[QStringLiteral("dataControl")].toDouble(), 5.0);
        QCOMPARE(box[QStringLiteral("scoreOrigins")][QStringLiteral("reliability")].toString(), QStringLiteral("own"));
        QCOMPARE(box[QStringLiteral("scoreOrigins")][QStringLiteral("setup")].toString(), QStringLiteral("kind"));
        QCOMPARE(box[QStringLiteral("scoreOrigins")][QStringLiteral("cost")].toString(), QStringLiteral("results"));
        QCOMPARE(box[QStringLiteral("weightedScore")].toDouble(), (60 * 1 + 10 * 4 + 10 * 2 + 10 * 5) / 90.0);
        const QJsonObject market = option(results, QStringLiteral("market"));
        QCOMPARE(market[QStringLiteral("weightedScore")].toDouble(), (60 * 5 + 10 * 3 + 10 * 2 + 10 * 1) / 90.0);
        // Infeasible (a quota of 4 GPUs for 8): no scores, not ranked.
        const QJsonObject small = option(results, QStringLiteral("too small"));
        QCOMPARE(small[QStringLiteral("feasible")].toBool(), false);
        QVERIFY(small[QStringLiteral("scores")].isNull());
        QVERIFY(small[QStringLiteral("weightedScore")].isNull());
        QCOMPARE(results[QStringLiteral("criteriaRanking")].toArray(), (QJsonArray{QStringLiteral("market"), QStringLiteral("box")}));
        QCOMPARE(results[QStringLiteral("criteriaWeights")][QStringLiteral("cost")].toDouble(), 60.0);
        QCOMPARE(results[QStringLiteral("criteriaWeights")][QStringLiteral("setup")].toDouble(), 10.0);
    }

    // Each on-prem option says how many units it buys at the start and at most; with resale
    // credited, the plain spend comes beside the net curve.
    void unitsAndPlainSpend()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("units.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "breakeven-scenario", "version": 1, "name": "units", "horizonMonths": 24,
            "referenceGpu": "A100-SXM4-80GB", "creditResaleValue": true,
            "workload": {"gpus": 12, "utilization": 1, "growthPerYear": 0.5},
            "onPremOptions": [{"name": "8 x A100", "gpu": "A100-SXM4-80GB", "gpuCount": 8, "listPrice": 10000,
                               "idleW": 0, "loadW": 0, "depreciationPerYear": 0}],
            "cloudOptions": [{"name": "on-demand", "gpu": "A100-SXM4-80GB", "pricePerHour": 2}]})");
        file.close();
        const Run run = runBreakeven({QStringLiteral("compare"), path, QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject results = QJsonDocument::fromJson(run.out).object();
        const QJsonObject server = option(results, QStringLiteral("8 x A100"));
        QCOMPARE(server[QStringLiteral("units")].toInt(), 2); // 12 GPUs
        QCOMPARE(server[QStringLiteral("unitsMax")].toInt(), 4); // 12 * 1.5^2 = 27 GPUs by month 24
        const QJsonArray net = server[QStringLiteral("cumulative")].toArray();
        const QJsonArray spend = server[QStringLiteral("cumulativeSpend")].toArray();
        QCOMPARE(spend[0].toDouble(), 20000.0);
        QCOMPARE(net[0].toDouble(), 20000.0 * 0.2); // sold at once: the 20 % haircut is lost
        QVERIFY(!option(results, QStringLiteral("on-demand")).contains(QStringLiteral("units")));
    }

    // The workload's throughput profile picks the catalog's figures; the output says which, with
    // each GPU's basis and source (docs/model.md, "Throughput profiles").
    void throughputProfiles()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("profiles.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "breakeven-scenario", "version": 2, "name": "llm", "referenceGpu": "A100-SXM4-80GB",
            "workload": {"gpus": 16, "utilization": 1, "throughputProfile": "llm-training"},
            "cloudOptions": [{"name": "h100", "gpu": "H100-SXM5-80GB", "pricePerHour": 3},
                             {"name": "own", "gpu": "MYGPU", "pricePerHour": 1}],
            "gpus": [{"name": "MYGPU", "memoryGB": 24, "relativeThroughput": 0.5}]})");
        file.close();
        const Run run = runBreakeven({QStringLiteral("compare"), path, QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject results = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(results[QStringLiteral("throughputProfile")].toString(), QStringLiteral("llm-training"));
        QCOMPARE(results[QStringLiteral("referenceGpu")].toString(), QStringLiteral("A100-SXM4-80GB"));
        const QJsonObject h100 = option(results, QStringLiteral("h100"))[QStringLiteral("throughput")].toObject();
        const breakeven::ThroughputFigure &llm
            = breakeven::GpuCatalog::bundled().find(QStringLiteral("H100-SXM5-80GB"))->figure(breakeven::ThroughputProfile::LlmTraining);
        QCOMPARE(h100[QStringLiteral("relative")].toDouble(), llm.relative);
        QCOMPARE(h100[QStringLiteral("basis")].toString(), QStringLiteral("measured"));
        QVERIFY(h100[QStringLiteral("source")].toString().contains(QStringLiteral("MLPerf")));
        // 3 $/h on an H100 worth llm.relative A100s of LLM work.
        QVERIFY(qAbs(option(results, QStringLiteral("h100"))[QStringLiteral("costPerReferenceGpuHour")].toDouble()
                     - 3 / llm.relative) < 1e-9);
        const QJsonObject own = option(results, QStringLiteral("own"))[QStringLiteral("throughput")].toObject();
        QCOMPARE(own[QStringLiteral("relative")].toDouble(), 0.5);
        QCOMPARE(own[QStringLiteral("basis")].toString(), QStringLiteral("the scenario's figure"));

        const Run text = runBreakeven({QStringLiteral("compare"), path});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("Throughput against A100-SXM4-80GB, LLM training profile"), text.out.constData());
        QVERIFY(text.out.contains("the scenario's figure"));

        // An unknown profile is refused, naming the field.
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(R"({"format": "breakeven-scenario", "version": 2, "workload": {"throughputProfile": "decoding"}})");
        file.close();
        const Run refused = runBreakeven({QStringLiteral("compare"), path});
        QCOMPARE(refused.exitCode, 1);
        QVERIFY2(refused.err.contains("workload.throughputProfile"), refused.err.constData());
    }

    // recommend: the catalog's offers for the workload, best first; the bundled catalog for a
    // scenario file, the document's for DOCUMENT#scenario; filters and bad options.
    void recommendsTheBestOffers()
    {
        const Run run = runBreakeven({QStringLiteral("recommend"), example("h100-server"), QStringLiteral("--top"),
                                      QStringLiteral("5"), QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonObject results = QJsonDocument::fromJson(run.out).object();
        const QJsonArray offers = results[QStringLiteral("offers")].toArray();
        QCOMPARE(offers.size(), 5);
        QVERIFY(results[QStringLiteral("evaluated")].toDouble() > 5);
        for (qsizetype i = 1; i < offers.size(); ++i)
            QVERIFY(offers[i - 1].toObject()[QStringLiteral("tco")].toDouble() <= offers[i].toObject()[QStringLiteral("tco")].toDouble());
        // The H100 example needs 80 GB per GPU: nothing smaller is offered.
        for (const QJsonValue &offer : offers) {
            const QString gpu = offer.toObject()[QStringLiteral("gpu")].toString();
            QVERIFY2(breakeven::GpuCatalog::bundled().find(gpu)->memoryGB >= 80, qPrintable(gpu));
        }

        const Run spot = runBreakeven({QStringLiteral("recommend"), example("h100-server"), QStringLiteral("--plan"),
                                       QStringLiteral("spot"), QStringLiteral("--json")});
        QCOMPARE(spot.exitCode, 0);
        for (const QJsonValue &offer : QJsonDocument::fromJson(spot.out).object()[QStringLiteral("offers")].toArray())
            QCOMPARE(offer.toObject()[QStringLiteral("plan")].toString(), QStringLiteral("spot"));

        // A 3-year term is ranked paid month by month and paid all upfront, each at its own price.
        const Run reserved = runBreakeven({QStringLiteral("recommend"), example("h100-server"), QStringLiteral("--plan"),
                                           QStringLiteral("reserved-3y"), QStringLiteral("--top"), QStringLiteral("1000"),
                                           QStringLiteral("--json")});
        QCOMPARE(reserved.exitCode, 0);
        QHash<QString, double> monthly;
        QHash<QString, double> upfront;
        for (const QJsonValue &value : QJsonDocument::fromJson(reserved.out).object()[QStringLiteral("offers")].toArray()) {
            const QJsonObject offer = value.toObject();
            QCOMPARE(offer[QStringLiteral("plan")].toString(), QStringLiteral("reserved-3y"));
            const QString key = offer[QStringLiteral("provider")].toString() + offer[QStringLiteral("instanceType")].toString()
                + offer[QStringLiteral("region")].toString();
            (offer[QStringLiteral("allUpfront")].toBool() ? upfront : monthly).insert(key, offer[QStringLiteral("pricePerHour")].toDouble());
        }
        QVERIFY(!upfront.isEmpty());
        for (auto it = upfront.begin(); it != upfront.end(); ++it)
            QVERIFY2(monthly.contains(it.key()) && it.value() <= monthly.value(it.key()), qPrintable(it.key()));

        const Run text = runBreakeven({QStringLiteral("recommend"), example("h100-server"), QStringLiteral("--top"), QStringLiteral("2")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("1. ") && text.out.contains("2. ") && !text.out.contains("3. "), text.out.constData());

        QCOMPARE(runBreakeven({QStringLiteral("recommend"), example("h100-server"), QStringLiteral("--top"), QStringLiteral("0")}).exitCode, 2);
        QCOMPARE(runBreakeven({QStringLiteral("recommend"), example("h100-server"), QStringLiteral("--plan"), QStringLiteral("weekly")}).exitCode, 2);

        // A document's own offer, cheaper than any bundled one, comes first.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("ranked.breakeven"));
        QCOMPARE(runBreakeven({QStringLiteral("new"), path}).exitCode, 0);
        QString scenario;
        {
            auto document = breakeven::Document::open(path);
            scenario = document->scenarios().names().front();
            const breakeven::Scenario s = document->scenarios().load(scenario);
            breakeven::CloudOffer cheap;
            cheap.provider = QStringLiteral("bargain");
            cheap.instanceType = QStringLiteral("one-gpu");
            cheap.gpu = s.referenceGpu;
            cheap.gpuCount = 1;
            cheap.currency = s.currency;
            cheap.onDemand = 0.01;
            cheap.asOf = QDate::currentDate().toString(Qt::ISODate);
            document->catalog().saveOffer(cheap);
        }
        const Run own = runBreakeven({QStringLiteral("recommend"), path + u'#' + scenario, QStringLiteral("--json")});
        QCOMPARE(own.exitCode, 0);
        const QJsonObject best = QJsonDocument::fromJson(own.out).object()[QStringLiteral("offers")].toArray().first().toObject();
        QCOMPARE(best[QStringLiteral("provider")].toString(), QStringLiteral("bargain"));
        QCOMPARE(best[QStringLiteral("priceAgeDays")].toInt(), 0);
    }

    // recommend ranks for the memory of the GPU the workload is counted in when the workload names
    // none, and says so; a need the user lowers lets smaller GPUs back in.
    void recommendNeedsTheMemoryOfTheGpuCountedIn()
    {
        QTemporaryDir dir;
        const auto write = [&](const QString &name, const QByteArray &memory) {
            const QString path = dir.filePath(name);
            QFile file(path);
            if (!file.open(QIODevice::WriteOnly))
                return QString();
            file.write(R"({"format": "breakeven-scenario", "version": 2, "name": "sixteen H100s", "horizonMonths": 60,
                "referenceGpu": "H100-SXM5-80GB", "workload": {"gpus": 16, "utilization": 0.6)" + memory + "}}");
            return path;
        };
        const QString counted = write(QStringLiteral("counted.json"), QByteArray());
        const QString lowered = write(QStringLiteral("lowered.json"), R"(, "minGpuMemoryGB": 24)");
        QVERIFY(!counted.isEmpty() && !lowered.isEmpty());
        const auto smallCards = [](const QByteArray &out) {
            int n = 0;
            for (const QJsonValue &offer : QJsonDocument::fromJson(out).object()[QStringLiteral("offers")].toArray()) {
                const QString gpu = offer.toObject()[QStringLiteral("gpu")].toString();
                n += gpu == QLatin1String("RTX-3090") || gpu == QLatin1String("RTX-4090");
            }
            return n;
        };

        const Run json = runBreakeven({QStringLiteral("recommend"), counted, QStringLiteral("--top"), QStringLiteral("1000"), QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject results = QJsonDocument::fromJson(json.out).object();
        QCOMPARE(results[QStringLiteral("memoryPerGpuGB")].toDouble(), 80.0);
        QCOMPARE(results[QStringLiteral("memoryCountedIn")].toString(), QStringLiteral("H100-SXM5-80GB"));
        QVERIFY(results[QStringLiteral("offers")].toArray().size() > 20);
        for (const QJsonValue &offer : results[QStringLiteral("offers")].toArray()) {
            const QString gpu = offer.toObject()[QStringLiteral("gpu")].toString();
            QVERIFY2(breakeven::GpuCatalog::bundled().find(gpu)->memoryGB >= 80, qPrintable(gpu));
        }
        QCOMPARE(smallCards(json.out), 0);
        const Run text = runBreakeven({QStringLiteral("recommend"), counted, QStringLiteral("--top"), QStringLiteral("3")});
        QCOMPARE(text.exitCode, 0);
        QVERIFY2(text.out.contains("GPUs with at least 80 GB, like the H100-SXM5-80GB you count in"), text.out.constData());
        QVERIFY2(!text.out.contains("minGpuMemoryGB"), text.out.constData());

        const Run lower = runBreakeven({QStringLiteral("recommend"), lowered, QStringLiteral("--top"), QStringLiteral("1000"), QStringLiteral("--json")});
        QCOMPARE(lower.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(lower.out).object()[QStringLiteral("memoryPerGpuGB")].toDouble(), 24.0);
        QVERIFY(QJsonDocument::fromJson(lower.out).object()[QStringLiteral("memoryCountedIn")].isNull());
        QVERIFY(smallCards(lower.out) > 0);
        const Run lowerText = runBreakeven({QStringLiteral("recommend"), lowered, QStringLiteral("--top"), QStringLiteral("3")});
        QVERIFY2(lowerText.out.contains("GPUs with at least 24 GB, as the workload asks."), lowerText.out.constData());
    }

    // Market rates for one run, and a reservation owed past the horizon, from the command line.
    void marketRatesAndCommitments()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("markets.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "breakeven-scenario", "version": 2, "name": "markets", "horizonMonths": 12,
            "referenceGpu": "A100-SXM4-80GB", "workload": {"gpus": 1, "utilization": 1},
            "onPremOptions": [{"name": "rig", "gpu": "A100-SXM4-80GB", "listPrice": 10000, "idleW": 0, "loadW": 0}],
            "cloudOptions": [
              {"name": "reserved", "gpu": "A100-SXM4-80GB", "pricing": "reserved-3y", "pricePerHour": 1},
              {"name": "on-demand", "gpu": "A100-SXM4-80GB", "pricePerHour": 2}]})");
        file.close();
        const auto tcoOf = [](const Run &run, const char *name) {
            return option(QJsonDocument::fromJson(run.out).object(), QString::fromLatin1(name))[QStringLiteral("tco")].toDouble();
        };
        const Run base = runBreakeven({QStringLiteral("compare"), path, QStringLiteral("--json")});
        QCOMPARE(base.exitCode, 0);
        const QJsonObject reserved = option(QJsonDocument::fromJson(base.out).object(), QStringLiteral("reserved"));
        QCOMPARE(reserved[QStringLiteral("tco")].toDouble(), 26280.0); // 36 months owed on a 12-month horizon
        QCOMPARE(reserved[QStringLiteral("components")][QStringLiteral("commitmentBeyondHorizon")].toDouble(), 17520.0);
        QCOMPARE(tcoOf(base, "on-demand"), 12 * 1460.0);

        const Run falling = runBreakeven({QStringLiteral("compare"), path, QStringLiteral("--json"),
                                          QStringLiteral("--cloud-price-change"), QStringLiteral("-50%")});
        QCOMPARE(falling.exitCode, 0);
        double expected = 0;
        for (int m = 1; m <= 12; ++m)
            expected += 1460 * std::pow(0.5, (m - 1) / 12.0);
        QVERIFY(qFuzzyCompare(tcoOf(falling, "on-demand"), expected));
        QCOMPARE(tcoOf(falling, "reserved"), 26280.0); // one term, started at today's price
        QCOMPARE(tcoOf(falling, "rig"), tcoOf(base, "rig"));

        const Run hardware = runBreakeven({QStringLiteral("compare"), path, QStringLiteral("--json"),
                                           QStringLiteral("--hardware-price-change"), QStringLiteral("-0.28")});
        QCOMPARE(hardware.exitCode, 0);
        QCOMPARE(tcoOf(hardware, "rig"), tcoOf(base, "rig")); // no unit bought after month 0

        const Run text = runBreakeven({QStringLiteral("compare"), path});
        QCOMPARE(text.exitCode, 0);
        for (const QByteArray &line : text.out.split('\n')) {
            if (line.startsWith("reserved "))
                QVERIFY2(line.contains("cloud, term past the horizon"), line.constData());
            if (line.startsWith("on-demand "))
                QVERIFY2(!line.contains("term past"), line.constData());
        }
        QVERIFY(text.out.contains("term past the horizon"));

        const Run outOfRange = runBreakeven({QStringLiteral("compare"), path, QStringLiteral("--cloud-price-change"),
                                             QStringLiteral("1.5")});
        QCOMPARE(outOfRange.exitCode, 2);
        QVERIFY2(outOfRange.err.contains("--cloud-price-change"), outOfRange.err.constData());
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
        const Run run = runBreakeven(arguments);
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
