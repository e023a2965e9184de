// The offer writer below the importer: a batch that meets a row breaking one of the document's
// rules (which validation keeps from happening) fails with SQLite's reason and writes nothing,
// wherever the row is in the batch; and an import leaves foreign keys on and every link whole.
#include "sheetfixtures.h"

#include "inputerror.h"
#include "import/offerwriter.h"
#include "store/database.h"

#include <SQLiteCpp/Database.h>

#include <QtTest>

using namespace breakeven;
using namespace sheetfixtures;

namespace {

CloudOffer offer(int index)
{
    CloudOffer o;
    o.provider = QStringLiteral("lambda");
    o.category = CloudCategory::MlCloud;
    o.instanceType = QStringLiteral("writer-%1").arg(index);
    o.gpu = QStringLiteral("H100");
    o.region = QStringLiteral("us-east");
    o.onDemand = 2.0 + index / 100.0;
    return o;
}

int offerCount(SQLite::Database &database)
{
    return database.execAndGet("SELECT count(*) FROM cloud_offers").getInt();
}

} // namespace

class TestOfferWriter : public QObject {
    Q_OBJECT

private slots:
    void ruleBrokenInABatch_data()
    {
        QTest::addColumn<int>("rows");
        QTest::addColumn<int>("broken");
        QTest::addColumn<QString>("rule");
        QTest::newRow("first of a full batch") << 32 << 0 << "gpu_count";
        QTest::newRow("middle of a full batch") << 32 << 17 << "on_demand";
        QTest::newRow("last of a full batch") << 32 << 31 << "gpu_count";
        QTest::newRow("second batch") << 64 << 40 << "on_demand";
        QTest::newRow("rows written one by one") << 5 << 3 << "gpu_count";
    }

    void ruleBrokenInABatch()
    {
        QFETCH(int, rows);
        QFETCH(int, broken);
        QFETCH(QString, rule);
        QTemporaryDir dir;
        auto document = newDocument(dir);
        Connection &connection = document->connection();
        SQLite::Database &database = connection.database();
        const int before = offerCount(database);
        bool failed = false;
        try {
            connection.write([&] {
                OfferWriter writer(connection, std::nullopt);
                OfferEncoder encoder;
                for (int i = 0; i < rows; ++i) {
                    CloudOffer o = offer(i);
                    if (i == broken && rule == QLatin1String("gpu_count"))
                        o.gpuCount = 0;
                    if (i == broken && rule == QLatin1String("on_demand"))
                        o.onDemand = -1.0;
                    EncodedOffer encoded;
                    encoder.encode(o, encoded);
                    writer.add(std::move(encoded), i + 2);
                }
                writer.finish();
            });
        } catch (const InputError &error) {
            failed = true;
            QVERIFY2(error.reason().contains(QStringLiteral("CHECK constraint failed")), qPrintable(error.reason()));
            QVERIFY2(error.reason().contains(rule), qPrintable(error.reason()));
        }
        QVERIFY(failed);
        QCOMPARE(offerCount(database), before);
    }

    // The import switches foreign key checks off while it writes; they are on again after it,
    // whether it committed, was refused or failed, and every link it wrote holds.
    void foreignKeysAfterAnImport()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        SQLite::Database &database = document->connection().database();
        const QString path = dir.filePath(QStringLiteral("runpod-vms.csv"));
        writeSkyPilotSheet(path, 300);
        SheetImporter importer(*document);
        QCOMPARE(importer.import(path).offers.added, 300);
        QCOMPARE(database.execAndGet("PRAGMA foreign_keys").getInt(), 1);
        QCOMPARE(database.execAndGet("SELECT count(*) FROM pragma_foreign_key_check").getInt(), 0);
        QCOMPARE(database.execAndGet("SELECT count(*) FROM cloud_offers WHERE sheet_id IS NOT NULL"
                                     " AND sheet_id NOT IN (SELECT id FROM sheets)").getInt(), 0);
        importer.preview(path);
        QCOMPARE(database.execAndGet("PRAGMA foreign_keys").getInt(), 1);
        ImportOptions cancelled;
        cancelled.progress = [](qint64, qint64) { return false; };
        QVERIFY_THROWS_EXCEPTION(ImportCancelled, importer.import(path, cancelled));
        QCOMPARE(database.execAndGet("PRAGMA foreign_keys").getInt(), 1);
        // A link the import did not write is still checked: the switch ended with the import.
        QVERIFY_THROWS_EXCEPTION(SQLite::Exception,
                                 database.exec("UPDATE cloud_offers SET sheet_id = 999999 WHERE id = (SELECT max(id) FROM cloud_offers)"));
    }
};

QTEST_GUILESS_MAIN(TestOfferWriter)
#include "test_offerwriter.moc"
