// A count with the noun in the right number, for English text: "1 day", "3 days". Both forms are
// whole translatable strings (the caller passes them through tr()), so a translation can give
// its own forms.
#pragma once

#include <QString>

namespace breakeven {

// `one` is used for a count of 1 and may hold %1; `many` holds %1 for the count.
inline QString countText(qint64 count, const QString &one, const QString &many)
{
    return (count == 1 ? one : many).arg(count);
}

} // namespace breakeven
