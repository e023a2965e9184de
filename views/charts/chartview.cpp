#include "chartview.h"

#include <QAbstractSeries>
#include <QLegend>
#include <QLegendMarker>
#include <QMouseEvent>

namespace breakeven::charts {

ChartView::ChartView(QChart *chart, QWidget *parent)
    : QChartView(chart, parent)
{
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::RectangleRubberBand);
    setMinimumSize(320, 220);
}

void ChartView::connectLegendMarkers()
{
    const auto markers = chart()->legend()->markers();
    for (QLegendMarker *marker : markers) {
        // A name of hundreds of characters would be cut to the legend's width by Qt one
        // character at a time, measuring the text each time: for 200 long names that is most of
        // a chart's layout. Cut here first; Qt then trims what is still too wide.
        if (const QString label = marker->label(); label.size() > kLegendLabelChars)
            marker->setLabel(label.left(kLegendLabelChars - 1) + QChar(0x2026));
        disconnect(marker, &QLegendMarker::clicked, this, nullptr);
        connect(marker, &QLegendMarker::clicked, this, &ChartView::toggleSeries);
    }
}

void ChartView::toggleSeries()
{
    auto *marker = qobject_cast<QLegendMarker *>(sender());
    if (!marker || !marker->series())
        return;
    QAbstractSeries *series = marker->series();
    series->setVisible(!series->isVisible());
    // Hiding a series hides its marker too; keep it visible (dimmed) so it can be clicked back.
    marker->setVisible(true);
    const qreal alpha = series->isVisible() ? 1.0 : 0.35;
    QColor label = marker->labelBrush().color();
    label.setAlphaF(alpha);
    marker->setLabelBrush(label);
    QBrush brush = marker->brush();
    QColor fill = brush.color();
    fill.setAlphaF(alpha);
    brush.setColor(fill);
    marker->setBrush(brush);
    QPen pen = marker->pen();
    QColor line = pen.color();
    line.setAlphaF(alpha);
    pen.setColor(line);
    marker->setPen(pen);
}

void ChartView::resetZoom()
{
    chart()->zoomReset();
    emit zoomReset();
}

void ChartView::mouseDoubleClickEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        resetZoom();
        event->accept();
        return;
    }
    QChartView::mouseDoubleClickEvent(event);
}

} // namespace breakeven::charts
