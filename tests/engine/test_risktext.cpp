// Inputs in words (docs/model.md, "Uncertainty": paths appear only in JSON): every field a
// range can name is worded with its element and units, switch values by their meaning, and no
// sentence, range or label of the risk analysis, nor `breakeven risk`'s text, holds a path.
#include "enginefixtures.h"
#include "riskfixtures.h"
#include "../support/testsupport.h"
#include "catalog/gpucatalog.h"
#include "engine/risk.h"
#include "engine/risktext.h"
#include "exchange/scenariojson.h"
#include "pathwords.h"
#include "scenariopaths.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtTest>

using namespace breakeven;
using namespace fixtures;

namespace {

QString example(const QString &name)
{
    return QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/%1.json").arg(name);
}

QStringList examples()
{
    QStringList paths;
    for (const QString &file : QDir(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples")).entryList({QStringLiteral("*.json")}))
        paths << example(file.chopped(5));
    return paths;
}

// A path or a field's own name in `text`, the scenario's names (which may be written any way:
// "RunPod") taken out first: what is found, or nothing.
QString pathIn(QString text, const Scenario &s)
{
    text.remove(s.name);
    for (const CloudOption &c : s.cloudOptions)
        text.remove(c.name);
    for (const OnPremBuild &b : s.onPremOptions)
        text.remove(b.name);
    text.remove(QStringLiteral("kWh")); // units, not fields
    text.remove(QStringLiteral("kW"));
    static const QRegularExpression path(QStringLiteral(R"(\w*([a-z][A-Z]|\[\*\]|\[[0-9]+\])\w*)"));
    const QRegularExpressionMatch match = path.match(text);
    return match.hasMatch() ? match.captured(0) : QString();
}

} // namespace

class TestRiskText : public QObject {
    Q_OBJECT

private slots:
    // Every field a range can name, of one element and of every element, is worded without a
    // path, with its values, its spans and both sides of a switch value.
    void everyFieldIsWorded()
    {
        const Scenario s = readScenarioFile(example(QStringLiteral("h100-server")));
        for (const QString &general : numericFieldPaths()) {
            for (const QString &index : {QStringLiteral("0"), QStringLiteral("*"), QStringLiteral("7")}) {
                const QString path = QString(general).replace(QStringLiteral("[i]"), QStringLiteral("[%1]").arg(index));
                const PathWords w = describePath(path, s);
                QVERIFY2(!w.field.isEmpty() && !w.name.isEmpty(), qPrintable(path));
                const QStringList texts = {w.name, w.heading, w.field, fieldValueText(w, 0.25), fieldSpanText(w, -0.15, 0.15),
                                           beyondText(w, -0.178, true), beyondText(w, 0.05, false),
                                           beyondFactorText(w, 0.8, true)};
                for (const QString &text : texts)
                    QVERIFY2(pathIn(text, s).isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(path, text)));
            }
        }
    }

    void wordings_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("value");
        QTest::addColumn<bool>("below");
        QTest::addColumn<QString>("beyond");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<QString>("span");
        QTest::newRow("yearly change in cloud prices, falling")
            << "cloudPriceChangePerYear" << "yearly change in cloud prices" << -0.178 << true
            << "cloud prices falling faster than 17.8 % a year" << -0.15 << 0.15 << "−15 % to +15 % a year";
        QTest::newRow("yearly change in cloud prices, rising")
            << "cloudPriceChangePerYear" << "yearly change in cloud prices" << 0.05 << false
            << "cloud prices rising faster than 5 % a year" << -0.3 << 0.0 << "−30 % to 0 % a year";
        QTest::newRow("yearly change in cloud prices, falling less")
            << "cloudPriceChangePerYear" << "yearly change in cloud prices" << -0.1 << false
            << "cloud prices falling less than 10 % a year or rising" << -0.3 << 0.0 << "−30 % to 0 % a year";
        QTest::newRow("hardware prices") << "hardwarePriceChangePerYear" << "yearly change in hardware prices" << 0.1 << true
                                         << "hardware prices rising less than 10 % a year or falling" << -0.15 << 0.15
                                         << "−15 % to +15 % a year";
        QTest::newRow("electricity prices") << "electricityPriceChangePerYear" << "yearly change in electricity prices" << 0.0
                                            << false << "electricity prices rising" << 0.0 << 0.3 << "0 % to +30 % a year";
        QTest::newRow("discount rate") << "discountRatePerYear" << "discount rate" << 0.08 << false
                                       << "discount rate above 8 % a year" << 0.0 << 0.1 << "0 % to 10 % a year";
        QTest::newRow("growth") << "workload.growthPerYear" << "yearly growth of the workload" << 0.2 << false
                                << "the workload growing faster than 20 % a year" << 0.0 << 0.5 << "0 % to +50 % a year";
        QTest::newRow("utilization") << "workload.utilization" << "utilization" << 0.414 << true << "utilization below 41.4 %"
                                     << 0.3 << 0.9 << "30 % to 90 %";
        QTest::newRow("a build's lifetime") << "onPremOptions[0].lifetimeYears" << "the 8 × H100 server's lifetime" << 4.2
                                            << false << "the 8 × H100 server's lifetime above 4.2 years" << 2.0 << 6.0
                                            << "2.0 to 6.0 years";
        QTest::newRow("every build's lifetime") << "onPremOptions[*].lifetimeYears" << "every build's lifetime" << 4.2 << false
                                                << "every build's lifetime above 4.2 years" << 3.0 << 7.0 << "3.0 to 7.0 years";
        QTest::newRow("resale haircut") << "onPremOptions[*].resaleHaircut" << "every build's resale haircut" << 0.31 << false
                                        << "every build's resale haircut above 31 %" << 0.05 << 0.35 << "5 % to 35 %";
        QTest::newRow("electricity price") << "onPremOptions[0].electricityPerKWh" << "the 8 × H100 server's electricity price"
                                           << 0.25 << false << "the 8 × H100 server's electricity price above 0.25 USD/kWh"
                                           << 0.1 << 0.3 << "0.10 to 0.30 USD/kWh";
        QTest::newRow("hardware price") << "onPremOptions[*].hardwarePrice" << "every build's hardware price" << 300000.0 << true
                                        << "every build's hardware price below 300,000 USD" << 250000.0 << 350000.0
                                        << "250,000 to 350,000 USD";
        QTest::newRow("a cloud option's price") << "cloudOptions[2].pricePerHour" << "Lambda 8 × H100's price per hour" << 24.5
                                                << false << "Lambda 8 × H100's price per hour above 24.50 USD an hour" << 20.0
                                                << 30.0 << "20.00 to 30.00 USD an hour";
        QTest::newRow("a cloud option's price change")
            << "cloudOptions[1].priceChangePerYear" << "AWS p5.48xlarge, spot's yearly price change" << -0.1 << true
            << "AWS p5.48xlarge, spot's prices falling faster than 10 % a year" << -0.2 << 0.1 << "−20 % to +10 % a year";
        QTest::newRow("every cloud option's price change")
            << "cloudOptions[*].priceChangePerYear" << "every cloud option's yearly price change" << 0.1 << false
            << "every cloud option's prices rising faster than 10 % a year" << -0.2 << 0.1 << "−20 % to +10 % a year";
        QTest::newRow("a cloud option the scenario lacks") << "cloudOptions[9].spotRework" << "cloud option 10's spot rework" << 0.1
                                                           << false << "cloud option 10's spot rework above 10 %" << 0.0
                                                           << 0.2 << "0 % to 20 %";
    }

    // Names, switch values and spans as a reader writes them, each element by its name and
    // money in its currency.
    void wordings()
    {
        QFETCH(QString, path);
        QFETCH(QString, name);
        QFETCH(double, value);
        QFETCH(bool, below);
        QFETCH(QString, beyond);
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(QString, span);
        const Scenario s = readScenarioFile(example(QStringLiteral("h100-server")));
        const PathWords w = describePath(path, s);
        QCOMPARE(w.name, name);
        QCOMPARE(beyondText(w, value, below), beyond);
        QCOMPARE(fieldSpanText(w, low, high), span);
    }

    // A build's money in its own currency; headings begin with a capital unless with a name.
    void currenciesAndHeadings()
    {
        const Scenario k80 = readScenarioFile(example(QStringLiteral("budget-k80-rig")));
        const PathWords power = describePath(QStringLiteral("onPremOptions[0].electricityPerKWh"), k80);
        QCOMPARE(fieldValueText(power, 0.3), QStringLiteral("0.30 EUR/kWh"));
        QCOMPARE(power.heading, QStringLiteral("The Budget K80 rig's electricity price"));
        QCOMPARE(describePath(QStringLiteral("cloudOptions[0].pricePerHour"), k80).heading,
                 QStringLiteral("g5.xlarge on-demand's price per hour"));
        QCOMPARE(describePath(QStringLiteral("workload.utilization"), k80).heading, QStringLiteral("Utilization"));
        UncertainInput factors = range(QStringLiteral("onPremOptions[*].hardwarePrice"), 0.9, 1.1, true);
        QCOMPARE(rangeText(describePath(factors.path, k80), factors), QStringLiteral("×0.9 to ×1.1"));
    }

    // A switch value in a sentence: with prices falling fast enough, renting wins.
    void flipsInWords()
    {
        Scenario s = buyOrRent();
        s.uncertainty = Uncertainty{500, 1, {range(QStringLiteral("cloudPriceChangePerYear"), -0.6, 0.3),
                                             range(QStringLiteral("onPremOptions[0].lifetimeYears"), 0.5, 3.0)}};
        const RiskResult risk = analyseRisk(s, catalog());
        QCOMPARE(risk.pairs.size(), std::size_t(1));
        const QString flips = flipsText(risk, risk.pairs.front());
        static const QRegularExpression falling(QStringLiteral(R"(cloud prices falling faster than \d+(\.\d)? % a year)"));
        QVERIFY2(falling.match(flips).hasMatch(), qPrintable(flips));
        QCOMPARE(rangeSpanText(risk.ranges[0]), QStringLiteral("−60 % to +30 % a year"));
        QCOMPARE(inputName(risk.ranges[1]), QStringLiteral("the box's lifetime"));
        QCOMPARE(rangeSpanText(risk.ranges[1]), QStringLiteral("0.5 to 3.0 years"));
    }

    // The default ranges of every bundled example: no path in a sentence, a range, a tornado
    // label's span or a name.
    void noPathInTheExamplesRisk()
    {
        for (const QString &file : examples()) {
            const Scenario s = readScenarioFile(file);
            const RiskResult risk = analyseRisk(s, GpuCatalog::bundled(), 64);
            QVERIFY(!risk.ranges.empty());
            QStringList texts;
            for (const ResolvedRange &r : risk.ranges)
                texts << inputName(r) << r.words.heading << rangeSpanText(r);
            for (const PairRisk &pair : risk.pairs) {
                texts << riskSentence(risk, pair, s.horizonMonths) << flipsText(risk, pair);
                for (const TornadoBar &bar : pair.tornado) {
                    const ResolvedRange &r = risk.ranges[std::size_t(bar.input)];
                    texts << inputSpanText(r, bar.low, bar.high);
                    if (bar.switchValue)
                        texts << switchText(r, *bar.switchValue, true) << switchText(r, *bar.switchValue, false)
                              << inputValueText(r, *bar.switchValue);
                }
            }
            for (const QString &text : texts)
                QVERIFY2(pathIn(text, s).isEmpty(), qPrintable(QStringLiteral("%1: %2").arg(file, text)));
        }
    }

    // `breakeven risk` says its ranges and what flips each pair in words; --json keeps the paths.
    void riskCommandWords()
    {
        for (const QString &file : examples()) {
            const testsupport::Run text = testsupport::runBreakeven({QStringLiteral("risk"), file, QStringLiteral("--samples"),
                                                                     QStringLiteral("64")});
            QCOMPARE(text.exitCode, 0);
            const Scenario s = readScenarioFile(file);
            const QString out = QString::fromUtf8(text.out);
            QVERIFY2(pathIn(out, s).isEmpty(), qPrintable(QStringLiteral("%1: %2 in\n%3").arg(file, pathIn(out, s), out)));
        }
        const testsupport::Run json = testsupport::runBreakeven({QStringLiteral("risk"), example(QStringLiteral("h100-server")),
                                                                 QStringLiteral("--samples"), QStringLiteral("64"),
                                                                 QStringLiteral("--json")});
        QCOMPARE(json.exitCode, 0);
        QStringList paths;
        for (const QJsonValue &r : QJsonDocument::fromJson(json.out).object()[QStringLiteral("ranges")].toArray())
            paths << r[QStringLiteral("path")].toString();
        QVERIFY2(paths.contains(QStringLiteral("cloudOptions[*].pricePerHour")), qPrintable(paths.join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TestRiskText)
#include "test_risktext.moc"
