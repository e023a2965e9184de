#include "ownershipchart.h"

#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"
#include "engine/hybridtext.h"
#include "engine/resultstext.h"

#include <QChart>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace breakeven::charts {

OwnershipChart::OwnershipChart(QWidget *parent)
    : HybridChart(parent)
{
}

void OwnershipChart::rebuild()
{
    m_points.clear();
    m_lines.clear();
    m_units = nullptr;
    m_labelTexts.clear();
    if (!hasData()) {
        setCaption({});
        return;
    }
    const CostModel &model = *m_model;
    const QString currency = model.input().currency;
    const std::vector<HybridResult> &hybrids = results();
    const int shownIndex = std::clamp(shown(), 0, int(hybrids.size()) - 1);

    int maxUnits = 1;
    double low = std::numeric_limits<double>::infinity();
    double high = -low;
    for (const HybridResult &h : hybrids) {
        if (!h.status.feasible)
            continue;
        maxUnits = std::max(maxUnits, int(h.tcoByUnits.size()) - 1);
        for (double tco : h.tcoByUnits)
            if (std::isfinite(tco)) {
                low = std::min(low, tco);
                high = std::max(high, tco);
            }
    }
    if (!std::isfinite(low)) {
        low = 0;
        high = 1;
    }

    auto *axisX = new QValueAxis;
    axisX->setTitleText(tr("Units of the build owned (K)"));
    axisX->setLabelFormat(QStringLiteral("%.0f"));
    axisX->setRange(-0.4, maxUnits + 0.4);
    axisX->setTickType(QValueAxis::TicksDynamic);
    axisX->setTickAnchor(0);
    axisX->setTickInterval(std::max(1.0, std::ceil(maxUnits / 10.0)));
    auto *axisY = new QValueAxis;
    setupMoneyAxis(axisY, tr("TCO over %1 months (%2)").arg(model.horizonMonths()).arg(currency));
    // Room above and below the curve for the labels; the axis need not start at 0, the
    // differences between K are what the chart is about.
    const double span = std::max(high - low, std::max(1.0, std::abs(high) * 0.02));
    const double step = roundTickInterval(span * 1.3, TickKind::Money);
    axisY->setRange(std::floor((low - 0.12 * span) / step) * step, std::ceil((high + 0.18 * span) / step) * step);
    chart()->addAxis(axisX, Qt::AlignBottom);
    chart()->addAxis(axisY, Qt::AlignLeft);

    QStringList lines;
    QStringList infeasible;
    m_points.resize(hybrids.size());
    m_units = new QScatterSeries;
    for (int i = 0; i < int(hybrids.size()); ++i) {
        const HybridResult &h = hybrids[std::size_t(i)];
        const QString name = hybridName(i);
        if (!h.status.feasible) {
            infeasible << QStringLiteral("%1 (%2)").arg(name, h.status.reason);
            continue;
        }
        const bool stressed = i == shownIndex;
        QPen pen(optionColor(i));
        pen.setWidthF(stressed ? 3.0 : 1.5);
        if (!stressed)
            pen.setStyle(Qt::DashLine);
        bool named = false;
        bool gap = false;
        QList<QPointF> run;
        const auto flush = [&] {
            if (run.isEmpty())
                return;
            auto *series = new QLineSeries;
            series->setName(name);
            series->setPen(pen);
            series->setPointsVisible(true);
            series->replace(run);
            const QString build = optionName(h.onPrem);
            const double perUnit = h.units > 0 ? h.ownedCapacity / h.units : 0;
            connect(series, &QLineSeries::hovered, this, [this, name, build, perUnit, currency, i](const QPointF &p, bool state) {
                const std::vector<HybridResult> &all = results();
                if (!state || i >= int(all.size())) {
                    QToolTip::hideText();
                    return;
                }
                const HybridResult &r = all[std::size_t(i)];
                const int k = std::clamp(int(std::lround(p.x())), 0, int(r.tcoByUnits.size()) - 1);
                QString owned = tr("own %1 × %2").arg(k).arg(build);
                if (perUnit > 0)
                    owned += tr(" (%1 GPUs)").arg(gpuCount(perUnit * k));
                QToolTip::showText(QCursor::pos(), tr("%1\n%2\nTCO %3%4")
                                       .arg(name, owned, formatMoney(r.tcoByUnits[std::size_t(k)], currency, 0),
                                            k == r.units ? (r.chosen ? tr("\nthe K chosen") : tr("\nthe K fixed"))
                                                         : QString()),
                                   chartView());
            });
            chart()->addSeries(series);
            series->attachAxis(axisX);
            series->attachAxis(axisY);
            if (named)
                for (QLegendMarker *marker : chart()->legend()->markers(series))
                    ChartView::leaveOutOfLegend(marker);
            named = true;
            m_lines << series;
            run.clear();
        };
        for (int k = 0; k < int(h.tcoByUnits.size()); ++k) {
            const double tco = h.tcoByUnits[std::size_t(k)];
            if (std::isfinite(tco)) {
                run << QPointF(k, tco);
                m_points[std::size_t(i)] << QPointF(k, tco);
            } else {
                gap = true;
                flush();
            }
        }
        flush();
        m_units->append(h.units, h.tco);
        if (gap)
            lines << tr("%1: K that leaves more burst than %2's quota allows is left out.").arg(name, optionName(h.cloud));
        if (stressed) {
            const int last = h.unitsCoveringPeak;
            const auto end = [&](int k) { return k < int(h.tcoByUnits.size()) && std::isfinite(h.tcoByUnits[std::size_t(k)]); };
            QString unitsText = tr("K = %1, %2").arg(h.units).arg(shortMoney(h.tco, currency));
            if (h.units == 0)
                unitsText = tr("all cloud: ") + unitsText;
            else if (h.units == last)
                unitsText = tr("all owned: ") + unitsText;
            if (end(0) && h.units != 0) {
                addPlotLabel(tr("all cloud"), QPointF(0, h.tcoByUnits.front()), m_units, true);
                m_labelTexts << tr("all cloud");
            }
            if (end(last) && h.units != last && last > 0) {
                addPlotLabel(tr("all owned"), QPointF(last, h.tcoByUnits[std::size_t(last)]), m_units, true);
                m_labelTexts << tr("all owned");
            }
            addPlotLabel(unitsText, QPointF(h.units, h.tco), m_units, false);
            m_labelTexts << unitsText;
        }
        lines << QStringLiteral("%1: %2; %3.").arg(name, hybridSentence(model, h), hybridEndsText(model, h));
    }
    m_units->setName(tr("Units owned (K)"));
    m_units->setMarkerShape(QScatterSeries::MarkerShapeStar);
    m_units->setMarkerSize(18);
    m_units->setColor(QColor(0xf0, 0xad, 0x4e));
    m_units->setBorderColor(QColor(0x5c, 0x3a, 0x00));
    chart()->addSeries(m_units);
    m_units->attachAxis(axisX);
    m_units->attachAxis(axisY);
    // The star is labelled on the plot; the legend keeps its room for the hybrid options' names.
    for (QLegendMarker *marker : chart()->legend()->markers(m_units))
        ChartView::leaveOutOfLegend(marker);
    chartView()->connectLegendMarkers(); // fits the legend

    if (!infeasible.isEmpty())
        lines << tr("Not drawn: %1").arg(infeasible.join(QStringLiteral("; ")));
    setCaption(lines.join(QLatin1Char('\n')));
}

} // namespace breakeven::charts
