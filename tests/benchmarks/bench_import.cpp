// Import benchmark: a 1,000,000-row sheet in SkyPilot's vms.csv format, imported by
// `breakeven import` into a new document, against sqlite3's `.import --csv FILE t` of the same
// file into a WAL-mode database (`PRAGMA journal_mode=WAL`, as documents always are) in the same
// run (docs/benchmarks.md: the import may take no more wall time). sqlite3 with its default
// rollback journal is timed too, as the earlier reference.
// Prints both times, the ratio and the import's peak resident memory (from /usr/bin/time -v
// when present, else sampled from /proc while it runs). Then two imports into an existing
// document alone against two while another connection has it open, and one round of the same
// rows grouped by region. An argument sets the number of rows (`bench_import 100000`); the
// budget is stated for the default million.
#include "../import/skypilotsheet.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <SQLiteCpp/Database.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

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

// Removes what a run wrote, so that the next one does not share the machine with the kernel
// writing it back to disk.
void removeDatabase(const QString &path)
{
    for (const QString &suffix : {QString(), QStringLiteral("-journal"), QStringLiteral("-wal"), QStringLiteral("-shm")})
        QFile::remove(path + suffix);
}

// One round: sqlite3's .import into a new database (rollback journal, then WAL), then
// breakeven import into a new document.
struct Round {
    Timed sqlite;
    Timed sqliteWal;
    Timed import;
    double ratio() const { return import.seconds / sqliteWal.seconds; }
    double ratioToRollback() const { return import.seconds / sqlite.seconds; }
};

std::optional<Round> round(const QTemporaryDir &dir, const QString &sheet, int index)
{
    const QString database = dir.filePath(QStringLiteral("new%1.db").arg(index));
    const QString document = dir.filePath(QStringLiteral("bench%1.breakeven").arg(index));
    Round round;
    round.sqlite = run(QStringLiteral("sqlite3"), {database, QStringLiteral(".import --csv %1 t").arg(sheet)});
    removeDatabase(database);
    round.sqliteWal = run(QStringLiteral("sqlite3"), {database, QStringLiteral("PRAGMA journal_mode=WAL;"),
                                                      QStringLiteral(".import --csv %1 t").arg(sheet)});
    removeDatabase(database);
    round.import = run(QStringLiteral(BREAKEVEN_EXECUTABLE),
                       {QStringLiteral("import"), sheet, QStringLiteral("--into"), document});
    removeDatabase(document);
    if (round.sqlite.exitCode != 0 || round.sqliteWal.exitCode != 0 || round.import.exitCode != 0) {
        std::fprintf(stderr, "failed: sqlite3 %d, sqlite3 in WAL %d, breakeven %d\n%s\n", round.sqlite.exitCode,
                     round.sqliteWal.exitCode, round.import.exitCode, round.import.err.constData());
        return std::nullopt;
    }
    std::printf("  sqlite3 .import %5.2f s, in WAL %5.2f s   breakeven import %5.2f s (peak RSS %5.1f MB)"
                "   ratio to WAL %.2f (to rollback journal %.2f)\n",
                round.sqlite.seconds, round.sqliteWal.seconds, round.import.seconds,
                double(round.import.peakKiB) / 1024, round.ratio(), round.ratioToRollback());
    return round;
}

// An import into a document made beforehand, alone or while another connection has it open (as
// the app's has, when its wizard imports).
std::optional<double> importIntoExisting(const QTemporaryDir &dir, const QString &sheet, bool otherConnection)
{
    const QString document = dir.filePath(QStringLiteral("existing.breakeven"));
    removeDatabase(document);
    if (run(QStringLiteral(BREAKEVEN_EXECUTABLE), {QStringLiteral("new"), document}).exitCode != 0)
        return std::nullopt;
    std::optional<SQLite::Database> other;
    if (otherConnection) {
        other.emplace(document.toStdString(), SQLite::OPEN_READONLY);
        other->execAndGet("SELECT count(*) FROM sheets");
    }
    const Timed import = run(QStringLiteral(BREAKEVEN_EXECUTABLE),
                             {QStringLiteral("import"), sheet, QStringLiteral("--into"), document});
    other.reset();
    removeDatabase(document);
    if (import.exitCode != 0)
        return std::nullopt;
    return import.seconds;
}

// A newer sheet of the same rows at 1.3 times the prices over a document that has the older one
// (dated 2025-01-01): every offer is updated. Dated 2026-01-01, each offer's earlier prices are
// kept (schema 8); dated as the older one, it is a correction and nothing is kept. The time of the
// second import, and how many earlier prices the document then keeps.
std::optional<std::pair<double, qint64>> updateImport(const QTemporaryDir &dir, const QString &older,
                                                      const QString &newer, const QString &asOf)
{
    const QString document = dir.filePath(QStringLiteral("updated.breakeven"));
    removeDatabase(document);
    const QString exe = QStringLiteral(BREAKEVEN_EXECUTABLE);
    if (run(exe, {QStringLiteral("new"), document}).exitCode != 0
        || run(exe, {QStringLiteral("import"), older, QStringLiteral("--into"), document, QStringLiteral("--as-of"),
                     QStringLiteral("2025-01-01")}).exitCode != 0)
        return std::nullopt;
    const Timed import = run(exe, {QStringLiteral("import"), newer, QStringLiteral("--into"), document,
                                   QStringLiteral("--as-of"), asOf});
    qint64 kept = -1;
    {
        SQLite::Database db(document.toStdString(), SQLite::OPEN_READONLY);
        kept = db.execAndGet("SELECT count(*) FROM offer_prices").getInt64();
    }
    removeDatabase(document);
    if (import.exitCode != 0)
        return std::nullopt;
    return std::make_pair(import.seconds, kept);
}

} // namespace

// Timings on a shared machine wander from run to run, so the two loaders take turns, three
// rounds, and the median ratio is the figure.
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
    std::printf("generating %lld rows, grouped by instance type as SkyPilot's sheets are...\n",
                static_cast<long long>(rows));
    sheetfixtures::writeSkyPilotSheet(sheet, rows);
    std::printf("sheet: %.1f MB\n", double(QFileInfo(sheet).size()) / 1e6);
    std::vector<double> ratios;
    std::vector<double> rollbackRatios;
    for (int i = 0; i < 3; ++i) {
        const auto result = round(dir, sheet, i);
        if (!result)
            return 1;
        ratios.push_back(result->ratio());
        rollbackRatios.push_back(result->ratioToRollback());
    }
    std::sort(ratios.begin(), ratios.end());
    std::sort(rollbackRatios.begin(), rollbackRatios.end());
    std::printf("ratio import / sqlite3 in WAL, median of 3: %.2f (goal <= 1.0); "
                "to sqlite3 with a rollback journal: %.2f\n", ratios[1], rollbackRatios[1]);

    std::printf("into an existing document, alone / while another connection has it open:\n");
    double alone = 0;
    double shared = 0;
    for (int i = 0; i < 2; ++i) {
        const auto a = importIntoExisting(dir, sheet, false);
        const auto b = importIntoExisting(dir, sheet, true);
        if (!a || !b)
            return 1;
        std::printf("  %5.2f s / %5.2f s\n", *a, *b);
        alone += *a;
        shared += *b;
    }
    std::printf("  another connection open: %.2f times as long\n", shared / alone);

    // Both sheets are named after the same provider, so their rows are the same offers.
    const QString newer = dir.filePath(QStringLiteral("newer/runpod-bench.csv"));
    QDir(dir.path()).mkpath(QStringLiteral("newer"));
    sheetfixtures::writeSkyPilotSheet(newer, rows, 1.3);
    std::printf("a newer sheet over every offer, earlier prices kept / the same sheet as a correction "
                "(same date, nothing kept):\n");
    std::vector<double> keepRatios;
    for (int i = 0; i < 3; ++i) {
        const auto dated = updateImport(dir, sheet, newer, QStringLiteral("2026-01-01"));
        const auto corrected = updateImport(dir, sheet, newer, QStringLiteral("2025-01-01"));
        if (!dated || !corrected)
            return 1;
        std::printf("  %5.2f s (%lld earlier prices kept) / %5.2f s (%lld)\n", dated->first,
                    static_cast<long long>(dated->second), corrected->first, static_cast<long long>(corrected->second));
        keepRatios.push_back(dated->first / corrected->first);
    }
    std::sort(keepRatios.begin(), keepRatios.end());
    std::printf("  keeping the earlier prices: %.2f times as long, median of 3\n", keepRatios[1]);

    std::printf("the same rows grouped by region instead (each row lands far from the one before in the key):\n");
    sheetfixtures::writeSkyPilotSheet(sheet, rows, 1.0, sheetfixtures::SheetOrder::ByRegion);
    return round(dir, sheet, 3) ? 0 : 1;
}
