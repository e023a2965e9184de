// Scenario › Compare Scenarios and Duplicate Scenario, offscreen: a 3-year-life scenario and its
// 5-year variant side by side, each figure of the table the scenario's own result, both drawn.
#include "compare/comparescenariosdialog.h"
#include "compare/scenariocomparison.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "exchange/scenariojson.h"
#include "mainwindow/mainwindow.h"
#include "scenarioview/scenarioview.h"
#include "session/scenariosession.h"
#include "store/document.h"

#include <QChart>
#include <QCoreApplication>
#include <QLineSeries>
#include <QListWidget>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using namespace breakeven;

namespace {

const QString kThree = QStringLiteral("H100, 3-year life");
const QString kFive = QStringLiteral("H100, 5-year life");

Scenario example(const QString &name, double years)
{
    Scenario scenario = readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
    scenario.name = name;
    scenario.horizonMonths = 60; // a 3-year life buys again inside it, a 5-year one does not
    for (OnPremBuild &build : scenario.onPremOptions)
        build.lifetimeYears = years;
    return scenario;
}

// The cell of the row labelled `label` (the header's tooltip: its text may be elided) in the
// column of `scenario`; null when there is none.
QString cell(const QTableWidget *table, const QString &label, const QString &scenario)
{
    int row = -1;
    int column = -1;
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->verticalHeaderItem(r) && table->verticalHeaderItem(r)->toolTip() == label)
            row = r;
    for (int c = 0; c < table->columnCount(); ++c)
        if (table->horizontalHeaderItem(c) && table->horizontalHeaderItem(c)->text() == scenario)
            column = c;
    if (row < 0 || column < 0 || !table->item(row, column))
        return {};
    return table->item(row, column)->text();
}

} // namespace

class TestCompareScenarios : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_comparescenarios"));
        QSettings().clear();
    }

    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_path = m_dir->filePath(QStringLiteral("compare.breakeven"));
        {
            auto document = Document::create(m_path);
            document->scenarios().add(example(kThree, 3));
            document->scenarios().add(example(kFive, 5));
        }
        m_window = std::make_unique<MainWindow>(Document::open(m_path));
        m_window->setMessageHandler([](const QString &, const QString &) {});
        m_window->resize(1400, 900);
    }

    void cleanup()
    {
        m_window.reset();
        m_dir.reset();
    }

    // At first the scenario shown and the one shown before it are ticked, not every scenario of
    // the document (a new document has the bundled examples too).
    void ticksTheScenarioShownAndTheOneBefore()
    {
        const auto idOf = [&](const QString &name) { return *m_window->document()->scenarios().findId(name); };
        QVERIFY(m_window->document()->scenarios().names().size() > 3);
        m_window->selectScenario(idOf(kFive));
        m_window->selectScenario(idOf(kThree));
        CompareScenariosDialog *dialog = m_window->compareScenarios();
        QVERIFY(dialog);
        QStringList names;
        for (const auto &compared : dialog->compared())
            names << compared.name;
        names.sort();
        QCOMPARE(names, (QStringList{kThree, kFive}));
        dialog->close();
    }

    void tableHoldsEachScenariosOwnResults()
    {
        QVERIFY(m_window->actions().compareScenarios);
        QVERIFY(m_window->actions().compareScenarios->isEnabled());
        CompareScenariosDialog *dialog = m_window->compareScenarios();
        QVERIFY(dialog);
        dialog->setTicked({kThree, kFive});
        QCOMPARE(int(dialog->compared().size()), 2);
        const QTableWidget *table = dialog->table();
        QCOMPARE(table->columnCount(), 2);

        const GpuCatalog &catalog = m_window->session()->gpuCatalog();
        QStringList payoffs;
        for (const QString &name : {kThree, kFive}) {
            // The scenario's own results, worked out here from the stored scenario.
            const Scenario scenario = m_window->document()->scenarios().load(name);
            const CostModel model(assemble(scenario, catalog));
            const Evaluation e = model.evaluate(scenario.workload.utilization);
            QVERIFY(e.cheapest);
            QCOMPARE(cell(table, QStringLiteral("Cheapest at the horizon"), name), model.option(*e.cheapest).name);
            QCOMPARE(cell(table, QStringLiteral("Its TCO"), name), formatMoney(e.tco(*e.cheapest), model.input().currency, 0));
            for (int i = 0; i < model.optionCount(); ++i) {
                if (!model.isFeasible(i))
                    continue;
                QCOMPARE(cell(table, QStringLiteral("TCO: %1").arg(model.option(i).name), name),
                         formatMoney(e.tco(i), model.input().currency, 0));
            }
            const std::vector<PairResult> pairs = model.pairs(e);
            QVERIFY(!pairs.empty());
            QString all;
            for (const PairResult &pair : pairs) {
                const QString onPrem = model.option(pair.onPrem).name;
                const QString cloud = model.option(pair.cloud).name;
                const QString payoff = cell(table, QStringLiteral("Buying %1 pays off against %2").arg(onPrem, cloud), name);
                QCOMPARE(payoff, payoffCell(model, pair));
                QCOMPARE(cell(table, QStringLiteral("Break-even utilization, %1 vs %2").arg(onPrem, cloud), name),
                         breakEvenCell(pair));
                if (pair.breakEvenUtilization)
                    QVERIFY(cell(table, QStringLiteral("Break-even utilization, %1 vs %2").arg(onPrem, cloud), name)
                                .contains(formatPercent(*pair.breakEvenUtilization, 1)));
                all += payoff;
            }
            payoffs << all;

            // Both scenarios' curves are drawn, one per feasible option.
            int curves = 0;
            for (QLineSeries *series : dialog->curves())
                if (series->name().startsWith(name + QStringLiteral(" — "))) {
                    ++curves;
                    QCOMPARE(series->points().size(), model.horizonMonths() + 1);
                }
            int feasible = 0;
            for (int i = 0; i < model.optionCount(); ++i)
                feasible += model.isFeasible(i) ? 1 : 0;
            QCOMPARE(curves, feasible);
        }
        QVERIFY2(payoffs[0] != payoffs[1], "the two lifetimes should not pay off alike");
        // One colour per scenario, the same option in the same line style.
        const QList<QLineSeries *> &curves = dialog->curves();
        QVERIFY(curves.size() >= 2);
        QVERIFY(curves.first()->pen().color() != curves.last()->pen().color());

        // Unticking one of the two leaves the other's column (a new document holds the bundled
        // examples too: the list names more scenarios than are ticked).
        QListWidgetItem *three = nullptr;
        for (int row = 0; row < dialog->scenarioList()->count(); ++row)
            if (dialog->scenarioList()->item(row)->text() == kThree)
                three = dialog->scenarioList()->item(row);
        QVERIFY(three);
        three->setCheckState(Qt::Unchecked);
        QCOMPARE(int(dialog->compared().size()), 1);
        QCOMPARE(table->columnCount(), 1);
        QCOMPARE(table->horizontalHeaderItem(0)->text(), kFive);
        dialog->close();
    }

    void duplicateMakesAnIdenticalScenarioAndUndoRemovesIt()
    {
        auto names = [this] { return Document::open(m_path)->scenarios().names(); };
        const qint64 three = *m_window->document()->scenarios().findId(kThree);
        m_window->selectScenario(three);
        QCOMPARE(m_window->scenarioView()->scenario().name, kThree);
        const int before = int(names().size());
        m_window->duplicateScenario();
        const QStringList after = names();
        QCOMPARE(int(after.size()), before + 1);
        const QString copyName = after.last();
        QVERIFY(copyName.startsWith(kThree));
        Scenario copy = Document::open(m_path)->scenarios().load(copyName);
        const Scenario original = Document::open(m_path)->scenarios().load(kThree);
        copy.name = original.name;
        QCOMPARE(writeScenarioJson(copy), writeScenarioJson(original));
        m_window->undoStack()->undo();
        QVERIFY(!names().contains(copyName));
        QCOMPARE(int(names().size()), before);
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(TestCompareScenarios)
#include "test_comparescenarios.moc"
