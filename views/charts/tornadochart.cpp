#include "tornadochart.h"

#include "axislabels.h"
#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "engine/risk.h"
#include "engine/risktext.h"
#include "payoffchart.h"

#include <QAreaSeries>
#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace breakeven::charts {

namespace {

// Low end blue, high end orange: told apart in greyscale by their lightness too.
const QColor kLowColor(0x1f, 0x77, 0xb4);
const QColor kHighColor(0xff, 0xb0, 0x5c);
constexpr double kHalfBar = 0.36; // of a row's height, each end's bar

std::pair<double, double> extent(const QAreaSeries *area)
{
    const QList<QPointF> points = area->upperSeries()->points();
    return points.size() == 2 ? std::pair(points[0].x(), points[1].x()) : std::pair(0.0, 0.0);
}

} // namespace

TornadoChart::TornadoChart(QWidget *parent)
    : RiskChart(parent)
{
}

void TornadoChart::setPair(int pair)
{
    if (pair == m_pair)
        return;
    m_pair = pair;
    setRisk(sharedRisk()); // draws again
}

QList<std::pair<double, double>> TornadoChart::lowBars() const
{
    QList<std::pair<double, double>> out;
    for (const QAreaSeries *area : m_low)
        out << extent(area);
    return out;
}

QList<std::pair<double, double>> TornadoChart::highBars() const
{
    QList<std::pair<double, double>> out;
    for (const QAreaSeries *area : m_high)
        out << extent(area);
    return out;
}

void TornadoChart::rebuild()
{
    m_low.clear();
    m_high.clear();
    m_labels.clear();
    m_shownPair = -1;
    if (!hasData() || risk()->pairs.empty()) {
        setCaption(hasData() ? tr("No pair of an on-prem and a cloud option is feasible at the scenario's own values.")
                             : QString());
        return;
    }
    const RiskResult &r = *risk();
    const CostModel &model = *m_model;
    const QString currency = model.input().currency;
    if (m_pair >= 0 && m_pair < int(r.pairs.size())) {
        m_shownPair = m_pair;
    } else {
        const std::vector<int> first = payoffPairs(r, cheapestCloud(), PayoffChart::kMaxLines);
        m_shownPair = first.empty() ? 0 : first.front();
    }
    const PairRisk &pair = r.pairs[std::size_t(m_shownPair)];
    if (pair.tornado.empty()) {
        setCaption(r.ranges.empty() ? tr("The scenario has no uncertain input.")
                                    : tr("The tornado is worked out when the utilization slider is let go."));
        return;
    }
    const int rows = std::min(int(pair.tornado.size()), kMaxBars);

    auto *axisX = new QValueAxis;
    setupMoneyAxis(axisX, tr("On-prem − cloud TCO at month %1 (%2), below 0: buying is cheaper")
                              .arg(model.horizonMonths())
                              .arg(currency));
    auto *axisY = new QCategoryAxis;
    axisY->setLabelsPosition(QCategoryAxis::AxisLabelsPositionCenter);
    axisY->setRange(-0.5, rows - 0.5);
    axisY->setGridLineVisible(false);
    chart()->addAxis(axisX, Qt::AlignBottom);
    chart()->addAxis(axisY, Qt::AlignLeft);

    double low = std::min(0.0, pair.difference);
    double high = std::max(0.0, pair.difference);
    // Rows bottom to top on the axis: the largest swing (the tornado's first bar) on top.
    QStringList bottomUp;
    const auto addBar = [&](double y0, double y1, double to, const QColor &color, const QString &name) {
        auto *upper = new QLineSeries;
        auto *lower = new QLineSeries;
        upper->append(pair.difference, y1);
        upper->append(to, y1);
        lower->append(pair.difference, y0);
        lower->append(to, y0);
        auto *area = new QAreaSeries(upper, lower);
        upper->setParent(area);
        lower->setParent(area);
        area->setName(name);
        area->setColor(color);
        area->setBorderColor(color.darker(140));
        chart()->addSeries(area);
        area->attachAxis(axisX);
        area->attachAxis(axisY);
        return area;
    };
    for (int i = 0; i < rows; ++i) {
        const TornadoBar &bar = pair.tornado[std::size_t(i)];
        const ResolvedRange &range = r.ranges[std::size_t(bar.input)];
        const double y = rows - 1 - i;
        QString label = tr("%1 %2").arg(range.words.heading, inputSpanText(range, bar.low, bar.high));
        if (bar.switchValue)
            label += tr(": flips at %1").arg(inputValueText(range, *bar.switchValue));
        m_labels << label;
        m_low << addBar(y, y + kHalfBar, bar.atLow, kLowColor, tr("Low end of the range"));
        m_high << addBar(y - kHalfBar, y, bar.atHigh, kHighColor, tr("High end of the range"));
        for (QAreaSeries *area : {m_low.last(), m_high.last()}) {
            const bool isLow = area == m_low.last();
            connect(area, &QAreaSeries::hovered, this, [this, label, isLow, bar, currency](const QPointF &, bool state) {
                if (!state) {
                    QToolTip::hideText();
                    return;
                }
                QToolTip::showText(QCursor::pos(),
                                   tr("%1\nat the %2 end: on-prem − cloud = %3")
                                       .arg(label, isLow ? tr("low") : tr("high"),
                                            formatMoney(isLow ? bar.atLow : bar.atHigh, currency, 0)),
                                   chartView());
            });
        }
        low = std::min({low, bar.atLow, bar.atHigh});
        high = std::max({high, bar.atLow, bar.atHigh});
    }
    for (qsizetype k = m_labels.size() - 1; k >= 0; --k)
        bottomUp << m_labels[k];
    for (int k = 0; k < rows; ++k)
        axisY->append(bottomUp[k], k + 0.5);
    // Each row keeps a line of its own and at least the start and end of its label.
    (new CategoryLabels(chart(), chartView(), axisY, Qt::AlignLeft))->setNames(bottomUp);

    // The difference at the own values (where the bars start) and 0 (where the answer flips).
    const auto addRule = [&](double x, const QString &name, Qt::PenStyle style) {
        auto *rule = new QLineSeries;
        rule->setName(name);
        rule->append(x, -0.5);
        rule->append(x, rows - 0.5);
        QPen pen(QColor(0x33, 0x33, 0x33));
        pen.setStyle(style);
        pen.setWidthF(1.5);
        rule->setPen(pen);
        chart()->addSeries(rule);
        rule->attachAxis(axisX);
        rule->attachAxis(axisY);
    };
    addRule(pair.difference, tr("Own values"), Qt::SolidLine);
    addRule(0, tr("Equal cost"), Qt::DashLine);
    const double margin = 0.05 * std::max(1.0, high - low);
    double niceMin = 0;
    const NiceRange nice = niceRange(low - (low < 0 ? margin : 0), high + margin, &niceMin);
    axisX->setRange(niceMin, nice.max);
    axisX->setTickCount(nice.tickCount);

    // One legend entry per kind of bar, not per bar.
    chartView()->showLegendEntries(chart()->legend()->markers().mid(2, 2 * rows - 2), false);

    QStringList lines;
    lines << tr("%1, at %2 utilization: on-prem − cloud is %3 at the scenario's own values (%4). "
                "Each input is moved to the ends of its range, the others kept at their own values.")
                 .arg(pairName(model, pair), formatPercent(r.utilization), formatMoney(pair.difference, currency, 0),
                      pair.difference < 0 ? tr("buying is cheaper") : tr("renting is cheaper"));
    if (int(pair.tornado.size()) > rows)
        lines << tr("The %1 inputs of largest swing of %2 are shown.").arg(rows).arg(pair.tornado.size());
    lines << tr("What flips it: %1.").arg(flipsText(r, pair));
    setCaption(lines.join(QLatin1Char('\n')));
}

} // namespace breakeven::charts
