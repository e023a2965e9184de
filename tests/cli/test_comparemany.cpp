// `breakeven compare A B`: several scenarios' headline answers side by side, each the figure the
// scenario's own `compare --json` gives; with --json an array of those results.
#include "../support/testsupport.h"
#include "engine/resultstext.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using testsupport::Run;
using testsupport::runBreakeven;

const QString kExample = QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json");

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// The example over five years with its builds kept `years`, under another name.
QString variant(const QTemporaryDir &dir, int years)
{
    QJsonObject scenario = readJson(kExample);
    scenario[QStringLiteral("name")] = QStringLiteral("H100, %1-year life").arg(years);
    // Past three years, so that a 3-year life buys again and a 5-year one does not.
    scenario[QStringLiteral("horizonMonths")] = 60;
    QJsonArray builds = scenario[QStringLiteral("onPremOptions")].toArray();
    for (QJsonValueRef build : builds) {
        QJsonObject b = build.toObject();
        b[QStringLiteral("lifetimeYears")] = years;
        build = b;
    }
    scenario[QStringLiteral("onPremOptions")] = builds;
    const QString path = dir.filePath(QStringLiteral("life%1.json").arg(years));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.write(QJsonDocument(scenario).toJson());
    return path;
}

QJsonObject results(const QString &scenario)
{
    const Run run = runBreakeven({QStringLiteral("compare"), scenario, QStringLiteral("--json")});
    return QJsonDocument::fromJson(run.out).object();
}

} // namespace

class TestCompareMany : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void twoScenariosSideBySide()
    {
        QTemporaryDir dir;
        const QString three = variant(dir, 3);
        const QString five = variant(dir, 5);
        QVERIFY(!three.isEmpty() && !five.isEmpty());
        const Run run = runBreakeven({QStringLiteral("compare"), three, five});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.err.isEmpty(), run.err.constData());
        const QString text = QString::fromUtf8(run.out);
        QVERIFY(text.contains(QStringLiteral("H100, 3-year life")));
        QVERIFY(text.contains(QStringLiteral("H100, 5-year life")));
        QVERIFY(text.contains(QStringLiteral("Cheapest at the horizon")));
        // The header stands over its columns: each scenario's name ends where its column's
        // figures end (the rows are right-aligned), under a rule as wide as the column.
        const QStringList lines = text.split(QLatin1Char('\n'));
        QVERIFY(lines.size() > 3);
        const qsizetype fiveEnds = lines[0].indexOf(QStringLiteral("H100, 5-year life")) + 17;
        QCOMPARE(lines[0].size(), fiveEnds);
        QCOMPARE(lines[2].size(), fiveEnds);
        QCOMPARE(lines[1].size(), fiveEnds);
        const qsizetype threeEnds = lines[0].indexOf(QStringLiteral("H100, 3-year life")) + 17;
        QCOMPARE(lines[1].mid(threeEnds, 2), QStringLiteral("  "));
        QCOMPARE(lines[1].at(threeEnds - 1), QLatin1Char('-'));

        // Each scenario's own figures: every option's TCO, and each pair's pay-off.
        bool payoffDiffers = false;
        QStringList payoffs;
        for (const QString &file : {three, five}) {
            const QJsonObject own = results(file);
            const QString currency = own[QStringLiteral("currency")].toString();
            QVERIFY(!own[QStringLiteral("options")].toArray().isEmpty());
            for (const QJsonValue &option : own[QStringLiteral("options")].toArray()) {
                const QString tco = breakeven::formatMoney(option[QStringLiteral("tco")].toDouble(), currency, 0);
                QVERIFY2(text.contains(tco), qPrintable(tco));
            }
            const QJsonArray pairs = own[QStringLiteral("pairs")].toArray();
            QVERIFY(!pairs.isEmpty());
            QString all;
            for (const QJsonValue &pair : pairs) {
                const QJsonValue month = pair[QStringLiteral("paysOffMonth")];
                if (month.isDouble() && month.toDouble() > 0) {
                    QVERIFY(text.contains(breakeven::formatMonths(month.toDouble())));
                }
                all += QString::number(month.toDouble()) + QLatin1Char(',');
            }
            payoffs << all;
        }
        payoffDiffers = payoffs[0] != payoffs[1];
        QVERIFY2(payoffDiffers, "a 3-year and a 5-year life should pay off differently");
    }

    void jsonIsAnArrayOfEachScenariosResults()
    {
        QTemporaryDir dir;
        const QString three = variant(dir, 3);
        const QString five = variant(dir, 5);
        const Run run = runBreakeven({QStringLiteral("compare"), three, five, QStringLiteral("--json")});
        QCOMPARE(run.exitCode, 0);
        const QJsonArray array = QJsonDocument::fromJson(run.out).array();
        QCOMPARE(array.size(), 2);
        QCOMPARE(array[0].toObject(), results(three));
        QCOMPARE(array[1].toObject(), results(five));
    }

    void oneScenarioIsUnchanged()
    {
        const Run run = runBreakeven({QStringLiteral("compare"), kExample});
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.contains("Cheapest over"));
        QVERIFY(!run.out.contains("Cheapest at the horizon"));
    }

    void aBadSecondScenarioIsNamed()
    {
        const Run run = runBreakeven({QStringLiteral("compare"), kExample, QStringLiteral("/nonexistent/none.json")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY(run.err.contains("none.json"));
    }
};

QTEST_GUILESS_MAIN(TestCompareMany)
#include "test_comparemany.moc"
