#include "marklabels.h"

#include <QAbstractSeries>
#include <QChart>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QPen>

#include <algorithm>
#include <optional>

namespace breakeven::charts {

MarkLabels::~MarkLabels() = default; // the chart deletes the boxes with itself

void MarkLabels::clear()
{
    for (QGraphicsRectItem *box : m_boxes)
        delete box;
    m_boxes.clear();
}

QList<QRectF> MarkLabels::rects() const
{
    QList<QRectF> rects;
    for (const QGraphicsRectItem *box : m_boxes)
        if (box->isVisible())
            rects << box->mapRectToScene(box->rect());
    return rects;
}

void MarkLabels::place(QChart *chart, QAbstractSeries *series, const QList<QPointF> &marks, bool shown,
                       const QFont &font, qreal rightClearance)
{
    const int wanted = int(marks.size());
    while (int(m_boxes.size()) < wanted) {
        auto *box = new QGraphicsRectItem(chart);
        box->setBrush(QColor(255, 255, 255, 235));
        box->setPen(QPen(QColor(0x44, 0x44, 0x44), 0.8));
        box->setZValue(20);
        auto *text = new QGraphicsSimpleTextItem(box);
        text->setFont(font);
        text->setPos(3, 0);
        m_boxes.push_back(box);
    }
    const QRectF plot = chart->plotArea();
    const QRectF allowed = plot.adjusted(1, 1, -rightClearance, -1);
    const QRectF legend = chart->legend()->isVisible() ? chart->legend()->geometry() : QRectF();
    std::vector<QRectF> placed;
    for (std::size_t i = 0; i < m_boxes.size(); ++i) {
        QGraphicsRectItem *box = m_boxes[i];
        if (int(i) >= wanted || !shown) {
            box->hide();
            continue;
        }
        auto *text = static_cast<QGraphicsSimpleTextItem *>(box->childItems().constFirst());
        text->setText(QString::number(i + 1));
        const QRectF textBox = text->boundingRect();
        const QSizeF size(std::max(textBox.width() + 6, textBox.height()), textBox.height());
        box->setRect(QRectF(QPointF(0, 0), size));
        const QPointF at = chart->mapToPosition(marks[int(i)], series);
        std::optional<QRectF> chosen;
        for (int ring = 1; ring <= 4 && !chosen && plot.contains(at); ++ring) {
            const qreal d = 6 * ring;
            const QPointF offsets[] = {{d, -d - size.height()}, {-d - size.width(), -d - size.height()}, {d, d},
                                       {-d - size.width(), d}, {-size.width() / 2, -d - size.height()},
                                       {-size.width() / 2, d}, {d, -size.height() / 2}, {-d - size.width(), -size.height() / 2}};
            for (const QPointF &offset : offsets) {
                const QRectF rect(at + offset, size);
                if (!allowed.contains(rect) || rect.intersects(legend))
                    continue;
                if (std::any_of(placed.begin(), placed.end(),
                                [&](const QRectF &other) { return rect.adjusted(-2, -2, 2, 2).intersects(other); }))
                    continue;
                chosen = rect;
                break;
            }
        }
        box->setVisible(chosen.has_value());
        if (chosen) {
            box->setPos(chosen->topLeft());
            placed.push_back(*chosen);
        }
    }
}

} // namespace breakeven::charts
