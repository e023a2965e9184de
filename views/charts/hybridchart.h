// Base of the two charts of a hybrid option (docs/model.md, "Hybrid fleets"): how much to own and
// the load-duration curve. They show the hybrid options of the model set with setModel(): either
// results worked out elsewhere (the window's analysis, setHybrids()) or, for a chart used on its
// own (an export), their own evaluation of the model's hybrid options at the evaluated utilization.
#pragma once

#include "chartpanel.h"

#include "engine/hybrid.h"

#include <QList>
#include <QPointF>

#include <memory>
#include <vector>

class QAbstractSeries;
class QGraphicsRectItem;
class QValueAxis;

namespace breakeven::charts {

class HybridChart : public ChartPanel {
    Q_OBJECT
public:
    explicit HybridChart(QWidget *parent = nullptr);
    ~HybridChart() override;

    // Forgets the results shown; the chart evaluates the model's hybrid options itself at the next
    // setEvaluation() unless setHybrids() gives it some.
    void setModel(const CostModel *model) override;
    void setEvaluation(const Evaluation &evaluation) override;
    void relabel() override;
    // Results of `hybrids` (built from the same input as the model, outliving their use here) at
    // `utilization`, in the order of its options.
    void setHybrids(const HybridModel *hybrids, const std::vector<HybridResult> &results, double utilization);
    // The hybrid option drawn (the load-duration chart) or stressed (the ownership chart).
    void setShown(int index);
    int shown() const { return m_shown; }

    const HybridModel *hybridModel() const { return m_hybrids; }
    const std::vector<HybridResult> &results() const { return m_results; }
    double utilization() const { return m_utilization; }
    // The hybrid option shown, or nullptr when there is none.
    const HybridResult *shownResult() const;

protected:
    // Builds the series again (the old ones are gone), or clears the caption when !hasData().
    virtual void rebuild() = 0;
    bool hasData() const;
    QString optionName(int option) const;
    QString hybridName(int hybrid) const;

    // Text in a box on the plot, beside `value` of `series` (right and above, flipped to stay in
    // the plot); placed again when the plot area changes. Cleared by every rebuild.
    void addPlotLabel(const QString &text, QPointF value, QAbstractSeries *series, bool above = true);
    void textScaleChanged() override;

private:
    void update();
    void placeLabels();

    struct PlotLabel {
        QString text;
        QPointF value;
        QAbstractSeries *series;
        bool above;
    };
    std::unique_ptr<HybridModel> m_own;
    const HybridModel *m_hybrids = nullptr;
    std::vector<HybridResult> m_results;
    double m_utilization = 0;
    int m_shown = 0;
    QList<PlotLabel> m_labels;
    std::vector<QGraphicsRectItem *> m_labelItems;
};

// "2.05 M USD", "850,000 USD": money short enough for a label on the plot.
QString shortMoney(double value, const QString &currency);
// "16", "12.5": reference GPUs.
QString gpuCount(double gpus);

} // namespace breakeven::charts
