// Base of the charts of a risk analysis (docs/model.md, "Uncertainty"): the odds that buying has
// paid off by each month, the spread of each option's TCO, and the tornado of one pair. They show
// a RiskResult worked out elsewhere (the window's worker, the export command), which must belong
// to the model set with setModel(): its options in the model's order. A result of another model
// (one still running when the scenario changed) is not drawn.
#pragma once

#include "chartpanel.h"

#include <memory>
#include <optional>

namespace breakeven {
struct RiskResult;
struct PairRisk;
} // namespace breakeven

namespace breakeven::charts {

class RiskChart : public ChartPanel {
    Q_OBJECT
public:
    explicit RiskChart(QWidget *parent = nullptr);
    ~RiskChart() override;

    void setModel(const CostModel *model) override;
    // The cheapest cloud option at the evaluated utilization chooses the pairs shown first.
    void setEvaluation(const Evaluation &evaluation) override;
    void setRisk(std::shared_ptr<const RiskResult> risk);
    const RiskResult *risk() const { return m_risk.get(); }
    std::shared_ptr<const RiskResult> sharedRisk() const { return m_risk; }

protected:
    // Builds the series again (the old ones are gone) from the model and the result, or forgets
    // them and clears the caption when !hasData().
    virtual void rebuild() = 0;
    // The model and the result are there and belong together.
    bool hasData() const;
    std::optional<int> cheapestCloud() const { return m_cheapestCloud; }

private:
    void update();

    std::shared_ptr<const RiskResult> m_risk;
    std::optional<int> m_cheapestCloud;
};

// "8 × H100 server vs Lambda 8 × H100".
QString pairName(const CostModel &model, const PairRisk &pair);

} // namespace breakeven::charts
