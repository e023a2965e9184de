// The import wizard's preview of a large sheet: SheetImporter::preview with every row kept for
// the preview table, then the table's model and its status filter, as the wizard's preview page
// has them. Prints the time of each and the peak resident memory, for 100,000 and 1,000,000 rows
// (an argument sets one count instead).
#include "../import/skypilotsheet.h"
#include "importwizard/rowreportmodel.h"
#include "import/sheetimporter.h"
#include "store/document.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>

#include <cstdio>

using namespace breakeven;

namespace {

double residentMiB(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    const QRegularExpression line(QStringLiteral("%1:\\s+(\\d+) kB").arg(QLatin1String(field)));
    return line.match(QString::fromLatin1(status.readAll())).captured(1).toDouble() / 1024.0;
}

void previewOf(const QTemporaryDir &dir, qint64 rows)
{
    const QString sheet = dir.filePath(QStringLiteral("runpod-%1.csv").arg(rows));
    sheetfixtures::writeSkyPilotSheet(sheet, rows);
    const auto document = Document::create(dir.filePath(QStringLiteral("preview-%1.breakeven").arg(rows)));
    const double before = residentMiB("VmRSS");

    QElapsedTimer timer;
    timer.start();
    ImportOptions options;
    options.collectRows = true;
    ImportReport report = SheetImporter(*document).preview(sheet, options);
    const double previewSeconds = timer.nsecsElapsed() / 1e9;
    const double afterPreview = residentMiB("VmRSS");

    timer.restart();
    RowReportModel model;
    model.setRows(std::move(report.rows));
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setFilterRole(RowReportModel::StatusRole);
    proxy.setFilterKeyColumn(RowReportModel::Status);
    const int all = proxy.rowCount();
    proxy.setFilterRegularExpression(QStringLiteral("^%1$").arg(int(RowStatus::Skip)));
    const int skipped = proxy.rowCount();
    const double modelSeconds = timer.nsecsElapsed() / 1e9;

    std::printf("%lld rows: preview %.2f s, table model and a status filter %.2f s (%d rows, %d skipped)\n",
                static_cast<long long>(rows), previewSeconds, modelSeconds, all, skipped);
    std::printf("  resident memory: %.0f MiB before, %.0f MiB after the preview (%.0f bytes per row), "
                "peak %.0f MiB\n",
                before, afterPreview, (afterPreview - before) * 1024 * 1024 / double(rows), residentMiB("VmHWM"));
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    if (argc > 1) {
        previewOf(dir, QByteArray(argv[1]).toLongLong());
        return 0;
    }
    for (const qint64 rows : {qint64(100000), qint64(1000000)})
        previewOf(dir, rows);
    return 0;
}
