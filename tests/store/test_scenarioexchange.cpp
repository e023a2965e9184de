// A scenario exported to JSON and imported back into a document is identical: every bundled
// example and a scenario using every field go JSON -> document -> JSON byte for byte.
#include "catalog/bundledcatalog.h"
#include "exchange/scenariojson.h"
#include "store/document.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace breakeven;

class TestScenarioExchange : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void roundTrip_data()
    {
        QTest::addColumn<QByteArray>("json");
        for (const QString &name : bundledExampleNames())
            QTest::newRow(qPrintable(name)) << writeScenarioJson(readScenarioJson(bundledExample(name), name));
        QFile full(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
        QVERIFY(full.open(QIODevice::ReadOnly));
        Scenario s = readScenarioJson(full.readAll());
        s.name = QStringLiteral("every field – ÄÖÜ");
        s.exchangeRates = {{QStringLiteral("EUR"), 1.08}, {QStringLiteral("GBP"), 1.27}};
        s.workload.jobReferenceGpuHours.reset();
        s.onPremOptions[0].listPrice = 340000;
        s.onPremOptions[0].idleW.reset();
        s.onPremOptions[0].components.push_back({QString(), 0.5, 3});
        GpuModel g;
        g.name = QStringLiteral("H100-SXM5-80GB");
        g.vendor = QStringLiteral("NVIDIA");
        g.memoryGB = 80;
        g.relativeThroughput = 1;
        g.source = QStringLiteral("datasheet");
        g.asOf = QStringLiteral("2025-01-01");
        s.gpus.push_back(g);
        QTest::newRow("every field") << writeScenarioJson(s);
    }

    void roundTrip()
    {
        QFETCH(QByteArray, json);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("exchange.breakeven"));
        const Scenario original = readScenarioJson(json);
        {
            auto document = Document::create(path);
            Scenario renamed = original;
            renamed.name += QStringLiteral(" (imported)"); // the seeded example keeps its name
            document->scenarios().save(renamed);
        }
        auto reopened = Document::open(path);
        Scenario loaded = reopened->scenarios().load(original.name + QStringLiteral(" (imported)"));
        loaded.name = original.name;
        QCOMPARE(writeScenarioJson(loaded), json);
    }
};

QTEST_GUILESS_MAIN(TestScenarioExchange)
#include "test_scenarioexchange.moc"
