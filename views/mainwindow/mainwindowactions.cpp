// The main window's actions, menus and toolbar, and the wiring of the central ScenarioView.
#include "mainwindow.h"

#include "importwizard/importrunner.h"
#include "importwizard/importwizard.h"
#include "refresh/refreshdialog.h"

#include "commands/commands.h"
#include "editors/workloadeditor.h"
#include "session/scenariosession.h"
#include "catalog/catalogwidget.h"
#include "inputerror.h"
#include "recentfiles.h"
#include "scenariopanel.h"
#include "scenarioview/bestofferspanel.h"
#include "scenarioview/criteriapanel.h"
#include "engine/criteria.h"
#include "scenarioview/scenarioview.h"
#include "scenarioview/utilizationbar.h"
#include "store/document.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>

#include <limits>

namespace breakeven {

namespace {

QAction *makeAction(QObject *parent, const char *objectName, const QString &text,
                    const QKeySequence &shortcut = {}, const QIcon &icon = {})
{
    auto *action = new QAction(icon, text, parent);
    action->setObjectName(QString::fromLatin1(objectName));
    if (!shortcut.isEmpty())
        action->setShortcut(shortcut);
    return action;
}

} // namespace

void MainWindow::createActions()
{
    QStyle *s = style();
    auto add = [this](const char *name, const QString &text, const QKeySequence &key, const QIcon &icon,
                      auto slot) {
        QAction *action = makeAction(this, name, text, key, icon);
        connect(action, &QAction::triggered, this, slot);
        return action;
    };
    m_actions.newDocument = add("newDocument", tr("&New…"), QKeySequence::New, s->standardIcon(QStyle::SP_FileIcon),
        &MainWindow::chooseNewDocument);
    m_actions.openDocument = add("openDocument", tr("&Open…"), QKeySequence::Open, s->standardIcon(QStyle::SP_DialogOpenButton),
        &MainWindow::chooseOpenDocument);
    m_actions.saveAs = add("saveAs", tr("Save &As…"), QKeySequence::SaveAs, s->standardIcon(QStyle::SP_DialogSaveButton),
        &MainWindow::chooseSaveAs);
    m_actions.importScenario = add("importScenario", tr("&Import Scenario JSON…"), QKeySequence(Qt::CTRL | Qt::Key_I), {},
        &MainWindow::chooseImportScenario);
    m_actions.exportScenario = add("exportScenario", tr("&Export Scenario JSON…"), QKeySequence(Qt::CTRL | Qt::Key_E), {},
        &MainWindow::chooseExportScenario);
    m_actions.exportChart = add("exportChart", tr("Export &Chart…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), {},
        &MainWindow::chooseExportChart);
    m_actions.exportReport = add("exportReport", tr("Export Re&port…"), QKeySequence::Print, s->standardIcon(QStyle::SP_FileDialogContentsView),
        &MainWindow::chooseExportReport);
    m_actions.exportSeries = add("exportSeries", tr("Export Monthly &Series as CSV…"), {}, {},
                                 &MainWindow::chooseExportSeries);
    m_actions.copySeries = add("copySeries", tr("&Copy Monthly Series"), {}, {}, &MainWindow::copySeries);
    m_actions.quit = add("quit", tr("&Quit"), QKeySequence::Quit, {}, &MainWindow::close);

    QAction *undo = m_actions.undo = undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setObjectName(QStringLiteral("undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setIcon(s->standardIcon(QStyle::SP_ArrowBack));
    QAction *redo = m_actions.redo = undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setObjectName(QStringLiteral("redo"));
    redo->setShortcuts(QKeySequence::Redo); // every binding of the platform (Ctrl+Shift+Z, Ctrl+Y), once each
    redo->setIcon(s->standardIcon(QStyle::SP_ArrowForward));

    m_actions.addScenario = add("addScenario", tr("&Add Scenario"), QKeySequence(Qt::CTRL | Qt::Key_T), s->standardIcon(QStyle::SP_FileDialogNewFolder),
        &MainWindow::chooseAddScenario);
    m_actions.duplicateScenario = add("duplicateScenario", tr("Du&plicate Scenario"), QKeySequence(Qt::CTRL | Qt::Key_D), {},
        &MainWindow::duplicateScenario);
    m_actions.renameScenario = add("renameScenario", tr("&Rename Scenario…"), QKeySequence(Qt::Key_F2), {}, &MainWindow::chooseRenameScenario);
    m_actions.removeScenario = add("removeScenario", tr("D&elete Scenario"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Delete),
        s->standardIcon(QStyle::SP_TrashIcon), &MainWindow::removeScenario);
    m_actions.compareScenarios = add("compareScenarios", tr("C&ompare Scenarios…"), {}, {},
        [this] { compareScenarios(); });
    m_actions.addBuild = add("addBuild", tr("Add On-Prem &Build"), QKeySequence(Qt::CTRL | Qt::Key_B), s->standardIcon(QStyle::SP_ComputerIcon),
        &MainWindow::chooseAddBuild);
    m_actions.addCloudOption = add("addCloudOption", tr("Add &Cloud Option"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C),
        s->standardIcon(QStyle::SP_DriveNetIcon), &MainWindow::chooseAddCloudOption);
    m_actions.addApiOption = add("addApiOption", tr("Add AP&I Option…"), {}, s->standardIcon(QStyle::SP_BrowserReload),
        &MainWindow::chooseAddApiOption);
    m_actions.addApiOption->setToolTip(tr("A model served by a provider and paid per token, from the bundled API prices"));
    m_actions.addHybridOption = add("addHybridOption", tr("Add &Hybrid Option…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H),
        s->standardIcon(QStyle::SP_DirLinkIcon), &MainWindow::addHybridOption);
    m_actions.addHybridOption->setToolTip(tr("Own the baseline with units of a build, rent the peaks from a cloud option"));
    m_actions.importUsage = add("importUsage", tr("Import &Usage…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U), {},
        &MainWindow::chooseImportUsage);
    m_actions.importUsage->setToolTip(tr("Make usage records (a CSV of samples or Slurm sacct output) the workload's demand profile"));
    m_actions.removePart = add("removePart", tr("&Delete Selected Build, Option or Hybrid"), QKeySequence::Delete, {},
        &MainWindow::removeSelectedPart);
    m_actions.importPriceSheet = add("importPriceSheet", tr("&Import Price Sheet…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I), {},
        &MainWindow::chooseImportSheet);
    m_actions.refreshPrices = add("refreshPrices", tr("&Refresh Prices…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R),
        s->standardIcon(QStyle::SP_BrowserReload),
        &MainWindow::chooseRefreshPrices);
    m_actions.refreshPrices->setToolTip(tr("Fetch current cloud prices over the network into the catalog"));
    m_actions.about = add("about", tr("&About Breakeven"), {}, {}, &MainWindow::about);
    m_actions.resetLayout = add("resetLayout", tr("&Reset Layout"), {}, {}, &MainWindow::resetLayout);
    m_actions.resetLayout->setToolTip(tr("The docks back in their places and widths, the window fitted to the screen"));
    // Delete must not steal the key from the editors' line edits and spin boxes.
    m_actions.removePart->setShortcutContext(Qt::WidgetShortcut);
    m_panel->tree()->addAction(m_actions.removePart);
    connect(m_panel->workloadEditor(), &WorkloadEditor::importUsageRequested, this, &MainWindow::chooseImportUsage);
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_actions.newDocument);
    file->addAction(m_actions.openDocument);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recent = new RecentFiles(m_recentMenu, this);
    connect(m_recent, &RecentFiles::openRequested, this, &MainWindow::openDocument);
    file->addAction(m_actions.saveAs);
    file->addSeparator();
    file->addAction(m_actions.importScenario);
    file->addAction(m_actions.exportScenario);
    file->addSeparator();
    file->addAction(m_actions.exportChart);
    file->addAction(m_actions.exportReport);
    file->addAction(m_actions.exportSeries);
    file->addSeparator();
    file->addAction(m_actions.quit);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(m_actions.undo);
    edit->addAction(m_actions.redo);
    edit->addSeparator();
    edit->addAction(m_actions.copySeries);

    QMenu *scenario = menuBar()->addMenu(tr("&Scenario"));
    scenario->addActions({m_actions.addScenario, m_actions.duplicateScenario, m_actions.renameScenario,
                          m_actions.removeScenario});
    scenario->addAction(m_actions.compareScenarios);
    scenario->addSeparator();
    scenario->addActions({m_actions.addBuild, m_actions.addCloudOption, m_actions.addApiOption, m_actions.addHybridOption,
                          m_actions.removePart});
    scenario->addSeparator();
    scenario->addAction(m_actions.importUsage);

    QMenu *catalog = menuBar()->addMenu(tr("&Catalog"));
    catalog->addAction(m_actions.importPriceSheet);
    catalog->addAction(m_actions.refreshPrices);
    m_catalog->setCatalogActions({m_actions.importPriceSheet, m_actions.refreshPrices}, m_actions.refreshPrices);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QAction *showScenarios = m_scenarioDock->toggleViewAction();
    showScenarios->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    QAction *showCatalog = m_catalogDock->toggleViewAction();
    showCatalog->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    // Mnemonics of their own: the docks' titles stay plain.
    showScenarios->setText(tr("&Scenarios"));
    showCatalog->setText(tr("&Catalog"));
    m_viewMenu->addAction(showScenarios);
    m_viewMenu->addAction(showCatalog);

    createHelp(menuBar()->addMenu(tr("&Help")));
}

void MainWindow::createToolBar()
{
    QToolBar *bar = m_toolBar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({m_actions.openDocument, m_actions.undo, m_actions.redo});
    // Undo and Redo say which step in their tooltip: their text changes with every step, and
    // beside the icon it would move every button after them.
    for (QAction *action : {m_actions.undo, m_actions.redo}) {
        if (auto *button = qobject_cast<QToolButton *>(bar->widgetForAction(action)))
            button->setToolButtonStyle(Qt::ToolButtonIconOnly);
    }
    bar->addSeparator();
    bar->addActions({m_actions.addScenario, m_actions.addBuild, m_actions.addCloudOption, m_actions.addHybridOption});
    bar->addSeparator();
    bar->addAction(m_actions.exportReport);
    bar->toggleViewAction()->setText(tr("Main &Toolbar"));
    m_viewMenu->addAction(bar->toggleViewAction());
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_actions.resetLayout);
}

void MainWindow::connectView()
{
    // Best offers: the catalog ranked for the shown scenario, a tab beside the tables.
    m_bestOffers = new BestOffersPanel(this);
    m_view->resultTabs()->addTab(m_bestOffers, tr("Best offers"));
    m_bestOffers->setOfferSource([this]() -> std::vector<StoredOffer> {
        if (!document())
            return {};
        try {
            return document()->catalog().allOffers();
        } catch (const InputError &error) {
            showStatusError(error.message());
            return {};
        }
    });
    const auto showScenario = [this] {
        if (current())
            m_bestOffers->setScenario(current()->scenario, m_session->gpuCatalog());
    };
    connect(m_session, &ScenarioSession::currentChanged, this, showScenario);
    connect(m_session, &ScenarioSession::currentUpdated, this, showScenario);
    connect(m_session, &ScenarioSession::catalogChanged, m_bestOffers, &BestOffersPanel::catalogChanged);
    connect(m_view, &ScenarioView::utilizationChanged, m_bestOffers,
            [this](double u) { m_bestOffers->setUtilization(u, false); });
    connect(m_view, &ScenarioView::utilizationCommitted, m_bestOffers,
            [this](double, double to) { m_bestOffers->setUtilization(to, true); });
    // One click adds the offer under its plan, one undo step, as the catalog dock does.
    connect(m_bestOffers, &BestOffersPanel::addRequested, this,
            [this](const StoredOffer &offer, PricingPlan plan, bool allUpfront) { addOffers({offer}, plan, allUpfront); });
    showScenario();

    // How much to own: its button adds a hybrid option as the Scenario menu does.
    connect(m_view, &ScenarioView::addHybridRequested, this, &MainWindow::addHybridOption);

    // A drag shows live through the ScenarioView itself; only its end becomes an undo step.
    connect(m_view, &ScenarioView::utilizationCommitted, this, [this](double from, double to) {
        if (!current() || from == to)
            return;
        // The stored value, not the slider's whole percent: undo gives back 2/3, not 0.67.
        const Workload before = current()->scenario.workload;
        Workload after = before;
        after.utilization = to;
        commands::editWorkload(*m_context, currentId(), current()->scenario.name, QStringLiteral("utilization"),
                               tr("utilization"), before, after);
    });
    connect(m_view, &ScenarioView::horizonChanged, this, [this](int months) {
        if (!current() || months == current()->scenario.horizonMonths)
            return;
        Scenario after = current()->scenario;
        after.horizonMonths = months;
        commands::editScenario(*m_context, currentId(), QStringLiteral("horizonMonths"), tr("horizon"),
                               current()->scenario, after);
    });
    // The Criteria tab: a weight let go of, or a score of the user's own, is one undo step each.
    connect(m_view->criteriaPanel(), &CriteriaPanel::weightsEdited, this,
            [this](const CriterionWeights &weights, std::optional<Criterion> moved) {
        if (!current() || weights == current()->scenario.criterionWeights)
            return;
        Scenario after = current()->scenario;
        after.criterionWeights = weights;
        // A slider moved is an edit of its weight (moving it again merges into the same step);
        // the defaults restored, of all of them.
        if (moved)
            commands::editScenario(*m_context, currentId(), QStringLiteral("weight-") + toString(*moved),
                                   tr("weight of %1").arg(criterionName(*moved).toLower()), current()->scenario, after);
        else
            commands::editScenario(*m_context, currentId(), QStringLiteral("criterionWeights"), tr("criterion weights"),
                                   current()->scenario, after);
    });
    connect(m_view->criteriaPanel(), &CriteriaPanel::scoreEdited, this,
            [this](int option, Criterion criterion, std::optional<double> score) {
        const StoredScenario *stored = current();
        if (!stored)
            return;
        const QString field = QStringLiteral("score-") + toString(criterion);
        const QString label = tr("%1 score").arg(criterionName(criterion).toLower());
        const auto builds = int(stored->scenario.onPremOptions.size());
        if (option >= 0 && option < builds) {
            const OnPremBuild &before = stored->scenario.onPremOptions[std::size_t(option)];
            OnPremBuild after = before;
            after.scores[std::size_t(criterion)] = score;
            commands::editBuild(*m_context, currentId(), stored->ids.builds[std::size_t(option)], field, label, before, after);
        } else if (option >= builds && option - builds < int(stored->scenario.cloudOptions.size())) {
            const auto k = std::size_t(option - builds);
            const CloudOption &before = stored->scenario.cloudOptions[k];
            CloudOption after = before;
            after.scores[std::size_t(criterion)] = score;
            commands::editCloudOption(*m_context, currentId(), stored->ids.cloudOptions[k], field, label, before, after);
        }
    });
    // "Cannot be evaluated": the button opens the editor where the problem is fixed.
    connect(m_view, &ScenarioView::problemFixRequested, this, [this](const ScenarioProblem &problem) {
        const StoredScenario *stored = current();
        if (!stored)
            return;
        using Node = ScenarioTreeModel::Node;
        using Place = ScenarioProblem::Place;
        const auto at = [&](const std::vector<qint64> &ids) {
            return problem.position >= 0 && problem.position < int(ids.size()) ? ids[std::size_t(problem.position)] : 0;
        };
        switch (problem.place) {
        case Place::Settings: m_panel->select(Node::Scenario, stored->ids.scenario); break;
        case Place::Workload: m_panel->select(Node::Workload, stored->ids.scenario); break;
        case Place::Build: m_panel->select(Node::Build, at(stored->ids.builds)); break;
        case Place::CloudOption: m_panel->select(Node::CloudOption, at(stored->ids.cloudOptions)); break;
        }
        if (auto *dock = qobject_cast<QDockWidget *>(m_panel->parentWidget()))
            dock->show();
    });
}

void MainWindow::updateActions()
{
    const bool hasDocument = document() != nullptr;
    for (QAction *action : {m_actions.duplicateScenario, m_actions.renameScenario, m_actions.removeScenario,
                            m_actions.addBuild, m_actions.addCloudOption, m_actions.addApiOption, m_actions.addHybridOption,
                            m_actions.importUsage,
                            m_actions.exportScenario, m_actions.removePart})
        action->setEnabled(hasDocument && current());
    m_actions.compareScenarios->setEnabled(hasDocument);
    const bool evaluated = m_view->costModel() != nullptr && m_view->evaluation() != nullptr;
    m_actions.exportChart->setEnabled(evaluated);
    m_actions.exportSeries->setEnabled(evaluated);
    m_actions.copySeries->setEnabled(evaluated);
    m_actions.exportReport->setEnabled(evaluated);
}

void MainWindow::chooseImportSheet()
{
    runImportWizard();
}

void MainWindow::runImportWizard(const QString &file)
{
    if (!document())
        return;
    if (!m_importWizardFactory) {
        showError(tr("Import Price Sheet"), tr("Importing price sheets is not available in this build."));
        return;
    }
    std::unique_ptr<QDialog> dialog(m_importWizardFactory(this));
    if (!dialog)
        return;
    if (auto *wizard = qobject_cast<ImportWizard *>(dialog.get())) {
        if (!file.isEmpty())
            wizard->setFile(file);
        // The import writes through its own connection: look for its commit at once, so the
        // catalog dock shows the new prices while the wizard still shows its report.
        connect(wizard, &ImportWizard::imported, this, [this, wizard] {
            m_context->notifier().checkForOutsideChanges();
            // One undo step takes the whole import back.
            const ImportRunner *runner = wizard->runner();
            commands::recordSheetImport(*m_context, QFileInfo(wizard->setup().path).fileName(), runner->changeset());
            if (runner->changesetTooLarge())
                statusBar()->showMessage(tr("The import is too large to undo; its prices stay until another sheet "
                                            "replaces them."), 10000);
        });
    }
    dialog->exec();
    // What the import wrote reaches the catalog dock, the editors and the engine through the
    // document's notifier; a wizard writing through another connection is caught here.
    m_context->notifier().checkForOutsideChanges();
}

void MainWindow::chooseRefreshPrices()
{
    if (!document())
        return;
    auto *dialog = new RefreshDialog(document(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RefreshDialog::refreshed, this, [this, dialog] {
        // The refresh wrote through its own connection: the catalog dock, the editors and the
        // engine learn of it through the notifier, at once.
        m_context->notifier().checkForOutsideChanges();
        // One undo step takes the whole refresh back, as for a sheet's import.
        QStringList sources;
        for (const RefreshResult &result : dialog->runner()->results())
            if (result.done)
                sources << result.source;
        commands::recordPriceRefresh(*m_context, sources, dialog->runner()->changeset());
        if (dialog->runner()->changesetTooLarge())
            statusBar()->showMessage(tr("The refresh is too large to undo; its prices stay until another refresh "
                                        "or sheet replaces them."), 10000);
    });
    connect(dialog, &QDialog::finished, this, [this] { m_context->notifier().checkForOutsideChanges(); });
    // Window-modal but not blocking: the window keeps painting while the worker downloads.
    dialog->open();
}

void MainWindow::about()
{
    QMessageBox::about(this, tr("About Breakeven"),
                       tr("<h3>Breakeven %1</h3><p>Rent GPUs in a cloud, or buy them: what each option costs "
                          "over time, when buying pays off, at what utilization, and how fast each option "
                          "gets the work done.</p>")
                           .arg(QApplication::applicationVersion()));
}

} // namespace breakeven
