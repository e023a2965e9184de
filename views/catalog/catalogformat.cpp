#include "catalogformat.h"

#include "domain.h"
#include "widgets/plural.h"

#include <QApplication>
#include <QDate>
#include <QIcon>
#include <QLocale>
#include <QStyle>

#include <cmath>

namespace breakeven {

QString formatPrice(const std::optional<double> &price, const QString &currency)
{
    if (!price || !std::isfinite(*price))
        return {};
    const QLocale locale;
    const QString number = locale.toString(*price, 'f', std::abs(*price) < 10 ? 3 : 2);
    if (currency.isEmpty() || currency == QLatin1String("USD"))
        return number;
    return number + QLatin1Char(' ') + currency;
}

QString formatAge(const std::optional<qint64> &days)
{
    if (!days)
        return {};
    if (*days < 0)
        return QObject::tr("future");
    if (*days <= 60)
        return countText("catalogformat", "%n day(s)", *days);
    return QObject::tr("%1 months").arg(QLocale().toString(double(*days) / kDaysPerMonth, 'f', 1));
}

std::optional<qint64> ageInDays(const QString &isoDate)
{
    const QDate date = QDate::fromString(isoDate, Qt::ISODate);
    if (!date.isValid())
        return std::nullopt;
    return date.daysTo(QDate::currentDate());
}

QString staleToolTip(const QString &asOf)
{
    return QObject::tr("prices older than a year (as of %1)").arg(asOf);
}

QIcon staleIcon()
{
    return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
}

} // namespace breakeven
