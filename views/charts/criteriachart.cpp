#include "criteriachart.h"

#include "axislabels.h"
#include "chartview.h"
#include "engine/costmodel.h"
#include "engine/criteria.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QToolTip>
#include <QValueAxis>

#include <numeric>

namespace breakeven::charts {

namespace {

// One colour per criterion, lightness alternating so neighbours differ in greyscale too.
QColor criterionColor(Criterion criterion)
{
    static constexpr std::array<QRgb, kCriterionCount> colors{
        0x1b7837, // cost: dark green
        0x9ecae1, // performance: light blue
        0x7b3294, // setup: purple
        0xf0c419, // reliability: yellow
        0x1f4e9a, // data control: dark blue
        0xe69f00, // scalability: orange
        0x4d4d4d, // flexibility: dark grey
    };
    return QColor(colors[std::size_t(criterion)]);
}

} // namespace

CriteriaChart::CriteriaChart(QWidget *parent)
    : ChartPanel(parent)
{
    // Seven short names: a column beside the bars leaves them their width.
    chart()->legend()->setAlignment(Qt::AlignRight);
}

void CriteriaChart::clear()
{
    removeSeriesAndAxes();
    m_series = nullptr;
    m_axisOptions = nullptr;
    m_labels = nullptr;
    m_axisScore = nullptr;
    m_sets.clear();
    m_options.clear();
    m_scores.clear();
}

QStringList CriteriaChart::categories() const
{
    return m_labels ? m_labels->names() : QStringList();
}

QStringList CriteriaChart::shownCategories() const
{
    return m_axisOptions ? m_axisOptions->categories() : QStringList();
}

void CriteriaChart::setModel(const CostModel *model)
{
    clear();
    m_model = model;
    if (!model) {
        setCaption({});
        return;
    }
    m_series = new QHorizontalStackedBarSeries;
    m_series->setBarWidth(0.6);
    for (int c = 0; c < kCriterionCount; ++c) {
        auto *set = new QBarSet(criterionName(Criterion(c)));
        set->setColor(criterionColor(Criterion(c)));
        set->setBorderColor(Qt::white);
        connect(set, &QBarSet::hovered, this, [this, c](bool state, int index) {
            if (!state || index < 0 || index >= int(m_options.size())) {
                QToolTip::hideText();
                return;
            }
            QToolTip::showText(QCursor::pos(),
                               tr("%1\n%2: score %3, adds %4 to the weighted score")
                                   .arg(m_model->option(m_options[std::size_t(index)]).name, criterionName(Criterion(c)))
                                   .arg(m_scores[std::size_t(index)][std::size_t(c)], 0, 'f', 1)
                                   .arg(m_sets[c]->at(index), 0, 'f', 2),
                               chartView());
        });
        m_series->append(set);
        m_sets << set;
    }
    chart()->addSeries(m_series);
    m_axisOptions = new QBarCategoryAxis;
    m_axisScore = new QValueAxis;
    m_axisScore->setRange(0, kHighestScore);
    m_axisScore->setTickCount(6);
    m_axisScore->setLabelFormat(QStringLiteral("%.0f"));
    m_axisScore->setTitleText(tr("Weighted score (1 to 5)"));
    chart()->addAxis(m_axisOptions, Qt::AlignLeft);
    chart()->addAxis(m_axisScore, Qt::AlignBottom);
    m_series->attachAxis(m_axisOptions);
    m_series->attachAxis(m_axisScore);
    // Options sharing a start ("AWS p5.48xlarge, 1-year …", "… 3-year reserved") stay told apart,
    // and no label is cut to a bare "…" however narrow the splitter leaves the chart.
    m_labels = new CategoryLabels(chart(), chartView(), m_axisOptions, Qt::AlignLeft);
    chartView()->connectLegendMarkers();
    setCaption(infeasibleCaption(*model));
}

void CriteriaChart::setEvaluation(const Evaluation &e)
{
    if (!m_model || !m_series)
        return;
    const CriteriaResult result = scoreCriteria(*m_model, e, m_weights);
    const CriterionWeights &weights = m_weights ? *m_weights : m_model->input().criterionWeights;
    const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
    // The category axis counts upwards: the best option goes last, so it is drawn on top.
    std::vector<int> order(result.ranking.rbegin(), result.ranking.rend());
    QStringList names;
    for (const int i : order)
        names << m_model->option(i).name;
    if (order != m_options) {
        m_options = order;
        m_labels->setNames(names);
        for (QBarSet *set : m_sets) {
            set->remove(0, set->count());
            for (std::size_t k = 0; k < order.size(); ++k)
                set->append(0);
        }
    }
    m_scores.clear();
    for (std::size_t k = 0; k < order.size(); ++k) {
        const OptionScores &scores = result.options[std::size_t(order[k])];
        m_scores.push_back(scores.score);
        for (int c = 0; c < kCriterionCount; ++c) {
            const double part = sum > 0 ? weights[std::size_t(c)] * scores.score[std::size_t(c)] / sum : 0;
            if (m_sets[c]->at(int(k)) != part)
                m_sets[c]->replace(int(k), part);
        }
    }
}

} // namespace breakeven::charts
