// The provider of a sheet without a provider column, from its path: known clouds, and clouds newer
// than the importer's list named by the file or its folder as SkyPilot's catalog names them; the
// offers of a new cloud import as an ML cloud.
#include "import/sheetimporter.h"
#include "import/skypilotformat.h"
#include "store/document.h"

#include "sheetfixtures.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

using namespace breakeven;

class TestProviderPath : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fromThePath_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("provider"); // empty: none
        QTest::newRow("known, file") << "/data/lambda-v7.csv" << "lambda";
        QTest::newRow("known, folder") << "/data/catalogs/v8/aws/vms.csv" << "aws";
        QTest::newRow("new, file") << "/data/hyperstack-v8.csv" << "hyperstack";
        QTest::newRow("new, file, underscore") << "/data/Mithril_vms.csv" << "mithril";
        QTest::newRow("new, folder") << "/data/catalogs/v8/hyperstack/vms.csv" << "hyperstack";
        QTest::newRow("new, folder, no version") << "/sheets/mithril/vms.csv" << "mithril";
        QTest::newRow("generic file in a generic folder") << "/tmp/vms.csv" << "";
        QTest::newRow("generic file under a version") << "/v8/vms.csv" << "";
        QTest::newRow("two letters") << "/data/my-prices.csv" << "";
        QTest::newRow("not a name") << "/data/2026-prices.csv" << "";
    }

    void fromThePath()
    {
        QFETCH(QString, path);
        QFETCH(QString, provider);
        QCOMPARE(providerFromPath(path).value_or(QString()), provider);
    }

    void newCloudImportsAsAnMlCloud()
    {
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("catalogs/v8/hyperstack")));
        const QString sheet = dir.filePath(QStringLiteral("catalogs/v8/hyperstack/vms.csv"));
        sheetfixtures::writeSkyPilotSheet(sheet, 12);
        auto document = Document::create(dir.filePath(QStringLiteral("new.breakeven")));
        // The bundled catalog already has Hyperstack's own offers (ml-cloud); the sheet's 12 are new.
        OfferFilter filter;
        filter.provider = QStringLiteral("hyperstack");
        const qint64 bundled = document->catalog().offerCount(filter);
        const ImportReport report = SheetImporter(*document).import(sheet);
        QVERIFY(report.written);
        QCOMPARE(report.provider, QStringLiteral("hyperstack"));
        QCOMPARE(report.offers.added, qint64(12));
        QCOMPARE(document->catalog().offerCount(filter), bundled + 12);
        filter.category = CloudCategory::MlCloud;
        QCOMPARE(document->catalog().offerCount(filter), bundled + 12);
    }
};

QTEST_GUILESS_MAIN(TestProviderPath)
#include "test_providerpath.moc"
