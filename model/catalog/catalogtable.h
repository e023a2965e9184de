// A table of the bundled catalog, or of a catalog file beside it, read by header name so that
// column order is free and a new column breaks nothing; each error names the file, the line and
// the column.
#pragma once

#include "text/csvreader.h"

#include <QByteArray>
#include <QHash>
#include <QString>

#include <memory>
#include <optional>

namespace breakeven {

// A bundled file read whole; InputError naming it when it is missing.
QByteArray readResource(const QString &path);

class CatalogTable {
public:
    CatalogTable(const QByteArray &csv, const QString &name);

    bool next() { return m_reader->next(m_record); }

    // The trimmed text of `column` in the current row; a missing column, or an empty value of a
    // required one, is an InputError.
    QString text(const char *column, bool required = true) const;
    std::optional<double> optionalNumber(const char *column) const;
    double number(const char *column, double fallback) const { return optionalNumber(column).value_or(fallback); }
    double requiredNumber(const char *column) const;
    // A number of 0 or more, or none when the value is empty (an InputError when required).
    std::optional<double> nonNegative(const char *column, bool required = false) const;
    bool boolean(const char *column) const;
    [[noreturn]] void fail(const char *column, const QString &reason) const;

private:
    std::unique_ptr<CsvReader> m_reader;
    QString m_name;
    QHash<QString, int> m_columns;
    CsvRecord m_record;
};

} // namespace breakeven
