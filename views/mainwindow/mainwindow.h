// The main window: the scenario panel (left dock), the catalog (right dock), the charts and
// results of the current scenario in the middle, and the menus that drive them. It owns the
// open document through its DocumentContext and shows the scenario its ScenarioSession holds;
// every change goes through the command façade (commands/commands.h) and the undo stack.
#pragma once

#include "document/documentcontext.h"
#include "store/scenariorepository.h"

#include <QMainWindow>

#include <functional>
#include <memory>

class QDialog;
class QLabel;
class QMenu;
class QToolBar;

namespace breakeven {

class BestOffersPanel;
class CatalogWidget;
class Document;
class RecentFiles;
class CompareScenariosDialog;
class ScenarioPanel;
class ScenarioSession;
class ScenarioView;
struct StoredOffer;
namespace help {
class ManualWindow;
} // namespace help

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(std::unique_ptr<Document> document, QWidget *parent = nullptr);
    ~MainWindow() override;

    Document *document() const { return m_context->document(); }
    DocumentContext *context() const { return m_context; }
    QUndoStack *undoStack() const;
    ScenarioPanel *scenarioPanel() const { return m_panel; }
    ScenarioView *scenarioView() const { return m_view; }
    BestOffersPanel *bestOffers() const { return m_bestOffers; }
    QDockWidget *scenarioDock() const { return m_scenarioDock; }
    QDockWidget *catalogDock() const { return m_catalogDock; }
    ScenarioSession *session() const { return m_session; }
    qint64 currentScenarioId() const { return currentId(); }
    QString statusText() const;
    struct Actions {
        QAction *newDocument = nullptr;
        QAction *openDocument = nullptr;
        QAction *saveAs = nullptr;
        QAction *importScenario = nullptr;
        QAction *exportScenario = nullptr;
        QAction *exportChart = nullptr;
        QAction *exportReport = nullptr;
        QAction *exportSeries = nullptr;
        QAction *copySeries = nullptr;
        QAction *quit = nullptr;
        QAction *undo = nullptr;
        QAction *redo = nullptr;
        QAction *addScenario = nullptr;
        QAction *duplicateScenario = nullptr;
        QAction *renameScenario = nullptr;
        QAction *removeScenario = nullptr;
        QAction *compareScenarios = nullptr;
        QAction *addBuild = nullptr;
        QAction *addCloudOption = nullptr;
        QAction *addHybridOption = nullptr;
        QAction *addApiOption = nullptr;
        QAction *importUsage = nullptr;
        QAction *removePart = nullptr;
        QAction *importPriceSheet = nullptr;
        QAction *refreshPrices = nullptr;
        QAction *about = nullptr;
        QAction *resetLayout = nullptr;
        QAction *manual = nullptr;    // Help › Manual (F1)
        QAction *whatsThis = nullptr; // Help › What's This? (Shift+F1)
        QAction *editWorkload = nullptr; // the empty scenario's guide: the workload's editor
    };
    const Actions &actions() const { return m_actions; }

    // Import Price Sheet… runs the dialog this returns; the catalog is read again afterwards.
    void setImportWizardFactory(std::function<QDialog *(QWidget *)> factory);
    // Errors meant for the user go through here: a message box unless tests replace it.
    void setMessageHandler(std::function<void(const QString &title, const QString &text)> handler);

    void saveWindowState();
    // Where the scenario last shown of the open document is remembered.
    static QString lastScenarioKey(const QString &documentPath);
    void restoreWindowState();
    // View › Reset Layout: the docks back in their places at their default widths, the toolbar
    // shown, the window at its default size fitted to its screen.
    void resetLayout();
    // Help › Manual: the manual window (views/help), made on first use, shown and raised.
    void showManual();
    help::ManualWindow *manualWindow() const { return m_manual; }

public slots:
    // Each returns false, after telling the user why, when the file was refused; the window
    // then keeps the document it had.
    bool openDocument(const QString &path);
    bool createDocument(const QString &path);
    bool saveDocumentAs(const QString &path);
    bool importScenarioJson(const QString &path);
    // A file dropped on the window: a sheet opens the import wizard on it, a scenario JSON file
    // is imported, a document opened. False for other files or when that fails.
    bool openDroppedFile(const QString &path);
    bool exportScenarioJson(const QString &path);
    bool exportChart(const QString &path);
    // Every option's monthly and cumulative series as CSV (exporting/csvexport.h).
    bool exportSeriesCsv(const QString &path);
    void copySeries();
    bool exportReport(const QString &path);

    void selectScenario(qint64 scenarioId);
    void addScenario(const QString &name = {});
    // Asks the new scenario's name, then adds it.
    void chooseAddScenario();
    void duplicateScenario();
    // Scenario › Compare Scenarios: the document's scenarios side by side, in a window of their own
    // (every one ticked at first); null without a document.
    CompareScenariosDialog *compareScenarios();
    void renameScenario(const QString &newName);
    void removeScenario();
    // Add what the choosers start with, without asking: the example build on the reference GPU,
    // the cheapest on-demand offer of it.
    void addBuild();
    void addCloudOption();
    // Add On-Prem Build and Add Cloud Option: ask what to start from (addpartdialogs.h), then add it.
    void chooseAddBuild();
    void chooseAddCloudOption();
    // Add API Option…: an offer of the bundled API price list (apioptiondialog.h), then added.
    void chooseAddApiOption();
    void removeSelectedPart();
    // Add Hybrid Option…: asks for a build, an on-demand or spot cloud option, a name and the
    // units (mainwindow/hybriddialogs.h), then adds it; refused, with what to add first, when the
    // scenario has no build or no such cloud option.
    void addHybridOption();
    // Import Usage…: asks for a usage file (CSV of samples or Slurm sacct), then importUsageFile.
    void chooseImportUsage();
    // Reads `path` into a demand profile with steps of `stepHours`, shows its summary and, when the
    // user applies it, makes it the workload's profile (one undo step). False when the file was
    // refused (the reader's message is shown) or the summary cancelled.
    bool importUsageFile(const QString &path, double stepHours = 1);

protected:
    void closeEvent(QCloseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createDocks();
    void createActions();
    void createMenus();
    void createToolBar();
    // 1600 × 1000, or the available area of the window's screen when that is smaller.
    QSize defaultSize() const;
    QRect availableArea() const;
    void resizeDocksToDefault();
    // A window larger than its screen (a layout saved on a larger one) shrinks to fit and moves
    // back onto it.
    void fitToScreen();
    void connectView();
    void setDocument(std::unique_ptr<Document> document);
    const StoredScenario *current() const;
    qint64 currentId() const;
    void updateTitle();
    void updateStatus();
    void updateActions();
    void showError(const QString &title, const QString &text);
    void showStatusError(const QString &message);
    // `allUpfront`: a reserved plan's whole term paid at its start, at the offer's upfront price.
    void addOffers(const QList<StoredOffer> &offers, PricingPlan plan, bool allUpfront = false);
    void addGpu(const GpuModel &gpu);
    void chooseImportSheet();
    // Catalog › Refresh Prices…: the dialog (refresh/refreshdialog.h), window-modal, not blocking.
    void chooseRefreshPrices();
    void runImportWizard(const QString &file = {});
    void about();
    // The Help menu (views/help/mainwindowhelp.cpp): Manual, What's This and About, the What's
    // This texts of the central view, and the actions of the empty scenario's guide.
    void createHelp(QMenu *menu);

    // Menu actions that ask for a file name first.
    void chooseNewDocument();
    void chooseOpenDocument();
    void chooseSaveAs();
    void chooseImportScenario();
    void chooseExportScenario();
    void chooseExportChart();
    void chooseExportSeries();
    void chooseExportReport();
    void chooseRenameScenario();
    QString dialogFolder() const;

    DocumentContext *m_context;
    ScenarioSession *m_session;
    BestOffersPanel *m_bestOffers = nullptr;
    Actions m_actions;
    ScenarioPanel *m_panel = nullptr;
    ScenarioView *m_view = nullptr;
    CatalogWidget *m_catalog = nullptr;
    QDockWidget *m_scenarioDock = nullptr;
    QDockWidget *m_catalogDock = nullptr;
    QLabel *m_documentLabel = nullptr;
    QLabel *m_pricesLabel = nullptr;
    RecentFiles *m_recent = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;
    QToolBar *m_toolBar = nullptr;
    help::ManualWindow *m_manual = nullptr;
    bool m_shown = false;
    qint64 m_shownScenarioId = 0;    // the scenario shown now, and the one shown before it
    qint64 m_previousScenarioId = 0;
    std::function<QDialog *(QWidget *)> m_importWizardFactory;
    std::function<void(const QString &, const QString &)> m_messageHandler;
};

} // namespace breakeven
