// Strings made from UTF-8 bytes that repeat: a sheet names the same instance types, regions and
// GPUs row after row. The same bytes give the same shared QString while they stay in the cache
// (one slot per hash of the bytes), so that the rows holding a text share one copy of it and
// the text is decoded once.
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QHashFunctions>
#include <QString>

#include <cstddef>
#include <vector>

namespace breakeven {

class TextCache {
public:
    TextCache() = default;
    explicit TextCache(std::size_t size) : m_size(size) { }

    // Valid until the next call.
    const QString &text(QByteArrayView utf8)
    {
        if (m_slots.empty())
            m_slots.resize(m_size); // only caches that are used take memory
        Slot &slot = m_slots[qHash(utf8) % m_size];
        if (slot.bytes != utf8) {
            slot.bytes = utf8.toByteArray();
            slot.text = QString::fromUtf8(utf8);
        }
        return slot.text;
    }

private:
    struct Slot {
        QByteArray bytes;
        QString text;
    };
    std::size_t m_size = 1024;
    std::vector<Slot> m_slots;
};

} // namespace breakeven
