#include "scenarioview.h"

#include "engine/decidedby.h"

#include "charts/breakdownchart.h"
#include "charts/criteriachart.h"
#include "charts/cumulativechart.h"
#include "charts/riskchart.h"
#include "charts/servingchart.h"
#include "charts/utilizationchart.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "export/chartexport.h"
#include "export/csvexport.h"
#include "inputerror.h"
#include "criteriapanel.h"
#include "charts/ownershipchart.h"
#include "hybridpanel.h"
#include "engine/risk.h"
#include "help/emptyscenarioguide.h"
#include "pairsmodel.h"
#include "resultsmodel.h"
#include "tablecolumns.h"
#include "riskpanel.h"
#include "session/riskrunner.h"
#include "session/scenarioanalysis.h"
#include "utilizationbar.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFrame>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTabBar>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSlider>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace breakeven {

namespace {
// Whether the cumulative chart shows its P10–P90 bands, remembered between runs.
const QString kBandsKey = QStringLiteral("charts/showBands");
// The columns the user hid in each table.
constexpr char kResultsColumnsKey[] = "tables/resultsHiddenColumns";
constexpr char kPairsColumnsKey[] = "tables/pairsHiddenColumns";
} // namespace

ScenarioView::ScenarioView(QWidget *parent)
    : QWidget(parent)
    , m_problemBox(new QFrame(this))
    , m_banner(new QLabel(m_problemBox))
    , m_fix(new QPushButton(m_problemBox))
    , m_bar(new UtilizationBar(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
    , m_tabs(new QTabWidget)
    , m_chartStack(new QStackedWidget(m_splitter))
    , m_guide(new EmptyScenarioGuide)
    , m_cumulative(new charts::CumulativeChart)
    , m_utilizationChart(new charts::UtilizationChart)
    , m_breakdown(new charts::BreakdownChart)
    , m_servingChart(new charts::ServingChart)
    , m_criteria(new CriteriaPanel)
    , m_riskPanel(new RiskPanel)
    , m_hybridPanel(new HybridPanel)
    , m_runner(new RiskRunner(this))
    , m_decidedTimer(new QTimer(this))
    , m_riskTimer(new QTimer(this))
    , m_resultTabs(new QTabWidget(m_splitter))
    , m_results(new ResultsModel(this))
    , m_sorted(new QSortFilterProxyModel(this))
    , m_table(new QTableView)
    , m_pairs(new PairsModel(this))
    , m_sortedPairs(new QSortFilterProxyModel(this))
    , m_pairTable(new QTableView)
    , m_ownAnalysis(new ScenarioAnalysis(this))
    , m_analysis(m_ownAnalysis)
{
    // Why the scenario cannot be evaluated, in words, with a button that opens the place to fix.
    m_problemBox->setObjectName(QStringLiteral("problemBox"));
    m_problemBox->setStyleSheet(QStringLiteral("#problemBox { background: #fde2e1; border: 1px solid #d9534f; }"
                                               " #problemBox QLabel { color: #5c0b0b; }"));
    auto *problemLayout = new QHBoxLayout(m_problemBox);
    problemLayout->setContentsMargins(8, 6, 8, 6);
    problemLayout->addWidget(m_banner, 1);
    problemLayout->addWidget(m_fix);
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_fix, &QPushButton::clicked, this, [this] { emit problemFixRequested(m_analysis->problem()); });
    m_problemBox->hide();

    m_chartStack->addWidget(m_tabs);
    m_chartStack->addWidget(m_guide);
    for (charts::ChartPanel *panel : allCharts().mid(0, 3)) // the serving chart's tab comes with a serving model
        m_tabs->addTab(panel, panel->title());
    m_servingChart->setParent(this); // owned while its tab is not shown
    m_servingChart->hide();
    m_tabs->addTab(m_criteria, tr("Criteria"));
    m_tabs->addTab(m_riskPanel, tr("Risk"));
    m_tabs->addTab(m_hybridPanel, tr("How much to own"));
    connect(m_hybridPanel, &HybridPanel::addHybridRequested, this, &ScenarioView::addHybridRequested);
    m_stale = QList<bool>(allCharts().size(), false);
    m_unbound = QList<bool>(allCharts().size(), false);
    connect(m_tabs, &QTabWidget::currentChanged, this, &ScenarioView::refreshChart);
    connect(m_tabs, &QTabWidget::currentChanged, this, &ScenarioView::refreshCriteria);
    connect(m_tabs, &QTabWidget::currentChanged, this, &ScenarioView::refreshHybrids);
    connect(m_tabs, &QTabWidget::currentChanged, this, &ScenarioView::runRiskIfNeeded);

    m_decidedTimer->setSingleShot(true);
    m_decidedTimer->setInterval(250);
    connect(m_decidedTimer, &QTimer::timeout, this, &ScenarioView::updateDecidedBy);
    // Risk is sampled in a worker; the newest request's result fills the tab and the bands.
    m_riskTimer->setSingleShot(true);
    m_riskTimer->setInterval(0);
    connect(m_riskTimer, &QTimer::timeout, this, &ScenarioView::runRiskIfNeeded);
    connect(m_runner, &RiskRunner::finished, this, &ScenarioView::riskArrived);
    connect(m_runner, &RiskRunner::progressed, m_riskPanel, &RiskPanel::showProgress);
    connect(m_runner, &RiskRunner::failed, m_riskPanel, &RiskPanel::showError);
    m_cumulative->bandsToggle()->setChecked(QSettings().value(kBandsKey, false).toBool());
    connect(m_cumulative, &charts::CumulativeChart::bandsToggled, this, [this](bool on) {
        QSettings().setValue(kBandsKey, on);
        // The bands are made with the series, behind the lines: the chart is built again.
        m_unbound[0] = true;
        if (m_tabs->currentIndex() == 0)
            refreshChart(0);
        if (on)
            m_cumulative->setBands(m_lastRisk);
        // A result made while the bands were off has none: run again.
        if (on && m_lastRisk && m_lastRisk->bandSamples == 0)
            m_riskStale = true;
        runRiskIfNeeded();
    });

    // Both tables: sortable through a proxy (the source's order until the user sorts), whole rows
    // selected, and Copy as tab-separated text in the order shown.
    const auto setUpTable = [this](QTableView *table, QSortFilterProxyModel *sorted, QAbstractItemModel *source) {
        sorted->setSourceModel(source);
        sorted->setSortRole(ResultsModel::SortRole);
        table->setModel(sorted);
        table->setSortingEnabled(true);
        table->sortByColumn(-1, Qt::AscendingOrder);
        table->setSelectionBehavior(QAbstractItemView::SelectRows);
        table->setAlternatingRowColors(true);
        table->setWordWrap(false);
        table->verticalHeader()->hide();
        table->horizontalHeader()->setStretchLastSection(true);
        table->setContextMenuPolicy(Qt::ActionsContextMenu);
        auto *copy = new QAction(tr("&Copy as text"), table);
        copy->setShortcut(QKeySequence::Copy);
        copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(copy, &QAction::triggered, this, [sorted] {
            QApplication::clipboard()->setText(ResultsModel::toText(sorted));
        });
        table->addAction(copy);
        auto *csv = new QAction(tr("&Export as CSV…"), table);
        connect(csv, &QAction::triggered, this, [this, sorted, table] {
            const QString what = table == m_table ? tr("results") : tr("pairs");
            const QString path = QFileDialog::getSaveFileName(
                this, tr("Export as CSV"),
                QDir::home().filePath(QStringLiteral("%1 %2.csv").arg(m_analysis->scenario().name, what)),
                tr("CSV (*.csv)"));
            if (!path.isEmpty())
                writeCsv(path, exporting::tableCsv(*sorted));
        });
        table->addAction(csv);
    };
    static_assert(int(PairsModel::SortRole) == int(ResultsModel::SortRole));
    setUpTable(m_table, m_sorted, m_results);
    setUpTable(m_pairTable, m_sortedPairs, m_pairs);
    offerColumnChoice(m_table, QLatin1String(kResultsColumnsKey));
    offerColumnChoice(m_pairTable, QLatin1String(kPairsColumnsKey));
    m_resultTabs->addTab(m_table, tr("Options"));
    m_resultTabs->addTab(m_pairTable, tr("Every pair"));
    m_resultTabs->setDocumentMode(true);
    // The pairs are worked out while their tab is shown (a scenario of hundreds of options has
    // tens of thousands), and when it is shown again after a change.
    connect(m_resultTabs, &QTabWidget::currentChanged, this, &ScenarioView::refreshPairs);

    m_splitter->setChildrenCollapsible(false);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setObjectName(QStringLiteral("chartResultsSplitter"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_problemBox);
    layout->addWidget(m_bar);
    layout->addWidget(m_splitter, 1);

    connect(m_bar, &UtilizationBar::utilizationChanged, this, [this](double u) {
        setUtilization(u);
        emit utilizationChanged(u);
    });
    connect(m_bar, &UtilizationBar::utilizationCommitted, this, &ScenarioView::utilizationCommitted);
    // Only the visible chart repaints during a drag (hidden tabs catch up when shown), so only it
    // needs the cheaper pens; the release brings every chart back to its final look.
    connect(m_bar->slider(), &QSlider::sliderPressed, this, [this] {
        if (charts::ChartPanel *panel = currentChart())
            panel->setDraft(true);
    });
    connect(m_bar->slider(), &QSlider::sliderReleased, this, [this] {
        for (charts::ChartPanel *panel : allCharts() + m_hybridPanel->charts())
            panel->setDraft(false);
        // The visible chart drew simplified curves during the drag: give it the full data again.
        if (const int index = allCharts().indexOf(qobject_cast<charts::ChartPanel *>(m_tabs->currentWidget())); index >= 0) {
            m_stale[index] = true;
            refreshChartAt(index);
        }
        // The drag showed previews: the full run with the tornado, at the released value.
        riskOutdated();
    });
    connect(m_bar, &UtilizationBar::horizonChanged, this, &ScenarioView::horizonChanged);
    connectAnalysis();
}

ScenarioView::~ScenarioView() = default;

QList<charts::ChartPanel *> ScenarioView::allCharts() const
{
    return {m_cumulative, m_utilizationChart, m_breakdown, m_servingChart};
}

QList<charts::ChartPanel *> ScenarioView::charts() const
{
    QList<charts::ChartPanel *> shown = allCharts();
    if (m_tabs->indexOf(m_servingChart) < 0)
        shown.removeLast();
    return shown;
}

void ScenarioView::showServingTab(bool shown)
{
    const int tab = m_tabs->indexOf(m_servingChart);
    if (shown && tab < 0) {
        // A short name, so that the tabs keep to the width of the chart at 1600 × 1000 with the
        // docks open; the tooltip and the chart's own title say it in full.
        const int at = m_tabs->insertTab(m_tabs->indexOf(m_breakdown) + 1, m_servingChart, tr("Per token"));
        m_tabs->setTabToolTip(at, tr("%1 against traffic").arg(m_servingChart->title()));
    }
    else if (!shown && tab >= 0)
        m_tabs->removeTab(tab); // the panel stays, a child of the view
}

charts::ChartPanel *ScenarioView::currentChart() const
{
    if (m_tabs->currentWidget() == m_criteria)
        return m_criteria->chart();
    if (m_tabs->currentWidget() == m_riskPanel)
        return m_riskPanel->currentChart();
    if (m_tabs->currentWidget() == m_hybridPanel)
        return m_hybridPanel->ownershipChart();
    return qobject_cast<charts::ChartPanel *>(m_tabs->currentWidget());
}

QString ScenarioView::errorMessage() const
{
    return m_problemBox->isHidden() ? QString() : m_banner->text();
}

void ScenarioView::setAnalysis(ScenarioAnalysis *analysis)
{
    if (analysis == m_analysis)
        return;
    disconnect(m_analysis, nullptr, this, nullptr);
    detach();
    m_analysis = analysis ? analysis : m_ownAnalysis;
    connectAnalysis();
    rebind();
}

void ScenarioView::connectAnalysis()
{
    connect(m_analysis, &ScenarioAnalysis::modelAboutToChange, this, &ScenarioView::detach);
    connect(m_analysis, &ScenarioAnalysis::modelChanged, this, &ScenarioView::rebind);
    connect(m_analysis, &ScenarioAnalysis::labelsChanged, this, &ScenarioView::relabel);
    connect(m_analysis, &ScenarioAnalysis::evaluationChanged, this, &ScenarioView::refresh);
}

void ScenarioView::setScenario(const Scenario &scenario, const GpuCatalog &catalog)
{
    m_analysis->setScenario(scenario, catalog);
}

const Scenario &ScenarioView::scenario() const
{
    return m_analysis->scenario();
}

double ScenarioView::utilization() const
{
    return m_analysis->utilization();
}

const CostModel *ScenarioView::costModel() const
{
    return m_analysis->costModel();
}

const Evaluation *ScenarioView::evaluation() const
{
    return m_analysis->evaluation();
}

void ScenarioView::detach()
{
    // Charts and table hold pointers into the model: they let go before it goes.
    for (charts::ChartPanel *panel : allCharts())
        panel->setModel(nullptr);
    m_results->setCostModel(nullptr);
    m_pairs->setCostModel(nullptr);
    m_criteria->setCostModel(nullptr);
    // A run for the old model is of no use any more.
    m_runner->cancel();
    m_lastRisk.reset();
    m_cumulative->setBands(nullptr);
    m_cumulative->setDecidedBy({});
    m_riskPanel->setCostModel(nullptr);
    m_hybridPanel->setCostModel(nullptr);
}

bool ScenarioView::showsGuide() const
{
    return m_chartStack->currentWidget() == m_guide;
}

void ScenarioView::rebind()
{
    const Scenario &scenario = m_analysis->scenario();
    // Nothing to compare: what to add next, instead of an empty 0–1 chart.
    const bool empty = m_analysis->hasScenario() && scenario.onPremOptions.empty() && scenario.cloudOptions.empty();
    m_chartStack->setCurrentWidget(empty ? static_cast<QWidget *>(m_guide) : m_tabs);
    m_bar->setUtilization(m_analysis->utilization());
    m_bar->setHorizonMonths(scenario.horizonMonths);
    m_bar->setCurrency(scenario.currency);
    detach();
    const CostModel *model = m_analysis->costModel();
    if (!model) {
        const QString error = m_analysis->errorMessage();
        const ScenarioProblem &problem = m_analysis->problem();
        m_banner->setText(tr("This scenario cannot be evaluated. %1").arg(problem.text));
        m_banner->setToolTip(error); // the field's path too, as the scenario format names it
        m_fix->setText(problem.action);
        m_problemBox->setVisible(!error.isEmpty());
        if (!error.isEmpty())
            m_riskPanel->showError(problem.text);
        return;
    }
    m_problemBox->hide();
    m_banner->clear();
    // Series are made for the visible chart now; hidden tabs make theirs when shown.
    m_unbound = QList<bool>(allCharts().size(), true);
    showServingTab(model->input().serving.has_value());
    m_results->setCostModel(model);
    // What is read first sits beside the TCO rather than past the table's right edge: when buying
    // pays off and the break-even utilization, after a serving workload's tokens per second and
    // cost per million tokens.
    QList<int> first{ResultsModel::Tco};
    if (model->input().serving)
        first << ResultsModel::TokensPerSecond << ResultsModel::CostPerMillionTokens;
    first << ResultsModel::Crossover << ResultsModel::BreakEven;
    QHeaderView *header = m_table->horizontalHeader();
    for (qsizetype k = 1; k < first.size(); ++k)
        if (const int to = header->visualIndex(first[k - 1]) + 1; header->visualIndex(first[k]) != to)
            header->moveSection(header->visualIndex(first[k]), to);
    m_pairs->setCostModel(model);
    m_criteria->setCostModel(model);
    m_riskPanel->setCostModel(model);
    m_hybridPanel->setCostModel(model);
    m_stale = QList<bool>(allCharts().size(), true);
    refresh();
    // Once the new rows are laid out in the view's own font: measured now, before the first
    // show, the columns come out narrower than their text.
    QMetaObject::invokeMethod(m_table, &QTableView::resizeColumnsToContents, Qt::QueuedConnection);
}

void ScenarioView::relabel()
{
    // The same model with new names: the series and rows take them up again.
    const CostModel *model = m_analysis->costModel();
    if (!model)
        return;
    const QList<charts::ChartPanel *> panels = allCharts();
    for (int tab = 0; tab < panels.size(); ++tab) {
        if (!m_unbound[tab])
            panels[tab]->relabel();
    }
    m_results->relabel();
    m_pairs->relabel();
    m_criteria->relabel();
    m_riskPanel->relabel();
    m_hybridPanel->relabel();
    m_stale = QList<bool>(allCharts().size(), true);
    refresh();
}

void ScenarioView::setUtilization(double utilization)
{
    utilization = std::clamp(utilization, 0.0, 1.0);
    if (std::lround(utilization * 100.0) != std::lround(m_bar->utilization() * 100.0))
        m_bar->setUtilization(utilization);
    m_analysis->setUtilization(utilization);
}

void ScenarioView::refresh()
{
    const Evaluation *evaluation = m_analysis->evaluation();
    if (!evaluation || !m_analysis->costModel())
        return;
    if (std::lround(m_analysis->utilization() * 100.0) != std::lround(m_bar->utilization() * 100.0))
        m_bar->setUtilization(m_analysis->utilization());
    m_results->setEvaluation(*evaluation);
    m_pairsStale = true;
    refreshPairs();
    m_criteriaStale = true;
    refreshCriteria();
    m_hybridsStale = true;
    refreshHybrids();
    m_riskPanel->setEvaluation(*evaluation);
    m_stale = QList<bool>(allCharts().size(), true);
    // Hidden tabs catch up when shown, so a tick costs one chart, not three.
    refreshChart(m_tabs->currentIndex());
    riskOutdated();
    m_decidedTimer->start();
}

void ScenarioView::updateDecidedBy()
{
    const CostModel *model = m_analysis->costModel();
    const Evaluation *evaluation = m_analysis->evaluation();
    if (!model || !evaluation || !m_analysis->catalog()) {
        m_cumulative->setDecidedBy({});
        return;
    }
    Scenario scenario = m_analysis->scenario();
    scenario.workload.utilization = m_analysis->utilization();
    m_cumulative->setDecidedBy(decidedByLine(scenario, *m_analysis->catalog(), *model, *evaluation));
}

void ScenarioView::riskOutdated()
{
    m_riskStale = true;
    if (riskNeeded())
        m_riskTimer->start();
}

bool ScenarioView::riskNeeded() const
{
    return m_analysis->costModel() && (m_tabs->currentWidget() == m_riskPanel || m_cumulative->bandsVisible());
}

void ScenarioView::runRiskIfNeeded()
{
    if (!m_riskStale || !riskNeeded() || !m_analysis->catalog())
        return;
    m_riskStale = false;
    // The worker gets a copy at the utilization shown (a drag's live value is not in the
    // scenario yet).
    Scenario scenario = m_analysis->scenario();
    scenario.workload.utilization = m_analysis->utilization();
    m_runner->request(scenario, *m_analysis->catalog(), m_bar->slider()->isSliderDown(), m_cumulative->bandsVisible());
}

void ScenarioView::riskArrived(std::shared_ptr<const RiskResult> risk, bool preview)
{
    if (!m_analysis->costModel())
        return;
    m_lastRisk = risk;
    m_lastRiskPreview = preview;
    m_riskPanel->setRisk(risk, preview);
    m_cumulative->setBands(risk);
    // The caption says where the bands come from.
    if (m_cumulative->bandsVisible() && m_tabs->currentIndex() == 0) {
        m_stale[0] = true;
        refreshChart(0);
    }
}

void ScenarioView::refreshChart(int tab)
{
    refreshChartAt(allCharts().indexOf(qobject_cast<charts::ChartPanel *>(m_tabs->widget(tab))));
}

void ScenarioView::refreshChartAt(int tab)
{
    const Evaluation *evaluation = m_analysis->evaluation();
    if (tab < 0 || tab >= m_stale.size() || !evaluation || !m_analysis->costModel())
        return;
    if (m_unbound[tab]) {
        allCharts()[tab]->setModel(m_analysis->costModel());
        allCharts()[tab]->applyPalette();
        m_unbound[tab] = false;
        m_stale[tab] = true;
    }
    if (!m_stale[tab])
        return;
    allCharts()[tab]->setEvaluation(*evaluation);
    m_stale[tab] = false;
}

void ScenarioView::refreshPairs()
{
    const Evaluation *evaluation = m_analysis->evaluation();
    if (!m_pairsStale || !evaluation || !m_analysis->costModel() || m_resultTabs->currentWidget() != m_pairTable)
        return;
    const bool wasEmpty = m_pairs->rowCount() == 0;
    m_pairs->setEvaluation(*evaluation);
    m_pairsStale = false;
    if (wasEmpty)
        QMetaObject::invokeMethod(m_pairTable, &QTableView::resizeColumnsToContents, Qt::QueuedConnection);
}

void ScenarioView::refreshCriteria()
{
    const Evaluation *evaluation = m_analysis->evaluation();
    if (!m_criteriaStale || !evaluation || !m_analysis->costModel() || m_tabs->currentWidget() != m_criteria)
        return;
    m_criteria->setEvaluation(*evaluation);
    m_criteriaStale = false;
}

void ScenarioView::refreshHybrids()
{
    if (!m_hybridsStale || !m_analysis->evaluation() || !m_analysis->costModel() || !m_analysis->hybridModel()
        || m_tabs->currentWidget() != m_hybridPanel)
        return;
    m_hybridPanel->setHybrids(m_analysis->hybridModel(), m_analysis->hybrids(), m_analysis->utilization());
    m_hybridsStale = false;
}

void ScenarioView::updateAllCharts()
{
    m_pairsStale = true;
    if (const Evaluation *evaluation = m_analysis->evaluation(); evaluation && m_analysis->costModel()) {
        m_pairs->setEvaluation(*evaluation);
        m_pairsStale = false;
        m_criteria->setEvaluation(*evaluation);
        m_criteriaStale = false;
        if (m_analysis->hybridModel()) {
            m_hybridPanel->setHybrids(m_analysis->hybridModel(), m_analysis->hybrids(), m_analysis->utilization());
            m_hybridsStale = false;
        }
    }
    for (int index = 0; index < m_stale.size(); ++index)
        refreshChartAt(index);
}

bool ScenarioView::writeCsv(const QString &path, const QString &csv)
{
    try {
        exporting::writeFileAtomically(path, [&](QIODevice *device) { device->write(csv.toUtf8()); });
    } catch (const InputError &error) {
        QMessageBox::warning(this, tr("Export as CSV"), error.message());
        return false;
    }
    return true;
}

void ScenarioView::copyResultsAsText() const
{
    QApplication::clipboard()->setText(ResultsModel::toText(m_sorted));
}

void ScenarioView::resetColumns()
{
    showAllColumns(m_table, QLatin1String(kResultsColumnsKey));
    showAllColumns(m_pairTable, QLatin1String(kPairsColumnsKey));
}

void ScenarioView::resetSplit()
{
    // Seven rows' height (six shown whole even with a sideways scroll bar), the header and the tabs.
    const int rows = 7 * m_table->verticalHeader()->defaultSectionSize() + m_table->horizontalHeader()->sizeHint().height()
        + m_resultTabs->tabBar()->sizeHint().height() + 2 * m_table->frameWidth();
    const int total = m_splitter->height();
    if (total <= 0)
        return;
    // The chart keeps at least three fifths on a short screen.
    const int results = std::min(rows, total * 2 / 5);
    m_splitter->setSizes({total - results, results});
}

} // namespace breakeven
