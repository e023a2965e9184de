// The window keeps its shape and sets no traps, offscreen: a 200-character name widens no dock and
// grows no window (it is elided, whole in its tooltip); a saved layout larger than the screen is
// fitted to it; View › Reset Layout brings the default back; the catalog's key columns and six
// result rows show at 1600 × 1000; every menu's mnemonics are unique; choosing another GPU for the
// workload keeps the count unless the user asks to keep the work.
#include "catalog/catalogwidget.h"
#include "catalog/gpucatalog.h"
#include "catalog/offertablemodel.h"
#include "commands/commands.h"
#include "editors/gpuchangenote.h"
#include "editors/gpuchoice.h"
#include "engine/costmodel.h"
#include "editors/numberfield.h"
#include "editors/workloadeditor.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "scenarioview/resultsmodel.h"
#include "scenarioview/scenarioview.h"
#include "session/scenariosession.h"
#include "store/document.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>

#include <memory>

using namespace breakeven;
using Node = ScenarioTreeModel::Node;

class TestLayout : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void longNamesDoNotGrowTheWindow();
    void savedLayoutIsFittedToTheScreen();
    void resetLayoutRestoresTheDefault();
    void defaultLayoutShowsTheKeyColumnsAndSixRows();
    void resultColumnsReadFirstAndCanBeChosen();
    void mnemonicsAreUniqueInEveryMenu();
    void anotherGpuKeepsTheCountByDefault();
    void anotherGpuKeepsTheWorkWhenAsked();

private:
    void newWindow();
    void showAt(const QSize &size);
    Scenario reopened() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_window;
};

void TestLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_layout"));
}

void TestLayout::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("layout.breakeven"));
    Document::create(m_path);
    newWindow();
}

void TestLayout::cleanup()
{
    m_window.reset();
    m_dir.reset();
    QSettings().clear();
}

void TestLayout::newWindow()
{
    m_window = std::make_unique<MainWindow>(Document::open(m_path));
    m_window->setMessageHandler([](const QString &, const QString &) {});
}

void TestLayout::showAt(const QSize &size)
{
    m_window->resize(size);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTest::qWait(50);
}

Scenario TestLayout::reopened() const
{
    return Document::open(m_path)->scenarios().load(m_window->session()->current()->scenario.name);
}

void TestLayout::longNamesDoNotGrowTheWindow()
{
    showAt(QSize(1280, 800));
    const QSize before = m_window->size();
    const int scenarioDock = m_window->scenarioDock()->width();
    const int catalogDock = m_window->catalogDock()->width();

    // A cloud option and a hybrid option, each named with 200 characters whose ends tell them apart.
    QString name = QStringLiteral("Lambda 8 × H100 SXM5, on demand,");
    while (name.size() < 190)
        name += QStringLiteral(" for the team's training runs");
    name = name.left(190) + QStringLiteral(" option ");
    QCOMPARE(name.size(), 198);
    const QString cloudName = name + QStringLiteral("AB");
    QCOMPARE(cloudName.size(), 200);
    m_window->addCloudOption();
    const StoredScenario stored = m_window->context()->doc().scenarios().loadStored(m_window->currentScenarioId());
    const qint64 optionId = stored.ids.cloudOptions.back();
    CloudOption renamed = stored.scenario.cloudOptions.back();
    renamed.name = cloudName;
    commands::editCloudOption(*m_window->context(), stored.ids.scenario, optionId, QStringLiteral("name"), QStringLiteral("name"),
                              stored.scenario.cloudOptions.back(), renamed);
    commands::addHybridOption(*m_window->context(), stored.ids.scenario, stored.ids.builds.front(), optionId,
                              name + QStringLiteral("HY"), 1);
    const StoredScenario after = m_window->context()->doc().scenarios().loadStored(m_window->currentScenarioId());
    QCOMPARE(after.scenario.cloudOptions.back().name, cloudName);
    QVERIFY(!after.ids.hybridOptions.empty());

    ScenarioPanel *panel = m_window->scenarioPanel();
    for (const auto &[node, id] : std::vector<std::pair<Node, qint64>>{{Node::CloudOption, optionId},
                                                                     {Node::HybridOption, after.ids.hybridOptions.back()}}) {
        panel->select(node, id);
        // Every tab of the view, since each may list the options.
        for (int tab = 0; tab < m_window->scenarioView()->findChild<QTabWidget *>()->count(); ++tab) {
            m_window->scenarioView()->findChild<QTabWidget *>()->setCurrentIndex(tab);
            QTest::qWait(20);
        }
        QTest::qWait(50);
        const QString where = QStringLiteral("window %1×%2 (was %3×%4), docks %5 and %6 (were %7 and %8)")
                                  .arg(m_window->width()).arg(m_window->height()).arg(before.width()).arg(before.height())
                                  .arg(m_window->scenarioDock()->width()).arg(m_window->catalogDock()->width())
                                  .arg(scenarioDock).arg(catalogDock);
        QVERIFY2(m_window->size() == before, qPrintable(where));
        QVERIFY2(m_window->scenarioDock()->width() <= scenarioDock + 2, qPrintable(where));
        QVERIFY2(m_window->catalogDock()->width() <= catalogDock + 2, qPrintable(where));
        QVERIFY2(m_window->minimumSizeHint().width() <= before.width(), qPrintable(where));
    }

    // A name without a space cannot wrap anywhere (the chart's caption quotes it): it widens
    // nothing either.
    {
        const StoredScenario now = m_window->context()->doc().scenarios().loadStored(m_window->currentScenarioId());
        CloudOption word = now.scenario.cloudOptions.back();
        word.name = QString(150, QLatin1Char('x')) + QStringLiteral("AB");
        commands::editCloudOption(*m_window->context(), now.ids.scenario, optionId, QStringLiteral("name"),
                                  QStringLiteral("name"), now.scenario.cloudOptions.back(), word);
        panel->select(Node::CloudOption, optionId);
        for (int tab = 0; tab < m_window->scenarioView()->findChild<QTabWidget *>()->count(); ++tab) {
            m_window->scenarioView()->findChild<QTabWidget *>()->setCurrentIndex(tab);
            QTest::qWait(20);
        }
        QTest::qWait(50);
        QVERIFY2(m_window->size() == before, qPrintable(QStringLiteral("window %1×%2").arg(m_window->width()).arg(m_window->height())));
        QVERIFY(m_window->minimumSizeHint().width() <= before.width());
        // The tree and title below are about the first name again.
        commands::editCloudOption(*m_window->context(), now.ids.scenario, optionId, QStringLiteral("name"),
                                  QStringLiteral("name"), word, now.scenario.cloudOptions.back());
    }

    // The tree elides in the middle (the end tells options apart) and says the whole name in the
    // tooltip; the editor's title too.
    QTreeView *tree = panel->tree();
    QCOMPARE(tree->textElideMode(), Qt::ElideMiddle);
    QVERIFY(!tree->horizontalScrollBar()->isVisible());
    const QModelIndex row = panel->model()->find(Node::CloudOption, optionId);
    QVERIFY(row.isValid());
    QVERIFY(row.data(Qt::ToolTipRole).toString().contains(cloudName));
    panel->select(Node::CloudOption, optionId);
    QTest::qWait(20);
    auto *title = panel->findChild<QLabel *>(QStringLiteral("editorTitle"));
    QVERIFY(title);
    QVERIFY(title->toolTip().contains(cloudName));
    QVERIFY2(title->text().contains(u'…') && title->text().endsWith(QStringLiteral("AB")), qPrintable(title->text()));
    QVERIFY(title->width() <= m_window->scenarioDock()->width());
}

void TestLayout::savedLayoutIsFittedToTheScreen()
{
    const QList<QScreen *> screens = QGuiApplication::screens();
    QCOMPARE(screens.size(), 2);
    for (QScreen *screen : screens) {
        const QRect area = screen->availableGeometry();
        // A layout saved larger than this screen (on a larger one, or grown by a long name), and
        // partly off it.
        m_window->move(area.topLeft() + QPoint(40, 30));
        showAt(area.size() + QSize(600, 400));
        m_window->saveWindowState();
        m_window.reset();
        newWindow();
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QTest::qWait(50);
        const QString where = QStringLiteral("%1: %2×%3 at %4,%5 on %6×%7 at %8,%9").arg(screen->name())
                                  .arg(m_window->width()).arg(m_window->height()).arg(m_window->x()).arg(m_window->y())
                                  .arg(area.width()).arg(area.height()).arg(area.x()).arg(area.y());
        QVERIFY2(m_window->width() <= area.width() && m_window->height() <= area.height(), qPrintable(where));
        QVERIFY2(area.contains(m_window->geometry().topLeft()), qPrintable(where));
        m_window.reset();
        newWindow();
    }
    // A first start opens at the default size, fitted: 1600 × 1000 on the desk, less on the laptop.
    QSettings().clear();
    m_window.reset();
    newWindow();
    QCOMPARE(m_window->size(), QSize(1600, 1000).boundedTo(screens.first()->availableGeometry().size()));
}

void TestLayout::resetLayoutRestoresTheDefault()
{
    showAt(QSize(1600, 1000));
    QTest::qWait(50);
    const int scenarioDock = m_window->scenarioDock()->width();
    const int catalogDock = m_window->catalogDock()->width();
    QAction *reset = m_window->findChild<QAction *>(QStringLiteral("resetLayout"));
    QVERIFY(reset);
    // In the View menu.
    bool inView = false;
    for (QAction *menu : m_window->menuBar()->actions())
        if (menu->menu() && menu->menu()->actions().contains(reset))
            inView = menu->text().remove(u'&') == QLatin1String("View");
    QVERIFY(inView);

    // Dragged wider (docks can be resized), one hidden, one floated.
    m_window->resizeDocks({m_window->scenarioDock(), m_window->catalogDock()}, {scenarioDock - 80, catalogDock + 100},
                          Qt::Horizontal);
    QTest::qWait(20);
    QVERIFY2(m_window->catalogDock()->width() > catalogDock + 50,
             qPrintable(QString::number(m_window->catalogDock()->width())));
    m_window->catalogDock()->hide();
    m_window->scenarioDock()->setFloating(true);
    QTest::qWait(20);

    reset->trigger();
    QTest::qWait(50);
    QVERIFY(m_window->catalogDock()->isVisible());
    QVERIFY(!m_window->scenarioDock()->isFloating());
    QCOMPARE(m_window->dockWidgetArea(m_window->scenarioDock()), Qt::LeftDockWidgetArea);
    QCOMPARE(m_window->dockWidgetArea(m_window->catalogDock()), Qt::RightDockWidgetArea);
    const QRect screen = m_window->screen()->availableGeometry();
    QVERIFY(m_window->width() <= screen.width() && m_window->height() <= screen.height());
    // The default widths again, at the default size.
    // (less the frame's edges, which the screen must hold too)
    QVERIFY2(m_window->width() >= 1580 && m_window->width() <= 1600 && m_window->height() >= 960 && m_window->height() <= 1000,
             qPrintable(QStringLiteral("%1×%2").arg(m_window->width()).arg(m_window->height())));
    QVERIFY2(qAbs(m_window->scenarioDock()->width() - scenarioDock) <= 4,
             qPrintable(QStringLiteral("%1 vs %2").arg(m_window->scenarioDock()->width()).arg(scenarioDock)));
    QVERIFY2(qAbs(m_window->catalogDock()->width() - catalogDock) <= 4,
             qPrintable(QStringLiteral("%1 vs %2").arg(m_window->catalogDock()->width()).arg(catalogDock)));
}

void TestLayout::defaultLayoutShowsTheKeyColumnsAndSixRows()
{
    showAt(QSize(1600, 1000));
    // The catalog's offers: provider, GPU, GPUs, region, plan and price per GPU-hour, no scrolling.
    auto *catalog = m_window->findChild<CatalogWidget *>();
    QVERIFY(catalog);
    catalog->findChild<QTabWidget *>()->setCurrentWidget(catalog->offerView()->parentWidget()->parentWidget());
    catalog->findChild<QTabWidget *>()->setCurrentIndex(1);
    QTest::qWait(50);
    QTableView *offers = catalog->offerView();
    QTRY_VERIFY(offers->model()->rowCount() > 0);
    QTest::qWait(50);
    QHeaderView *header = offers->horizontalHeader();
    using C = OfferTableModel;
    for (const int column : {C::Provider, C::Gpu, C::GpuCount, C::Region, C::Plan, C::PricePerGpuHour}) {
        QVERIFY2(!header->isSectionHidden(column), qPrintable(QString::number(column)));
        const int right = header->sectionViewportPosition(column) + header->sectionSize(column);
        QVERIFY2(header->sectionViewportPosition(column) >= 0 && right <= offers->viewport()->width(),
                 qPrintable(QStringLiteral("%1 ends at %2 of %3").arg(offers->model()->headerData(column, Qt::Horizontal).toString())
                                .arg(right).arg(offers->viewport()->width())));
    }
    QVERIFY(!offers->horizontalScrollBar()->isVisible());
    // Every column is still available, from the header's menu.
    QCOMPARE(offers->model()->columnCount(), int(C::ColumnCount));

    // The results table: at least six rows.
    QTableView *results = m_window->scenarioView()->findChild<QTableView *>();
    QVERIFY(results);
    const int rowHeight = results->verticalHeader()->defaultSectionSize();
    const int shown = results->viewport()->height() / rowHeight;
    QVERIFY2(shown >= 6, qPrintable(QStringLiteral("%1 rows of %2 px in %3 px").arg(shown).arg(rowHeight)
                                        .arg(results->viewport()->height())));
}

void TestLayout::resultColumnsReadFirstAndCanBeChosen()
{
    showAt(QSize(1280, 800));
    QTableView *results = m_window->scenarioView()->resultsView();
    QHeaderView *header = results->horizontalHeader();
    QTRY_VERIFY(results->model()->rowCount() > 0);
    QTest::qWait(50);
    // When buying pays off and the break-even utilization come beside the TCO, in view at 1280 × 800.
    QCOMPARE(header->visualIndex(ResultsModel::Crossover), header->visualIndex(ResultsModel::Tco) + 1);
    QCOMPARE(header->visualIndex(ResultsModel::BreakEven), header->visualIndex(ResultsModel::Tco) + 2);
    const int right = header->sectionViewportPosition(ResultsModel::Crossover) + header->sectionSize(ResultsModel::Crossover);
    QVERIFY2(right <= results->viewport()->width(),
             qPrintable(QStringLiteral("Pays off ends at %1 of %2").arg(right).arg(results->viewport()->width())));

    // The header's menu hides a column; the one naming the row cannot be hidden.
    bool optionFixed = false;
    QTimer::singleShot(0, this, [&] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        QVERIFY(menu);
        for (QAction *action : menu->actions()) {
            if (action->text() == QLatin1String("Option"))
                optionFixed = !action->isEnabled() && action->isChecked();
            if (action->text() == QLatin1String("Kind"))
                action->trigger();
        }
        menu->close();
    });
    emit header->customContextMenuRequested(QPoint(10, 5));
    QVERIFY(optionFixed);
    QVERIFY(results->isColumnHidden(ResultsModel::Kind));

    // Remembered by the next window; shown again by View › Reset Layout.
    m_window.reset();
    newWindow();
    showAt(QSize(1280, 800));
    results = m_window->scenarioView()->resultsView();
    QTRY_VERIFY(results->model()->rowCount() > 0);
    QVERIFY(results->isColumnHidden(ResultsModel::Kind));
    QVERIFY(!results->isColumnHidden(ResultsModel::Units));
    m_window->findChild<QAction *>(QStringLiteral("resetLayout"))->trigger();
    QVERIFY(!results->isColumnHidden(ResultsModel::Kind));
}

void TestLayout::mnemonicsAreUniqueInEveryMenu()
{
    const auto mnemonic = [](const QString &text) {
        for (qsizetype at = text.indexOf(u'&'); at >= 0 && at + 1 < text.size(); at = text.indexOf(u'&', at + 2))
            if (text.at(at + 1) != u'&')
                return text.at(at + 1).toLower();
        return QChar();
    };
    const auto check = [&](const QList<QAction *> &actions, const QString &where) {
        QHash<QChar, QString> owner;
        for (const QAction *action : actions) {
            if (action->isSeparator() || action->text().isEmpty())
                continue;
            const QChar key = mnemonic(action->text());
            if (key.isNull())
                continue;
            QVERIFY2(!owner.contains(key), qPrintable(QStringLiteral("%1: \"%2\" and \"%3\" share %4")
                                                          .arg(where, owner.value(key), action->text(), key)));
            owner.insert(key, action->text());
        }
    };
    check(m_window->menuBar()->actions(), QStringLiteral("menu bar"));
    int menus = 0;
    for (const QMenu *menu : m_window->findChildren<QMenu *>()) {
        ++menus;
        check(menu->actions(), menu->title());
        // The menus a user opens have a mnemonic for every entry.
    }
    QVERIFY(menus >= 6);
    // File: Export Report and Open Recent no longer share R.
    QVERIFY(mnemonic(m_window->actions().exportReport->text()) != u'r');
}

void TestLayout::anotherGpuKeepsTheCountByDefault()
{
    showAt(QSize(1280, 800));
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Workload, m_window->currentScenarioId());
    WorkloadEditor *editor = panel->workloadEditor();
    const Scenario before = reopened();
    const QString other = before.referenceGpu == QLatin1String("A100-SXM4-80GB") ? QStringLiteral("H100-SXM5-80GB")
                                                                               : QStringLiteral("A100-SXM4-80GB");
    const int steps = m_window->undoStack()->count();
    const int index = editor->gpuModelChoice()->findData(other);
    QVERIFY(index >= 0);
    editor->gpuModelChoice()->setCurrentIndex(index);
    emit editor->gpuModelChoice()->activated(index);

    // The count is kept, at once, in one step…
    const Scenario kept = reopened();
    QCOMPARE(kept.referenceGpu, other);
    QCOMPARE(kept.workload.gpus, before.workload.gpus);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    // …and the editor offers the other reading: the same work, in the new GPU's count.
    QPushButton *keepWork = editor->keepWorkButton();
    QVERIFY(keepWork);
    QTRY_VERIFY(keepWork->isVisible());
    const QString question = editor->gpuChangeNote()->text();
    QVERIFY2(question.contains(QStringLiteral("%1 × %2").arg(QLocale().toString(before.workload.gpus, 'g', 6), other)),
             qPrintable(question));
    QVERIFY2(question.contains(QStringLiteral("the same work as")), qPrintable(question));
    // Undone: the GPU and the count as they were, the question gone.
    m_window->undoStack()->undo();
    QCOMPARE(reopened().referenceGpu, before.referenceGpu);
    QTRY_VERIFY(!keepWork->isVisible());
}

void TestLayout::anotherGpuKeepsTheWorkWhenAsked()
{
    showAt(QSize(1280, 800));
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Workload, m_window->currentScenarioId());
    WorkloadEditor *editor = panel->workloadEditor();
    const Scenario before = reopened();
    const QString other = before.referenceGpu == QLatin1String("A100-SXM4-80GB") ? QStringLiteral("H100-SXM5-80GB")
                                                                               : QStringLiteral("A100-SXM4-80GB");
    const GpuModel *from = GpuCatalog::bundled().find(before.referenceGpu);
    const GpuModel *to = GpuCatalog::bundled().find(other);
    QVERIFY(from && to && from->relativeThroughput != to->relativeThroughput);
    const double tco = m_window->scenarioView()->evaluation()->tco(0);
    const int index = editor->gpuModelChoice()->findData(other);
    editor->gpuModelChoice()->setCurrentIndex(index);
    emit editor->gpuModelChoice()->activated(index);
    QTRY_VERIFY(editor->keepWorkButton()->isVisible());
    QTest::mouseClick(editor->keepWorkButton(), Qt::LeftButton);

    const Scenario converted = reopened();
    QCOMPARE(converted.referenceGpu, other);
    QVERIFY(qAbs(converted.workload.gpus - before.workload.gpus * from->relativeThroughput / to->relativeThroughput) < 1e-9);
    // The same work: the same costs.
    QVERIFY(qAbs(m_window->scenarioView()->evaluation()->tco(0) - tco) < 1e-6 * tco);
    QTRY_VERIFY(!editor->keepWorkButton()->isVisible());
    QVERIFY(qAbs(editor->gpusField()->value() - converted.workload.gpus) < 0.005);
    // One undo takes the conversion back to the count kept; another, the GPU.
    m_window->undoStack()->undo();
    QCOMPARE(reopened().workload.gpus, before.workload.gpus);
    QCOMPARE(reopened().referenceGpu, other);
    m_window->undoStack()->undo();
    QCOMPARE(reopened().referenceGpu, before.referenceGpu);
}

// Two screens, side by side: a 1600 × 1000 desk screen (primary) and a 1280 × 800 laptop's.
int main(int argc, char **argv)
{
    const QString config = QDir::temp().filePath(QStringLiteral("test_layout_screens_%1.json").arg(QCoreApplication::applicationPid()));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 1;
    file.write(R"({"screens": [
        {"name": "desk", "x": 0, "y": 0, "width": 1600, "height": 1000, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1},
        {"name": "laptop", "x": 1600, "y": 0, "width": 1280, "height": 800, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    ]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.toLocal8Bit());
    int status = 0;
    {
        QApplication app(argc, argv);
        TestLayout test;
        status = QTest::qExec(&test, argc, argv);
    }
    QFile::remove(config);
    return status;
}

#include "test_layout.moc"
