#include "payoffchart.h"

#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "engine/risk.h"

#include <QChart>
#include <QLocale>
#include <QCursor>
#include <QLegend>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace breakeven::charts {

std::vector<int> payoffPairs(const RiskResult &risk, std::optional<int> cloud, int max)
{
    std::vector<int> shown;
    const bool all = int(risk.pairs.size()) <= max;
    for (int p = 0; p < int(risk.pairs.size()); ++p)
        if (all || !cloud || risk.pairs[std::size_t(p)].cloud == *cloud)
            shown.push_back(p);
    if (all)
        return shown;
    std::stable_sort(shown.begin(), shown.end(), [&](int a, int b) {
        return risk.pairs[std::size_t(a)].onPremCheaper > risk.pairs[std::size_t(b)].onPremCheaper;
    });
    if (int(shown.size()) > max)
        shown.resize(std::size_t(max));
    return shown;
}

PayoffChart::PayoffChart(QWidget *parent)
    : RiskChart(parent)
{
}

void PayoffChart::setCloud(std::optional<int> cloud)
{
    if (cloud == m_cloud)
        return;
    m_cloud = cloud;
    setRisk(sharedRisk()); // draws again
}

bool PayoffChart::showsSome() const
{
    return hasData() && int(risk()->pairs.size()) > kMaxLines;
}

void PayoffChart::rebuild()
{
    m_series.clear();
    m_pairs.clear();
    if (!hasData()) {
        setCaption({});
        return;
    }
    const RiskResult &r = *risk();
    const CostModel &model = *m_model;
    const int horizon = model.horizonMonths();
    const std::optional<int> cloud = m_cloud ? m_cloud : cheapestCloud();
    m_pairs = payoffPairs(r, cloud, kMaxLines);

    auto *axisX = new QValueAxis;
    axisX->setTitleText(tr("Months"));
    axisX->setLabelFormat(QStringLiteral("%.0f"));
    axisX->setRange(0, std::max(1, horizon));
    keepRoundTicks(axisX, TickKind::Months);
    auto *axisY = new QValueAxis;
    axisY->setTitleText(tr("Buying has paid off (% of futures)"));
    axisY->setRange(0, 100);
    axisY->setLabelFormat(QStringLiteral("%.0f"));
    // About five steps (0, 20, … 100): the tab's chart may be short, and ten labels would crowd it.
    keepRoundTicks(axisY, TickKind::Money);
    chart()->addAxis(axisX, Qt::AlignBottom);
    chart()->addAxis(axisY, Qt::AlignLeft);

    bool oneOnPrem = true;
    for (const PairRisk &pair : r.pairs)
        oneOnPrem = oneOnPrem && pair.onPrem == r.pairs.front().onPrem;
    for (std::size_t k = 0; k < m_pairs.size(); ++k) {
        const PairRisk &pair = r.pairs[std::size_t(m_pairs[k])];
        auto *series = new QLineSeries;
        // With one on-prem option the cloud option names the pair (as on the cumulative chart).
        series->setName(oneOnPrem ? tr("vs %1").arg(model.option(pair.cloud).name) : pairName(model, pair));
        // Coloured by position so that neighbours differ; the on-prem option's dash pattern
        // is not needed, every line is a pair.
        QPen pen = optionPen(int(k), false);
        series->setPen(pen);
        QList<QPointF> points;
        points.reserve(qsizetype(pair.paidOffBy.size()));
        for (std::size_t m = 0; m < pair.paidOffBy.size(); ++m)
            points << QPointF(double(m), pair.paidOffBy[m] * 100.0);
        series->replace(points);
        const int pairIndex = m_pairs[k];
        connect(series, &QLineSeries::hovered, this, [this, pairIndex](const QPointF &point, bool state) {
            if (!state || !hasData()) {
                QToolTip::hideText();
                return;
            }
            const PairRisk &p = risk()->pairs[std::size_t(pairIndex)];
            const int month = std::clamp(int(std::lround(point.x())), 0, int(p.paidOffBy.size()) - 1);
            QToolTip::showText(QCursor::pos(),
                               tr("%1\nby month %2, buying has paid off in %3 of the futures")
                                   .arg(pairName(*m_model, p))
                                   .arg(month)
                                   .arg(formatPercent(p.paidOffBy[std::size_t(month)])),
                               chartView());
        });
        chart()->addSeries(series);
        series->attachAxis(axisX);
        series->attachAxis(axisY);
        m_series << series;
    }
    chartView()->connectLegendMarkers();

    QStringList lines;
    lines << tr("%1 sampled futures at %2 utilization, %3.")
                 .arg(QLocale(QLocale::English, QLocale::UnitedStates).toString(r.samples))
                 .arg(formatPercent(r.utilization))
                 .arg(r.defaultRanges ? tr("with the default ranges") : tr("with the scenario's ranges"));
    if (oneOnPrem && !r.pairs.empty())
        lines << tr("Each line: buying %1 against the cloud option named.").arg(model.option(r.pairs.front().onPrem).name);
    if (r.pairs.empty())
        lines << tr("No pair of an on-prem and a cloud option is feasible at the scenario's own values.");
    else if (int(r.pairs.size()) > kMaxLines && cloud)
        lines << tr("%1 of %2 pairs shown: against %3%4, the on-prem options most likely to win first.")
                     .arg(m_pairs.size())
                     .arg(r.pairs.size())
                     .arg(model.option(*cloud).name)
                     .arg(m_cloud ? QString() : tr(" (the cheapest cloud option)"));
    else if (int(r.pairs.size()) > kMaxLines)
        lines << tr("%1 of %2 pairs shown, those in which buying is most likely to win.").arg(m_pairs.size()).arg(r.pairs.size());
    setCaption(lines.join(QLatin1Char('\n')));
}

} // namespace breakeven::charts
