// Where an imported offer says it came from: every offer has a source and an as-of date, and
// an offer whose source or date is its sheet's stores '' and reads them from the sheet record
// (schema 4). Re-imports compare what the offers have, not what they store.
#include "sheetfixtures.h"

#include "store/rows.h"

#include <SQLiteCpp/Database.h>

#include <QtTest>

using namespace breakeven;
using namespace sheetfixtures;

namespace {

constexpr int kRows = 200;

QString sheetSource(const QString &fileName)
{
    return QStringLiteral("SkyPilot catalog %1").arg(fileName);
}

ImportReport importDated(Document &document, const QString &path, const QString &asOf)
{
    ImportOptions options;
    options.asOf = asOf;
    return SheetImporter(document).import(path, options);
}

// Offers of `provider` from imported sheets (the bundled one is the first) that store a source
// or date of their own.
int ownTexts(Document &document, const QString &provider)
{
    SQLite::Statement count(document.connection().database(),
                            "SELECT count(*) FROM cloud_offers WHERE provider = ? AND sheet_id > (SELECT min(id) FROM sheets)"
                            " AND (source <> '' OR as_of <> '')");
    count.bind(1, provider.toStdString());
    count.executeStep();
    return count.getColumn(0).getInt();
}

} // namespace

class TestProvenance : public QObject {
    Q_OBJECT

private slots:
    void offersReadTheirSheets()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("runpod-vms.csv"));
        writeSkyPilotSheet(path, kRows);
        const ImportReport report = importDated(*document, path, QStringLiteral("2026-03-04"));
        QCOMPARE(report.offers.added, kRows);

        const SheetRecord sheet = document->catalog().sheets().front();
        QCOMPARE(sheet.source, sheetSource(QStringLiteral("runpod-vms.csv")));
        QCOMPARE(sheet.asOf, QStringLiteral("2026-03-04"));
        QCOMPARE(ownTexts(*document, QStringLiteral("runpod")), 0);

        const auto offer = findOffer(*document, QStringLiteral("runpod"), QStringLiteral("1x-H100-0"), QStringLiteral("region-0"));
        QVERIFY(offer);
        QCOMPARE(offer->offer.source, sheet.source);
        QCOMPARE(offer->offer.asOf, sheet.asOf);
        QCOMPARE(offer->sheetId, std::optional<qint64>(sheet.id));
        // The bundled offers keep their own texts.
        const auto bundled = findOffer(*document, QStringLiteral("aws"), QStringLiteral("p4d.24xlarge"), QStringLiteral("us-west-2"));
        QVERIFY(bundled);
        QVERIFY(!bundled->offer.source.isEmpty());
        QVERIFY(!bundled->offer.asOf.isEmpty());
    }

    // Sorting by date sorts by the date an offer has: the imported ones are the newest.
    void sortsByTheDateOffersHave()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("runpod-vms.csv"));
        writeSkyPilotSheet(path, kRows);
        importDated(*document, path, QStringLiteral("2099-01-01"));
        const std::vector<StoredOffer> newest
            = document->catalog().offers({}, OfferColumn::AsOf, Qt::DescendingOrder, 0, kRows);
        QCOMPARE(int(newest.size()), kRows);
        for (const StoredOffer &stored : newest) {
            QCOMPARE(stored.offer.provider, QStringLiteral("runpod"));
            QCOMPARE(stored.offer.asOf, QStringLiteral("2099-01-01"));
        }
        const std::vector<StoredOffer> oldest
            = document->catalog().offers({}, OfferColumn::AsOf, Qt::AscendingOrder, 0, 1);
        QVERIFY(oldest.front().offer.asOf < QStringLiteral("2099-01-01"));
        QVERIFY(!oldest.front().offer.asOf.isEmpty());
    }

    // The same prices again: unchanged only while source and date are the same too; otherwise
    // updated, and the offers then read the newer sheet's.
    void reimport_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QString>("asOf");
        QTest::addColumn<bool>("changed");
        QTest::newRow("same sheet, same date") << "runpod-vms.csv" << "2026-03-04" << false;
        QTest::newRow("same sheet, later date") << "runpod-vms.csv" << "2026-04-01" << true;
        QTest::newRow("another file, same date") << "runpod-2.csv" << "2026-03-04" << true;
    }

    void reimport()
    {
        QFETCH(QString, fileName);
        QFETCH(QString, asOf);
        QFETCH(bool, changed);
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString first = dir.filePath(QStringLiteral("runpod-vms.csv"));
        writeSkyPilotSheet(first, kRows);
        importDated(*document, first, QStringLiteral("2026-03-04"));
        const auto before = findOffer(*document, QStringLiteral("runpod"), QStringLiteral("1x-H100-0"), QStringLiteral("region-0"));

        const QString second = dir.filePath(fileName);
        if (second != first)
            QVERIFY(QFile::copy(first, second));
        const ImportReport report = importDated(*document, second, asOf);
        QCOMPARE(report.offers.updated, changed ? kRows : 0);
        QCOMPARE(report.offers.unchanged, changed ? 0 : kRows);
        QCOMPARE(report.offers.added, 0);

        const auto after = findOffer(*document, QStringLiteral("runpod"), QStringLiteral("1x-H100-0"), QStringLiteral("region-0"));
        QCOMPARE(after->id, before->id);
        QCOMPARE(after->offer.source, sheetSource(fileName));
        QCOMPARE(after->offer.asOf, asOf);
        QCOMPARE(after->sheetId, changed ? std::optional<qint64>(report.sheetId) : before->sheetId);
        QCOMPARE(ownTexts(*document, QStringLiteral("runpod")), 0);
    }

    // Offers written before schema 4 hold their own source and date; the same sheet imported
    // again finds them unchanged, and an updated offer goes over to its sheet's texts.
    void offersWithTheirOwnTexts()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("runpod-vms.csv"));
        writeSkyPilotSheet(path, kRows);
        importDated(*document, path, QStringLiteral("2026-03-04"));
        SQLite::Database &database = document->connection().database();
        database.exec("UPDATE cloud_offers SET source = " + rows::kOfferSource + ", as_of = " + rows::kOfferAsOf
                      + " WHERE sheet_id > (SELECT min(id) FROM sheets)");
        database.exec("UPDATE sheets SET source = ''");
        QCOMPARE(ownTexts(*document, QStringLiteral("runpod")), kRows);

        const ImportReport same = importDated(*document, path, QStringLiteral("2026-03-04"));
        QCOMPARE(same.offers.unchanged, kRows);
        QCOMPARE(ownTexts(*document, QStringLiteral("runpod")), kRows);

        writeSkyPilotSheet(path, kRows, 2.0);
        const ImportReport newer = importDated(*document, path, QStringLiteral("2026-03-04"));
        QCOMPARE(newer.offers.updated, kRows);
        QCOMPARE(ownTexts(*document, QStringLiteral("runpod")), 0);
        const auto offer = findOffer(*document, QStringLiteral("runpod"), QStringLiteral("1x-H100-0"), QStringLiteral("region-0"));
        QCOMPARE(offer->offer.source, sheetSource(QStringLiteral("runpod-vms.csv")));
        QCOMPARE(offer->offer.asOf, QStringLiteral("2026-03-04"));
    }

    // A row naming a source or date of its own keeps it; one naming the sheet's stores ''.
    void rowsWithTheirOwnTexts()
    {
        QTemporaryDir dir;
        auto document = newDocument(dir);
        const QString path = dir.filePath(QStringLiteral("prices.csv"));
        {
            QFile file(path);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("provider,category,instance_type,gpu,gpu_count,region,on_demand,source,as_of\n"
                       "lambda,ml-cloud,own,H100,1,us-east,2.5,Lambda price list,2025-12-01\n"
                       "lambda,ml-cloud,sheets,H100,1,us-east,2.5,prices.csv,2026-03-04\n"
                       "lambda,ml-cloud,blank,H100,1,us-east,2.5,,\n");
        }
        QCOMPARE(importDated(*document, path, QStringLiteral("2026-03-04")).offers.added, 3);
        SQLite::Statement stored(document->connection().database(),
                                 "SELECT instance_type, source, as_of FROM cloud_offers WHERE provider = 'lambda' "
                                 "AND region = 'us-east' ORDER BY instance_type");
        const QList<QStringList> expected = {
            {QStringLiteral("blank"), QString(), QString()},
            {QStringLiteral("own"), QStringLiteral("Lambda price list"), QStringLiteral("2025-12-01")},
            {QStringLiteral("sheets"), QString(), QString()},
        };
        for (const QStringList &row : expected) {
            QVERIFY(stored.executeStep());
            for (int column = 0; column < 3; ++column)
                QCOMPARE(QString::fromStdString(stored.getColumn(column).getString()), row.at(column));
        }
        for (const char *type : {"blank", "sheets"}) {
            const auto offer = findOffer(*document, QStringLiteral("lambda"), QLatin1String(type), QStringLiteral("us-east"));
            QCOMPARE(offer->offer.source, QStringLiteral("prices.csv"));
            QCOMPARE(offer->offer.asOf, QStringLiteral("2026-03-04"));
        }
    }
};

QTEST_GUILESS_MAIN(TestProvenance)
#include "test_provenance.moc"
