#include "catalogtable.h"

#include "inputerror.h"

#include <QFile>

#include <cmath>

namespace breakeven {

QByteArray readResource(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(path, QStringLiteral("bundled file is missing"));
    return file.readAll();
}

CatalogTable::CatalogTable(const QByteArray &csv, const QString &name)
    : m_reader(CsvReader::fromData(csv, name))
    , m_name(name)
{
    CsvRecord header;
    if (!m_reader->next(header))
        throw InputError(name, QStringLiteral("empty file"));
    for (int i = 0; i < header.fields.size(); ++i)
        m_columns.insert(header.fields[i].trimmed(), i);
}

QString CatalogTable::text(const char *column, bool required) const
{
    const auto it = m_columns.constFind(QLatin1String(column));
    if (it == m_columns.constEnd())
        throw InputError(m_name, QStringLiteral("column %1 is missing").arg(QLatin1String(column)));
    const QString value = *it < m_record.fields.size() ? m_record.fields[*it].trimmed() : QString();
    if (required && value.isEmpty())
        fail(column, QStringLiteral("value is missing"));
    return value;
}

std::optional<double> CatalogTable::optionalNumber(const char *column) const
{
    const QString value = text(column, false);
    if (value.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double number = value.toDouble(&ok);
    if (!ok || !std::isfinite(number))
        fail(column, QStringLiteral("\"%1\" is not a number").arg(value));
    return number;
}

double CatalogTable::requiredNumber(const char *column) const
{
    const auto n = optionalNumber(column);
    if (!n)
        fail(column, QStringLiteral("value is missing"));
    return *n;
}

std::optional<double> CatalogTable::nonNegative(const char *column, bool required) const
{
    const QString value = text(column, required);
    if (value.isEmpty())
        return std::nullopt;
    bool ok = false;
    const double n = value.toDouble(&ok);
    if (!ok || !std::isfinite(n) || n < 0)
        fail(column, QStringLiteral("\"%1\" is not a number of 0 or more").arg(value));
    return n;
}

bool CatalogTable::boolean(const char *column) const
{
    const QString v = text(column).toLower();
    if (v == QLatin1String("true") || v == QLatin1String("1") || v == QLatin1String("yes"))
        return true;
    if (v == QLatin1String("false") || v == QLatin1String("0") || v == QLatin1String("no"))
        return false;
    fail(column, QStringLiteral("\"%1\" is not true or false").arg(v));
}

void CatalogTable::fail(const char *column, const QString &reason) const
{
    throw InputError(QStringLiteral("%1:%2: column %3").arg(m_name).arg(m_record.line).arg(QLatin1String(column)), reason);
}

} // namespace breakeven
