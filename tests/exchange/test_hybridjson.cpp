// Hybrid options in the scenario exchange format (docs/scenario-format.md, "hybridOptions"):
// written only when there is one, read back exactly, and every bad entry refused with its path.
#include "inputerror.h"
#include "exchange/scenariojson.h"
#include "scenariofixtures.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace breakeven;
using namespace breakeven::fixtures;

class TestHybridJson : public QObject {
    Q_OBJECT

private slots:
    void hybridOptionsRoundTrip();
    void hybridOptionsAcceptAnyPlanAndNullUnits();
    void rejectsBadHybridOptions_data();
    void rejectsBadHybridOptions();
};

namespace {

// A version-2 document with one build "b", one cloud option "c" (under `pricing`) and the given
// hybridOptions array.
QByteArray hybridDoc(const QByteArray &entries, const QByteArray &pricing = "on-demand")
{
    QByteArray json = doc(R"("cloudOptions": [{"name": "c", "gpu": "A10G", "pricePerHour": 1, "pricing": ")"
                          + pricing + R"("}],
        "onPremOptions": [{"name": "b", "gpu": "K80"}], "hybridOptions": )" + entries);
    return json.replace(R"("version": 1)", R"("version": 2)");
}

} // namespace

// docs/scenario-format.md, "hybridOptions": written only when there is one, which makes the file
// version 2; `units` written only when set, and every entry reads back exactly.
void TestHybridJson::hybridOptionsRoundTrip()
{
    Scenario original = productExample();
    const QString build = original.onPremOptions[0].name;
    const QString cloud = original.cloudOptions[0].name;
    original.hybridOptions = {{QStringLiteral("own two"), build, cloud, 2},
                              {QStringLiteral("engine's choice"), build, cloud, std::nullopt},
                              {QStringLiteral("all cloud"), build, cloud, 0},
                              {QStringLiteral("own the most"), build, cloud, kMaxHybridUnits}};
    const QByteArray written = writeScenarioJson(original);
    QVERIFY2(written.contains(R"("version": 2)"), written.constData());
    QVERIFY(written.indexOf("\"onPremOptions\"") < written.indexOf("\"hybridOptions\""));

    const QJsonArray entries = QJsonDocument::fromJson(written).object().value(QStringLiteral("hybridOptions")).toArray();
    QCOMPARE(entries.size(), 4);
    QCOMPARE(entries[0].toObject().keys(), (QStringList{"cloud", "name", "onPrem", "units"}));
    QCOMPARE(entries[0].toObject().value(QStringLiteral("units")).toInt(-1), 2);
    QCOMPARE(entries[0].toObject().value(QStringLiteral("onPrem")).toString(), build);
    QCOMPARE(entries[0].toObject().value(QStringLiteral("cloud")).toString(), cloud);
    QCOMPARE(entries[1].toObject().keys(), (QStringList{"cloud", "name", "onPrem"})); // no units
    QCOMPARE(entries[2].toObject().value(QStringLiteral("units")).toInt(-1), 0);
    QCOMPARE(entries[3].toObject().value(QStringLiteral("units")).toInt(-1), kMaxHybridUnits);

    const Scenario reread = readScenarioJson(written);
    QCOMPARE(reread.hybridOptions.size(), std::size_t(4));
    QCOMPARE(reread.hybridOptions[0].name, QStringLiteral("own two"));
    QCOMPARE(reread.hybridOptions[0].onPrem, build);
    QCOMPARE(reread.hybridOptions[0].cloud, cloud);
    QCOMPARE(reread.hybridOptions[0].units.value_or(-1), 2);
    QVERIFY(!reread.hybridOptions[1].units);
    QCOMPARE(reread.hybridOptions[2].units.value_or(-1), 0);
    QCOMPARE(reread.hybridOptions[3].units.value_or(-1), kMaxHybridUnits);
    compare(reread, original);
    QCOMPARE(writeScenarioJson(reread), written);

    // Without hybrid options the same scenario is version 1 again, with no trace of them.
    original.hybridOptions.clear();
    const QByteArray plain = writeScenarioJson(original);
    QVERIFY(plain.contains(R"("version": 1)"));
    QVERIFY(!plain.contains("hybridOptions"));
    QVERIFY(readScenarioJson(plain).hybridOptions.empty());
}

// `units` null and absent both leave K to the engine; a cloud option under a reserved plan is not
// a format error (the engine reports that hybrid infeasible, with its reason).
void TestHybridJson::hybridOptionsAcceptAnyPlanAndNullUnits()
{
    const Scenario s = readScenarioJson(hybridDoc(R"([{"name": "null", "onPrem": "b", "cloud": "c", "units": null},
                                                     {"name": "absent", "onPrem": "b", "cloud": "c"},
                                                     {"name": "seven", "onPrem": "b", "cloud": "c", "units": 7}])",
                                                  "reserved-3y"));
    QCOMPARE(show(s.cloudOptions[0].pricing), show(PricingPlan::Reserved3y));
    QCOMPARE(s.hybridOptions.size(), std::size_t(3));
    QVERIFY(s.hybridOptions[0] == (HybridOption{QStringLiteral("null"), QStringLiteral("b"), QStringLiteral("c"), std::nullopt}));
    QVERIFY(s.hybridOptions[1] == (HybridOption{QStringLiteral("absent"), QStringLiteral("b"), QStringLiteral("c"), std::nullopt}));
    QVERIFY(s.hybridOptions[2] == (HybridOption{QStringLiteral("seven"), QStringLiteral("b"), QStringLiteral("c"), 7}));
    // Null is written as absent, and reads back the same.
    const QByteArray written = writeScenarioJson(s);
    const QJsonArray entries = QJsonDocument::fromJson(written).object().value(QStringLiteral("hybridOptions")).toArray();
    QVERIFY(!entries[0].toObject().contains(QStringLiteral("units")));
    compare(readScenarioJson(written), s);
}

void TestHybridJson::rejectsBadHybridOptions_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("reason");
    int rowNumber = 0;
    const auto row = [&](const QByteArray &json, const char *where, const QString &reason) {
        QTest::addRow("%02d %s", ++rowNumber, where) << json << QString::fromUtf8(where) << reason;
    };
    const auto one = [](const QByteArray &entry) { return hybridDoc("[" + entry + "]"); };

    // References: a build of onPremOptions, a cloud option of cloudOptions (not the other kind).
    row(one(R"({"name": "h", "onPrem": "X", "cloud": "c"})"), "hybridOptions[0].onPrem",
        QStringLiteral("no build named \"X\" in onPremOptions"));
    row(one(R"({"name": "h", "onPrem": "c", "cloud": "c"})"), "hybridOptions[0].onPrem",
        QStringLiteral("no build named \"c\" in onPremOptions"));
    row(one(R"({"name": "h", "onPrem": "b", "cloud": "Y"})"), "hybridOptions[0].cloud",
        QStringLiteral("no cloud option named \"Y\" in cloudOptions"));
    row(one(R"({"name": "h", "onPrem": "b", "cloud": "b"})"), "hybridOptions[0].cloud",
        QStringLiteral("no cloud option named \"b\" in cloudOptions"));
    row(hybridDoc(R"([{"name": "h", "onPrem": "b", "cloud": "c"}, {"name": "k", "onPrem": "b", "cloud": "gone"}])"),
        "hybridOptions[1].cloud", QStringLiteral("no cloud option named \"gone\" in cloudOptions"));

    // Names: present, not empty, unique among hybrid options.
    row(one(R"({"name": "", "onPrem": "b", "cloud": "c"})"), "hybridOptions[0].name",
        QStringLiteral("must not be empty"));
    row(one(R"({"onPrem": "b", "cloud": "c"})"), "hybridOptions[0].name",
        QStringLiteral("required field is missing"));
    row(one(R"({"name": "h", "cloud": "c"})"), "hybridOptions[0].onPrem",
        QStringLiteral("required field is missing"));
    row(one(R"({"name": "h", "onPrem": "b"})"), "hybridOptions[0].cloud",
        QStringLiteral("required field is missing"));
    row(one(R"({"name": "h", "onPrem": "", "cloud": "c"})"), "hybridOptions[0].onPrem",
        QStringLiteral("must not be empty"));
    row(one(R"({"name": "h", "onPrem": 5, "cloud": "c"})"), "hybridOptions[0].onPrem",
        QStringLiteral("must be a string"));
    row(hybridDoc(R"([{"name": "h", "onPrem": "b", "cloud": "c"}, {"name": "h", "onPrem": "b", "cloud": "c", "units": 2}])"),
        "hybridOptions[1].name", QStringLiteral("duplicate hybrid option name \"h\""));

    // Units: an integer from 0 to kMaxHybridUnits, or null.
    const QString unitsRange = QStringLiteral("must be an integer from 0 to %1").arg(kMaxHybridUnits);
    row(one(R"({"name": "h", "onPrem": "b", "cloud": "c", "units": -1})"), "hybridOptions[0].units", unitsRange);
    row(one(R"({"name": "h", "onPrem": "b", "cloud": "c", "units": 10001})"), "hybridOptions[0].units", unitsRange);
    row(one(R"({"name": "h", "onPrem": "b", "cloud": "c", "units": 2.5})"), "hybridOptions[0].units",
        QStringLiteral("must be an integer, not 2.5"));
    row(one(R"({"name": "h", "onPrem": "b", "cloud": "c", "units": "3"})"), "hybridOptions[0].units",
        QStringLiteral("must be an integer"));

    // Unknown fields and shapes; a version-1 file is told the field needs version 2.
    row(one(R"({"name": "h", "onPrem": "b", "cloud": "c", "unit": 3})"), "hybridOptions[0].unit",
        QStringLiteral("unknown field"));
    row(hybridDoc("[1]"), "hybridOptions[0]", QStringLiteral("must be an object"));
    row(hybridDoc(R"({"name": "h", "onPrem": "b", "cloud": "c"})"), "hybridOptions",
        QStringLiteral("must be an array"));
    row(doc(R"("onPremOptions": [{"name": "b", "gpu": "K80"}],
               "cloudOptions": [{"name": "c", "gpu": "A10G", "pricePerHour": 1}],
               "hybridOptions": [{"name": "h", "onPrem": "b", "cloud": "c"}])"),
        "hybridOptions", QStringLiteral("needs version 2 of the scenario format; this file says \"version\": 1"));
    {
        QByteArray many = R"({"name": "h0", "onPrem": "b", "cloud": "c"})";
        for (int i = 1; i <= 200; ++i)
            many += R"(, {"name": "h)" + QByteArray::number(i) + R"(", "onPrem": "b", "cloud": "c"})";
        row(hybridDoc("[" + many + "]"), "hybridOptions", QStringLiteral("holds 201 entries; at most 200 are accepted"));
    }
}

void TestHybridJson::rejectsBadHybridOptions()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, where);
    QFETCH(QString, reason);
    try {
        readScenarioJson(json);
        QFAIL("accepted invalid input");
    } catch (const InputError &e) {
        QCOMPARE(e.where(), where);
        QCOMPARE(e.reason(), reason);
    }
}

QTEST_GUILESS_MAIN(TestHybridJson)
#include "test_hybridjson.moc"
