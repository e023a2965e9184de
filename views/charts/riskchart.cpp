#include "riskchart.h"

#include "engine/costmodel.h"
#include "engine/risk.h"

namespace breakeven::charts {

RiskChart::RiskChart(QWidget *parent)
    : ChartPanel(parent)
{
}

RiskChart::~RiskChart() = default;

bool RiskChart::hasData() const
{
    return m_model && m_risk && int(m_risk->options.size()) == m_model->optionCount();
}

void RiskChart::setModel(const CostModel *model)
{
    m_model = model;
    m_cheapestCloud.reset();
    update();
}

void RiskChart::setEvaluation(const Evaluation &evaluation)
{
    if (!m_model)
        return;
    const auto cheapest = m_model->cheapestCloud(evaluation);
    if (cheapest == m_cheapestCloud)
        return;
    m_cheapestCloud = cheapest;
    update();
}

void RiskChart::setRisk(std::shared_ptr<const RiskResult> risk)
{
    m_risk = std::move(risk);
    update();
}

void RiskChart::update()
{
    removeSeriesAndAxes();
    rebuild();
    if (hasData())
        applyPalette();
}

QString pairName(const CostModel &model, const PairRisk &pair)
{
    return QObject::tr("%1 vs %2").arg(model.option(pair.onPrem).name, model.option(pair.cloud).name);
}

} // namespace breakeven::charts
