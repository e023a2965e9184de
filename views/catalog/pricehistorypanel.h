// The catalog dock's price history of the selected offer: the prices the document has seen it at
// (earlier ones kept in offer_prices whenever a refresh or a sheet changed them, and the current
// one) as a small step chart and a table of dates, and the observed yearly change fitted to them
// (catalog/pricetrend.h), on the plan the filter picks, else the offer's headline plan. Reads
// the document only when the selection, the plan or the catalog changes.
#pragma once

#include "catalog/pricetrend.h"
#include "domain.h"
#include "store/catalogrepository.h"

#include <QWidget>

#include <optional>
#include <vector>

class QBoxLayout;
class QLabel;
class QTableWidget;

namespace breakeven {

// The step chart: each price holds from its date until the next one.
class PriceHistoryChart : public QWidget {
    Q_OBJECT
public:
    explicit PriceHistoryChart(QWidget *parent = nullptr);
    void setPoints(std::vector<PricePoint> points, const QString &currency);
    const std::vector<PricePoint> &points() const { return m_points; }
    QSize sizeHint() const override { return {240, 120}; }
    QSize minimumSizeHint() const override { return {120, 80}; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    std::vector<PricePoint> m_points;
    QString m_currency;
};

class PriceHistoryPanel : public QWidget {
    Q_OBJECT
public:
    explicit PriceHistoryPanel(QWidget *parent = nullptr);

    // Shows `offer`'s history on `plan` (none: its headline plan) from `catalog`; no offer
    // clears the panel.
    void showOffer(CatalogRepository *catalog, const std::optional<StoredOffer> &offer,
                   std::optional<PricingPlan> plan);

    // The prices shown, oldest first, per GPU-hour.
    const std::vector<PricePoint> &points() const { return m_chart->points(); }
    std::optional<ObservedTrend> trend() const { return m_trend; }
    QLabel *heading() const { return m_heading; }
    QLabel *trendLabel() const { return m_trendLabel; }
    QTableWidget *table() const { return m_table; }
    PriceHistoryChart *chart() const { return m_chart; }

protected:
    // A narrow dock stacks the chart above the table; a wide one puts them side by side.
    void resizeEvent(QResizeEvent *event) override;

private:
    void clear(const QString &message);

    QLabel *m_heading;
    QLabel *m_trendLabel;
    PriceHistoryChart *m_chart;
    QTableWidget *m_table;
    QBoxLayout *m_row;
    std::optional<ObservedTrend> m_trend;
};

} // namespace breakeven
