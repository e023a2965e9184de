// The one error type for bad input: a scenario JSON file, a price sheet, a document, an argument.
// `where` names the place (a JSON path, "file.csv:12: column Price", a file name) and `reason`
// says what is wrong, so a message can always be one line that tells the user what to fix.
#pragma once

#include <QString>

#include <stdexcept>

namespace breakeven {

class InputError : public std::runtime_error {
public:
    InputError(QString where, QString reason)
        : std::runtime_error((where.isEmpty() ? reason : where + QStringLiteral(": ") + reason).toStdString())
        , m_where(std::move(where))
        , m_reason(std::move(reason))
    {
    }
    const QString &where() const { return m_where; }
    const QString &reason() const { return m_reason; }
    QString message() const { return QString::fromStdString(what()); }

private:
    QString m_where;
    QString m_reason;
};

} // namespace breakeven
