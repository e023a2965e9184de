#include "httpfetcher.h"

#include <QEventLoop>
#include <QFile>
#include <QLocale>
#include <QNetworkAccessManager>
#include <QNetworkProxyFactory>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#if QT_CONFIG(ssl)
#include <QSslSocket>
#endif

namespace breakeven {

QString groupedNumber(qint64 value)
{
    return QLocale(QLocale::English).toString(value);
}

bool httpsAvailable(QString *why)
{
#if QT_CONFIG(ssl)
    if (QSslSocket::supportsSsl())
        return true;
    if (why)
        *why = QStringLiteral("HTTPS is not available: Qt found no TLS backend (its OpenSSL plugin or OpenSSL 3 is "
                              "missing); use an http:// mirror with --endpoint");
    return false;
#else
    if (why)
        *why = QStringLiteral("HTTPS is not available: this build of Qt has no TLS support");
    return false;
#endif
}

namespace {

QString seconds(int ms)
{
    return ms % 1000 == 0 ? QString::number(ms / 1000) : QString::number(ms / 1000.0, 'f', 1);
}

QString shown(const QUrl &url)
{
    return url.toDisplayString(QUrl::RemoveUserInfo);
}

} // namespace

HttpFetcher::HttpFetcher(FetchOptions options, QObject *parent)
    : QObject(parent)
    , m_options(options)
    , m_manager(new QNetworkAccessManager(this))
    , m_cancelPoll(new QTimer(this))
    , m_retryTimer(new QTimer(this))
{
    // Honour the proxy the system (or http_proxy / https_proxy / no_proxy) names.
    QNetworkProxyFactory::setUseSystemConfiguration(true);
    m_cancelPoll->setInterval(50);
    connect(m_cancelPoll, &QTimer::timeout, this, &HttpFetcher::checkCancel);
    m_retryTimer->setSingleShot(true);
    connect(m_retryTimer, &QTimer::timeout, this, &HttpFetcher::startRequest);
}

HttpFetcher::~HttpFetcher()
{
    if (m_reply) {
        m_reply->disconnect(this);
        m_reply->abort();
        m_reply->deleteLater();
    }
}

void HttpFetcher::get(const QUrl &url, std::function<void(const FetchResult &)> done, QFile *file)
{
    m_file = file;
    m_result = FetchResult{};
    m_result.url = url;
    m_current = url;
    m_visited = {url};
    m_waitedMs = 0;
    m_done = std::move(done);
    QString why;
    if (url.scheme() == QLatin1String("https") && !httpsAvailable(&why)) {
        m_result.error = shown(url) + QStringLiteral(": ") + why;
        finish();
        return;
    }
    if (m_options.cancel)
        m_cancelPoll->start();
    startRequest();
}

FetchResult HttpFetcher::fetch(const QUrl &url, QFile *file)
{
    FetchResult result;
    bool arrived = false;
    QEventLoop loop;
    get(url, [&](const FetchResult &r) {
        result = r;
        arrived = true;
        loop.quit();
    }, file);
    if (!arrived)
        loop.exec();
    return result;
}

void HttpFetcher::abort()
{
    m_aborting = true;
    if (m_reply) {
        m_reply->abort(); // finished() follows
    } else if (m_done) {
        m_retryTimer->stop();
        m_result.cancelled = true;
        m_result.error = shown(m_current) + QStringLiteral(": cancelled");
        finish();
    }
}

void HttpFetcher::checkCancel()
{
    if (m_options.cancel && m_options.cancel->load() && !m_aborting)
        abort();
}

void HttpFetcher::startRequest()
{
    QNetworkRequest request(m_current);
    request.setTransferTimeout(m_options.transferTimeoutMs);
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::ManualRedirectPolicy);
    request.setHeader(QNetworkRequest::UserAgentHeader,
                      QStringLiteral("Breakeven/%1 (price refresh)").arg(QStringLiteral(BREAKEVEN_VERSION)));
    m_received = 0;
    m_result.body.clear();
    m_result.head.clear();
    if (m_file && (!m_file->seek(0) || !m_file->resize(0))) {
        m_result.error = QStringLiteral("%1: cannot write %2: %3").arg(shown(m_current), m_file->fileName(), m_file->errorString());
        finish();
        return;
    }
    m_aborting = false;
    ++m_result.tries;
    m_reply = m_manager->get(request);
    connect(m_reply, &QNetworkReply::readyRead, this, &HttpFetcher::readBody);
    connect(m_reply, &QNetworkReply::finished, this, &HttpFetcher::finished);
}

void HttpFetcher::finished()
{
    QNetworkReply *reply = m_reply;
    m_reply = nullptr;
    reply->deleteLater();
    const QString where = shown(m_current);
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QString phrase = reply->attribute(QNetworkRequest::HttpReasonPhraseAttribute).toString();
    const QString httpError = QStringLiteral("%1: HTTP %2 %3").arg(where).arg(status).arg(phrase).trimmed();
    m_result.status = status;
    m_result.finalUrl = m_current;
    m_result.contentType = reply->header(QNetworkRequest::ContentTypeHeader).toByteArray();

    if (m_aborting) {
        m_result.cancelled = true;
        m_result.error = where + QStringLiteral(": cancelled");
        finish();
        return;
    }
    if (status >= 300 && status < 400 && reply->hasRawHeader("Location")) {
        const QUrl next = m_current.resolved(QUrl::fromEncoded(reply->rawHeader("Location")));
        if (m_visited.contains(next)) {
            m_result.error = QStringLiteral("%1: redirect loop (%2 sends back to %3)").arg(shown(m_result.url), where, shown(next));
        } else if (m_visited.size() > m_options.maxRedirects) {
            m_result.error = QStringLiteral("%1: more than %2 redirects").arg(shown(m_result.url)).arg(m_options.maxRedirects);
        } else {
            m_visited << next;
            m_current = next;
            startRequest();
            return;
        }
        finish();
        return;
    }
    if (status == 429 || status == 503) {
        bool isNumber = false;
        const int after = reply->rawHeader("Retry-After").trimmed().toInt(&isNumber);
        const int waitMs = isNumber && after >= 0 ? after * 1000 : 1000;
        if (m_result.tries < m_options.maxTries && m_waitedMs + waitMs <= m_options.maxRetryWaitMs) {
            m_waitedMs += waitMs;
            m_retryTimer->start(waitMs);
            return;
        }
        m_result.error = httpError + QStringLiteral(" (after %1 %2").arg(m_result.tries).arg(m_result.tries == 1 ? QStringLiteral("try") : QStringLiteral("tries"));
        if (m_result.tries < m_options.maxTries) // the wait asked for is beyond what is allowed
            m_result.error += QStringLiteral("; asked to wait %1 s").arg(seconds(waitMs));
        m_result.error += QLatin1Char(')');
        finish();
        return;
    }
    if (status >= 400) {
        m_result.error = httpError;
        finish();
        return;
    }
    m_reply = reply; // what is left of the body
    readBody();
    m_reply = nullptr;
    if (!m_result.error.isEmpty()) { // the file could not be written
        finish();
        return;
    }
    const qint64 received = m_received;
    m_result.size = received;
    const QVariant length = reply->header(QNetworkRequest::ContentLengthHeader);
    const QNetworkReply::NetworkError error = reply->error();
    if (error == QNetworkReply::OperationCanceledError || error == QNetworkReply::TimeoutError) {
        m_result.error = QStringLiteral("%1: timed out after %2 s").arg(where, seconds(m_options.transferTimeoutMs));
    } else if (error != QNetworkReply::NoError && status == 0) {
        // No HTTP answer at all: offline, refused, a name that does not resolve, a failed TLS
        // handshake.
        m_result.error = QStringLiteral("%1: no answer (%2)").arg(where, reply->errorString());
    } else if ((error != QNetworkReply::NoError && status != 0)
               || error == QNetworkReply::RemoteHostClosedError
               || (length.isValid() && received < length.toLongLong())) {
        m_result.error = length.isValid()
            ? QStringLiteral("%1: connection closed after %2 of %3 bytes").arg(where, groupedNumber(received), groupedNumber(length.toLongLong()))
            : QStringLiteral("%1: connection closed after %2 bytes").arg(where, groupedNumber(received));
    } else if (error != QNetworkReply::NoError) {
        m_result.error = QStringLiteral("%1: %2").arg(where, reply->errorString());
    } else {
        m_result.ok = true;
    }
    finish();
}

// Takes what has arrived of a 2xx body: into the file, or into memory.
void HttpFetcher::readBody()
{
    const int status = m_reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status < 200 || status >= 300 || !m_reply->isOpen() || !m_result.error.isEmpty())
        return;
    const QByteArray data = m_reply->readAll();
    if (m_result.head.size() < 1024)
        m_result.head += data.left(1024 - m_result.head.size());
    m_received += data.size();
    if (!m_file) {
        m_result.body += data;
    } else if (m_file->write(data) != data.size()) {
        m_result.error = QStringLiteral("%1: cannot write %2: %3").arg(shown(m_current), m_file->fileName(), m_file->errorString());
        m_reply->abort();
    }
}

void HttpFetcher::finish()
{
    m_cancelPoll->stop();
    if (!m_result.ok)
        m_result.body.clear();
    auto done = std::move(m_done);
    m_done = nullptr;
    if (done)
        done(m_result);
}

bool looksLikeHtml(const FetchResult &result)
{
    if (result.contentType.toLower().contains("text/html"))
        return true;
    const QByteArray start = result.head.trimmed().toLower();
    return start.startsWith("<!doctype") || start.startsWith("<html") || start.startsWith("<?xml")
        || start.startsWith("<head") || start.startsWith("<body");
}

} // namespace breakeven
