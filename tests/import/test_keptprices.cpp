// Sheets that carry only some price columns: an offer a SkyPilot sheet (on-demand and spot)
// updates keeps the reserved prices another sheet or a provider's price list gave it, is
// unchanged when the prices it carries are, and keeps in its history only what changed. A sheet
// that has a column but an empty cell still clears that price.
#include "sheetfixtures.h"

#include <SQLiteCpp/Database.h>

#include <QtTest>

using namespace breakeven;
using namespace sheetfixtures;

namespace {

void writeFile(const QString &path, const QByteArray &text)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

// Two acme offers with every price, under 2030-01-01.
const QByteArray kNativeSheet
    = "provider,category,instance_type,gpu,gpu_count,region,currency,on_demand,spot,reserved_1y,reserved_3y,"
      "reserved_1y_upfront,reserved_3y_upfront,as_of\n"
      "acme,hyperscaler,big,H100-SXM5-80GB,8,north,USD,80,30,50,40,45,35,2030-01-01\n"
      "acme,hyperscaler,small,H100-SXM5-80GB,1,north,USD,10,4,7,6,6.5,5.5,2030-01-01\n";

// The same two offers in SkyPilot's vms.csv format: on-demand and spot only.
QByteArray skyPilotSheet(const char *bigOnDemand)
{
    const auto row = [](const char *type, int count, const char *onDemand, const char *spot) {
        return QByteArray(type) + ",H100," + QByteArray::number(count) + "," + QByteArray::number(8 * count) + ","
            + QByteArray::number(32 * count) + ",\"{'Gpus': [{'Name': 'H100', 'Count': " + QByteArray::number(count)
            + ", 'MemoryInfo': {'SizeInMiB': 81559}}], 'TotalGpuMemoryInMiB': " + QByteArray::number(81559 * count)
            + "}\"," + onDemand + "," + spot + ",north,north-a\n";
    };
    return "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,GpuInfo,Price,SpotPrice,Region,"
           "AvailabilityZone\n"
        + row("big", 8, bigOnDemand, "30") + row("small", 1, "10", "4");
}

qint64 count(Document &document, const char *sql)
{
    return document.connection().database().execAndGet(sql).getInt64();
}

} // namespace

class TestKeptPrices : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void skyPilotKeepsReservedPrices()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString native = dir.filePath(QStringLiteral("acme-prices.csv"));
        writeFile(native, kNativeSheet);
        SheetImporter importer(*document);
        QCOMPARE(importer.import(native).offers.added, 2);
        const auto before = findOffer(*document, QStringLiteral("acme"), QStringLiteral("big"), QStringLiteral("north"));
        QVERIFY(before);

        const QString vms = dir.filePath(QStringLiteral("acme-vms.csv"));
        writeFile(vms, skyPilotSheet("70"));
        ImportOptions options;
        options.asOf = QStringLiteral("2031-01-01");
        const ImportReport report = importer.import(vms, options);
        QCOMPARE(report.preset, QStringLiteral("skypilot"));
        // Both offers come from another sheet under another date: both are updated.
        QCOMPARE(report.offers.added, 0);
        QCOMPARE(report.offers.updated, 2);

        const auto big = findOffer(*document, QStringLiteral("acme"), QStringLiteral("big"), QStringLiteral("north"));
        QCOMPARE(big->id, before->id);
        QCOMPARE(big->offer.onDemand, std::optional(70.0));
        QCOMPARE(big->offer.spot, std::optional(30.0));
        QCOMPARE(big->offer.reserved1y, std::optional(50.0));
        QCOMPARE(big->offer.reserved3y, std::optional(40.0));
        QCOMPARE(big->offer.reserved1yUpfront, std::optional(45.0));
        QCOMPARE(big->offer.reserved3yUpfront, std::optional(35.0));
        QCOMPARE(big->offer.asOf, QStringLiteral("2031-01-01"));
        const auto small = findOffer(*document, QStringLiteral("acme"), QStringLiteral("small"), QStringLiteral("north"));
        QCOMPARE(small->offer.reserved1y, std::optional(7.0));
        QCOMPARE(small->offer.reserved3yUpfront, std::optional(5.5));

        // The history holds the earlier on-demand price of the offer whose price changed, not the
        // prices the new sheet left as they were.
        QCOMPARE(count(*document, "SELECT count(*) FROM offer_prices"), qint64(1));
        CatalogRepository &catalog = document->catalog();
        const std::vector<PricePoint> onDemand = catalog.priceHistory(big->id, PricingPlan::OnDemand);
        QCOMPARE(onDemand.size(), size_t(2));
        QCOMPARE(onDemand[0].date, QDate(2030, 1, 1));
        QCOMPARE(onDemand[0].price, 80.0);
        QCOMPARE(onDemand[1].price, 70.0);
        SQLite::Statement earlier(document->connection().database(),
                                  "SELECT as_of, on_demand, spot, reserved_1y, reserved_3y, reserved_1y_upfront,"
                                  " reserved_3y_upfront FROM offer_prices WHERE offer_id = ?");
        earlier.bind(1, static_cast<std::int64_t>(big->id));
        QVERIFY(earlier.executeStep());
        QCOMPARE(QString::fromStdString(earlier.getColumn(0).getString()), QStringLiteral("2030-01-01"));
        QCOMPARE(earlier.getColumn(1).getDouble(), 80.0);
        QCOMPARE(earlier.getColumn(3).getDouble(), 50.0);
        QCOMPARE(earlier.getColumn(6).getDouble(), 35.0);
        // The reserved price was seen at both dates, the same.
        const auto reserved = catalog.observedOfferTrend(big->id, PricingPlan::Reserved1y);
        QVERIFY(reserved);
        QCOMPARE(reserved->ratePerYear, 0.0);

        // The same sheet again under a later date: no price changed, so nothing more is kept.
        options.asOf = QStringLiteral("2032-01-01");
        const ImportReport again = importer.import(vms, options);
        QCOMPARE(again.offers.updated, 2); // the date moves on
        QCOMPARE(count(*document, "SELECT count(*) FROM offer_prices"), qint64(1));
        QCOMPARE(count(*document, "SELECT count(*) FROM cloud_offers WHERE provider = 'acme' AND reserved_1y IS NULL"),
                 qint64(0));

        // Reserved prices the sheet does not carry are not compared: with the same date and the
        // same on-demand and spot prices, the offers are unchanged and keep them.
        document->connection().database().exec(
            "UPDATE cloud_offers SET reserved_1y = 49 WHERE provider = 'acme' AND instance_type = 'big'");
        const ImportReport same = importer.import(vms, options);
        QCOMPARE(same.offers.unchanged, 2);
        QCOMPARE(same.offers.updated, 0);
        QCOMPARE(findOffer(*document, QStringLiteral("acme"), QStringLiteral("big"), QStringLiteral("north"))
                     ->offer.reserved1y,
                 std::optional(49.0));
        QCOMPARE(count(*document, "SELECT count(*) FROM offer_prices"), qint64(1));
    }

    // A sheet that has a price column but an empty cell for a row publishes no such price for
    // that offer: the stored one is cleared, as before. A column it lacks altogether (an older
    // native sheet without the upfront terms) leaves the stored price alone.
    void emptyCellClearsMissingColumnKeeps()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString native = dir.filePath(QStringLiteral("acme-prices.csv"));
        writeFile(native, kNativeSheet);
        SheetImporter importer(*document);
        importer.import(native);
        const QString older = dir.filePath(QStringLiteral("acme-older.csv"));
        writeFile(older, "provider,category,instance_type,gpu,gpu_count,region,currency,on_demand,spot,reserved_1y,"
                         "reserved_3y,as_of\n"
                         "acme,hyperscaler,big,H100-SXM5-80GB,8,north,USD,80,30,,40,2030-01-01\n");
        const ImportReport report = importer.import(older);
        QCOMPARE(report.offers.updated, 1);
        const auto big = findOffer(*document, QStringLiteral("acme"), QStringLiteral("big"), QStringLiteral("north"));
        QVERIFY(!big->offer.reserved1y);
        QCOMPARE(big->offer.reserved3y, std::optional(40.0));
        QCOMPARE(big->offer.reserved1yUpfront, std::optional(45.0));
        QCOMPARE(big->offer.reserved3yUpfront, std::optional(35.0));
        QCOMPARE(big->offer.onDemand, std::optional(80.0));
    }

    // Many keys already in the document, written through the batch insert and the lookups that
    // follow it: every offer keeps the reserved prices the SkyPilot sheet lacks.
    void keptThroughBatches()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("runpod-prices.csv"));
        writeSkyPilotSheet(path, 600);
        SheetImporter importer(*document);
        ImportOptions options;
        options.asOf = QStringLiteral("2030-01-01");
        QCOMPARE(importer.import(path, options).offers.added, 600);
        document->connection().database().exec(
            "UPDATE cloud_offers SET reserved_1y = on_demand * 0.7, reserved_3y = on_demand * 0.5"
            " WHERE provider = 'runpod' AND region LIKE 'region-%'");
        writeSkyPilotSheet(path, 700, 1.5);
        options.asOf = QStringLiteral("2031-01-01");
        const ImportReport report = importer.import(path, options);
        QCOMPARE(report.offers.updated, 600);
        QCOMPARE(report.offers.added, 100);
        // The reserved prices stay those of the earlier on-demand price; the new offers have none.
        QCOMPARE(count(*document, "SELECT count(*) FROM cloud_offers WHERE provider = 'runpod'"
                                  " AND region LIKE 'region-%' AND reserved_1y IS NOT NULL AND reserved_3y IS NOT NULL"),
                 qint64(600));
        QCOMPARE(count(*document, "SELECT count(*) FROM cloud_offers o JOIN offer_prices p ON p.offer_id = o.id"
                                  " WHERE o.provider = 'runpod' AND abs(o.reserved_1y - p.on_demand * 0.7) < 1e-9"
                                  " AND o.on_demand > p.on_demand AND p.as_of = '2030-01-01'"),
                 qint64(600));
    }
};

QTEST_GUILESS_MAIN(TestKeptPrices)
#include "test_keptprices.moc"
