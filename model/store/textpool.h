// Text read from many rows that repeat it (a catalog's providers, GPUs, regions, currencies,
// sources and dates) as one shared QString per distinct value: reading 100,000 offers then
// allocates a string per distinct value instead of eight per row.
#pragma once

#include <QString>

#include <string>
#include <string_view>
#include <unordered_map>

namespace SQLite {
class Statement;
}

namespace breakeven {

class TextPool {
public:
    // The column's text, shared with every earlier read of the same bytes.
    QString column(const SQLite::Statement &statement, int index);

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
    };
    std::unordered_map<std::string, QString, Hash, std::equal_to<>> m_texts;
};

} // namespace breakeven
