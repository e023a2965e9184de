// The serving example of the first start, end to end in the window: "Llama 3.1 70B: an API, rented
// H100s, or a server of our own" is among the scenarios of a new document, and the guide of an
// empty scenario names it; its results table gives each option's cost per million tokens; the
// traffic, changed in the workload editor, moves them and undo puts them back; a range put on the
// API's output price through the "±" of its editor is one undo step, and the risk tornado names it
// in words; a copy saved and opened again holds it all.
#include "editors/apioptioneditor.h"
#include "editors/numberfield.h"
#include "editors/rangebuttons.h"
#include "editors/rangedialog.h"
#include "editors/rangeinputs.h"
#include "editors/servingfields.h"
#include "editors/workloadeditor.h"
#include "help/emptyscenarioguide.h"
#include "charts/tornadochart.h"
#include "engine/risk.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "scenarioview/resultsmodel.h"
#include "scenarioview/riskpanel.h"
#include "scenarioview/scenarioview.h"
#include "scenarioview/utilizationbar.h"
#include "session/riskrunner.h"
#include "store/document.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QRadioButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <cmath>
#include <map>
#include <memory>

using namespace breakeven;
using Node = ScenarioTreeModel::Node;

namespace {

const QString kExample = QStringLiteral("Llama 3.1 70B: an API, rented H100s, or a server of our own");
const QString kOutputPrice = QStringLiteral("pricePerMillionOutput");

} // namespace

class TestServingExample : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void theFirstStartOffersIt();
    void trafficMovesTheCostPerMillionTokens();
    void aRangeOnAnApiPriceFromItsEditor();

private:
    StoredScenario reopened() const { return Document::open(m_path)->scenarios().loadStored(m_scenarioId); }
    // The cost per million tokens of each option the results table lists, by name.
    std::map<QString, double> costsPerMillion() const
    {
        std::map<QString, double> costs;
        ResultsModel *results = m_window->scenarioView()->resultsModel();
        for (int r = 0; r < results->rowCount(); ++r)
            costs[results->index(r, ResultsModel::Name).data().toString()]
                = results->index(r, ResultsModel::CostPerMillionTokens).data(ResultsModel::SortRole).toDouble();
        return costs;
    }
    static void commit(NumberField *field, double shown)
    {
        field->spinBox()->setValue(shown);
        emit field->spinBox()->editingFinished();
    }
    static bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b)); }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    std::unique_ptr<MainWindow> m_window;
    qint64 m_scenarioId = 0;
};

void TestServingExample::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_servingexample"));
    QSettings().clear();
}

void TestServingExample::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("first.breakeven"));
    Document::create(m_path);
    m_window = std::make_unique<MainWindow>(Document::open(m_path));
    m_window->setMessageHandler([](const QString &, const QString &) {});
    m_window->resize(1400, 900);
    m_window->show();
    m_scenarioId = 0;
    for (const ScenarioSummary &summary : m_window->document()->scenarios().list())
        if (summary.name == kExample)
            m_scenarioId = summary.id;
    QVERIFY2(m_scenarioId > 0, "the serving example is among the first start's scenarios");
    m_window->selectScenario(m_scenarioId);
    QCOMPARE(m_window->currentScenarioId(), m_scenarioId);
}

void TestServingExample::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

// By its name, with a serving workload, an owned server, a rented H100 offer and an API, each priced
// per million tokens in the results table: owning cheapest, renting next, the API dearest at 20
// requests a second.
void TestServingExample::theFirstStartOffersIt()
{
    const Scenario scenario = reopened().scenario;
    QVERIFY(scenario.workload.serving);
    QCOMPARE(scenario.workload.serving->model, QStringLiteral("Llama-3.1-70B"));
    QCOMPARE(scenario.workload.serving->requestsPerSecond, 20.0);
    QCOMPARE(scenario.onPremOptions.size(), std::size_t(1));
    QCOMPARE(scenario.cloudOptions.size(), std::size_t(1));
    QCOMPARE(scenario.apiOptions.size(), std::size_t(1));
    // The first scenario a new user sees is still the 8 × H100 server against renting.
    QCOMPARE(m_window->document()->scenarios().list().front().name, QStringLiteral("8 × H100 server vs renting"));
    // The guide of an empty scenario points to it by name.
    bool named = false;
    for (const QLabel *label : m_window->scenarioView()->emptyGuide()->findChildren<QLabel *>())
        named = named || label->text().contains(kExample);
    QVERIFY(named);

    const auto costs = costsPerMillion();
    const QString own = scenario.onPremOptions.front().name;
    const QString rent = scenario.cloudOptions.front().name;
    const ApiOption &api = scenario.apiOptions.front();
    QCOMPARE(costs.size(), std::size_t(3));
    for (const auto &[name, cost] : costs)
        QVERIFY2(cost > 0, qPrintable(name));
    QVERIFY(costs.at(own) < costs.at(rent));
    QVERIFY(costs.at(rent) < costs.at(api.name));
    // Every token at one price: the API's cost per million tokens is that price, less what
    // discounting the later months takes off.
    QCOMPARE(api.pricePerMillionInput, api.pricePerMillionOutput);
    QVERIFY(costs.at(api.name) <= api.pricePerMillionInput && costs.at(api.name) > 0.85 * api.pricePerMillionInput);
    // Shown as text with digits, not "n/a".
    ResultsModel *results = m_window->scenarioView()->resultsModel();
    for (int r = 0; r < results->rowCount(); ++r)
        QVERIFY(results->index(r, ResultsModel::CostPerMillionTokens).data().toString().contains(QRegularExpression(QStringLiteral("\\d"))));
}

// A quarter of the traffic, then a lower utilization: the owned server's fixed cost is spread over
// fewer tokens, the API's price per token stays; one undo step puts each back.
void TestServingExample::trafficMovesTheCostPerMillionTokens()
{
    const Scenario scenario = reopened().scenario;
    const QString own = scenario.onPremOptions.front().name;
    const QString api = scenario.apiOptions.front().name;
    const auto before = costsPerMillion();
    QUndoStack *stack = m_window->undoStack();

    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::Workload, m_scenarioId);
    ServingFields *serving = panel->workloadEditor()->servingFields();
    QVERIFY(serving->isVisibleTo(panel));
    QCOMPARE(serving->requestsField()->spinBox()->value(), 20.0);
    const int steps = stack->index();
    commit(serving->requestsField(), 5);
    QCOMPARE(stack->index(), steps + 1);
    QCOMPARE(reopened().scenario.workload.serving->requestsPerSecond, 5.0);
    const auto quarter = costsPerMillion();
    QVERIFY2(quarter.at(own) > 2 * before.at(own), qPrintable(QStringLiteral("%1 → %2").arg(before.at(own)).arg(quarter.at(own))));
    QVERIFY(near(quarter.at(api), before.at(api)));

    stack->undo();
    QCOMPARE(reopened().scenario.workload.serving->requestsPerSecond, 20.0);
    const auto restored = costsPerMillion();
    for (const auto &[name, cost] : before)
        QVERIFY2(near(restored.at(name), cost), qPrintable(name));
    stack->redo();
    QVERIFY(near(costsPerMillion().at(own), quarter.at(own)));
    stack->undo();

    // The utilization slider: the mean traffic is that share of the peak the fleet is sized for, so
    // at 30 % the same server serves fewer tokens and each costs more; the API's price stays. One
    // step, undone.
    UtilizationBar *bar = m_window->scenarioView()->utilizationBar();
    QCOMPARE(bar->slider()->value(), int(std::lround(100 * scenario.workload.utilization)));
    const int beforeSlider = stack->index();
    bar->slider()->setValue(30);
    QCOMPARE(stack->index(), beforeSlider + 1);
    QCOMPARE(reopened().scenario.workload.utilization, 0.3);
    const auto quieter = costsPerMillion();
    QVERIFY2(quieter.at(own) > 1.5 * before.at(own), qPrintable(QStringLiteral("%1 → %2").arg(before.at(own)).arg(quieter.at(own))));
    QVERIFY(near(quieter.at(api), before.at(api)));
    stack->undo();
    QCOMPARE(reopened().scenario.workload.utilization, scenario.workload.utilization);
    QCOMPARE(bar->slider()->value(), int(std::lround(100 * scenario.workload.utilization)));
    for (const auto &[name, cost] : before)
        QVERIFY2(near(costsPerMillion().at(name), cost), qPrintable(name));
}

void TestServingExample::aRangeOnAnApiPriceFromItsEditor()
{
    const StoredScenario stored = reopened();
    QVERIFY(!stored.scenario.uncertainty); // the default ranges until the first change
    const ApiOption &api = stored.scenario.apiOptions.front();
    const QString path = QStringLiteral("apiOptions[0].") + kOutputPrice;
    QUndoStack *stack = m_window->undoStack();
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(Node::ApiOption, stored.ids.apiOptions.front());
    QCOMPARE(panel->currentEditor(), panel->apiOptionEditor());
    RangeButtons *ranges = panel->apiOptionEditor()->ranges();

    // A "±" beside each price and the price change; none beside the rate limit.
    for (const char *key : {"pricePerMillionInput", "pricePerMillionOutput", "pricePerMillionCachedInput",
                            "priceChangePerYear"}) {
        QToolButton *button = ranges->buttonFor(QLatin1String(key));
        QVERIFY2(button && button->isEnabled(), key);
    }
    QVERIFY(!ranges->buttonFor(QStringLiteral("maxTokensPerMinute")));
    QCOMPARE(ranges->pathOf(kOutputPrice), path);
    // The default ranges vary every API's output price together: lit, shared.
    QVERIFY(ranges->buttonFor(kOutputPrice)->isChecked());
    QVERIFY(ranges->buttonFor(kOutputPrice)->property("sharedRange").toBool());

    // This API's own range: 0.50 to 1.50 USD per million output tokens, one step.
    RangeDialog *dialog = ranges->openDialog(kOutputPrice);
    QVERIFY(dialog);
    QVERIFY(dialog->elementChoice());
    QCOMPARE(dialog->elementChoice()->text(), QStringLiteral("This API option"));
    QCOMPARE(dialog->sharedChoice()->text(), QStringLiteral("Every API option, one shared draw"));
    dialog->elementChoice()->setChecked(true);
    dialog->valuesChoice()->setChecked(true);
    QCOMPARE(dialog->lowBox()->suffix(), QStringLiteral(" USD")); // in the option's currency
    dialog->lowBox()->setValue(0.5);
    dialog->highBox()->setValue(1.5);
    const int steps = stack->index();
    dialog->apply();
    QVERIFY2(dialog->message().isEmpty(), qPrintable(dialog->message()));
    QCOMPARE(stack->index(), steps + 1);
    const auto rangeOn = [&](const Scenario &s) -> const UncertainInput * {
        if (!s.uncertainty)
            return nullptr;
        for (const UncertainInput &input : s.uncertainty->inputs)
            if (input.path == path)
                return &input;
        return nullptr;
    };
    const Scenario ranged = reopened().scenario;
    QVERIFY(rangeOn(ranged));
    QCOMPARE(*rangeOn(ranged)->low, 0.5);
    QCOMPARE(*rangeOn(ranged)->high, 1.5);
    QTRY_VERIFY(ranges->buttonFor(kOutputPrice)->isChecked());
    QVERIFY(!ranges->buttonFor(kOutputPrice)->property("sharedRange").toBool());
    QVERIFY(ranges->buttonFor(kOutputPrice)->toolTip().contains(QStringLiteral("1.5")));

    // The ranges table's chooser lists the API option's fields under its name, the traffic under
    // the workload, and no path left in the scenario's own group.
    const std::vector<rangeinputs::PathGroup> groups = rangeinputs::availablePaths(ranged);
    bool listed = false;
    for (const rangeinputs::PathGroup &group : groups) {
        if (group.title.contains(api.name))
            listed = group.paths.contains(path);
        if (group.title == QStringLiteral("Workload"))
            QVERIFY(group.paths.contains(QStringLiteral("workload.serving.requestsPerSecond")));
        for (const QString &p : group.paths)
            QVERIFY2(!p.contains(QStringLiteral("[i]")), qPrintable(group.title + QStringLiteral(": ") + p));
    }
    QVERIFY(listed);

    // Undo takes it away (the scenario back to the default ranges), redo brings it back.
    stack->undo();
    QVERIFY(!reopened().scenario.uncertainty);
    QTRY_VERIFY(ranges->buttonFor(kOutputPrice)->property("sharedRange").toBool());
    stack->redo();
    QCOMPARE(reopened().scenario, ranged);

    // The risk tornado names it in words: the option's name and the field, no path.
    ScenarioView *view = m_window->scenarioView();
    view->chartTabs()->setCurrentWidget(view->riskPanel());
    QCoreApplication::processEvents();
    QVERIFY(view->riskRunner()->waitUntilIdle());
    QTRY_VERIFY_WITH_TIMEOUT(view->risk() && !view->risk()->pairs.empty(), 20000);
    QVERIFY(view->riskRunner()->waitUntilIdle());
    QComboBox *pairs = view->riskPanel()->pairChoice();
    QStringList labels;
    for (int i = 0; i < pairs->count(); ++i) {
        pairs->setCurrentIndex(i);
        labels << view->riskPanel()->tornadoChart()->rowLabels();
    }
    QString named;
    for (const QString &label : labels)
        if (label.contains(api.name) && label.contains(QStringLiteral("price per million output tokens")))
            named = label;
    QVERIFY2(!named.isEmpty(), qPrintable(labels.join(QStringLiteral(" | "))));
    static const QRegularExpression pathLike(QStringLiteral(R"([a-z][A-Z]|\[\*\]|\[[0-9]+\])"));
    QVERIFY2(!pathLike.match(named).hasMatch(), qPrintable(named));

    // Saved as a copy and opened again: the serving workload and the range are there.
    const QString copy = m_dir->filePath(QStringLiteral("copy.breakeven"));
    QVERIFY(m_window->saveDocumentAs(copy));
    m_window.reset();
    const std::unique_ptr<Document> document = Document::open(copy);
    const Scenario kept = document->scenarios().loadStored(m_scenarioId).scenario;
    QCOMPARE(kept, ranged);
    QCOMPARE(kept.name, kExample);
}

QTEST_MAIN(TestServingExample)
#include "test_servingexample.moc"
