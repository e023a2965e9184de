// Ranges for the risk analysis edited in the window (docs/model.md, "Uncertainty"): a field's "±"
// popup and the ranges table in the scenario's settings. Each change is checked in a freshly
// reopened document, as one undo step; a refused one changes nothing and says why.
#include "commands/commands.h"
#include "editors/buildeditor.h"
#include "editors/cloudoptioneditor.h"
#include "editors/numberfield.h"
#include "editors/rangebuttons.h"
#include "editors/rangedialog.h"
#include "editors/rangestable.h"
#include "editors/scenarioeditor.h"
#include "editors/workloadeditor.h"
#include "exchange/scenariojson.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "models/rangesmodel.h"
#include "session/scenariosession.h"
#include "store/document.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <memory>

using namespace breakeven;
using Node = ScenarioTreeModel::Node;

class TestRanges : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void everyRangeableFieldHasAButton();
    void popupSetsARangeAsOneStep();
    void popupRefusesWhatIsWrong();
    void sharedRangeShownOnEachElement();
    void elementRangeBesideTheSharedOne();
    void tableShowsRangesFromJson();
    void tableCellEdits();
    void tableAddRemoveDefaultsSamples();

private:
    Scenario reopened() const;
    const UncertainInput *rangeOn(const Scenario &scenario, const QString &path) const;
    // Imports a copy of the shown scenario with `uncertainty`, named "Ranged", and shows its settings.
    void importWithRanges(const Uncertainty &uncertainty);

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_messages;
};

void TestRanges::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_ranges"));
    QSettings().clear();
}

void TestRanges::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("ranges.breakeven"));
    Document::create(m_path);
    m_window = std::make_unique<MainWindow>(Document::open(m_path));
    m_messages.clear();
    m_window->setMessageHandler([this](const QString &, const QString &text) { m_messages << text; });
    m_window->resize(1400, 900);
}

void TestRanges::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

Scenario TestRanges::reopened() const
{
    return Document::open(m_path)->scenarios().loadStored(m_window->currentScenarioId()).scenario;
}

const UncertainInput *TestRanges::rangeOn(const Scenario &scenario, const QString &path) const
{
    if (!scenario.uncertainty)
        return nullptr;
    for (const UncertainInput &input : scenario.uncertainty->inputs)
        if (input.path == path)
            return &input;
    return nullptr;
}

void TestRanges::importWithRanges(const Uncertainty &uncertainty)
{
    Scenario scenario = m_window->session()->current()->scenario;
    scenario.name = QStringLiteral("Ranged");
    scenario.uncertainty = uncertainty;
    const QString json = m_dir->filePath(QStringLiteral("ranged.json"));
    QFile file(json);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(writeScenarioJson(scenario));
    file.close();
    QVERIFY(m_window->importScenarioJson(json));
    QTRY_COMPARE(m_window->session()->current()->scenario.name, QStringLiteral("Ranged"));
    m_window->scenarioPanel()->select(Node::Scenario, m_window->currentScenarioId());
}

// Each editor puts a "±" beside the fields a range can be put on, and none beside the others.
void TestRanges::everyRangeableFieldHasAButton()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    RangeButtons *workload = panel->workloadEditor()->ranges();
    for (const char *key : {"gpus", "utilization", "minGpuMemoryGB", "growthPerYear", "storageGB", "egressGBPerMonth",
                            "jobReferenceGpuHours"})
        QVERIFY2(workload->buttonFor(QLatin1String(key)), key);
    QVERIFY(!workload->buttonFor(QStringLiteral("gpusPerJob")));
    RangeButtons *build = panel->buildEditor()->ranges();
    for (const char *key : {"electricityPerKWh", "hardwarePrice", "resaleHaircut", "pue", "lifetimeYears", "listPrice"})
        QVERIFY2(build->buttonFor(QLatin1String(key)), key);
    QVERIFY(!build->buttonFor(QStringLiteral("gpuCount")));
    RangeButtons *cloud = panel->cloudOptionEditor()->ranges();
    for (const char *key : {"pricePerHour", "priceChangePerYear", "reservedUpfrontShare", "priceMultiplier"})
        QVERIFY2(cloud->buttonFor(QLatin1String(key)), key);
    QVERIFY(!cloud->buttonFor(QStringLiteral("maxGpus")));
    RangeButtons *settings = panel->scenarioEditor()->ranges();
    for (const char *key : {"discountRatePerYear", "cloudPriceChangePerYear", "hardwarePriceChangePerYear",
                            "electricityPriceChangePerYear"})
        QVERIFY2(settings->buttonFor(QLatin1String(key)), key);
    QVERIFY(!settings->buttonFor(QStringLiteral("horizonMonths")));
}

void TestRanges::popupSetsARangeAsOneStep()
{
    const Scenario before = reopened();
    QVERIFY(!before.uncertainty); // a new document's scenarios use the default ranges
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Workload, m_window->currentScenarioId());
    RangeButtons *ranges = panel->workloadEditor()->ranges();
    QToolButton *growth = ranges->buttonFor(QStringLiteral("growthPerYear"));
    QVERIFY(!growth->isChecked()); // no default range on growth
    QVERIFY(ranges->buttonFor(QStringLiteral("utilization"))->isChecked()); // a default one on utilization
    QVERIFY(ranges->buttonFor(QStringLiteral("utilization"))->toolTip().contains(QStringLiteral("default")));

    QUndoStack *stack = m_window->undoStack();
    const int steps = stack->count();
    RangeDialog *dialog = ranges->openDialog(QStringLiteral("growthPerYear"));
    QVERIFY(dialog);
    dialog->valuesChoice()->setChecked(true);
    dialog->lowBox()->setValue(-10); // shown in %, as the field is
    dialog->highBox()->setValue(30);
    dialog->distributionBox()->setCurrentIndex(dialog->distributionBox()->findData(QStringLiteral("uniform")));
    dialog->apply();
    QVERIFY(dialog->message().isEmpty());

    const Scenario after = reopened();
    const UncertainInput *growthRange = rangeOn(after, QStringLiteral("workload.growthPerYear"));
    QVERIFY(growthRange);
    QCOMPARE(*growthRange->low, -0.1);
    QCOMPARE(*growthRange->high, 0.3);
    QVERIFY(growthRange->distribution == Distribution::Uniform);
    // The default ranges were written in with it: the one on utilization is still there.
    QVERIFY(rangeOn(after, QStringLiteral("workload.utilization")));
    QCOMPARE(stack->count(), steps + 1);
    QVERIFY2(stack->undoText().contains(QStringLiteral("range of yearly growth of the workload")), qPrintable(stack->undoText()));
    QTRY_VERIFY(growth->isChecked());
    QVERIFY2(growth->toolTip().contains(QStringLiteral("−10 %–30 %")) || growth->toolTip().contains(QStringLiteral("-10 %–30 %")),
             qPrintable(growth->toolTip()));
    QVERIFY(growth->toolTip().contains(QStringLiteral("uniform")));

    // A second range is a step of its own.
    dialog = ranges->openDialog(QStringLiteral("storageGB"));
    dialog->valuesChoice()->setChecked(true);
    dialog->lowBox()->setValue(100);
    dialog->highBox()->setValue(500);
    dialog->apply();
    QCOMPARE(stack->count(), steps + 2);
    QVERIFY(rangeOn(reopened(), QStringLiteral("workload.storageGB")));

    stack->undo();
    QVERIFY(!rangeOn(reopened(), QStringLiteral("workload.storageGB")));
    QVERIFY(rangeOn(reopened(), QStringLiteral("workload.growthPerYear")));
    stack->undo();
    QCOMPARE(reopened().uncertainty, before.uncertainty); // back to the default ranges
    QTRY_VERIFY(!growth->isChecked());
    stack->redo();
    QCOMPARE(*rangeOn(reopened(), QStringLiteral("workload.growthPerYear")), *growthRange);
    QTRY_VERIFY(growth->isChecked());

    // Remove Range takes it out, again as one step.
    dialog = ranges->openDialog(QStringLiteral("growthPerYear"));
    QVERIFY(dialog->removeButton()->isEnabled());
    dialog->removeRange();
    QVERIFY(!rangeOn(reopened(), QStringLiteral("workload.growthPerYear")));
    QTRY_VERIFY(!growth->isChecked());
}

void TestRanges::popupRefusesWhatIsWrong()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Workload, m_window->currentScenarioId());
    RangeButtons *ranges = panel->workloadEditor()->ranges();
    const Scenario before = reopened();
    const int steps = m_window->undoStack()->count();
    const auto refused = [&](RangeDialog *dialog, const QString &words) {
        dialog->apply();
        QVERIFY2(dialog->message().contains(words), qPrintable(words + QStringLiteral(": ") + dialog->message()));
        QVERIFY(dialog->result() == Scenario()); // nothing to write
        QCOMPARE(m_window->undoStack()->count(), steps);
        QCOMPARE(reopened(), before);
    };
    RangeDialog *dialog = ranges->openDialog(QStringLiteral("utilization"));
    dialog->valuesChoice()->setChecked(true);
    dialog->lowBox()->setValue(40);
    dialog->highBox()->setValue(120); // a utilization is at most 100 %
    refused(dialog, QStringLiteral("at most 100 %"));
    dialog->lowBox()->setValue(70);
    dialog->highBox()->setValue(60);
    refused(dialog, QStringLiteral("above the high end"));
    dialog->factorsChoice()->setChecked(true);
    dialog->lowBox()->setValue(-0.5);
    dialog->highBox()->setValue(1.2);
    refused(dialog, QStringLiteral("above 0"));
    dialog->reject();

    // A field with no value of its own (work per job unset) takes no factors.
    Workload unset = before.workload;
    unset.jobReferenceGpuHours.reset();
    commands::editWorkload(*m_window->context(), m_window->currentScenarioId(), before.name,
                           QStringLiteral("jobReferenceGpuHours"), QStringLiteral("work per job"), before.workload, unset);
    const Scenario withoutJobs = reopened();
    QVERIFY(!withoutJobs.workload.jobReferenceGpuHours);
    const int stepsWithoutJobs = m_window->undoStack()->count();
    dialog = ranges->openDialog(QStringLiteral("jobReferenceGpuHours"));
    dialog->factorsChoice()->setChecked(true);
    dialog->lowBox()->setValue(0.8);
    dialog->highBox()->setValue(1.2);
    dialog->apply();
    QVERIFY2(dialog->message().contains(QStringLiteral("no value")), qPrintable(dialog->message()));
    QCOMPARE(m_window->undoStack()->count(), stepsWithoutJobs);
    QCOMPARE(reopened(), withoutJobs);
    dialog->reject();
}

void TestRanges::sharedRangeShownOnEachElement()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    const StoredScenario stored = *m_window->session()->current();
    QVERIFY(stored.ids.cloudOptions.size() >= 1);
    panel->select(Node::CloudOption, stored.ids.cloudOptions.back());
    QToolButton *price = panel->cloudOptionEditor()->ranges()->buttonFor(QStringLiteral("pricePerHour"));
    // The default cloud-price range is shared by every cloud option.
    QVERIFY(price->isChecked());
    QVERIFY(price->property("sharedRange").toBool());
    QVERIFY2(price->toolTip().contains(QStringLiteral("Every cloud option")), qPrintable(price->toolTip()));
    QVERIFY2(price->toolTip().contains(QStringLiteral("×0.8–×1.2")), qPrintable(price->toolTip()));
    QVERIFY(price->toolTip().contains(QStringLiteral("shared")));
    // Its popup opens on the shared range.
    RangeDialog *dialog = panel->cloudOptionEditor()->ranges()->openDialog(QStringLiteral("pricePerHour"));
    QVERIFY(dialog->sharedChoice()->isChecked());
    QCOMPARE(dialog->currentPath(), QStringLiteral("cloudOptions[*].pricePerHour"));
    QCOMPARE(dialog->lowBox()->value(), 0.8);
    dialog->reject();

    // The hardware price of a build: its default shared range, on its "±" beside the derived price.
    panel->select(Node::Build, stored.ids.builds.front());
    QToolButton *hardware = panel->buildEditor()->ranges()->buttonFor(QStringLiteral("hardwarePrice"));
    QVERIFY(hardware->isVisible() || !m_window->isVisible());
    QVERIFY(hardware->isChecked());
    QVERIFY2(hardware->toolTip().contains(QStringLiteral("×0.9–×1.1")), qPrintable(hardware->toolTip()));
}

void TestRanges::elementRangeBesideTheSharedOne()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    const StoredScenario stored = *m_window->session()->current();
    const int last = int(stored.ids.cloudOptions.size()) - 1;
    panel->select(Node::CloudOption, stored.ids.cloudOptions.back());
    RangeButtons *ranges = panel->cloudOptionEditor()->ranges();
    QCOMPARE(ranges->pathOf(QStringLiteral("pricePerHour")), QStringLiteral("cloudOptions[%1].pricePerHour").arg(last));
    RangeDialog *dialog = ranges->openDialog(QStringLiteral("pricePerHour"));
    dialog->elementChoice()->setChecked(true);
    dialog->factorsChoice()->setChecked(true);
    dialog->lowBox()->setValue(0.5);
    dialog->highBox()->setValue(1.0);
    dialog->apply();
    const Scenario after = reopened();
    const UncertainInput *own = rangeOn(after, ranges->pathOf(QStringLiteral("pricePerHour")));
    QVERIFY(own);
    QCOMPARE(*own->lowFactor, 0.5);
    QVERIFY(rangeOn(after, QStringLiteral("cloudOptions[*].pricePerHour"))); // the shared one stays
    QToolButton *price = ranges->buttonFor(QStringLiteral("pricePerHour"));
    QTRY_VERIFY(!price->property("sharedRange").toBool());
    QVERIFY2(price->toolTip().contains(QStringLiteral("×0.5–×1")), qPrintable(price->toolTip()));
    QVERIFY(price->toolTip().contains(QStringLiteral("Every cloud option")));
}

void TestRanges::tableShowsRangesFromJson()
{
    Uncertainty u;
    u.samples = 2500;
    u.seed = 77;
    UncertainInput utilization;
    utilization.path = QStringLiteral("workload.utilization");
    utilization.low = 0.3;
    utilization.high = 0.8;
    UncertainInput prices;
    prices.path = QStringLiteral("cloudOptions[*].pricePerHour");
    prices.lowFactor = 0.7;
    prices.highFactor = 1.1;
    prices.distribution = Distribution::Uniform;
    u.inputs = {utilization, prices};
    importWithRanges(u);
    QCOMPARE(reopened().uncertainty, std::optional<Uncertainty>(u));

    ScenarioEditor *editor = m_window->scenarioPanel()->scenarioEditor();
    QCOMPARE(m_window->scenarioPanel()->currentEditor(), editor);
    RangesTable *table = editor->rangesTable();
    RangesModel *model = table->model();
    QCOMPARE(model->rowCount(), 2);
    const auto cell = [model](int row, int column) { return model->index(row, column).data().toString(); };
    QCOMPARE(cell(0, RangesModel::FieldColumn), QStringLiteral("Utilization"));
    QCOMPARE(model->index(0, RangesModel::FieldColumn).data(Qt::ToolTipRole).toString(), QStringLiteral("Utilization"));
    QCOMPARE(cell(0, RangesModel::LowColumn), QStringLiteral("30 %"));
    QCOMPARE(cell(0, RangesModel::HighColumn), QStringLiteral("80 %"));
    QCOMPARE(cell(0, RangesModel::GivenColumn), RangesModel::valuesText());
    QCOMPARE(cell(0, RangesModel::DistributionColumn), QStringLiteral("triangular"));
    QCOMPARE(cell(1, RangesModel::FieldColumn), QStringLiteral("Every cloud option's price per hour"));
    QCOMPARE(model->index(1, RangesModel::FieldColumn).data(Qt::ToolTipRole).toString(),
             QStringLiteral("Every cloud option's price per hour, one draw shared by all"));
    QCOMPARE(cell(1, RangesModel::LowColumn), QStringLiteral("×0.7"));
    QCOMPARE(cell(1, RangesModel::HighColumn), QStringLiteral("×1.1"));
    QCOMPARE(cell(1, RangesModel::GivenColumn), RangesModel::factorsText());
    QCOMPARE(cell(1, RangesModel::DistributionColumn), QStringLiteral("uniform"));
    QCOMPARE(table->samplesField()->value(), 2500.0);
    QCOMPARE(table->seedField()->value(), 77.0);
    QVERIFY(!table->note()->text().contains(QStringLiteral("Default ranges")));
    QVERIFY(table->defaultsButton()->isEnabled());

    // A scenario without a block lists the default ranges and says so.
    m_window->undoStack()->undo(); // the import
    QTRY_VERIFY(m_window->session()->current()->scenario.name != QStringLiteral("Ranged"));
    m_window->scenarioPanel()->select(Node::Scenario, m_window->currentScenarioId());
    QVERIFY(table->model()->showsDefaults());
    QVERIFY(table->note()->text().contains(QStringLiteral("Default ranges in use")));
    QVERIFY(table->model()->rowCount() >= 1);
    QVERIFY(!table->defaultsButton()->isEnabled());
}

void TestRanges::tableCellEdits()
{
    Uncertainty u;
    UncertainInput utilization;
    utilization.path = QStringLiteral("workload.utilization");
    utilization.low = 0.3;
    utilization.high = 0.8;
    u.inputs = {utilization};
    importWithRanges(u);
    RangesTable *table = m_window->scenarioPanel()->scenarioEditor()->rangesTable();
    RangesModel *model = table->model();
    QUndoStack *stack = m_window->undoStack();
    int steps = stack->index();

    QVERIFY(model->setData(model->index(0, RangesModel::LowColumn), QStringLiteral("20"), Qt::EditRole));
    QCOMPARE(*rangeOn(reopened(), utilization.path)->low, 0.2);
    QCOMPARE(stack->index(), ++steps);
    QTRY_COMPARE(model->index(0, RangesModel::LowColumn).data().toString(), QStringLiteral("20 %"));
    QVERIFY(model->setData(model->index(0, RangesModel::DistributionColumn), QStringLiteral("uniform"), Qt::EditRole));
    QVERIFY(rangeOn(reopened(), utilization.path)->distribution == Distribution::Uniform);
    QCOMPARE(stack->index(), ++steps);
    // Values to factors: the same range through the field's value.
    const double own = reopened().workload.utilization;
    QVERIFY(model->setData(model->index(0, RangesModel::GivenColumn), RangesModel::factorsText(), Qt::EditRole));
    const Scenario convertedScenario = reopened(); // kept: `converted` points into it
    const UncertainInput *converted = rangeOn(convertedScenario, utilization.path);
    QVERIFY(converted->relative());
    QVERIFY(qAbs(*converted->lowFactor * own - 0.2) < 1e-12);
    QVERIFY(qAbs(*converted->highFactor * own - 0.8) < 1e-12);
    QCOMPARE(stack->index(), ++steps);
    stack->undo();
    QVERIFY(!rangeOn(reopened(), utilization.path)->relative());
    --steps;

    // Refused: not a number, low above high, beyond the field's bounds; nothing changes.
    const Scenario before = reopened();
    QVERIFY(!model->setData(model->index(0, RangesModel::LowColumn), QStringLiteral("abc"), Qt::EditRole));
    QVERIFY2(table->message().contains(QStringLiteral("not a number")), qPrintable(table->message()));
    QVERIFY(!model->setData(model->index(0, RangesModel::LowColumn), QStringLiteral("90"), Qt::EditRole));
    QVERIFY2(table->message().contains(QStringLiteral("above the high end")), qPrintable(table->message()));
    QVERIFY(!model->setData(model->index(0, RangesModel::HighColumn), QStringLiteral("150"), Qt::EditRole));
    QVERIFY2(table->message().contains(QStringLiteral("at most 100 %")), qPrintable(table->message()));
    QCOMPARE(reopened(), before);
    QCOMPARE(stack->index(), steps);
}

void TestRanges::tableAddRemoveDefaultsSamples()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Scenario, m_window->currentScenarioId());
    RangesTable *table = panel->scenarioEditor()->rangesTable();
    QUndoStack *stack = m_window->undoStack();
    const Scenario before = reopened();
    QVERIFY(!before.uncertainty);
    const int defaults = table->model()->rowCount();

    // Adding a range writes the defaults in with it.
    table->addRange(QStringLiteral("discountRatePerYear"));
    Scenario after = reopened();
    QVERIFY(after.uncertainty);
    QCOMPARE(int(after.uncertainty->inputs.size()), defaults + 1);
    const UncertainInput *discount = rangeOn(after, QStringLiteral("discountRatePerYear"));
    QVERIFY(discount);
    if (discount->relative()) // ×0.8–×1.2 of a rate it has, else a range around 0
        QVERIFY(before.discountRatePerYear != 0 && *discount->lowFactor < 1 && *discount->highFactor > 1);
    else
        QVERIFY(*discount->low <= before.discountRatePerYear && before.discountRatePerYear <= *discount->high);
    QTRY_COMPARE(table->model()->rowCount(), defaults + 1);
    QVERIFY(!table->note()->text().contains(QStringLiteral("Default ranges")));
    // The path chooser lists the scenario's fields; the one that has a range is not offered again.
    bool offered = false;
    for (QAction *group : table->addButton()->menu()->actions())
        for (QAction *path : group->menu()->actions())
            if (path->data().toString() == QLatin1String("discountRatePerYear")) {
                offered = true;
                QVERIFY(!path->isEnabled());
            }
    QVERIFY(offered);
    // The settings editor's "±" follows.
    QTRY_VERIFY(panel->scenarioEditor()->ranges()->buttonFor(QStringLiteral("discountRatePerYear"))->isChecked());

    // Removing the selected row.
    const int row = defaults; // added last
    QCOMPARE(table->model()->pathAt(row), QStringLiteral("discountRatePerYear"));
    table->table()->selectRow(row);
    table->removeSelected();
    QVERIFY(!rangeOn(reopened(), QStringLiteral("discountRatePerYear")));
    QCOMPARE(int(reopened().uncertainty->inputs.size()), defaults);
    QTRY_VERIFY(!panel->scenarioEditor()->ranges()->buttonFor(QStringLiteral("discountRatePerYear"))->isChecked());

    // Samples and seed.
    table->samplesField()->spinBox()->setValue(5000);
    emit table->samplesField()->spinBox()->editingFinished();
    QCOMPARE(reopened().uncertainty->samples, 5000);
    table->seedField()->spinBox()->setValue(123456789012);
    emit table->seedField()->spinBox()->editingFinished();
    QCOMPARE(reopened().uncertainty->seed, quint64(123456789012));

    // Use Defaults drops the block; one undo brings it back.
    const int steps = stack->count();
    QVERIFY(table->defaultsButton()->isEnabled());
    table->useDefaults();
    QVERIFY(!reopened().uncertainty);
    QCOMPARE(stack->count(), steps + 1);
    QTRY_VERIFY(table->note()->text().contains(QStringLiteral("Default ranges in use")));
    stack->undo();
    QCOMPARE(reopened().uncertainty->seed, quint64(123456789012));
}

QTEST_MAIN(TestRanges)
#include "test_ranges.moc"
