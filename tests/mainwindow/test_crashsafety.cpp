// The app's process killed with SIGKILL: once in a burst of edits made through the main window
// (field edits, added parts, utilization drags, undo), once in the middle of an import started
// from the import wizard. The child is this executable running the window offscreen; it reports
// each edit on stdout before making it and again once the window returned. The parent kills it at
// a random moment, reopens the document and checks `integrity_check`, that every reported edit
// is there (the one in flight may or may not be) and that no part of a killed import is.
#include "editors/buildeditor.h"
#include "editors/cloudoptioneditor.h"
#include "editors/numberfield.h"
#include "importwizard/importrunner.h"
#include "importwizard/importwizard.h"
#include "importwizard/previewpage.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/scenariopanel.h"
#include "scenarioview/scenarioview.h"
#include "store/document.h"

#include "../import/sheetfixtures.h"

#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <chrono>
#include <cstdio>
#include <thread>

using namespace breakeven;
using Node = ScenarioTreeModel::Node;

namespace {

const QString kEditFlag = QStringLiteral("--edit-burst");
const QString kImportFlag = QStringLiteral("--wizard-import");
const QString kScenario = QStringLiteral("Crash test");
constexpr qint64 kImportRows = 150000;

// What the scenario looks like after an edit; printed as one line.
struct State {
    int step = 0;
    double electricity = 0;
    double price = 0;
    double utilization = 0;
    int cloudOptions = 0;

    QByteArray line(const char *tag) const
    {
        return QStringLiteral("%1 %2 %3 %4 %5 %6\n")
            .arg(QLatin1String(tag))
            .arg(step)
            .arg(electricity, 0, 'g', 17)
            .arg(price, 0, 'g', 17)
            .arg(utilization, 0, 'g', 17)
            .arg(cloudOptions)
            .toLatin1();
    }
    static State parse(const QByteArray &line)
    {
        const QList<QByteArray> parts = line.trimmed().split(' ');
        State s;
        if (parts.size() != 6)
            return s;
        s.step = parts[1].toInt();
        s.electricity = parts[2].toDouble();
        s.price = parts[3].toDouble();
        s.utilization = parts[4].toDouble();
        s.cloudOptions = parts[5].toInt();
        return s;
    }
    static State of(const Scenario &scenario)
    {
        State s;
        s.electricity = scenario.onPremOptions.empty() ? -1 : scenario.onPremOptions[0].electricityPerKWh;
        s.price = scenario.cloudOptions.empty() ? -1 : scenario.cloudOptions[0].pricePerHour;
        s.utilization = scenario.workload.utilization;
        s.cloudOptions = int(scenario.cloudOptions.size());
        return s;
    }
    bool sameScenario(const State &other) const
    {
        return electricity == other.electricity && price == other.price && utilization == other.utilization
            && cloudOptions == other.cloudOptions;
    }
};

void say(const QByteArray &line)
{
    std::fwrite(line.constData(), 1, std::size_t(line.size()), stdout);
    std::fflush(stdout);
}

// The child of killedDuringEditBurst: edits until it is killed.
int runEditBurst(const QString &path)
{
    MainWindow window(Document::open(path));
    window.setMessageHandler([](const QString &title, const QString &text) {
        std::fprintf(stderr, "%s: %s\n", qPrintable(title), qPrintable(text));
    });
    window.resize(1200, 800);
    window.show();
    window.addScenario(kScenario);
    window.addBuild();
    window.addCloudOption();
    const qint64 scenarioId = window.currentScenarioId();
    const auto ids = Document::open(path)->scenarios().loadStored(scenarioId).ids;
    ScenarioPanel *panel = window.scenarioPanel();
    State state = State::of(window.scenarioView()->scenario());
    say(state.line("ok"));
    for (int step = 1; step < 1000000; ++step) {
        State next = state;
        next.step = step;
        const int kind = step % 5;
        // Whole cents and percents, k / 100.0: exactly what a two-decimal spin box keeps.
        if (kind == 0) {
            next.electricity = (10 + (step / 5) % 40) / 100.0;
        } else if (kind == 1) {
            next.price = (100 + step) / 100.0;
        } else if (kind == 2) {
            next.utilization = (5 + (step / 5) % 90) / 100.0;
        } else if (kind == 3) {
            ++next.cloudOptions;
        } else {
            --next.cloudOptions; // the undo of the option just added
        }
        say(next.line("next"));
        if (kind == 0) {
            panel->select(Node::Build, ids.builds[0]);
            panel->buildEditor()->electricityField()->spinBox()->setValue(next.electricity);
            emit panel->buildEditor()->electricityField()->spinBox()->editingFinished();
        } else if (kind == 1) {
            panel->select(Node::CloudOption, ids.cloudOptions[0]);
            panel->cloudOptionEditor()->priceField()->spinBox()->setValue(next.price);
            emit panel->cloudOptionEditor()->priceField()->spinBox()->editingFinished();
        } else if (kind == 2) {
            ScenarioView *view = window.scenarioView();
            const double before = view->utilization();
            view->setUtilization((before + next.utilization) / 2); // a drag's live tick
            view->setUtilization(next.utilization);
            emit view->utilizationCommitted(before, next.utilization);
        } else if (kind == 3) {
            window.addCloudOption();
        } else {
            window.undoStack()->undo();
        }
        QCoreApplication::processEvents();
        state = next;
        say(state.line("ok"));
    }
    return 0;
}

// The child of killedDuringWizardImport: walks the wizard to its import page and reports
// progress until it is killed.
int runWizardImport(const QString &path, const QString &sheet)
{
    auto document = Document::open(path);
    ImportWizard wizard(document.get(), nullptr, sheet);
    wizard.show();
    wizard.next(); // format
    wizard.next(); // preview of the whole sheet
    auto *preview = qobject_cast<SheetPreviewPage *>(wizard.page(ImportWizard::PreviewPage));
    if (!preview || !QTest::qWaitFor([&] { return !preview->isRunning(); }, 240000))
        return 1;
    wizard.next(); // summary
    QObject::connect(wizard.runner(), &ImportRunner::progressed, wizard.runner(),
                     [](qint64 done, qint64 total) { say(QByteArray::number(total > 0 ? 100 * done / total : 0) + '\n'); },
                     Qt::DirectConnection);
    wizard.next(); // import
    if (wizard.currentId() != ImportWizard::ImportPage)
        return 1;
    const bool ended = QTest::qWaitFor([&] { return !wizard.runner()->isRunning(); }, 240000);
    say(ended ? "finished\n" : "still running\n");
    return ended ? 0 : 1;
}

// Kills `child` once `ready` says its output so far is far enough, after a random delay.
QByteArray killWhen(QProcess &child, const std::function<bool(const QByteArray &)> &ready)
{
    QByteArray output;
    QElapsedTimer timer;
    timer.start();
    while (!ready(output) && timer.elapsed() < 240000 && child.state() == QProcess::Running) {
        child.waitForReadyRead(200);
        output += child.readAllStandardOutput();
    }
    if (ready(output))
        std::this_thread::sleep_for(std::chrono::microseconds(QRandomGenerator::global()->bounded(30000)));
    child.kill(); // SIGKILL: no destructors, no rollback, no checkpoint
    child.waitForFinished(10000);
    return output + child.readAllStandardOutput();
}

QString integrity(Document &document)
{
    return QString::fromStdString(
        document.connection().database().execAndGet("PRAGMA integrity_check").getString());
}

} // namespace

class TestCrashSafety : public QObject {
    Q_OBJECT

public:
    TestCrashSafety()
    {
        const QStringList arguments = QCoreApplication::arguments();
        QStandardPaths::setTestModeEnabled(true); // the children's settings stay out of the user's
        if (const qsizetype at = arguments.indexOf(kEditFlag); at >= 0 && at + 1 < arguments.size())
            std::exit(runEditBurst(arguments.at(at + 1)));
        if (const qsizetype at = arguments.indexOf(kImportFlag); at >= 0 && at + 2 < arguments.size())
            std::exit(runWizardImport(arguments.at(at + 1), arguments.at(at + 2)));
    }

private slots:
    void initTestCase();
    void killedDuringEditBurst_data();
    void killedDuringEditBurst();
    void killedDuringWizardImport();
};

void TestCrashSafety::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TestCrashSafety::killedDuringEditBurst_data()
{
    QTest::addColumn<int>("editsBeforeKill");
    QTest::newRow("early") << 12;
    QTest::newRow("later") << 75;
}

void TestCrashSafety::killedDuringEditBurst()
{
    QFETCH(int, editsBeforeKill);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("edits.breakeven"));
    Document::create(path);

    QProcess child;
    child.setProcessChannelMode(QProcess::SeparateChannels);
    child.start(QCoreApplication::applicationFilePath(), {kEditFlag, path});
    QVERIFY2(child.waitForStarted(), qPrintable(child.errorString()));
    const QByteArray output = killWhen(child, [&](const QByteArray &out) {
        return out.count("\nok ") >= editsBeforeKill;
    });
    QVERIFY2(output.count("\nok ") >= editsBeforeKill, child.readAllStandardError().constData());
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    // The last edit the window finished, and the one it had started when the kill came.
    State done;
    State inFlight;
    bool hasInFlight = false;
    for (const QByteArray &line : output.split('\n')) {
        if (line.startsWith("ok ")) {
            done = State::parse(line);
            hasInFlight = false;
        } else if (line.startsWith("next ")) {
            inFlight = State::parse(line);
            hasInFlight = true;
        }
    }
    QVERIFY(done.step >= editsBeforeKill - 1);

    const auto document = Document::open(path);
    QCOMPARE(integrity(*document), QStringLiteral("ok"));
    const State stored = State::of(document->scenarios().load(kScenario));
    const bool isDone = stored.sameScenario(done);
    const bool isInFlight = hasInFlight && stored.sameScenario(inFlight);
    QVERIFY2(isDone || isInFlight,
             qPrintable(QStringLiteral("stored %1 | last done %2 | in flight %3")
                            .arg(QString::fromLatin1(stored.line("stored").trimmed()),
                                 QString::fromLatin1(done.line("ok").trimmed()),
                                 hasInFlight ? QString::fromLatin1(inFlight.line("next").trimmed()) : QString())));
}

void TestCrashSafety::killedDuringWizardImport()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("import.breakeven"));
    const QString sheet = dir.filePath(QStringLiteral("runpod-v8.csv"));
    sheetfixtures::writeSkyPilotSheet(sheet, kImportRows);
    qint64 offersBefore = 0;
    qint64 sheetsBefore = 0;
    {
        const auto document = Document::create(path);
        offersBefore = document->catalog().offerCount();
        sheetsBefore = qint64(document->catalog().sheets().size());
    }

    QProcess child;
    child.start(QCoreApplication::applicationFilePath(), {kImportFlag, path, sheet});
    QVERIFY2(child.waitForStarted(), qPrintable(child.errorString()));
    // Progress lines are percentages of the sheet read by the import; the child prints them only
    // once the preview is over.
    const QByteArray output = killWhen(child, [](const QByteArray &out) {
        const QList<QByteArray> lines = out.trimmed().split('\n');
        return !lines.isEmpty() && lines.last().toInt() >= 30;
    });
    QVERIFY2(!output.contains("finished"), "the import ended before it could be killed");
    QVERIFY2(output.trimmed().split('\n').last().toInt() >= 30, child.readAllStandardError().constData());
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    const auto document = Document::open(path);
    QCOMPARE(integrity(*document), QStringLiteral("ok"));
    QCOMPARE(document->catalog().offerCount(), offersBefore);
    QCOMPARE(qint64(document->catalog().sheets().size()), sheetsBefore);
    OfferFilter runpod;
    runpod.provider = QStringLiteral("runpod");
    const auto imported = document->catalog().offers(runpod, OfferColumn::InstanceType, Qt::AscendingOrder, 0, 10);
    for (const StoredOffer &offer : imported)
        QVERIFY2(!offer.offer.source.contains(QLatin1String("runpod-v8.csv")), qPrintable(offer.offer.instanceType));
}

QTEST_MAIN(TestCrashSafety)
#include "test_crashsafety.moc"
