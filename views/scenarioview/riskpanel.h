// The Risk tab (docs/model.md, "Uncertainty"): a sentence per pair on the odds that buying wins,
// when it pays off and what flips it, then three charts: the odds of having paid off by each
// month, each option's TCO spread and the tornado of a chosen pair. The tab only shows results;
// the window's worker (session/riskrunner) works them out, and the tab shows its progress or
// why the scenario cannot be analysed.
#pragma once

#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QProgressBar;
class QTabWidget;

namespace breakeven {

class CostModel;
struct Evaluation;
struct RiskResult;

namespace charts {
class PayoffChart;
class RiskChart;
class TcoSpreadChart;
class TornadoChart;
} // namespace charts

class RiskPanel : public QWidget {
    Q_OBJECT
public:
    explicit RiskPanel(QWidget *parent = nullptr);
    ~RiskPanel() override;

    // The model must outlive its use here; nullptr clears the tab. A new model drops the result.
    void setCostModel(const CostModel *model);
    void relabel();
    void setEvaluation(const Evaluation &evaluation);
    // A result of the current model; a preview (no tornado) keeps the last tornado shown.
    void setRisk(std::shared_ptr<const RiskResult> risk, bool preview);
    // A run is under way: its progress, shown above the charts.
    void showProgress(int done, int total);
    // The scenario cannot be analysed: the message replaces the results.
    void showError(const QString &message);

    QList<charts::RiskChart *> charts() const;
    charts::PayoffChart *payoffChart() const { return m_payoff; }
    charts::TcoSpreadChart *spreadChart() const { return m_spread; }
    charts::TornadoChart *tornadoChart() const { return m_tornado; }
    QTabWidget *chartTabs() const { return m_tabs; }
    // The chart shown in the tab's own tabs.
    charts::RiskChart *currentChart() const;
    QComboBox *cloudChoice() const { return m_cloudChoice; }
    QComboBox *pairChoice() const { return m_pairChoice; }
    QProgressBar *progressBar() const { return m_progress; }
    QString statusText() const;
    // The sentences shown, one per pair.
    QStringList sentences() const { return m_sentences; }

private:
    void fillChoices();
    void updateSentences();

    const CostModel *m_model = nullptr;
    std::shared_ptr<const RiskResult> m_risk;
    QLabel *m_status;
    QProgressBar *m_progress;
    QLabel *m_summary;
    QComboBox *m_cloudChoice;
    QLabel *m_cloudLabel;
    QComboBox *m_pairChoice;
    QTabWidget *m_tabs;
    charts::PayoffChart *m_payoff;
    charts::TcoSpreadChart *m_spread;
    charts::TornadoChart *m_tornado;
    QStringList m_sentences;
};

} // namespace breakeven
