// Refreshing prices from the AWS Price List's EC2 offer files over HTTP, against a local server
// that serves the recorded excerpt (tests/data/refresh/aws, see SOURCE.md) and the ways a download
// fails: what lands (GPU, count, region, on-demand, reserved monthly and all upfront), that the
// same file again changes nothing, that a new price keeps the old one in the history, and that a
// failed source leaves the document's file byte for byte as it was.
#include "refreshserver.h"

#include "../support/testsupport.h"
#include "awsofferfile.h"
#include "awssource.h"
#include "skypilotsource.h"
#include "catalog/cloudoptionfromoffer.h"
#include "catalog/gpucatalog.h"
#include "store/document.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace breakeven;
using namespace refreshtest;

namespace {

const QString kExcerpt = QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/aws/us-east-1/index.csv");
const QByteArray kPath = "/offers/v1.0/aws/AmazonEC2/current/us-east-1/index.csv";

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

QByteArray excerpt()
{
    QFile file(kExcerpt);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Serves `body` for us-east-1's offer file; every other path answers 404, as the Price List does
// for a region it does not publish.
Route serving(QByteArray body)
{
    return [body](const QByteArray &path, int) -> std::optional<Answer> {
        Answer answer;
        if (path == kPath) {
            answer.body = body;
            return answer;
        }
        answer.status = 404;
        answer.reason = "Not Found";
        answer.contentType = "application/xml";
        answer.body = "<?xml version=\"1.0\"?><Error><Code>NoSuchKey</Code></Error>";
        return answer;
    };
}

std::optional<StoredOffer> findOffer(CatalogRepository &catalog, const QString &instanceType, const QString &region)
{
    for (const StoredOffer &stored : catalog.allOffers())
        if (stored.offer.provider == QLatin1String("aws") && stored.offer.instanceType == instanceType
            && stored.offer.region == region)
            return stored;
    return std::nullopt;
}

qint64 count(Document &document, const char *sql)
{
    auto query = document.connection().statement(sql);
    return query->executeStep() ? query->getColumn(0).getInt64() : -1;
}

} // namespace

class TestRefreshAws : public QObject {
    Q_OBJECT

    QTemporaryDir m_folder;
    std::unique_ptr<RefreshServer> m_server;
    QString m_documentPath;
    int m_count = 0;

    QString baseUrl() const { return QUrl(m_server->baseUrl()).resolved(QUrl(QStringLiteral("/"))).toString(); }

    RefreshOptions options(const QStringList &regions = {QStringLiteral("us-east-1")})
    {
        RefreshOptions o;
        o.baseUrl = QUrl(baseUrl());
        o.regions = regions;
        o.fetch.transferTimeoutMs = 5000;
        o.fetch.maxRetryWaitMs = 2000;
        return o;
    }

    QByteArray newDocument()
    {
        m_documentPath = m_folder.filePath(QStringLiteral("aws%1.breakeven").arg(++m_count));
        Document::create(m_documentPath).reset();
        return fileHash(m_documentPath);
    }

    // A refresh of a new document that must fail with `mentions` in its message, the file as before.
    void expectFailure(const RefreshOptions &o, const QString &mentions)
    {
        const QByteArray before = newDocument();
        QVERIFY(!before.isEmpty());
        QString message;
        {
            auto document = Document::open(m_documentPath);
            try {
                refreshAws(*document, o);
                QFAIL("the refresh succeeded");
            } catch (const RefreshFailed &error) {
                message = error.message();
            }
        }
        qInfo("%s", qPrintable(message));
        QVERIFY2(message.startsWith(QStringLiteral("aws: ")), qPrintable(message));
        QVERIFY2(message.contains(mentions), qPrintable(message));
        QVERIFY2(message.endsWith(QStringLiteral("nothing changed")), qPrintable(message));
        QCOMPARE(fileHash(m_documentPath), before);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_folder.isValid());
        QVERIFY(!excerpt().isEmpty());
        m_server = std::make_unique<RefreshServer>(QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/skypilot"));
    }

    void init() { m_server->setRoute(serving(excerpt())); }

    void familyTable()
    {
        QCOMPARE(awsFamilyGpu("p5.48xlarge").gpu, QStringLiteral("H100-SXM5-80GB"));
        QCOMPARE(awsFamilyGpu("p4de.24xlarge").gpu, QStringLiteral("A100-SXM4-80GB"));
        QCOMPARE(awsFamilyGpu("p5en.48xlarge").gpu, QStringLiteral("H200-SXM-141GB"));
        QCOMPARE(awsFamilyGpu("p6-b200.48xlarge").gpu, QStringLiteral("B200"));
        QCOMPARE(awsFamilyGpu("g6e.xlarge").gpu, QStringLiteral("L40S"));
        QCOMPARE(awsFamilyGpu("g5g.xlarge").gpu, QStringLiteral("T4G"));
        QVERIFY(awsFamilyGpu("g4ad.xlarge").gpu.isEmpty());
        QVERIFY(awsFamilyGpu("g4ad.xlarge").skipReason.contains(QStringLiteral("Radeon Pro V520")));
        QVERIFY(awsFamilyGpu("m5.large").gpu.isEmpty() && awsFamilyGpu("m5.large").skipReason.isEmpty());
        // Every catalog name in the table is one the bundled catalog knows.
        for (const char *type : {"p2.xlarge", "p3.2xlarge", "p3dn.24xlarge", "p4d.24xlarge", "p4de.24xlarge", "p5.48xlarge",
                                 "p5e.48xlarge", "p5en.48xlarge", "p6-b200.48xlarge", "p6-b300.48xlarge", "p6e-gb200.36xlarge",
                                 "g4dn.xlarge", "g5.xlarge", "g5g.xlarge", "g6.xlarge", "gr6.4xlarge", "g6e.xlarge", "g7e.2xlarge"})
            QVERIFY2(GpuCatalog::bundled().find(awsFamilyGpu(type).gpu), type);
    }

    // The reader alone, on variants of the excerpt: what it keeps and what it names.
    void readerKeepsLinuxSharedGpus()
    {
        const auto readVariant = [&](const QByteArray &body) {
            QFile file(m_folder.filePath(QStringLiteral("variant.csv")));
            if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(body) != body.size())
                qFatal("cannot write the variant");
            file.close();
            AwsReadOptions o;
            o.region = QStringLiteral("us-east-1");
            o.catalog = &GpuCatalog::bundled();
            return readAwsOfferFile(file.fileName(), o);
        };
        const AwsOfferFile plain = readVariant(excerpt());
        QCOMPARE(plain.rowsRead, 45);
        QCOMPARE(plain.gpuRows, 14); // g4ad.xlarge's line is not one of them
        QCOMPARE(int(plain.offers.size()), 2);
        QCOMPARE(plain.offers[0].instanceType, QStringLiteral("g5.xlarge"));
        QCOMPARE(plain.asOf, QStringLiteral("2025-09-12"));
        QCOMPARE(plain.version, QStringLiteral("20250912225308"));
        QCOMPARE(plain.sha256.size(), 64);

        // p4d on dedicated tenancy, and in a Local Zone: not the shared regional instance.
        QByteArray dedicated = excerpt();
        dedicated.replace("\"p4d.24xlarge\",\"Yes\",\"GPU instance\",\"96\",\"Intel Xeon Platinum 8275L\",\"3 GHz\",\"1152 GiB\",\"8 x 1000 SSD\",\"400 Gigabit\",\"64-bit\",,,,,,,,\"Shared\"",
                          "\"p4d.24xlarge\",\"Yes\",\"GPU instance\",\"96\",\"Intel Xeon Platinum 8275L\",\"3 GHz\",\"1152 GiB\",\"8 x 1000 SSD\",\"400 Gigabit\",\"64-bit\",,,,,,,,\"Dedicated\"");
        QCOMPARE(int(readVariant(dedicated).offers.size()), 1);
        QByteArray localZone = excerpt();
        localZone.replace("\"AWS Region\",\"p4d.24xlarge\"", "\"AWS Local Zone\",\"p4d.24xlarge\"");
        QCOMPARE(int(readVariant(localZone).offers.size()), 1);

        // A family with GPUs the table does not name: skipped and counted by family.
        QByteArray unknown = excerpt();
        unknown.replace("g4ad.xlarge", "g9z.xlarge");
        const AwsOfferFile named = readVariant(unknown);
        QCOMPARE(int(named.unknownGpus.size()), 1);
        QCOMPARE(named.unknownGpus[0].first, QStringLiteral("g9z"));
        QVERIFY2(named.skips[0].reason.startsWith(QStringLiteral("g9z.xlarge: 1 GPUs of a family")), qPrintable(named.skips[0].reason));

        // Another service's offer file.
        QByteArray rds = excerpt();
        rds.replace("\"OfferCode\",\"AmazonEC2\"", "\"OfferCode\",\"AmazonRDS\"");
        try {
            readVariant(rds);
            QFAIL("an RDS offer file was read");
        } catch (const InputError &error) {
            QCOMPARE(error.reason(), QStringLiteral("not an AWS price list offer file of Amazon EC2 (its OfferCode is \"AmazonRDS\")"));
        }
    }

    void importsGpuOffers()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        CatalogRepository &catalog = document->catalog();
        const std::optional<StoredOffer> bundled = findOffer(catalog, QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"));
        QVERIFY(bundled && bundled->offer.spot);
        QStringList stages;
        RefreshOptions o = options();
        o.progress = [&](const QString &region, const QString &stage, int, int) {
            stages << stage + QLatin1Char(' ') + region;
            return true;
        };
        const SourceRefresh report = refreshAws(*document, o);
        QCOMPARE(stages, (QStringList{"download us-east-1", "read us-east-1", "import us-east-1"}));
        QCOMPARE(report.source, QStringLiteral("aws"));
        QCOMPARE(report.cloudsImported, 1);
        QCOMPARE(int(report.clouds.size()), 1);
        const CloudRefresh &region = report.clouds[0];
        QCOMPARE(region.url.toString(), baseUrl() + QString::fromLatin1(kPath.mid(1)));
        QCOMPARE(region.bytes, QFileInfo(kExcerpt).size());
        QCOMPARE(region.rowsRead, 45);
        // p4d.24xlarge and g5.xlarge land (both in the bundled catalog: updated); g4ad.xlarge is
        // named with its reason; the SUSE, Windows and dedicated lines are passed over.
        QCOMPARE(region.offers.added + region.offers.updated + region.offers.unchanged, 2);
        QCOMPARE(region.offers.updated, 2);
        QCOMPARE(region.skippedRows, 1);
        QVERIFY2(region.skips[0].reason.startsWith(QStringLiteral("g4ad.xlarge: AMD Radeon Pro V520")), qPrintable(region.skips[0].reason));

        const std::optional<StoredOffer> p4d = findOffer(catalog, QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"));
        QVERIFY(p4d);
        const CloudOffer &offer = p4d->offer;
        QCOMPARE(offer.gpu, QStringLiteral("A100-SXM4-40GB"));
        QCOMPARE(offer.gpuCount, 8);
        QCOMPARE(offer.vcpus, 96.0);
        QCOMPARE(offer.memoryGiB, 1152.0);
        QCOMPARE(offer.asOf, QStringLiteral("2025-09-12"));
        QCOMPARE(*offer.onDemand, 21.957642);
        QCOMPARE(*offer.reserved1y, 13.921094);
        QCOMPARE(*offer.reserved3y, 9.374219);
        // All upfront: the fee over the term's hours.
        QCOMPARE(*offer.reserved1yUpfront, 113819.0 / 8760);
        QCOMPARE(*offer.reserved3yUpfront, 214420.0 / 26280);
        QCOMPARE(offer.spot, bundled->offer.spot); // the Price List has no spot price: the one there stays
        QVERIFY(offer.url.endsWith(QStringLiteral("/us-east-1/index.csv")));
        // The model reads them as a monthly term and as a term paid at its start.
        const CloudOption monthly = cloudOptionFromOffer(offer, PaymentChoice(PricingPlan::Reserved3y));
        QCOMPARE(monthly.pricePerHour, 9.374219);
        QCOMPARE(monthly.reservedUpfrontShare, 0.0);
        const CloudOption upfront = cloudOptionFromOffer(offer, PaymentChoice(PricingPlan::Reserved1y, true));
        QCOMPARE(upfront.pricePerHour, 113819.0 / 8760);
        QCOMPARE(upfront.reservedUpfrontShare, 1.0);

        const std::optional<StoredOffer> g5 = findOffer(catalog, QStringLiteral("g5.xlarge"), QStringLiteral("us-east-1"));
        QVERIFY(g5);
        QCOMPARE(g5->offer.gpu, QStringLiteral("A10G"));
        QCOMPARE(g5->offer.gpuCount, 1);
        QCOMPARE(*g5->offer.reserved3yUpfront, 9941.0 / 26280);
        QVERIFY(!findOffer(catalog, QStringLiteral("g4ad.xlarge"), QStringLiteral("us-east-1")));
    }

    // The same file again: nothing added or updated, no history, no second sheet record; the
    // document's file stays byte for byte the same.
    void sameFileChangesNothing()
    {
        newDocument();
        {
            auto document = Document::open(m_documentPath);
            refreshAws(*document, options());
        }
        const QByteArray before = fileHash(m_documentPath);
        auto document = Document::open(m_documentPath);
        const qint64 history = count(*document, "SELECT count(*) FROM offer_prices");
        const qint64 sheets = count(*document, "SELECT count(*) FROM sheets");
        const SourceRefresh again = refreshAws(*document, options());
        QCOMPARE(again.offers.added, 0);
        QCOMPARE(again.offers.updated, 0);
        QCOMPARE(again.offers.unchanged, 2);
        QCOMPARE(count(*document, "SELECT count(*) FROM offer_prices"), history);
        QCOMPARE(count(*document, "SELECT count(*) FROM sheets"), sheets);
        document.reset();
        QCOMPARE(fileHash(m_documentPath), before);
    }

    // A newer file with a new price: the offer takes it, the old price stays in the history.
    void newPriceKeepsTheOldOne()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        refreshAws(*document, options());
        QByteArray newer = excerpt();
        newer.replace("\"Publication Date\",\"2025-09-12T22:53:08Z\"", "\"Publication Date\",\"2025-10-14T18:02:11Z\"");
        newer.replace("\"21.9576420000\"", "\"19.8000000000\"");
        m_server->setRoute(serving(newer));
        const SourceRefresh report = refreshAws(*document, options());
        QCOMPARE(report.offers.updated, 2); // both offers take the new date
        const std::optional<StoredOffer> p4d = findOffer(document->catalog(), QStringLiteral("p4d.24xlarge"), QStringLiteral("us-east-1"));
        QVERIFY(p4d);
        QCOMPARE(*p4d->offer.onDemand, 19.8);
        QCOMPARE(p4d->offer.asOf, QStringLiteral("2025-10-14"));
        bool kept = false;
        for (const PricePoint &point : document->catalog().priceHistory(p4d->id, PricingPlan::OnDemand))
            kept = kept || (point.date == QDate(2025, 9, 12) && point.price == 21.957642);
        QVERIFY2(kept, "the earlier on-demand price is not in the history");
    }

    // The Price List's reserved prices, then SkyPilot's catalog of the same offers (on-demand and
    // spot only): the offer takes SkyPilot's prices and keeps the reserved ones.
    void skyPilotAfterwardsKeepsReservedPrices()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        refreshAws(*document, options());
        const std::optional<StoredOffer> before = findOffer(document->catalog(), QStringLiteral("g5.xlarge"), QStringLiteral("us-east-1"));
        QVERIFY(before && before->offer.reserved1y && before->offer.reserved3yUpfront);
        m_server->setRoute({});
        RefreshOptions o;
        o.baseUrl = QUrl(m_server->baseUrl());
        o.clouds = {QStringLiteral("aws")};
        o.fetch.transferTimeoutMs = 5000;
        const SourceRefresh report = refreshSkyPilot(*document, o);
        QCOMPARE(report.cloudsImported, 1);
        const std::optional<StoredOffer> after = findOffer(document->catalog(), QStringLiteral("g5.xlarge"), QStringLiteral("us-east-1"));
        QVERIFY(after);
        QCOMPARE(after->id, before->id);
        QCOMPARE(after->offer.onDemand, std::optional(1.006));
        QCOMPARE(after->offer.spot, std::optional(0.39)); // the cheaper of the two zones
        QCOMPARE(after->offer.reserved1y, before->offer.reserved1y);
        QCOMPARE(after->offer.reserved3y, before->offer.reserved3y);
        QCOMPARE(after->offer.reserved1yUpfront, before->offer.reserved1yUpfront);
        QCOMPARE(after->offer.reserved3yUpfront, before->offer.reserved3yUpfront);
    }

    void unpublishedRegionIsSkipped()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        QStringList stages;
        RefreshOptions o = options({QStringLiteral("eu-nowhere-1"), QStringLiteral("us-east-1")});
        o.progress = [&](const QString &region, const QString &stage, int, int) {
            stages << stage + QLatin1Char(' ') + region;
            return true;
        };
        const SourceRefresh report = refreshAws(*document, o);
        // Each file is read as soon as it has arrived; the document is written after the last.
        QCOMPARE(stages, (QStringList{"download eu-nowhere-1", "download us-east-1", "read us-east-1", "import us-east-1"}));
        QCOMPARE(report.cloudsImported, 1);
        QCOMPARE(report.cloudsSkipped, 1);
        QCOMPARE(report.clouds[0].cloud, QStringLiteral("eu-nowhere-1"));
        QCOMPARE(report.clouds[0].skipReason, QStringLiteral("not published (HTTP 404 Not Found)"));
        QVERIFY(report.clouds[1].imported);
    }

    void defaultRegionsAreTheDocuments()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        const QStringList regions = defaultAwsRegions(*document);
        QVERIFY(regions.contains(QStringLiteral("us-east-1")));
        QVERIFY(regions.contains(QStringLiteral("eu-west-1")));
        for (const QString &region : regions)
            QVERIFY2(isAwsRegionCode(region), qPrintable(region));
    }

    void htmlPageChangesNothing()
    {
        m_server->setRoute([](const QByteArray &, int) -> std::optional<Answer> {
            Answer answer;
            answer.contentType = "text/html; charset=utf-8";
            answer.body = "<!DOCTYPE html><html><body>Please sign in to the proxy</body></html>";
            return answer;
        });
        expectFailure(options(), QStringLiteral("/us-east-1/index.csv: answered an HTML page, not an offer file"));
    }

    void notAnOfferFileChangesNothing()
    {
        QFile sheet(QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/skypilot/aws/vms.csv"));
        QVERIFY(sheet.open(QIODevice::ReadOnly));
        m_server->setRoute(serving(sheet.readAll()));
        expectFailure(options(), QStringLiteral("not an AWS price list offer file: it does not start with a FormatVersion line"));
        QByteArray otherHeader = excerpt();
        otherHeader.replace("\"Instance Type\",", "\"InstanceType\",");
        m_server->setRoute(serving(otherHeader));
        expectFailure(options(), QStringLiteral("the header has no column \"Instance Type\""));
    }

    // A file that ends in the middle of a line (a mirror that stored half of it), or right after
    // its header.
    void cutFileChangesNothing()
    {
        const QByteArray whole = excerpt();
        const qsizetype cut = whole.indexOf("\"AWSGPUG5XLARGEUE1\",\"BPH4J8HBKS\"") + 200;
        m_server->setRoute(serving(whole.left(cut)));
        const qsizetype line = whole.left(cut).count('\n') + 1;
        expectFailure(options(), QStringLiteral("/us-east-1/index.csv: index.csv:%1: 13 of the header's 91 fields: the file is cut short").arg(line));
        m_server->setRoute(serving(whole.left(whole.indexOf("\n\"2223B6PCG6QAUYY6\"") + 1)));
        expectFailure(options(), QStringLiteral("no price lines after the header: the file is cut short"));
    }

    void droppedConnectionChangesNothing()
    {
        m_server->setRoute([](const QByteArray &, int) -> std::optional<Answer> {
            Answer answer;
            answer.body = excerpt().left(5000);
            answer.claimedLength = excerpt().size();
            return answer;
        });
        expectFailure(options(), QStringLiteral("connection closed after 5,000 of"));
    }

    void cancelStopsTheSource()
    {
        // During the download (a server that never answers)…
        m_server->setRoute([](const QByteArray &, int) -> std::optional<Answer> {
            Answer answer;
            answer.silent = true;
            return answer;
        });
        std::atomic_bool cancel = false;
        RefreshOptions o = options();
        o.cancel = &cancel;
        QTimer::singleShot(300, [&] { cancel = true; });
        expectFailure(o, QStringLiteral("aws: cancelled"));
        // …and once read, before the document is written.
        m_server->setRoute(serving(excerpt()));
        o = options();
        o.progress = [](const QString &, const QString &stage, int, int) { return stage != QLatin1String("import"); };
        expectFailure(o, QStringLiteral("aws: cancelled"));
    }

    void commandLine()
    {
        const QString document = m_folder.filePath(QStringLiteral("cli.breakeven"));
        const QString endpoint = QStringLiteral("aws=") + baseUrl();
        auto run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document, QStringLiteral("--source"),
                                              QStringLiteral("aws"), QStringLiteral("--endpoint"), endpoint, QStringLiteral("--region"),
                                              QStringLiteral("us-east-1"), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject source = QJsonDocument::fromJson(run.out).object()[QStringLiteral("sources")].toArray().at(0).toObject();
        QCOMPARE(source[QStringLiteral("source")].toString(), QStringLiteral("aws"));
        QCOMPARE(source[QStringLiteral("cloudsImported")].toInt(), 1);
        const QJsonObject region = source[QStringLiteral("clouds")].toArray().at(0).toObject();
        QCOMPARE(region[QStringLiteral("cloud")].toString(), QStringLiteral("us-east-1"));
        QCOMPARE(region[QStringLiteral("rows")][QStringLiteral("read")].toInt(), 45);
        QCOMPARE(region[QStringLiteral("rows")][QStringLiteral("updated")].toInt(), 2);
        QCOMPARE(region[QStringLiteral("skipped")].toArray().size(), 1);

        run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document, QStringLiteral("--source"),
                                         QStringLiteral("aws"), QStringLiteral("--endpoint"), endpoint, QStringLiteral("--region"),
                                         QStringLiteral("us-east-1")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("1 region imported, 0 skipped, 45 rows read") && run.out.contains("us-east-1")
                     && run.out.contains("2 unchanged"),
                 run.out.constData());

        m_server->setRoute([](const QByteArray &, int) -> std::optional<Answer> {
            Answer answer;
            answer.status = 503;
            answer.reason = "Service Unavailable";
            answer.headers = {{"Retry-After", "0"}};
            return answer;
        });
        const QByteArray before = fileHash(document);
        run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document, QStringLiteral("--source"),
                                         QStringLiteral("aws"), QStringLiteral("--endpoint"), endpoint});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith("breakeven: aws: ") && run.err.trimmed().endsWith("nothing changed"), run.err.constData());
        QCOMPARE(fileHash(document), before);
    }
};

QTEST_GUILESS_MAIN(TestRefreshAws)
#include "test_refreshaws.moc"
