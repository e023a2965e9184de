// The main window offscreen: scenarios and their parts edited through the window, each edit
// checked in a freshly reopened document, then undone and redone; validation hints; documents
// opened, refused and saved; window state remembered.
#include "catalog/bundledcatalog.h"
#include "catalog/catalogwidget.h"
#include "catalog/gpucatalog.h"
#include "commands/commands.h"
#include "editors/buildeditor.h"
#include "editors/cloudoptioneditor.h"
#include "editors/componentlist.h"
#include "editors/gpuchoice.h"
#include "editors/numberfield.h"
#include "editors/scenarioeditor.h"
#include "editors/workloadeditor.h"
#include "editors/workloadhelpers.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "exchange/scenariojson.h"
#include "export/csvexport.h"
#include "inputerror.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "scenarioview/pairsmodel.h"
#include "scenarioview/scenarioview.h"
#include "store/catalogrepository.h"
#include "store/document.h"

#include <QDockWidget>
#include <QFile>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRandomGenerator>
#include "mainwindow/addpartdialogs.h"
#include "mainwindow/offerpicker.h"
#include "session/scenariosession.h"

#include <QRadioButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>
#include <QWheelEvent>
#include <unistd.h>

#include <memory>

using namespace breakeven;
using Node = ScenarioTreeModel::Node;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void showsDefaultScenario();
    void scenarioCommands();
    void buildWithComponents();
    void cloudOption();
    void fieldEdit_data();
    void fieldEdit();
    void keystrokesAreOneStep();
    void workloadCountedInAnotherGpu();
    void noTraps();
    void editorsFitTheDock();
    void scenarioSettings();
    void addScenarioAsksAName();
    void addingAPartAsksWhatToStartFrom();
    void reopensOnTheLastScenario();
    void csvExports();
    void userTaskEndToEnd();
    void utilizationDragIsOneStep();
    void validation_data();
    void validation();
    void refusedDocumentLeavesWindowUsable();
    void saveAsAndReopen();
    void readOnlyDocumentOpensForReading();
    void scenarioJsonRoundTrip();
    void droppedFiles();
    void windowStateIsRestored();
    void helpers();
    void screenshot();

private:
    // The scenario as a freshly opened connection to the file sees it.
    Scenario reopened(const QString &name) const;
    void newWindow();

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages;
};

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_mainwindow"));
    QSettings().clear();
}

void TestMainWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("test.breakeven"));
    Document::create(m_path);
    newWindow();
}

void TestMainWindow::newWindow()
{
    m_window = std::make_unique<MainWindow>(Document::open(m_path));
    m_messages.clear();
    m_window->setMessageHandler([this](const QString &, const QString &text) { m_messages << text; });
    m_window->resize(1400, 900);
}

void TestMainWindow::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

Scenario TestMainWindow::reopened(const QString &name) const
{
    return Document::open(m_window->document()->path())->scenarios().load(name);
}

void TestMainWindow::showsDefaultScenario()
{
    QVERIFY(m_window->currentScenarioId() != 0);
    QVERIFY(m_window->scenarioPanel()->model()->rowCount() >= 1);
    QCOMPARE(m_window->windowTitle(), QStringLiteral("test.breakeven — Breakeven"));
    QCOMPARE(m_window->windowFilePath(), m_path);
    QVERIFY(m_window->statusText().contains(QStringLiteral("test.breakeven")));
    QVERIFY(m_window->statusText().contains(QStringLiteral("Prices as of")));
    QVERIFY(m_window->scenarioView()->errorMessage().isEmpty());
}

void TestMainWindow::scenarioCommands()
{
    auto names = [this] { return Document::open(m_path)->scenarios().names(); };
    QUndoStack *stack = m_window->undoStack();
    m_window->addScenario(QStringLiteral("Lab"));
    QVERIFY(names().contains(QStringLiteral("Lab")));
    QCOMPARE(m_window->scenarioView()->scenario().name, QStringLiteral("Lab"));
    QCOMPARE(stack->undoText(), QStringLiteral("Add scenario Lab"));

    m_window->duplicateScenario();
    QVERIFY(names().contains(QStringLiteral("Lab (2)")));
    m_window->renameScenario(QStringLiteral("Lab copy"));
    QVERIFY(names().contains(QStringLiteral("Lab copy")));
    QVERIFY(!names().contains(QStringLiteral("Lab (2)")));

    m_window->renameScenario(QStringLiteral("Lab"));   // taken: refused with a reason
    QCOMPARE(m_messages.size(), 1);
    QVERIFY(names().contains(QStringLiteral("Lab copy")));

    m_window->removeScenario();
    QVERIFY(!names().contains(QStringLiteral("Lab copy")));
    stack->undo();
    QVERIFY(names().contains(QStringLiteral("Lab copy")));
    stack->undo();
    QVERIFY(names().contains(QStringLiteral("Lab (2)")));
    stack->undo();
    stack->undo();
    QVERIFY(!names().contains(QStringLiteral("Lab")));
    while (stack->canRedo())
        stack->redo();
    QVERIFY(!names().contains(QStringLiteral("Lab copy")));
    QVERIFY(names().contains(QStringLiteral("Lab")));
}

void TestMainWindow::buildWithComponents()
{
    m_window->addScenario(QStringLiteral("Builds"));
    m_window->addBuild();
    Scenario stored = reopened(QStringLiteral("Builds"));
    QCOMPARE(stored.onPremOptions.size(), size_t(1));
    const size_t parts = stored.onPremOptions[0].components.size();
    QVERIFY(parts > 0);
    QCOMPARE(m_window->scenarioPanel()->selectedNode(), Node::Build);

    ComponentList *list = m_window->scenarioPanel()->buildEditor()->components();
    QCOMPARE(list->table()->rowCount(), int(parts));
    list->addComponent();
    QCOMPARE(reopened(QStringLiteral("Builds")).onPremOptions[0].components.size(), parts + 1);
    list->table()->item(int(parts), 1)->setData(Qt::EditRole, 250.0);
    QCOMPARE(reopened(QStringLiteral("Builds")).onPremOptions[0].components.back().price, 250.0);
    list->table()->selectRow(int(parts));
    list->moveSelected(-1);
    QCOMPARE(reopened(QStringLiteral("Builds")).onPremOptions[0].components[parts - 1].price, 250.0);

    QUndoStack *stack = m_window->undoStack();
    stack->undo(); // move
    stack->undo(); // price
    QCOMPARE(reopened(QStringLiteral("Builds")).onPremOptions[0].components.back().price, 0.0);
    stack->undo(); // add component
    QCOMPARE(reopened(QStringLiteral("Builds")).onPremOptions[0].components.size(), parts);
    stack->undo(); // add build
    QVERIFY(reopened(QStringLiteral("Builds")).onPremOptions.empty());
    stack->redo();
    stack->redo();
    stack->redo();
    stack->redo();
    stored = reopened(QStringLiteral("Builds"));
    QCOMPARE(stored.onPremOptions[0].components.size(), parts + 1);
    QCOMPARE(stored.onPremOptions[0].components[parts - 1].price, 250.0);

    m_window->scenarioPanel()->select(Node::Build, m_window->context()->doc().scenarios().loadStored(
                                                       m_window->currentScenarioId()).ids.builds[0]);
    m_window->removeSelectedPart();
    QVERIFY(reopened(QStringLiteral("Builds")).onPremOptions.empty());
    stack->undo();
    QCOMPARE(reopened(QStringLiteral("Builds")).onPremOptions[0].components.size(), parts + 1);
}

void TestMainWindow::cloudOption()
{
    m_window->addScenario(QStringLiteral("Cloud"));
    m_window->addCloudOption();
    Scenario stored = reopened(QStringLiteral("Cloud"));
    QCOMPARE(stored.cloudOptions.size(), size_t(1));
    QVERIFY(stored.cloudOptions[0].pricePerHour > 0);
    QCOMPARE(m_window->scenarioPanel()->currentEditor(), m_window->scenarioPanel()->cloudOptionEditor());
    m_window->undoStack()->undo();
    QVERIFY(reopened(QStringLiteral("Cloud")).cloudOptions.empty());
    m_window->undoStack()->redo();
    QCOMPARE(reopened(QStringLiteral("Cloud")).cloudOptions.size(), size_t(1));
}

void TestMainWindow::fieldEdit_data()
{
    QTest::addColumn<int>("target");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("undoPrefix");
    QTest::newRow("electricity price") << 0 << 0.31 << QStringLiteral("Change electricity price of ");
    QTest::newRow("cloud price") << 1 << 12.5 << QStringLiteral("Change price per instance-hour of ");
    QTest::newRow("workload GPUs") << 2 << 24.0 << QStringLiteral("Change GPUs of Edits");
}

void TestMainWindow::fieldEdit()
{
    QFETCH(int, target);
    QFETCH(double, value);
    QFETCH(QString, undoPrefix);
    m_window->addScenario(QStringLiteral("Edits"));
    m_window->addBuild();
    m_window->addCloudOption();
    ScenarioPanel *panel = m_window->scenarioPanel();
    const qint64 scenarioId = m_window->currentScenarioId();

    auto read = [&](const Scenario &s) {
        return target == 0 ? s.onPremOptions[0].electricityPerKWh
                           : target == 1 ? s.cloudOptions[0].pricePerHour : s.workload.gpus;
    };
    NumberField *field = nullptr;
    if (target == 0) {
        panel->select(Node::Build, Document::open(m_path)->scenarios().loadStored(scenarioId).ids.builds[0]);
        field = panel->buildEditor()->electricityField();
    } else if (target == 1) {
        panel->select(Node::CloudOption, Document::open(m_path)->scenarios().loadStored(scenarioId).ids.cloudOptions[0]);
        field = panel->cloudOptionEditor()->priceField();
    } else {
        panel->select(Node::Workload, scenarioId);
        field = panel->workloadEditor()->gpusField();
    }
    const double before = read(reopened(QStringLiteral("Edits")));
    const int steps = m_window->undoStack()->count();
    field->spinBox()->setValue(value);
    // While the number is being typed the charts preview it and the document waits.
    QCOMPARE(read(m_window->scenarioView()->scenario()), value);
    QCOMPARE(read(reopened(QStringLiteral("Edits"))), before);
    QCOMPARE(m_window->undoStack()->count(), steps);
    emit field->spinBox()->editingFinished();
    QCOMPARE(read(reopened(QStringLiteral("Edits"))), value);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    QVERIFY2(m_window->undoStack()->undoText().startsWith(undoPrefix), qPrintable(m_window->undoStack()->undoText()));
    QCOMPARE(read(m_window->scenarioView()->scenario()), value);

    m_window->undoStack()->undo();
    QCOMPARE(read(reopened(QStringLiteral("Edits"))), before);
    QCOMPARE(field->value(), before);
    m_window->undoStack()->redo();
    QCOMPARE(read(reopened(QStringLiteral("Edits"))), value);
}

void TestMainWindow::keystrokesAreOneStep()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Workload, m_window->currentScenarioId());
    NumberField *gpus = panel->workloadEditor()->gpusField();
    const QString name = m_window->scenarioView()->scenario().name;
    const double before = reopened(name).workload.gpus;
    const int steps = m_window->undoStack()->count();
    gpus->spinBox()->selectAll();
    QTest::keyClicks(gpus->spinBox(), QStringLiteral("128"));
    // Typing previews; nothing is written and no step is recorded until the edit is finished.
    QCOMPARE(m_window->scenarioView()->scenario().workload.gpus, 128.0);
    QCOMPARE(reopened(name).workload.gpus, before);
    QCOMPARE(m_window->undoStack()->count(), steps);
    QTest::keyClick(gpus->spinBox(), Qt::Key_Return);
    QCOMPARE(reopened(name).workload.gpus, 128.0);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    // Finishing again without a change records nothing.
    emit gpus->spinBox()->editingFinished();
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    // Escape abandons what is being typed: the field and the charts show the saved value again.
    gpus->spinBox()->selectAll();
    QTest::keyClicks(gpus->spinBox(), QStringLiteral("77"));
    QCOMPARE(m_window->scenarioView()->scenario().workload.gpus, 77.0);
    QTest::keyClick(gpus->spinBox(), Qt::Key_Escape);
    QCOMPARE(gpus->value(), 128.0);
    QCOMPARE(m_window->scenarioView()->scenario().workload.gpus, 128.0);
    emit gpus->spinBox()->editingFinished();
    QCOMPARE(reopened(name).workload.gpus, 128.0);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    m_window->undoStack()->undo();
    QCOMPARE(reopened(name).workload.gpus, before);
}

// "16 × H100": choosing the GPU the workload is counted in makes it the reference GPU and converts
// the count so the work, and so every cost, stays the same; one step undoes both.
void TestMainWindow::workloadCountedInAnotherGpu()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Workload, m_window->currentScenarioId());
    WorkloadEditor *editor = panel->workloadEditor();
    const QString name = m_window->scenarioView()->scenario().name;
    const Scenario before = reopened(name);
    const double tcoBefore = m_window->scenarioView()->evaluation()->tco(0);
    const GpuModel *from = GpuCatalog::bundled().find(before.referenceGpu);
    const GpuModel *h100 = GpuCatalog::bundled().find(
        before.referenceGpu == QLatin1String("H100-SXM5-80GB") ? QStringLiteral("A100-SXM4-80GB") : QStringLiteral("H100-SXM5-80GB"));
    QVERIFY(from && h100 && from->name != h100->name);
    QCOMPARE(editor->gpuModelChoice()->currentData().toString(), before.referenceGpu);

    const int steps = m_window->undoStack()->count();
    const int index = editor->gpuModelChoice()->findData(h100->name);
    QVERIFY(index >= 0);
    editor->gpuModelChoice()->setCurrentIndex(index);
    emit editor->gpuModelChoice()->activated(index);
    // The count typed is kept; the note offers the same work, and the user takes it.
    QCOMPARE(reopened(name).workload.gpus, before.workload.gpus);
    QCOMPARE(reopened(name).referenceGpu, h100->name);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    QTest::mouseClick(editor->keepWorkButton(), Qt::LeftButton);
    const Scenario after = reopened(name);
    QCOMPARE(after.referenceGpu, h100->name);
    QVERIFY(qAbs(after.workload.gpus - before.workload.gpus * from->relativeThroughput / h100->relativeThroughput) < 1e-9);
    QCOMPARE(m_window->undoStack()->count(), steps + 2);
    QVERIFY(m_window->undoStack()->undoText().contains(h100->name));
    // The same work: the same costs.
    QVERIFY(qAbs(m_window->scenarioView()->evaluation()->tco(0) - tcoBefore) < 1e-6 * tcoBefore);
    QVERIFY(qAbs(editor->gpusField()->value() - after.workload.gpus) < 0.005); // shown to two decimals
    // The tree says it in those GPUs.
    QVERIFY(m_window->scenarioPanel()->model()->match(m_window->scenarioPanel()->model()->index(0, 0), Qt::DisplayRole,
                                                      QStringLiteral("Workload: *× %1*").arg(h100->name), 1,
                                                      Qt::MatchWildcard | Qt::MatchRecursive).size() == 1);

    m_window->undoStack()->undo();
    m_window->undoStack()->undo();
    const Scenario undone = reopened(name);
    QCOMPARE(undone.referenceGpu, before.referenceGpu);
    QCOMPARE(undone.workload.gpus, before.workload.gpus);
    QCOMPARE(editor->gpuModelChoice()->currentData().toString(), before.referenceGpu);
}

// The habits of form widgets that surprised users: the wheel over an unfocused field scrolls the
// form, Undo typed in a field undoes the document's step, every shortcut and mnemonic is bound
// once, an editor opens at its top, and a click that switches scenarios leaves the highlight on
// the row being edited.
// Every editor fits the scenario dock at its default width: no field is cut off at the right and
// the form needs no sideways scrolling, at 1600 × 1000 as at 1280 × 800.
void TestMainWindow::editorsFitTheDock()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    ScenarioPanel *panel = m_window->scenarioPanel();
    const StoredScenario &stored = *m_window->session()->current();
    QVERIFY(!stored.ids.builds.empty() && !stored.ids.cloudOptions.empty());
    const std::vector<std::pair<Node, qint64>> nodes = {{Node::Scenario, stored.ids.scenario},
                                                        {Node::Workload, stored.ids.scenario},
                                                        {Node::Build, stored.ids.builds.front()},
                                                        {Node::CloudOption, stored.ids.cloudOptions.front()}};
    for (const QSize size : {QSize(1600, 1000), QSize(1280, 800)})
    for (const auto &[node, id] : nodes) {
        m_window->resize(size);
        panel->select(node, id);
        QTest::qWait(50); // the layouts settle, the scroll bars come and go
        QWidget *editor = panel->currentEditor();
        QVERIFY(editor);
        const int available = panel->editorScrollArea()->viewport()->width();
        const QString where = QStringLiteral("%1: needs %2 px, has %3").arg(editor->metaObject()->className())
                                  .arg(editor->minimumSizeHint().width()).arg(available);
        QVERIFY2(editor->minimumSizeHint().width() <= available, qPrintable(where));
        QVERIFY2(!panel->editorScrollArea()->horizontalScrollBar()->isVisible(), qPrintable(where));
    }
}

void TestMainWindow::noTraps()
{
    m_window->resize(1280, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    ScenarioPanel *panel = m_window->scenarioPanel();
    const StoredScenario stored = m_window->context()->doc().scenarios().loadStored(m_window->currentScenarioId());
    panel->select(Node::Build, stored.ids.builds.at(0));
    QTest::qWait(50);
    QScrollBar *bar = panel->editorScrollArea()->verticalScrollBar();
    QVERIFY2(bar->maximum() > 0, "the build editor is taller than its dock at 1280 × 800");
    QCOMPARE(bar->value(), 0);

    // The wheel over a field that does not have the focus scrolls the form; the value stays.
    NumberField *infrastructure = panel->findChild<BuildEditor *>()->findChildren<NumberField *>().at(1);
    const double value = infrastructure->value();
    QWheelEvent down(QPointF(5, 5), infrastructure->spinBox()->mapToGlobal(QPointF(5, 5)), QPoint(), QPoint(0, -120),
                     Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(infrastructure->spinBox(), &down);
    QCOMPARE(infrastructure->value(), value);
    QVERIFY(bar->value() > 0);

    // Another part's editor opens at its top.
    panel->select(Node::CloudOption, stored.ids.cloudOptions.at(0));
    QTest::qWait(50);
    QCOMPARE(bar->value(), 0);

    // Undo typed in a committed field undoes the document's last step.
    NumberField *gpus = panel->workloadEditor()->gpusField();
    panel->select(Node::Workload, stored.ids.scenario);
    gpus->spinBox()->setFocus();
    QTRY_VERIFY(gpus->spinBox()->hasFocus());
    gpus->spinBox()->selectAll();
    QTest::keyClicks(gpus->spinBox(), QStringLiteral("12"));
    QTest::keyClick(gpus->spinBox(), Qt::Key_Return);
    const int steps = m_window->undoStack()->index();
    QCOMPARE(reopened(stored.scenario.name).workload.gpus, 12.0);
    QTest::keyClick(gpus->spinBox(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_window->undoStack()->index(), steps - 1);
    QCOMPARE(reopened(stored.scenario.name).workload.gpus, stored.scenario.workload.gpus);
    QTest::keyClick(gpus->spinBox(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier); // redo, bound once
    QCOMPARE(m_window->undoStack()->index(), steps);
    QCOMPARE(reopened(stored.scenario.name).workload.gpus, 12.0);

    // Every shortcut once, and no label's mnemonic takes a menu's letter.
    QMultiHash<QString, QString> owners;
    for (const QAction *action : m_window->findChildren<QAction *>())
        for (const QKeySequence &key : action->shortcuts()) // window-wide ones: a table's Copy is its own
            if (action->shortcutContext() == Qt::WindowShortcut || action->shortcutContext() == Qt::ApplicationShortcut)
                owners.insert(key.toString(), action->objectName() + action->text());
    for (const QString &key : owners.uniqueKeys())
        QVERIFY2(owners.count(key) == 1, qPrintable(key + QStringLiteral(": ") + owners.values(key).join(QStringLiteral(", "))));
    const auto mnemonic = [](const QString &text) {
        const qsizetype at = text.indexOf(u'&');
        return at >= 0 && at + 1 < text.size() ? text.at(at + 1).toLower() : QChar();
    };
    QSet<QChar> menuLetters;
    for (const QAction *menu : m_window->menuBar()->actions())
        menuLetters.insert(mnemonic(menu->text()));
    for (const QLabel *label : m_window->findChildren<QLabel *>())
        if (label->buddy() && !mnemonic(label->text()).isNull())
            QVERIFY2(!menuLetters.contains(mnemonic(label->text())), qPrintable(label->text()));

    // A click on another scenario's row: that scenario is edited, and its row is the one lit.
    const QStringList names = m_window->context()->doc().scenarios().names();
    QVERIFY(names.size() >= 2);
    qint64 other = 0;
    for (const QString &name : names)
        if (const auto id = m_window->context()->doc().scenarios().findId(name); id && *id != m_window->currentScenarioId())
            other = *id;
    QVERIFY(other != 0);
    QTreeView *tree = panel->tree();
    const QModelIndex row = panel->model()->find(Node::Scenario, other);
    tree->scrollTo(row);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualRect(row).center());
    QTRY_COMPARE(m_window->currentScenarioId(), other);
    const QModelIndexList lit = tree->selectionModel()->selectedRows();
    QCOMPARE(lit.size(), 1);
    QCOMPARE(lit.first(), tree->currentIndex());
    QCOMPARE(ScenarioTreeModel::rowIdOf(lit.first()), other);
}

// The scenario's settings have an editor of their own: a new currency asks for the rate it needs
// and converts with the rates it has; the name, discount rate and resale credit are edited there.
void TestMainWindow::scenarioSettings()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    const qint64 id = m_window->currentScenarioId();
    panel->select(Node::Scenario, id);
    ScenarioEditor *editor = panel->scenarioEditor();
    QCOMPARE(panel->currentEditor(), editor);
    const Scenario before = reopened(m_window->scenarioView()->scenario().name);
    QVERIFY(ScenarioEditor::foreignCurrencies(before).isEmpty()); // every part in the scenario's currency
    const double tco = m_window->scenarioView()->evaluation()->tco(0);
    const QString other = QStringLiteral("GBP");
    QVERIFY(before.currency != other && !before.exchangeRates.count(other));

    // Another currency: the rate the parts need comes from the bundled reference rates, and says so.
    const int index = editor->currencyChoice()->findText(other);
    QVERIFY(index >= 0);
    editor->currencyChoice()->setCurrentIndex(index);
    emit editor->currencyChoice()->activated(index);
    const auto reference = bundledExchangeRates().rate(before.currency, other);
    QVERIFY(reference);
    const Scenario inPounds = reopened(before.name);
    QCOMPARE(inPounds.currency, other);
    QCOMPARE(inPounds.exchangeRates.at(before.currency), *reference);
    const auto rowOf = [editor](const QString &code) {
        for (int r = 0; r < editor->ratesTable()->rowCount(); ++r)
            if (editor->ratesTable()->item(r, 0)->text() == code)
                return r;
        return -1;
    };
    const int parts = rowOf(before.currency); // the parts' currency, first
    QCOMPARE(parts, 0);
    QVERIFY(editor->ratesTable()->item(parts, 2)->text().startsWith(QStringLiteral("ECB reference, ")));
    QVERIFY(m_window->scenarioView()->errorMessage().isEmpty());
    QVERIFY(qAbs(m_window->scenarioView()->evaluation()->tco(0) - *reference * tco) < 1e-6 * tco);

    // A rate typed over it is the user's.
    editor->ratesTable()->item(parts, 1)->setText(QStringLiteral("1.25"));
    QCOMPARE(reopened(before.name).exchangeRates.at(before.currency), 1.25);
    QCOMPARE(editor->ratesTable()->item(rowOf(before.currency), 2)->text(), QStringLiteral("entered"));
    QVERIFY(qAbs(m_window->scenarioView()->evaluation()->tco(0) - 1.25 * tco) < 1e-6 * tco);

    // Back again: the rate follows from the one given, 1 / 1.25, with no question.
    const int back = editor->currencyChoice()->findText(before.currency);
    editor->currencyChoice()->setCurrentIndex(back);
    emit editor->currencyChoice()->activated(back);
    const Scenario returned = reopened(before.name);
    QCOMPARE(returned.currency, before.currency);
    QVERIFY(qAbs(returned.exchangeRates.at(other) - 0.8) < 1e-12);
    QVERIFY(qAbs(m_window->scenarioView()->evaluation()->tco(0) - tco) < 1e-6 * tco);

    // A part priced in a currency no rate is known for: the window says so in words, and its
    // button opens the settings, where the rate is asked for.
    const StoredScenario stored = m_window->context()->doc().scenarios().loadStored(id);
    CloudOption exotic = stored.scenario.cloudOptions.at(0);
    exotic.currency = QStringLiteral("XTS");
    commands::editCloudOption(*m_window->context(), id, stored.ids.cloudOptions.at(0), QStringLiteral("currency"),
                              QStringLiteral("currency"), stored.scenario.cloudOptions.at(0), exotic);
    const QString problem = m_window->scenarioView()->errorMessage();
    QVERIFY2(problem.contains(QStringLiteral("The cloud option “%1” is priced in XTS, and the scenario has no exchange rate "
                                             "from XTS to %2").arg(exotic.name, before.currency)),
             qPrintable(problem));
    QVERIFY2(!problem.contains(QStringLiteral("Options[")), qPrintable(problem)); // no JSON path
    panel->select(Node::Workload, id);
    QCOMPARE(panel->currentEditor(), panel->workloadEditor());
    m_window->scenarioView()->fixButton()->click();
    QCOMPARE(panel->currentEditor(), editor);
    QVERIFY2(editor->ratesNote()->text().contains(QStringLiteral("Enter what one XTS is worth in %1").arg(before.currency)),
             qPrintable(editor->ratesNote()->text()));
    const int row = rowOf(QStringLiteral("XTS"));
    QVERIFY(row >= 0);
    QVERIFY(editor->ratesTable()->item(row, 1)->text().isEmpty());
    editor->ratesTable()->item(row, 1)->setText(QStringLiteral("2"));
    QVERIFY(m_window->scenarioView()->errorMessage().isEmpty());

    // A part added in a currency the scenario has no rate for brings the reference rate with it,
    // in the same undo step.
    const QString foreign = QStringLiteral("JPY");
    QVERIFY(!reopened(before.name).exchangeRates.count(foreign));
    CloudOption priced = stored.scenario.cloudOptions.at(0);
    priced.name = QStringLiteral("Priced elsewhere");
    priced.currency = foreign;
    const int stepsBefore = m_window->undoStack()->count();
    commands::addCloudOption(*m_window->context(), id, priced);
    QCOMPARE(m_window->undoStack()->count(), stepsBefore + 1);
    QCOMPARE(reopened(before.name).exchangeRates.at(foreign), *bundledExchangeRates().rate(foreign, before.currency));
    QVERIFY(m_window->scenarioView()->errorMessage().isEmpty());
    m_window->undoStack()->undo();
    QVERIFY(!reopened(before.name).exchangeRates.count(foreign));
    QCOMPARE(int(reopened(before.name).cloudOptions.size()), int(stored.scenario.cloudOptions.size()));

    // Name, discount rate and resale credit.
    editor->nameField()->setText(QStringLiteral("Renamed in its settings"));
    emit editor->nameField()->editingFinished();
    QVERIFY(Document::open(m_path)->scenarios().names().contains(QStringLiteral("Renamed in its settings")));
    editor->discountField()->spinBox()->setValue(8);
    emit editor->discountField()->spinBox()->editingFinished();
    QCOMPARE(reopened(QStringLiteral("Renamed in its settings")).discountRatePerYear, 0.08);
    editor->resaleCheck()->click();
    QCOMPARE(reopened(QStringLiteral("Renamed in its settings")).creditResaleValue, !before.creditResaleValue);
    m_window->undoStack()->undo();
    QCOMPARE(reopened(QStringLiteral("Renamed in its settings")).creditResaleValue, before.creditResaleValue);
}

// The results table and the monthly series go to CSV: numbers as numbers, names that a spreadsheet
// would take for a formula neutralised.
void TestMainWindow::csvExports()
{
    QCOMPARE(exporting::csvText(QStringLiteral("=HYPERLINK(\"x\")")), QStringLiteral("\"'=HYPERLINK(\"\"x\"\")\""));
    QCOMPARE(exporting::csvText(QStringLiteral("-cheap, fast")), QStringLiteral("\"'-cheap, fast\""));
    QCOMPARE(exporting::csvText(QStringLiteral("@cloud")), QStringLiteral("'@cloud"));
    QCOMPARE(exporting::csvText(QStringLiteral("Lambda 8 × H100")), QStringLiteral("Lambda 8 × H100"));
    QCOMPARE(exporting::csvNumber(-1234.5), QStringLiteral("-1234.5"));

    const QString path = m_dir->filePath(QStringLiteral("series.csv"));
    QVERIFY(m_window->exportSeriesCsv(path));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(file.readAll()).trimmed().split(u'\n');
    const CostModel &model = *m_window->scenarioView()->costModel();
    const Evaluation &e = *m_window->scenarioView()->evaluation();
    QCOMPARE(lines.size(), e.horizonMonths + 2); // header, months 0..H
    QVERIFY(lines.first().startsWith(QStringLiteral("month,")));
    QVERIFY(lines.first().contains(model.option(0).name + QStringLiteral(" cumulative")));
    const QStringList last = lines.last().split(u',');
    QCOMPARE(last.first().toInt(), e.horizonMonths);
    QCOMPARE(last.at(2).toDouble(), e.cumulative(0, e.horizonMonths)); // option 0's cumulative at H

    const QString table = exporting::tableCsv(*m_window->scenarioView()->sortedResults());
    QCOMPARE(table.trimmed().split(u'\n').size(), model.optionCount() + 1);
    QVERIFY(table.startsWith(QStringLiteral("Option,Kind,Units,Throughput,TCO,")));
}

// The task a new user came with: "my team keeps 16 H100s busy about 60 % of the time; compare
// buying two 8 × H100 servers (server-room preset) against Lambda, AWS p5 on-demand, AWS p5 spot
// and a 3-year reservation, over five years" — through the window, then read in the report.
void TestMainWindow::userTaskEndToEnd()
{
    m_window->addScenario(QStringLiteral("Team H100s"));
    const qint64 id = m_window->currentScenarioId();
    QCOMPARE(m_window->scenarioView()->scenario().name, QStringLiteral("Team H100s"));
    ScenarioPanel *panel = m_window->scenarioPanel();

    // 16 × H100 at 60 %: the GPU first (the count converts), then the count and the utilization.
    panel->select(Node::Workload, id);
    WorkloadEditor *workload = panel->workloadEditor();
    const int h100 = workload->gpuModelChoice()->findData(QStringLiteral("H100-SXM5-80GB"));
    QVERIFY(h100 >= 0);
    workload->gpuModelChoice()->setCurrentIndex(h100);
    emit workload->gpuModelChoice()->activated(h100);
    workload->gpusField()->spinBox()->setValue(16);
    emit workload->gpusField()->spinBox()->editingFinished();
    workload->utilizationField()->spinBox()->setValue(60);
    emit workload->utilizationField()->spinBox()->editingFinished();

    // Five years, in the scenario's settings.
    panel->select(Node::Scenario, id);
    panel->scenarioEditor()->horizonField()->spinBox()->setValue(60);
    emit panel->scenarioEditor()->horizonField()->spinBox()->editingFinished();
    Scenario stored = reopened(QStringLiteral("Team H100s"));
    QCOMPARE(stored.referenceGpu, QStringLiteral("H100-SXM5-80GB"));
    QCOMPARE(stored.workload.gpus, 16.0);
    QCOMPARE(stored.workload.utilization, 0.6);
    QCOMPARE(stored.horizonMonths, 60);

    // The 8 × H100 server, with the server-room preset: the chooser starts from the example build
    // on the reference GPU.
    QTimer::singleShot(0, this, [] {
        auto *dialog = qobject_cast<AddBuildDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QVERIFY(dialog->exampleButton()->isChecked());
        dialog->accept();
    });
    m_window->actions().addBuild->trigger();
    stored = reopened(QStringLiteral("Team H100s"));
    QCOMPARE(int(stored.onPremOptions.size()), 1);
    QCOMPARE(stored.onPremOptions[0].gpu, QStringLiteral("H100-SXM5-80GB"));
    QCOMPARE(stored.onPremOptions[0].gpuCount, 8);
    BuildEditor *build = panel->buildEditor();
    // It is the bundled example, and the boxes say so.
    QCOMPARE(build->exampleBox()->currentText(), stored.onPremOptions[0].name);
    const int serverRoom = build->overheadPresetBox()->findText(QStringLiteral("Server room"), Qt::MatchStartsWith);
    QVERIFY(serverRoom > 0);
    QVERIFY(build->overheadPresetBox()->currentIndex() != serverRoom);
    build->overheadPresetBox()->setCurrentIndex(serverRoom);
    emit build->overheadPresetBox()->activated(serverRoom);
    QCOMPARE(reopened(QStringLiteral("Team H100s")).onPremOptions[0].pue, 1.5);
    // The preset in force stays shown; the build is no longer the example as it was.
    QCOMPARE(build->overheadPresetBox()->currentIndex(), serverRoom);
    QCOMPARE(build->exampleBox()->currentIndex(), 0);

    // Four cloud options from the catalog: Lambda and AWS p5 on-demand, AWS p5 spot, AWS p5 3-year.
    const auto offer = [this](const QString &provider, const QString &instance, const QString &region) {
        OfferFilter filter;
        filter.provider = provider;
        filter.gpu = QStringLiteral("H100-SXM5-80GB");
        filter.region = region;
        for (const StoredOffer &o : m_window->context()->doc().catalog().offers(filter, OfferColumn::Provider,
                                                                              Qt::AscendingOrder, 0, 100))
            if (o.offer.instanceType == instance)
                return o;
        return StoredOffer{};
    };
    const StoredOffer lambda = offer(QStringLiteral("lambda"), QStringLiteral("gpu_8x_h100_sxm5"), QStringLiteral("us-east-1"));
    const StoredOffer p5 = offer(QStringLiteral("aws"), QStringLiteral("p5.48xlarge"), QStringLiteral("us-east-1"));
    QVERIFY(lambda.id && p5.id && p5.offer.reserved3y);
    auto *catalog = m_window->findChild<CatalogWidget *>();
    QVERIFY(catalog);
    emit catalog->addOffersRequested({lambda, p5}, PricingPlan::OnDemand);
    emit catalog->addOffersRequested({p5}, PricingPlan::Spot);
    emit catalog->addOffersRequested({p5}, PricingPlan::Reserved3y);
    stored = reopened(QStringLiteral("Team H100s"));
    QCOMPARE(int(stored.cloudOptions.size()), 4);

    // Every pair's crossover, read from the table; the server is bought twice.
    ScenarioView *view = m_window->scenarioView();
    QVERIFY2(view->errorMessage().isEmpty(), qPrintable(view->errorMessage()));
    const CostModel &model = *view->costModel();
    QCOMPARE(model.unitsInMonth(0, 1), 2);
    view->resultTabs()->setCurrentWidget(view->pairsView());
    QCOMPARE(view->pairsModel()->rowCount(), 4);
    const std::vector<PairResult> pairs = model.pairs(*view->evaluation());
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(view->pairsModel()->index(r, PairsModel::OnPrem).data().toString(),
                 QStringLiteral("2 × %1").arg(stored.onPremOptions[0].name));
        const auto &pair = pairs[std::size_t(r)];
        const QString crossover = view->pairsModel()->index(r, PairsModel::Crossover).data().toString();
        QCOMPARE(crossover, pair.crossoverMonth ? (*pair.crossoverMonth > 0 ? formatMonths(*pair.crossoverMonth)
                                                                             : QStringLiteral("from the start"))
                                                : QStringLiteral("not within 60 months"));
    }

    // The report says the same.
    const QString pdf = m_dir->filePath(QStringLiteral("team.pdf"));
    QVERIFY(m_window->exportReport(pdf));
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("poppler-utils (pdftotext) not installed");
    QProcess text;
    text.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
    QVERIFY(text.waitForFinished(30000));
    const QString report = QString::fromUtf8(text.readAllStandardOutput()).normalized(QString::NormalizationForm_KC).simplified();
    QVERIFY(report.contains(QStringLiteral("16 × H100-SXM5-80GB at 60 % utilization")));
    QVERIFY(report.contains(QStringLiteral("2 × %1 (2 units)").arg(stored.onPremOptions[0].name)));
    for (const PairResult &pair : pairs)
        QVERIFY2(report.contains(pairSentence(model, pair)), qPrintable(pairSentence(model, pair)));
}

// A document opens again on the scenario shown when it was last open.
void TestMainWindow::reopensOnTheLastScenario()
{
    const QStringList names = Document::open(m_path)->scenarios().names();
    QVERIFY(names.size() >= 2);
    const qint64 first = m_window->currentScenarioId();
    const qint64 last = *Document::open(m_path)->scenarios().findId(names.last());
    QVERIFY(first != last);
    m_window->selectScenario(last);
    newWindow();
    QCOMPARE(m_window->currentScenarioId(), last);
    QCOMPARE(m_window->scenarioView()->scenario().name, names.last());
}

// Add Scenario asks the new scenario's name first.
// Add On-Prem Build and Add Cloud Option open a chooser: an example build or one GPU of a model,
// with an overhead preset; a catalog offer of the reference GPU under a plan it has a price for,
// or an empty option. Cancel adds nothing.
void TestMainWindow::addingAPartAsksWhatToStartFrom()
{
    const qint64 id = m_window->session()->currentId();
    const Scenario before = reopened(m_window->scenarioView()->scenario().name);
    const QString name = before.name;

    // Cancelled: nothing added, nothing on the undo stack.
    const int steps = m_window->undoStack()->count();
    QTimer::singleShot(0, this, [] { QApplication::activeModalWidget()->close(); });
    m_window->actions().addBuild->trigger();
    QCOMPARE(reopened(name).onPremOptions.size(), before.onPremOptions.size());
    QCOMPARE(m_window->undoStack()->count(), steps);

    // One RTX 4090 with the home-desk overheads.
    QTimer::singleShot(0, this, [] {
        auto *dialog = qobject_cast<AddBuildDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        dialog->gpuButton()->setChecked(true);
        const int gpu = dialog->gpuChoice()->findData(QStringLiteral("RTX-4090"));
        QVERIFY(gpu >= 0);
        dialog->gpuChoice()->setCurrentIndex(gpu);
        const int preset = dialog->overheadChoice()->findText(QStringLiteral("Home"), Qt::MatchStartsWith);
        QVERIFY(preset > 0);
        dialog->overheadChoice()->setCurrentIndex(preset);
        dialog->accept();
    });
    m_window->actions().addBuild->trigger();
    const Scenario withBuild = reopened(name);
    QCOMPARE(withBuild.onPremOptions.size(), before.onPremOptions.size() + 1);
    const OnPremBuild &added = withBuild.onPremOptions.back();
    QCOMPARE(added.gpu, QStringLiteral("RTX-4090"));
    QCOMPARE(added.gpuCount, 1);
    const auto presets = bundledOverheadPresets();
    const auto home = std::find_if(presets.begin(), presets.end(),
                                   [](const OverheadPreset &p) { return p.name.startsWith(QStringLiteral("Home")); });
    QVERIFY(home != presets.end());
    QCOMPARE(added.pue, home->pue);
    QCOMPARE(added.electricityPerKWh, home->electricityPerKWh);
    QCOMPARE(m_window->scenarioPanel()->currentEditor(), m_window->scenarioPanel()->buildEditor());

    // A catalog offer of the reference GPU, under the spot plan.
    QTimer::singleShot(0, this, [] {
        auto *dialog = qobject_cast<AddCloudOptionDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QVERIFY(dialog->catalogButton()->isChecked());
        QVERIFY(dialog->offerPicker()->groups()->rowCount() > 0);
        dialog->offerPicker()->searchField()->setText(QStringLiteral("spot"));
        QVERIFY(dialog->offerPicker()->view()->model()->rowCount() > 0);
        dialog->offerPicker()->view()->selectRow(0);
        QVERIFY(dialog->offerPicker()->chosen());
        QVERIFY(dialog->offerPicker()->chosen()->payment == PaymentChoice(PricingPlan::Spot));
        dialog->accept();
    });
    m_window->actions().addCloudOption->trigger();
    Scenario withCloud = reopened(name);
    QCOMPARE(withCloud.cloudOptions.size(), before.cloudOptions.size() + 1);
    QCOMPARE(withCloud.cloudOptions.back().gpu, before.referenceGpu);
    QVERIFY(withCloud.cloudOptions.back().pricing == PricingPlan::Spot);
    QVERIFY(withCloud.cloudOptions.back().pricePerHour > 0);
    QVERIFY(m_window->context()->doc().scenarios().loadStored(id).ids.cloudOptionOffers.back().has_value());

    // An empty option, to be priced by the user.
    QTimer::singleShot(0, this, [] {
        auto *dialog = qobject_cast<AddCloudOptionDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        dialog->emptyButton()->setChecked(true);
        dialog->accept();
    });
    m_window->actions().addCloudOption->trigger();
    withCloud = reopened(name);
    QCOMPARE(withCloud.cloudOptions.size(), before.cloudOptions.size() + 2);
    QCOMPARE(withCloud.cloudOptions.back().name, QStringLiteral("New cloud option"));
    QCOMPARE(withCloud.cloudOptions.back().pricePerHour, 0.0);
    QVERIFY(!m_window->context()->doc().scenarios().loadStored(id).ids.cloudOptionOffers.back().has_value());
}

void TestMainWindow::addScenarioAsksAName()
{
    QTimer::singleShot(0, this, [] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QVERIFY(dialog->textValue().startsWith(QStringLiteral("New scenario")));
        dialog->setTextValue(QStringLiteral("Team cluster, 2027"));
        dialog->accept();
    });
    m_window->actions().addScenario->trigger();
    QVERIFY(Document::open(m_path)->scenarios().names().contains(QStringLiteral("Team cluster, 2027")));
    QCOMPARE(m_window->scenarioView()->scenario().name, QStringLiteral("Team cluster, 2027"));
}

void TestMainWindow::utilizationDragIsOneStep()
{
    ScenarioView *view = m_window->scenarioView();
    const QString name = view->scenario().name;
    const double before = reopened(name).workload.utilization;
    const int steps = m_window->undoStack()->count();
    // A drag: live ticks only move the view, the document changes once at the end.
    for (double u : {0.55, 0.6, 0.7})
        view->setUtilization(u);
    QCOMPARE(reopened(name).workload.utilization, before);
    emit view->utilizationCommitted(before, 0.7);
    QCOMPARE(reopened(name).workload.utilization, 0.7);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    QCOMPARE(m_window->undoStack()->undoText(), QStringLiteral("Change utilization of %1").arg(name));
    m_window->undoStack()->undo();
    QCOMPARE(reopened(name).workload.utilization, before);
    QCOMPARE(view->utilization(), before);
}

void TestMainWindow::validation_data()
{
    QTest::addColumn<int>("target");
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("hint");
    QTest::newRow("negative price") << 0 << QStringLiteral("-5") << QStringLiteral("cannot be negative");
    QTest::newRow("utilization above 100 %") << 1 << QStringLiteral("150") << QStringLiteral("at most 100 %");
    QTest::newRow("negative GPUs") << 2 << QStringLiteral("-1") << QStringLiteral("cannot be negative");
}

void TestMainWindow::validation()
{
    QFETCH(int, target);
    QFETCH(QString, typed);
    QFETCH(QString, hint);
    ScenarioPanel *panel = m_window->scenarioPanel();
    NumberField *field = nullptr;
    if (target == 0) {
        m_window->addCloudOption();
        field = panel->cloudOptionEditor()->priceField();
    } else {
        panel->select(Node::Workload, m_window->currentScenarioId());
        field = target == 1 ? panel->workloadEditor()->utilizationField() : panel->workloadEditor()->gpusField();
    }
    const double before = field->value();
    const int steps = m_window->undoStack()->count();
    field->spinBox()->selectAll();
    QTest::keyClicks(field->spinBox(), typed);
    QTest::keyClick(field->spinBox(), Qt::Key_Return);
    QVERIFY(field->value() >= 0);
    QVERIFY(target != 1 || field->value() <= 1.0);
    QVERIFY2(field->hint().contains(hint), qPrintable(field->hint()));
    if (field->value() == before)
        QCOMPARE(m_window->undoStack()->count(), steps);
}

void TestMainWindow::refusedDocumentLeavesWindowUsable()
{
    const QString bogus = m_dir->filePath(QStringLiteral("random.breakeven"));
    QFile file(bogus);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QByteArray bytes(4096, '\0');
    for (char &byte : bytes)
        byte = char(QRandomGenerator::global()->bounded(256));
    file.write(bytes);
    file.close();

    QVERIFY(!m_window->openDocument(bogus));
    QCOMPARE(m_messages.size(), 1);
    QVERIFY(m_messages.first().contains(QStringLiteral("random.breakeven")));
    QCOMPARE(m_window->document()->path(), m_path);
    QCOMPARE(m_window->windowFilePath(), m_path);
    QFile check(bogus);
    QVERIFY(check.open(QIODevice::ReadOnly));
    QCOMPARE(check.readAll(), bytes);   // refused and never modified

    m_window->addScenario(QStringLiteral("Still works"));
    QVERIFY(Document::open(m_path)->scenarios().names().contains(QStringLiteral("Still works")));
}

void TestMainWindow::saveAsAndReopen()
{
    m_window->addScenario(QStringLiteral("Before copy"));
    const QString copy = m_dir->filePath(QStringLiteral("copy.breakeven"));
    QVERIFY(m_window->saveDocumentAs(copy));
    QCOMPARE(m_window->windowTitle(), QStringLiteral("copy.breakeven — Breakeven"));
    m_window->addScenario(QStringLiteral("After copy"));
    QVERIFY(Document::open(copy)->scenarios().names().contains(QStringLiteral("After copy")));
    QVERIFY(!Document::open(m_path)->scenarios().names().contains(QStringLiteral("After copy")));

    QVERIFY(m_window->openDocument(m_path));
    QCOMPARE(m_window->undoStack()->count(), 0);
    QSettings settings;
    const QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    QCOMPARE(recent.value(0), m_path);
    QCOMPARE(recent.value(1), copy);
}

void TestMainWindow::readOnlyDocumentOpensForReading()
{
    if (geteuid() == 0)
        QSKIP("file permissions do not bind root; ./dev fresh runs this suite as a user");
    const QString copy = m_dir->filePath(QStringLiteral("read-only.breakeven"));
    QVERIFY(QFile::copy(m_path, copy));
    QVERIFY(QFile::setPermissions(copy, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    const auto hash = [&] {
        QFile bytes(copy);
        return bytes.open(QIODevice::ReadOnly) ? bytes.readAll() : QByteArray();
    };
    const QByteArray before = hash();

    QVERIFY(m_window->openDocument(copy));
    QVERIFY(m_window->document()->isReadOnly());
    QCOMPARE(m_window->windowTitle(), QStringLiteral("read-only.breakeven (read-only) — Breakeven"));
    QVERIFY(!m_window->scenarioView()->scenario().name.isEmpty()); // its scenarios show

    // An edit is refused with a message, and nothing is written.
    const int scenarios = int(m_window->document()->scenarios().names().size());
    m_window->addScenario(QStringLiteral("Cannot be added"));
    QCOMPARE(int(m_window->document()->scenarios().names().size()), scenarios);
    QCOMPARE(m_window->undoStack()->count(), 0);
    QCOMPARE(hash(), before);
    QVERIFY(!QFile::exists(copy + QStringLiteral("-wal")));

    // Save As makes a copy that can be edited.
    const QString editable = m_dir->filePath(QStringLiteral("editable.breakeven"));
    QVERIFY(m_window->saveDocumentAs(editable));
    QVERIFY(!m_window->document()->isReadOnly());
    QCOMPARE(m_window->windowTitle(), QStringLiteral("editable.breakeven — Breakeven"));
    m_window->addScenario(QStringLiteral("Now it can"));
    QVERIFY(Document::open(editable)->scenarios().names().contains(QStringLiteral("Now it can")));
    QCOMPARE(hash(), before);
}

void TestMainWindow::scenarioJsonRoundTrip()
{
    const QString name = m_window->scenarioView()->scenario().name;
    const QString json = m_dir->filePath(QStringLiteral("scenario.json"));
    QVERIFY(m_window->exportScenarioJson(json));
    // Self-contained: its gpus carry every figure used, so it evaluates the same with no catalog.
    QFile file(json);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const Scenario exported = readScenarioJson(file.readAll(), json);
    QVERIFY(!exported.gpus.empty());
    const Evaluation *shown = m_window->scenarioView()->evaluation();
    const CostModel alone(assemble(exported, GpuCatalog()));
    const Evaluation evaluated = alone.evaluate(m_window->scenarioView()->utilization());
    QCOMPARE(alone.optionCount(), int(shown->tco.size()));
    for (int i = 0; i < alone.optionCount(); ++i)
        QVERIFY(qAbs(evaluated.tco(i) - shown->tco(i)) <= 1e-9 * std::abs(shown->tco(i)));
    QVERIFY(m_window->importScenarioJson(json));
    QVERIFY(Document::open(m_path)->scenarios().names().contains(name + QStringLiteral(" (2)")));
    QCOMPARE(m_window->scenarioView()->scenario().name, name + QStringLiteral(" (2)"));

    QVERIFY(!m_window->importScenarioJson(QStringLiteral(BREAKEVEN_TEST_DATA "/scenarios/negative-price.json")));
    QCOMPARE(m_messages.size(), 1);
}

void TestMainWindow::droppedFiles()
{
    const QString name = m_window->scenarioView()->scenario().name;
    const QString json = m_dir->filePath(QStringLiteral("dropped.json"));
    QVERIFY(m_window->exportScenarioJson(json));
    QVERIFY(m_window->acceptDrops());
    const auto drop = [this](const QString &path) { return m_window->openDroppedFile(path); };
    QVERIFY(!drop(m_dir->filePath(QStringLiteral("picture.png")))); // not ours: ignored
    QVERIFY(!Document::open(m_path)->scenarios().names().contains(name + QStringLiteral(" (2)")));
    QVERIFY(drop(json));
    QVERIFY(Document::open(m_path)->scenarios().names().contains(name + QStringLiteral(" (2)")));
}

void TestMainWindow::windowStateIsRestored()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->catalogDock()->hide();
    m_window->close();   // saves the state as a user's close does
    newWindow();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->catalogDock()->isHidden());
    QVERIFY(!m_window->scenarioDock()->isHidden());
    m_window->catalogDock()->show();
    m_window->saveWindowState();
}

void TestMainWindow::helpers()
{
    // 7 B parameters, 140 B tokens on 312 TFLOP/s at 40 % MFU.
    QVERIFY(qAbs(llmReferenceGpuHours(7e9, 140e9, 312, 0.40) - 13087.6) < 0.1);
    const DemandEstimate jobs = demandFromJobs(20, 10, 8);   // 1,600 GPU-hours a month on 8 GPUs
    QCOMPARE(jobs.gpus, 8.0);
    QVERIFY(qAbs(jobs.utilization - 1600.0 / (8 * 730)) < 1e-12);
    const DemandEstimate busy = demandFromTotal(10 * 730, 1, 4);   // needs 10 GPUs around the clock
    QCOMPARE(busy.gpus, 10.0);
    QCOMPARE(busy.utilization, 1.0);
    QCOMPARE(uniqueName(QStringLiteral("A"), {QStringLiteral("A"), QStringLiteral("A (2)")}),
             QStringLiteral("A (3)"));
}

// Writes the picture of the README when BREAKEVEN_SCREENSHOT names a file; otherwise only
// checks that the window draws at the documented size.
void TestMainWindow::screenshot()
{
    // The documented default layout, not whatever an earlier test left behind.
    QSettings().clear();
    newWindow();
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->scenarioPanel()->select(Node::Build, m_window->context()->doc().scenarios().loadStored(
                                                       m_window->currentScenarioId()).ids.builds.at(0));
    QTest::qWait(200);
    const QPixmap picture = m_window->grab();
    const QString path = qEnvironmentVariable("BREAKEVEN_SCREENSHOT");
    if (!path.isEmpty())
        QVERIFY(picture.save(path));
    QCOMPARE(picture.size(), QSize(1400, 900) * picture.devicePixelRatio());
}

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
