#include "mainwindow.h"

#include "catalog/apioffers.h"
#include "catalog/catalogwidget.h"
#include "commands/commands.h"
#include "importwizard/importwizard.h"
#include "inputerror.h"
#include "scenariopanel.h"
#include "scenarioview/scenarioview.h"
#include "session/scenariosession.h"
#include "store/document.h"
#include "widgets/inputguard.h"
#include "widgets/plural.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

#include <algorithm>

namespace breakeven {

namespace {

// How often the window looks for writes by another process while it is active (a data_version
// read: microseconds).
constexpr int kOutsideChangePollMs = 2000;

} // namespace

MainWindow::MainWindow(std::unique_ptr<Document> document, QWidget *parent)
    : QMainWindow(parent)
    , m_context(new DocumentContext(this))
    , m_session(new ScenarioSession(*m_context, this))
{
    setObjectName(QStringLiteral("MainWindow"));
    m_view = new ScenarioView(this);
    m_view->setAnalysis(&m_session->analysis());
    setCentralWidget(m_view);
    createDocks();
    createActions();
    createMenus();
    createToolBar();
    connectView();

    m_documentLabel = new QLabel(this);
    m_pricesLabel = new QLabel(this);
    m_pricesLabel->setContentsMargins(12, 0, 4, 0);
    statusBar()->addPermanentWidget(m_documentLabel);
    statusBar()->addPermanentWidget(m_pricesLabel);

    m_importWizardFactory = [this](QWidget *parent) -> QDialog * {
        return new ImportWizard(this->document(), parent);
    };
    connect(m_context, &DocumentContext::errorOccurred, this, &MainWindow::showStatusError);
    connect(m_session, &ScenarioSession::errorOccurred, this, &MainWindow::showStatusError);
    connect(m_session, &ScenarioSession::currentChanged, this, &MainWindow::updateActions);
    const auto rememberShown = [this] {
        if (const StoredScenario *shown = m_session->current())
            QSettings().setValue(lastScenarioKey(m_context->doc().path()), shown->scenario.name);
    };
    connect(m_session, &ScenarioSession::currentChanged, this, rememberShown);
    // Compare Scenarios ticks the scenario shown and the one shown before it.
    connect(m_session, &ScenarioSession::currentChanged, this, [this](qint64 scenarioId) {
        if (scenarioId != m_shownScenarioId) {
            m_previousScenarioId = m_shownScenarioId;
            m_shownScenarioId = scenarioId;
        }
    });
    connect(m_session, &ScenarioSession::currentUpdated, this, rememberShown); // a rename
    connect(m_session, &ScenarioSession::currentUpdated, this, &MainWindow::updateActions);
    connect(m_session, &ScenarioSession::catalogChanged, this, &MainWindow::updateStatus);
    InputGuard::install();
    // Another process may have written while the window was in the background.
    connect(qApp, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState state) {
        if (state == Qt::ApplicationActive)
            m_context->notifier().checkForOutsideChanges();
    });
    m_context->notifier().setPollInterval(kOutsideChangePollMs);
    connect(undoStack(), &QUndoStack::cleanChanged, this, &MainWindow::updateActions);
    connect(undoStack(), &QUndoStack::indexChanged, this, &MainWindow::updateActions);

    setAcceptDrops(true);
    // The default size fitted to the screen (a 1280 × 800 laptop); a size the user chose is
    // restored over it, and fitted in turn.
    resize(defaultSize());
    resizeDocksToDefault();
    restoreWindowState();
    fitToScreen();
    setDocument(std::move(document));
}

MainWindow::~MainWindow()
{
    // The catalog keeps a plain pointer to the document the context is about to delete.
    if (m_catalog)
        m_catalog->setDocument(nullptr);
    m_context->undoStack()->clear();
}

QUndoStack *MainWindow::undoStack() const
{
    return m_context->undoStack();
}

void MainWindow::createDocks()
{
    setDockNestingEnabled(true);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);

    m_panel = new ScenarioPanel(*m_session, this);
    m_scenarioDock = new QDockWidget(tr("Scenarios"), this);
    m_scenarioDock->setObjectName(QStringLiteral("scenarioDock"));
    m_scenarioDock->setWidget(m_panel);
    // Narrow enough to be dragged narrower, wide enough for the editors' forms (their rows wrap
    // below their labels).
    m_scenarioDock->setMinimumWidth(300);
    addDockWidget(Qt::LeftDockWidgetArea, m_scenarioDock);

    m_catalog = new CatalogWidget(this);
    m_catalogDock = new QDockWidget(tr("Catalog"), this);
    m_catalogDock->setObjectName(QStringLiteral("catalogDock"));
    // The catalog's filter bar is wide; scrolling it beats a window wider than the screen.
    auto *catalogScroll = new QScrollArea(this);
    catalogScroll->setWidget(m_catalog);
    catalogScroll->setWidgetResizable(true);
    catalogScroll->setFrameShape(QFrame::NoFrame);
    m_catalogDock->setWidget(catalogScroll);
    m_catalogDock->setMinimumWidth(200);
    addDockWidget(Qt::RightDockWidgetArea, m_catalogDock);

    connect(m_panel, &ScenarioPanel::scenarioActivated, this, &MainWindow::selectScenario);
    connect(m_session, &ScenarioSession::catalogChanged, m_catalog, &CatalogWidget::refresh);
    connect(m_panel, &ScenarioPanel::renameRequested, this, [this](qint64 id) {
        selectScenario(id);
        chooseRenameScenario();
    });
    connect(m_catalog, &CatalogWidget::addOffersRequested, this, &MainWindow::addOffers);
    connect(m_catalog, &CatalogWidget::addGpuRequested, this, &MainWindow::addGpu);
    // An API offer from the dock becomes an API option of the current scenario, named apart from
    // its others: one undo step, as Scenario › Add API Option… makes it.
    connect(m_catalog, &CatalogWidget::addApiOfferRequested, this, [this](const ApiOffer &offer) {
        if (!current())
            return;
        ApiOption option = apiOptionFromOffer(offer);
        QStringList taken;
        for (const ApiOption &other : current()->scenario.apiOptions)
            taken.append(other.name);
        option.name = uniqueName(option.name, taken);
        commands::addApiOption(*m_context, currentId(), option);
        if (current() && !current()->ids.apiOptions.empty())
            m_panel->select(ScenarioTreeModel::Node::ApiOption, current()->ids.apiOptions.back());
    });
}

void MainWindow::setImportWizardFactory(std::function<QDialog *(QWidget *)> factory)
{
    m_importWizardFactory = std::move(factory);
}

void MainWindow::setMessageHandler(std::function<void(const QString &, const QString &)> handler)
{
    m_messageHandler = std::move(handler);
}

void MainWindow::showError(const QString &title, const QString &text)
{
    if (m_messageHandler)
        m_messageHandler(title, text);
    else
        QMessageBox::warning(this, title, text);
}

void MainWindow::showStatusError(const QString &message)
{
    statusBar()->showMessage(message, 10000);
}

void MainWindow::saveWindowState()
{
    QSettings settings;
    settings.setValue(QStringLiteral("mainWindow/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("mainWindow/state"), saveState());
}

void MainWindow::restoreWindowState()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("mainWindow/geometry")).toByteArray());
    restoreState(settings.value(QStringLiteral("mainWindow/state")).toByteArray());
}

QRect MainWindow::availableArea() const
{
    const QScreen *screen = QGuiApplication::screenAt(geometry().center());
    if (!screen)
        screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry() : QRect(0, 0, 1600, 1000);
}

QSize MainWindow::defaultSize() const
{
    return QSize(1600, 1000).boundedTo(availableArea().size());
}

void MainWindow::resizeDocksToDefault()
{
    // The scenario dock as wide as the editors' forms; the catalog wide enough for its key
    // columns (provider, GPU, GPUs, plan, price, region) at 1600 px; the charts keep the rest.
    const int catalog = std::clamp(width() * 34 / 100, 300, 560);
    resizeDocks({m_scenarioDock, m_catalogDock}, {340, catalog}, Qt::Horizontal);
}

void MainWindow::fitToScreen()
{
    if (isMaximized() || isFullScreen())
        return;
    const QRect area = availableArea();
    // The frame's edges are not known before the window is shown: leave a little room for them.
    const QSize frame = isVisible() ? frameGeometry().size() - size() : QSize(0, 0);
    const QSize fitted = size().boundedTo(area.size() - frame);
    if (fitted != size())
        resize(fitted);
    QRect placed = frameGeometry();
    if (!area.contains(placed)) {
        placed.moveLeft(std::clamp(placed.left(), area.left(), std::max(area.left(), area.right() - placed.width() + 1)));
        placed.moveTop(std::clamp(placed.top(), area.top(), std::max(area.top(), area.bottom() - placed.height() + 1)));
        move(placed.topLeft());
    }
}

void MainWindow::resetLayout()
{
    if (isMaximized() || isFullScreen())
        showNormal();
    for (QDockWidget *dock : {m_scenarioDock, m_catalogDock})
        dock->setFloating(false);
    addDockWidget(Qt::LeftDockWidgetArea, m_scenarioDock);
    addDockWidget(Qt::RightDockWidgetArea, m_catalogDock);
    m_scenarioDock->show();
    m_catalogDock->show();
    if (m_toolBar) {
        addToolBar(Qt::TopToolBarArea, m_toolBar);
        m_toolBar->show();
    }
    resize(defaultSize());
    fitToScreen();
    resizeDocksToDefault();
    m_view->resetColumns();
    // The docks and the splitter take their sizes once the new geometry is laid out.
    QTimer::singleShot(0, this, [this] {
        resizeDocksToDefault();
        m_view->resetSplit();
    });
}

void MainWindow::showEvent(QShowEvent *event)
{
    QMainWindow::showEvent(event);
    if (m_shown)
        return;
    m_shown = true;
    // The size is the one the window was given when shown (fitted to its screen when it was made);
    // the docks take theirs for it on a first start, and when saved wider than this window leaves
    // room for (a long name once widened them, or the layout comes from a larger screen).
    const bool saved = QSettings().contains(QStringLiteral("mainWindow/state"));
    QTimer::singleShot(0, this, [this, saved] {
        const bool tooWide = m_scenarioDock->isVisible() && m_catalogDock->isVisible() && !m_scenarioDock->isFloating()
            && !m_catalogDock->isFloating() && m_scenarioDock->width() + m_catalogDock->width() > width() * 7 / 10;
        if (!saved || tooWide)
            resizeDocksToDefault();
        m_view->resetSplit();
    });
}

QString MainWindow::lastScenarioKey(const QString &documentPath)
{
    // Per document, by its canonical path: two documents each reopen on their own scenario.
    const QString path = QFileInfo(documentPath).canonicalFilePath();
    return QStringLiteral("lastScenario/") + QString::fromLatin1(path.toUtf8().toBase64(QByteArray::Base64UrlEncoding));
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveWindowState();
    event->accept();
}

void MainWindow::setDocument(std::unique_ptr<Document> document)
{
    if (m_catalog)
        m_catalog->setDocument(nullptr);
    // The catalog must follow the new document before the notifier tells everyone about it.
    Document *incoming = document.get();
    if (incoming)
        m_catalog->setDocument(incoming);
    // The scenario shown when this document was last open (read before opening it shows the first).
    const QString last = incoming ? QSettings().value(lastScenarioKey(incoming->path())).toString() : QString();
    m_context->setDocument(std::move(document));
    if (!m_context->document())
        return;
    if (!last.isEmpty()) {
        try {
            if (const auto id = m_context->doc().scenarios().findId(last))
                m_session->select(*id);
        } catch (const InputError &) {
            // The first scenario stays shown.
        }
    }
    updateTitle();
    updateStatus();
    updateActions();
    if (m_context->doc().isReadOnly())
        statusBar()->showMessage(tr("%1 is open read-only: it or its folder cannot be written. File › Save As makes a "
                                    "copy you can edit.")
                                     .arg(QFileInfo(m_context->doc().path()).fileName()));
}

const StoredScenario *MainWindow::current() const
{
    return m_session->current();
}

qint64 MainWindow::currentId() const
{
    return m_session->currentId();
}

void MainWindow::selectScenario(qint64 scenarioId)
{
    m_session->select(scenarioId);
}

void MainWindow::updateTitle()
{
    if (!document()) {
        setWindowTitle(QStringLiteral("Breakeven"));
        return;
    }
    setWindowFilePath(document()->path());
    const QString name = QFileInfo(document()->path()).fileName();
    setWindowTitle(document()->isReadOnly() ? tr("%1 (read-only) — Breakeven").arg(name) : tr("%1 — Breakeven").arg(name));
}

void MainWindow::updateStatus()
{
    if (!document())
        return;
    m_documentLabel->setText(tr("Document: %1").arg(QFileInfo(document()->path()).fileName()));
    m_documentLabel->setToolTip(document()->path());
    QString prices = tr("No cloud prices in the catalog");
    try {
        auto &catalog = document()->catalog();
        const auto oldest = catalog.offers({}, OfferColumn::AsOf, Qt::AscendingOrder, 0, 1);
        const auto newest = catalog.offers({}, OfferColumn::AsOf, Qt::DescendingOrder, 0, 1);
        if (!oldest.empty() && !newest.empty()) {
            const StoredOffer &old = oldest.front();
            prices = tr("Prices as of %1 to %2").arg(old.offer.asOf, newest.front().offer.asOf);
            if (old.priceAgeDays)
                prices += countText("breakeven::MainWindow", " (oldest %n day(s) old)", *old.priceAgeDays);
        }
    } catch (const InputError &error) {
        prices = error.reason();
    }
    m_pricesLabel->setText(prices);
}

QString MainWindow::statusText() const
{
    return m_documentLabel->text() + QStringLiteral(" · ") + m_pricesLabel->text();
}

} // namespace breakeven
