// A QChartView with the interactions every Breakeven chart shares: rubber-band zoom, reset on
// double-click, and legend markers that toggle their series.
#pragma once

#include <QChartView>

namespace breakeven::charts {

class ChartView : public QChartView {
    Q_OBJECT
public:
    explicit ChartView(QChart *chart, QWidget *parent = nullptr);

    // Call after series were (re)created: legend markers are rebuilt with them.
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
