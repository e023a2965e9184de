// The main window's Help menu: the manual (F1), What's This (Shift+F1) and About; the What's This
// texts of the central view's controls; and the buttons of the guide an empty scenario shows.
#include "mainwindow/mainwindow.h"

#include "catalog/catalogwidget.h"
#include "emptyscenarioguide.h"
#include "mainwindow/scenariopanel.h"
#include "manualwindow.h"
#include "models/scenariotreemodel.h"
#include "scenarioview/bestofferspanel.h"
#include "scenarioview/criteriapanel.h"
#include "scenarioview/riskpanel.h"
#include "scenarioview/scenarioview.h"
#include "scenarioview/utilizationbar.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QMenu>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QWhatsThis>

namespace breakeven {

namespace {

// What's This of the controls every answer depends on; the editors' fields carry their own.
void describeCentralView(ScenarioView *view, CatalogWidget *catalog)
{
    UtilizationBar *bar = view->utilizationBar();
    const QString utilization = MainWindow::tr(
        "<b>Utilization</b><p>The share of the time the workload's GPUs are busy, from 0 to 100 %. A cloud "
        "option is paid for the hours used; a build costs nearly the same however busy it is, so the busier "
        "the GPUs, the sooner buying pays off.</p><p>Every chart, the results and the pairs follow while "
        "you drag; letting go is one step of Edit › Undo.</p>");
    bar->slider()->setWhatsThis(utilization);
    bar->spinBox()->setWhatsThis(utilization);
    bar->presetBox()->setWhatsThis(MainWindow::tr(
        "<b>Utilization presets</b><p>Typical busy shares (a desk used in working hours, a shared cluster, "
        "a training farm) to start from; the slider moves to the one chosen.</p>"));
    bar->horizonBox()->setWhatsThis(MainWindow::tr(
        "<b>Horizon</b><p>How many months the costs are added up over. A build bought again after its "
        "lifetime, what the hardware still sells for at the end and a reservation still owed after it "
        "are said under the chart: the horizon leaves them out or credits them.</p>"));
    view->resultsView()->setWhatsThis(MainWindow::tr(
        "<b>Results</b><p>One row per option at the utilization shown: its total cost of ownership (TCO) "
        "over the horizon, the cost per GPU-hour of the reference GPU, the units a build buys, when buying "
        "pays off against the cheapest cloud option and the utilization above which it wins. An option "
        "that cannot do the work says why.</p><p>Click a header to sort; Ctrl+C copies the rows.</p>"));
    view->pairsView()->setWhatsThis(MainWindow::tr(
        "<b>Every pair</b><p>Every build against every cloud option: when buying pays off for good, where "
        "the curves cross, the difference at the horizon, the break-even utilization, and the finance "
        "figures (the NPV and IRR of buying, payback).</p>"));
    view->chartTabs()->setWhatsThis(MainWindow::tr(
        "<b>Charts</b><p><i>Cumulative cost</i>: what each option has cost by each month, with the month "
        "buying pays off marked. <i>Cost vs utilization</i>: the TCO against the utilization, with the "
        "break-even utilizations. <i>Breakdown</i>: what each TCO is made of. <i>Per token</i>, while the "
        "workload serves a model: the cost per million tokens against the request rate, with the rate at "
        "which each GPU option and each API cost the same. <i>Criteria</i>, <i>Risk</i> and <i>How much to "
        "own</i> follow in their tabs.</p>"));
    view->riskPanel()->setWhatsThis(MainWindow::tr(
        "<b>Risk</b><p>Thousands of futures drawn from the scenario's ranges: per pair the odds that buying "
        "wins, by when it has paid off in half of the futures, and what flips the answer.</p>"));
    view->criteriaPanel()->table()->setWhatsThis(MainWindow::tr(
        "<b>Criteria</b><p>Each option scored from 1 to 5 on cost, performance, setup, reliability, data "
        "control, scalability and flexibility, ranked by the weighted score. Double-click a score to give "
        "your own.</p>"));
    catalog->offerView()->setWhatsThis(MainWindow::tr(
        "<b>Cloud offers</b><p>The catalog's offers with their prices per instance-hour and per GPU-hour, "
        "their source and age. Select rows and press <i>Add to scenario</i> to compare them.</p>"));
}

} // namespace

void MainWindow::createHelp(QMenu *menu)
{
    m_actions.manual = new QAction(QIcon::fromTheme(QStringLiteral("help-contents")), tr("&Manual"), this);
    m_actions.manual->setObjectName(QStringLiteral("manual"));
    m_actions.manual->setShortcut(QKeySequence::HelpContents);
    m_actions.manual->setToolTip(tr("Open the manual: getting started, every panel, every command, what each result means"));
    connect(m_actions.manual, &QAction::triggered, this, &MainWindow::showManual);
    m_actions.whatsThis = QWhatsThis::createAction(this);
    m_actions.whatsThis->setObjectName(QStringLiteral("whatsThis"));
    m_actions.whatsThis->setText(tr("What's &This?"));
    menu->addAction(m_actions.manual);
    menu->addAction(m_actions.whatsThis);
    menu->addSeparator();
    menu->addAction(m_actions.about);

    // The guide's "Edit Workload…": the workload selected in the scenario panel, its editor below.
    m_actions.editWorkload = new QAction(tr("Edit &Workload…"), this);
    m_actions.editWorkload->setObjectName(QStringLiteral("editWorkload"));
    connect(m_actions.editWorkload, &QAction::triggered, this, [this] {
        if (!current())
            return;
        m_panel->select(ScenarioTreeModel::Node::Workload, currentId());
        m_scenarioDock->show();
        m_scenarioDock->raise();
    });
    using Step = EmptyScenarioGuide::Step;
    EmptyScenarioGuide *guide = m_view->emptyGuide();
    guide->setAction(Step::AddBuild, m_actions.addBuild);
    guide->setAction(Step::AddCloudOption, m_actions.addCloudOption);
    guide->setAction(Step::EditWorkload, m_actions.editWorkload);
    guide->setAction(Step::OpenManual, m_actions.manual);

    describeCentralView(m_view, m_catalog);
}

void MainWindow::showManual()
{
    if (!m_manual)
        m_manual = new help::ManualWindow(this);
    m_manual->show();
    m_manual->raise();
    m_manual->activateWindow();
}

} // namespace breakeven
