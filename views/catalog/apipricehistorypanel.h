// The catalog dock's price history of the selected API offer: the prices per million tokens the
// document has seen it at (earlier ones kept in api_offer_prices whenever a refresh or a sheet
// changed them, and the current ones), as a table of dates with the input, output and
// cached-input prices, and a step chart of the one the user picks (output by default), with the
// observed yearly change fitted to it (catalog/pricetrend.h).
#pragma once

#include "catalog/pricetrend.h"
#include "store/apiofferrepository.h"

#include <QWidget>

#include <optional>
#include <vector>

class QBoxLayout;
class QComboBox;
class QLabel;
class QTableWidget;

namespace breakeven {

class PriceHistoryChart;

class ApiPriceHistoryPanel : public QWidget {
    Q_OBJECT
public:
    enum Series { Input, Output, CachedInput };

    explicit ApiPriceHistoryPanel(QWidget *parent = nullptr);

    // Shows `offer`'s history from `repository`; no offer clears the panel.
    void showOffer(ApiOfferRepository *repository, const std::optional<StoredApiOffer> &offer);

    // The history shown, oldest first.
    const std::vector<ApiPricePoint> &points() const { return m_points; }
    std::optional<ObservedTrend> trend() const { return m_trend; }
    QLabel *heading() const { return m_heading; }
    QLabel *trendLabel() const { return m_trendLabel; }
    QTableWidget *table() const { return m_table; }
    PriceHistoryChart *chart() const { return m_chart; }
    QComboBox *seriesBox() const { return m_series; }

protected:
    // A narrow dock stacks the chart above the table; a wide one puts them side by side.
    void resizeEvent(QResizeEvent *event) override;

private:
    void clear(const QString &message);
    // The chart and the sentence for the series picked.
    void showSeries();

    QLabel *m_heading;
    QComboBox *m_series;
    QLabel *m_seriesLabel = nullptr;
    QLabel *m_trendLabel;
    PriceHistoryChart *m_chart;
    QTableWidget *m_table;
    QBoxLayout *m_row;
    std::vector<ApiPricePoint> m_points;
    QString m_currency;
    std::optional<ObservedTrend> m_trend;
};

} // namespace breakeven
