// Building blocks of the scenario JSON format. ObjectReader reads one JSON object field by field,
// checking type and range, and names the JSON path in every error, so a user can find the value
// to fix. JsonWriter writes keys in the order they are given (QJsonObject sorts them), so a
// written file reads in the order of the documentation and diffs cleanly.
#pragma once

#include "inputerror.h"

#include <QAnyStringView>
#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QSet>
#include <QString>
#include <QStringList>

#include <climits>
#include <initializer_list>
#include <limits>
#include <optional>
#include <vector>

namespace breakeven::json {

// The interval a number must lie in; its describe() is the reason given when it does not.
struct Bounds {
    double min;
    bool minInclusive;
    double max;
    bool maxInclusive;

    static constexpr double kInfinity = std::numeric_limits<double>::infinity();
    static constexpr Bounds atLeast(double min) { return {min, true, kInfinity, true}; }
    static constexpr Bounds above(double min) { return {min, false, kInfinity, true}; }
    static constexpr Bounds between(double min, double max) { return {min, true, max, true}; }
    static constexpr Bounds aboveAtMost(double min, double max) { return {min, false, max, true}; }

    bool contains(double value) const;
    QString describe() const;
};

// Limits every scenario keeps, whichever way it comes in (file, document, editor), so that any
// accepted scenario computes in bounded time and memory and prints finite, readable numbers.
inline constexpr double kMaxMagnitude = 1e12;   // any number: money per unit, hours, GB, counts
inline constexpr qsizetype kMaxNameLength = 200; // names of the scenario, its options and GPUs
inline constexpr qsizetype kMaxTextLength = 2000; // any other text (sources, URLs, notes)
// Cloud and on-prem options together: at 200 the report (every chart, the results table, one
// block of assumptions per option) takes under 2 s here; at 500 it took 5 s.
inline constexpr qsizetype kMaxOptions = 200;
inline constexpr qsizetype kMaxGpus = 500;       // GPU models a scenario carries
inline constexpr qsizetype kMaxComponents = 200; // parts of one on-prem build

enum class Need { Optional, Required };
enum class Text { Any, NonEmpty, CurrencyCode, Name };

bool isCurrencyCode(const QString &text);
QString elementPath(const QString &arrayPath, qsizetype index);

class ObjectReader {
public:
    // `path` is the JSON path of the object itself, empty for the document root.
    // `formatVersion`: the scenario format's version of the file, where the object is part of a
    // scenario (see setFormatVersion()).
    ObjectReader(QJsonObject object, QString path, int formatVersion = 0);

    QString pathOf(QAnyStringView key) const;

    // Each call marks `key` as known. An absent optional field leaves `target` as it is, so
    // targets start out holding the documented defaults.
    void number(QAnyStringView key, double &target, Bounds bounds, Need need = Need::Optional);
    // null clears `target`; any number, even 0, sets it.
    void optionalNumber(QAnyStringView key, std::optional<double> &target, Bounds bounds);
    void integer(QAnyStringView key, int &target, int min, int max = INT_MAX);
    void boolean(QAnyStringView key, bool &target);
    void text(QAnyStringView key, QString &target, Text rule = Text::Any,
              Need need = Need::Optional);

    // Reads one of the stable spellings of `values` (toString of the domain enums).
    template <typename Enum>
    void enumeration(QAnyStringView key, Enum &target, std::initializer_list<Enum> values)
    {
        if (!has(key)) {
            take(key, Need::Optional);
            return;
        }
        QString spelling;
        text(key, spelling);
        QStringList names;
        for (const Enum value : values) {
            if (toString(value) == spelling) {
                target = value;
                return;
            }
            names << toString(value);
        }
        fail(key, QStringLiteral("must be one of %1 (not \"%2\")")
                      .arg(names.join(QStringLiteral(", ")), spelling));
    }

    // The nested object or array under `key`, nullopt when absent.
    std::optional<QJsonObject> objectField(QAnyStringView key);
    std::optional<QJsonArray> arrayField(QAnyStringView key);

    // Calls read(object, path) for each element of the array under `key`; each must be an
    // object, and there may be at most `limit` of them.
    template <typename Read>
    void forEachObject(QAnyStringView key, Read &&read, qsizetype limit = kMaxComponents)
    {
        const std::optional<QJsonArray> array = arrayField(key);
        if (!array)
            return;
        const QString arrayPath = pathOf(key);
        if (array->size() > limit)
            throw InputError(arrayPath, QStringLiteral("holds %1 entries; at most %2 are accepted").arg(array->size()).arg(limit));
        for (qsizetype i = 0; i < array->size(); ++i) {
            const QJsonValue element = array->at(i);
            const QString path = elementPath(arrayPath, i);
            if (!element.isObject())
                throw InputError(path, QStringLiteral("must be an object"));
            read(element.toObject(), path);
        }
    }

    bool has(QAnyStringView key) const;

    // Reports a field no read asked for, then a missing required one. Unknown fields come first
    // because a misspelt key is the usual reason a required one seems missing.
    void finish() const;
    // The scenario format's version of the file being read: an unknown field that a later version
    // of the format has is reported as needing that version.
    void setFormatVersion(int version) { m_formatVersion = version; }

    [[noreturn]] void fail(QAnyStringView key, const QString &reason) const;

private:
    std::optional<QJsonValue> take(QAnyStringView key, Need need);
    double checkedNumber(QAnyStringView key, const QJsonValue &value, Bounds bounds) const;

    QJsonObject m_object;
    QString m_path;
    QSet<QString> m_known;
    QString m_firstMissing;
    int m_formatVersion = 0; // 0: not a scenario's part, or not known
};

// Writes indented JSON, four spaces a level, keys in call order. Keys are ignored for values
// inside arrays and for the root.
class JsonWriter {
public:
    void beginObject(QAnyStringView key = {});
    void endObject();
    void beginArray(QAnyStringView key = {});
    void endArray();

    void writeNumber(QAnyStringView key, double value);
    // An array of numbers on one line: long series (a demand profile) stay a few bytes a value.
    void writeNumberArray(QAnyStringView key, const std::vector<double> &values);
    void writeOptionalNumber(QAnyStringView key, const std::optional<double> &value);
    void writeInteger(QAnyStringView key, qint64 value);
    void writeBool(QAnyStringView key, bool value);
    void writeString(QAnyStringView key, const QString &value);

    QByteArray data() const { return m_out + '\n'; }

    // Shortest text that reads back as the same double; integral values without an exponent.
    static QByteArray formatNumber(double value);

private:
    void startValue(QAnyStringView key);
    void open(QAnyStringView key, char bracket);
    void close(char bracket);

    QByteArray m_out;
    std::vector<bool> m_levelEmpty;   // one entry per open object or array
    std::vector<bool> m_levelIsArray;
};

} // namespace breakeven::json
