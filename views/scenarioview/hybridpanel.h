// The "How much to own" tab (docs/model.md, "Hybrid fleets"): for a hybrid option of the scenario
// (chosen in a box when there are several), the sentence saying how many units of its build to own
// and how much of the work to burst to its cloud option, the two ends of the curve, then the TCO
// against the units owned and the load-duration curve with the owned capacity across it. Without a
// hybrid option, a short explanation and a button to add one.
#pragma once

#include "engine/hybrid.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QSplitter;
class QStackedWidget;

namespace breakeven {

class CostModel;

namespace charts {
class ChartPanel;
class LoadDurationChart;
class OwnershipChart;
} // namespace charts

class HybridPanel : public QWidget {
    Q_OBJECT
public:
    explicit HybridPanel(QWidget *parent = nullptr);
    ~HybridPanel() override;

    // The model must outlive its use here; nullptr clears the tab (and forgets the hybrids).
    void setCostModel(const CostModel *model);
    // The hybrid options of the model (built from the same input) evaluated at `utilization`.
    void setHybrids(const HybridModel *hybrids, const std::vector<HybridResult> &results, double utilization);
    // Names changed, nothing else.
    void relabel();

    // The hybrid option shown (index in the model's hybrid options).
    int currentHybrid() const;
    void setCurrentHybrid(int index);

    bool isEmptyState() const;
    QComboBox *hybridBox() const { return m_box; }
    QLabel *sentenceLabel() const { return m_sentence; }
    QLabel *detailsLabel() const { return m_details; }
    QPushButton *addButton() const { return m_add; }
    charts::OwnershipChart *ownershipChart() const { return m_ownership; }
    charts::LoadDurationChart *loadDurationChart() const { return m_loadDuration; }
    QList<charts::ChartPanel *> charts() const;

signals:
    // "Add Hybrid Option…" was pressed.
    void addHybridRequested();

private:
    void fill();
    void showTexts();

    const CostModel *m_model = nullptr;
    const HybridModel *m_hybrids = nullptr;
    std::vector<HybridResult> m_results;
    double m_utilization = 0;
    QStackedWidget *m_stack;
    QWidget *m_emptyPage;
    QLabel *m_emptyText;
    QPushButton *m_add;
    QWidget *m_page;
    QLabel *m_boxLabel;
    QComboBox *m_box;
    QLabel *m_sentence;
    QLabel *m_details;
    QSplitter *m_splitter;
    charts::OwnershipChart *m_ownership;
    charts::LoadDurationChart *m_loadDuration;
};

} // namespace breakeven
