// Per-document settings (key/value text) and the column mappings of custom price sheets, saved
// under a name so that the next sheet of the same provider imports without the mapping page.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace breakeven {

class Connection;

class SettingsRepository {
public:
    explicit SettingsRepository(Connection &connection);

    std::optional<QString> value(const QString &key);
    QString value(const QString &key, const QString &fallback);
    void setValue(const QString &key, const QString &value);
    void remove(const QString &key);

    QStringList mappingNames();
    std::optional<QByteArray> mapping(const QString &name);
    // `json` must be a JSON object or array; replaces a mapping of the same name.
    void saveMapping(const QString &name, const QByteArray &json);
    void removeMapping(const QString &name);

private:
    Connection &m_connection;
};

} // namespace breakeven
