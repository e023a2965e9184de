#include "pathwords.h"

#include <QLocale>
#include <QRegularExpression>

#include <cmath>

namespace breakeven {

namespace {

enum class Owner { Scenario, Workload, Cloud, Build, Api };

// How each numeric field of scenariopaths.cpp's table reads. `changing` is what a yearly change
// moves ("%1" the element's name, for a field of each cloud option); `money` takes the
// element's currency.
struct FieldWords {
    Owner owner;
    const char *field;
    const char *label;
    FieldKind kind;
    const char *unit = "";
    const char *tail = "";
    const char *changing = "";
    bool growth = false; // growing and shrinking, not rising and falling
};

const FieldWords kFields[] = {
    {Owner::Scenario, "discountRatePerYear", "discount rate", FieldKind::YearlyShare},
    {Owner::Scenario, "cloudPriceChangePerYear", "yearly change in cloud prices", FieldKind::YearlyChange, "", "", "cloud prices"},
    {Owner::Scenario, "hardwarePriceChangePerYear", "yearly change in hardware prices", FieldKind::YearlyChange, "", "",
     "hardware prices"},
    {Owner::Scenario, "electricityPriceChangePerYear", "yearly change in electricity prices", FieldKind::YearlyChange, "", "",
     "electricity prices"},
    {Owner::Workload, "gpus", "GPUs in use", FieldKind::Quantity, "GPUs"},
    {Owner::Workload, "utilization", "utilization", FieldKind::Share},
    {Owner::Workload, "minGpuMemoryGB", "memory needed per GPU", FieldKind::Quantity, "GB"},
    {Owner::Workload, "growthPerYear", "yearly growth of the workload", FieldKind::YearlyChange, "", "", "the workload", true},
    {Owner::Workload, "storageGB", "data stored in the cloud", FieldKind::Quantity, "GB"},
    {Owner::Workload, "egressGBPerMonth", "data sent out of the cloud", FieldKind::Quantity, "GB", " a month"},
    {Owner::Workload, "jobReferenceGpuHours", "work per job", FieldKind::Quantity, "GPU-hours"},
    {Owner::Cloud, "pricePerHour", "price per hour", FieldKind::Money, "", " an hour"},
    {Owner::Cloud, "spotRework", "spot rework", FieldKind::Share},
    {Owner::Cloud, "platformFeePerMonth", "platform fee", FieldKind::Money, "", " a month"},
    {Owner::Cloud, "storagePerGBMonth", "storage price", FieldKind::Money, "", " per GB-month"},
    {Owner::Cloud, "egressPerGB", "egress price", FieldKind::Money, "", " per GB"},
    {Owner::Cloud, "priceMultiplier", "price multiplier", FieldKind::Factor},
    {Owner::Cloud, "priceChangePerYear", "yearly price change", FieldKind::YearlyChange, "", "", "%1 prices"},
    {Owner::Cloud, "reservedUpfrontShare", "share paid upfront", FieldKind::Share},
    {Owner::Cloud, "goodput", "goodput", FieldKind::Share},
    {Owner::Build, "hardwarePrice", "hardware price", FieldKind::Money},
    {Owner::Build, "listPrice", "list price", FieldKind::Money},
    {Owner::Build, "preBuiltMarkup", "pre-built markup", FieldKind::Share},
    {Owner::Build, "infrastructureOneTime", "one-time infrastructure cost", FieldKind::Money},
    {Owner::Build, "idleW", "power draw when idle", FieldKind::Quantity, "W"},
    {Owner::Build, "loadW", "power draw under load", FieldKind::Quantity, "W"},
    {Owner::Build, "electricityPerKWh", "electricity price", FieldKind::Money, "", "/kWh"},
    {Owner::Build, "pue", "PUE", FieldKind::Quantity},
    {Owner::Build, "overheadPerYearOfHardware", "yearly overhead", FieldKind::YearlyShare, "", " of the hardware price a year"},
    {Owner::Build, "laborPerMonth", "labor", FieldKind::Money, "", " a month"},
    {Owner::Build, "colocationPerMonth", "colocation fee", FieldKind::Money, "", " a month"},
    {Owner::Build, "lifetimeYears", "lifetime", FieldKind::Years},
    {Owner::Build, "depreciationPerYear", "depreciation", FieldKind::YearlyShare},
    {Owner::Build, "resaleHaircut", "resale haircut", FieldKind::Share},
    {Owner::Build, "colocationPerKWMonth", "colocation price", FieldKind::Money, "", " per kW-month"},
    {Owner::Build, "spareShare", "share of hot spares", FieldKind::Share},
    {Owner::Build, "goodput", "goodput", FieldKind::Share},
    {Owner::Build, "financing.annualRate", "loan rate", FieldKind::YearlyShare},
    {Owner::Build, "financing.downPayment", "down payment", FieldKind::Share},
    {Owner::Build, "financing.paymentPerMonth", "lease payment", FieldKind::Money, "", " a month per unit"},
    {Owner::Scenario, "tax.rate", "tax rate", FieldKind::Share},
    {Owner::Scenario, "apiPriceChangePerYear", "yearly change in API prices", FieldKind::YearlyChange, "", "", "API prices"},
    {Owner::Workload, "serving.requestsPerSecond", "request rate", FieldKind::Quantity, "requests", " a second"},
    {Owner::Workload, "serving.peakToMean", "peak over mean traffic", FieldKind::Factor},
    {Owner::Workload, "serving.inputTokens", "input tokens per request", FieldKind::Quantity, "tokens"},
    {Owner::Workload, "serving.outputTokens", "output tokens per request", FieldKind::Quantity, "tokens"},
    {Owner::Api, "pricePerMillionInput", "price per million input tokens", FieldKind::Money},
    {Owner::Api, "pricePerMillionOutput", "price per million output tokens", FieldKind::Money},
    {Owner::Api, "pricePerMillionCachedInput", "price per million cached input tokens", FieldKind::Money},
    {Owner::Api, "cachedInputShare", "share of input from the cache", FieldKind::Share},
    {Owner::Api, "priceChangePerYear", "yearly price change", FieldKind::YearlyChange, "", "", "%1 prices"},
};

const QChar kMinus(0x2212);

const QLocale &english()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

// `value` with at most `decimals` decimals, trailing zeros dropped: 31.0 → "31", 17.80 → "17.8".
QString trimmed(double value, int decimals, bool grouped = false)
{
    QString text = grouped ? english().toString(value, 'f', decimals) : QString::number(value, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    if (text == QLatin1String("-0"))
        text = QStringLiteral("0");
    text.replace(QLatin1Char('-'), kMinus);
    return text;
}

// A fraction as a percentage: 0.178 → "17.8 %"; `sign`: a plus before a rise.
QString percent(double fraction, bool sign = false)
{
    const QString text = trimmed(fraction * 100.0, 1) + QStringLiteral(" %");
    return sign && fraction * 1000.0 >= 0.5 ? QLatin1Char('+') + text : text;
}

// A number without its unit, as the kind writes it.
QString bare(const PathWords &w, double value)
{
    switch (w.kind) {
    case FieldKind::Share:
    case FieldKind::YearlyShare:
        return percent(value);
    case FieldKind::YearlyChange:
        return percent(value, true);
    case FieldKind::Years:
        return QString::number(value, 'f', 1);
    case FieldKind::Money: {
        const double size = std::abs(value);
        if (size >= 1000)
            return english().toString(value, 'f', 0).replace(QLatin1Char('-'), kMinus);
        if (size >= 1 || size == 0)
            return english().toString(value, 'f', 2).replace(QLatin1Char('-'), kMinus);
        // A price per kWh or per GB: enough digits to tell 0.0231 from 0.023.
        QString text = trimmed(value, 4);
        const qsizetype point = text.indexOf(QLatin1Char('.'));
        while (point >= 0 && text.size() - point - 1 < 2)
            text += QLatin1Char('0');
        return text;
    }
    case FieldKind::Factor:
        return QStringLiteral("×%1").arg(QString::number(value, 'f', 2));
    case FieldKind::Quantity:
        return trimmed(value, 2, true);
    }
    return QString::number(value, 'g', 4);
}

// What follows a number: " years", " USD an hour", " a year", " W".
QString unitAfter(const PathWords &w)
{
    QString text;
    if (w.kind == FieldKind::Years)
        text = QStringLiteral(" years");
    else if (!w.unit.isEmpty())
        text = QLatin1Char(' ') + w.unit;
    return text + w.tail;
}

// "Spot rework" from "spotRework": a field no row words yet still reads as words.
QString wordsOf(const QString &name)
{
    QString text;
    for (const QChar c : name) {
        if (c.isUpper() && !text.isEmpty())
            text += QLatin1Char(' ');
        text += c.toLower();
    }
    return text;
}

QString possessive(const QString &name)
{
    return name + QStringLiteral("'s");
}

} // namespace

PathWords describePath(const QString &path, const Scenario &scenario)
{
    static const QRegularExpression element(QStringLiteral(R"(^(cloudOptions|onPremOptions|apiOptions)\[(\*|\d{1,4})\]\.(\w+(?:\.\w+)?)$)"));
    Owner owner = Owner::Scenario;
    QString field = path;
    int index = -1; // -1: every element ([*])
    if (const QRegularExpressionMatch match = element.match(path); match.hasMatch()) {
        owner = match.captured(1) == QLatin1String("cloudOptions") ? Owner::Cloud
            : match.captured(1) == QLatin1String("apiOptions")      ? Owner::Api
                                                                    : Owner::Build;
        index = match.captured(2) == QLatin1String("*") ? -1 : match.captured(2).toInt();
        field = match.captured(3);
    } else if (path.startsWith(QLatin1String("workload."))) {
        owner = Owner::Workload;
        field = path.mid(9);
    }

    PathWords w;
    const FieldWords *row = nullptr;
    for (const FieldWords &f : kFields)
        if (f.owner == owner && field == QLatin1String(f.field))
            row = &f;
    if (row) {
        w.field = QString::fromUtf8(row->label);
        w.kind = row->kind;
        w.unit = QString::fromUtf8(row->unit);
        w.tail = QString::fromUtf8(row->tail);
        if (w.kind == FieldKind::YearlyShare && w.tail.isEmpty())
            w.tail = QStringLiteral(" a year");
        if (w.kind == FieldKind::YearlyChange) {
            w.tail = QStringLiteral(" a year");
            w.rising = row->growth ? QStringLiteral("growing") : QStringLiteral("rising");
            w.falling = row->growth ? QStringLiteral("shrinking") : QStringLiteral("falling");
        }
    } else {
        w.field = wordsOf(field.section(QLatin1Char('.'), -1));
    }

    // Whose field: the element by its name, every element, or the scenario's or workload's own.
    const auto at = std::size_t(index);
    QString whose;            // "the 8 × H100 server's", "Lambda's", "every build's"
    bool namedFirst = false;  // the name begins with an element's own name, kept as written
    QString currency = scenario.currency;
    if (owner == Owner::Cloud) {
        if (index < 0) {
            whose = QStringLiteral("every cloud option's");
        } else if (at < scenario.cloudOptions.size() && !scenario.cloudOptions[at].name.trimmed().isEmpty()) {
            whose = possessive(scenario.cloudOptions[at].name.trimmed());
            currency = scenario.cloudOptions[at].currency;
            namedFirst = true;
        } else {
            whose = QStringLiteral("cloud option %1's").arg(index + 1);
        }
    } else if (owner == Owner::Api) {
        if (index < 0) {
            whose = QStringLiteral("every API's");
        } else if (at < scenario.apiOptions.size() && !scenario.apiOptions[at].name.trimmed().isEmpty()) {
            whose = possessive(scenario.apiOptions[at].name.trimmed());
            currency = scenario.apiOptions[at].currency;
            namedFirst = true;
        } else {
            whose = QStringLiteral("API option %1's").arg(index + 1);
        }
    } else if (owner == Owner::Build) {
        if (index < 0) {
            whose = QStringLiteral("every build's");
        } else if (at < scenario.onPremOptions.size() && !scenario.onPremOptions[at].name.trimmed().isEmpty()) {
            const QString name = scenario.onPremOptions[at].name.trimmed();
            static const QRegularExpression article(QStringLiteral(R"(^(the|my|our|a|an)\s)"),
                                                    QRegularExpression::CaseInsensitiveOption);
            whose = article.match(name).hasMatch() ? possessive(name) : QStringLiteral("the ") + possessive(name);
            namedFirst = article.match(name).hasMatch();
            currency = scenario.onPremOptions[at].currency;
        } else {
            whose = QStringLiteral("build %1's").arg(index + 1);
        }
    }
    if (currency.isEmpty())
        currency = scenario.currency;
    if (w.kind == FieldKind::Money)
        w.unit = currency;
    w.name = whose.isEmpty() ? w.field : QStringLiteral("%1 %2").arg(whose, w.field);
    w.heading = w.name;
    if (!namedFirst && !w.heading.isEmpty() && w.heading.front().isLower())
        w.heading.front() = w.heading.front().toUpper();
    if (w.kind == FieldKind::YearlyChange) {
        const QString changing = row ? QString::fromUtf8(row->changing) : QString();
        w.changing = changing.contains(QLatin1String("%1")) ? changing.arg(whose) : changing;
        if (w.changing.isEmpty())
            w.changing = w.name;
    }
    return w;
}

QString fieldValueText(const PathWords &w, double value)
{
    return bare(w, value) + unitAfter(w);
}

QString fieldSpanText(const PathWords &w, double low, double high)
{
    return QStringLiteral("%1 to %2%3").arg(bare(w, low), bare(w, high), unitAfter(w));
}

QString rangeText(const PathWords &w, const UncertainInput &input)
{
    if (input.relative())
        return QStringLiteral("×%1 to ×%2").arg(input.lowFactor.value_or(NAN)).arg(input.highFactor.value_or(NAN));
    return fieldSpanText(w, input.low.value_or(NAN), input.high.value_or(NAN));
}

QString beyondText(const PathWords &w, double value, bool below)
{
    if (w.kind != FieldKind::YearlyChange)
        return QStringLiteral("%1 %2 %3").arg(w.name, below ? QStringLiteral("below") : QStringLiteral("above"),
                                              fieldValueText(w, value));
    // A rate of change by its sign: below −17.8 % a year is falling faster than 17.8 % a year.
    const QString size = percent(std::abs(value)) + w.tail;
    if (std::abs(value) < 0.0005)
        return QStringLiteral("%1 %2").arg(w.changing, below ? w.falling : w.rising);
    if (value < 0)
        return below ? QStringLiteral("%1 %2 faster than %3").arg(w.changing, w.falling, size)
                     : QStringLiteral("%1 %2 less than %3 or %4").arg(w.changing, w.falling, size, w.rising);
    return below ? QStringLiteral("%1 %2 less than %3 or %4").arg(w.changing, w.rising, size, w.falling)
                 : QStringLiteral("%1 %2 faster than %3").arg(w.changing, w.rising, size);
}

QString beyondFactorText(const PathWords &w, double factor, bool below)
{
    // "more than 22 % lower", "less than 5 % higher"
    const double change = factor - 1.0;
    const QString by = QStringLiteral("%1 %2").arg(percent(std::abs(change)), change < 0 ? QStringLiteral("lower")
                                                                                          : QStringLiteral("higher"));
    const bool further = (change < 0) == below;
    return QStringLiteral("%1 %2 %3").arg(w.name, further ? QStringLiteral("more than") : QStringLiteral("less than"), by);
}

} // namespace breakeven
