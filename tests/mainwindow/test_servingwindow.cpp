// Serving in the window, end to end: the workload editor counts the work in served requests
// (Llama-3.1-70B, 20 requests a second, 1000 tokens in and 300 out) and says the replica each
// option's GPU needs; Add API Option… adds an offer of the bundled API prices to the tree's API
// options; the results table shows tokens per second per GPU and the cost per million tokens;
// undo takes the option away; the document, opened again, holds all of it.
#include "editors/apioptioneditor.h"
#include "editors/numberfield.h"
#include "editors/servingfields.h"
#include "editors/workloadeditor.h"
#include "engine/costmodel.h"
#include "mainwindow/apioptiondialog.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "scenarioview/resultsmodel.h"
#include "scenarioview/scenarioview.h"
#include "store/document.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <memory>

using namespace breakeven;
using Node = ScenarioTreeModel::Node;

class TestServingWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void servingWorkloadAndAnApiOption();

private:
    StoredScenario reopened() const
    {
        return Document::open(m_path)->scenarios().loadStored(m_scenarioId);
    }
    static void choose(QComboBox *box, int index)
    {
        QVERIFY(index >= 0);
        box->setCurrentIndex(index);
        emit box->activated(index);
    }
    static void commit(NumberField *field, double shown)
    {
        field->spinBox()->setValue(shown);
        emit field->spinBox()->editingFinished();
    }
    static bool rowShown(QWidget *field)
    {
        auto *form = qobject_cast<QFormLayout *>(field->parentWidget()->layout());
        return form ? form->isRowVisible(field) : field->isVisible();
    }
    // The results row of the option named `name`, -1 for none.
    int resultsRow(const QString &name) const
    {
        ResultsModel *results = m_window->scenarioView()->resultsModel();
        for (int r = 0; r < results->rowCount(); ++r)
            if (results->index(r, ResultsModel::Name).data().toString() == name)
                return r;
        return -1;
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_window;
    qint64 m_scenarioId = 0;
};

void TestServingWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_servingwindow"));
    QSettings().clear();
}

void TestServingWindow::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("serving.breakeven"));
    Document::create(m_path);
    m_window = std::make_unique<MainWindow>(Document::open(m_path));
    m_window->setMessageHandler([](const QString &, const QString &) {});
    m_window->resize(1400, 900);
    m_window->show();
    m_scenarioId = m_window->currentScenarioId();
    QVERIFY(m_scenarioId > 0);
}

void TestServingWindow::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

void TestServingWindow::servingWorkloadAndAnApiOption()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    QUndoStack *stack = m_window->undoStack();
    const StoredScenario start = reopened();
    QVERIFY(!start.scenario.workload.serving);
    QVERIFY(start.scenario.apiOptions.empty());
    QVERIFY2(!start.scenario.cloudOptions.empty() || !start.scenario.onPremOptions.empty(), "an option to size");

    // GPU time, then Serving: its fields in place of the GPU-time rows.
    panel->select(Node::Workload, m_scenarioId);
    WorkloadEditor *workload = panel->workloadEditor();
    QCOMPARE(panel->currentEditor(), workload);
    QCOMPARE(workload->kindChoice()->currentIndex(), 0);
    QVERIFY(rowShown(workload->utilizationField()));
    QVERIFY(!rowShown(workload->servingFields()));
    const int before = stack->index();
    choose(workload->kindChoice(), 1);
    QCOMPARE(stack->index(), before + 1);
    QVERIFY(reopened().scenario.workload.serving);
    QVERIFY(rowShown(workload->servingFields()));
    QVERIFY(!rowShown(workload->utilizationField()));

    // Llama-3.1-70B at 20 requests a second, 1000 tokens in and 300 out: one step each.
    ServingFields *serving = workload->servingFields();
    QVERIFY(serving->modelChoice()->count() >= 20);
    choose(serving->modelChoice(), serving->modelChoice()->findData(QStringLiteral("Llama-3.1-70B")));
    commit(serving->requestsField(), 20);
    commit(serving->inputField(), 1000);
    commit(serving->outputField(), 300);
    const Serving stored = *reopened().scenario.workload.serving;
    QCOMPARE(stored.model, QStringLiteral("Llama-3.1-70B"));
    QCOMPARE(stored.requestsPerSecond, 20.0);
    QCOMPARE(stored.inputTokens, 1000.0);
    QCOMPARE(stored.outputTokens, 300.0);
    // The replica each option's GPU needs, in words.
    const QString replicas = serving->replicaNote()->text();
    QVERIFY2(replicas.contains(QStringLiteral("tokens/s per GPU")) || replicas.contains(QStringLiteral("cannot serve")),
             qPrintable(replicas));
    QVERIFY(panel->model()->find(Node::Workload, m_scenarioId).data().toString().contains(QStringLiteral("20 requests/s")));

    // Add API Option…: the offers serving the workload's model, searched for one provider.
    QTimer::singleShot(0, this, [] {
        auto *dialog = qobject_cast<AddApiOptionDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QVERIFY(dialog->workloadModelOnly()->isChecked());
        const int serving70b = dialog->view()->model()->rowCount();
        QVERIFY(serving70b > 0);
        dialog->workloadModelOnly()->setChecked(false);
        QVERIFY(dialog->view()->model()->rowCount() > serving70b);
        dialog->workloadModelOnly()->setChecked(true);
        dialog->searchField()->setText(QStringLiteral("together 3.1"));
        QCOMPARE(dialog->view()->model()->rowCount(), 1);
        dialog->view()->selectRow(0);
        QVERIFY(dialog->option());
        dialog->accept();
    });
    const int beforeAdd = stack->index();
    m_window->actions().addApiOption->trigger();
    QCOMPARE(stack->index(), beforeAdd + 1);
    const StoredScenario withApi = reopened();
    QCOMPARE(withApi.scenario.apiOptions.size(), std::size_t(1));
    const ApiOption &api = withApi.scenario.apiOptions.front();
    QCOMPARE(api.model, QStringLiteral("Llama-3.1-70B"));
    QVERIFY(api.provider.contains(QStringLiteral("together"), Qt::CaseInsensitive));
    QVERIFY(api.pricePerMillionInput > 0 && api.pricePerMillionOutput > 0);

    // In the tree, selected, with its editor.
    ScenarioTreeModel *tree = panel->model();
    QCOMPARE(tree->find(Node::ApiGroup, m_scenarioId).data().toString(), QStringLiteral("API options (1)"));
    const QModelIndex apiRow = tree->find(Node::ApiOption, withApi.ids.apiOptions.front());
    QVERIFY(apiRow.isValid());
    QCOMPARE(apiRow.data().toString(), api.name);
    QCOMPARE(panel->selectedNode(), Node::ApiOption);
    QCOMPARE(panel->currentEditor(), panel->apiOptionEditor());
    QCOMPARE(panel->apiOptionEditor()->modelEdit()->text(), QStringLiteral("Llama-3.1-70B"));

    // The results: the API's cost per million tokens, and a GPU option's tokens per second.
    ResultsModel *results = m_window->scenarioView()->resultsModel();
    QCOMPARE(results->columnCount(), int(ResultsModel::ServingColumnCount));
    QCOMPARE(results->headerData(ResultsModel::CostPerMillionTokens, Qt::Horizontal).toString(),
             QStringLiteral("Per M tokens"));
    const int apiResult = resultsRow(api.name);
    QVERIFY(apiResult >= 0);
    QCOMPARE(results->index(apiResult, ResultsModel::Kind).data().toString(), QStringLiteral("API"));
    QCOMPARE(results->index(apiResult, ResultsModel::Throughput).data().toString(), QStringLiteral("per token"));
    // Tokens per second and the cost per million tokens stand beside the TCO.
    QTableView *table = nullptr;
    for (QTableView *t : m_window->scenarioView()->findChildren<QTableView *>())
        if (auto *proxy = qobject_cast<QSortFilterProxyModel *>(t->model()); proxy && proxy->sourceModel() == results)
            table = t;
    QVERIFY(table);
    const int tco = table->horizontalHeader()->visualIndex(ResultsModel::Tco);
    QCOMPARE(table->horizontalHeader()->visualIndex(ResultsModel::TokensPerSecond), tco + 1);
    QCOMPARE(table->horizontalHeader()->visualIndex(ResultsModel::CostPerMillionTokens), tco + 2);
    const QString perMillion = results->index(apiResult, ResultsModel::CostPerMillionTokens).data().toString();
    QVERIFY2(perMillion != QStringLiteral("n/a") && perMillion.contains(QRegularExpression(QStringLiteral("\\d"))),
             qPrintable(perMillion));
    // Every token at the same price in and out: the cost per million tokens is that price, less what
    // discounting the later months takes off the bill (tokens are counted as they come).
    const double sorted = results->index(apiResult, ResultsModel::CostPerMillionTokens).data(ResultsModel::SortRole).toDouble();
    QVERIFY(sorted > 0);
    if (api.pricePerMillionInput == api.pricePerMillionOutput && withApi.scenario.currency == api.currency
        && withApi.scenario.apiPriceChangePerYear <= 0)
        QVERIFY2(sorted <= api.pricePerMillionInput * (1 + 1e-9) && sorted > 0.5 * api.pricePerMillionInput,
                 qPrintable(QString::number(sorted)));
    bool gpuServes = false;
    for (int r = 0; r < results->rowCount(); ++r)
        gpuServes = gpuServes || results->index(r, ResultsModel::TokensPerSecond).data(ResultsModel::SortRole).toDouble() > 0;
    QVERIFY(gpuServes);

    // An edit in the API option's editor is one step, kept in the document.
    commit(panel->apiOptionEditor()->outputPriceField(), 1.5);
    QCOMPARE(reopened().scenario.apiOptions.front().pricePerMillionOutput, 1.5);
    stack->undo();
    QCOMPARE(reopened().scenario.apiOptions.front().pricePerMillionOutput, api.pricePerMillionOutput);

    // Undo takes the option away, redo brings it back under its own id.
    stack->undo();
    QVERIFY(reopened().scenario.apiOptions.empty());
    QCOMPARE(tree->find(Node::ApiGroup, m_scenarioId).data().toString(), QStringLiteral("API options (0)"));
    QCOMPARE(resultsRow(api.name), -1);
    stack->redo();
    QCOMPARE(reopened().ids.apiOptions, withApi.ids.apiOptions);
    QVERIFY(tree->find(Node::ApiOption, withApi.ids.apiOptions.front()).isValid());

    // Delete on the selected API option removes it, one step.
    panel->select(Node::ApiOption, withApi.ids.apiOptions.front());
    m_window->actions().removePart->trigger();
    QVERIFY(reopened().scenario.apiOptions.empty());
    stack->undo();
    QCOMPARE(reopened().scenario.apiOptions.size(), std::size_t(1));

    // Opened again, in another window: the serving workload and the API option are there.
    const Scenario kept = reopened().scenario;
    m_window.reset();
    m_window = std::make_unique<MainWindow>(Document::open(m_path));
    m_window->setMessageHandler([](const QString &, const QString &) {});
    m_window->show();
    m_window->selectScenario(m_scenarioId);
    QVERIFY(reopened().scenario == kept);
    QVERIFY(kept.workload.serving && kept.workload.serving->model == QStringLiteral("Llama-3.1-70B"));
    QCOMPARE(m_window->scenarioPanel()->model()->find(Node::ApiGroup, m_scenarioId).data().toString(),
             QStringLiteral("API options (1)"));
    QVERIFY(resultsRow(api.name) >= 0);
}

QTEST_MAIN(TestServingWindow)
#include "test_servingwindow.moc"
