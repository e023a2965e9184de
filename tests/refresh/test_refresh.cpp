// Refreshing prices from the SkyPilot catalog over HTTP, against a local server that serves
// recorded sheets and the ways a network fails: what lands in the document, and that a failed
// source lands nothing (the document file byte for byte as before).
#include "refreshserver.h"

#include "../support/testsupport.h"
#include "skypilotsource.h"
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

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

// Offers of `provider` in the catalog (of `gpu` when named).
qint64 offersOf(CatalogRepository &catalog, const QString &provider, const QString &gpu = {})
{
    OfferFilter filter;
    filter.provider = provider;
    filter.gpu = gpu;
    return catalog.offerCount(filter);
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

} // namespace

class TestRefresh : public QObject {
    Q_OBJECT

    QTemporaryDir m_folder;
    std::unique_ptr<RefreshServer> m_server;
    QString m_documentPath;
    int m_count = 0;

    RefreshOptions options(const QStringList &clouds)
    {
        RefreshOptions o;
        o.baseUrl = QUrl(m_server->baseUrl());
        o.clouds = clouds;
        o.fetch.transferTimeoutMs = 5000;
        o.fetch.maxRetryWaitMs = 2000;
        return o;
    }

    // A new document, closed, and the hash of its file.
    QByteArray newDocument()
    {
        m_documentPath = m_folder.filePath(QStringLiteral("doc%1.breakeven").arg(++m_count));
        Document::create(m_documentPath).reset();
        return fileHash(m_documentPath);
    }

    // Refreshes a new document expecting the source to fail; checks that the message has `mentions`
    // and that the document's file is byte for byte as before.
    void expectFailure(const RefreshOptions &o, const QString &mentions)
    {
        const QByteArray before = newDocument();
        QVERIFY(!before.isEmpty());
        QString message;
        {
            auto document = Document::open(m_documentPath);
            const qint64 offers = document->catalog().offerCount();
            try {
                refreshSkyPilot(*document, o);
                QFAIL("the refresh succeeded");
            } catch (const RefreshFailed &error) {
                message = error.message();
            }
            QCOMPARE(document->catalog().offerCount(), offers);
        }
        qInfo("%s", qPrintable(message));
        QVERIFY2(message.startsWith(QStringLiteral("skypilot: ")), qPrintable(message));
        QVERIFY2(message.contains(mentions), qPrintable(message));
        QVERIFY2(message.endsWith(QStringLiteral("nothing changed")), qPrintable(message));
        QCOMPARE(fileHash(m_documentPath), before);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_folder.isValid());
        m_server = std::make_unique<RefreshServer>(QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/skypilot"));
    }

    void init() { m_server->setRoute({}); }

    void importsEachCloud()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        CatalogRepository &catalog = document->catalog();
        const QStringList clouds{QStringLiteral("lambda"), QStringLiteral("aws"), QStringLiteral("gcp")};
        QHash<QString, qint64> before;
        for (const QString &cloud : clouds)
            before[cloud] = offersOf(catalog, cloud);
        QStringList progress;
        RefreshOptions o = options(clouds);
        o.progress = [&](const QString &cloud, const QString &stage, int, int) {
            progress << stage + QLatin1Char(' ') + cloud;
            return true;
        };
        const SourceRefresh report = refreshSkyPilot(*document, o);
        QCOMPARE(progress, (QStringList{"download lambda", "download aws", "download gcp", "import lambda", "import aws", "import gcp"}));
        QCOMPARE(report.cloudsImported, 3);
        QCOMPARE(report.cloudsSkipped, 0);
        QCOMPARE(int(report.clouds.size()), 3);
        qint64 total = 0;
        for (const CloudRefresh &cloud : report.clouds) {
            QVERIFY(cloud.imported);
            QCOMPARE(cloud.url.toString(), m_server->baseUrl() + cloud.cloud + QStringLiteral("/vms.csv"));
            const qint64 after = offersOf(catalog, cloud.cloud);
            QCOMPARE(after - before[cloud.cloud], cloud.offers.added);
            QVERIFY2(cloud.offers.added + cloud.offers.updated > 0, qPrintable(cloud.cloud));
            total += cloud.offers.added;
        }
        QCOMPARE(report.offers.added, total);
        // The recorded sheets: offers (added or updated over the bundled catalog) and rows skipped
        // (CPU-only instances, a TPU, an unpaired GCP host) per cloud.
        const QHash<QString, std::pair<qint64, qint64>> expected{{QStringLiteral("lambda"), {3, 1}},
                                                                 {QStringLiteral("aws"), {2, 2}},
                                                                 {QStringLiteral("gcp"), {4, 4}}};
        for (const CloudRefresh &cloud : report.clouds) {
            QCOMPARE(cloud.offers.added + cloud.offers.updated + cloud.offers.unchanged, expected[cloud.cloud].first);
            QCOMPARE(cloud.skippedRows, expected[cloud.cloud].second);
            QCOMPARE(qint64(cloud.skips.size()), cloud.skippedRows);
            QCOMPARE(cloud.bytes, QFileInfo(QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/skypilot/%1/vms.csv").arg(cloud.cloud)).size());
        }
        QCOMPARE(report.rowsRead, 23);

        // The same prices again: nothing added, nothing updated.
        const SourceRefresh again = refreshSkyPilot(*document, o);
        QCOMPARE(again.offers.added, 0);
        QCOMPARE(again.offers.updated, 0);
        QCOMPARE(again.offers.unchanged, report.offers.added + report.offers.updated + report.offers.unchanged);
    }

    void unpublishedCloudIsSkipped()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        const qint64 lambdaBefore = offersOf(document->catalog(), QStringLiteral("lambda"));
        // The bundled catalog has Hyperstack offers of its own; an unpublished cloud leaves them be.
        const qint64 hyperstackBefore = offersOf(document->catalog(), QStringLiteral("hyperstack"));
        QVERIFY(hyperstackBefore > 0);
        const SourceRefresh report = refreshSkyPilot(*document, options({QStringLiteral("hyperstack"), QStringLiteral("lambda")}));
        QCOMPARE(report.cloudsImported, 1);
        QCOMPARE(report.cloudsSkipped, 1);
        QCOMPARE(report.clouds[0].cloud, QStringLiteral("hyperstack"));
        QVERIFY(!report.clouds[0].imported);
        QCOMPARE(report.clouds[0].skipReason, QStringLiteral("not published (HTTP 404 Not Found)"));
        QVERIFY(report.clouds[1].imported);
        QVERIFY(offersOf(document->catalog(), QStringLiteral("lambda")) > lambdaBefore
                || report.clouds[1].offers.updated + report.clouds[1].offers.unchanged > 0);
        QCOMPARE(offersOf(document->catalog(), QStringLiteral("hyperstack")), hyperstackBefore);
    }

    void retriesWhenAskedToWait()
    {
        m_server->setRoute([](const QByteArray &path, int hit) -> std::optional<Answer> {
            if (path.endsWith("/lambda/vms.csv") && hit == 1)
                return status(429, "Too Many Requests", {{"Retry-After", "1"}});
            return std::nullopt;
        });
        newDocument();
        auto document = Document::open(m_documentPath);
        QElapsedTimer timer;
        timer.start();
        const SourceRefresh report = refreshSkyPilot(*document, options({QStringLiteral("lambda")}));
        QVERIFY2(timer.elapsed() >= 900, "Retry-After: 1 was not waited for");
        QCOMPARE(m_server->hits("/catalogs/v8/lambda/vms.csv"), 2);
        QCOMPARE(report.cloudsImported, 1);
        QVERIFY(report.rowsRead > 0);
    }

    // A wait longer than the refresh allows (2 s in these tests, 10 s by default) is not waited.
    void longWaitIsNotWaited()
    {
        m_server->setRoute([](const QByteArray &path, int) -> std::optional<Answer> {
            if (path.endsWith("/lambda/vms.csv"))
                return status(429, "Too Many Requests", {{"Retry-After", "120"}});
            return std::nullopt;
        });
        QElapsedTimer timer;
        timer.start();
        expectFailure(options({QStringLiteral("lambda")}),
                      QStringLiteral("/lambda/vms.csv: HTTP 429 Too Many Requests (after 1 try; asked to wait 120 s)"));
        QVERIFY(timer.elapsed() < 2000);
        QCOMPARE(m_server->hits("/catalogs/v8/lambda/vms.csv"), 1);
    }

    void unavailableSourceChangesNothing()
    {
        m_server->setRoute([](const QByteArray &path, int) -> std::optional<Answer> {
            if (path.endsWith("/aws/vms.csv"))
                return status(503, "Service Unavailable", {{"Retry-After", "0"}});
            return std::nullopt;
        });
        expectFailure(options({QStringLiteral("lambda"), QStringLiteral("aws")}),
                      QStringLiteral("/aws/vms.csv: HTTP 503 Service Unavailable (after 3 tries)"));
        QCOMPARE(m_server->hits("/catalogs/v8/aws/vms.csv"), 3);
    }

    void droppedConnectionChangesNothing()
    {
        m_server->setRoute([](const QByteArray &path, int) -> std::optional<Answer> {
            if (!path.endsWith("/gcp/vms.csv"))
                return std::nullopt;
            Answer answer;
            answer.body = QByteArray(1234, 'x');
            answer.body.replace(0, 19, "InstanceType,Accele");
            answer.claimedLength = 5000;
            return answer;
        });
        expectFailure(options({QStringLiteral("lambda"), QStringLiteral("gcp")}),
                      QStringLiteral("/gcp/vms.csv: connection closed after 1,234 of 5,000 bytes"));
    }

    void htmlPageChangesNothing()
    {
        m_server->setRoute([](const QByteArray &path, int) -> std::optional<Answer> {
            if (!path.endsWith("/aws/vms.csv"))
                return std::nullopt;
            Answer answer;
            answer.contentType = "text/html; charset=utf-8";
            answer.body = "<!DOCTYPE html><html><body>Please sign in to the proxy</body></html>";
            return answer;
        });
        expectFailure(options({QStringLiteral("lambda"), QStringLiteral("aws")}),
                      QStringLiteral("/aws/vms.csv: answered an HTML page, not a CSV"));
    }

    void followsRedirectsButNotLoops()
    {
        // A mirror that moved: followed.
        m_server->setRoute([](const QByteArray &path, int) -> std::optional<Answer> {
            if (path == "/old/lambda/vms.csv")
                return status(301, "Moved Permanently", {{"Location", "/catalogs/v8/lambda/vms.csv"}});
            return std::nullopt;
        });
        newDocument();
        {
            auto document = Document::open(m_documentPath);
            RefreshOptions o = options({QStringLiteral("lambda")});
            o.baseUrl = QUrl(m_server->baseUrl()).resolved(QUrl(QStringLiteral("/old/")));
            QCOMPARE(refreshSkyPilot(*document, o).cloudsImported, 1);
        }
        // Two addresses sending to each other: a loop, named.
        m_server->setRoute([](const QByteArray &path, int) -> std::optional<Answer> {
            if (path.endsWith("/lambda/vms.csv"))
                return status(302, "Found", {{"Location", "/elsewhere/vms.csv"}});
            if (path == "/elsewhere/vms.csv")
                return status(302, "Found", {{"Location", "/catalogs/v8/lambda/vms.csv"}});
            return std::nullopt;
        });
        expectFailure(options({QStringLiteral("aws"), QStringLiteral("lambda")}), QStringLiteral("/catalogs/v8/lambda/vms.csv: redirect loop (") + m_server->baseUrl().replace(QStringLiteral("/catalogs/v8/"), QStringLiteral("/elsewhere/vms.csv sends back to ")));
    }

    void silentServerTimesOut()
    {
        m_server->setRoute([](const QByteArray &path, int) -> std::optional<Answer> {
            if (!path.endsWith("/lambda/vms.csv"))
                return std::nullopt;
            Answer answer;
            answer.silent = true;
            return answer;
        });
        RefreshOptions o = options({QStringLiteral("aws"), QStringLiteral("lambda")});
        o.fetch.transferTimeoutMs = 1000;
        QElapsedTimer timer;
        timer.start();
        expectFailure(o, QStringLiteral("/lambda/vms.csv: timed out after 1 s"));
        QVERIFY(timer.elapsed() < 10000);
    }

    void cancelStopsADownload()
    {
        m_server->setRoute([](const QByteArray &path, int) -> std::optional<Answer> {
            if (!path.endsWith("/lambda/vms.csv"))
                return std::nullopt;
            Answer answer;
            answer.silent = true;
            return answer;
        });
        std::atomic_bool cancel = false;
        RefreshOptions o = options({QStringLiteral("aws"), QStringLiteral("lambda")});
        o.cancel = &cancel;
        QTimer::singleShot(300, [&] { cancel = true; }); // runs in the download's event loop
        QElapsedTimer timer;
        timer.start();
        expectFailure(o, QStringLiteral("skypilot: cancelled"));
        QVERIFY2(timer.elapsed() < 3000, "the cancel waited for the transfer time-out");
    }

    // HTTPS goes through Qt's TLS backend: a server that speaks plain HTTP fails the handshake,
    // named, and nothing changes (without a TLS backend the message says HTTPS is not available).
    void httpsFailureIsNamed()
    {
        RefreshOptions o = options({QStringLiteral("lambda")});
        o.baseUrl.setScheme(QStringLiteral("https"));
        expectFailure(o, o.baseUrl.toString() + QStringLiteral("lambda/vms.csv: no answer ("));
    }

    // Offline (here: nothing listens on the port): named, and nothing changes.
    void unreachableSourceChangesNothing()
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        const quint16 port = closed.serverPort();
        closed.close();
        RefreshOptions o = options({QStringLiteral("lambda")});
        o.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1/catalogs/v8/").arg(port));
        expectFailure(o, QStringLiteral("127.0.0.1:%1/catalogs/v8/lambda/vms.csv: no answer (Connection refused)").arg(port));
    }

    void cancelDuringImportsRollsBack()
    {
        RefreshOptions o = options({QStringLiteral("lambda"), QStringLiteral("aws"), QStringLiteral("gcp")});
        o.progress = [](const QString &cloud, const QString &stage, int, int) {
            return !(stage == QLatin1String("import") && cloud == QLatin1String("gcp"));
        };
        expectFailure(o, QStringLiteral("cancelled"));
    }

    void commandLine()
    {
        const QString document = m_folder.filePath(QStringLiteral("cli.breakeven"));
        const QString endpoint = QStringLiteral("skypilot=") + m_server->baseUrl();
        auto run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document,
                                              QStringLiteral("--source"), QStringLiteral("skypilot"),
                                              QStringLiteral("--endpoint"), endpoint, QStringLiteral("--cloud"),
                                              QStringLiteral("lambda"), QStringLiteral("--cloud"), QStringLiteral("nowhere"),
                                              QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject json = QJsonDocument::fromJson(run.out).object();
        QCOMPARE(json[QStringLiteral("format")].toString(), QStringLiteral("breakeven-refresh"));
        const QJsonObject source = json[QStringLiteral("sources")].toArray().at(0).toObject();
        QCOMPARE(source[QStringLiteral("source")].toString(), QStringLiteral("skypilot"));
        QCOMPARE(source[QStringLiteral("cloudsImported")].toInt(), 1);
        QCOMPARE(source[QStringLiteral("cloudsSkipped")].toInt(), 1);
        const QJsonArray clouds = source[QStringLiteral("clouds")].toArray();
        QCOMPARE(clouds.at(0)[QStringLiteral("status")].toString(), QStringLiteral("imported"));
        QCOMPARE(clouds.at(0)[QStringLiteral("rows")][QStringLiteral("read")].toInt(), 4);
        QCOMPARE(clouds.at(0)[QStringLiteral("bytes")].toInteger(),
                 QFileInfo(QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/skypilot/lambda/vms.csv")).size());
        QCOMPARE(clouds.at(1)[QStringLiteral("reason")].toString(), QStringLiteral("not published (HTTP 404 Not Found)"));

        // The text summary; then a failing source: exit 1, one line naming it, the file untouched.
        run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document, QStringLiteral("--source"),
                                         QStringLiteral("skypilot"), QStringLiteral("--endpoint"), endpoint, QStringLiteral("--cloud"),
                                         QStringLiteral("lambda")});
        QCOMPARE(run.exitCode, 0);
        QVERIFY2(run.out.contains("unchanged"), run.out.constData());
        m_server->setRoute([](const QByteArray &, int) -> std::optional<Answer> {
            return status(503, "Service Unavailable", {{"Retry-After", "0"}});
        });
        const QByteArray before = fileHash(document);
        run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document, QStringLiteral("--source"),
                                         QStringLiteral("skypilot"), QStringLiteral("--endpoint"), endpoint, QStringLiteral("--cloud"),
                                         QStringLiteral("lambda")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith("breakeven: skypilot: ") && run.err.contains("HTTP 503")
                     && run.err.trimmed().endsWith("nothing changed") && run.err.count('\n') == 1,
                 run.err.constData());
        QCOMPARE(fileHash(document), before);

        // Usage mistakes: exit 2.
        run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document,
                                         QStringLiteral("--endpoint"), QStringLiteral("nowhere=http://x/")});
        QCOMPARE(run.exitCode, 2);
        run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("skypilot")});
        QCOMPARE(run.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestRefresh)
#include "test_refresh.moc"
