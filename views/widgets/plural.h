// A count with its noun in the right form, through Qt's plural mechanism: the text is translated
// with the count (the numerus form of tr(), "%n day(s)"), so a translation gives each language its
// own forms. With no translation loaded, the English forms: "(s)" is dropped for a count of one
// and becomes "s" otherwise ("1 day", "3 days").
#pragma once

#include <QCoreApplication>
#include <QString>

namespace breakeven {

inline QString countText(const char *context, const char *text, qint64 count)
{
    // %n is replaced by the count; a translation has its own forms and no "(s)".
    QString out = QCoreApplication::translate(context, text, nullptr, int(count));
    return out.replace(QStringLiteral("(s)"), count == 1 ? QString() : QStringLiteral("s"));
}

} // namespace breakeven
