#include "servingchart.h"

#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"

#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QScatterSeries>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <optional>

namespace breakeven::charts {

namespace {

// From a tenth to ten times the workload's rate, 60 rates a decade: a replica added shows as a
// step, not a slope.
constexpr double kLowest = 0.1;
constexpr double kHighest = 10.0;
constexpr int kRates = 121;
constexpr int kMaxNumbered = 12;
constexpr int kMaxCaptionPairs = 6;
// Each pair's break-even costs about 0.2 ms: past this many, a slider tick marks those against the
// cheapest API only.
constexpr qsizetype kMaxDraftPairs = 16;

const QLocale &english()
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale;
}

// A round value as an axis label: thousands separated, only the decimals it has.
QString roundLabel(double value)
{
    if (value >= 1000)
        return english().toString(value, 'f', 0);
    for (int decimals = 0; decimals < 6; ++decimals)
        if (std::abs(std::round(value * std::pow(10.0, decimals)) - value * std::pow(10.0, decimals)) < 1e-6)
            return english().toString(value, 'f', decimals);
    return english().toString(value, 'g', 3);
}

// Labels on an axis of log10 values at the round values between 10^low and 10^high: 1, 2 and 5
// times each power of ten, or every digit when that leaves fewer than four.
void setLogLabels(QCategoryAxis *axis, double low, double high)
{
    for (const QString &label : axis->categoriesLabels())
        axis->remove(label);
    axis->setStartValue(low);
    axis->setRange(low, high);
    for (const auto &steps : {std::vector<double>{1, 2, 5}, std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 9}}) {
        std::vector<double> values;
        for (int power = int(std::floor(low)) - 1; power <= int(std::ceil(high)); ++power)
            for (double step : steps) {
                const double value = step * std::pow(10.0, power);
                const double at = std::log10(value);
                if (at >= low - 1e-9 && at <= high + 1e-9)
                    values.push_back(value);
            }
        if (values.size() >= 4 || steps.size() > 3) {
            for (double value : values)
                axis->append(roundLabel(value), std::log10(value));
            return;
        }
    }
}

QCategoryAxis *logAxis(const QString &title)
{
    auto *axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setTitleText(title);
    axis->setGridLineVisible(true);
    return axis;
}

} // namespace

ServingChart::ServingChart(QWidget *parent)
    : ChartPanel(parent)
{
    // Names are long; beside the plot they are read in full instead of elided.
    chart()->legend()->setAlignment(Qt::AlignRight);
    connect(chart(), &QChart::plotAreaChanged, this, &ServingChart::placeLabels);
    connect(chartView(), &ChartView::zoomReset, this, &ServingChart::placeLabels);
}

QPointF ServingChart::valueAt(const QPointF &plotted)
{
    return {std::pow(10.0, plotted.x()), std::pow(10.0, plotted.y())};
}

void ServingChart::clear()
{
    m_markLabels.clear();
    removeSeriesAndAxes();
    m_series.clear();
    m_options.clear();
    m_marks = nullptr;
    m_current = nullptr;
    m_axisX = m_axisY = nullptr;
    m_markPoints.clear();
    m_markTexts.clear();
    m_breakEvens.clear();
    m_curve = ServingCurve();
    m_lambda = 0;
}

QString ServingChart::seriesName(int option) const
{
    switch (m_model->option(option).kind) {
    case OptionKind::Api: return m_model->option(option).name + tr(" (API)");
    case OptionKind::Cloud: return m_model->option(option).name + tr(" (cloud)");
    case OptionKind::OnPrem: break;
    }
    return m_model->option(option).name; // its units vary along the rates: not counted in its name
}

void ServingChart::relabel()
{
    if (!m_model)
        return;
    for (qsizetype k = 0; k < m_series.size(); ++k)
        m_series[k]->setName(seriesName(m_options[k]));
    chartView()->connectLegendMarkers(); // the new names fitted to the legend
}

void ServingChart::setModel(const CostModel *model)
{
    clear();
    m_model = model;
    if (!model || !model->input().serving) {
        setCaption(model ? tr("This chart needs a workload counted in requests and tokens (Workload › Serving).") : QString());
        return;
    }
    const ServingInput &serving = *model->input().serving;
    m_lambda = serving.requestsPerSecond;
    m_curve = ServingCurve(model->input(), servingRates(m_lambda, kLowest, kHighest, kRates));
    if (m_curve.empty())
        return;

    m_axisX = logAxis(tr("Mean requests a second (log scale)"));
    setLogLabels(m_axisX, std::log10(m_curve.rates().front()), std::log10(m_curve.rates().back()));
    m_axisY = logAxis(tr("Cost per million tokens (%1, log scale)").arg(model->input().currency));
    m_shownLow = m_shownHigh = 0;
    chart()->addAxis(m_axisX, Qt::AlignBottom);
    chart()->addAxis(m_axisY, Qt::AlignLeft);

    const QString currency = model->input().currency;
    for (int i = 0; i < model->optionCount(); ++i) {
        if (!model->isFeasible(i))
            continue;
        auto *series = new QLineSeries;
        series->setName(seriesName(i));
        series->setPen(optionPen(i, isRented(model->option(i).kind)));
        connect(series, &QLineSeries::hovered, this, [this, i, currency](const QPointF &point, bool state) {
            if (!state || !m_model) {
                QToolTip::hideText();
                return;
            }
            const QPointF value = valueAt(point);
            QToolTip::showText(QCursor::pos(),
                               tr("%1\n%2\n%3 per million tokens")
                                   .arg(m_model->option(i).name, requestRateText(value.x()), formatMoney(value.y(), currency, 3)),
                               chartView());
        });
        chart()->addSeries(series);
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisY);
        m_series << series;
        m_options << i;
    }

    m_current = new QLineSeries;
    m_current->setName(tr("The workload's rate"));
    QPen pen(QColor(0x55, 0x55, 0x55));
    pen.setWidthF(1.5);
    pen.setStyle(Qt::DotLine);
    m_current->setPen(pen);
    chart()->addSeries(m_current);
    m_current->attachAxis(m_axisX);
    m_current->attachAxis(m_axisY);

    m_marks = new QScatterSeries;
    m_marks->setName(tr("Break-even rate"));
    m_marks->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_marks->setMarkerSize(10);
    m_marks->setColor(Qt::white);
    m_marks->setBorderColor(Qt::black);
    chart()->addSeries(m_marks);
    m_marks->attachAxis(m_axisX);
    m_marks->attachAxis(m_axisY);
    connect(m_marks, &QScatterSeries::hovered, this, [this](const QPointF &point, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        for (int k = 0; k < m_markPoints.size(); ++k)
            if (std::abs(m_markPoints[k].x() - point.x()) < 1e-9 && std::abs(m_markPoints[k].y() - point.y()) < 1e-9) {
                QToolTip::showText(QCursor::pos(), m_markTexts.value(k), chartView());
                return;
            }
    });
    chartView()->connectLegendMarkers();
}

void ServingChart::fitCostAxis(double low, double high)
{
    if (!m_axisY || !(low > 0) || !(high >= low))
        return;
    // A margin of a quarter above and below; kept while the data stays inside and fills more than
    // half of it, so that the slider does not make the axis jump on every tick.
    const double wantLow = std::log10(low / 1.25);
    const double wantHigh = std::log10(high * 1.25);
    const bool inside = wantLow >= m_shownLow && wantHigh <= m_shownHigh;
    if (m_shownHigh > m_shownLow && inside && (wantHigh - wantLow) > 0.5 * (m_shownHigh - m_shownLow))
        return;
    m_shownLow = wantLow;
    m_shownHigh = std::max(wantHigh, wantLow + 0.3); // at least a doubling shown
    setLogLabels(m_axisY, m_shownLow, m_shownHigh);
}

void ServingChart::setEvaluation(const Evaluation &e)
{
    if (!m_model || m_curve.empty()) {
        if (m_model && !m_model->input().serving)
            setCaption(tr("This chart needs a workload counted in requests and tokens (Workload › Serving)."));
        return;
    }
    const double u = e.utilization;
    const std::vector<double> &rates = m_curve.rates();
    double low = std::numeric_limits<double>::infinity();
    double high = 0;
    QStringList ends;
    for (int s = 0; s < m_series.size(); ++s) {
        const int option = m_options[s];
        QList<QPointF> points;
        points.reserve(qsizetype(rates.size()));
        std::optional<std::size_t> endsAt;
        for (std::size_t k = 0; k < rates.size(); ++k) {
            const auto cost = m_curve.costPerMillionTokens(option, k, u);
            if (!cost || !(*cost > 0)) {
                if (!endsAt && !m_curve.isFeasible(option, k) && !points.isEmpty())
                    endsAt = k;
                continue;
            }
            points << QPointF(std::log10(rates[k]), std::log10(*cost));
            low = std::min(low, *cost);
            high = std::max(high, *cost);
        }
        m_series[s]->replace(points);
        if (endsAt)
            ends << tr("%1 ends at %2: %3").arg(m_model->option(option).name, requestRateText(rates[*endsAt]),
                                                m_curve.reason(option, *endsAt));
    }
    if (!chart()->isZoomed())
        fitCostAxis(low, high);
    const double x = std::log10(m_lambda);
    m_current->replace(QList<QPointF>{{x, m_axisY->min()}, {x, m_axisY->max()}});

    // Every (GPU option, API option) pair's break-even at this utilization: in a scenario of more
    // pairs than a chart can mark, and while the slider is dragged past a few pairs, those against
    // the API cheapest at the workload's rate (the release brings every pair back).
    std::optional<int> cheapestApi;
    const std::size_t atLambda = std::size_t(kRates / 2);
    double cheapestCost = std::numeric_limits<double>::infinity();
    int gpuOptions = 0;
    int apiOptions = 0;
    for (int i = 0; i < m_model->optionCount(); ++i) {
        if (!m_model->isFeasible(i))
            continue;
        if (m_model->option(i).kind != OptionKind::Api) {
            ++gpuOptions;
            continue;
        }
        ++apiOptions;
        if (const auto cost = m_curve.costPerMillionTokens(i, atLambda, u); cost && *cost < cheapestCost) {
            cheapestCost = *cost;
            cheapestApi = i;
        }
    }
    m_breakEvens.clear();
    const qsizetype pairs = qsizetype(gpuOptions) * apiOptions;
    const bool everyPair = pairs <= (isDraft() ? kMaxDraftPairs : kMaxMarkedPairs);
    if (everyPair) {
        m_breakEvens = servingCurveBreakEvens(*m_model, u);
    } else if (cheapestApi) {
        for (int g = 0; g < m_model->optionCount(); ++g)
            if (m_model->isFeasible(g) && m_model->option(g).kind != OptionKind::Api)
                m_breakEvens.push_back(servingCurveBreakEven(*m_model, g, *cheapestApi, u));
    }

    m_markPoints.clear();
    m_markTexts.clear();
    QStringList offChart;
    QStringList none;
    for (const ServingBreakEven &b : m_breakEvens) {
        const QString sentence = servingBreakEvenSentence(*m_model, b);
        if (!b.requestsPerSecond) {
            none << tr("%1 against %2: %3").arg(m_model->option(b.gpu).name, m_model->option(b.api).name, sentence);
            continue;
        }
        const double rate = *b.requestsPerSecond;
        if (rate < rates.front() || rate > rates.back() || m_markPoints.size() >= kMaxNumbered) {
            offChart << sentence;
            continue;
        }
        // On the curves where they meet: the API's cost there (the two agree).
        const ServingCurve at(m_model->input(), {rate});
        const auto cost = at.costPerMillionTokens(b.api, 0, u);
        if (!cost || !(*cost > 0)) {
            offChart << sentence;
            continue;
        }
        m_markPoints << QPointF(std::log10(rate), std::log10(*cost));
        m_markTexts << sentence;
    }
    m_marks->replace(m_markPoints);
    chartView()->showLegendEntries(chart()->legend()->markers(m_marks), !m_markPoints.isEmpty());

    const ServingInput &s = *m_model->input().serving;
    QStringList lines;
    lines << tr("Serving %1 at %2, %3 tokens in and %4 out a request: the dotted line is the workload's %5 on average "
                "(peak %6 ×).")
                 .arg(s.model, s.precision, english().toString(s.inputTokens, 'f', 0),
                      english().toString(s.outputTokens, 'f', 0), requestRateText(s.requestsPerSecond),
                      english().toString(s.peakToMean, 'g', 3));
    // Away from the workload's own utilization (its mean over its peak) the fleet serves another mean.
    if (std::abs(u * s.peakToMean - 1) > 1e-6)
        lines.back() += tr(" At %1 utilization, %2 served.").arg(formatPercent(u), requestRateText(s.requestsPerSecond * s.peakToMean * u));
    if (!m_markTexts.isEmpty()) {
        QStringList numbered;
        for (int k = 0; k < m_markTexts.size(); ++k)
            numbered << tr("%1 %2").arg(k + 1).arg(m_markTexts[k]);
        lines << tr("Break-even rates (numbered circles): %1").arg(numbered.join(QStringLiteral(" · ")));
    }
    if (!offChart.isEmpty())
        lines << tr("Outside the chart: %1").arg(offChart.mid(0, kMaxCaptionPairs).join(QStringLiteral(" · ")))
                     + (offChart.size() > kMaxCaptionPairs ? tr(" … and %1 more").arg(offChart.size() - kMaxCaptionPairs)
                                                           : QString());
    for (int k = 0; k < std::min(int(none.size()), kMaxCaptionPairs); ++k)
        lines << QStringLiteral("• ") + none[k];
    if (none.size() > kMaxCaptionPairs)
        lines << tr("… and %1 more pairs without a break-even").arg(none.size() - kMaxCaptionPairs);
    if (!everyPair && cheapestApi)
        lines << tr("Break-evens against the API cheapest at the workload's rate, %1 (of %2 pairs).")
                     .arg(m_model->option(*cheapestApi).name)
                     .arg(pairs);
    lines += ends;
    const QString infeasible = infeasibleCaption(*m_model);
    if (!infeasible.isEmpty())
        lines << infeasible;
    setCaption(lines.join(QLatin1Char('\n')));
    placeLabels();
}

void ServingChart::textScaleChanged()
{
    m_markLabels.clear();
    placeLabels();
}

QList<QRectF> ServingChart::markLabelRects() const
{
    return m_markLabels.rects();
}

void ServingChart::placeLabels()
{
    QFont font;
    font.setPointSizeF(font.pointSizeF() * 0.85);
    font.setBold(true);
    m_markLabels.place(chart(), m_marks, m_markPoints, m_marks && m_marks->isVisible(), scaledFont(font));
}

} // namespace breakeven::charts
