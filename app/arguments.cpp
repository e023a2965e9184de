#include "arguments.h"

#include "demand/demandreader.h"

#include <QRegularExpression>

#include <cmath>
#include <optional>

namespace breakeven::cli {

Arguments::Arguments(const QStringList &arguments, const QStringList &flags, const QStringList &options,
                     const QStringList &repeatable)
{
    for (int i = 0; i < arguments.size(); ++i) {
        const QString &a = arguments[i];
        if (!a.startsWith(QLatin1String("--")) || a == QLatin1String("--")) {
            m_positionals << a;
            continue;
        }
        QString name = a.mid(2);
        std::optional<QString> value;
        if (const int eq = name.indexOf(QLatin1Char('=')); eq >= 0) {
            value = name.mid(eq + 1);
            name.truncate(eq);
        }
        if (flags.contains(name)) {
            if (value)
                throw UsageError(QStringLiteral("--%1 takes no value").arg(name));
            m_flags.insert(name);
        } else if (options.contains(name) || repeatable.contains(name)) {
            if (!value) {
                if (i + 1 >= arguments.size())
                    throw UsageError(QStringLiteral("--%1 needs a value").arg(name));
                value = arguments[++i];
            }
            if (repeatable.contains(name)) {
                m_repeated[name] << *value;
                continue;
            }
            if (m_options.contains(name))
                throw UsageError(QStringLiteral("--%1 given twice").arg(name));
            m_options.insert(name, *value);
        } else {
            throw UsageError(QStringLiteral("unknown option %1").arg(a));
        }
    }
}

std::optional<QString> Arguments::option(const QString &name) const
{
    const auto it = m_options.constFind(name);
    if (it == m_options.constEnd())
        return std::nullopt;
    return *it;
}

QString Arguments::requiredOption(const QString &name) const
{
    if (auto v = option(name))
        return *v;
    throw UsageError(QStringLiteral("--%1 is required").arg(name));
}

QString Arguments::positional(int index, const QString &what) const
{
    if (index >= m_positionals.size())
        throw UsageError(QStringLiteral("missing %1").arg(what));
    return m_positionals[index];
}

void Arguments::expectPositionals(int count, const QString &what) const
{
    if (m_positionals.size() < count)
        throw UsageError(QStringLiteral("missing %1").arg(what));
    if (m_positionals.size() > count)
        throw UsageError(QStringLiteral("unexpected argument \"%1\"").arg(m_positionals[count]));
}

namespace {

// A fraction ("0.35", "-0.2") or a percentage ("35%", "-20%"); nullopt when it is neither or
// lies outside [low, high].
std::optional<double> fractionOrPercent(const QString &text, double low, double high)
{
    QString t = text.trimmed();
    double scale = 1.0;
    if (t.endsWith(QLatin1Char('%'))) {
        t.chop(1);
        scale = 0.01;
    }
    bool ok = false;
    const double value = t.toDouble(&ok) * scale;
    if (!ok || !std::isfinite(value) || value < low || value > high)
        return std::nullopt;
    return value;
}

} // namespace

double parsePriceChange(const QString &option, const QString &text)
{
    if (const auto value = fractionOrPercent(text, -0.9, 1.0))
        return *value;
    throw UsageError(QStringLiteral("%1 must be a yearly change between -0.9 and 1 (or -90%–100%), not \"%2\"")
                         .arg(option, text));
}

double parseUtilization(const QString &text)
{
    if (const auto value = fractionOrPercent(text, 0, 1))
        return *value;
    throw UsageError(QStringLiteral("--utilization must be between 0 and 1 (or 0%–100%), not \"%1\"").arg(text));
}

// `15m`, `90min`, `1h`, `1.5h`, `1d`: a number and a unit, minutes, hours or days.
double parseDemandStep(const QString &text)
{
    static const QRegularExpression form(QStringLiteral("^\\s*(\\d+(?:\\.\\d+)?)\\s*(m|min|h|d)\\s*$"),
                                         QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = form.match(text);
    double hours = -1;
    if (match.hasMatch()) {
        const double value = match.captured(1).toDouble();
        const QString unit = match.captured(2).toLower();
        hours = unit == QLatin1String("d") ? value * 24 : unit == QLatin1String("h") ? value : value / 60;
    }
    // Steps are whole milliseconds; the reader rounds, so refuse what rounding would change much.
    if (!(hours >= kMinDemandStepHours - 1e-12 && hours <= kMaxDemandStepHours))
        throw UsageError(QStringLiteral("--step takes a length such as 15m, 1h or 1d, from 1 minute to 366 days, not \"%1\"")
                             .arg(text.left(40)));
    return hours;
}

} // namespace breakeven::cli
