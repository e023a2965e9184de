#include "scenarioanalysis.h"

#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/hybrid.h"
#include "inputerror.h"
#include "exchange/scenariojson.h"

#include <algorithm>

namespace breakeven {

namespace {

// The scenario with everything the engine does not read set aside.
Scenario engineView(Scenario scenario)
{
    scenario.name.clear();
    scenario.workload.name.clear();
    scenario.workload.utilization = 0;
    // A hybrid names its build and cloud option: by position, so renaming either changes nothing.
    const auto position = [](const auto &parts, const QString &name) {
        for (std::size_t i = 0; i < parts.size(); ++i)
            if (parts[i].name == name)
                return QString::number(i);
        return QStringLiteral("?") + name;
    };
    for (HybridOption &hybrid : scenario.hybridOptions) {
        hybrid.name.clear();
        hybrid.onPrem = position(scenario.onPremOptions, hybrid.onPrem);
        hybrid.cloud = position(scenario.cloudOptions, hybrid.cloud);
    }
    for (CloudOption &option : scenario.cloudOptions)
        option.name.clear();
    for (OnPremBuild &build : scenario.onPremOptions) {
        build.name.clear();
        for (Component &component : build.components)
            component.name.clear();
    }
    return scenario;
}

} // namespace

ScenarioAnalysis::ScenarioAnalysis(QObject *parent)
    : QObject(parent)
{
}

ScenarioAnalysis::~ScenarioAnalysis() = default;

bool ScenarioAnalysis::sameEngineInput(const Scenario &a, const Scenario &b)
{
    return engineView(a) == engineView(b);
}

void ScenarioAnalysis::setScenario(const Scenario &scenario, const GpuCatalog &catalog, bool catalogChanged)
{
    const bool same = m_hasScenario && !catalogChanged && m_catalog == &catalog && sameEngineInput(m_scenario, scenario);
    m_scenario = scenario;
    m_hasScenario = true;
    m_catalog = &catalog;
    if (same && (m_model || !m_error.isEmpty())) {
        if (m_model) {
            // Options come in the order assembly lays them out: builds, then cloud options.
            int row = 0;
            for (const OnPremBuild &build : scenario.onPremOptions)
                m_model->setOptionName(row++, build.name);
            for (const CloudOption &option : scenario.cloudOptions)
                m_model->setOptionName(row++, option.name);
            for (int i = 0; i < int(scenario.hybridOptions.size()) && m_hybridModel; ++i)
                m_hybridModel->setName(i, scenario.hybridOptions[std::size_t(i)].name);
        }
        emit labelsChanged();
        setUtilization(scenario.workload.utilization);
        return;
    }
    emit modelAboutToChange();
    m_evaluation.reset();
    m_model.reset();
    m_hybridModel.reset();
    m_hybrids.clear();
    m_error.clear();
    m_utilization = std::clamp(scenario.workload.utilization, 0.0, 1.0);
    try {
        validateScenario(m_scenario);
        EngineInput input = assemble(m_scenario, catalog);
        m_hybridModel = std::make_unique<HybridModel>(input);
        m_model = std::make_unique<CostModel>(std::move(input));
        ++m_builds;
    } catch (const InputError &error) {
        m_error = error.message();
        m_problem = describeProblem(m_scenario, error.where(), error.reason());
    }
    emit modelChanged();
    evaluate();
}

void ScenarioAnalysis::clear()
{
    emit modelAboutToChange();
    m_evaluation.reset();
    m_model.reset();
    m_hybridModel.reset();
    m_hybrids.clear();
    m_error.clear();
    m_hasScenario = false;
    m_scenario = Scenario();
    emit modelChanged();
    emit evaluationChanged();
}

void ScenarioAnalysis::setUtilization(double utilization)
{
    utilization = std::clamp(utilization, 0.0, 1.0);
    if (utilization == m_utilization && m_evaluation)
        return;
    m_utilization = utilization;
    m_scenario.workload.utilization = utilization;
    evaluate();
}

void ScenarioAnalysis::evaluate()
{
    if (m_model) {
        // Into the same arrays tick after tick: a drag allocates nothing.
        if (!m_evaluation)
            m_evaluation = std::make_unique<Evaluation>();
        m_model->evaluate(m_utilization, *m_evaluation);
        m_hybrids = m_hybridModel->evaluateAll(m_utilization);
    } else {
        m_evaluation.reset();
        m_hybrids.clear();
    }
    emit evaluationChanged();
}

} // namespace breakeven
