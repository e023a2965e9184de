// A small HTTP/1.1 server on 127.0.0.1 for the refresh tests, on a thread of its own (so that a
// `breakeven` process the test waits for can reach it). It serves the recorded SkyPilot sheets
// under tests/data/refresh/skypilot/, and whatever a test's route answers instead: an HTTP status
// with headers, a body cut short, or silence.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QHash>
#include <QMutex>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>

#include <cctype>
#include <functional>
#include <optional>

namespace refreshtest {

struct Answer {
    int status = 200;
    QByteArray reason = "OK";
    QByteArray contentType = "text/csv";
    QByteArray body;
    QList<QPair<QByteArray, QByteArray>> headers;
    qint64 claimedLength = -1; // a Content-Length larger than the body: the connection drops after it
    bool silent = false;       // accept and never answer
};

// Answers one request for `path` (the `hit`th for it, from 1); nullopt: the recorded files.
using Route = std::function<std::optional<Answer>(const QByteArray &path, int hit)>;

class RefreshServer : public QObject {
public:
    explicit RefreshServer(QString dataFolder)
        : m_data(std::move(dataFolder))
    {
        moveToThread(&m_thread);
        m_server.moveToThread(&m_thread);
        connect(&m_server, &QTcpServer::newConnection, this, &RefreshServer::accept);
        m_thread.start();
        QMetaObject::invokeMethod(this, [this] { m_server.listen(QHostAddress::LocalHost, 0); },
                                  Qt::BlockingQueuedConnection);
    }
    ~RefreshServer() override
    {
        QMetaObject::invokeMethod(this, [this] {
            m_server.close();
            qDeleteAll(m_server.findChildren<QTcpSocket *>());
        }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }

    QString baseUrl() const { return QStringLiteral("http://127.0.0.1:%1/catalogs/v8/").arg(m_server.serverPort()); }
    // A new route; the counts of hits start again.
    void setRoute(Route route)
    {
        QMutexLocker lock(&m_mutex);
        m_route = std::move(route);
        m_hits.clear();
    }
    int hits(const QByteArray &path) const
    {
        QMutexLocker lock(&m_mutex);
        return m_hits.value(path);
    }

private:
    void accept()
    {
        while (QTcpSocket *socket = m_server.nextPendingConnection()) {
            socket->setParent(&m_server);
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        }
    }

    void read(QTcpSocket *socket)
    {
        QByteArray request = socket->property("request").toByteArray() + socket->readAll();
        socket->setProperty("request", request);
        if (!request.isEmpty() && !std::isupper(static_cast<unsigned char>(request.front()))) {
            socket->abort(); // not HTTP (a TLS handshake): hang up
            return;
        }
        if (!request.contains("\r\n\r\n"))
            return;
        const QByteArray path = request.left(request.indexOf("\r\n")).split(' ').value(1);
        socket->setProperty("request", QByteArray());
        Route route;
        int hit = 0;
        {
            QMutexLocker lock(&m_mutex);
            hit = ++m_hits[path];
            route = m_route;
        }
        std::optional<Answer> answer = route ? route(path, hit) : std::nullopt;
        if (!answer)
            answer = recorded(path);
        if (answer->silent)
            return;
        QByteArray head = "HTTP/1.1 " + QByteArray::number(answer->status) + ' ' + answer->reason + "\r\n";
        head += "Content-Type: " + answer->contentType + "\r\n";
        head += "Content-Length: "
            + QByteArray::number(answer->claimedLength >= 0 ? answer->claimedLength : answer->body.size()) + "\r\n";
        for (const auto &[name, value] : answer->headers)
            head += name + ": " + value + "\r\n";
        head += "Connection: close\r\n\r\n";
        socket->write(head + answer->body);
        socket->disconnectFromHost(); // after what was written has gone out
    }

    Answer recorded(const QByteArray &path) const
    {
        Answer answer;
        const QByteArray prefix = "/catalogs/v8/";
        QFile file(m_data + QLatin1Char('/') + QString::fromUtf8(path.mid(prefix.size())));
        if (!path.startsWith(prefix) || path.contains("..") || !file.open(QIODevice::ReadOnly)) {
            answer.status = 404;
            answer.reason = "Not Found";
            answer.contentType = "text/plain";
            answer.body = "404: Not Found";
            return answer;
        }
        answer.body = file.readAll();
        return answer;
    }

    QString m_data;
    QThread m_thread;
    QTcpServer m_server;
    mutable QMutex m_mutex;
    Route m_route;
    QHash<QByteArray, int> m_hits;
};

} // namespace refreshtest
