#include "breakdownchart.h"

#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCursor>
#include <QHorizontalStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <array>
#include <cmath>

namespace breakeven::charts {

namespace {

// One colour per component, lightness alternating so stacked neighbours differ in greyscale.
QColor componentColor(CostComponent component)
{
    static constexpr std::array<QRgb, kCostComponentCount> colors{
        0x1f4e9a, // hardware: dark blue
        0x9ecae1, // infrastructure: light blue
        0xe69f00, // power: orange
        0x4d4d4d, // overhead: dark grey
        0xf0c419, // labor: yellow
        0x7b3294, // colocation: purple
        0x1b7837, // GPU rental: dark green
        0xa6dba0, // storage: light green
        0xa6192e, // egress: dark red
        0xcc79a7, // fees: pink
        0xbdbdbd, // resale credit: light grey
        0x8c510a, // commitment beyond the horizon: brown
        0xd6604d, // interest: brick
        0x2166ac, // lease payments: mid blue
        0xf4a582, // loan balance at the horizon: salmon
        0x9e9ac8, // tax savings: lavender (the greens are rental and storage)
        0x01665e, // API tokens: teal
    };
    return QColor(colors[std::size_t(component)]);
}

} // namespace

BreakdownChart::BreakdownChart(QWidget *parent)
    : ChartPanel(parent)
{
}

void BreakdownChart::clear()
{
    removeSeriesAndAxes();
    m_series = nullptr;
    m_axisOptions = nullptr;
    m_axisCost = nullptr;
    m_sets.clear();
    m_components.clear();
    m_options.clear();
}

QStringList BreakdownChart::categories() const
{
    return m_axisOptions ? m_axisOptions->categories() : QStringList();
}

void BreakdownChart::setModel(const CostModel *model)
{
    clear();
    m_model = model;
    if (!model) {
        setCaption({});
        return;
    }
    QStringList names;
    for (int i = 0; i < model->optionCount(); ++i)
        if (model->isFeasible(i)) {
            m_options.push_back(i);
            names << model->option(i).name;
        }
    // Bars are listed top to bottom in option order, but the category axis counts upwards.
    std::reverse(m_options.begin(), m_options.end());
    std::reverse(names.begin(), names.end());

    // A component is shown when it is non-zero for some option at u = 0 or u = 1 (affine in u,
    // so then it may be non-zero anywhere in between).
    std::array<bool, kCostComponentCount> used{};
    for (int option : m_options)
        for (double u : {0.0, 1.0}) {
            const auto parts = model->breakdown(option, u);
            for (int c = 0; c < kCostComponentCount; ++c)
                used[std::size_t(c)] = used[std::size_t(c)] || std::abs(parts[std::size_t(c)]) > 1e-9;
        }

    m_series = new QHorizontalStackedBarSeries;
    m_series->setBarWidth(0.6);
    const QString currency = model->input().currency;
    for (int c = 0; c < kCostComponentCount; ++c) {
        if (!used[std::size_t(c)])
            continue;
        auto *set = new QBarSet(toString(CostComponent(c)));
        set->setColor(componentColor(CostComponent(c)));
        set->setBorderColor(Qt::white);
        for (std::size_t k = 0; k < m_options.size(); ++k)
            set->append(0);
        connect(set, &QBarSet::hovered, this, [this, set, currency](bool state, int index) {
            if (!state || index < 0 || index >= int(m_options.size())) {
                QToolTip::hideText();
                return;
            }
            QToolTip::showText(QCursor::pos(), tr("%1\n%2: %3").arg(m_model->option(m_options[std::size_t(index)]).name,
                                                                   set->label(), formatMoney(set->at(index), currency)),
                               chartView());
        });
        m_series->append(set);
        m_sets << set;
        m_components << c;
    }
    chart()->addSeries(m_series);

    m_axisOptions = new QBarCategoryAxis;
    m_axisOptions->append(names);
    m_axisCost = new QValueAxis;
    setupMoneyAxis(m_axisCost, tr("Cost over %1 months (%2)").arg(model->horizonMonths()).arg(currency));
    chart()->addAxis(m_axisOptions, Qt::AlignLeft);
    chart()->addAxis(m_axisCost, Qt::AlignBottom);
    m_series->attachAxis(m_axisOptions);
    m_series->attachAxis(m_axisCost);
    chartView()->connectLegendMarkers();
    setCaption(infeasibleCaption(*model));
}

void BreakdownChart::setEvaluation(const Evaluation &e)
{
    if (!m_model || !m_series)
        return;
    double low = 0;
    double high = 0;
    for (std::size_t k = 0; k < m_options.size(); ++k) {
        const auto parts = m_model->breakdown(m_options[k], e.utilization);
        double positive = 0;
        double negative = 0;
        for (int s = 0; s < m_sets.size(); ++s) {
            const double value = parts[std::size_t(m_components[s])];
            if (m_sets[s]->at(int(k)) != value)
                m_sets[s]->replace(int(k), value);
            (value >= 0 ? positive : negative) += value;
        }
        high = std::max(high, positive);
        low = std::min(low, negative);
    }
    if (!chart()->isZoomed())
        fitMoneyAxis(m_axisCost, low, high);
}

} // namespace breakeven::charts
