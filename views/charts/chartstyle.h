// Shared look of the charts: option colours and pens that stay distinguishable in greyscale
// print, and "nice" money axis ranges so ticks land on round numbers.
#pragma once

#include <QColor>
#include <QPen>

#include <utility>

class QValueAxis;

namespace breakeven::charts {

// Colours alternate between dark and light so neighbouring options differ in greyscale too.
QColor optionColor(int index);
// On-prem solid, cloud dashed with a pattern that cycles, so the kind survives without colour.
QPen optionPen(int index, bool cloud);
// The same line as a cosmetic one-pixel pen: QPainter draws it without building a stroke outline
// (the outline and its joins cost most of a repaint); dashes keep their length in pixels.
QPen draftPen(const QPen &pen);

struct NiceRange {
    double max = 1;
    int tickCount = 2;
};
// Round upper bound and tick count (4..8 intervals) for an axis that starts at 0.
NiceRange niceRange(double maxValue);
NiceRange niceRange(double minValue, double maxValue, double *niceMin);

// Ticks at round values for whatever range an axis shows, a zoomed one included: every multiple of
// a round interval (money: about 5 of them; months: 1, 2, 3, 6, 12… at most 10; percent: about
// 10), the labels with the decimals that interval needs. Follows the axis's range from then on.
enum class TickKind { Money, Months, Percent };
void keepRoundTicks(QValueAxis *axis, TickKind kind);
// The round interval keepRoundTicks puts between ticks over `span`.
double roundTickInterval(double span, TickKind kind);

// Money axis: starts at 0 (or a round negative), thousands separators, currency in the title.
void setupMoneyAxis(QValueAxis *axis, const QString &title);
// Applies a new range only when the data left the current one or fills under half of it, so a
// slider drag does not make the axis jump on every tick.
bool fitMoneyAxis(QValueAxis *axis, double minValue, double maxValue);

} // namespace breakeven::charts
