// Refreshing the document's API offers from LiteLLM's price list over HTTP, against a local server
// that serves two real excerpts of the list (tests/data/refresh/litellm/, see SOURCE.md): the
// prices that changed between them land with their earlier ones kept in the price history, and
// an answer that is not the list lands nothing (the file byte for byte as before).
#include "refreshserver.h"

#include "../support/testsupport.h"
#include "litellmprices.h"
#include "litellmsource.h"
#include "refreshsources.h"
#include "store/apiofferrepository.h"
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

const QString kData = QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/litellm/");
const QString kJanuary = QStringLiteral("2026-01-07");
const QString kJuly = QStringLiteral("2026-07-24");

QByteArray recorded(const QString &date)
{
    QFile file(kData + date + QStringLiteral("/model_prices_and_context_window.json"));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

Answer json(const QByteArray &body)
{
    Answer answer;
    answer.contentType = "application/json";
    answer.body = body;
    return answer;
}

ApiOffer offerOf(Document &document, const QString &provider, const QString &id)
{
    const std::optional<StoredApiOffer> stored = document.apiOffers().find(provider, id);
    return stored ? stored->offer : ApiOffer{};
}

std::vector<ApiPricePoint> historyOf(Document &document, const QString &provider, const QString &id)
{
    const std::optional<StoredApiOffer> stored = document.apiOffers().find(provider, id);
    return stored ? document.apiOffers().priceHistory(stored->id) : std::vector<ApiPricePoint>{};
}

const CloudRefresh *providerOf(const SourceRefresh &report, const QString &provider)
{
    for (const CloudRefresh &entry : report.clouds)
        if (entry.cloud == provider)
            return &entry;
    return nullptr;
}

} // namespace

class TestRefreshLiteLlm : public QObject {
    Q_OBJECT

    QTemporaryDir m_folder;
    std::unique_ptr<RefreshServer> m_server;
    QString m_documentPath;
    int m_count = 0;

    QString origin() const { return QUrl(m_server->baseUrl()).adjusted(QUrl::RemovePath).toString(); }
    // The folder the list is served from: /litellm/<date>/model_prices_and_context_window.json.
    QUrl endpoint(const QString &date) const { return QUrl(origin() + QStringLiteral("/litellm/%1/").arg(date)); }

    // Serves the recorded excerpts by their date; `body`, when given, answers instead.
    void serve(std::function<std::optional<Answer>(int hit)> body = {})
    {
        m_server->setRoute([body](const QByteArray &path, int hit) -> std::optional<Answer> {
            if (!path.startsWith("/litellm/"))
                return std::nullopt;
            if (body)
                return body(hit);
            const QByteArray recordedBody = recorded(QString::fromUtf8(path.split('/').value(2)));
            if (recordedBody.isEmpty())
                return std::nullopt; // 404
            return json(recordedBody);
        });
    }

    RefreshOptions options(const QString &date) const
    {
        RefreshOptions o;
        o.baseUrl = endpoint(date);
        o.fetch.transferTimeoutMs = 5000;
        o.fetch.maxRetryWaitMs = 100;
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
    void expectFailure(const QString &mentions)
    {
        const QByteArray before = newDocument();
        QVERIFY(!before.isEmpty());
        QString message;
        {
            auto document = Document::open(m_documentPath);
            const std::vector<StoredApiOffer> offers = document->apiOffers().offers();
            const size_t sheets = document->catalog().sheets().size();
            try {
                refreshLiteLlm(*document, options(kJuly), QDate(2026, 8, 1));
                QFAIL("the refresh succeeded");
            } catch (const RefreshFailed &error) {
                message = error.message();
            }
            QCOMPARE(document->apiOffers().offers().size(), offers.size());
            QCOMPARE(document->catalog().sheets().size(), sheets);
        }
        qInfo("%s", qPrintable(message));
        QVERIFY2(message.startsWith(QStringLiteral("litellm: ")), qPrintable(message));
        QVERIFY2(message.contains(mentions), qPrintable(message));
        QVERIFY2(message.endsWith(QStringLiteral("nothing changed")), qPrintable(message));
        QCOMPARE(fileHash(m_documentPath), before);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_folder.isValid());
        QVERIFY(!recorded(kJanuary).isEmpty());
        QVERIFY(!recorded(kJuly).isEmpty());
        m_server = std::make_unique<RefreshServer>(QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/skypilot"));
    }

    void init() { serve(); }

    // The recorded list read as prices per million tokens: chat and embedding entries priced per
    // token, the image model and the sample left out, rate limits where the list gives them.
    void readsTheList()
    {
        const LiteLlmPriceList list = parseLiteLlmPrices(recorded(kJuly), QStringLiteral("july"));
        QCOMPARE(list.entries, qint64(11));
        QCOMPARE(list.prices.size(), 10);
        QVERIFY(list.problems.isEmpty());
        QVERIFY(!list.prices.contains(QStringLiteral("1024-x-1024/dall-e-2")));
        QVERIFY(!list.prices.contains(QStringLiteral("sample_spec")));
        const LiteLlmPrice gemini = list.prices.value(QStringLiteral("gemini/gemini-2.5-pro"));
        QCOMPARE(gemini.provider, QStringLiteral("gemini"));
        QCOMPARE(gemini.mode, QStringLiteral("chat"));
        QCOMPARE(gemini.inputPerMillion, 1.25);
        QCOMPARE(gemini.outputPerMillion, 10.0);
        QCOMPARE(gemini.cachedInputPerMillion, std::optional<double>(0.125));
        QCOMPARE(gemini.requestsPerMinute, std::optional<double>(2000));
        QCOMPARE(gemini.tokensPerMinute, std::optional<double>(800000));
        QCOMPARE(gemini.maxTokens, std::optional<qint64>(65535));
        const LiteLlmPrice groq = list.prices.value(QStringLiteral("groq/openai/gpt-oss-120b"));
        QCOMPARE(groq.inputPerMillion, 0.15);
        QCOMPARE(groq.outputPerMillion, 0.6);
        QCOMPARE(groq.cachedInputPerMillion, std::optional<double>(0.075));
        QVERIFY(!groq.requestsPerMinute);
        // January's list: no cached price for it yet, and a dearer output.
        const LiteLlmPriceList january = parseLiteLlmPrices(recorded(kJanuary), QStringLiteral("january"));
        const LiteLlmPrice earlier = january.prices.value(QStringLiteral("groq/openai/gpt-oss-120b"));
        QCOMPARE(earlier.outputPerMillion, 0.75);
        QVERIFY(!earlier.cachedInputPerMillion);
        QCOMPARE(january.prices.value(QStringLiteral("cerebras/gpt-oss-120b")).inputPerMillion, 0.25);
    }

    // An offer's key: the one its source names, else the provider's prefix and its id; an entry
    // of another provider under a bare id is not it.
    void findsTheOffersEntry()
    {
        const LiteLlmPriceList list = parseLiteLlmPrices(recorded(kJuly), QStringLiteral("july"));
        ApiOffer offer;
        offer.provider = QStringLiteral("together");
        offer.apiModelId = QStringLiteral("meta-llama/Llama-3.3-70B-Instruct-Turbo");
        QCOMPARE(liteLlmKeysOf(offer).value(0), QStringLiteral("together_ai/meta-llama/Llama-3.3-70B-Instruct-Turbo"));
        const LiteLlmPrice *found = findLiteLlmPrice(list, offer);
        QVERIFY(found);
        QCOMPARE(found->inputPerMillion, 0.88);
        offer.provider = QStringLiteral("azure-openai");
        offer.apiModelId = QStringLiteral("gpt-4o");
        QCOMPARE(findLiteLlmPrice(list, offer)->key, QStringLiteral("azure/gpt-4o"));
        offer.provider = QStringLiteral("openai");
        offer.apiModelId = QStringLiteral("gpt-5");
        QCOMPARE(findLiteLlmPrice(list, offer)->key, QStringLiteral("gpt-5"));
        // Another provider's gpt-5 (its bare key is OpenAI's) is not priced by the list.
        offer.provider = QStringLiteral("some-host");
        QVERIFY(!findLiteLlmPrice(list, offer));
        // The key the source names wins over the id.
        offer.provider = QStringLiteral("groq");
        offer.apiModelId = QStringLiteral("gpt-oss-120b-renamed");
        offer.source = QStringLiteral("LiteLLM price list …, key 'groq/openai/gpt-oss-120b'");
        QCOMPARE(findLiteLlmPrice(list, offer)->outputPerMillion, 0.6);
        // An embedding model is not one an API option serves.
        offer.provider = QStringLiteral("openai");
        offer.source = QStringLiteral("key 'text-embedding-3-small'");
        QString problem;
        QVERIFY(!findLiteLlmPrice(list, offer, &problem));
        QVERIFY2(problem.contains(QStringLiteral("embedding")), qPrintable(problem));
    }

    void refusesWhatIsNotTheList_data()
    {
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<QString>("mentions");
        QTest::newRow("cut short") << recorded(kJuly).left(3000) << QStringLiteral("not JSON");
        QTest::newRow("array") << QByteArray("[{\"gpt-5\": {}}]") << QStringLiteral("a JSON array");
        QTest::newRow("no prices") << QByteArray("{\"message\": \"rate limited\", \"documentation_url\": \"x\"}")
                                   << QStringLiteral("no entry has a price per token");
    }
    void refusesWhatIsNotTheList()
    {
        QFETCH(QByteArray, body);
        QFETCH(QString, mentions);
        try {
            parseLiteLlmPrices(body, QStringLiteral("list.json"));
            QFAIL("read as a price list");
        } catch (const InputError &error) {
            QVERIFY2(error.message().startsWith(QStringLiteral("list.json: ")), qPrintable(error.message()));
            QVERIFY2(error.message().contains(mentions), qPrintable(error.message()));
        }
    }

    // January's list over the bundled (July) prices, then July's again: each change is written
    // under the fetch date, the earlier prices kept in the history; an offer whose prices are the
    // same only gets the new date.
    void pricesChangeAndHistoryIsKept()
    {
        newDocument();
        auto document = Document::open(m_documentPath);
        const ApiOffer bundled = offerOf(*document, QStringLiteral("groq"), QStringLiteral("openai/gpt-oss-120b"));
        QCOMPARE(bundled.outputPerMillion, 0.6);
        QCOMPARE(bundled.asOf, kJuly);
        const qint64 offers = document->apiOffers().offerCount();
        QVERIFY(offers >= 60);
        const size_t sheetsBefore = document->catalog().sheets().size();

        QStringList progress;
        RefreshOptions o = options(kJanuary);
        o.progress = [&](const QString &what, const QString &stage, int, int) {
            progress << stage + QLatin1Char(' ') + what;
            return true;
        };
        const SourceRefresh report = refreshLiteLlm(*document, o, QDate(2026, 8, 1));
        QCOMPARE(progress, (QStringList{"download model_prices_and_context_window.json", "import model_prices_and_context_window.json"}));
        QCOMPARE(report.source, QStringLiteral("litellm"));
        QCOMPARE(report.offers.added, qint64(0));
        QCOMPARE(document->apiOffers().offerCount(), offers);

        // Groq's gpt-oss-120b as January's list has it, under the fetch date; July's prices kept.
        const ApiOffer groq = offerOf(*document, QStringLiteral("groq"), QStringLiteral("openai/gpt-oss-120b"));
        QCOMPARE(groq.outputPerMillion, 0.75);
        QVERIFY(!groq.cachedInputPerMillion);
        QCOMPARE(groq.asOf, QStringLiteral("2026-08-01"));
        QVERIFY2(groq.source.contains(QStringLiteral("key 'groq/openai/gpt-oss-120b'")), qPrintable(groq.source));
        std::vector<ApiPricePoint> history = historyOf(*document, QStringLiteral("groq"), QStringLiteral("openai/gpt-oss-120b"));
        QCOMPARE(history.size(), size_t(2));
        QCOMPARE(history[0].asOf, kJuly);
        QCOMPARE(history[0].outputPerMillion, 0.6);
        QCOMPARE(history[0].cachedInputPerMillion, std::optional<double>(0.075));
        QCOMPARE(history[1].asOf, QStringLiteral("2026-08-01"));
        QCOMPARE(history[1].outputPerMillion, 0.75);
        const ApiOffer cerebras = offerOf(*document, QStringLiteral("cerebras"), QStringLiteral("gpt-oss-120b"));
        QCOMPARE(cerebras.inputPerMillion, 0.25);
        QCOMPARE(cerebras.outputPerMillion, 0.69);
        QCOMPARE(offerOf(*document, QStringLiteral("google-gemini"), QStringLiteral("gemini-2.5-pro")).cachedInputPerMillion,
                 std::optional<double>(0.3125));

        // GPT-5 costs the same: a new date, no history entry.
        const ApiOffer gpt5 = offerOf(*document, QStringLiteral("openai"), QStringLiteral("gpt-5"));
        QCOMPARE(gpt5.inputPerMillion, 1.25);
        QCOMPARE(gpt5.asOf, QStringLiteral("2026-08-01"));
        QCOMPARE(historyOf(*document, QStringLiteral("openai"), QStringLiteral("gpt-5")).size(), size_t(1));

        // The counts per provider: groq's gpt-oss-120b changed; its other offers are not in the
        // excerpt and are named.
        const CloudRefresh *groqReport = providerOf(report, QStringLiteral("groq"));
        QVERIFY(groqReport);
        QCOMPARE(groqReport->offers.updated, qint64(1));
        QCOMPARE(groqReport->offers.unchanged, qint64(0));
        QCOMPARE(groqReport->skippedRows, groqReport->rowsRead - 1);
        QVERIFY(!groqReport->skips.empty());
        QVERIFY2(groqReport->skips.front().reason.startsWith(QStringLiteral("not in the price list")),
                 qPrintable(groqReport->skips.front().reason));
        const CloudRefresh *openai = providerOf(report, QStringLiteral("openai"));
        QVERIFY(openai);
        QCOMPARE(openai->offers.unchanged, qint64(1));
        // Changed in January's list against the bundled July prices: Gemini 2.5 Pro's cached
        // input, Groq's and Cerebras's gpt-oss-120b.
        QCOMPARE(report.offers.updated, qint64(3));
        QCOMPARE(report.offers.unchanged, qint64(5));
        // The fetch is recorded as a sheet with its counts (newest first).
        const std::vector<SheetRecord> sheets = document->catalog().sheets();
        QCOMPARE(sheets.size(), sheetsBefore + 1);
        QCOMPARE(sheets[0].preset, QStringLiteral("litellm"));
        QCOMPARE(sheets[0].asOf, QStringLiteral("2026-08-01"));
        QCOMPARE(sheets[0].rowsUpdated, qint64(3));

        // July's list a month later: back to July's prices, every earlier price kept.
        const SourceRefresh again = refreshLiteLlm(*document, options(kJuly), QDate(2026, 9, 1));
        QCOMPARE(again.offers.updated, qint64(3));
        history = historyOf(*document, QStringLiteral("groq"), QStringLiteral("openai/gpt-oss-120b"));
        QCOMPARE(history.size(), size_t(3));
        QCOMPARE(history[2].asOf, QStringLiteral("2026-09-01"));
        QCOMPARE(history[2].outputPerMillion, 0.6);
        QCOMPARE(history[2].cachedInputPerMillion, std::optional<double>(0.075));
        // Rate limits the list gives stay as they are.
        const ApiOffer gemini = offerOf(*document, QStringLiteral("google-gemini"), QStringLiteral("gemini-2.5-pro"));
        QCOMPARE(gemini.requestsPerMinute, std::optional<double>(2000));
        QCOMPARE(gemini.tokensPerMinute, std::optional<double>(800000));
    }

    void malformedAnswerWritesNothing()
    {
        serve([](int) { return json(recorded(kJuly).left(5000)); });
        expectFailure(QStringLiteral("not JSON"));
        serve([](int) {
            Answer page = json("<!DOCTYPE html><html><body>Sign in</body></html>");
            page.contentType = "text/html";
            return page;
        });
        expectFailure(QStringLiteral("HTML page"));
        serve([](int) { return json("{\"message\": \"Not Found\"}"); });
        expectFailure(QStringLiteral("no entry has a price per token"));
        // An entry of one of the document's offers whose price is not a number.
        serve([](int) {
            QByteArray body = recorded(kJuly);
            const qsizetype at = body.indexOf("\"cerebras/gpt-oss-120b\"");
            const qsizetype field = body.indexOf("\"input_cost_per_token\": 3.5e-07", at);
            body.replace(field, qsizetype(strlen("\"input_cost_per_token\": 3.5e-07")), "\"input_cost_per_token\": \"0.35 USD\"");
            return json(body);
        });
        expectFailure(QStringLiteral("cerebras gpt-oss-120b: cerebras/gpt-oss-120b: input_cost_per_token is \"0.35 USD\", not a number"));
        serve([](int) {
            Answer missing;
            missing.status = 404;
            missing.reason = "Not Found";
            missing.contentType = "text/plain";
            missing.body = "404: Not Found";
            return missing;
        });
        expectFailure(QStringLiteral("HTTP 404"));
    }

    void endpointNamesTheFile()
    {
        QCOMPARE(liteLlmListUrl({}).toString(),
                 QStringLiteral("https://raw.githubusercontent.com/BerriAI/litellm/main/model_prices_and_context_window.json"));
        QCOMPARE(liteLlmListUrl(QUrl(QStringLiteral("https://mirror.example/litellm"))).toString(),
                 QStringLiteral("https://mirror.example/litellm/model_prices_and_context_window.json"));
        QCOMPARE(liteLlmListUrl(QUrl(QStringLiteral("https://mirror.example/prices.json"))).toString(),
                 QStringLiteral("https://mirror.example/prices.json"));
        QVERIFY(findRefreshSource(QStringLiteral("litellm")));
    }

    void commandLine()
    {
        const QString document = m_folder.filePath(QStringLiteral("cli.breakeven"));
        auto run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document,
                                              QStringLiteral("--source"), QStringLiteral("litellm"), QStringLiteral("--endpoint"),
                                              QStringLiteral("litellm=") + endpoint(kJanuary).toString(), QStringLiteral("--json")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject answer = QJsonDocument::fromJson(run.out).object();
        const QJsonObject source = answer[QStringLiteral("sources")].toArray().first().toObject();
        QCOMPARE(source[QStringLiteral("source")].toString(), QStringLiteral("litellm"));
        QCOMPARE(source[QStringLiteral("rows")].toObject()[QStringLiteral("updated")].toInt(), 3);
        // The text names providers, each with its counts.
        run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document, QStringLiteral("--source"),
                                         QStringLiteral("litellm"), QStringLiteral("--endpoint"),
                                         QStringLiteral("litellm=") + endpoint(kJuly).toString()});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QVERIFY2(run.out.startsWith("litellm (") && run.out.contains(" providers imported, 0 skipped"), run.out.constData());
        QVERIFY2(run.out.contains("  groq        : 0 added, 1 updated, 0 unchanged"), run.out.constData());
        const QByteArray before = fileHash(document);
        serve([](int) { return json("[]"); });
        run = testsupport::runBreakeven({QStringLiteral("refresh"), QStringLiteral("--into"), document, QStringLiteral("--source"),
                                         QStringLiteral("litellm"), QStringLiteral("--endpoint"),
                                         QStringLiteral("litellm=") + endpoint(kJanuary).toString()});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith("breakeven: litellm: ") && run.err.contains("a JSON array")
                     && run.err.trimmed().endsWith("nothing changed"),
                 run.err.constData());
        QCOMPARE(fileHash(document), before);
    }
};

QTEST_GUILESS_MAIN(TestRefreshLiteLlm)
#include "test_refreshlitellm.moc"
