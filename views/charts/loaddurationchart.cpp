#include "loaddurationchart.h"

#include <QLegendMarker>

#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"

#include <QAreaSeries>
#include <QChart>
#include <QCursor>
#include <QLegend>
#include <QLineSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace breakeven::charts {

LoadDurationChart::LoadDurationChart(QWidget *parent)
    : HybridChart(parent)
{
}

void LoadDurationChart::rebuild()
{
    m_durations.clear();
    m_curve = m_capacity = nullptr;
    m_owned = m_burst = nullptr;
    m_capacityLabel.clear();
    const HybridResult *h = shownResult();
    if (!h) {
        setCaption({});
        return;
    }
    const CostModel &model = *m_model;
    m_durations = hybridModel()->loadDuration(utilization());
    const double capacity = h->status.feasible ? h->ownedCapacity : 0;

    double peak = capacity;
    for (const HybridModel::DurationPoint &point : m_durations)
        peak = std::max(peak, point.gpus);

    auto *axisX = new QValueAxis;
    axisX->setTitleText(tr("Share of the time, busiest first (%)"));
    axisX->setRange(0, 100);
    axisX->setLabelFormat(QStringLiteral("%.0f"));
    keepRoundTicks(axisX, TickKind::Percent);
    auto *axisY = new QValueAxis;
    axisY->setTitleText(tr("GPUs busy (%1)").arg(model.input().referenceGpu));
    axisY->setLabelFormat(QStringLiteral("%.0f"));
    const NiceRange range = niceRange(std::max(1.0, peak * 1.15));
    axisY->setRange(0, range.max);
    axisY->setTickCount(range.tickCount);
    chart()->addAxis(axisX, Qt::AlignBottom);
    chart()->addAxis(axisY, Qt::AlignLeft);

    // The curve as steps, and the same steps cut at the capacity: under it owned, above it burst.
    QList<QPointF> steps;
    QList<QPointF> ownedTop;
    QList<QPointF> burstTop;
    QList<QPointF> floor;
    QList<QPointF> capacityEdge;
    double x = 0;
    for (const HybridModel::DurationPoint &point : m_durations) {
        const double next = std::min(100.0, x + point.share * 100.0);
        for (double at : {x, next}) {
            steps << QPointF(at, point.gpus);
            ownedTop << QPointF(at, std::min(point.gpus, capacity));
            burstTop << QPointF(at, std::max(point.gpus, capacity));
            floor << QPointF(at, 0);
            capacityEdge << QPointF(at, capacity);
        }
        x = next;
    }

    const auto area = [&](const QList<QPointF> &top, const QList<QPointF> &bottom, const QString &name, QColor fill) {
        auto *upper = new QLineSeries;
        upper->replace(top);
        auto *lower = new QLineSeries;
        lower->replace(bottom);
        auto *series = new QAreaSeries(upper, lower);
        upper->setParent(series);
        lower->setParent(series);
        series->setName(name);
        series->setBrush(fill);
        series->setPen(Qt::NoPen);
        chart()->addSeries(series);
        series->attachAxis(axisX);
        series->attachAxis(axisY);
        return series;
    };
    const QString cloud = optionName(h->cloud);
    m_owned = area(ownedTop, floor, tr("On the owned units"), QColor(0x4a, 0x7f, 0xb5, 150));
    m_burst = area(burstTop, capacityEdge, tr("Burst to %1").arg(cloud), QColor(0xf0, 0x8a, 0x24, 170));

    m_curve = new QLineSeries;
    m_curve->setName(tr("GPUs busy"));
    QPen curvePen(QColor(0x1f, 0x3b, 0x5c));
    curvePen.setWidthF(1.8);
    m_curve->setPen(curvePen);
    m_curve->replace(steps);
    connect(m_curve, &QLineSeries::hovered, this, [this](const QPointF &p, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        // The step under the pointer: its GPUs and how much of the time at least that many are busy.
        double at = 0;
        for (const HybridModel::DurationPoint &point : m_durations) {
            at += point.share * 100.0;
            if (p.x() <= at + 1e-9) {
                QToolTip::showText(QCursor::pos(), tr("%1 GPUs busy or more\n%2 of the time")
                                                       .arg(gpuCount(point.gpus), formatPercent(at / 100.0)),
                                   chartView());
                return;
            }
        }
    });
    chart()->addSeries(m_curve);
    m_curve->attachAxis(axisX);
    m_curve->attachAxis(axisY);

    m_capacity = new QLineSeries;
    const QString build = optionName(h->onPrem);
    m_capacityLabel = h->units > 0 ? tr("owned: %1 GPUs (%2 × %3)").arg(gpuCount(capacity)).arg(h->units).arg(build)
                                   : tr("owned: none (all on %1)").arg(cloud);
    m_capacity->setName(tr("Owned capacity"));
    QPen capacityPen(QColor(0xc9, 0x30, 0x2c));
    capacityPen.setWidthF(2.2);
    capacityPen.setStyle(Qt::DashLine);
    m_capacity->setPen(capacityPen);
    m_capacity->replace(QList<QPointF>{{0, capacity}, {100, capacity}});
    chart()->addSeries(m_capacity);
    m_capacity->attachAxis(axisX);
    m_capacity->attachAxis(axisY);
    // Under the line at its right end, where the owned units are busy all the time.
    addPlotLabel(m_capacityLabel, QPointF(100, capacity), m_capacity, capacity <= 0);
    chartView()->connectLegendMarkers();
    // The outline and the capacity line speak for themselves (the line has its label): the
    // legend keeps its room for the two areas and the cloud option's name.
    chartView()->showLegendEntries(chart()->legend()->markers(m_curve) + chart()->legend()->markers(m_capacity), false);

    QStringList lines;
    if (!h->status.feasible) {
        lines << tr("%1 is not possible: %2").arg(hybridName(shown()), h->status.reason);
    } else {
        lines << tr("%1: under the line, the work of the owned units (%2 busy); above it, %3 of the work, rented from %4.")
                     .arg(hybridName(std::clamp(shown(), 0, int(results().size()) - 1)),
                          h->ownedUtilization ? formatPercent(*h->ownedUtilization) : tr("none"),
                          formatPercent(h->burstShare), cloud);
    }
    lines << tr("The demand of the first month at %1 utilization.").arg(formatPercent(utilization()));
    setCaption(lines.join(QLatin1Char('\n')));
}

} // namespace breakeven::charts
