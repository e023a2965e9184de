// Downloads one URL over HTTP(S) through Qt Network: the system's proxy, a transfer time-out,
// retries when the server asks to wait (429, 503 with Retry-After), redirects followed up to a
// limit. Asynchronous (get(), for the window) or synchronous (fetch(), an event loop of its own,
// for the command line). Every failure is one sentence naming the URL.
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QUrl>

#include <atomic>
#include <functional>
#include <memory>

class QFile;
class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace breakeven {

struct FetchOptions {
    int transferTimeoutMs = 30000; // no byte for this long: the transfer fails
    int maxTries = 3;              // on 429 and 503
    int maxRetryWaitMs = 10000;    // the most all Retry-After waits of one download add up to
    int maxRedirects = 5;
    const std::atomic_bool *cancel = nullptr; // set from anywhere: the download stops, cancelled
};

struct FetchResult {
    QUrl url;              // as asked
    QUrl finalUrl;         // after redirects
    int status = 0;        // HTTP status of the last answer; 0 when none came
    QByteArray body;       // the whole body; empty when it went to a file (fetch(url, file))
    QByteArray head;       // its first 1 KiB either way
    qint64 size = 0;       // bytes of the body received
    QByteArray contentType;
    int tries = 0;
    bool ok = false;       // a whole 2xx body arrived
    bool cancelled = false;
    QString error;         // when !ok: "https://…: HTTP 404 Not Found", "…: timed out after 30 s"
};

// A body that is an HTML page (an error or login page answered with 200), not the data asked for.
bool looksLikeHtml(const FetchResult &result);

// "1,234": byte counts in messages.
QString groupedNumber(qint64 value);
// Whether HTTPS can be used: Qt found a TLS backend. When not, `why` says so.
bool httpsAvailable(QString *why = nullptr);

class HttpFetcher : public QObject {
    Q_OBJECT
public:
    explicit HttpFetcher(FetchOptions options = {}, QObject *parent = nullptr);
    ~HttpFetcher() override;

    // Starts downloading `url`; `done` is called once, on this object's thread. With `file` (open
    // for writing) the body is written there as it arrives instead of held in memory; a retry
    // or a redirect starts the file again.
    void get(const QUrl &url, std::function<void(const FetchResult &)> done, QFile *file = nullptr);
    // Downloads `url`, running an event loop until it has arrived or failed.
    FetchResult fetch(const QUrl &url, QFile *file = nullptr);
    // Stops the download under way; its result says cancelled.
    void abort();

    const FetchOptions &options() const { return m_options; }

private:
    void startRequest();
    void finished();
    void readBody();
    void finish();
    void checkCancel();

    FetchOptions m_options;
    QNetworkAccessManager *m_manager;
    QTimer *m_cancelPoll;
    QTimer *m_retryTimer;
    QNetworkReply *m_reply = nullptr;
    QFile *m_file = nullptr;
    QUrl m_current;
    QList<QUrl> m_visited;
    int m_waitedMs = 0;
    qint64 m_received = 0;
    bool m_aborting = false;
    FetchResult m_result;
    std::function<void(const FetchResult &)> m_done;
};

} // namespace breakeven
