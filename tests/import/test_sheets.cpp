// The sheet importer through its API: presets, validation rules, GCP pairing, custom mappings,
// idempotence, updates in place, strict mode, previews, progress and cancel, real sheets.
#include "sheetfixtures.h"

#include "inputerror.h"
#include "import/sheetpreset.h"
#include "store/rows.h"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <QDir>

#include <cmath>
#include <QtTest>

using namespace breakeven;
using namespace sheetfixtures;

class TestSheets : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void presets_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("preset");
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("instanceType");
        QTest::addColumn<QString>("region");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("gpuCount");
        QTest::addColumn<double>("onDemand");
        QTest::addColumn<double>("spot"); // 0: none
        QTest::addColumn<int>("offers"); // added or updated (a bundled offer of the same key)
        QTest::addColumn<int>("skipped");
        QTest::newRow("native: new offer") << "native.csv" << "native" << "crusoe" << "h100-80gb-sxm-ib.8x"
                                           << "us-east1" << "H100-SXM5-80GB" << 8 << 31.6 << 0.0 << 3 << 1;
        QTest::newRow("native: category from provider table")
            << "native.csv" << "native" << "tensordock" << "rtx4090-1x" << "eu-de" << "RTX-4090" << 1 << 0.35
            << 0.2 << 3 << 1;
        QTest::newRow("skypilot v7: lambda column order, file name gives provider")
            << "lambda-v7-sample.csv" << "skypilot" << "lambda" << "gpu_1x_a100_sxm4" << "us-east-1"
            << "A100-SXM4-40GB" << 1 << 1.29 << 0.0 << 3 << 1;
        QTest::newRow("skypilot v7: per-GPU memory picks the 80 GB model")
            << "lambda-v7-sample.csv" << "skypilot" << "lambda" << "gpu_8x_a100_80gb_sxm4" << "us-east-1"
            << "A100-SXM4-80GB" << 8 << 14.32 << 0.0 << 3 << 1;
        QTest::newRow("skypilot v8: aws column order, zones collapse to the lowest spot")
            << "aws-v8.csv" << "skypilot" << "aws" << "g5.xlarge" << "us-east-1" << "A10G" << 1 << 1.006 << 0.39
            << 2 << 2;
        // Lambda's v8 sheet names the GPU "H100" or "A100"; the instance type tells the form.
        const auto lambda = [](const char *row, const char *type, const char *gpu, int count, double price) {
            QTest::newRow(row) << "catalogs/v8/lambda/vms.csv" << "skypilot" << "lambda" << type << "europe-central-1"
                               << gpu << count << price << 0.0 << 10 << 0;
        };
        lambda("skypilot v8: _pcie in the instance type", "gpu_1x_h100_pcie", "H100-PCIE-80GB", 1, 3.29);
        lambda("skypilot v8: _sxm5 in the instance type", "gpu_8x_h100_sxm5", "H100-SXM5-80GB", 8, 31.92);
        lambda("skypilot v8: _sxm4, 40 GB", "gpu_1x_a100_sxm4", "A100-SXM4-40GB", 1, 1.99);
        lambda("skypilot v8: _sxm4, 80 GB", "gpu_8x_a100_80gb_sxm4", "A100-SXM4-80GB", 8, 22.32);
        lambda("skypilot v8: lambda's listed PCIe A100", "gpu_1x_a100", "A100-PCIE-40GB", 1, 1.99);
        lambda("skypilot v8: lambda's listed PCIe A100, four", "gpu_4x_a100", "A100-PCIE-40GB", 4, 7.96);
        lambda("skypilot v8: no form word, lambda lists SXM4", "gpu_8x_a100", "A100-SXM4-40GB", 8, 15.92);
        lambda("skypilot v8: _sxm6 on a GPU of one form", "gpu_1x_b200_sxm6", "B200", 1, 6.99);
        // Cudo's sheet: "-pcie_" and "-pci_", 80 GB by GpuInfo.
        QTest::newRow("skypilot v8: -pcie_ and GpuInfo 80 GB") << "catalogs/v8/cudo/vms.csv" << "skypilot" << "cudo"
                                                               << "epyc-genoa-a100-pcie_1x4v8gb" << "no-kristiansand-1"
                                                               << "A100-PCIE-80GB" << 1 << 1.5588 << 0.0 << 3 << 0;
        QTest::newRow("skypilot v8: -pci_ read as PCIe") << "catalogs/v8/cudo/vms.csv" << "skypilot" << "cudo"
                                                         << "intel-ice-lake-a100-pci_1x4v8gb" << "us-carlsbad-1"
                                                         << "A100-PCIE-80GB" << 1 << 1.3968 << 0.0 << 3 << 0;
        QTest::newRow("skypilot: provider from the catalog folder")
            << "catalogs/v7/paperspace/vms.csv" << "skypilot" << "paperspace" << "H100x8" << "East Coast (NY2)"
            << "H100-SXM5-80GB" << 8 << 47.6 << 0.0 << 2 << 0;
        QTest::newRow("gcp: a2 host plus A100, cheapest zone") << "gcp-v7.csv" << "skypilot" << "gcp" << "a2-highgpu-1g"
                                                               << "us-central1" << "A100-SXM4-40GB" << 1 << 3.5
                                                               << 1.0 << 4 << 4;
        QTest::newRow("gcp: a2-ultragpu plus A100-80GB") << "gcp-v7.csv" << "skypilot" << "gcp" << "a2-ultragpu-2g"
                                                         << "us-central1" << "A100-SXM4-80GB" << 2 << 11.5 << 3.5
                                                         << 4 << 4;
        QTest::newRow("gcp: n1 host plus attached V100") << "gcp-v7.csv" << "skypilot" << "gcp"
                                                         << "n1-standard-8+V100:2" << "us-central1"
                                                         << "V100-SXM2-16GB" << 2 << 5.34 << 1.58 << 4 << 4;
        QTest::newRow("gcp: g2 with two L4") << "gcp-v7.csv" << "skypilot" << "gcp" << "g2-standard-24"
                                             << "europe-west4" << "L4" << 2 << 2.2 << 0.7 << 4 << 4;
        // The newer accelerator families, made-up prices in the layout of SkyPilot's GCP sheet.
        QTest::newRow("gcp: a4 host plus eight B200") << "gcp-newer-families.csv" << "skypilot" << "gcp" << "a4-highgpu-8g"
                                                      << "us-central1" << "B200" << 8 << 90.0 << 30.0 << 3 << 0;
        QTest::newRow("gcp: a3-ultra host plus eight H200") << "gcp-newer-families.csv" << "skypilot" << "gcp"
                                                            << "a3-ultragpu-8g" << "europe-west1" << "H200-SXM-141GB" << 8
                                                            << 85.0 << 28.0 << 3 << 0;
        QTest::newRow("gcp: a4x host plus four GB200") << "gcp-newer-families.csv" << "skypilot" << "gcp"
                                                       << "a4x-highgpu-4g" << "us-central1" << "GB200" << 4 << 70.0 << 0.0
                                                       << 3 << 0;
    }

    void presets()
    {
        QFETCH(QString, file);
        QFETCH(QString, preset);
        QFETCH(QString, provider);
        QFETCH(QString, instanceType);
        QFETCH(QString, region);
        QFETCH(QString, gpu);
        QFETCH(int, gpuCount);
        QFETCH(double, onDemand);
        QFETCH(double, spot);
        QFETCH(int, offers);
        QFETCH(int, skipped);
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const ImportReport report = SheetImporter(*document).import(fixture(file));
        QVERIFY(report.written);
        QCOMPARE(report.preset, preset);
        QCOMPARE(int(report.offers.added + report.offers.updated), offers);
        QCOMPARE(int(report.skipped), skipped);
        const auto stored = findOffer(*document, provider, instanceType, region);
        QVERIFY2(stored, qPrintable(instanceType));
        QCOMPARE(stored->offer.gpu, gpu);
        QCOMPARE(stored->offer.gpuCount, gpuCount);
        QVERIFY(stored->offer.onDemand);
        QCOMPARE(*stored->offer.onDemand, onDemand);
        QCOMPARE(stored->offer.spot.value_or(0.0), spot);
        QCOMPARE(stored->sheetId, report.sheetId);
    }

    void validationRules_data()
    {
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("column");
        QTest::addColumn<QString>("reason");
        QTest::newRow("valid row") << 2 << "add" << "" << "";
        QTest::newRow("zone of the same region, lower price") << 3 << "warning" << "Region" << "lower price replaces";
        QTest::newRow("zone of the same region, higher price") << 4 << "warning" << "Region" << "earlier price is kept";
        QTest::newRow("negative price") << 5 << "skip" << "Price" << "negative price";
        QTest::newRow("non-numeric price") << 6 << "skip" << "Price" << "not a number";
        QTest::newRow("unknown GPU") << 7 << "skip" << "AcceleratorName" << "unknown GPU \"XYZ9000\"";
        QTest::newRow("CPU-only instance") << 8 << "skip" << "AcceleratorName" << "CPU-only";
        QTest::newRow("TPU is not a GPU") << 9 << "skip" << "AcceleratorName" << "is not a GPU";
        QTest::newRow("spot above on-demand") << 10 << "warning" << "SpotPrice" << "above on-demand";
        QTest::newRow("spot-only offer") << 11 << "warning" << "SpotPrice" << "spot-only";
        QTest::newRow("zero prices are no price") << 12 << "skip" << "Price" << "no price";
        QTest::newRow("missing region") << 13 << "skip" << "Region" << "missing region";
        QTest::newRow("same key twice") << 14 << "warning" << "Region" << "duplicate of line 2";
        QTest::newRow("fractional GPU") << 15 << "skip" << "AcceleratorCount" << "fractional";
        QTest::newRow("GpuInfo total memory picks 80 GB") << 16 << "add" << "" << "";
        QTest::newRow("missing instance type") << 17 << "skip" << "InstanceType" << "missing instance type";
    }

    void validationRules()
    {
        QFETCH(int, line);
        QFETCH(QString, status);
        QFETCH(QString, column);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        auto document = newDocument(dir);
        ImportOptions options;
        options.collectRows = true;
        const ImportReport report = SheetImporter(*document).preview(fixture(QStringLiteral("runpod-rules.csv")), options);
        const RowReport *row = rowAt(report, line);
        QVERIFY(row);
        QCOMPARE(toString(row->status), status);
        QCOMPARE(row->column, column);
        QVERIFY2(row->reason.contains(reason), qPrintable(row->reason));
        if (line == 16) {
            QCOMPARE(row->gpu, QStringLiteral("A100-SXM4-80GB"));
            QCOMPARE(row->gpuMemoryGB, 80.0);
        }
        if (status == QLatin1String("skip"))
            QVERIFY(std::any_of(report.skips.begin(), report.skips.end(),
                                [&](const RowIssue &issue) { return issue.line == line && issue.column == column; }));
    }

    void spotRules_data()
    {
        QTest::addColumn<QString>("instanceType");
        QTest::addColumn<double>("onDemand"); // 0: none
        QTest::addColumn<double>("spot");     // 0: none
        QTest::newRow("spot above on-demand dropped") << "spot_high" << 2.0 << 0.0;
        QTest::newRow("spot-only offer kept") << "spot_only" << 0.0 << 1.5;
        QTest::newRow("zones keep the lowest price") << "1x_A100" << 1.4 << 0.8;
    }

    void spotRules()
    {
        QFETCH(QString, instanceType);
        QFETCH(double, onDemand);
        QFETCH(double, spot);
        QTemporaryDir dir;
        auto document = newDocument(dir);
        SheetImporter(*document).import(fixture(QStringLiteral("runpod-rules.csv")));
        const auto stored = findOffer(*document, QStringLiteral("runpod"), instanceType, QStringLiteral("us-east"));
        QVERIFY(stored);
        QCOMPARE(stored->offer.onDemand.value_or(0.0), onDemand);
        QCOMPARE(stored->offer.spot.value_or(0.0), spot);
    }

    void reimport_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("native") << "native.csv";
        QTest::newRow("skypilot") << "lambda-v7-sample.csv";
        QTest::newRow("gcp") << "gcp-v7.csv";
        QTest::newRow("rules") << "runpod-rules.csv";
    }

    void reimport()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        auto document = newDocument(dir);
        SheetImporter importer(*document);
        const ImportReport first = importer.import(fixture(file));
        const qint64 offers = document->catalog().offerCount();
        const ImportReport second = importer.import(fixture(file));
        QCOMPARE(second.offers.added, 0);
        QCOMPARE(second.offers.updated, 0);
        QCOMPARE(second.offers.unchanged, first.offers.added + first.offers.updated + first.offers.unchanged);
        QCOMPARE(document->catalog().offerCount(), offers);
        const auto sheets = document->catalog().sheets();
        QCOMPARE(sheets.front().rowsUnchanged, second.offers.unchanged);
        QCOMPARE(sheets.front().sha256, first.sha256);
        QCOMPARE(first.sha256, QString::fromLatin1(fileHash(fixture(file))));
        // Foreign keys are still enforced on the document's connection, and every offer's sheet
        // is there.
        SQLite::Database &database = document->connection().database();
        QCOMPARE(database.execAndGet("PRAGMA foreign_keys").getInt(), 1);
        QCOMPARE(database.execAndGet("SELECT count(*) FROM pragma_foreign_key_check").getInt(), 0);
        QCOMPARE(database.execAndGet("SELECT count(*) FROM cloud_offers WHERE sheet_id NOT IN (SELECT id FROM sheets)").getInt(), 0);
    }

    void nativeUpdatesBundledRows()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const auto before = findOffer(*document, QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), QStringLiteral("us-west-2"));
        QVERIFY(before);
        const ImportReport report = SheetImporter(*document).import(fixture(QStringLiteral("native.csv")));
        QCOMPARE(report.offers.unchanged, 1);
        QCOMPARE(report.offers.updated, 2); // p4d.24xlarge and a crusoe offer of the bundle
        const auto after = findOffer(*document, QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), QStringLiteral("us-west-2"));
        QCOMPARE(after->id, before->id);
        QCOMPARE(*after->offer.onDemand, 20.5);
        QCOMPARE(after->sheetId, report.sheetId);
        // The terms paid all upfront come in with the rest.
        QCOMPARE(after->offer.reserved3yUpfront, std::optional(8.159056));
        QCOMPARE(after->offer.reserved1yUpfront, std::optional(12.993037));
    }

    // Reserved terms paid all upfront: optional columns of a native sheet (an older one without
    // them still reads), kept when below the monthly price, refused with a warning above it.
    void upfrontPrices()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("terms.csv"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("provider,category,instance_type,gpu,gpu_count,region,currency,on_demand,reserved_1y,reserved_3y,"
                       "reserved_3y_upfront,reserved_1y_upfront,as_of\n"
                       "acme,hyperscaler,big,H100-SXM5-80GB,8,north,USD,80,50,40,35,,2026-01-01\n"
                       "acme,hyperscaler,odd,H100-SXM5-80GB,8,north,USD,80,50,40,45,,2026-01-01\n"
                       "acme,hyperscaler,monthly,H100-SXM5-80GB,8,north,USD,80,,,,60,2026-01-01\n");
        }
        const ImportReport report = SheetImporter(*document).import(path);
        QCOMPARE(report.preset, QStringLiteral("native"));
        QCOMPARE(int(report.offers.added), 3);
        const auto big = findOffer(*document, QStringLiteral("acme"), QStringLiteral("big"), QStringLiteral("north"));
        QCOMPARE(big->offer.reserved3yUpfront, std::optional(35.0));
        QVERIFY(!big->offer.reserved1yUpfront);
        const auto odd = findOffer(*document, QStringLiteral("acme"), QStringLiteral("odd"), QStringLiteral("north"));
        QVERIFY(!odd->offer.reserved3yUpfront); // dearer than paying month by month
        QCOMPARE(odd->offer.reserved3y, std::optional(40.0));
        QVERIFY(std::any_of(report.warnings.begin(), report.warnings.end(), [](const auto &w) {
            return w.reason.contains(QStringLiteral("3-year all-upfront price 45 above the reserved price 40"));
        }));
        // Without a monthly price the ceiling is on-demand.
        const auto monthly = findOffer(*document, QStringLiteral("acme"), QStringLiteral("monthly"), QStringLiteral("north"));
        QCOMPARE(monthly->offer.reserved1yUpfront, std::optional(60.0));
    }

    void newerSheetUpdatesInPlace()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("runpod-prices.csv"));
        writeSkyPilotSheet(path, 500);
        SheetImporter importer(*document);
        importer.import(path);
        const auto before = findOffer(*document, QStringLiteral("runpod"), QStringLiteral("1x-H100-0"), QStringLiteral("region-0"));
        QVERIFY(before);
        const qint64 count = document->catalog().offerCount();
        writeSkyPilotSheet(path, 500, 2.0);
        ImportOptions options;
        options.asOf = QStringLiteral("2031-01-01");
        const ImportReport report = importer.import(path, options);
        QCOMPARE(report.offers.updated, 500);
        QCOMPARE(document->catalog().offerCount(), count);
        const auto after = findOffer(*document, QStringLiteral("runpod"), QStringLiteral("1x-H100-0"), QStringLiteral("region-0"));
        QCOMPARE(after->id, before->id);
        QCOMPARE(*after->offer.onDemand, 1.0);
        QCOMPARE(after->offer.asOf, QStringLiteral("2031-01-01"));
        QCOMPARE(document->catalog().sheets().front().asOf, QStringLiteral("2031-01-01"));
    }

    // A newer sheet keeps the prices it replaces under their date (schema 8), through the bulk
    // writer; a price corrected under the same date leaves no trace; the trends follow.
    void earlierPricesAreKept()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("runpod-prices.csv"));
        SheetImporter importer(*document);
        ImportOptions options;
        writeSkyPilotSheet(path, 600);
        options.asOf = QStringLiteral("2030-01-01");
        importer.import(path, options);
        const auto offer = findOffer(*document, QStringLiteral("runpod"), QStringLiteral("1x-H100-0"), QStringLiteral("region-0"));
        QVERIFY(offer);
        CatalogRepository &catalog = document->catalog();
        QCOMPARE(catalog.priceHistory(offer->id, PricingPlan::OnDemand).size(), size_t(0));
        QCOMPARE(catalog.observedOfferTrend(offer->id, PricingPlan::OnDemand), std::nullopt);

        writeSkyPilotSheet(path, 600, 1.5);
        options.asOf = QStringLiteral("2031-01-01");
        QCOMPARE(importer.import(path, options).offers.updated, 600);
        const std::vector<PricePoint> points = catalog.priceHistory(offer->id, PricingPlan::OnDemand);
        QCOMPARE(points.size(), size_t(2));
        QCOMPARE(points[0].date, QDate(2030, 1, 1));
        QCOMPARE(points[0].price, 0.5);
        QCOMPARE(points[1].date, QDate(2031, 1, 1));
        QCOMPARE(points[1].price, 0.75);
        const double rate = std::pow(1.5, 365.25 / 365) - 1;
        const auto trend = catalog.observedOfferTrend(offer->id, PricingPlan::OnDemand);
        QVERIFY(trend);
        QVERIFY(std::abs(trend->ratePerYear - rate) < 1e-12);
        QCOMPARE(trend->points, 2);
        const auto spot = catalog.observedOfferTrend(offer->id, PricingPlan::Spot);
        QVERIFY(spot);
        QVERIFY(std::abs(spot->ratePerYear - rate) < 1e-12);
        QCOMPARE(catalog.observedOfferTrend(offer->id, PricingPlan::Reserved1y), std::nullopt);

        // Every H100 offer of the sheet rose by half, whatever its price: so did their median. The
        // bundled H100 offers were not seen at two dates and do not count.
        const auto gpu = catalog.observedGpuTrend(QStringLiteral("H100-SXM5-80GB"), PricingPlan::Spot);
        QVERIFY(gpu);
        QVERIFY(std::abs(gpu->ratePerYear - rate) < 1e-12);
        QCOMPARE(gpu->offers, 100);
        QCOMPARE(gpu->first, QDate(2030, 1, 1));
        QCOMPARE(gpu->last, QDate(2031, 1, 1));

        SQLite::Database &db = document->connection().database();
        const auto kept = [&] { return db.execAndGet("SELECT count(*) FROM offer_prices").getInt64(); };
        QCOMPARE(kept(), qint64(600));
        // The same date again with other prices: a correction, kept as the current price only.
        writeSkyPilotSheet(path, 600, 1.3);
        QCOMPARE(importer.import(path, options).offers.updated, 600);
        QCOMPARE(kept(), qint64(600));
        QCOMPARE(catalog.priceHistory(offer->id, PricingPlan::OnDemand).back().price, 0.65);

        // A removed offer takes its earlier prices with it.
        catalog.removeOffer(offer->id);
        QCOMPARE(kept(), qint64(599));
        QCOMPARE(catalog.priceHistory(offer->id, PricingPlan::OnDemand).size(), size_t(0));
    }

    // Keys already in the document, new keys and repeats of earlier keys, mixed within the
    // batches the writer inserts together: each key ends as if the rows were written one by one.
    void mixedKeysWithinBatches()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("runpod-mixed.csv"));
        const auto write = [&](const QList<QPair<QString, QString>> &rows) {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
            file.write("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n");
            for (const auto &[key, price] : rows)
                file.write(QStringLiteral("%1,H100,1,%2,eu\n").arg(key, price).toUtf8());
        };
        QList<QPair<QString, QString>> first;
        for (int i = 0; i < 40; ++i)
            first.append({QStringLiteral("k%1").arg(i), QStringLiteral("1.00")});
        write(first);
        SheetImporter importer(*document);
        ImportOptions options;
        options.asOf = QStringLiteral("2026-01-01");
        QCOMPARE(importer.import(path, options).offers.added, 40);
        const qint64 before = document->catalog().offerCount();
        const qint64 k3 = findOffer(*document, QStringLiteral("runpod"), QStringLiteral("k3"), QStringLiteral("eu"))->id;

        QList<QPair<QString, QString>> second;
        const auto keys = [&](const QString &prefix, int from, int to, const QString &price) {
            for (int i = from; i < to; ++i)
                second.append({prefix + QString::number(i), price});
        };
        keys(QStringLiteral("k"), 0, 10, QStringLiteral("1.00"));  // unchanged
        keys(QStringLiteral("n"), 0, 10, QStringLiteral("3.00"));  // added
        keys(QStringLiteral("k"), 10, 20, QStringLiteral("2.00")); // updated
        second.append({QStringLiteral("n0"), QStringLiteral("2.50")}); // lower: replaces
        second.append({QStringLiteral("k0"), QStringLiteral("0.50")}); // lower: k0 updated after all
        keys(QStringLiteral("n"), 10, 30, QStringLiteral("3.00"));
        second.append({QStringLiteral("n1"), QStringLiteral("3.50")});  // higher: kept
        second.append({QStringLiteral("k10"), QStringLiteral("2.50")}); // higher: kept
        keys(QStringLiteral("n"), 30, 40, QStringLiteral("3.00"));
        QCOMPARE(second.size(), 64);
        write(second);

        options.collectRows = true;
        const ImportReport preview = importer.preview(path, options);
        const ImportReport report = importer.import(path, options);
        for (const ImportReport *r : {&preview, &report}) {
            QCOMPARE(r->offers.added, 40);
            QCOMPARE(r->offers.updated, 11);
            QCOMPARE(r->offers.unchanged, 9);
            QCOMPARE(r->duplicates, 4);
            QCOMPARE(r->rows.size(), std::size_t(64));
            // Line 2 is k0, 13 n1, 23 k11, 32 the repeat of n0, 54 that of n1, 55 that of k10.
            QCOMPARE(toString(rowAt(*r, 2)->status), QStringLiteral("unchanged"));
            QCOMPARE(toString(rowAt(*r, 13)->status), QStringLiteral("add"));
            QCOMPARE(toString(rowAt(*r, 23)->status), QStringLiteral("update"));
            QCOMPARE(toString(rowAt(*r, 32)->status), QStringLiteral("warning"));
            QCOMPARE(toString(rowAt(*r, 54)->status), QStringLiteral("warning"));
            QVERIFY(rowAt(*r, 54)->result == UpsertResult::Added);
            QCOMPARE(toString(rowAt(*r, 55)->status), QStringLiteral("warning"));
            QVERIFY(rowAt(*r, 55)->result == UpsertResult::Updated);
        }
        QCOMPARE(document->catalog().offerCount(), before + 40);
        const auto price = [&](const char *key) {
            const auto stored = findOffer(*document, QStringLiteral("runpod"), QLatin1String(key), QStringLiteral("eu"));
            return stored ? stored->offer.onDemand.value_or(-1) : -2.0;
        };
        QCOMPARE(price("k0"), 0.5);
        QCOMPARE(price("k5"), 1.0);
        QCOMPARE(price("k10"), 2.0);
        QCOMPARE(price("k25"), 1.0);
        QCOMPARE(price("n0"), 2.5);
        QCOMPARE(price("n1"), 3.0);
        QCOMPARE(price("n39"), 3.0);
        QCOMPARE(findOffer(*document, QStringLiteral("runpod"), QStringLiteral("k3"), QStringLiteral("eu"))->id, k3);
        // New keys follow the ids already there.
        QVERIFY(findOffer(*document, QStringLiteral("runpod"), QStringLiteral("n0"), QStringLiteral("eu"))->id > k3);
    }

    // A repeat of an earlier key is only settled when the writer writes its batch, after later
    // rows' own warnings; the report still lists warnings by line.
    void warningsInLineOrder()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("runpod-order.csv"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("InstanceType,AcceleratorName,AcceleratorCount,Price,SpotPrice,Region\n"
                       "k0,H100,1,2.0,,eu\n"
                       "k1,H100,1,2.0,,eu\n"
                       "k0,H100,1,1.5,,eu\n"   // line 4: repeats line 2
                       "k2,H100,1,2.0,3.0,eu\n"); // line 5: spot above on-demand
        }
        const ImportReport report = SheetImporter(*document).import(path);
        QCOMPARE(report.warnings.size(), std::size_t(2));
        QCOMPARE(report.warnings[0].line, 4);
        QCOMPARE(report.warnings[1].line, 5);
    }

    // Texts longer than an encoded offer holds in place, on a key whose later zone is cheaper and
    // replaces the offer waiting in the writer (the sanitizer build checks that nothing leaks).
    void longTextsOfARepeatedKey()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("long.csv"));
        const QString source = QStringLiteral("a-source-named-at-length;").repeated(12);
        const QString url = QStringLiteral("https://example.com/") + QStringLiteral("path/").repeated(40);
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("provider,category,instance_type,gpu,gpu_count,region,on_demand,source,url\n");
            for (const char *price : {"3.0", "2.0", "1.0"})
                file.write(QStringLiteral("lambda,,gpu_1x_h100,H100,1,us-east-1,%1,%2,%3\n")
                               .arg(QLatin1String(price), source, url)
                               .toUtf8());
        }
        const ImportReport report = SheetImporter(*document).import(path);
        QCOMPARE(report.offers.added, 1);
        QCOMPARE(report.duplicates, 2);
        const auto stored = findOffer(*document, QStringLiteral("lambda"), QStringLiteral("gpu_1x_h100"),
                                      QStringLiteral("us-east-1"));
        QVERIFY(stored);
        QCOMPARE(*stored->offer.onDemand, 1.0);
        QCOMPARE(stored->offer.source, source);
        QCOMPARE(stored->offer.url, url);
    }

    // Columns most sheets give every row alike (provider, category, currency, source, URL, date,
    // counts, sizes, missing plans) change from row to row here, within and across the batches
    // the writer inserts together, in patterns that put each value at every row of a batch
    // sooner or later.
    void columnsVaryingRowByRow()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("varied.csv"));
        const char *const providers[] = {"aws", "lambda", "vast"};
        const char *const categories[] = {"hyperscaler", "ml-cloud", "marketplace"};
        constexpr int kRows = 300;
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("provider,category,instance_type,gpu,gpu_count,vcpus,memory_gib,region,currency,on_demand,spot,"
                       "reserved_1y,reserved_3y,source,url,as_of\n");
            for (int k = 0; k < kRows; ++k)
                file.write(QStringLiteral("%1,,inst-%2,H100,%8,%9,%10,r1,%3,%4,%11,%12,,%5,%6,%7\n")
                               .arg(QLatin1String(providers[k % 3]))
                               .arg(k)
                               .arg(k % 11 == 0 ? QStringLiteral("EUR") : QString())
                               .arg(1 + k / 100.0)
                               .arg((k / 3) % 2 ? QStringLiteral("src-a") : QStringLiteral("src-b"))
                               .arg(k % 5 == 0 ? QStringLiteral("https://example.com/%1").arg(k) : QString())
                               .arg(k % 7 == 3 ? QStringLiteral("2025-01-01") : QString())
                               .arg(k % 4 + 1)
                               .arg((k % 5) * 8)
                               .arg((k / 2 % 3) * 32)
                               .arg(k % 6 == 0 ? QString() : QStringLiteral("0.5"))
                               .arg(k % 9 == 0 ? QStringLiteral("0.7") : QString())
                               .toUtf8());
        }
        ImportOptions options;
        options.asOf = QStringLiteral("2026-02-02");
        QCOMPARE(SheetImporter(*document).import(path, options).offers.added, kRows);
        SQLite::Database &database = document->connection().database();
        // Source and date as the offer has them; a date equal to the sheet's is stored as ''.
        SQLite::Statement stored(database, "SELECT provider, category, currency, " + rows::kOfferSource + ", url, "
                                           + rows::kOfferAsOf + ", on_demand, gpu_count, vcpus, memory_gib, spot, "
                                           "reserved_1y, as_of FROM cloud_offers WHERE instance_type = ?");
        for (int k = 0; k < kRows; ++k) {
            stored.bind(1, QStringLiteral("inst-%1").arg(k).toStdString());
            QVERIFY(stored.executeStep());
            QCOMPARE(stored.getColumn(0).getString(), std::string(providers[k % 3]));
            QCOMPARE(stored.getColumn(1).getString(), std::string(categories[k % 3]));
            QCOMPARE(stored.getColumn(2).getString(), std::string(k % 11 == 0 ? "EUR" : "USD"));
            QCOMPARE(stored.getColumn(3).getString(), std::string((k / 3) % 2 ? "src-a" : "src-b"));
            QCOMPARE(QString::fromStdString(stored.getColumn(4).getString()),
                     k % 5 == 0 ? QStringLiteral("https://example.com/%1").arg(k) : QString());
            QCOMPARE(stored.getColumn(5).getString(), std::string(k % 7 == 3 ? "2025-01-01" : "2026-02-02"));
            QCOMPARE(stored.getColumn(12).getString(), std::string(k % 7 == 3 ? "2025-01-01" : ""));
            QCOMPARE(stored.getColumn(6).getDouble(), 1 + k / 100.0);
            QCOMPARE(stored.getColumn(7).getInt(), k % 4 + 1);
            QCOMPARE(stored.getColumn(8).getDouble(), double((k % 5) * 8));
            QCOMPARE(stored.getColumn(9).getDouble(), double((k / 2 % 3) * 32));
            QCOMPARE(stored.getColumn(10).isNull(), k % 6 == 0);
            QCOMPARE(stored.getColumn(11).isNull(), k % 9 != 0);
            if (k % 9 == 0)
                QCOMPARE(stored.getColumn(11).getDouble(), 0.7);
            stored.reset();
        }
    }

    // The import never changes the journal mode: alone with the document or not, it writes
    // through the write-ahead log, and another connection sees its commit.
    void journalModeAroundImport_data()
    {
        QTest::addColumn<bool>("otherConnection");
        QTest::newRow("alone") << false;
        QTest::newRow("another connection open") << true;
    }

    void journalModeAroundImport()
    {
        QFETCH(bool, otherConnection);
        QTemporaryDir dir;
        auto document = newDocument(dir);
        std::optional<SQLite::Database> other;
        if (otherConnection) {
            other.emplace(dir.filePath(QStringLiteral("test.breakeven")).toStdString(), SQLite::OPEN_READONLY);
            QCOMPARE(other->execAndGet("SELECT count(*) FROM sheets").getInt() > 0, true);
        }
        const QString path = dir.filePath(QStringLiteral("runpod-journal.csv"));
        writeSkyPilotSheet(path, 2000);
        const ImportReport report = SheetImporter(*document).import(path);
        QCOMPARE(report.offers.added, 2000);
        SQLite::Database &database = document->connection().database();
        QCOMPARE(QString::fromStdString(database.execAndGet("PRAGMA journal_mode").getString()), QStringLiteral("wal"));
        QCOMPARE(database.execAndGet("PRAGMA synchronous").getInt(), 2); // FULL again
        if (other) // it sees the import once committed
            QCOMPARE(other->execAndGet("SELECT count(*) FROM cloud_offers WHERE sheet_id = "
                                       + std::to_string(*report.sheetId)).getInt(), 2000);
    }

    void strictRefusesAndPreviewWritesNothing_data()
    {
        QTest::addColumn<bool>("strict");
        QTest::addColumn<bool>("preview");
        QTest::newRow("strict with skipped rows") << true << false;
        QTest::newRow("preview") << false << true;
    }

    void strictRefusesAndPreviewWritesNothing()
    {
        QFETCH(bool, strict);
        QFETCH(bool, preview);
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const qint64 offers = document->catalog().offerCount();
        const std::size_t sheets = document->catalog().sheets().size();
        ImportOptions options;
        options.strict = strict;
        SheetImporter importer(*document);
        const QString sheet = fixture(QStringLiteral("runpod-rules.csv"));
        const ImportReport report = preview ? importer.preview(sheet, options) : importer.import(sheet, options);
        QVERIFY(!report.written);
        QCOMPARE(report.refused, strict);
        QVERIFY(report.offers.added > 0);
        QCOMPARE(document->catalog().offerCount(), offers);
        QCOMPARE(document->catalog().sheets().size(), sheets);
    }

    void customMapping()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString sheet = fixture(QStringLiteral("acme-prices.csv"));
        QVERIFY_THROWS_EXCEPTION(InputError, SheetImporter(*document).preview(sheet));
        SheetPreset acme;
        acme.name = QStringLiteral("acme");
        acme.setColumn(SheetField::InstanceType, QStringLiteral("Machine"));
        acme.setColumn(SheetField::Gpu, QStringLiteral("Card"));
        acme.setColumn(SheetField::GpuCount, QStringLiteral("Cards"));
        acme.setColumn(SheetField::OnDemand, QStringLiteral("Hourly"));
        acme.setColumn(SheetField::Region, QStringLiteral("Location"));
        acme.provider = QStringLiteral("acme");
        acme.category = QStringLiteral("marketplace");
        acme.currency = QStringLiteral("EUR");
        savePreset(document->settings(), acme);

        const ImportReport detected = SheetImporter(*document).import(sheet);
        QCOMPARE(detected.preset, QStringLiteral("acme"));
        QCOMPARE(detected.offers.added, 2);
        QCOMPARE(detected.skips.size(), std::size_t(1));
        QCOMPARE(detected.skips.front().column, QStringLiteral("Card"));
        const auto h100 = findOffer(*document, QStringLiteral("acme"), QStringLiteral("gpu-b"), QStringLiteral("Paris"));
        QVERIFY(h100);
        QCOMPARE(h100->offer.gpu, QStringLiteral("H100-SXM5-80GB"));
        QCOMPARE(*h100->offer.onDemand, 19.9);
        QCOMPARE(h100->offer.currency, QStringLiteral("EUR"));
        QVERIFY(h100->offer.category == CloudCategory::Marketplace);

        ImportOptions byName;
        byName.presetName = QStringLiteral("acme");
        QCOMPARE(SheetImporter(*document).import(sheet, byName).offers.unchanged, 2);
    }

    void progressAndCancel()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("runpod-progress.csv"));
        writeSkyPilotSheet(path, 20000);
        const qint64 offers = document->catalog().offerCount();
        const std::size_t sheets = document->catalog().sheets().size();
        ImportOptions options;
        int calls = 0;
        options.progress = [&](qint64 done, qint64 total) {
            ++calls;
            return done * 2 < total; // cancel half-way
        };
        QVERIFY_THROWS_EXCEPTION(ImportCancelled, SheetImporter(*document).import(path, options));
        QVERIFY(calls >= 5);
        QCOMPARE(document->catalog().offerCount(), offers);
        QCOMPARE(document->catalog().sheets().size(), sheets);
    }

    void realSheets()
    {
        const QDir samples(QStringLiteral(BREAKEVEN_SOURCE_DIR "/../shared/pricing-samples"));
        if (!samples.exists())
            QSKIP("no ../shared/pricing-samples beside the project");
        const QStringList files = samples.entryList({QStringLiteral("*.csv")}, QDir::Files);
        QVERIFY(!files.isEmpty());
        for (const QString &file : files) {
            QTemporaryDir dir;
            auto document = newDocument(dir);
            const ImportReport report = SheetImporter(*document).import(samples.filePath(file));
            QVERIFY2(report.written, qPrintable(file));
            QVERIFY2(report.offers.added > 0, qPrintable(file));
            for (const RowIssue &skip : report.skips)
                QVERIFY2(skip.reason.startsWith(QLatin1String("CPU-only")) || skip.reason.endsWith(QLatin1String("is not a GPU")),
                         qPrintable(QStringLiteral("%1:%2: %3").arg(file).arg(skip.line).arg(skip.reason)));
        }
    }
};

QTEST_GUILESS_MAIN(TestSheets)
#include "test_sheets.moc"
