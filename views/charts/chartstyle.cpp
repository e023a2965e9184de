#include "chartstyle.h"

#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>

namespace breakeven::charts {

namespace {

// Hues picked from the Okabe-Ito / Tableau families, ordered dark, light, dark, ... so
// that consecutive options also differ in lightness.
constexpr std::array<QRgb, 10> kPalette{
    0x1f4e9a, // dark blue
    0xe69f00, // orange
    0x1b7837, // dark green
    0x56b4e9, // sky blue
    0x7b3294, // purple
    0xf0c419, // yellow
    0xa6192e, // dark red
    0x8fd175, // light green
    0x3a3a3a, // near black
    0xcc79a7, // pink
};

double niceStep(double rough)
{
    const double exponent = std::floor(std::log10(rough));
    const double fraction = rough / std::pow(10.0, exponent);
    double nice = 10;
    if (fraction <= 1)
        nice = 1;
    else if (fraction <= 2)
        nice = 2;
    else if (fraction <= 2.5)
        nice = 2.5;
    else if (fraction <= 5)
        nice = 5;
    return nice * std::pow(10.0, exponent);
}

} // namespace

QColor optionColor(int index)
{
    return QColor(kPalette[std::size_t(index) % kPalette.size()]);
}

QPen optionPen(int index, bool cloud)
{
    QPen pen(optionColor(index));
    pen.setWidthF(cloud ? 2.0 : 2.5);
    pen.setCapStyle(Qt::FlatCap);
    if (cloud) {
        static const std::array<QList<qreal>, 4> patterns{
            QList<qreal>{6, 3}, QList<qreal>{2, 2}, QList<qreal>{8, 3, 2, 3}, QList<qreal>{4, 2, 1, 2, 1, 2}};
        // Cycle the pattern with the option, not the palette, so neighbouring clouds differ twice.
        pen.setDashPattern(patterns[std::size_t(index) % patterns.size()]);
    }
    return pen;
}

QPen draftPen(const QPen &pen)
{
    QPen draft(pen.color(), 0);
    draft.setCosmetic(true);
    draft.setCapStyle(Qt::FlatCap);
    if (pen.style() == Qt::CustomDashLine) {
        // Patterns are in units of the pen width; the draft pen is one pixel wide.
        const qreal scale = std::max<qreal>(1.0, pen.widthF());
        QList<qreal> pattern = pen.dashPattern();
        for (qreal &length : pattern)
            length *= scale;
        draft.setDashPattern(pattern);
    } else {
        draft.setStyle(pen.style());
    }
    return draft;
}

NiceRange niceRange(double maxValue)
{
    double niceMin = 0;
    return niceRange(0, maxValue, &niceMin);
}

NiceRange niceRange(double minValue, double maxValue, double *niceMin)
{
    minValue = std::min(0.0, std::isfinite(minValue) ? minValue : 0.0);
    if (!std::isfinite(maxValue) || maxValue <= minValue)
        maxValue = minValue + 1;
    maxValue = std::max(maxValue, 0.0);
    if (maxValue - minValue <= 0)
        maxValue = 1;
    const double step = niceStep((maxValue - minValue) / 5.0);
    const double low = std::floor(minValue / step + 1e-9) * step;
    const double high = std::ceil(maxValue / step - 1e-9) * step;
    *niceMin = low == 0 ? 0.0 : low;
    NiceRange range;
    range.max = high;
    range.tickCount = int(std::lround((high - low) / step)) + 1;
    return range;
}

namespace {

QString labelFormat(double interval, double magnitude)
{
    // Beyond a thousand trillion (the largest accepted inputs reach 1e30), digits stop meaning
    // anything: three significant ones, as the results' text prints four.
    if (magnitude >= 1e15)
        return QStringLiteral("%.3g");
    const int decimals = interval >= 1 ? 0 : std::min(4, int(std::ceil(-std::log10(interval) - 1e-9)));
    return QStringLiteral("%.%1f").arg(decimals);
}

} // namespace

double roundTickInterval(double span, TickKind kind)
{
    if (!(span > 0) || !std::isfinite(span))
        return 1;
    switch (kind) {
    case TickKind::Months:
        for (double step : {1.0, 2.0, 3.0, 6.0, 12.0, 24.0, 60.0, 120.0})
            if (span / step <= 10)
                return step;
        return niceStep(span / 5.0);
    case TickKind::Percent:
        return niceStep(span / 10.0);
    case TickKind::Money:
        break;
    }
    return niceStep(span / 5.0);
}

void keepRoundTicks(QValueAxis *axis, TickKind kind)
{
    const auto apply = [axis, kind](double min, double max) {
        const double interval = roundTickInterval(max - min, kind);
        axis->setTickType(QValueAxis::TicksDynamic);
        axis->setTickAnchor(0);
        axis->setTickInterval(interval);
        axis->setLabelFormat(labelFormat(interval, std::max(std::abs(min), std::abs(max))));
    };
    QObject::connect(axis, &QValueAxis::rangeChanged, axis, apply);
    apply(axis->min(), axis->max());
}

void setupMoneyAxis(QValueAxis *axis, const QString &title)
{
    axis->setTitleText(title);
    // Localized numbers (the chart's locale) give thousands separators; see QChart::setLocalizeNumbers.
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setRange(0, 1);
    keepRoundTicks(axis, TickKind::Money);
}

bool fitMoneyAxis(QValueAxis *axis, double minValue, double maxValue)
{
    const double span = axis->max() - axis->min();
    const bool outside = maxValue > axis->max() || minValue < axis->min();
    const bool tooLoose = maxValue - std::min(0.0, minValue) < 0.5 * span;
    const bool negativeGone = axis->min() < 0 && minValue >= 0;
    if (!outside && !tooLoose && !negativeGone)
        return false;
    double low = 0;
    const NiceRange range = niceRange(minValue, maxValue, &low);
    // The ticks and their labels follow the range (keepRoundTicks).
    axis->setRange(low, range.max);
    axis->setTickCount(range.tickCount);
    return true;
}

} // namespace breakeven::charts
