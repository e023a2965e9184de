// Edit benchmark: the main window on a document holding a scenario of 50 options x 120 months.
// Each edit goes through the command façade as an editor's would, and is timed until the
// cumulative chart has repainted: the write and its commit, the change notification, the one
// read of the scenario, the new cost model when the engine reads the field, and the repaint.
// Prints the figures with the reads and model builds each edit cost.
#include "benchsupport.h"
#include "charts/chartview.h"
#include "charts/cumulativechart.h"
#include "commands/commands.h"
#include "mainwindow/mainwindow.h"
#include "scenarioview/scenarioview.h"
#include "session/scenarioanalysis.h"
#include "session/scenariosession.h"
#include "store/document.h"

#include <QApplication>
#include <QTemporaryDir>
#include <QUndoStack>

#include <functional>

using namespace breakeven;
using namespace benchsupport;

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("edit.breakeven"));
    const qint64 id = Document::create(path)->scenarios().save(benchmarkScenario(50, 120));

    MainWindow window(Document::open(path));
    window.resize(1600, 1000);
    window.selectScenario(id);
    window.show();
    QCoreApplication::processEvents();
    ScenarioSession &session = *window.session();
    DocumentContext &context = *window.context();
    const PaintCounter painted(window.scenarioView()->cumulativeChart()->chartView()->viewport());

    const auto measure = [&](const char *what, int runs, const std::function<void(int)> &edit) {
        std::vector<double> ms;
        std::vector<double> cpu;
        std::vector<double> sync;
        const int reads = session.scenarioReads();
        const int builds = session.analysis().modelBuilds();
        QElapsedTimer timer;
        for (int run = 0; run < runs; ++run) {
            const int before = painted.count;
            const double start = threadCpuMs();
            timer.start();
            edit(run);
            sync.push_back(timer.nsecsElapsed() / 1e6);
            waitForPaint(painted, before);
            ms.push_back(timer.nsecsElapsed() / 1e6);
            cpu.push_back(threadCpuMs() - start);
        }
        printFigures(what, ms);
        printFigures("  the same in CPU time of the GUI thread", cpu);
        printFigures("  of which the edit itself, before the event loop repaints", sync);
        std::printf("  per edit: %.2f scenario reads, %.2f cost-model builds\n",
                    double(session.scenarioReads() - reads) / runs,
                    double(session.analysis().modelBuilds() - builds) / runs);
    };

    measure("price of a cloud option, committed, to repainted chart", 40, [&](int run) {
        const StoredScenario &stored = *session.current();
        CloudOption after = stored.scenario.cloudOptions[5];
        after.pricePerHour = 10.0 + 0.25 * (run % 7) + (run % 2);
        commands::editCloudOption(context, id, stored.ids.cloudOptions[5], QStringLiteral("pricePerHour"),
                                  QStringLiteral("price"), stored.scenario.cloudOptions[5], after);
    });
    measure("name of a cloud option, committed, to repainted chart", 40, [&](int run) {
        const StoredScenario &stored = *session.current();
        CloudOption after = stored.scenario.cloudOptions[5];
        after.name = QStringLiteral("Renamed %1").arg(run);
        commands::editCloudOption(context, id, stored.ids.cloudOptions[5], QStringLiteral("name"),
                                  QStringLiteral("name"), stored.scenario.cloudOptions[5], after);
    });
    measure("undo and redo of deleting a cloud option, each to repainted chart", 40, [&](int run) {
        if (run == 0) {
            const StoredScenario &stored = *session.current();
            commands::removeCloudOption(context, id, stored.ids.cloudOptions[3], stored.scenario.cloudOptions[3].name);
        } else if (run % 2 == 1) {
            window.undoStack()->undo();
        } else {
            window.undoStack()->redo();
        }
    });
    return 0;
}
