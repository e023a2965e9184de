#include "apipricehistorypanel.h"

#include "inputerror.h"
#include "pricehistorypanel.h"
#include "widgets/plural.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>

namespace breakeven {

namespace {

QString perMillion(const std::optional<double> &price)
{
    return price ? QLocale().toString(*price, 'f', QLocale::FloatingPointShortest) : QString();
}

std::optional<double> priceOf(const ApiPricePoint &point, int series)
{
    switch (series) {
    case ApiPriceHistoryPanel::Input: return point.inputPerMillion;
    case ApiPriceHistoryPanel::Output: return point.outputPerMillion;
    default: return point.cachedInputPerMillion;
    }
}

QString yearlyChange(double rate)
{
    const double percent = rate * 100;
    if (std::abs(percent) < 0.05)
        return ApiPriceHistoryPanel::tr("unchanged");
    const QString number = QLocale().toString(std::abs(percent), 'f', std::abs(percent) < 10 ? 1 : 0);
    if (percent < 0)
        return ApiPriceHistoryPanel::tr("falls %1 % a year").arg(number);
    return ApiPriceHistoryPanel::tr("rises %1 % a year").arg(number);
}

} // namespace

ApiPriceHistoryPanel::ApiPriceHistoryPanel(QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_series(new QComboBox(this))
    , m_trendLabel(new QLabel(this))
    , m_chart(new PriceHistoryChart(this))
    , m_table(new QTableWidget(this))
    , m_row(new QBoxLayout(QBoxLayout::TopToBottom))
{
    setObjectName(QStringLiteral("apiPriceHistory"));
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::PlainText);
    m_series->addItem(tr("Input"), Input);
    m_series->addItem(tr("Output"), Output);
    m_series->addItem(tr("Cached input"), CachedInput);
    m_series->setCurrentIndex(Output);
    m_series->setToolTip(tr("The price the chart draws"));
    connect(m_series, &QComboBox::currentIndexChanged, this, [this] { showSeries(); });
    m_trendLabel->setWordWrap(true);
    m_trendLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setColumnCount(4);
    m_table->setHorizontalHeaderLabels({tr("As of"), tr("Input /M"), tr("Output /M"), tr("Cached /M")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_chart->setMinimumHeight(fontMetrics().height() * 7);
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height()
                              + 3 * m_table->verticalHeader()->defaultSectionSize() + 4);

    // The series picker on a row of its own: beside the heading, a narrow dock's wrapped heading
    // would not get its height.
    m_seriesLabel = new QLabel(tr("Char&t:"), this);
    m_seriesLabel->setBuddy(m_series);
    auto *seriesRow = new QHBoxLayout;
    seriesRow->addWidget(m_seriesLabel);
    seriesRow->addWidget(m_series);
    seriesRow->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_heading);
    layout->addLayout(seriesRow);
    layout->addWidget(m_trendLabel);
    m_row->addWidget(m_chart, 3);
    m_row->addWidget(m_table, 2);
    layout->addLayout(m_row, 1);
    m_heading->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_trendLabel->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addStretch(0);
    clear(tr("Select an API offer to see the prices the catalog has seen it at."));
}

void ApiPriceHistoryPanel::clear(const QString &message)
{
    m_heading->setText(message);
    m_series->hide();
    m_seriesLabel->hide();
    m_trendLabel->clear();
    m_trendLabel->hide();
    m_chart->setPoints({}, {});
    m_chart->hide();
    m_table->setRowCount(0);
    m_table->hide();
    m_points.clear();
    m_trend.reset();
}

void ApiPriceHistoryPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // The table's four columns need about as much room as the chart.
    const auto direction = width() >= 3 * m_chart->sizeHint().width() ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_row->direction() != direction)
        m_row->setDirection(direction);
}

void ApiPriceHistoryPanel::showOffer(ApiOfferRepository *repository, const std::optional<StoredApiOffer> &stored)
{
    if (!repository || !stored) {
        clear(tr("Select an API offer to see the prices the catalog has seen it at."));
        return;
    }
    const ApiOffer &offer = stored->offer;
    std::vector<ApiPricePoint> points;
    try {
        points = repository->priceHistory(stored->id);
    } catch (const InputError &error) {
        clear(error.message());
        return;
    }
    // Without a recorded history the history is the current prices alone.
    if (points.empty())
        points.push_back({offer.asOf, offer.inputPerMillion, offer.outputPerMillion, offer.cachedInputPerMillion});
    m_points = std::move(points);
    m_currency = offer.currency;
    m_heading->setText(tr("%1 %2: prices per million tokens (%3)").arg(offer.provider, offer.model, offer.currency));
    m_series->show();
    m_seriesLabel->show();

    m_table->setRowCount(int(m_points.size()));
    // Newest first: the current prices on top.
    for (int row = 0; row < int(m_points.size()); ++row) {
        const ApiPricePoint &point = m_points[m_points.size() - 1 - std::size_t(row)];
        auto *date = new QTableWidgetItem(point.asOf);
        if (row == 0)
            date->setToolTip(tr("The current prices"));
        m_table->setItem(row, 0, date);
        const std::optional<double> prices[] = {point.inputPerMillion, point.outputPerMillion, point.cachedInputPerMillion};
        for (int column = 0; column < 3; ++column) {
            auto *item = new QTableWidgetItem(perMillion(prices[column]));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column + 1, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->show();
    showSeries();
}

void ApiPriceHistoryPanel::showSeries()
{
    if (m_points.empty())
        return;
    const int series = m_series->currentData().toInt();
    std::vector<PricePoint> chart;
    for (const ApiPricePoint &point : m_points)
        if (const std::optional<double> price = priceOf(point, series))
            chart.push_back({QDate::fromString(point.asOf, Qt::ISODate), *price});
    m_trend = observedTrend(chart);
    m_trendLabel->show();
    if (chart.empty()) {
        m_trendLabel->setText(tr("No %1 price listed.").arg(m_series->currentText().toLower()));
    } else if (m_points.size() < 2) {
        m_trendLabel->setText(tr("No earlier price yet: the history grows when a refresh or a sheet changes it."));
    } else if (m_trend) {
        m_trendLabel->setText(tr("%1: %2 (%3 from %4 to %5).")
                                  .arg(m_series->currentText(), yearlyChange(m_trend->ratePerYear),
                                       countText("breakeven::ApiPriceHistoryPanel", "%n price(s)", m_trend->points),
                                       QLocale().toString(m_trend->first, QLocale::ShortFormat),
                                       QLocale().toString(m_trend->last, QLocale::ShortFormat)));
    } else {
        m_trendLabel->setText(tr("%1: no yearly change (the dates are less than %2 days apart, the price did not "
                                 "change, or the change is beyond what a scenario takes).")
                                  .arg(m_series->currentText())
                                  .arg(kMinTrendDays));
    }
    // One price draws no line: the table and the sentence say it.
    m_chart->setVisible(chart.size() > 1);
    m_chart->setPoints(std::move(chart), m_currency);
}

} // namespace breakeven
