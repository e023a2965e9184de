// How the catalog dock writes prices and ages, and when a price counts as old; shared by the
// offer and GPU tables so both say "old" for the same reason.
#pragma once

#include <QString>

#include <optional>

class QIcon;

namespace breakeven {

inline constexpr qint64 kStalePriceDays = 365;

// "2.450" below 10, "12.30" above; the currency is appended unless it is USD, the catalog's
// usual one, so the common case stays compact.
QString formatPrice(const std::optional<double> &price, const QString &currency);
// "12 days" up to two months, then "5.3 months"; empty when the age is unknown.
QString formatAge(const std::optional<qint64> &days);
// Days from an ISO date to today; none when `isoDate` is not a date.
std::optional<qint64> ageInDays(const QString &isoDate);
inline bool isStale(const std::optional<qint64> &days) { return days && *days > kStalePriceDays; }
QString staleToolTip(const QString &asOf);
QIcon staleIcon();

} // namespace breakeven
