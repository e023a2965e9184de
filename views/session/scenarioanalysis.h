// One scenario as the engine sees it: the scenario, its assembled input, the cost model built
// from it and the evaluation at the current utilization (docs/architecture.md, "The session").
// Not a widget: the window's session owns one for the current scenario, a ScenarioView shows it,
// and a view used on its own (tests, a report) makes its own.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"
#include "engine/hybrid.h"
#include "scenarioproblem.h"

#include <QObject>

#include <memory>
#include <vector>

namespace breakeven {

class CostModel;
struct Evaluation;


class ScenarioAnalysis : public QObject {
    Q_OBJECT
public:
    explicit ScenarioAnalysis(QObject *parent = nullptr);
    ~ScenarioAnalysis() override;

    // Assembles `scenario` against `catalog` and builds the cost model, unless the engine would
    // see nothing new (only names or the utilization differ): then it relabels and re-evaluates.
    // The scenario's workload utilization becomes the current utilization. `catalogChanged`: the
    // catalog's figures changed since the last call, so the model is built again in any case.
    void setScenario(const Scenario &scenario, const GpuCatalog &catalog, bool catalogChanged = false);
    // Drops the scenario: no model, no error.
    void clear();
    // Evaluates the model at `utilization` (clamped to 0..1) without touching the scenario's file.
    void setUtilization(double utilization);

    const Scenario &scenario() const { return m_scenario; }
    bool hasScenario() const { return m_hasScenario; }
    // The catalog the scenario was assembled against; nullptr before the first scenario.
    const GpuCatalog *catalog() const { return m_catalog; }
    double utilization() const { return m_utilization; }
    // nullptr when the scenario could not be assembled (errorMessage() says why) or there is none.
    const CostModel *costModel() const { return m_model.get(); }
    const Evaluation *evaluation() const { return m_evaluation.get(); }
    // The scenario's hybrid options (docs/model.md, "Hybrid fleets"), built with the cost model and
    // evaluated with it at every utilization: nullptr / empty when the cost model is.
    const HybridModel *hybridModel() const { return m_hybridModel.get(); }
    const std::vector<HybridResult> &hybrids() const { return m_hybrids; }
    const QString &errorMessage() const { return m_error; }
    // The same, in words and with the place where it is fixed; meaningful when errorMessage() is not empty.
    const ScenarioProblem &problem() const { return m_problem; }

    // How many times a cost model was built (the expensive step), for tests and benchmarks.
    int modelBuilds() const { return m_builds; }

    // Whether the engine reads the same from both: equal once names and utilization are set aside.
    static bool sameEngineInput(const Scenario &a, const Scenario &b);

signals:
    // About to replace the model: whoever holds pointers into it lets go.
    void modelAboutToChange();
    // A new model, or an error, or none.
    void modelChanged();
    // Names changed; the model is the same.
    void labelsChanged();
    void evaluationChanged();

private:
    void evaluate();

    Scenario m_scenario;
    bool m_hasScenario = false;
    const GpuCatalog *m_catalog = nullptr;
    std::unique_ptr<CostModel> m_model;
    std::unique_ptr<Evaluation> m_evaluation;
    std::unique_ptr<HybridModel> m_hybridModel;
    std::vector<HybridResult> m_hybrids;
    double m_utilization = 0.5;
    QString m_error;
    ScenarioProblem m_problem;
    int m_builds = 0;
};

} // namespace breakeven
