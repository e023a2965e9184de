#include "pricehistorypanel.h"

#include "catalogformat.h"
#include "engine/resultstext.h"
#include "inputerror.h"
#include "widgets/plural.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace breakeven {

namespace {

// "−12 % a year": the sign written out, whole percent unless the rate is small.
QString yearlyChange(double rate)
{
    const double percent = rate * 100;
    const QString number = QLocale().toString(std::abs(percent), 'f', std::abs(percent) < 10 ? 1 : 0);
    if (percent < 0)
        return PriceHistoryPanel::tr("falls %1 % a year").arg(number);
    return PriceHistoryPanel::tr("rises %1 % a year").arg(number);
}

QString changeText(double before, double after)
{
    if (before <= 0)
        return {};
    const double percent = (after / before - 1) * 100;
    if (std::abs(percent) < 0.05)
        return PriceHistoryPanel::tr("same");
    return QStringLiteral("%1%2 %").arg(percent > 0 ? QStringLiteral("+") : QStringLiteral("−"),
                                        QLocale().toString(std::abs(percent), 'f', 1));
}

} // namespace

PriceHistoryChart::PriceHistoryChart(QWidget *parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void PriceHistoryChart::setPoints(std::vector<PricePoint> points, const QString &currency)
{
    m_points = std::move(points);
    m_currency = currency;
    update();
}

void PriceHistoryChart::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    const QPalette &colors = palette();
    painter.fillRect(rect(), colors.color(QPalette::Base));
    if (m_points.empty())
        return;
    const QFontMetrics metrics(font());
    double low = m_points.front().price;
    double high = low;
    for (const PricePoint &point : m_points) {
        low = std::min(low, point.price);
        high = std::max(high, point.price);
    }
    // A flat history still gets a band to sit in, the price in its middle.
    const double pad = high > low ? (high - low) * 0.15 : std::max(std::abs(high) * 0.1, 0.01);
    low -= pad;
    high += pad;
    const QString highText = formatPrice(high - pad, m_currency);
    const QString lowText = formatPrice(low + pad, m_currency);
    const int left = std::max(metrics.horizontalAdvance(highText), metrics.horizontalAdvance(lowText)) + 10;
    const QRectF plot(left, metrics.height() * 0.5 + 4, width() - left - 12, height() - metrics.height() * 2 - 8);
    if (plot.width() < 20 || plot.height() < 20)
        return;
    const QDate first = m_points.front().date;
    const qint64 span = std::max<qint64>(first.daysTo(m_points.back().date), 1);
    const auto x = [&](const QDate &date) {
        return m_points.size() == 1 ? plot.center().x() : plot.left() + plot.width() * double(first.daysTo(date)) / double(span);
    };
    const auto y = [&](double price) { return plot.bottom() - plot.height() * (price - low) / (high - low); };

    painter.setPen(QPen(colors.color(QPalette::Mid), 1));
    painter.drawLine(plot.bottomLeft(), plot.bottomRight());
    painter.drawLine(plot.bottomLeft(), plot.topLeft());
    painter.setPen(colors.color(QPalette::Text));
    painter.drawText(QRectF(0, y(high - pad) - metrics.height() / 2.0, left - 6, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, highText);
    if (high - pad > low + pad)
        painter.drawText(QRectF(0, y(low + pad) - metrics.height() / 2.0, left - 6, metrics.height()),
                         Qt::AlignRight | Qt::AlignVCenter, lowText);
    const QString firstText = QLocale().toString(first, QLocale::ShortFormat);
    const QString lastText = QLocale().toString(m_points.back().date, QLocale::ShortFormat);
    const QRectF dates(plot.left(), plot.bottom() + 2, plot.width(), metrics.height());
    painter.drawText(dates, m_points.size() == 1 ? Qt::AlignHCenter : Qt::AlignLeft, firstText);
    if (m_points.size() > 1)
        painter.drawText(dates, Qt::AlignRight, lastText);

    // Each price holds until the next date: a step line, a dot where a price was seen.
    QPainterPath path;
    path.moveTo(x(m_points.front().date), y(m_points.front().price));
    for (std::size_t i = 1; i < m_points.size(); ++i) {
        path.lineTo(x(m_points[i].date), y(m_points[i - 1].price));
        path.lineTo(x(m_points[i].date), y(m_points[i].price));
    }
    const QColor line = colors.color(QPalette::Highlight);
    painter.setPen(QPen(line, 2));
    painter.drawPath(path);
    painter.setBrush(line);
    for (const PricePoint &point : m_points)
        painter.drawEllipse(QPointF(x(point.date), y(point.price)), 3.5, 3.5);
}

PriceHistoryPanel::PriceHistoryPanel(QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_trendLabel(new QLabel(this))
    , m_chart(new PriceHistoryChart(this))
    , m_table(new QTableWidget(this))
    , m_row(new QBoxLayout(QBoxLayout::TopToBottom))
{
    setObjectName(QStringLiteral("priceHistory"));
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::PlainText);
    m_trendLabel->setWordWrap(true);
    m_trendLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("As of"), tr("Price /GPU-h"), tr("Change")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    // Room for the chart's labels and line, and for three dates of the table: a short dock
    // scrolls rather than squeezing them to nothing.
    m_chart->setMinimumHeight(fontMetrics().height() * 7);
    m_table->setMinimumHeight(m_table->horizontalHeader()->sizeHint().height()
                              + 3 * m_table->verticalHeader()->defaultSectionSize() + 4);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_heading);
    layout->addWidget(m_trendLabel);
    m_row->addWidget(m_chart, 3);
    m_row->addWidget(m_table, 2);
    layout->addLayout(m_row, 1);
    // Without an offer the sentences stay at the top; the stretch takes the room below.
    m_heading->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    m_trendLabel->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    layout->addStretch(0);
    clear(tr("Select an offer to see the prices the catalog has seen it at."));
}

void PriceHistoryPanel::clear(const QString &message)
{
    m_heading->setText(message);
    m_trendLabel->clear();
    m_trendLabel->hide();
    m_chart->setPoints({}, {});
    m_chart->hide();
    m_table->setRowCount(0);
    m_table->hide();
    m_trend.reset();
}

void PriceHistoryPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    const auto direction = width() >= 2 * m_chart->sizeHint().width() ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_row->direction() != direction)
        m_row->setDirection(direction);
}

void PriceHistoryPanel::showOffer(CatalogRepository *catalog, const std::optional<StoredOffer> &stored,
                                  std::optional<PricingPlan> plan)
{
    if (!catalog || !stored) {
        clear(tr("Select an offer to see the prices the catalog has seen it at."));
        return;
    }
    const CloudOffer &offer = stored->offer;
    if (!plan) {
        for (PricingPlan headline : kHeadlinePlans)
            if (offer.price(headline)) {
                plan = headline;
                break;
            }
    }
    if (!plan || !offer.price(*plan)) {
        clear(tr("%1 %2 has no %3 price.").arg(offer.provider, offer.instanceType,
                                               plan ? planName(*plan) : tr("published")));
        return;
    }
    std::vector<PricePoint> points;
    try {
        points = catalog->priceHistory(stored->id, *plan);
    } catch (const InputError &error) {
        clear(error.message());
        return;
    }
    // Without earlier prices the history is the current price alone.
    if (points.empty()) {
        const QDate asOf = QDate::fromString(offer.asOf, Qt::ISODate);
        points.push_back({asOf, *offer.price(*plan)});
    }
    const int gpus = std::max(offer.gpuCount, 1);
    for (PricePoint &point : points)
        point.price /= gpus;
    m_heading->setText(tr("%1 %2, %3: %4 per GPU-hour")
                           .arg(offer.provider, offer.instanceType, offer.region, planName(*plan)));
    m_trend = observedTrend(points);
    if (points.size() < 2) {
        m_trendLabel->setText(tr("No earlier price yet: the history grows when a refresh or a sheet changes it."));
    } else if (m_trend) {
        m_trendLabel->setText(tr("Observed: %1 (%2 from %3 to %4).")
                                  .arg(yearlyChange(m_trend->ratePerYear),
                                       countText("breakeven::PriceHistoryPanel", "%n price(s)", m_trend->points),
                                       QLocale().toString(m_trend->first, QLocale::ShortFormat),
                                       QLocale().toString(m_trend->last, QLocale::ShortFormat)));
    } else {
        m_trendLabel->setText(tr("No yearly change: the dates are less than %1 days apart, or the change is "
                                 "beyond what a scenario takes.")
                                  .arg(kMinTrendDays));
    }
    m_trendLabel->show();

    m_table->setRowCount(int(points.size()));
    // Newest first: the current price on top.
    for (int row = 0; row < int(points.size()); ++row) {
        const std::size_t at = points.size() - 1 - std::size_t(row);
        const PricePoint &point = points[at];
        auto *date = new QTableWidgetItem(point.date.isValid() ? point.date.toString(Qt::ISODate) : offer.asOf);
        if (row == 0)
            date->setToolTip(tr("The current price"));
        auto *price = new QTableWidgetItem(formatPrice(point.price, offer.currency));
        price->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto *change = new QTableWidgetItem(at > 0 ? changeText(points[at - 1].price, point.price) : QString());
        change->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, 0, date);
        m_table->setItem(row, 1, price);
        m_table->setItem(row, 2, change);
    }
    m_table->resizeColumnsToContents();
    m_table->show();
    // One price draws no line: the table and the sentence say it.
    m_chart->setVisible(points.size() > 1);
    m_chart->setPoints(std::move(points), offer.currency);
}

} // namespace breakeven
