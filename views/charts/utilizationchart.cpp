#include "utilizationchart.h"

#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"
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

namespace breakeven::charts {

namespace {
constexpr int kMaxCaptionSentences = 6;
} // namespace

UtilizationChart::UtilizationChart(QWidget *parent)
    : ChartPanel(parent)
{
    chart()->legend()->setAlignment(Qt::AlignRight);
}

void UtilizationChart::clear()
{
    removeSeriesAndAxes();
    m_series.clear();
    m_breakEvens = nullptr;
    m_current = nullptr;
    m_axisX = m_axisY = nullptr;
    m_sentences.clear();
}

void UtilizationChart::setModel(const CostModel *model)
{
    clear();
    m_model = model;
    if (!model) {
        setCaption({});
        return;
    }
    m_axisX = new QValueAxis;
    m_axisX->setTitleText(tr("Utilization (%)"));
    m_axisX->setRange(0, 100);
    m_axisX->setTickCount(11);
    m_axisX->setLabelFormat(QStringLiteral("%.0f"));
    keepRoundTicks(m_axisX, TickKind::Percent);
    m_axisY = new QValueAxis;
    setupMoneyAxis(m_axisY, tr("Cost over %1 months (%2)").arg(model->horizonMonths()).arg(model->input().currency));
    chart()->addAxis(m_axisX, Qt::AlignBottom);
    chart()->addAxis(m_axisY, Qt::AlignLeft);

    // The lines do not depend on the current utilization: draw them once per scenario.
    double low = 0;
    double high = 0;
    const QString currency = model->input().currency;
    for (int i = 0; i < model->optionCount(); ++i) {
        if (!model->isFeasible(i))
            continue;
        // An API option is rented too: dashed like a cloud option.
        const bool cloud = isRented(model->option(i).kind);
        const double atZero = model->tcoFixed(i);
        const double atFull = atZero + model->tcoPerUtilization(i);
        auto *series = new QLineSeries;
        series->setName(model->option(i).name
                        + (model->option(i).kind == OptionKind::Api ? tr(" (API)") : cloud ? tr(" (cloud)") : QString()));
        series->setPen(optionPen(i, cloud));
        series->append(0, atZero);
        series->append(100, atFull);
        const QString name = model->option(i).name;
        connect(series, &QLineSeries::hovered, this, [this, name, atZero, atFull, currency](const QPointF &p, bool state) {
            if (!state) {
                QToolTip::hideText();
                return;
            }
            const double u = std::clamp(p.x(), 0.0, 100.0);
            QToolTip::showText(QCursor::pos(), tr("%1\n%2 % utilization\n%3").arg(name).arg(std::lround(u))
                .arg(formatMoney(atZero + (atFull - atZero) * u / 100.0, currency)), chartView());
        });
        chart()->addSeries(series);
        series->attachAxis(m_axisX);
        series->attachAxis(m_axisY);
        m_series << series;
        low = std::min({low, atZero, atFull});
        high = std::max({high, atZero, atFull});
    }
    fitMoneyAxis(m_axisY, low, high);
    m_maxCost = m_axisY->max();

    m_breakEvens = new QScatterSeries;
    m_breakEvens->setName(tr("Break-even"));
    m_breakEvens->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    m_breakEvens->setMarkerSize(10);
    m_breakEvens->setColor(Qt::white);
    m_breakEvens->setBorderColor(Qt::black);
    chart()->addSeries(m_breakEvens);
    m_breakEvens->attachAxis(m_axisX);
    m_breakEvens->attachAxis(m_axisY);

    m_current = new QLineSeries;
    m_current->setName(tr("Current utilization"));
    QPen pen(QColor(0x55, 0x55, 0x55));
    pen.setWidthF(1.5);
    pen.setStyle(Qt::DotLine);
    m_current->setPen(pen);
    chart()->addSeries(m_current);
    m_current->attachAxis(m_axisX);
    m_current->attachAxis(m_axisY);
    chartView()->connectLegendMarkers();
}

void UtilizationChart::setEvaluation(const Evaluation &e)
{
    if (!m_model)
        return;
    const double percent = e.utilization * 100.0;
    m_current->replace(QList<QPointF>{{percent, m_axisY->min()}, {percent, m_maxCost}});

    QList<QPointF> points;
    QStringList sentences;
    // Every pair's break-even is marked, or in a scenario of more pairs than a chart can show,
    // those against the cheapest cloud option; the caption says those first, as the headline.
    const auto cheapest = m_model->cheapestCloud(e);
    std::vector<PairResult> pairs;
    if (pairCount(*m_model).pairs() <= kMaxMarkedPairs)
        pairs = m_model->pairs(e);
    else if (cheapest)
        pairs = m_model->pairsAgainst(e, *cheapest);
    if (cheapest)
        std::stable_partition(pairs.begin(), pairs.end(), [&](const PairResult &pair) { return pair.cloud == *cheapest; });
    for (const PairResult &pair : pairs) {
        sentences << QStringLiteral("%1 vs %2: %3").arg(m_model->option(pair.onPrem).name,
                                                       m_model->option(pair.cloud).name,
                                                       breakEvenSentence(*m_model, pair));
        if (!pair.breakEvenUtilization)
            continue;
        const double u = *pair.breakEvenUtilization;
        points << QPointF(u * 100.0, m_model->tcoFixed(pair.onPrem) + u * m_model->tcoPerUtilization(pair.onPrem));
    }
    m_breakEvens->replace(points);
    m_sentences = sentences;

    QStringList lines;
    for (int i = 0; i < std::min(int(sentences.size()), kMaxCaptionSentences); ++i)
        lines << QStringLiteral("• ") + sentences[i];
    if (sentences.size() > kMaxCaptionSentences)
        lines << tr("… and %1 more in the \"Every pair\" table").arg(sentences.size() - kMaxCaptionSentences);
    const QString infeasible = infeasibleCaption(*m_model);
    if (!infeasible.isEmpty())
        lines << infeasible;
    setCaption(lines.join(QLatin1Char('\n')));
}

} // namespace breakeven::charts
