// Hybrid options and usage records edited in the window offscreen: a hybrid added, its units set
// and renamed, removed alone or with its build, each undone and redone under the same row id; a
// usage file read, summarized and applied as the workload's demand profile (N the peak, u the
// mean over the peak), cleared, and refused when it is bad; Add Hybrid Option refused without an
// on-demand or spot cloud option.
#include "commands/commands.h"
#include "editors/hybrideditor.h"
#include "editors/workloadeditor.h"
#include "exchange/scenariojson.h"
#include "mainwindow/hybriddialogs.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "scenarioview/scenarioview.h"
#include "session/scenariosession.h"
#include "store/document.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeView>
#include <QUndoStack>

#include <functional>
#include <memory>

using namespace breakeven;
using Node = ScenarioTreeModel::Node;

namespace {

Scenario h100()
{
    return readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
}

// Runs `handle` on the modal dialog the next call opens (once it is shown), then closes it.
void onNextDialog(std::function<void(QDialog *)> handle)
{
    QTimer::singleShot(0, [handle = std::move(handle)] {
        auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget());
        QVERIFY2(dialog, "no dialog was opened");
        handle(dialog);
        if (dialog->isVisible())
            dialog->reject();
    });
}

// 4, 4, 4, 4, 12, 12, 0, 0 GPUs busy, one hour each: mean 5, peak 12.
const char kUsageCsv[] = "time,gpus\n"
                         "2026-01-05T00:00:00,4\n"
                         "2026-01-05T01:00:00,4\n"
                         "2026-01-05T02:00:00,4\n"
                         "2026-01-05T03:00:00,4\n"
                         "2026-01-05T04:00:00,12\n"
                         "2026-01-05T05:00:00,12\n"
                         "2026-01-05T06:00:00,0\n"
                         "2026-01-05T07:00:00,0\n";

} // namespace

class TestHybridEdit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void addUndoRedoKeepsTheId();
    void unitsAndNameInTheEditor();
    void removingTheBuildTakesTheHybrid();
    void removePartRemovesTheHybrid();
    void addDialogListsOnlyBurstableOptions();
    void addRefusedWithoutBurstableOption();
    void howMuchToOwnButtonOpensTheDialog();
    void importUsageSetsTheProfile();
    void badUsageChangesNothing();
    void clearUsageKeepsGpusAndUtilization();
    void screenshots();

private:
    StoredScenario stored() const { return m_window->document()->scenarios().loadStored(m_id); }
    QString writeFile(const QString &name, const QByteArray &data) const;
    qint64 addHybrid(std::optional<int> units = {});

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<MainWindow> m_window;
    qint64 m_id = 0;
    QStringList m_messages;
};

void TestHybridEdit::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_hybridedit"));
    QSettings().clear();
}

void TestHybridEdit::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const QString path = m_dir->filePath(QStringLiteral("test.breakeven"));
    Scenario scenario = h100();
    scenario.name = QStringLiteral("Hybrid test");
    m_id = Document::create(path)->scenarios().save(scenario);
    m_window = std::make_unique<MainWindow>(Document::open(path));
    m_messages.clear();
    m_window->setMessageHandler([this](const QString &, const QString &text) { m_messages << text; });
    m_window->resize(1600, 1000);
    m_window->selectScenario(m_id);
    QCOMPARE(m_window->currentScenarioId(), m_id);
}

void TestHybridEdit::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

QString TestHybridEdit::writeFile(const QString &name, const QByteArray &data) const
{
    const QString path = m_dir->filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size())
        return {};
    return path;
}

qint64 TestHybridEdit::addHybrid(std::optional<int> units)
{
    const StoredScenario s = stored();
    // The build, and the spot option (the second cloud option).
    commands::addHybridOption(*m_window->context(), m_id, s.ids.builds.at(0), s.ids.cloudOptions.at(1),
                              QStringLiteral("Own 8, burst to spot"), units);
    const StoredScenario after = stored();
    return after.ids.hybridOptions.empty() ? 0 : after.ids.hybridOptions.back();
}

void TestHybridEdit::addUndoRedoKeepsTheId()
{
    const StoredScenario before = stored();
    QUndoStack *stack = m_window->undoStack();
    const int steps = stack->count();
    const qint64 id = addHybrid();
    QVERIFY(id > 0);
    QCOMPARE(stack->count(), steps + 1);
    QCOMPARE(stack->undoText(), QStringLiteral("Add hybrid option Own 8, burst to spot"));
    const StoredHybridOption hybrid = m_window->document()->scenarios().loadHybridOption(id);
    QCOMPARE(hybrid.buildId, before.ids.builds[0]);
    QCOMPARE(hybrid.cloudOptionId, before.ids.cloudOptions[1]);
    QCOMPARE(hybrid.option.onPrem, before.scenario.onPremOptions[0].name);
    QCOMPARE(hybrid.option.cloud, before.scenario.cloudOptions[1].name);
    QVERIFY(!hybrid.option.units);

    // The tree lists it under its own group, and selecting it shows its editor.
    ScenarioTreeModel *tree = m_window->scenarioPanel()->model();
    QTRY_VERIFY(tree->find(Node::HybridOption, id).isValid());
    QCOMPARE(tree->find(Node::HybridOption, id).data().toString(), QStringLiteral("Own 8, burst to spot"));
    QCOMPARE(tree->find(Node::HybridGroup, m_id).data().toString(), QStringLiteral("Hybrid options (1)"));
    m_window->scenarioPanel()->select(Node::HybridOption, id);
    HybridEditor *editor = m_window->scenarioPanel()->hybridEditor();
    QCOMPARE(m_window->scenarioPanel()->currentEditor(), editor);
    QCOMPARE(editor->nameEdit()->text(), QStringLiteral("Own 8, burst to spot"));
    QVERIFY(editor->buildLabel()->text().startsWith(before.scenario.onPremOptions[0].name));
    QVERIFY(editor->cloudLabel()->text().startsWith(before.scenario.cloudOptions[1].name));
    QVERIFY(editor->cheapestBox()->isChecked());
    QVERIFY(!editor->unitsBox()->isEnabled());
    // The engine's choice is shown: the analysis evaluated the hybrid.
    QTRY_VERIFY(editor->resultLabel()->text().startsWith(QStringLiteral("The cheapest:")));

    stack->undo();
    QVERIFY(stored().ids.hybridOptions.empty());
    QTRY_VERIFY(!tree->find(Node::HybridOption, id).isValid());
    QCOMPARE(tree->find(Node::HybridGroup, m_id).data().toString(), QStringLiteral("Hybrid options (0)"));
    stack->redo();
    QCOMPARE(stored().ids.hybridOptions, std::vector<qint64>{id});
    const StoredHybridOption again = m_window->document()->scenarios().loadHybridOption(id);
    QCOMPARE(again.buildId, hybrid.buildId);
    QCOMPARE(again.cloudOptionId, hybrid.cloudOptionId);
    QCOMPARE(again.option, hybrid.option);
    QTRY_VERIFY(tree->find(Node::HybridOption, id).isValid());
}

void TestHybridEdit::unitsAndNameInTheEditor()
{
    const qint64 id = addHybrid();
    QUndoStack *stack = m_window->undoStack();
    m_window->scenarioPanel()->select(Node::HybridOption, id);
    HybridEditor *editor = m_window->scenarioPanel()->hybridEditor();
    QCOMPARE(m_window->scenarioPanel()->currentEditor(), editor);
    const int steps = stack->count();

    editor->cheapestBox()->setChecked(false); // a fixed K, starting from the engine's choice
    QCOMPARE(stack->count(), steps + 1);
    const std::optional<int> chosen = stored().scenario.hybridOptions.at(0).units;
    QVERIFY(chosen.has_value());
    QVERIFY(editor->unitsBox()->isEnabled());
    const int fixed = *chosen + 2;
    editor->unitsBox()->setValue(fixed);
    QCOMPARE(stack->count(), steps + 2);
    QCOMPARE(stored().scenario.hybridOptions.at(0).units, std::optional<int>(fixed));
    QCOMPARE(stack->undoText(), QStringLiteral("Own %1 units in Own 8, burst to spot").arg(fixed));
    QCOMPARE(editor->unitsBox()->value(), fixed);
    QVERIFY(editor->resultLabel()->text().startsWith(QStringLiteral("%1 unit").arg(fixed))
            || editor->resultLabel()->text().startsWith(QStringLiteral("Not possible")));

    stack->undo();
    QCOMPARE(stored().scenario.hybridOptions.at(0).units, chosen);
    QCOMPARE(editor->unitsBox()->value(), *chosen);
    stack->undo();
    QVERIFY(!stored().scenario.hybridOptions.at(0).units);
    QVERIFY(editor->cheapestBox()->isChecked());
    QCOMPARE(stack->count(), steps + 2); // undone, not gone
    stack->redo();
    stack->redo();
    QCOMPARE(stored().scenario.hybridOptions.at(0).units, std::optional<int>(fixed));

    // Renamed when the edit is finished, one step.
    const int before = stack->index();
    editor->nameEdit()->setText(QStringLiteral("Baseline owned"));
    emit editor->nameEdit()->editingFinished();
    QCOMPARE(stack->index(), before + 1);
    QCOMPARE(stored().scenario.hybridOptions.at(0).name, QStringLiteral("Baseline owned"));
    QTRY_COMPARE(m_window->scenarioPanel()->model()->find(Node::HybridOption, id).data().toString(),
                 QStringLiteral("Baseline owned"));
    emit editor->nameEdit()->editingFinished(); // nothing new: no step
    QCOMPARE(stack->index(), before + 1);
    stack->undo();
    QCOMPARE(stored().scenario.hybridOptions.at(0).name, QStringLiteral("Own 8, burst to spot"));
    QCOMPARE(editor->nameEdit()->text(), QStringLiteral("Own 8, burst to spot"));
    // An empty name is not written.
    editor->nameEdit()->setText(QStringLiteral("  "));
    emit editor->nameEdit()->editingFinished();
    QCOMPARE(stored().scenario.hybridOptions.at(0).name, QStringLiteral("Own 8, burst to spot"));
    QCOMPARE(editor->nameEdit()->text(), QStringLiteral("Own 8, burst to spot"));
}

void TestHybridEdit::removingTheBuildTakesTheHybrid()
{
    const qint64 id = addHybrid(3);
    const StoredScenario s = stored();
    commands::removeBuild(*m_window->context(), m_id, s.ids.builds[0], s.scenario.onPremOptions[0].name);
    QVERIFY(stored().ids.builds.empty());
    QVERIFY(stored().ids.hybridOptions.empty());
    QTRY_VERIFY(!m_window->scenarioPanel()->model()->find(Node::HybridOption, id).isValid());
    m_window->undoStack()->undo();
    const StoredScenario back = stored();
    QCOMPARE(back.ids.builds, s.ids.builds);
    QCOMPARE(back.ids.hybridOptions, std::vector<qint64>{id});
    QCOMPARE(back.scenario.hybridOptions.at(0).units, std::optional<int>(3));
    QTRY_VERIFY(m_window->scenarioPanel()->model()->find(Node::HybridOption, id).isValid());
    // The same with the cloud option.
    commands::removeCloudOption(*m_window->context(), m_id, s.ids.cloudOptions[1], s.scenario.cloudOptions[1].name);
    QVERIFY(stored().ids.hybridOptions.empty());
    QCOMPARE(stored().ids.builds, s.ids.builds);
    m_window->undoStack()->undo();
    QCOMPARE(stored().ids.hybridOptions, std::vector<qint64>{id});
}

void TestHybridEdit::removePartRemovesTheHybrid()
{
    const qint64 id = addHybrid();
    m_window->scenarioPanel()->select(Node::HybridOption, id);
    QCOMPARE(m_window->scenarioPanel()->selectedNode(), Node::HybridOption);
    m_window->actions().removePart->trigger();
    QVERIFY(stored().ids.hybridOptions.empty());
    QCOMPARE(stored().ids.builds.size(), std::size_t(1)); // the build stays
    QCOMPARE(m_window->undoStack()->undoText(), QStringLiteral("Delete hybrid option Own 8, burst to spot"));
    m_window->undoStack()->undo();
    QCOMPARE(stored().ids.hybridOptions, std::vector<qint64>{id});
}

void TestHybridEdit::addDialogListsOnlyBurstableOptions()
{
    // A reserved option beside the on-demand and spot ones: listed, but not choosable.
    StoredScenario s = stored();
    CloudOption reserved = s.scenario.cloudOptions[0];
    reserved.name = QStringLiteral("AWS p5 1-year");
    reserved.pricing = PricingPlan::Reserved1y;
    commands::addCloudOption(*m_window->context(), m_id, reserved);
    s = stored();
    QCOMPARE(s.scenario.cloudOptions.size(), std::size_t(5));
    bool seen = false;
    onNextDialog([&](QDialog *dialog) {
        auto *add = qobject_cast<AddHybridDialog *>(dialog);
        QVERIFY(add);
        QCOMPARE(add->buildChoice()->count(), 1);
        QCOMPARE(add->cloudChoice()->count(), 5);
        auto *items = qobject_cast<QStandardItemModel *>(add->cloudChoice()->model());
        QVERIFY(!(items->item(4)->flags() & Qt::ItemIsEnabled));
        QVERIFY(items->item(4)->text().contains(QStringLiteral("a reservation is billed around the clock: bursts need on-demand or spot")));
        QVERIFY(items->item(1)->flags() & Qt::ItemIsEnabled);
        QCOMPARE(add->cloudIndex(), 0);
        QCOMPARE(add->nameEdit()->text(), QStringLiteral("%1, burst to %2").arg(s.scenario.onPremOptions[0].name,
                                                                                   s.scenario.cloudOptions[0].name));
        QVERIFY(add->cheapestButton()->isChecked());
        QVERIFY(!add->units());
        add->cloudChoice()->setCurrentIndex(4); // refused: nothing chosen, nothing to add
        QCOMPARE(add->cloudIndex(), -1);
        add->cloudChoice()->setCurrentIndex(1);
        QCOMPARE(add->nameEdit()->text(), QStringLiteral("%1, burst to %2").arg(s.scenario.onPremOptions[0].name,
                                                                                   s.scenario.cloudOptions[1].name));
        add->fixedButton()->setChecked(true);
        add->unitsBox()->setValue(2);
        QCOMPARE(add->units(), std::optional<int>(2));
        seen = true;
        add->accept();
    });
    m_window->addHybridOption();
    QVERIFY(seen);
    const StoredScenario after = stored();
    QCOMPARE(after.ids.hybridOptions.size(), std::size_t(1));
    const StoredHybridOption hybrid = m_window->document()->scenarios().loadHybridOption(after.ids.hybridOptions[0]);
    QCOMPARE(hybrid.cloudOptionId, s.ids.cloudOptions[1]);
    QCOMPARE(hybrid.option.units, std::optional<int>(2));
    QCOMPARE(m_window->scenarioPanel()->selectedNode(), Node::HybridOption);
    QVERIFY(m_messages.isEmpty());
}

void TestHybridEdit::addRefusedWithoutBurstableOption()
{
    // Only reserved cloud options: refused with what to add first, and no dialog.
    Scenario reservedOnly = h100();
    reservedOnly.name = QStringLiteral("Reserved only");
    for (CloudOption &option : reservedOnly.cloudOptions)
        option.pricing = PricingPlan::Reserved3y;
    QVERIFY(!AddHybridDialog::refusal(reservedOnly).isEmpty());
    const qint64 reservedId = m_window->document()->scenarios().save(reservedOnly);
    m_window->selectScenario(reservedId);
    QTRY_COMPARE(m_window->currentScenarioId(), reservedId);
    bool opened = false;
    QTimer::singleShot(0, [&] {
        if (auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget())) {
            opened = true;
            dialog->reject();
        }
    });
    const int steps = m_window->undoStack()->count();
    m_window->addHybridOption();
    QCoreApplication::processEvents();
    QVERIFY(!opened);
    QCOMPARE(m_messages.size(), 1);
    QVERIFY(m_messages[0].contains(QStringLiteral("on-demand or spot")));
    QVERIFY(m_messages[0].contains(QStringLiteral("Add an on-demand or spot cloud option first")));
    QCOMPARE(m_window->undoStack()->count(), steps);

    // No build: the message says to add one.
    Scenario noBuild = h100();
    noBuild.onPremOptions.clear();
    QVERIFY(AddHybridDialog::refusal(noBuild).contains(QStringLiteral("Add an on-prem build first")));
    QVERIFY(AddHybridDialog::refusal(h100()).isEmpty());
}

void TestHybridEdit::howMuchToOwnButtonOpensTheDialog()
{
    bool opened = false;
    onNextDialog([&](QDialog *dialog) {
        opened = qobject_cast<AddHybridDialog *>(dialog) != nullptr;
        dialog->reject();
    });
    const int steps = m_window->undoStack()->count();
    emit m_window->scenarioView()->addHybridRequested();
    QVERIFY(opened);
    QCOMPARE(m_window->undoStack()->count(), steps); // cancelled: nothing added
}

void TestHybridEdit::importUsageSetsTheProfile()
{
    const QString path = writeFile(QStringLiteral("usage.csv"), kUsageCsv);
    const Workload before = m_window->document()->scenarios().loadWorkload(m_id);
    QVERIFY(!before.demand);
    QString summary;
    onNextDialog([&](QDialog *dialog) {
        auto *usage = qobject_cast<UsageSummaryDialog *>(dialog);
        QVERIFY(usage);
        summary = usage->summaryLabel()->text();
        QCOMPARE(usage->stepHours(), 1.0);
        QVERIFY(usage->buttons()->button(QDialogButtonBox::Apply)->isEnabled());
        usage->buttons()->button(QDialogButtonBox::Apply)->click();
    });
    QVERIFY(m_window->importUsageFile(path));
    QVERIFY(summary.contains(QStringLiteral("usage.csv")));
    QVERIFY(summary.contains(QStringLiteral("8 rows")));
    QVERIFY(summary.contains(QStringLiteral("8 of 1 h")));
    QVERIFY(summary.contains(QStringLiteral("mean 5, peak 12")));
    QVERIFY(summary.contains(QStringLiteral("P50 4")));
    QVERIFY(summary.contains(QStringLiteral("<b>12 GPUs</b>")));
    QVERIFY(summary.contains(QStringLiteral("41.7")));

    const Workload after = m_window->document()->scenarios().loadWorkload(m_id);
    QVERIFY(after.demand);
    QCOMPARE(after.demand->gpus, (std::vector<double>{4, 4, 4, 4, 12, 12, 0, 0}));
    QCOMPARE(after.demand->stepHours, 1.0);
    QCOMPARE(after.demand->source, QStringLiteral("usage.csv"));
    QCOMPARE(after.gpus, 12.0);
    QCOMPARE(after.utilization, 5.0 / 12.0);
    QCOMPARE(m_window->undoStack()->undoText(), QStringLiteral("Import usage from usage.csv"));

    // The workload editor says where the profile came from.
    WorkloadEditor *editor = m_window->scenarioPanel()->workloadEditor();
    QCOMPARE(m_window->scenarioPanel()->currentEditor(), editor);
    QTRY_COMPARE(editor->usageLabel()->text(), QStringLiteral("Usage: 8 steps of 1 h from usage.csv — mean 5, peak 12 GPUs"));
    QVERIFY(!editor->clearUsageButton()->isHidden());

    m_window->undoStack()->undo();
    const Workload undone = m_window->document()->scenarios().loadWorkload(m_id);
    QCOMPARE(undone, before);
    QTRY_VERIFY(editor->clearUsageButton()->isHidden());
    m_window->undoStack()->redo();
    QCOMPARE(m_window->document()->scenarios().loadWorkload(m_id), after);

    // Cancelled: nothing changes.
    const int steps = m_window->undoStack()->count();
    onNextDialog([](QDialog *dialog) { dialog->reject(); });
    QVERIFY(!m_window->importUsageFile(path, 0.25));
    QCOMPARE(m_window->undoStack()->count(), steps);
}

void TestHybridEdit::badUsageChangesNothing()
{
    const QString path = writeFile(QStringLiteral("bad.csv"), "time,gpus\n2026-01-05T00:00:00,4\n2026-01-05T01:00:00,-2\n");
    const Workload before = m_window->document()->scenarios().loadWorkload(m_id);
    const int steps = m_window->undoStack()->count();
    bool opened = false;
    QTimer::singleShot(0, [&] {
        if (auto *dialog = qobject_cast<QDialog *>(QApplication::activeModalWidget())) {
            opened = true;
            dialog->reject();
        }
    });
    QVERIFY(!m_window->importUsageFile(path));
    QCoreApplication::processEvents();
    QVERIFY(!opened);
    QCOMPARE(m_messages.size(), 1);
    QVERIFY2(m_messages[0].startsWith(QStringLiteral("bad.csv:3:")), qPrintable(m_messages[0]));
    QCOMPARE(m_window->undoStack()->count(), steps);
    QCOMPARE(m_window->document()->scenarios().loadWorkload(m_id), before);
    // A file that is not there.
    QVERIFY(!m_window->importUsageFile(m_dir->filePath(QStringLiteral("missing.csv"))));
    QCOMPARE(m_messages.size(), 2);
    QCOMPARE(m_window->undoStack()->count(), steps);
}

void TestHybridEdit::clearUsageKeepsGpusAndUtilization()
{
    WorkloadDemand demand;
    demand.gpus = {4, 4, 4, 4, 12, 12, 0, 0};
    demand.source = QStringLiteral("usage.csv");
    commands::importUsage(*m_window->context(), m_id, demand);
    const Workload with = m_window->document()->scenarios().loadWorkload(m_id);
    QVERIFY(with.demand);
    m_window->scenarioPanel()->select(Node::Workload, m_id);
    WorkloadEditor *editor = m_window->scenarioPanel()->workloadEditor();
    QCOMPARE(m_window->scenarioPanel()->currentEditor(), editor);
    QTRY_VERIFY(!editor->clearUsageButton()->isHidden());
    editor->clearUsageButton()->click();
    const Workload cleared = m_window->document()->scenarios().loadWorkload(m_id);
    QVERIFY(!cleared.demand);
    QCOMPARE(cleared.gpus, 12.0);
    QCOMPARE(cleared.utilization, 5.0 / 12.0);
    QTRY_VERIFY(editor->clearUsageButton()->isHidden());
    QVERIFY(editor->usageLabel()->isHidden());
    QCOMPARE(m_window->undoStack()->undoText(), QStringLiteral("Clear usage of Hybrid test"));
    m_window->undoStack()->undo();
    QCOMPARE(m_window->document()->scenarios().loadWorkload(m_id), with);
}

void TestHybridEdit::screenshots()
{
    // BREAKEVEN_SCREENSHOTS=folder: the window with the hybrid editor and the usage summary as PNGs.
    const QString folder = qEnvironmentVariable("BREAKEVEN_SCREENSHOTS");
    if (folder.isEmpty())
        QSKIP("BREAKEVEN_SCREENSHOTS not set");
    const QString path = writeFile(QStringLiteral("usage.csv"), kUsageCsv);
    onNextDialog([&](QDialog *dialog) {
        dialog->resize(dialog->sizeHint().expandedTo(QSize(560, 0)));
        QVERIFY(dialog->grab().save(folder + QStringLiteral("/hybridedit-usage.png")));
        qobject_cast<UsageSummaryDialog *>(dialog)->buttons()->button(QDialogButtonBox::Apply)->click();
    });
    QVERIFY(m_window->importUsageFile(path));
    onNextDialog([&](QDialog *dialog) {
        QVERIFY(dialog->grab().save(folder + QStringLiteral("/hybridedit-add.png")));
        dialog->accept();
    });
    m_window->addHybridOption();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_window->scenarioPanel()->selectedNode(), Node::HybridOption);
    QTest::qWait(200);
    QVERIFY(m_window->grab().save(folder + QStringLiteral("/hybridedit-window.png")));
    m_window->scenarioPanel()->select(Node::Workload, m_id);
    QTest::qWait(100);
    QVERIFY(m_window->grab().save(folder + QStringLiteral("/hybridedit-workload.png")));
}

QTEST_MAIN(TestHybridEdit)
#include "test_hybridedit.moc"
