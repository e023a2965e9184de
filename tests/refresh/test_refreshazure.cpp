// Refreshing prices from the Azure Retail Prices API over HTTP, against a local server that serves
// recorded pages (tests/data/refresh/azure/, see SOURCE.md) and the ways a network fails: what
// lands in the document, and that a failed refresh lands nothing (the file byte for byte as before).
#include "refreshserver.h"

#include "../support/testsupport.h"
#include "azuregpusizes.h"
#include "azuresource.h"
#include "store/document.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace breakeven;
using namespace refreshtest;

namespace {

const QString kData = QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/azure/");

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

QByteArray recorded(const QString &name)
{
    QFile file(kData + name);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

Answer status(int code, const QByteArray &reason, QList<QPair<QByteArray, QByteArray>> headers = {})
{
    Answer answer;
    answer.status = code;
    answer.reason = reason;
    answer.contentType = "text/plain";
    answer.body = reason;
    answer.headers = std::move(headers);
    return answer;
}

qint64 count(Document &document, const char *sql)
{
    auto query = document.connection().statement(sql);
    return query->executeStep() ? query->getColumn(0).getInt64() : -1;
}

std::optional<StoredOffer> azureOffer(CatalogRepository &catalog, const QString &instanceType, const QString &region)
{
    OfferFilter filter;
    filter.provider = QStringLiteral("azure");
    filter.region = region;
    for (const StoredOffer &stored : catalog.offers(filter, OfferColumn::InstanceType, Qt::AscendingOrder, 0, 1000))
        if (stored.offer.instanceType == instanceType)
            return stored;
    return std::nullopt;
}

} // namespace

class TestRefreshAzure : public QObject {
    Q_OBJECT

    QTemporaryDir m_folder;
    std::unique_ptr<RefreshServer> m_server;
    QString m_documentPath;
    int m_count = 0;

    QString origin() const { return QUrl(m_server->baseUrl()).adjusted(QUrl::RemovePath).toString(); }
    QString endpoint() const { return origin() + QStringLiteral("/api/retail/prices"); }

    // The recorded pages as the API answers them: the first page of a region's query, the page
    // its NextPageLink names (page1102 after eastus's page1101, page3046 after francecentral's
    // page323), an empty page for a region the recording does not cover. Their
    // links name prices.azure.com; they are pointed at this server. `edit` changes page 2.
    Route pages(std::function<QByteArray(QByteArray)> edit = {})
    {
        const QByteArray here = origin().toUtf8();
        return [here, edit](const QByteArray &path, int) -> std::optional<Answer> {
            const QByteArray query = QByteArray::fromPercentEncoding(path);
            if (!query.startsWith("/api/retail/prices"))
                return std::nullopt;
            Answer answer;
            answer.contentType = "application/json; charset=utf-8";
            if (query.contains("$skip=110200")) {
                answer.body = recorded(QStringLiteral("page1102.json"));
                if (edit)
                    answer.body = edit(answer.body);
            } else if (query.contains("armRegionName eq 'eastus'")) {
                answer.body = recorded(QStringLiteral("page1101.json"));
            } else if (query.contains("armRegionName eq 'northcentralus'")) {
                answer.body = recorded(QStringLiteral("page1104.json"));
            } else if (query.contains("$skip=304600")) {
                answer.body = recorded(QStringLiteral("page3046.json"));
            } else if (query.contains("armRegionName eq 'francecentral'")) {
                answer.body = recorded(QStringLiteral("page323.json"));
            } else {
                answer.body = recorded(QStringLiteral("empty.json"));
            }
            answer.body.replace("https://prices.azure.com:443", here);
            return answer;
        };
    }

    // Page 2 answered by `answer` instead; page 1 as recorded.
    Route secondPage(std::function<Answer(int hit)> answer)
    {
        Route recordedPages = pages();
        return [recordedPages, answer](const QByteArray &path, int hit) -> std::optional<Answer> {
            if (QByteArray::fromPercentEncoding(path).contains("$skip=110200"))
                return answer(hit);
            return recordedPages(path, hit);
        };
    }

    RefreshOptions options(const QStringList &regions = {QStringLiteral("eastus")})
    {
        RefreshOptions o;
        o.baseUrl = QUrl(endpoint());
        o.regions = regions;
        o.fetch.transferTimeoutMs = 5000;
        o.fetch.maxRetryWaitMs = 2000;
        return o;
    }

    QByteArray newDocument()
    {
        m_documentPath = m_folder.filePath(QStringLiteral("doc%1.breakeven").arg(++m_count));
        Document::create(m_documentPath).reset();
        return fileHash(m_documentPath);
    }

    // Refreshes a new document expecting the source to fail; checks the message and that the
    // document's file is byte for byte as before.
    void expectFailure(const RefreshOptions &o, const QString &mentions)
    {
        const QByteArray before = newDocument();
        QVERIFY(!before.isEmpty());
        QString message;
        {
            auto document = Document::open(m_documentPath);
            const qint64 offers = document->catalog().offerCount();
            try {
                refreshAzure(*document, o);
                QFAIL("the refresh succeeded");
            } catch (const RefreshFailed &error) {
                message = error.message();
            }
            QCOMPARE(document->catalog().offerCount(), offers);
        }
        qInfo("%s", qPrintable(message));
        QVERIFY2(message.startsWith(QStringLiteral("azure: ")), qPrintable(message));
        QVERIFY2(message.contains(mentions), qPrintable(message));
        QVERIFY2(message.endsWith(QStringLiteral("nothing changed")), qPrintable(message));
        QCOMPARE(fileHash(m_documentPath), before);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_folder.isValid());
        m_server = std::make_unique<RefreshServer>(kData);
        QVERIFY(!recorded(QStringLiteral("page1101.json")).isEmpty());
    }

    void init() { m_server->setRoute(pages()); }

    // The table names catalog GPUs (or, for the two GPUs the catalog lacks, their own names) and
    // says which sizes hold a share of one GPU.
    void gpuTable()
    {
        const auto h100 = findAzureGpuSize(QStringLiteral("standard_nd96isr_h100_v5"));
        QVERIFY(h100);
        QCOMPARE(h100->gpu, QStringLiteral("H100-SXM5-80GB"));
        QCOMPARE(h100->gpuCount, 8);
        const auto a100 = findAzureGpuSize(QStringLiteral("Standard_NC24ads_A100_v4"));
        QVERIFY(a100);
        QCOMPARE(a100->gpu, QStringLiteral("A100-PCIE-80GB"));
        QCOMPARE(a100->gpuCount, 1);
        const auto a10 = findAzureGpuSize(QStringLiteral("Standard_NV6ads_A10_v5"));
        QVERIFY(a10);
        QCOMPARE(a10->gpuCount, 0);
        QCOMPARE(a10->gpuShareOf, 6);
        QVERIFY(!findAzureGpuSize(QStringLiteral("Standard_D8s_v4")));
        // The query asks for every size of the table, in the region, in US dollars.
        const QString query = QUrl::fromPercentEncoding(azureRegionQuery(defaultAzureRetailPricesUrl(), QStringLiteral("westeurope")).toEncoded());
        QVERIFY2(query.contains(QStringLiteral("serviceName eq 'Virtual Machines' and armRegionName eq 'westeurope'")), qPrintable(query));
        QVERIFY(query.contains(QStringLiteral("armSkuName eq 'Standard_NV36ads_A10_v5'")));
        QVERIFY(query.contains(QStringLiteral("currencyCode='USD'")));
        QCOMPARE(defaultAzureRegions(), (QStringList{"eastus", "westus2", "westeurope"}));
    }

    void landsGpuOffers()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        CatalogRepository &catalog = document->catalog();
        QVERIFY(!azureOffer(catalog, QStringLiteral("Standard_NC24s_v2"), QStringLiteral("eastus")));
        QStringList progress;
        RefreshOptions o = options({QStringLiteral("eastus"), QStringLiteral("northcentralus")});
        o.progress = [&](const QString &what, const QString &stage, int, int) {
            progress << stage + QLatin1Char(' ') + what;
            return true;
        };
        const SourceRefresh report = refreshAzure(*document, o);
        QCOMPARE(progress, (QStringList{"download eastus", "download eastus, page 2", "download northcentralus", "import eastus"}));
        QCOMPARE(m_server->hits("/api/retail/prices?$skip=110200"), 1);
        QCOMPARE(report.source, QStringLiteral("azure"));
        QCOMPARE(int(report.clouds.size()), 2);
        QCOMPARE(report.cloudsImported, 1);
        QCOMPARE(report.cloudsSkipped, 1);

        // eastus: two pages of 4 items; the NC24s v2 on-demand price lands, the rest is skipped.
        const CloudRefresh &eastus = report.clouds[0];
        QCOMPARE(eastus.cloud, QStringLiteral("eastus"));
        QVERIFY(eastus.imported);
        QCOMPARE(eastus.rowsRead, 8);
        QCOMPARE(eastus.offers.added, 1);
        QCOMPARE(eastus.skippedRows, 7);
        QCOMPARE(eastus.bytes, QFileInfo(kData + QStringLiteral("page1101.json")).size()
                     + QFileInfo(kData + QStringLiteral("page1102.json")).size()
                     + origin().size() - QByteArrayLiteral("https://prices.azure.com:443").size());
        QStringList reasons;
        for (const RowIssue &issue : eastus.skips)
            reasons << QStringLiteral("%1 %2 %3").arg(issue.line).arg(issue.column, issue.reason);
        QCOMPARE(reasons, (QStringList{
                              "1 productName Standard_NV8as_v4: Windows price (Linux prices are kept)",
                              "2 type Standard_NV8as_v4: Dev/Test price",
                              "3 armSkuName Standard_D8s_v4: not a size of the Azure GPU table",
                              "4 armSkuName Standard_E4d_v5: not a size of the Azure GPU table",
                              "8 armSkuName Standard_M32-16ms: not a size of the Azure GPU table",
                          }));

        const auto nc = azureOffer(catalog, QStringLiteral("Standard_NC24s_v2"), QStringLiteral("eastus"));
        QVERIFY(nc);
        const CloudOffer &offer = nc->offer;
        QCOMPARE(offer.gpu, QStringLiteral("P100"));
        QCOMPARE(offer.gpuCount, 4);
        QCOMPARE(offer.vcpus, 24.0);
        QCOMPARE(offer.memoryGiB, 448.0);
        QVERIFY(offer.category == CloudCategory::Hyperscaler);
        QCOMPARE(offer.currency, QStringLiteral("USD"));
        QCOMPARE(offer.onDemand, std::optional<double>(8.28));
        QVERIFY(!offer.spot && !offer.reserved1y && !offer.reserved3y && !offer.reserved1yUpfront && !offer.reserved3yUpfront);
        QCOMPARE(offer.asOf, QStringLiteral("2017-12-01")); // the price's effectiveStartDate
        QCOMPARE(offer.source, QStringLiteral("Azure Retail Prices API"));
        QVERIFY2(offer.url.startsWith(endpoint() + QLatin1Char('?')), qPrintable(offer.url));

        // northcentralus: the NV8as v4 holds a quarter of an MI25. Its on-demand price and its
        // reservations (the whole term's price over 8,760 and 26,280 hours) are named, not stored.
        const CloudRefresh &northcentral = report.clouds[1];
        QVERIFY(!northcentral.imported);
        QCOMPARE(northcentral.skipReason, QStringLiteral("no GPU size priced in this region"));
        QCOMPARE(northcentral.rowsRead, 3);
        QCOMPARE(northcentral.skippedRows, 3);
        QCOMPARE(int(northcentral.skips.size()), 1);
        QCOMPARE(northcentral.skips[0].reason,
                 QStringLiteral("Standard_NV8as_v4: a 1/4 share of one MI25 in northcentralus (fractional GPUs are not "
                                "imported; on demand 0.559000, 1-year reservation %1, 3-year reservation %2 per hour)")
                     .arg(3135.0 / 8760, 0, 'f', 6)
                     .arg(6466.0 / 26280, 0, 'f', 6));
        QVERIFY(northcentral.skips[0].reason.contains(QStringLiteral("0.357877")));
        QVERIFY(northcentral.skips[0].reason.contains(QStringLiteral("0.246043")));
        QCOMPARE(report.rowsRead, 11);
        QCOMPARE(report.offers.added, 1);
    }

    // francecentral: a whole-GPU size (one V100) with its Linux pay-as-you-go price and both
    // reservations on one page, its Spot price on the next, as Azure recorded them. They land in
    // one offer: the reservations as the whole term's price over 8,760 and 26,280 hours (written
    // with 12 significant digits), the same rates as paid upfront, and the newest of the four dates.
    void landsSpotAndReservations()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        CatalogRepository &catalog = document->catalog();
        QStringList progress;
        RefreshOptions o = options({QStringLiteral("francecentral")});
        o.progress = [&](const QString &what, const QString &stage, int, int) {
            progress << stage + QLatin1Char(' ') + what;
            return true;
        };
        const SourceRefresh report = refreshAzure(*document, o);
        QCOMPARE(progress, (QStringList{"download francecentral", "download francecentral, page 2", "import francecentral"}));
        QCOMPARE(m_server->hits("/api/retail/prices?$skip=304600"), 1);
        QCOMPARE(int(report.clouds.size()), 1);
        const CloudRefresh &france = report.clouds[0];
        QVERIFY(france.imported);
        QCOMPARE(france.rowsRead, 5);
        QCOMPARE(france.offers.added, 1);

        // The NV12s v3's Spot price is read too, but its Tesla M60 is not a catalog GPU: the
        // import skips it, named by its item (the fifth).
        QCOMPARE(france.skippedRows, 1);
        QCOMPARE(int(france.skips.size()), 1);
        QCOMPARE(france.skips[0].line, 5);
        QVERIFY2(france.skips[0].reason.startsWith(QStringLiteral("Standard_NV12s_v3: unknown GPU \"M60\"")),
                 qPrintable(france.skips[0].reason));
        QCOMPARE(int(france.unknownGpus.size()), 1);
        QCOMPARE(france.unknownGpus[0].first, QStringLiteral("M60"));

        const auto nc = azureOffer(catalog, QStringLiteral("Standard_NC6s_v3"), QStringLiteral("francecentral"));
        QVERIFY(nc);
        const CloudOffer &offer = nc->offer;
        QCOMPARE(offer.gpu, QStringLiteral("V100-PCIE-16GB"));
        QCOMPARE(offer.gpuCount, 1);
        QCOMPARE(offer.vcpus, 6.0);
        QCOMPARE(offer.memoryGiB, 112.0);
        QCOMPARE(offer.currency, QStringLiteral("USD"));
        QCOMPARE(offer.onDemand, std::optional<double>(3.58));
        QCOMPARE(offer.spot, std::optional<double>(1.4141));
        // 19,978 $ for 1 year and 30,108 $ for 3 years.
        QCOMPARE(offer.reserved1y, std::optional<double>(2.28059360731));
        QCOMPARE(offer.reserved3y, std::optional<double>(1.14566210046));
        QVERIFY(qAbs(*offer.reserved1y - 19978.0 / 8760) < 1e-10);
        QVERIFY(qAbs(*offer.reserved3y - 30108.0 / 26280) < 1e-10);
        QCOMPARE(offer.reserved1yUpfront, offer.reserved1y);
        QCOMPARE(offer.reserved3yUpfront, offer.reserved3y);
        // The Spot price's effectiveStartDate; the others date from 2020.
        QCOMPARE(offer.asOf, QStringLiteral("2022-06-01"));

        // Refreshed again, nothing changes.
        const SourceRefresh again = refreshAzure(*document, options({QStringLiteral("francecentral")}));
        QCOMPARE(again.offers.added, 0);
        QCOMPARE(again.offers.updated, 0);
        QCOMPARE(again.offers.unchanged, 1);
    }

    void sameRefreshChangesNothing()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        const SourceRefresh first = refreshAzure(*document, options());
        QCOMPARE(first.offers.added, 1);
        const qint64 history = count(*document, "SELECT count(*) FROM offer_prices");
        const qint64 offers = document->catalog().offerCount();
        const SourceRefresh again = refreshAzure(*document, options());
        QCOMPARE(again.offers.added, 0);
        QCOMPARE(again.offers.updated, 0);
        QCOMPARE(again.offers.unchanged, 1);
        QCOMPARE(count(*document, "SELECT count(*) FROM offer_prices"), history);
        QCOMPARE(document->catalog().offerCount(), offers);
    }

    // A price Azure changes comes with a later effectiveStartDate: the offer takes it, and the
    // price before stays in the history under its own date.
    void changedPriceKeepsTheOldOne()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        refreshAzure(*document, options());
        const auto before = azureOffer(document->catalog(), QStringLiteral("Standard_NC24s_v2"), QStringLiteral("eastus"));
        QVERIFY(before);
        m_server->setRoute(pages([](QByteArray page) {
            page.replace("\"retailPrice\": 8.28,", "\"retailPrice\": 7.9,");
            page.replace("\"unitPrice\": 8.28,", "\"unitPrice\": 7.9,");
            page.replace("\"effectiveStartDate\": \"2017-12-01T00:00:00Z\"", "\"effectiveStartDate\": \"2022-06-01T00:00:00Z\"");
            return page;
        }));
        const SourceRefresh changed = refreshAzure(*document, options());
        QCOMPARE(changed.offers.updated, 1);
        QCOMPARE(changed.offers.added, 0);
        const auto after = azureOffer(document->catalog(), QStringLiteral("Standard_NC24s_v2"), QStringLiteral("eastus"));
        QVERIFY(after);
        QCOMPARE(after->id, before->id);
        QCOMPARE(after->offer.onDemand, std::optional<double>(7.9));
        QCOMPARE(after->offer.asOf, QStringLiteral("2022-06-01"));
        std::vector<PricePoint> history = document->catalog().priceHistory(after->id, PricingPlan::OnDemand);
        std::sort(history.begin(), history.end(), [](const PricePoint &a, const PricePoint &b) { return a.date < b.date; });
        QCOMPARE(int(history.size()), 2);
        QCOMPARE(history[0].date, QDate(2017, 12, 1));
        QCOMPARE(history[0].price, 8.28);
        QCOMPARE(history[1].date, QDate(2022, 6, 1));
        QCOMPARE(history[1].price, 7.9);
    }

    void notFoundChangesNothing()
    {
        m_server->setRoute(secondPage([](int) { return status(404, "Not Found"); }));
        expectFailure(options(), QStringLiteral("$skip=110200: HTTP 404 Not Found"));
    }

    void retriesWhenAskedToWait()
    {
        Route recordedPages = pages();
        m_server->setRoute([recordedPages](const QByteArray &path, int hit) -> std::optional<Answer> {
            if (QByteArray::fromPercentEncoding(path).contains("$skip=110200") && hit == 1)
                return status(429, "Too Many Requests", {{"Retry-After", "1"}});
            return recordedPages(path, hit);
        });
        newDocument();
        auto document = Document::open(m_documentPath);
        QElapsedTimer timer;
        timer.start();
        const SourceRefresh report = refreshAzure(*document, options());
        QVERIFY2(timer.elapsed() >= 900, "Retry-After: 1 was not waited for");
        QCOMPARE(m_server->hits("/api/retail/prices?$skip=110200"), 2);
        QCOMPARE(report.offers.added, 1);
    }

    void truncatedJsonChangesNothing()
    {
        const QByteArray page = recorded(QStringLiteral("page1102.json"));
        m_server->setRoute(secondPage([page](int) {
            Answer answer;
            answer.contentType = "application/json";
            answer.body = page.left(page.size() / 2);
            return answer;
        }));
        expectFailure(options(), QStringLiteral("$skip=110200: not JSON ("));
    }

    void htmlPageChangesNothing()
    {
        m_server->setRoute(secondPage([](int) {
            Answer answer;
            answer.contentType = "text/html; charset=utf-8";
            answer.body = "<!DOCTYPE html><html><body>Please sign in to the proxy</body></html>";
            return answer;
        }));
        expectFailure(options(), QStringLiteral("$skip=110200: answered an HTML page, not JSON"));
    }

    void otherJsonChangesNothing()
    {
        m_server->setRoute(secondPage([](int) {
            Answer answer;
            answer.contentType = "application/json";
            answer.body = R"({"error": {"code": "BadRequest", "message": "Invalid OData parameters"}})";
            return answer;
        }));
        expectFailure(options(), QStringLiteral("$skip=110200: not a Retail Prices page (no \"Items\" list)"));
    }

    void droppedConnectionChangesNothing()
    {
        const QByteArray page = recorded(QStringLiteral("page1102.json"));
        m_server->setRoute(secondPage([page](int) {
            Answer answer;
            answer.contentType = "application/json";
            answer.body = page.left(1000);
            answer.claimedLength = page.size();
            return answer;
        }));
        expectFailure(options(), QStringLiteral("$skip=110200: connection closed after 1,000 of %1 bytes")
                                     .arg(QLocale(QLocale::English).toString(page.size())));
    }

    void redirectLoopChangesNothing()
    {
        Route recordedPages = pages();
        m_server->setRoute([recordedPages](const QByteArray &path, int hit) -> std::optional<Answer> {
            if (QByteArray::fromPercentEncoding(path).contains("$skip=110200"))
                return status(302, "Found", {{"Location", "/elsewhere/prices"}});
            if (path == "/elsewhere/prices")
                return status(302, "Found", {{"Location", "/api/retail/prices?$skip=110200"}});
            return recordedPages(path, hit);
        });
        expectFailure(options(), QStringLiteral("redirect loop ("));
    }

    void cancelBetweenPagesChangesNothing()
    {
        RefreshOptions o = options();
        o.progress = [](const QString &what, const QString &, int, int) { return what != QLatin1String("eastus, page 2"); };
        expectFailure(o, QStringLiteral("azure: cancelled"));
    }

    void cancelDuringImportRollsBack()
    {
        RefreshOptions o = options();
        o.progress = [](const QString &, const QString &stage, int, int) { return stage != QLatin1String("import"); };
        expectFailure(o, QStringLiteral("cancelled"));
    }

    void badRegionIsRefused()
    {
        expectFailure(options({QStringLiteral("eastus' or serviceName eq 'x")}), QStringLiteral("is not an Azure region name"));
    }

    void commandLine()
    {
        const QString document = m_folder.filePath(QStringLiteral("cli.breakeven"));
        const QString endpointArgument = QStringLiteral("azure=") + endpoint();
        const QStringList base{QStringLiteral("refresh"), QStringLiteral("--into"), document,
                               QStringLiteral("--source"), QStringLiteral("azure"), QStringLiteral("--endpoint"),
                               endpointArgument, QStringLiteral("--region"), QStringLiteral("eastus")};
        auto run = testsupport::runBreakeven(base + QStringList{QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(json[QStringLiteral("format")].toString(), QStringLiteral("breakeven-refresh"));
        const QJsonArray sources = json[QStringLiteral("sources")].toArray();
        QCOMPARE(sources.size(), 1);
        const QJsonObject source = sources.at(0).toObject();
        QCOMPARE(source[QStringLiteral("source")].toString(), QStringLiteral("azure"));
        QCOMPARE(source[QStringLiteral("endpoint")].toString(), endpoint());
        QCOMPARE(source[QStringLiteral("cloudsImported")].toInt(), 1);
        QCOMPARE(source[QStringLiteral("rows")][QStringLiteral("added")].toInt(), 1);
        const QJsonObject eastus = source[QStringLiteral("clouds")].toArray().at(0).toObject();
        QCOMPARE(eastus[QStringLiteral("cloud")].toString(), QStringLiteral("eastus"));
        QCOMPARE(eastus[QStringLiteral("status")].toString(), QStringLiteral("imported"));
        QCOMPARE(eastus[QStringLiteral("rows")][QStringLiteral("read")].toInt(), 8);
        QCOMPARE(eastus[QStringLiteral("skipped")].toArray().size(), 5);

        // The text summary; then a failing page: exit 1, one line naming the source, the file
        // untouched.
        run = testsupport::runBreakeven(base);
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.startsWith("azure (") && run.out.contains("unchanged"), run.out.constData());
        m_server->setRoute(secondPage([](int) { return status(503, "Service Unavailable", {{"Retry-After", "0"}}); }));
        const QByteArray before = fileHash(document);
        run = testsupport::runBreakeven(base);
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith("breakeven: azure: ") && run.err.contains("HTTP 503")
                     && run.err.trimmed().endsWith("nothing changed") && run.err.count('\n') == 1,
                 run.err.constData());
        QCOMPARE(fileHash(document), before);
    }
};

QTEST_GUILESS_MAIN(TestRefreshAzure)
#include "test_refreshazure.moc"
