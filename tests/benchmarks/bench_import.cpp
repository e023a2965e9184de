// Import benchmark: a 1,000,000-row sheet in SkyPilot's vms.csv format, imported by
// `breakeven import` into a new document, against `sqlite3 new.db ".import --csv FILE t"` of
// the same file in the same run (docs/architecture.md: the import may take no more wall time).
// Prints both times, the ratio and the import's peak resident memory (from /usr/bin/time -v
// when present, else sampled from /proc while it runs). An argument sets the number of rows
// (`bench_import 100000`); the budget is stated for the default million.
#include "../sheets/skypilotsheet.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

namespace {

constexpr qint64 kDefaultRows = 1000000;

struct Timed {
    double seconds = 0;
    int exitCode = -1;
    qint64 peakKiB = 0;
    QByteArray err;
};

qint64 procPeakKiB(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    static const QRegularExpression hwm(QStringLiteral("VmHWM:\\s+(\\d+) kB"));
    return hwm.match(QString::fromLatin1(status.readAll())).captured(1).toLongLong();
}

Timed run(const QString &program, const QStringList &arguments)
{
    const bool gnuTime = QFileInfo::exists(QStringLiteral("/usr/bin/time"));
    QProcess process;
    QElapsedTimer timer;
    timer.start();
    if (gnuTime)
        process.start(QStringLiteral("/usr/bin/time"), QStringList{QStringLiteral("-v"), program} + arguments);
    else
        process.start(program, arguments);
    Timed timed;
    if (!process.waitForStarted())
        return timed;
    while (!process.waitForFinished(20))
        if (!gnuTime)
            timed.peakKiB = std::max(timed.peakKiB, procPeakKiB(process.processId()));
    timed.seconds = double(timer.nsecsElapsed()) / 1e9;
    timed.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    timed.err = process.readAllStandardError();
    static const QRegularExpression maxRss(QStringLiteral("Maximum resident set size \\(kbytes\\): (\\d+)"));
    if (gnuTime)
        timed.peakKiB = maxRss.match(QString::fromLocal8Bit(timed.err)).captured(1).toLongLong();
    return timed;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    if (!dir.isValid())
        return 1;
    const QString sheet = dir.filePath(QStringLiteral("runpod-bench.csv"));
    const qint64 rows = argc > 1 ? QByteArray(argv[1]).toLongLong() : kDefaultRows;
    if (rows <= 0) {
        std::fprintf(stderr, "usage: bench_import [rows]\n");
        return 2;
    }
    std::printf("generating %lld rows...\n", static_cast<long long>(rows));
    sheetfixtures::writeSkyPilotSheet(sheet, rows);
    std::printf("sheet: %.1f MB\n", double(QFileInfo(sheet).size()) / 1e6);

    const Timed sqlite = run(QStringLiteral("sqlite3"),
                             {dir.filePath(QStringLiteral("new.db")), QStringLiteral(".import --csv %1 t").arg(sheet)});
    const Timed import = run(QStringLiteral(BREAKEVEN_EXECUTABLE),
                             {QStringLiteral("import"), sheet, QStringLiteral("--into"),
                              dir.filePath(QStringLiteral("bench.breakeven"))});
    if (sqlite.exitCode != 0 || import.exitCode != 0) {
        std::fprintf(stderr, "failed: sqlite3 %d, breakeven %d\n%s\n", sqlite.exitCode, import.exitCode,
                     import.err.constData());
        return 1;
    }
    std::printf("sqlite3 .import --csv:  %.2f s\n", sqlite.seconds);
    std::printf("breakeven import:       %.2f s (peak RSS %.1f MB)\n", import.seconds, double(import.peakKiB) / 1024);
    std::printf("ratio import / sqlite3: %.2f (goal <= 1.0)\n", import.seconds / sqlite.seconds);
    return 0;
}
