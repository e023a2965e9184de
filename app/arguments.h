// A small parser for one command's arguments: positionals, flags and options with values.
// Every mistake becomes a UsageError that the command line turns into exit status 2.
#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>
#include <stdexcept>

namespace breakeven::cli {

struct UsageError : std::runtime_error {
    explicit UsageError(const QString &message)
        : std::runtime_error(message.toStdString())
    {
    }
};

class Arguments {
public:
    // `flags` take no value, `options` take one (`--out FILE` or `--out=FILE`); `repeatable`
    // options may be given more than once (values()).
    Arguments(const QStringList &arguments, const QStringList &flags, const QStringList &options,
              const QStringList &repeatable = {});

    bool flag(const QString &name) const { return m_flags.contains(name); }
    std::optional<QString> option(const QString &name) const;
    // Every value of a repeatable option, in the order given.
    QStringList values(const QString &name) const { return m_repeated.value(name); }
    QString requiredOption(const QString &name) const;
    const QStringList &positionals() const { return m_positionals; }
    QString positional(int index, const QString &what) const;
    void expectPositionals(int count, const QString &what) const;

private:
    QSet<QString> m_flags;
    QHash<QString, QString> m_options;
    QHash<QString, QStringList> m_repeated;
    QStringList m_positionals;
};

// Parses a utilization given as a fraction (0.35) or a percentage (35%).
double parseUtilization(const QString &text);
// A yearly change of a market price for `option`: "-0.2" or "-20%", between -0.9 and 1.
double parsePriceChange(const QString &option, const QString &text);
// A step of a demand profile (--step): `15m`, `90min`, `1h`, `1.5h`, `1d`, from 1 minute to 366
// days, in hours.
double parseDemandStep(const QString &text);

} // namespace breakeven::cli
