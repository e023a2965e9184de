// A QChartView with the interactions every Breakeven chart shares: rubber-band zoom, reset on
// double-click, and legend markers that toggle their series.
#pragma once

#include <QChartView>

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

public slots:
    void resetZoom();

signals:
    void zoomReset();

protected:
    void mouseDoubleClickEvent(QMouseEvent *event) override;

private:
    void toggleSeries();
};

} // namespace breakeven::charts
