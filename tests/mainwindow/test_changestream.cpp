// The change stream from the document to the views (docs/architecture.md): what an edit costs,
// what undo restores, what the scenario tree does, and writes by another process.
#include "catalog/catalogwidget.h"
#include "catalog/gputablemodel.h"
#include "catalog/offertablemodel.h"
#include "commands/commands.h"
#include "engine/costmodel.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "scenarioview/scenarioview.h"
#include "session/scenarioanalysis.h"
#include "session/scenariosession.h"
#include "import/sheetimporter.h"
#include "store/changerecorder.h"
#include "store/document.h"

#include "editors/cloudoptioneditor.h"
#include "editors/numberfield.h"
#include "editors/presetbox.h"
#include "engine/resultstext.h"
#include "session/newparts.h"
#include "editors/scenarioeditor.h"
#include "editors/workloadeditor.h"
#include "scenarioview/bestofferspanel.h"
#include "scenarioview/criteriamodel.h"
#include "scenarioview/criteriapanel.h"
#include "charts/criteriachart.h"
#include "scenarioview/resultsmodel.h"
#include "scenarioview/utilizationbar.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QTabWidget>
#include <QTableView>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <SQLiteCpp/Statement.h>

#include <cmath>
#include <memory>

using namespace breakeven;

namespace {

// 50 cloud options and one build on the reference GPU.
Scenario wideScenario()
{
    Scenario scenario;
    scenario.name = QStringLiteral("Fifty options");
    scenario.workload.gpus = 16;
    OnPremBuild build;
    build.name = QStringLiteral("Server");
    build.gpu = scenario.referenceGpu;
    build.gpuCount = 8;
    build.listPrice = 250000;
    scenario.onPremOptions.push_back(build);
    for (int i = 0; i < 50; ++i) {
        CloudOption option;
        option.name = QStringLiteral("Cloud %1").arg(i);
        option.gpu = scenario.referenceGpu;
        option.pricePerHour = 1.5 + 0.05 * i;
        scenario.cloudOptions.push_back(option);
    }
    return scenario;
}

} // namespace

class TestChangeStream : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();

    void anEditCostsOneReadAndOneRebuild();
    void aNameCostsNoRebuild();
    void theTreeChangesRowByRow();
    void removedScenarioComesBackWithItsOfferLinks();
    void aCommandThatChangesNothingIsNotPushed();
    void aNameIsSavedWhenItsEditIsFinished();
    void marketsAndCommitmentsAreEdited();
    void observedTrendsArePresets();
    void theKindOfWorkPicksTheFigures();
    void aSheetImportIsOneUndoStep();
    void bestOffersFollowTheScenario();
    void theCriteriaTabRanksAndEdits();
    void anotherProcessWriteIsNoticed();
    void theDocumentsGpuFiguresReachTheEngine();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
    qint64 m_wide = 0;
    std::unique_ptr<MainWindow> m_window;
};

void TestChangeStream::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("stream.breakeven"));
    m_wide = Document::create(m_path)->scenarios().save(wideScenario());
    m_window = std::make_unique<MainWindow>(Document::open(m_path));
    m_window->setMessageHandler([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
    m_window->resize(1400, 900);
    m_window->selectScenario(m_wide);
    QCOMPARE(m_window->currentScenarioId(), m_wide);
}

void TestChangeStream::cleanup()
{
    m_window.reset();
    m_dir.reset();
}

void TestChangeStream::anEditCostsOneReadAndOneRebuild()
{
    ScenarioSession *session = m_window->session();
    const StoredScenario stored = *session->current();
    const int reads = session->scenarioReads();
    const int builds = session->analysis().modelBuilds();

    CloudOption after = stored.scenario.cloudOptions[7];
    after.pricePerHour = 9.75;
    commands::editCloudOption(*m_window->context(), m_wide, stored.ids.cloudOptions[7], QStringLiteral("pricePerHour"),
                              QStringLiteral("price"), stored.scenario.cloudOptions[7], after);
    QCOMPARE(session->scenarioReads() - reads, 1);
    QCOMPARE(session->analysis().modelBuilds() - builds, 1);
    QCOMPARE(session->current()->scenario.cloudOptions[7].pricePerHour, 9.75);
    QCOMPARE(m_window->scenarioView()->scenario().cloudOptions[7].pricePerHour, 9.75);

    m_window->undoStack()->undo();
    QCOMPARE(session->scenarioReads() - reads, 2);
    QCOMPARE(session->analysis().modelBuilds() - builds, 2);
    QCOMPARE(session->current()->scenario.cloudOptions[7].pricePerHour, stored.scenario.cloudOptions[7].pricePerHour);

    // The utilization is read by the model at every evaluation: committing it needs no new model.
    Workload workload = stored.scenario.workload;
    workload.utilization = 0.8;
    commands::editWorkload(*m_window->context(), m_wide, stored.scenario.name, QStringLiteral("utilization"),
                           QStringLiteral("utilization"), stored.scenario.workload, workload);
    QCOMPARE(session->scenarioReads() - reads, 3);
    QCOMPARE(session->analysis().modelBuilds() - builds, 2);
    QCOMPARE(m_window->scenarioView()->evaluation()->utilization, 0.8);
}

void TestChangeStream::aNameCostsNoRebuild()
{
    ScenarioSession *session = m_window->session();
    const StoredScenario stored = *session->current();
    const int builds = session->analysis().modelBuilds();
    const CostModel *model = m_window->scenarioView()->costModel();
    QVERIFY(model);

    CloudOption renamed = stored.scenario.cloudOptions[3];
    renamed.name = QStringLiteral("Renamed cloud");
    commands::editCloudOption(*m_window->context(), m_wide, stored.ids.cloudOptions[3], QStringLiteral("name"),
                              QStringLiteral("name"), stored.scenario.cloudOptions[3], renamed);
    QCOMPARE(session->analysis().modelBuilds(), builds);
    QCOMPARE(m_window->scenarioView()->costModel(), model);
    // Builds come first in the model, then cloud options.
    QCOMPARE(model->option(1 + 3).name, QStringLiteral("Renamed cloud"));
    QCOMPARE(m_window->undoStack()->undoText(), QStringLiteral("Change name of Cloud 3"));
}

void TestChangeStream::theTreeChangesRowByRow()
{
    ScenarioTreeModel *tree = m_window->scenarioPanel()->model();
    QSignalSpy resets(tree, &QAbstractItemModel::modelReset);
    QSignalSpy inserted(tree, &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(tree, &QAbstractItemModel::rowsRemoved);
    QSignalSpy changed(tree, &QAbstractItemModel::dataChanged);
    const QModelIndex clouds = tree->find(ScenarioTreeModel::Node::CloudGroup, m_wide);
    QCOMPARE(tree->rowCount(clouds), 50);

    m_window->addCloudOption();
    QCOMPARE(tree->rowCount(clouds), 51);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.first().at(0).toModelIndex(), clouds);
    QCOMPARE(inserted.first().at(1).toInt(), 50);
    QCOMPARE(clouds.data().toString(), QStringLiteral("Cloud options (51)"));
    QCOMPARE(removed.count(), 0);

    const StoredScenario stored = *m_window->session()->current();
    commands::removeCloudOption(*m_window->context(), m_wide, stored.ids.cloudOptions[10],
                                stored.scenario.cloudOptions[10].name);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.first().at(1).toInt(), 10);
    m_window->undoStack()->undo();
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(inserted.last().at(1).toInt(), 10);
    QCOMPARE(tree->index(10, 0, clouds).data().toString(), QStringLiteral("Cloud 10"));
    QCOMPARE(ScenarioTreeModel::rowIdOf(tree->index(10, 0, clouds)), stored.ids.cloudOptions[10]);

    changed.clear();
    commands::renameScenario(*m_window->context(), m_wide, stored.scenario.name, QStringLiteral("Fifty, renamed"));
    QVERIFY(!changed.isEmpty());
    QCOMPARE(tree->scenarioIndex(m_wide).data().toString(), QStringLiteral("Fifty, renamed"));
    QCOMPARE(resets.count(), 0);
}

void TestChangeStream::removedScenarioComesBackWithItsOfferLinks()
{
    Document &document = *m_window->document();
    const auto offers = document.catalog().offers({}, OfferColumn::Provider, Qt::AscendingOrder, 0, 3);
    QCOMPARE(offers.size(), size_t(3));
    commands::beginGroup(*m_window->context(), QStringLiteral("Add offers"));
    for (const StoredOffer &offer : offers) {
        CloudOption option = wideScenario().cloudOptions[0];
        option.name = offer.offer.instanceType;
        commands::addCloudOption(*m_window->context(), m_wide, option, offer.id);
    }
    commands::endGroup(*m_window->context());
    const StoredScenario before = document.scenarios().loadStored(m_wide);
    QCOMPARE(before.ids.cloudOptionOffers.back(), std::optional<qint64>(offers.back().id));

    m_window->removeScenario();
    QVERIFY(!document.scenarios().findId(before.scenario.name));
    QVERIFY(m_window->currentScenarioId() != m_wide);
    m_window->undoStack()->undo();
    QCOMPARE(m_window->currentScenarioId(), m_wide);

    const StoredScenario after = Document::open(m_path)->scenarios().loadStored(m_wide);
    QVERIFY(after.scenario == before.scenario);
    QCOMPARE(after.ids.cloudOptions, before.ids.cloudOptions);
    QCOMPARE(after.ids.cloudOptionOffers, before.ids.cloudOptionOffers);
    QCOMPARE(after.ids.builds, before.ids.builds);

    // Redo and undo again: still the same rows.
    m_window->undoStack()->redo();
    m_window->undoStack()->undo();
    QCOMPARE(Document::open(m_path)->scenarios().loadStored(m_wide).ids.cloudOptionOffers, before.ids.cloudOptionOffers);
}

void TestChangeStream::aCommandThatChangesNothingIsNotPushed()
{
    const StoredScenario stored = *m_window->session()->current();
    const int steps = m_window->undoStack()->count();
    commands::editCloudOption(*m_window->context(), m_wide, stored.ids.cloudOptions[0], QStringLiteral("pricing"),
                              QStringLiteral("pricing"), stored.scenario.cloudOptions[0], stored.scenario.cloudOptions[0]);
    commands::editWorkload(*m_window->context(), m_wide, stored.scenario.name, QStringLiteral("gpus"),
                           QStringLiteral("GPUs"), stored.scenario.workload, stored.scenario.workload);
    commands::renameScenario(*m_window->context(), m_wide, stored.scenario.name, stored.scenario.name);
    commands::moveComponent(*m_window->context(), m_wide, 1, QStringLiteral("part"), 2, 2);
    QCOMPARE(m_window->undoStack()->count(), steps);

    // A drag that ends where it started leaves no step either.
    Workload moved = stored.scenario.workload;
    moved.utilization = 0.9;
    commands::editWorkload(*m_window->context(), m_wide, stored.scenario.name, QStringLiteral("utilization"),
                           QStringLiteral("utilization"), stored.scenario.workload, moved);
    commands::editWorkload(*m_window->context(), m_wide, stored.scenario.name, QStringLiteral("utilization"),
                           QStringLiteral("utilization"), moved, stored.scenario.workload);
    QCOMPARE(m_window->undoStack()->count(), steps);
}

void TestChangeStream::aNameIsSavedWhenItsEditIsFinished()
{
    const StoredScenario stored = *m_window->session()->current();
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(ScenarioTreeModel::Node::CloudOption, stored.ids.cloudOptions[2]);
    QCOMPARE(panel->currentEditor(), panel->cloudOptionEditor());
    QLineEdit *name = nullptr;
    for (QLineEdit *edit : panel->cloudOptionEditor()->findChildren<QLineEdit *>())
        if (edit->text() == QStringLiteral("Cloud 2"))
            name = edit;
    QVERIFY(name);
    const int steps = m_window->undoStack()->count();
    name->setFocus();
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("Spot pool"));
    QCOMPARE(m_window->undoStack()->count(), steps); // nothing saved while typing
    QCOMPARE(Document::open(m_path)->scenarios().loadStored(m_wide).scenario.cloudOptions[2].name, QStringLiteral("Cloud 2"));
    QTest::keyClick(name, Qt::Key_Return);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    QCOMPARE(Document::open(m_path)->scenarios().loadStored(m_wide).scenario.cloudOptions[2].name, QStringLiteral("Spot pool"));
    const QModelIndex clouds = m_window->scenarioPanel()->model()->find(ScenarioTreeModel::Node::CloudGroup, m_wide);
    QCOMPARE(m_window->scenarioPanel()->model()->index(2, 0, clouds).data().toString(), QStringLiteral("Spot pool"));

    // Escape abandons the typing: the saved name comes back and nothing is saved.
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("Abandoned"));
    QTest::keyClick(name, Qt::Key_Escape);
    QCOMPARE(name->text(), QStringLiteral("Spot pool"));
    QTest::keyClick(name, Qt::Key_Return);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
}

void TestChangeStream::marketsAndCommitmentsAreEdited()
{
    ScenarioPanel *panel = m_window->scenarioPanel();
    const StoredScenario stored = *m_window->session()->current();

    // The scenario's cloud price trend, from the scenario's settings.
    panel->select(ScenarioTreeModel::Node::Scenario, m_wide);
    NumberField *cloudTrend = panel->scenarioEditor()->cloudPriceChangeField();
    cloudTrend->spinBox()->setValue(-30);
    emit cloudTrend->spinBox()->editingFinished();
    QCOMPARE(Document::open(m_path)->scenarios().loadStored(m_wide).scenario.cloudPriceChangePerYear, -0.3);
    QCOMPARE(m_window->undoStack()->undoText(), QStringLiteral("Change cloud price change of Fifty options"));

    // A cloud option made a 3-year reservation, half upfront, judged over 12 months.
    CloudOption reserved = stored.scenario.cloudOptions[0];
    reserved.pricing = PricingPlan::Reserved3y;
    commands::editCloudOption(*m_window->context(), m_wide, stored.ids.cloudOptions[0], QStringLiteral("pricing"),
                              QStringLiteral("pricing plan"), stored.scenario.cloudOptions[0], reserved);
    Scenario shorter = m_window->session()->current()->scenario;
    Scenario horizon = shorter;
    horizon.horizonMonths = 12;
    commands::editScenario(*m_window->context(), m_wide, QStringLiteral("horizonMonths"), QStringLiteral("horizon"),
                           shorter, horizon);
    panel->select(ScenarioTreeModel::Node::CloudOption, stored.ids.cloudOptions[0]);
    NumberField *upfront = panel->cloudOptionEditor()->upfrontField();
    upfront->spinBox()->setValue(50);
    emit upfront->spinBox()->editingFinished();
    const CloudOption saved = Document::open(m_path)->scenarios().loadStored(m_wide).scenario.cloudOptions[0];
    QCOMPARE(saved.reservedUpfrontShare, 0.5);
    QVERIFY(!saved.commitmentMonths); // the plan's term
    QVERIFY(!saved.priceChangePerYear); // the scenario's trend

    // The table flags the term that runs past the horizon, and the breakdown has the part owed.
    const CostModel *model = m_window->scenarioView()->costModel();
    QVERIFY(model);
    QVERIFY(model->breakdown(1, 0.5)[std::size_t(CostComponent::CommitmentBeyondHorizon)] > 0);
    QCOMPARE(m_window->scenarioView()->resultsModel()->index(1, ResultsModel::Kind).data().toString(),
             QStringLiteral("cloud, term past the horizon"));
    QCOMPARE(m_window->scenarioView()->resultsModel()->index(2, ResultsModel::Kind).data().toString(),
             QStringLiteral("cloud"));

    // Its own trend and term, set from the editor; the lowest value means "not set" again.
    NumberField *term = panel->cloudOptionEditor()->termField();
    term->spinBox()->setValue(24);
    emit term->spinBox()->editingFinished();
    NumberField *trend = panel->cloudOptionEditor()->priceChangeField();
    trend->spinBox()->setValue(-10);
    emit trend->spinBox()->editingFinished();
    CloudOption own = Document::open(m_path)->scenarios().loadStored(m_wide).scenario.cloudOptions[0];
    QCOMPARE(own.commitmentMonths, std::optional<int>(24));
    QCOMPARE(own.priceChangePerYear, std::optional<double>(-0.1));
    trend->spinBox()->setValue(trend->spinBox()->minimum());
    emit trend->spinBox()->editingFinished();
    QVERIFY(!Document::open(m_path)->scenarios().loadStored(m_wide).scenario.cloudOptions[0].priceChangePerYear);
}

// An offer the document has seen at two dates offers its yearly change on the option's editor,
// and its GPU's on the scenario's settings (docs/model.md, "Observed price trends"); a preset
// chosen stays shown as the one in force.
void TestChangeStream::observedTrendsArePresets()
{
    Document &document = m_window->context()->doc();
    OfferFilter filter;
    filter.gpu = QStringLiteral("H100-SXM5-80GB");
    filter.plan = PricingPlan::OnDemand;
    StoredOffer offer = document.catalog().offers(filter, OfferColumn::Provider, Qt::AscendingOrder, 0, 1).front();
    const double before = *offer.offer.onDemand;
    const QDate seen = QDate::fromString(offer.offer.asOf, Qt::ISODate);
    QVERIFY(seen.isValid());
    // A year later the same offer at 80 % of the price.
    CloudOffer newer = offer.offer;
    newer.onDemand = before * 0.8;
    newer.asOf = seen.addDays(365).toString(Qt::ISODate);
    QCOMPARE(document.catalog().saveOffer(newer), UpsertResult::Updated);
    offer.offer = newer;
    const double rate = std::round((std::pow(0.8, 365.25 / 365) - 1) * 1000) / 1000;

    const Scenario &scenario = m_window->session()->current()->scenario;
    const auto added = newparts::fromOffers(scenario, {offer}, PricingPlan::OnDemand).front();
    commands::addCloudOption(*m_window->context(), m_wide, added.option, added.offerId);
    const qint64 optionId = m_window->session()->current()->ids.cloudOptions.back();
    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(ScenarioTreeModel::Node::CloudOption, optionId);
    PresetBox *presets = panel->cloudOptionEditor()->priceChangePresets();
    const int own = presets->findText(QStringLiteral("This offer, seen here: %1 a year").arg(formatPercent(rate, 1)));
    QVERIFY2(own > 0, qPrintable(presets->itemText(presets->count() - 1)));
    QVERIFY(presets->itemData(own, Qt::ToolTipRole).toString().contains(newer.asOf));
    const int gpu = presets->findText(QStringLiteral("H100-SXM5-80GB, on demand, seen here: %1 a year").arg(formatPercent(rate, 1)));
    QVERIFY(gpu > own);
    QCOMPARE(presets->currentIndex(), 0); // the scenario's trend: no preset

    presets->setCurrentIndex(own);
    emit presets->activated(own);
    const auto stored = [&] {
        const Scenario s = Document::open(m_path)->scenarios().loadStored(m_wide).scenario;
        return s;
    };
    QCOMPARE(stored().cloudOptions.back().priceChangePerYear, std::optional<double>(rate));
    QCOMPARE(panel->cloudOptionEditor()->priceChangeField()->spinBox()->value(), rate * 100);
    // The box shows the preset in force (the GPU's has the same rate and comes later).
    QCOMPARE(presets->currentIndex(), own);

    // The scenario's cloud price change is offered the GPU's trend too.
    panel->select(ScenarioTreeModel::Node::Scenario, m_wide);
    PresetBox *cloud = panel->scenarioEditor()->cloudPricePresets();
    const int offered = cloud->findText(QStringLiteral("H100-SXM5-80GB, on demand, seen here: %1 a year").arg(formatPercent(rate, 1)));
    QVERIFY(offered > 0);
    QCOMPARE(cloud->currentText(), QStringLiteral("No change")); // the scenario's rate, 0
    emit cloud->activated(offered);
    QCOMPARE(stored().cloudPriceChangePerYear, rate);
    QCOMPARE(cloud->currentIndex(), offered);
    // "Presets…" chosen again changes nothing and shows the preset in force.
    const int steps = m_window->undoStack()->count();
    cloud->setCurrentIndex(0);
    emit cloud->activated(0);
    QCOMPARE(m_window->undoStack()->count(), steps);
    QCOMPARE(cloud->currentIndex(), offered);
}

// The workload's kind of work picks each GPU's figure (docs/model.md, "Throughput profiles"); the
// table says which; a figure typed in the GPU models tab is the user's own, kept in the document.
void TestChangeStream::theKindOfWorkPicksTheFigures()
{
    const QString h100Name = QStringLiteral("H100-SXM5-80GB");
    const StoredScenario stored = *m_window->session()->current();
    CloudOption option = stored.scenario.cloudOptions[0];
    option.gpu = h100Name;
    commands::editCloudOption(*m_window->context(), m_wide, stored.ids.cloudOptions[0], QStringLiteral("gpu"),
                              QStringLiteral("GPU"), stored.scenario.cloudOptions[0], option);
    const auto costPerHour = [&] { return *m_window->scenarioView()->evaluation()->costPerReferenceGpuHour[1]; };
    const double training = costPerHour();
    const GpuModel *h100 = GpuCatalog::bundled().find(h100Name);
    const double trainingFigure = h100->figure(ThroughputProfile::Training).relative;
    const double llmFigure = h100->figure(ThroughputProfile::LlmTraining).relative;
    QVERIFY(llmFigure > trainingFigure);
    QVERIFY(m_window->scenarioView()->resultsModel()->index(1, ResultsModel::Name).data(Qt::ToolTipRole).toString()
                .startsWith(QStringLiteral("H100-SXM5-80GB: 1.68 × A100-SXM4-80GB, training profile, measured")));
    QCOMPARE(m_window->scenarioView()->resultsModel()->index(1, ResultsModel::Throughput).data().toString(),
             QStringLiteral("1.68 ×, measured"));

    ScenarioPanel *panel = m_window->scenarioPanel();
    panel->select(ScenarioTreeModel::Node::Workload, m_wide);
    QComboBox *profile = panel->workloadEditor()->profileChoice();
    QCOMPARE(profile->currentData().toString(), QStringLiteral("training"));
    const int llm = profile->findData(QStringLiteral("llm-training"));
    QVERIFY(llm > 0);
    profile->setCurrentIndex(llm);
    emit profile->activated(llm);
    QVERIFY(Document::open(m_path)->scenarios().loadStored(m_wide).scenario.workload.throughputProfile
            == ThroughputProfile::LlmTraining);
    QCOMPARE(m_window->undoStack()->undoText(), QStringLiteral("Change kind of work of Fifty options"));
    // The same work on fewer H100-hours: the cost per reference-GPU-hour falls by the ratio.
    QVERIFY(qAbs(costPerHour() - training * trainingFigure / llmFigure) < 1e-9 * training);
    const QString tip = m_window->scenarioView()->resultsModel()->index(1, ResultsModel::Name).data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("LLM training profile, measured")), qPrintable(tip));
    QCOMPARE(m_window->scenarioView()->resultsModel()->index(1, ResultsModel::Throughput).data().toString(),
             QStringLiteral("%1 ×, measured").arg(QString::number(llmFigure, 'g', 3)));

    // The user's own LLM figure for the H100, typed in the GPU models tab.
    GpuTableModel *gpus = m_window->findChild<CatalogWidget *>()->gpuModel();
    int row = -1;
    for (int r = 0; r < gpus->rowCount(); ++r)
        if (gpus->gpu(r).name == h100Name)
            row = r;
    QVERIFY(row >= 0);
    const QModelIndex cell = gpus->index(row, GpuTableModel::LlmTraining);
    QVERIFY(gpus->flags(cell) & Qt::ItemIsEditable);
    QVERIFY(gpus->setData(cell, 2 * llmFigure));
    const ThroughputFigure kept = Document::open(m_path)->catalog().findGpu(h100Name)->figure(ThroughputProfile::LlmTraining);
    QCOMPARE(kept.relative, 2 * llmFigure);
    QCOMPARE(kept.basis, QStringLiteral("entered"));
    QVERIFY(qAbs(costPerHour() - training * trainingFigure / (2 * llmFigure)) < 1e-9 * training);
    // The tab shows it again, from the document.
    for (int r = 0; r < gpus->rowCount(); ++r)
        if (gpus->gpu(r).name == h100Name)
            QCOMPARE(gpus->index(r, GpuTableModel::LlmTraining).data(Qt::EditRole).toDouble(), 2 * llmFigure);
}

// A price sheet imported through another connection (as the wizard's worker does) is one undo
// step: undo puts the catalog back row for row (added offers gone, an updated one's prices and
// sheet back, its kept earlier prices gone), redo writes it again, and the catalog dock follows.
void TestChangeStream::aSheetImportIsOneUndoStep()
{
    const auto dump = [this] {
        auto reader = Document::open(m_path);
        QString text;
        for (const char *sql : {"SELECT * FROM cloud_offers ORDER BY id", "SELECT * FROM sheets ORDER BY id",
                                "SELECT * FROM offer_prices ORDER BY offer_id, as_of"}) {
            SQLite::Statement query(reader->connection().database(), sql);
            while (query.executeStep()) {
                for (int c = 0; c < query.getColumnCount(); ++c)
                    text += QString::fromUtf8(query.getColumn(c).getText()) + u'|';
                text += u'\n';
            }
        }
        return text;
    };
    OfferTableModel *offers = m_window->findChild<CatalogWidget *>()->offerModel();
    const int shownBefore = offers->rowCount();
    const QString before = dump();

    const QString sheet = m_dir->filePath(QStringLiteral("runpod-prices.csv"));
    {
        QFile file(sheet);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("InstanceType,AcceleratorName,AcceleratorCount,Price,Region\n"
                   "1x_A100-80GB_SECURE,A100-80GB,1,1.39,US\n" // a bundled offer, cheaper now
                   "undo-test-1,H100,1,2.10,US\n"
                   "undo-test-2,H100,2,4.20,US\n");
    }
    QByteArray changeset;
    {
        auto other = Document::open(m_path);
        ChangeRecorder recorder(other->connection());
        ImportOptions options;
        options.asOf = QStringLiteral("2030-01-01");
        const ImportReport report = SheetImporter(*other).import(sheet, options);
        QCOMPARE(report.offers.added, qint64(2));
        QCOMPARE(report.offers.updated, qint64(1));
        changeset = recorder.changeset();
        QVERIFY(!recorder.tooLarge());
    }
    QVERIFY(!changeset.isEmpty());
    m_window->context()->notifier().checkForOutsideChanges();
    const int steps = m_window->undoStack()->count();
    commands::recordSheetImport(*m_window->context(), QStringLiteral("runpod-prices.csv"), changeset);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    QCOMPARE(m_window->undoStack()->undoText(), QStringLiteral("Import price sheet runpod-prices.csv"));
    const QString after = dump();
    QVERIFY(after != before);
    QVERIFY(after.contains(QStringLiteral("undo-test-2")));
    QCOMPARE(offers->rowCount(), shownBefore + 2);

    m_window->undoStack()->undo();
    QCOMPARE(dump(), before);
    QCOMPARE(offers->rowCount(), shownBefore);
    m_window->undoStack()->redo();
    QCOMPARE(dump(), after);
    QCOMPARE(offers->rowCount(), shownBefore + 2);
    m_window->undoStack()->undo();
    QCOMPARE(dump(), before);

    // Changed since in a way that conflicts: redo is refused, says so, and changes nothing.
    {
        auto other = Document::open(m_path);
        other->connection().database().exec("UPDATE cloud_offers SET on_demand = 9.99 WHERE instance_type = '1x_A100-80GB_SECURE'");
    }
    m_window->context()->notifier().checkForOutsideChanges();
    const QString changed = dump();
    m_window->undoStack()->redo();
    QCOMPARE(dump(), changed);
}

// The Best offers tab ranks the document's catalog for the shown scenario, follows its filters,
// the slider and the catalog, and adds the chosen offer in one undo step.
void TestChangeStream::bestOffersFollowTheScenario()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    BestOffersPanel *best = m_window->bestOffers();
    QTabWidget *tabs = m_window->scenarioView()->resultTabs();
    tabs->setCurrentWidget(best);
    BestOffersModel *model = best->model();
    QVERIFY(model->rowCount() > 0);
    QCOMPARE(std::size_t(model->rowCount()), std::min(BestOffersPanel::kShown, model->ranking().evaluated - model->ranking().infeasible));
    for (int r = 1; r < model->rowCount(); ++r)
        QVERIFY(model->ranking().offers[std::size_t(r - 1)].tco <= model->ranking().offers[std::size_t(r)].tco);

    // No memory need typed: the work, counted in A100-SXM4-80GB, needs 80 GB per GPU. The tab and
    // the workload editor say so; typing a lower need lets smaller GPUs in.
    QVERIFY(!best->memoryLabel()->isHidden());
    QVERIFY2(best->memoryLabel()->text().startsWith(QStringLiteral("GPUs with at least 80 GB, like the A100-SXM4-80GB you count in")),
             qPrintable(best->memoryLabel()->text()));
    for (const RankedOffer &r : model->ranking().offers)
        QVERIFY(m_window->session()->gpuCatalog().find(r.option.gpu)->memoryGB >= 80);
    m_window->scenarioPanel()->select(ScenarioTreeModel::Node::Workload, m_wide);
    WorkloadEditor *workload = m_window->scenarioPanel()->workloadEditor();
    QCOMPARE(workload->memoryField()->spinBox()->text(), QStringLiteral("at least 80 GB"));
    QVERIFY(!workload->memoryNote()->isHidden());
    QVERIFY2(workload->memoryNote()->text().contains(QStringLiteral("at least 80 GB, like the A100-SXM4-80GB you count in")),
             qPrintable(workload->memoryNote()->text()));
    {
        Workload lowered = m_window->session()->current()->scenario.workload;
        lowered.minGpuMemoryGB = 24;
        commands::editWorkload(*m_window->context(), m_window->session()->current()->ids.scenario,
                               m_window->session()->current()->scenario.name, QStringLiteral("minGpuMemoryGB"),
                               QStringLiteral("memory per GPU"), m_window->session()->current()->scenario.workload, lowered);
    }
    QVERIFY(workload->memoryNote()->isHidden());
    QCOMPARE(best->memoryLabel()->text(), QStringLiteral("GPUs with at least 24 GB, as the workload asks."));
    QVERIFY(std::any_of(model->ranking().offers.begin(), model->ranking().offers.end(), [&](const RankedOffer &r) {
        return m_window->session()->gpuCatalog().find(r.option.gpu)->memoryGB < 80;
    }));
    m_window->undoStack()->undo();
    QVERIFY(!workload->memoryNote()->isHidden());

    // The plan filter.
    best->planChoice()->setCurrentIndex(best->planChoice()->findData(int(PricingPlan::Spot)));
    QVERIFY(model->rowCount() > 0);
    for (const RankedOffer &r : model->ranking().offers)
        QVERIFY(r.option.pricing == PricingPlan::Spot);
    best->planChoice()->setCurrentIndex(0);

    // The slider: at another utilization the TCOs follow.
    const double before = model->ranking().offers.front().tco;
    m_window->scenarioView()->utilizationBar()->slider()->setValue(90);
    QVERIFY(model->ranking().offers.front().tco != before);

    // A catalog offer far cheaper than any comes first, once the catalog changes.
    const Scenario &shown = m_window->session()->current()->scenario;
    CloudOffer cheap;
    cheap.provider = QStringLiteral("bargain");
    cheap.instanceType = QStringLiteral("one");
    cheap.gpu = shown.referenceGpu;
    cheap.gpuCount = 1;
    cheap.currency = shown.currency;
    cheap.onDemand = 0.001;
    m_window->context()->doc().catalog().saveOffer(cheap);
    QCOMPARE(model->data(model->index(0, BestOffersModel::Offer), Qt::DisplayRole).toString().left(12), QStringLiteral("bargain one "));

    // Added in one step, linked to its offer.
    const std::size_t options = m_window->session()->current()->scenario.cloudOptions.size();
    const int steps = m_window->undoStack()->count();
    best->table()->selectRow(0);
    best->addButton()->click();
    QCOMPARE(m_window->session()->current()->scenario.cloudOptions.size(), options + 1);
    QCOMPARE(m_window->session()->current()->scenario.cloudOptions.back().provider, QStringLiteral("bargain"));
    QVERIFY(m_window->session()->current()->ids.cloudOptionOffers.back().has_value());
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    m_window->undoStack()->undo();
    QCOMPARE(m_window->session()->current()->scenario.cloudOptions.size(), options);
}

// The Criteria tab: the ranking by weighted score, a score of the user's own and a weight, each
// one undo step and kept in the document; a weight being dragged only previews.
void TestChangeStream::theCriteriaTabRanksAndEdits()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    ScenarioView *view = m_window->scenarioView();
    CriteriaPanel *panel = view->criteriaPanel();
    view->chartTabs()->setCurrentWidget(panel);
    QCOMPARE(view->currentChart(), panel->chart());
    CriteriaModel *model = panel->criteriaModel();
    QCOMPARE(model->rowCount(), 51);
    // Every cloud option is a hyperscaler: the cheapest of them ranks first among them, and the
    // chart draws one bar per option, the best on top.
    const std::vector<int> &ranking = model->result().ranking;
    QCOMPARE(ranking.size(), std::size_t(51));
    QCOMPARE(panel->chart()->categories().size(), 51);
    QCOMPARE(panel->chart()->categories().last(), view->costModel()->option(ranking[0]).name);
    QVERIFY(std::find(ranking.begin(), ranking.end(), 1) < std::find(ranking.begin(), ranking.end(), 2));

    // A score of one's own, one step: option 2 is "Cloud 1".
    const int steps = m_window->undoStack()->count();
    const QModelIndex setup = model->index(2, CriteriaModel::column(Criterion::Setup));
    QCOMPARE(setup.data(Qt::EditRole).toDouble(), 4.0);
    QVERIFY(model->setData(setup, 1.5));
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    QCOMPARE(m_window->session()->current()->scenario.cloudOptions[1].scores[std::size_t(Criterion::Setup)], std::optional(1.5));
    QCOMPARE(model->index(2, CriteriaModel::column(Criterion::Setup)).data(Qt::EditRole).toDouble(), 1.5);
    QVERIFY(model->index(2, CriteriaModel::column(Criterion::Setup)).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(model->index(2, CriteriaModel::column(Criterion::Setup)).data(Qt::ToolTipRole).toString().startsWith(QStringLiteral("Your own score")));
    QVERIFY(!model->setData(model->index(2, CriteriaModel::column(Criterion::Setup)), 7.0)); // out of 1..5
    QCOMPARE(m_window->undoStack()->count(), steps + 1);

    // A weight being dragged previews; letting go is one step.
    QSlider *cost = panel->weightSlider(Criterion::Cost);
    QCOMPARE(cost->value(), 40);
    cost->setSliderDown(true);
    cost->setValue(0);
    QCOMPARE(m_window->undoStack()->count(), steps + 1);
    QCOMPARE(m_window->session()->current()->scenario.criterionWeights[0], 40.0);
    // Without cost, every hyperscaler scores the same but for performance and Cloud 1's setup.
    const double previewed = model->result().options[2].weighted;
    cost->setSliderDown(false);
    QCOMPARE(m_window->undoStack()->count(), steps + 2);
    QCOMPARE(m_window->session()->current()->scenario.criterionWeights[0], 0.0);
    QCOMPARE(model->result().options[2].weighted, previewed);

    // Both are in the document.
    {
        auto other = Document::open(m_path);
        const Scenario stored = other->scenarios().load(QStringLiteral("Fifty options"));
        QCOMPARE(stored.criterionWeights[0], 0.0);
        QCOMPARE(stored.criterionWeights[1], 20.0);
        QCOMPARE(stored.cloudOptions[1].scores[std::size_t(Criterion::Setup)], std::optional(1.5));
        QVERIFY(!stored.cloudOptions[2].scores[std::size_t(Criterion::Setup)]);
    }

    // Back to the defaults, and undo brings back each step.
    panel->defaultWeightsButton()->click();
    QCOMPARE(m_window->session()->current()->scenario.criterionWeights, kDefaultCriterionWeights);
    m_window->undoStack()->undo();
    QCOMPARE(m_window->session()->current()->scenario.criterionWeights[0], 0.0);
    QCOMPARE(cost->value(), 0);
    m_window->undoStack()->undo();
    QCOMPARE(m_window->session()->current()->scenario.criterionWeights[0], 40.0);
    m_window->undoStack()->undo();
    QVERIFY(!m_window->session()->current()->scenario.cloudOptions[1].scores[std::size_t(Criterion::Setup)]);
    QVERIFY(!model->index(2, CriteriaModel::column(Criterion::Setup)).data(Qt::FontRole).isValid());
}

void TestChangeStream::anotherProcessWriteIsNoticed()
{
    ScenarioTreeModel *tree = m_window->scenarioPanel()->model();
    const int scenarios = tree->rowCount();
    OfferTableModel *offers = m_window->findChild<CatalogWidget *>()->offerModel();
    const int shown = offers->rowCount();
    QVERIFY(shown > 0);
    QVERIFY(!m_window->context()->notifier().checkForOutsideChanges());
    {
        // Another connection: what another process (the command line, a second window) does.
        auto other = Document::open(m_path);
        Scenario added = wideScenario();
        added.name = QStringLiteral("From elsewhere");
        other->scenarios().save(added);
        CloudOffer offer = other->catalog().offers({}, OfferColumn::Provider, Qt::AscendingOrder, 0, 1).front().offer;
        offer.instanceType = QStringLiteral("elsewhere.xlarge");
        other->catalog().saveOffer(offer, std::nullopt);
    }
    QVERIFY(m_window->context()->notifier().checkForOutsideChanges());
    QCOMPARE(tree->rowCount(), scenarios + 1);
    QCOMPARE(m_window->currentScenarioId(), m_wide);
    QCOMPARE(offers->rowCount(), shown + 1);
    QVERIFY(!m_window->context()->notifier().checkForOutsideChanges());
}

void TestChangeStream::theDocumentsGpuFiguresReachTheEngine()
{
    Document &document = *m_window->document();
    // A cloud GPU made twice as fast in the document: half the cost per reference GPU-hour.
    std::optional<GpuModel> gpu = document.catalog().findGpu(QStringLiteral("H100-SXM5-80GB"));
    QVERIFY(gpu);
    const StoredScenario stored = *m_window->session()->current();
    CloudOption option = stored.scenario.cloudOptions[0];
    option.gpu = gpu->name;
    commands::editCloudOption(*m_window->context(), m_wide, stored.ids.cloudOptions[0], QStringLiteral("gpu"),
                              QStringLiteral("GPU"), stored.scenario.cloudOptions[0], option);
    QVERIFY(m_window->scenarioView()->evaluation());
    const double before = *m_window->scenarioView()->evaluation()->costPerReferenceGpuHour[1];
    const double reference = document.catalog().findGpu(stored.scenario.referenceGpu)->throughputFor(ThroughputProfile::Training);
    // New offers change nothing the engine reads: no new cost model.
    const int builds = m_window->session()->analysis().modelBuilds();
    CloudOffer offer = document.catalog().offers({}, OfferColumn::Provider, Qt::AscendingOrder, 0, 1).front().offer;
    offer.instanceType = QStringLiteral("new.instance");
    document.catalog().saveOffer(offer, std::nullopt);
    QCOMPARE(m_window->session()->analysis().modelBuilds(), builds);
    // The figure of the workload's profile (training) is the one the engine reads.
    ThroughputFigure &figure = gpu->profiles[std::size_t(ThroughputProfile::Training)];
    QVERIFY(figure.relative > 0);
    figure.relative *= 2;
    figure.basis = QStringLiteral("entered");
    document.catalog().saveGpuModel(*gpu);
    const double after = *m_window->scenarioView()->evaluation()->costPerReferenceGpuHour[1];
    QVERIFY2(qFuzzyCompare(after, before / 2), qPrintable(QStringLiteral("%1 then %2").arg(before).arg(after)));
    QCOMPARE(m_window->session()->analysis().modelBuilds(), builds + 1);
    QVERIFY(reference > 0);
}

QTEST_MAIN(TestChangeStream)
#include "test_changestream.moc"
