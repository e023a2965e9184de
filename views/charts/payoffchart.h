// The odds that buying has paid off by each month (docs/model.md, "Uncertainty"): per (on-prem,
// cloud) pair, the share of the sampled futures whose crossover is at or before the month. With
// few pairs every pair has its line; with more, the pairs against one cloud option (the cheapest
// at the evaluated utilization unless another is chosen), the on-prem options most likely to win
// first, so that the lines stay readable.
#pragma once

#include "riskchart.h"

#include <QList>

#include <optional>
#include <vector>

class QLineSeries;
class QValueAxis;

namespace breakeven::charts {

class PayoffChart : public RiskChart {
    Q_OBJECT
public:
    explicit PayoffChart(QWidget *parent = nullptr);

    ChartKind kind() const override { return ChartKind::Payoff; }
    QString title() const override { return tr("Odds of paying off"); }

    // More pairs than this are shown against one cloud option at a time.
    static constexpr int kMaxLines = 8;
    // The cloud option whose pairs are shown when there are more than kMaxLines; none: the
    // cheapest at the evaluated utilization.
    void setCloud(std::optional<int> cloud);
    // Whether the result has more pairs than kMaxLines, so only some are shown.
    bool showsSome() const;

    // Indices into RiskResult::pairs of the lines, in the order of lineSeries().
    const std::vector<int> &shownPairs() const { return m_pairs; }
    const QList<QLineSeries *> &lineSeries() const { return m_series; }

protected:
    void rebuild() override;

private:
    std::optional<int> m_cloud;
    std::vector<int> m_pairs;
    QList<QLineSeries *> m_series;
};

// The pairs to show of `risk` against `cloud` (or all when they are at most `max`): indices into
// its pairs, the likeliest wins of buying first, at most `max`.
std::vector<int> payoffPairs(const RiskResult &risk, std::optional<int> cloud, int max);

} // namespace breakeven::charts
