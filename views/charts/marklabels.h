// Numbered boxes beside the marks on a chart (pay-offs, purchases, break-evens), explained in the
// chart's caption: each box is placed at the first of eight places around its mark (then further
// out) that stays in the plot, keeps off the legend and the boxes placed before it. A mark with no
// such place keeps its symbol only; the caption still lists it.
#pragma once

#include <QFont>
#include <QList>
#include <QPointF>
#include <QRectF>

#include <vector>

class QAbstractSeries;
class QChart;
class QGraphicsRectItem;

namespace breakeven::charts {

class MarkLabels {
public:
    MarkLabels() = default;
    MarkLabels(const MarkLabels &) = delete;
    MarkLabels &operator=(const MarkLabels &) = delete;
    ~MarkLabels();

    // Deletes the boxes (the chart is cleared, or its text scale changed); the next place() makes
    // them again.
    void clear();
    // Numbers the marks 1, 2, … in the order given (values of `series`) and places a box beside
    // each, in `font`; with `shown` false every box is hidden. `rightClearance` pixels are kept
    // free at the plot's right edge (where the curves end).
    void place(QChart *chart, QAbstractSeries *series, const QList<QPointF> &marks, bool shown,
               const QFont &font, qreal rightClearance = 1);
    // The boxes shown, in scene coordinates.
    QList<QRectF> rects() const;

private:
    std::vector<QGraphicsRectItem *> m_boxes; // a text item on a white box each, owned by the chart
};

} // namespace breakeven::charts
