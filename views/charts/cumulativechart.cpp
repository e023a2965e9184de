#include "cumulativechart.h"

#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "engine/risk.h"

#include <QAreaSeries>
#include <QChart>
#include <QCheckBox>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QLocale>
#include <QPen>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace breakeven::charts {

namespace {
// More labels than this crowd the plot; every crossover is marked, and the "Every pair" table
// lists them all.
constexpr int kMaxPointLabels = 8;
// Numbered purchases and terms past the horizon, after the pay-offs.
constexpr int kMaxEventLabels = 6;
constexpr int kMaxCaptionSentences = 6;
} // namespace

CumulativeChart::CumulativeChart(QWidget *parent)
    : ChartPanel(parent)
    , m_bandsToggle(new QCheckBox(tr("Show P10–P90 bands"), this))
{
    m_bandsToggle->setToolTip(tr("Shade where each option's cumulative cost lies in 80 % of the sampled futures "
                                 "(from the 10th to the 90th percentile)"));
    addControl(m_bandsToggle);
    connect(m_bandsToggle, &QCheckBox::toggled, this, &CumulativeChart::bandsToggled);
    connect(chart(), &QChart::plotAreaChanged, this, &CumulativeChart::placeLabels);
    connect(chartView(), &ChartView::zoomReset, this, &CumulativeChart::placeLabels);
    // Names are long; beside the plot they are read in full instead of elided.
    chart()->legend()->setAlignment(Qt::AlignRight);
}

void CumulativeChart::clear()
{
    m_markLabels.clear();
    removeSeriesAndAxes();
    m_series.clear();
    m_options.clear();
    m_spendSeries.clear();
    m_spendOptions.clear();
    m_bands.clear();
    m_crossovers = nullptr;
    m_crossings = nullptr;
    m_events = nullptr;
    m_crossingPoints.clear();
    m_eventPoints.clear();
    m_eventTexts.clear();
    m_eventAt.clear();
    m_leftOut.clear();
    m_axisX = m_axisY = nullptr;
    m_sentences.clear();
    m_pointLabels.clear();
    m_crossoverPoints.clear();
}

void CumulativeChart::describeHorizon()
{
    m_eventAt.clear();
    m_eventTexts.clear();
    m_leftOut.clear();
    if (!m_model)
        return;
    const int H = m_model->horizonMonths();
    for (int i = 0; i < m_model->optionCount(); ++i) {
        if (!m_model->isFeasible(i))
            continue;
        const QString name = m_model->option(i).name;
        const QStringList notes = horizonNotes(*m_model, i);
        for (const Purchase &p : m_model->purchases(i))
            if (p.month > 0 && p.month <= H) {
                m_eventAt << qMakePair(i, p.month);
                m_eventTexts << tr("%1: %2").arg(name, purchaseText(*m_model, i, p));
            }
        if (m_model->owedAfterHorizon(i)) {
            m_eventAt << qMakePair(i, H);
            m_eventTexts << tr("%1: %2").arg(name, notes.value(0));
        }
        for (const QString &note : notes)
            m_leftOut << tr("%1: %2").arg(name, note);
    }
}

void CumulativeChart::relabel()
{
    if (!m_model)
        return;
    describeHorizon();
    for (qsizetype k = 0; k < m_series.size(); ++k)
        m_series[k]->setName(seriesName(m_options[k]));
    for (qsizetype k = 0; k < m_spendSeries.size(); ++k)
        m_spendSeries[k]->setName(spendSeriesName(m_spendOptions[k]));
    // The markers took the new names whole: fitted to the legend again.
    chartView()->connectLegendMarkers();
}

QString CumulativeChart::seriesName(int option) const
{
    const OptionKind kind = m_model->option(option).kind;
    if (kind == OptionKind::Api)
        return m_model->option(option).name + tr(" (API)");
    if (kind == OptionKind::Cloud)
        return m_model->option(option).name + tr(" (cloud)");
    // With resale credited the solid line is net of it, and says so.
    return optionLabel(*m_model, option) + (m_model->input().creditResaleValue ? tr(", net of resale") : QString());
}

QString CumulativeChart::spendSeriesName(int option) const
{
    return tr("%1, spend").arg(optionLabel(*m_model, option));
}

void CumulativeChart::setModel(const CostModel *model)
{
    clear();
    m_model = model;
    if (!model) {
        setCaption({});
        return;
    }
    const QString currency = model->input().currency;
    m_axisX = new QValueAxis;
    m_axisX->setTitleText(tr("Months"));
    m_axisX->setLabelFormat(QStringLiteral("%.0f"));
    const int horizon = model->horizonMonths();
    m_axisX->setRange(0, std::max(1, horizon));
    // Ticks on whole quarters, half-years or years when the horizon allows it.
    int tickCount = 0;
    for (int step : {1, 2, 3, 6, 12, 24, 60})
        if (horizon % step == 0 && horizon / step <= 10) {
            tickCount = horizon / step + 1;
            break;
        }
    m_axisX->setTickCount(tickCount > 1 ? tickCount : std::min(niceRange(std::max(1, horizon)).tickCount, 11));
    keepRoundTicks(m_axisX, TickKind::Months); // zoomed in, still whole months at round steps
    m_axisY = new QValueAxis;
    setupMoneyAxis(m_axisY, tr("Cumulative cost (%1)").arg(currency));
    chart()->addAxis(m_axisX, Qt::AlignBottom);
    chart()->addAxis(m_axisY, Qt::AlignLeft);

    // The bands first, so that the lines are drawn over them: the option's colour, light.
    if (bandsVisible()) {
        for (int i = 0; i < model->optionCount(); ++i) {
            if (!model->isFeasible(i))
                continue;
            auto *band = new QAreaSeries(new QLineSeries, new QLineSeries);
            band->upperSeries()->setParent(band);
            band->lowerSeries()->setParent(band);
            band->setName(tr("%1, P10–P90").arg(model->option(i).name));
            QColor fill = optionColor(i);
            fill.setAlpha(45);
            band->setBrush(fill);
            band->setPen(Qt::NoPen);
            connect(band, &QAreaSeries::hovered, this, [this, band, i](const QPointF &point, bool state) {
                const QList<QPointF> upper = band->upperSeries()->points();
                const QList<QPointF> lower = band->lowerSeries()->points();
                const int month = int(std::lround(point.x()));
                if (!state || month < 0 || month >= upper.size() || month >= lower.size()) {
                    QToolTip::hideText();
                    return;
                }
                const QString currency = m_model->input().currency;
                QToolTip::showText(QCursor::pos(),
                                   tr("%1\nmonth %2\nP10 %3, P90 %4 over the sampled futures")
                                       .arg(m_model->option(i).name)
                                       .arg(month)
                                       .arg(formatMoney(lower[month].y(), currency), formatMoney(upper[month].y(), currency)),
                                   chartView());
            });
            chart()->addSeries(band);
            band->attachAxis(m_axisX);
            band->attachAxis(m_axisY);
            m_bands << band;
        }
    }

    for (int i = 0; i < model->optionCount(); ++i) {
        if (!model->isFeasible(i))
            continue;
        const bool cloud = isRented(model->option(i).kind); // an API option is drawn as rented
        auto *series = new QLineSeries;
        series->setName(seriesName(i));
        series->setPen(optionPen(i, cloud));
        const int seriesIndex = int(m_series.size());
        connect(series, &QLineSeries::hovered, this, [this, seriesIndex](const QPointF &point, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), tooltipText(seriesIndex, point), chartView());
            else
                QToolTip::hideText();
        });
        chart()->addSeries(series);
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisY);
        m_series << series;
        m_options << i;
    }
    // With resale credited, each on-prem option's plain spend beside its net curve: a thin dotted
    // line in the same colour, so "net of resale" is never read as money not spent.
    if (model->input().creditResaleValue) {
        for (int i = 0; i < model->optionCount(); ++i) {
            if (!model->isFeasible(i) || model->option(i).kind != OptionKind::OnPrem)
                continue;
            auto *series = new QLineSeries;
            series->setName(spendSeriesName(i));
            QPen pen = optionPen(i, false);
            pen.setWidthF(1.5);
            pen.setStyle(Qt::DotLine);
            series->setPen(pen);
            const int spendIndex = int(m_spendSeries.size());
            connect(series, &QLineSeries::hovered, this, [this, spendIndex](const QPointF &point, bool state) {
                if (!state) {
                    QToolTip::hideText();
                    return;
                }
                const int month = int(std::lround(point.x()));
                QToolTip::showText(QCursor::pos(),
                                   tr("%1\nmonth %2\n%3 spent (before resale)")
                                       .arg(optionLabel(*m_model, m_spendOptions[spendIndex]))
                                       .arg(month)
                                       .arg(formatMoney(point.y(), m_model->input().currency)),
                                   chartView());
            });
            chart()->addSeries(series);
            series->attachAxis(m_axisX);
            series->attachAxis(m_axisY);
            m_spendSeries << series;
            m_spendOptions << i;
        }
    }
    // The marks over the curves: where buying pays off for good, other crossings, and what the
    // horizon leaves out.
    const auto marks = [this](const QString &name, QScatterSeries::MarkerShape shape, qreal size, const QColor &fill,
                              const QColor &border) {
        auto *series = new QScatterSeries;
        series->setName(name);
        series->setMarkerShape(shape);
        series->setMarkerSize(size);
        series->setColor(fill);
        series->setBorderColor(border);
        chart()->addSeries(series);
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisY);
        return series;
    };
    m_crossovers = marks(tr("Buying pays off"), QScatterSeries::MarkerShapeRectangle, 10, Qt::white, Qt::black);
    m_crossings = marks(tr("Curves cross, not for good"), QScatterSeries::MarkerShapeCircle, 7, QColor(0xdd, 0xdd, 0xdd),
                        QColor(0x44, 0x44, 0x44));
    m_events = marks(tr("Purchase, or a term past the horizon"), QScatterSeries::MarkerShapeTriangle, 10,
                     QColor(0xff, 0xc8, 0x57), QColor(0x80, 0x50, 0x00));
    connect(m_events, &QScatterSeries::hovered, this, [this](const QPointF &point, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        for (int k = 0; k < m_eventPoints.size(); ++k)
            if (std::abs(m_eventPoints[k].x() - point.x()) < 0.5 && std::abs(m_eventPoints[k].y() - point.y()) < 1e-6 * std::max(1.0, std::abs(point.y()))) {
                QToolTip::showText(QCursor::pos(), m_eventTexts[k], chartView());
                return;
            }
    });
    chartView()->connectLegendMarkers();
    // A band is named in its tooltip; in the legend it would double every entry.
    QList<QLegendMarker *> bandMarkers;
    for (QAreaSeries *band : std::as_const(m_bands))
        bandMarkers << chart()->legend()->markers(band);
    chartView()->showLegendEntries(bandMarkers, false);
    m_buffer.reserve(horizon + 1);
    describeHorizon();
}

bool CumulativeChart::bandsVisible() const
{
    return m_bandsToggle->isChecked();
}

void CumulativeChart::setBands(std::shared_ptr<const RiskResult> risk)
{
    m_bandRisk = std::move(risk);
    double low = 0;
    double high = 0;
    fillBands(&low, &high);
    if (!m_bands.isEmpty() && m_bandRisk && m_axisY && !chart()->isZoomed()) {
        for (const QLineSeries *line : std::as_const(m_series))
            for (const QPointF &p : line->points())
                if (std::isfinite(p.y())) {
                    low = std::min(low, p.y());
                    high = std::max(high, p.y());
                }
        fitMoneyAxis(m_axisY, low, high);
    }
}

void CumulativeChart::fillBands(double *low, double *high)
{
    const RiskResult *risk = m_bandRisk.get();
    const bool ok = m_model && risk && int(risk->options.size()) == m_model->optionCount();
    for (qsizetype k = 0; k < m_bands.size(); ++k) {
        QList<QPointF> upper;
        QList<QPointF> lower;
        if (ok) {
            const Eigen::ArrayXXd &bands = risk->options[std::size_t(m_options[k])].bands;
            for (Eigen::Index m = 0; m < bands.cols(); ++m) {
                const double p10 = bands(0, m);
                const double p90 = bands(2, m);
                if (!std::isfinite(p10) || !std::isfinite(p90))
                    continue;
                lower << QPointF(double(m), p10);
                upper << QPointF(double(m), p90);
                *low = std::min(*low, p10);
                *high = std::max(*high, p90);
            }
        }
        m_bands[k]->lowerSeries()->replace(lower);
        m_bands[k]->upperSeries()->replace(upper);
    }
}

void CumulativeChart::setEvaluation(const Evaluation &e)
{
    if (!m_model)
        return;
    const int columns = int(e.cumulative.cols());
    double low = 0;
    double high = 0;
    // Qt Charts outlines every line for hit testing each time its points change, at a cost per
    // point; during a drag the curves keep only the points that bend them by a visible amount.
    const double tolerance = isDraft() ? draftTolerance() : 0;
    for (int s = 0; s < m_series.size(); ++s) {
        const int option = m_options[s];
        m_buffer.resize(columns);
        for (int m = 0; m < columns; ++m) {
            const double value = e.cumulative(option, m);
            m_buffer[m] = QPointF(m, value);
            if (std::isfinite(value)) {
                low = std::min(low, value);
                high = std::max(high, value);
            }
        }
        if (tolerance > 0)
            simplify(&m_buffer, tolerance);
        m_series[s]->replace(m_buffer);
    }
    for (int s = 0; s < m_spendSeries.size(); ++s) {
        const int option = m_spendOptions[s];
        m_buffer.resize(columns);
        for (int m = 0; m < columns; ++m) {
            const double value = m_model->cumulativeSpend(e, option, m);
            m_buffer[m] = QPointF(m, value);
            if (std::isfinite(value))
                high = std::max(high, value);
        }
        if (tolerance > 0)
            simplify(&m_buffer, tolerance);
        m_spendSeries[s]->replace(m_buffer);
    }
    fillBands(&low, &high);
    if (!chart()->isZoomed()) // a zoom the user chose survives the slider
        fitMoneyAxis(m_axisY, low, high);

    // Each pair's crossover is marked where its two curves meet, and its label says which pair it
    // is: every pair, or in a scenario of more pairs than a chart can show, those against the
    // cheapest cloud option (a tick then works out a few hundred pairs, not every one).
    m_crossoverPoints.clear();
    m_pointLabels.clear();
    QStringList sentences;
    const auto cheapest = m_model->cheapestCloud(e);
    const std::vector<PairResult> headline = cheapest ? m_model->pairsAgainst(e, *cheapest) : std::vector<PairResult>{};
    for (const PairResult &pair : headline)
        sentences << crossoverSentence(*m_model, pair);
    const PairCount count = pairCount(*m_model);
    const bool everyPair = count.pairs() <= kMaxMarkedPairs;
    m_crossingPoints.clear();
    const auto onCurve = [&](int option, double month) {
        const int before = std::clamp(int(std::floor(month)), 0, columns - 1);
        const int after = std::min(before + 1, columns - 1);
        const double t = month - before;
        return QPointF(month, e.cumulative(option, before) * (1 - t) + e.cumulative(option, after) * t);
    };
    for (const PairResult &pair : everyPair ? m_model->pairs(e) : headline) {
        // Every crossing is marked; the one after which buying stays ahead is the square.
        for (const Crossing &crossing : pair.crossings) {
            const bool sticks = pair.paysOffMonth && crossing.cheaperAfter == Winner::OnPrem
                && crossing.month == *pair.paysOffMonth;
            if (!sticks) {
                m_crossingPoints << onCurve(pair.onPrem, crossing.month);
                continue;
            }
            m_crossoverPoints << onCurve(pair.onPrem, crossing.month);
            // With one on-prem option the cloud names the pair; with more, both do.
            const QString cloud = m_model->option(pair.cloud).name;
            const QString who = count.onPrem > 1 ? tr("%1 vs %2").arg(m_model->option(pair.onPrem).name, cloud)
                                                : tr("vs %1").arg(cloud);
            m_pointLabels << tr("%1: pays off, %2 mo").arg(who, QString::number(crossing.month, 'f', 1));
        }
    }
    m_crossings->replace(m_crossingPoints);
    // What the horizon leaves out, where it happens on the curves (its words do not move with u:
    // describeHorizon() made them with the model).
    m_eventPoints.clear();
    for (const auto &[option, month] : std::as_const(m_eventAt))
        m_eventPoints << QPointF(month, e.cumulative(option, month));
    const QStringList &leftOut = m_leftOut;
    m_events->replace(m_eventPoints);
    // A legend entry for marks the chart does not have would only puzzle.
    // Fitted again only when an entry comes or goes: not a slider tick's work otherwise.
    bool changed = false;
    for (QScatterSeries *marks : {m_crossings, m_events})
        for (QLegendMarker *marker : chart()->legend()->markers(marks))
            changed |= ChartView::leaveOutOfLegend(marker, marks->points().isEmpty());
    if (changed)
        chartView()->fitLegend();
    m_crossovers->replace(m_crossoverPoints);
    m_sentences = sentences;

    QStringList lines;
    if (const auto cloud = m_model->cheapestCloud(e))
        lines << tr("Against the cheapest cloud option, %1:").arg(m_model->option(*cloud).name);
    for (int i = 0; i < std::min(int(sentences.size()), kMaxCaptionSentences); ++i)
        lines << QStringLiteral("• ") + sentences[i];
    if (sentences.size() > kMaxCaptionSentences)
        lines << tr("… and %1 more in the results table").arg(sentences.size() - kMaxCaptionSentences);
    if (lines.size() == 1)
        lines.clear();
    // What the horizon leaves out is said where the answer is (docs/model.md).
    if (!leftOut.isEmpty()) {
        lines << (m_eventPoints.isEmpty() ? tr("What the horizon leaves out:")
                                          : tr("What the horizon leaves out (triangles on the curves):"));
        for (int k = 0; k < std::min(int(leftOut.size()), kMaxCaptionSentences); ++k)
            lines << QStringLiteral("• ") + leftOut[k];
        if (leftOut.size() > kMaxCaptionSentences)
            lines << tr("… and %1 more in the report").arg(leftOut.size() - kMaxCaptionSentences);
    }
    // Against more than the cheapest cloud option, the squares say more than the sentences above.
    if (cheapest && count.pairs() > sentences.size())
        lines << (everyPair ? (m_crossingPoints.isEmpty()
                                   ? tr("Squares mark where buying pays off for good against each cloud option; the "
                                        "\"Every pair\" table lists all %1 pairs.")
                                   : tr("Squares mark where buying pays off for good against each cloud option, circles "
                                        "where curves cross and cross back; the \"Every pair\" table lists all %1 pairs."))
                            : tr("Squares mark where buying pays off for good against the cheapest cloud option; the "
                                 "\"Every pair\" table lists all %1 pairs."))
                     .arg(count.pairs());
    if (!m_bands.isEmpty())
        lines << (m_bandRisk ? tr("Shaded: where each option's cumulative cost lies in 80 % of %1 sampled futures (P10 to "
                                  "P90); the Risk tab has the odds and what flips them.")
                                   .arg(QLocale(QLocale::English, QLocale::UnitedStates).toString(m_bandRisk->bandSamples))
                             : tr("Shaded bands appear once the sampled futures are worked out."));
    // What each numbered mark on the curves is (placeLabels() numbers them in this order).
    const int numberedPayoffs = std::min(int(m_pointLabels.size()), kMaxPointLabels);
    const int numberedEvents = std::min(int(m_eventPoints.size()), kMaxEventLabels);
    if (numberedPayoffs + numberedEvents > 0) {
        QStringList numbered;
        for (int k = 0; k < numberedPayoffs; ++k)
            numbered << tr("%1 %2").arg(k + 1).arg(m_pointLabels[k]);
        for (int k = 0; k < numberedEvents; ++k)
            numbered << tr("%1 %2").arg(numberedPayoffs + k + 1).arg(m_eventTexts.value(k));
        lines << tr("Numbered marks: %1").arg(numbered.join(QStringLiteral(" · ")));
    }
    if (!m_spendSeries.isEmpty())
        lines << tr("Resale credited: solid on-prem lines are net of what the units would sell for; "
                    "dotted lines are the money spent.");
    const QString infeasible = infeasibleCaption(*m_model);
    if (!infeasible.isEmpty())
        lines << infeasible;
    m_captionLines = lines;
    applyCaption();
    placeLabels();
}

void CumulativeChart::setDecidedBy(const QString &line)
{
    if (line == m_decidedBy)
        return;
    m_decidedBy = line;
    applyCaption();
}

void CumulativeChart::applyCaption()
{
    QStringList lines = m_captionLines;
    // What decides the answer, right under it (after the pay-off sentences, when there are some).
    if (!m_decidedBy.isEmpty() && m_model)
        lines.insert(std::min<qsizetype>(lines.size(), std::min<qsizetype>(m_sentences.size(), kMaxCaptionSentences) + 1),
                     m_decidedBy + QLatin1Char('.'));
    setCaption(lines.join(QLatin1Char('\n')));
}

double CumulativeChart::draftTolerance() const
{
    // A quarter of a pixel in value units: dropped points move the drawn line by less than that.
    const double pixels = chart()->plotArea().height();
    if (!m_axisY || pixels <= 0)
        return 0;
    return 0.25 * (m_axisY->max() - m_axisY->min()) / pixels;
}

void CumulativeChart::simplify(QList<QPointF> *points, double tolerance)
{
    // Greedy: extend each segment from the last kept point while every point it skips stays within
    // tolerance (vertically) of it. Curves are smooth, so segments are long and checks few.
    QList<QPointF> &p = *points;
    const int n = int(p.size());
    if (n < 3)
        return;
    int kept = 0;   // last kept index, also the write position
    int anchor = 0; // its index in the input
    for (int end = 2; end < n; ++end) {
        const QPointF a = p[anchor];
        const QPointF b = p[end];
        bool fits = std::isfinite(a.y()) && std::isfinite(b.y());
        for (int m = anchor + 1; fits && m < end; ++m) {
            const double t = (p[m].x() - a.x()) / (b.x() - a.x());
            fits = std::abs(a.y() + t * (b.y() - a.y()) - p[m].y()) <= tolerance;
        }
        if (!fits) {
            anchor = end - 1;
            p[++kept] = p[anchor];
        }
    }
    p[++kept] = p[n - 1];
    p.resize(kept + 1);
}

void CumulativeChart::textScaleChanged()
{
    // Labels are made again at the new size.
    m_markLabels.clear();
    placeLabels();
}

QList<QPointF> CumulativeChart::numberedMarks() const
{
    // The pay-offs first, then the purchases and terms past the horizon, as the caption lists them.
    QList<QPointF> marks = m_crossoverPoints.mid(0, kMaxPointLabels);
    marks += m_eventPoints.mid(0, kMaxEventLabels);
    return marks;
}

QList<QRectF> CumulativeChart::markLabelRects() const
{
    return m_markLabels.rects();
}

void CumulativeChart::placeLabels()
{
    QFont font;
    font.setPointSizeF(font.pointSizeF() * 0.85);
    font.setBold(true);
    m_markLabels.place(chart(), m_crossovers, numberedMarks(), m_crossovers && m_crossovers->isVisible(), scaledFont(font), /*rightClearance=*/6);
}

QString CumulativeChart::tooltipText(int seriesIndex, const QPointF &point) const
{
    if (!m_model || seriesIndex < 0 || seriesIndex >= m_series.size())
        return {};
    const int month = int(std::lround(point.x()));
    const QList<QPointF> points = m_series[seriesIndex]->points();
    // Points are one per month except while a drag simplifies the curves.
    const bool monthly = points.size() == m_model->horizonMonths() + 1;
    const double cost = monthly && month >= 0 && month < points.size() ? points[month].y() : point.y();
    return tr("%1\nmonth %2\n%3").arg(m_model->option(m_options[seriesIndex]).name).arg(month)
        .arg(formatMoney(cost, m_model->input().currency));
}

} // namespace breakeven::charts
