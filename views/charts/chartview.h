// A QChartView with the interactions every Breakeven chart shares: rubber-band zoom, reset on
// double-click, and legend markers that toggle their series.
#pragma once

#include <QStringList>

#include <QChartView>
#include <QLegendMarker>

namespace breakeven::charts {

// Legend labels longer than this are cut to it (with an ellipsis) before the legend is laid out.
inline constexpr int kLegendLabelChars = 48;

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QChart *chart, QWidget *parent = nullptr);

    // Call after series were (re)created: legend markers are rebuilt with them (and their labels
    // cut to kLegendLabelChars).
    void connectLegendMarkers();
    // Fits the legend's labels to the room the legend gives each (done on every resize): beside
    // the plot a long name takes two lines where the legend has the height, else it is elided in
    // the middle; the full name stays in the marker's tooltip.
    void fitLegend();
    // Shows or leaves out these entries of the legend, and fits the others to the room if that
    // changed which are shown.
    void showLegendEntries(const QList<QLegendMarker *> &markers, bool shown);
    // The same for one entry, without fitting the legend again (for a chart that changes many
    // and then calls fitLegend() once).
    // Says whether the entry was shown before and is left out now, or the other way round.
    static bool leaveOutOfLegend(QLegendMarker *marker, bool leftOut = true);

public slots:
    void resetZoom();

signals:
    void zoomReset();

protected:
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void toggleSeries();

    // What the legend was last fitted to (its room, its height beside the plot and the full
    // labels): a resize that changes none, as a render to a file makes several of, fits nothing
    // again.
    Qt::Alignment m_legendAlignment; // where the chart puts its legend when the names fit there
    QStringList m_rowNames;          // the names whose row was measured
    int m_rowWidth = 0;              // the width of the row, as far as it was measured
    bool m_rowMeasuredWhole = false; // or of all of it
    int m_legendRoom = -1;
    int m_legendHeight = -1;
    QStringList m_legendNames;
    QStringList m_legendLabels; // what they were fitted to
};

} // namespace breakeven::charts
