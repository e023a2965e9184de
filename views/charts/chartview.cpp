#include "chartview.h"

#include "axislabels.h"

#include <QAbstractSeries>
#include <QLegend>
#include <QBarLegendMarker>
#include <QBarSet>
#include <QLegendMarker>
#include <QPieLegendMarker>
#include <QPieSlice>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QCursor>
#include <QMouseEvent>
#include <QToolTip>

#include <algorithm>

namespace breakeven::charts {

namespace {
// A legend marker's label in full, before it was elided to fit.
constexpr char kFullLabel[] = "breakevenFullLabel";
// Narrower than this, a chart has not been laid out yet (a view is at least 320 px wide).
constexpr int kLegendLeastWidth = 100;
// The narrowest chart whose legend may go beside the plot when a row is too narrow for it.
constexpr int kLegendBesideWidth = 600;
// Set on a marker the chart keeps out of its legend. Qt's own visibility cannot tell: the markers
// of a series just added stay hidden until the legend is next laid out.
constexpr char kLeftOut[] = "breakevenLeftOut";

// The name a marker stands for, as its series, bar set or slice says it now. The marker's own
// label is no guide once fitted: a label set on a marker stays when its series is renamed.
QString sourceName(QLegendMarker *marker)
{
    switch (marker->type()) {
    case QLegendMarker::LegendMarkerTypeBar:
        return static_cast<QBarLegendMarker *>(marker)->barset()->label();
    case QLegendMarker::LegendMarkerTypePie:
        return static_cast<QPieLegendMarker *>(marker)->slice()->label();
    default:
        return marker->series() ? marker->series()->name() : marker->label();
    }
}
} // namespace

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
        // In the middle: the end tells "… reserved-1y" from "… reserved-3y". The full name is
        // kept for fitLegend() and the tooltip.
        const QString label = sourceName(marker);
        marker->setProperty(kFullLabel, label);
        marker->setLabel(label.size() > kLegendLabelChars
                             ? label.left(kLegendLabelChars / 2) + QChar(0x2026)
                                   + label.right(kLegendLabelChars - kLegendLabelChars / 2 - 1)
                             : label);
        disconnect(marker, &QLegendMarker::clicked, this, nullptr);
        connect(marker, &QLegendMarker::clicked, this, &ChartView::toggleSeries);
        disconnect(marker, &QLegendMarker::hovered, this, nullptr);
        connect(marker, &QLegendMarker::hovered, this, [this, marker](bool over) {
            const QString full = marker->property(kFullLabel).toString();
            if (over && full != marker->label())
                QToolTip::showText(QCursor::pos(), full, this);
            else
                QToolTip::hideText();
        });
    }
    // Qt's own tooltip would give the label as fitted: the hover above gives the name whole.
    chart()->legend()->setShowToolTips(false);
    fitLegend();
}

void ChartView::fitLegend()
{
    QLegend *legend = chart()->legend();
    // A chart not laid out yet has no room to fit to: its first real size fits it.
    if (!legend->isVisible() || chart()->size().width() < kLegendLeastWidth)
        return;
    QList<QLegendMarker *> shown;
    for (QLegendMarker *marker : legend->markers())
        if (!marker->property(kLeftOut).toBool() && marker->property(kFullLabel).isValid())
            shown << marker;
    if (shown.isEmpty())
        return;
    QStringList full;
    for (QLegendMarker *marker : shown)
        full << marker->property(kFullLabel).toString();
    // A legend above or below the plot is one row that Qt shares out equally, cutting each label
    // at its end; beside it, each label has the legend's width. A row too narrow for every name
    // whole goes beside the plot, and back when the chart is wide enough again.
    const QFontMetrics metrics(legend->font());
    const int icon = metrics.height() + 12;
    if (!m_legendAlignment)
        m_legendAlignment = legend->alignment();
    if (m_legendAlignment & (Qt::AlignTop | Qt::AlignBottom)) {
        const int wide = int(chart()->size().width());
        // The width the row needs, measured only as far as the chart's width: a legend of many
        // names is known not to fit long before all are measured, and stays known not to at any
        // width under what was measured.
        if (full != m_rowNames || (!m_rowMeasuredWhole && m_rowWidth <= wide - 40)) {
            m_rowNames = full;
            m_rowWidth = 0;
            qsizetype k = 0;
            for (; k < full.size() && m_rowWidth <= wide - 40; ++k)
                m_rowWidth += metrics.horizontalAdvance(full[k]) + icon;
            m_rowMeasuredWhole = k == full.size();
        }
        // A small chart keeps its row: beside, the legend would leave the plot too narrow for
        // its axis.
        const Qt::Alignment side = m_rowWidth <= wide - 40 || wide < kLegendBesideWidth ? m_legendAlignment : Qt::AlignRight;
        if (legend->alignment() != side)
            legend->setAlignment(side);
    }
    const bool row = legend->alignment() & (Qt::AlignTop | Qt::AlignBottom);
    const int room = row ? int(chart()->size().width() - 40) / int(shown.size()) - icon
                         : int(chart()->size().width() * 0.3) - icon;
    // Beside the plot, the legend's height decides which names may take two lines.
    const int tall = row ? 0 : int(chart()->size().height());
    bool fitted = room == m_legendRoom && tall == m_legendHeight && full == m_legendNames
        && m_legendLabels.size() == shown.size();
    // Markers made again with their series carry their full names: fitted to nothing yet.
    for (qsizetype k = 0; fitted && k < shown.size(); ++k)
        fitted = shown[k]->label() == m_legendLabels[k];
    if (fitted)
        return;
    m_legendRoom = room;
    m_legendHeight = tall;
    m_legendNames = full;
    QStringList labels = distinctElided(full, legend->font(), room);
    if (!row) {
        // Beside the plot a name too long for one line takes two (split at the space nearest its
        // middle, each line elided in the middle only if it must), the longest names first, as
        // long as the legend has the height and the names stay apart; the others stay on one line.
        // The legend has about the plot's height; Qt draws an entry that does not fit on one
        // line, cut at its end.
        const int budget = int(chart()->plotArea().height()) - int(shown.size()) * 8;
        // Qt's legend keeps a few more pixels of margin than `room` allows for: a name within
        // them of the room would be cut at its end by Qt, so it takes two lines too.
        const int lineRoom = room - 12;
        int height = int(shown.size()) * metrics.lineSpacing();
        std::vector<std::pair<int, qsizetype>> tooLong; // width, index: the widest first
        if (height + metrics.lineSpacing() <= budget) {
            for (qsizetype k = 0; k < full.size(); ++k)
                if (const int width = metrics.horizontalAdvance(full[k]); width > lineRoom)
                    tooLong.emplace_back(width, k);
            std::stable_sort(tooLong.begin(), tooLong.end(),
                             [](const auto &a, const auto &b) { return a.first > b.first; });
        }
        for (const auto &entry : tooLong) {
            if (height + metrics.lineSpacing() > budget)
                break;
            const QString twoLines = twoLineLabel(full[entry.second], legend->font(), lineRoom);
            if (labels.contains(twoLines))
                continue;
            labels[entry.second] = twoLines;
            height += metrics.lineSpacing();
        }
    }
    m_legendLabels = labels;
    bool changed = false;
    for (qsizetype k = 0; k < shown.size(); ++k) {
        if (shown[k]->label() != labels[k]) {
            shown[k]->setLabel(labels[k]);
            changed = true;
        }
    }
    // A legend whose geometry stays the same is not laid out again, and its entries would keep
    // the text they were laid out with: it is told to lay them out again.
    if (changed && legend->layout())
        legend->layout()->invalidate();
}

void ChartView::showLegendEntries(const QList<QLegendMarker *> &markers, bool shown)
{
    // Fitted again only when an entry comes or goes: a chart that says the same on every slider
    // tick costs a property read per entry.
    bool changed = false;
    for (QLegendMarker *marker : markers)
        changed |= leaveOutOfLegend(marker, !shown);
    if (changed)
        fitLegend();
}

bool ChartView::leaveOutOfLegend(QLegendMarker *marker, bool leftOut)
{
    const bool changed = marker->property(kLeftOut).toBool() != leftOut;
    marker->setProperty(kLeftOut, leftOut);
    marker->setVisible(!leftOut);
    return changed;
}

void ChartView::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    fitLegend();
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
