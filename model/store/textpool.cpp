#include "textpool.h"

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Statement.h>

namespace breakeven {

QString TextPool::column(const SQLite::Statement &statement, int index)
{
    const SQLite::Column column = statement.getColumn(index);
    const std::string_view bytes(static_cast<const char *>(column.getText()), std::size_t(column.getBytes()));
    if (const auto found = m_texts.find(bytes); found != m_texts.end())
        return found->second;
    return m_texts.emplace(std::string(bytes), QString::fromUtf8(bytes.data(), qsizetype(bytes.size()))).first->second;
}

} // namespace breakeven
