#include "tcospreadchart.h"

#include "axislabels.h"
#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "engine/risk.h"

#include <QBarCategoryAxis>
#include <QBoxPlotSeries>
#include <QBoxSet>
#include <QChart>
#include <QLocale>
#include <QCursor>
#include <QLegend>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>

namespace breakeven::charts {

TcoSpreadChart::TcoSpreadChart(QWidget *parent)
    : RiskChart(parent)
{
}

void TcoSpreadChart::rebuild()
{
    m_series = nullptr;
    m_options.clear();
    m_categories.clear();
    if (!hasData()) {
        setCaption({});
        return;
    }
    const RiskResult &r = *risk();
    const CostModel &model = *m_model;
    const QString currency = model.input().currency;
    int withBox = 0;
    for (int i = 0; i < model.optionCount(); ++i)
        if (r.options[std::size_t(i)].mean) {
            m_options.push_back(i);
            ++withBox;
        }
    // Of many, the cheapest by median; shown in the model's order (on-prem first, then cloud).
    if (int(m_options.size()) > kMaxBoxes) {
        std::vector<int> byMedian = m_options;
        std::stable_sort(byMedian.begin(), byMedian.end(),
                         [&](int a, int b) { return r.options[std::size_t(a)].tco[2] < r.options[std::size_t(b)].tco[2]; });
        byMedian.resize(kMaxBoxes);
        std::sort(byMedian.begin(), byMedian.end());
        m_options = byMedian;
    }

    m_series = new QBoxPlotSeries;
    m_series->setName(tr("TCO: whiskers P5–P95, box P10–P90, line P50"));
    m_series->setBoxWidth(0.45);
    double low = 0;
    double high = 0;
    for (std::size_t k = 0; k < m_options.size(); ++k) {
        const int option = m_options[k];
        const auto &q = r.options[std::size_t(option)].tco;
        const QString name = model.option(option).name;
        // QBoxSet's five values: lower extreme, lower quartile, median, upper quartile, upper
        // extreme; here P5, P10, P50, P90 and P95 (kTcoQuantiles).
        auto *set = new QBoxSet(q[0], q[1], q[2], q[3], q[4], name);
        QColor fill = optionColor(option);
        fill.setAlpha(110);
        set->setBrush(fill);
        QPen pen(optionColor(option).darker(130));
        pen.setWidthF(1.5);
        set->setPen(pen);
        m_series->append(set);
        m_categories << name;
        low = std::min(low, q[0]);
        high = std::max(high, q[4]);
    }
    connect(m_series, &QBoxPlotSeries::hovered, this, [this, currency](bool state, QBoxSet *set) {
        if (!state || !set) {
            QToolTip::hideText();
            return;
        }
        QToolTip::showText(QCursor::pos(),
                           tr("%1\nP5 %2\nP10 %3\nmedian %4\nP90 %5\nP95 %6")
                               .arg(set->label(), formatMoney(set->at(QBoxSet::LowerExtreme), currency, 0),
                                    formatMoney(set->at(QBoxSet::LowerQuartile), currency, 0),
                                    formatMoney(set->at(QBoxSet::Median), currency, 0),
                                    formatMoney(set->at(QBoxSet::UpperQuartile), currency, 0),
                                    formatMoney(set->at(QBoxSet::UpperExtreme), currency, 0)),
                           chartView());
    });
    chart()->addSeries(m_series);
    auto *axisX = new QBarCategoryAxis;
    axisX->setCategories(m_categories);
    auto *axisY = new QValueAxis;
    setupMoneyAxis(axisY, tr("TCO over %1 months (%2)").arg(model.horizonMonths()).arg(currency));
    // Headroom above the highest whisker, so that it is not drawn on the frame.
    fitMoneyAxis(axisY, low, high + 0.04 * (high - low));
    chart()->addAxis(axisX, Qt::AlignBottom);
    // Names sharing a start ("aws p5.48xlarge reserved-1y", "… reserved-3y") stay told apart.
    (new CategoryLabels(chart(), chartView(), axisX, Qt::AlignBottom))->setNames(m_categories);
    chart()->addAxis(axisY, Qt::AlignLeft);
    m_series->attachAxis(axisX);
    m_series->attachAxis(axisY);
    // The series' one legend entry names the quantiles; the options are named on the axis.
    chart()->legend()->setVisible(true);

    QStringList lines;
    lines << tr("Each option's TCO over %1 sampled futures at %2 utilization: whiskers at P5 and P95, the box from "
                "P10 to P90, the line inside it at the median.")
                 .arg(QLocale(QLocale::English, QLocale::UnitedStates).toString(r.samples))
                 .arg(formatPercent(r.utilization));
    if (withBox > int(m_options.size()))
        lines << tr("The %1 options of lowest median TCO of %2 are shown.").arg(m_options.size()).arg(withBox);
    QStringList partly;
    QStringList never;
    for (int i = 0; i < model.optionCount(); ++i) {
        const OptionRisk &o = r.options[std::size_t(i)];
        if (!o.mean)
            never << model.option(i).name;
        else if (o.feasibleShare < 1)
            partly << tr("%1 (%2)").arg(model.option(i).name, formatPercent(o.feasibleShare));
    }
    if (!partly.isEmpty())
        lines << tr("Feasible in only some futures, quantiles over those: %1.").arg(partly.join(QStringLiteral(", ")));
    if (!never.isEmpty())
        lines << tr("Feasible in no future: %1.").arg(never.join(QStringLiteral(", ")));
    setCaption(lines.join(QLatin1Char('\n')));
}

} // namespace breakeven::charts
