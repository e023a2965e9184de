#include "settingsrepository.h"

#include "connection.h"
#include "inputerror.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonParseError>

namespace breakeven {

SettingsRepository::SettingsRepository(Connection &connection)
    : m_connection(connection)
{
}

std::optional<QString> SettingsRepository::value(const QString &key)
{
    return m_connection.read([&]() -> std::optional<QString> {
        auto query = m_connection.statement("SELECT value FROM settings WHERE key = ?");
        query->bind(1, utf8(key));
        if (!query->executeStep())
            return std::nullopt;
        return textColumn(*query, 0);
    });
}

QString SettingsRepository::value(const QString &key, const QString &fallback)
{
    return value(key).value_or(fallback);
}

void SettingsRepository::setValue(const QString &key, const QString &value)
{
    m_connection.write([&] {
        auto upsert
            = m_connection.statement("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)");
        upsert->bind(1, utf8(key));
        upsert->bind(2, utf8(value));
        upsert->exec();
    });
}

void SettingsRepository::remove(const QString &key)
{
    m_connection.write([&] {
        auto remove = m_connection.statement("DELETE FROM settings WHERE key = ?");
        remove->bind(1, utf8(key));
        remove->exec();
    });
}

QStringList SettingsRepository::mappingNames()
{
    return m_connection.read([&] {
        QStringList names;
        auto query = m_connection.statement(
            "SELECT name FROM sheet_mappings ORDER BY name COLLATE NOCASE");
        while (query->executeStep())
            names.append(textColumn(*query, 0));
        return names;
    });
}

std::optional<QByteArray> SettingsRepository::mapping(const QString &name)
{
    return m_connection.read([&]() -> std::optional<QByteArray> {
        auto query = m_connection.statement("SELECT json FROM sheet_mappings WHERE name = ?");
        query->bind(1, utf8(name));
        if (!query->executeStep())
            return std::nullopt;
        const SQLite::Column json = query->getColumn(0);
        return QByteArray(static_cast<const char *>(json.getText()), json.getBytes());
    });
}

void SettingsRepository::saveMapping(const QString &name, const QByteArray &json)
{
    if (name.trimmed().isEmpty())
        throw InputError(m_connection.path(), QStringLiteral("a sheet mapping needs a name"));
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (document.isNull())
        throw InputError(QStringLiteral("mapping \"%1\"").arg(name),
            QStringLiteral("not JSON: %1").arg(error.errorString()));
    m_connection.write([&] {
        auto upsert = m_connection.statement(
            "INSERT OR REPLACE INTO sheet_mappings (name, json, saved_at) VALUES (?, ?, ?)");
        upsert->bind(1, utf8(name));
        upsert->bind(2, json.toStdString());
        upsert->bind(3, utf8(QDateTime::currentDateTimeUtc().toString(Qt::ISODate)));
        upsert->exec();
    });
}

void SettingsRepository::removeMapping(const QString &name)
{
    m_connection.write([&] {
        auto remove = m_connection.statement("DELETE FROM sheet_mappings WHERE name = ?");
        remove->bind(1, utf8(name));
        remove->exec();
    });
}

} // namespace breakeven
