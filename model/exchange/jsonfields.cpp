#include "jsonfields.h"

#include <QHash>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace breakeven::json {

namespace {
QString numberText(double value)
{
    return QString::number(value, 'g', 15);
}

QByteArray quoted(const QString &text)
{
    // Qt's own escaping, so whatever is written the parser reads back unchanged.
    return QJsonDocument(QJsonArray{text}).toJson(QJsonDocument::Compact).chopped(1).mid(1);
}
} // namespace

bool Bounds::contains(double value) const
{
    const bool aboveMin = minInclusive ? value >= min : value > min;
    const bool belowMax = maxInclusive ? value <= max : value < max;
    return aboveMin && belowMax;
}

QString Bounds::describe() const
{
    const QString lower =
        (minInclusive ? QStringLiteral("≥ ") : QStringLiteral("> ")) + numberText(min);
    const QString upper =
        (maxInclusive ? QStringLiteral("≤ ") : QStringLiteral("< ")) + numberText(max);
    if (std::isinf(max))
        return QStringLiteral("must be ") + lower;
    if (std::isinf(min))
        return QStringLiteral("must be ") + upper;
    if (minInclusive && maxInclusive)
        return QStringLiteral("must be between %1 and %2").arg(numberText(min), numberText(max));
    return QStringLiteral("must be %1 and %2").arg(lower, upper);
}

bool isCurrencyCode(const QString &text)
{
    return text.size() == 3
        && std::all_of(text.begin(), text.end(), [](QChar c) { return c >= u'A' && c <= u'Z'; });
}

QString elementPath(const QString &arrayPath, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(arrayPath).arg(index);
}

ObjectReader::ObjectReader(QJsonObject object, QString path, int formatVersion)
    : m_object(std::move(object))
    , m_path(std::move(path))
    , m_formatVersion(formatVersion)
{
}

QString ObjectReader::pathOf(QAnyStringView key) const
{
    const QString name = key.toString();
    return m_path.isEmpty() ? name : m_path + u'.' + name;
}

bool ObjectReader::has(QAnyStringView key) const
{
    return m_object.contains(key.toString());
}

void ObjectReader::fail(QAnyStringView key, const QString &reason) const
{
    throw InputError(pathOf(key), reason);
}

std::optional<QJsonValue> ObjectReader::take(QAnyStringView key, Need need)
{
    const QString name = key.toString();
    m_known.insert(name);
    const QJsonValue value = m_object.value(name);
    if (value.isUndefined()) {
        if (need == Need::Required && m_firstMissing.isEmpty())
            m_firstMissing = name;
        return std::nullopt;
    }
    return value;
}

double ObjectReader::checkedNumber(QAnyStringView key, const QJsonValue &value, Bounds bounds) const
{
    if (!value.isDouble())
        fail(key, QStringLiteral("must be a number"));
    const double number = value.toDouble();
    // The parser never yields NaN or infinity, but an object built in code can.
    if (!std::isfinite(number))
        fail(key, QStringLiteral("must be a finite number"));
    if (!bounds.contains(number))
        fail(key, bounds.describe());
    if (std::abs(number) > kMaxMagnitude)
        fail(key, QStringLiteral("must be at most 1e12 in size (not %1)").arg(numberText(number)));
    return number;
}

void ObjectReader::number(QAnyStringView key, double &target, Bounds bounds, Need need)
{
    if (const std::optional<QJsonValue> value = take(key, need))
        target = checkedNumber(key, *value, bounds);
}

void ObjectReader::optionalNumber(QAnyStringView key, std::optional<double> &target, Bounds bounds)
{
    const std::optional<QJsonValue> value = take(key, Need::Optional);
    if (!value)
        return;
    if (value->isNull())
        target.reset();
    else
        target = checkedNumber(key, *value, bounds);
}

void ObjectReader::integer(QAnyStringView key, int &target, int min, int max)
{
    const std::optional<QJsonValue> value = take(key, Need::Optional);
    if (!value)
        return;
    if (!value->isDouble())
        fail(key, QStringLiteral("must be an integer"));
    const double number = value->toDouble();
    if (!std::isfinite(number) || number != std::trunc(number))
        fail(key, QStringLiteral("must be an integer, not %1").arg(numberText(number)));
    if (number < min || number > max) {
        if (max == INT_MAX)
            fail(key, number < min ? QStringLiteral("must be ≥ %1").arg(min)
                                   : QStringLiteral("must be ≤ %1").arg(max));
        fail(key, QStringLiteral("must be an integer from %1 to %2").arg(min).arg(max));
    }
    target = static_cast<int>(number);
}

void ObjectReader::boolean(QAnyStringView key, bool &target)
{
    const std::optional<QJsonValue> value = take(key, Need::Optional);
    if (!value)
        return;
    if (!value->isBool())
        fail(key, QStringLiteral("must be true or false"));
    target = value->toBool();
}

void ObjectReader::text(QAnyStringView key, QString &target, Text rule, Need need)
{
    const std::optional<QJsonValue> value = take(key, need);
    if (!value)
        return;
    if (!value->isString())
        fail(key, QStringLiteral("must be a string"));
    const QString string = value->toString();
    if ((rule == Text::NonEmpty || rule == Text::Name) && string.trimmed().isEmpty())
        fail(key, QStringLiteral("must not be empty"));
    const qsizetype limit = rule == Text::Name ? kMaxNameLength : kMaxTextLength;
    if (string.size() > limit)
        fail(key, QStringLiteral("is %1 characters long; at most %2 are accepted").arg(string.size()).arg(limit));
    // NUL, escape sequences and other control characters would reach terminals, tables and
    // files; a tab or line break inside a name is a mistake too.
    for (const QChar c : string)
        if (c.category() == QChar::Other_Control)
            fail(key, QStringLiteral("contains the control character U+%1")
                          .arg(QString::number(c.unicode(), 16).toUpper().rightJustified(4, QLatin1Char('0'))));
    if (rule == Text::CurrencyCode && !isCurrencyCode(string))
        fail(key, QStringLiteral("must be a currency code of 3 capital letters, like \"EUR\" "
                                 "(not \"%1\")")
                      .arg(string));
    target = string;
}

std::optional<QJsonObject> ObjectReader::objectField(QAnyStringView key)
{
    const std::optional<QJsonValue> value = take(key, Need::Optional);
    if (!value)
        return std::nullopt;
    if (!value->isObject())
        fail(key, QStringLiteral("must be an object"));
    return value->toObject();
}

std::optional<QJsonArray> ObjectReader::arrayField(QAnyStringView key)
{
    const std::optional<QJsonValue> value = take(key, Need::Optional);
    if (!value)
        return std::nullopt;
    if (!value->isArray())
        fail(key, QStringLiteral("must be an array"));
    return value->toArray();
}

namespace {

// The fields of a scenario's top level, workload, options and builds that versions 2 and 3 of the
// format added (docs/scenario-format.md).
int versionThatAdded(const QString &key)
{
    static const QHash<QString, int> added = {
        {QStringLiteral("throughputProfile"), 2}, {QStringLiteral("demand"), 2},
        {QStringLiteral("priceChangePerYear"), 2}, {QStringLiteral("reservedUpfrontShare"), 2},
        {QStringLiteral("commitmentMonths"), 2}, {QStringLiteral("scores"), 2},
        {QStringLiteral("resaleHaircut"), 2}, {QStringLiteral("cloudPriceChangePerYear"), 2},
        {QStringLiteral("hardwarePriceChangePerYear"), 2}, {QStringLiteral("electricityPriceChangePerYear"), 2},
        {QStringLiteral("criteriaWeights"), 2}, {QStringLiteral("uncertainty"), 2},
        {QStringLiteral("hybridOptions"), 2},
        {QStringLiteral("serving"), 3}, {QStringLiteral("goodput"), 3}, {QStringLiteral("autoscales"), 3},
        {QStringLiteral("colocationPerKWMonth"), 3}, {QStringLiteral("spareShare"), 3},
        {QStringLiteral("financing"), 3}, {QStringLiteral("discounting"), 3}, {QStringLiteral("tax"), 3},
        {QStringLiteral("models"), 3}, {QStringLiteral("apiOptions"), 3},
        {QStringLiteral("apiPriceChangePerYear"), 3},
    };
    return added.value(key, 0);
}

} // namespace

void ObjectReader::finish() const
{
    // QJsonObject iterates in key order, so the field reported is the same on every run.
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        if (m_known.contains(it.key()))
            continue;
        const int needs = m_formatVersion > 0 ? versionThatAdded(it.key()) : 0;
        if (needs > m_formatVersion)
            fail(it.key(), QStringLiteral("needs version %1 of the scenario format; this file says \"version\": %2")
                               .arg(needs).arg(m_formatVersion));
        fail(it.key(), QStringLiteral("unknown field"));
    }
    if (!m_firstMissing.isEmpty())
        fail(m_firstMissing, QStringLiteral("required field is missing"));
}

void JsonWriter::startValue(QAnyStringView key)
{
    if (m_levelEmpty.empty())
        return;
    if (!m_levelEmpty.back())
        m_out += ',';
    m_levelEmpty.back() = false;
    m_out += '\n';
    m_out += QByteArray(4 * qsizetype(m_levelEmpty.size()), ' ');
    if (!m_levelIsArray.back()) {
        m_out += quoted(key.toString());
        m_out += ": ";
    }
}

void JsonWriter::open(QAnyStringView key, char bracket)
{
    startValue(key);
    m_out += bracket;
    m_levelEmpty.push_back(true);
    m_levelIsArray.push_back(bracket == '[');
}

void JsonWriter::close(char bracket)
{
    const bool empty = m_levelEmpty.back();
    m_levelEmpty.pop_back();
    m_levelIsArray.pop_back();
    if (!empty) {
        m_out += '\n';
        m_out += QByteArray(4 * qsizetype(m_levelEmpty.size()), ' ');
    }
    m_out += bracket;
}

void JsonWriter::beginObject(QAnyStringView key)
{
    open(key, '{');
}

void JsonWriter::endObject()
{
    close('}');
}

void JsonWriter::beginArray(QAnyStringView key)
{
    open(key, '[');
}

void JsonWriter::endArray()
{
    close(']');
}

QByteArray JsonWriter::formatNumber(double value)
{
    if (!std::isfinite(value))
        return "null";
    if (value == 0)
        return "0"; // also folds -0, which parsers read back as 0 anyway
    constexpr double kExactIntegers = 9007199254740992.0; // 2^53
    if (std::abs(value) < kExactIntegers && value == std::trunc(value))
        return QByteArray::number(static_cast<qint64>(value));
    return QByteArray::number(value, 'g', QLocale::FloatingPointShortest);
}

void JsonWriter::writeNumber(QAnyStringView key, double value)
{
    startValue(key);
    m_out += formatNumber(value);
}

void JsonWriter::writeNumberArray(QAnyStringView key, const std::vector<double> &values)
{
    startValue(key);
    m_out += '[';
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0)
            m_out += ", ";
        m_out += formatNumber(values[i]);
    }
    m_out += ']';
}

void JsonWriter::writeOptionalNumber(QAnyStringView key, const std::optional<double> &value)
{
    startValue(key);
    m_out += value ? formatNumber(*value) : QByteArray("null");
}

void JsonWriter::writeInteger(QAnyStringView key, qint64 value)
{
    startValue(key);
    m_out += QByteArray::number(value);
}

void JsonWriter::writeBool(QAnyStringView key, bool value)
{
    startValue(key);
    m_out += value ? "true" : "false";
}

void JsonWriter::writeString(QAnyStringView key, const QString &value)
{
    startValue(key);
    m_out += quoted(value);
}

} // namespace breakeven::json
