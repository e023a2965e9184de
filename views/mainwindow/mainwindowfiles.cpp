// File menu of the main window: documents (new, open, recent, Save As), scenario JSON import and
// export, chart and report export. A refused file is reported and changes nothing.
#include "mainwindow.h"

#include "charts/chartpanel.h"
#include "commands/commands.h"
#include "engine/assembly.h"
#include "export/csvexport.h"
#include "session/scenariosession.h"
#include "export/chartexport.h"
#include "export/reportwriter.h"
#include "exportnotice.h"
#include "inputerror.h"
#include "recentfiles.h"
#include "exchange/scenariojson.h"
#include "scenarioview/scenarioview.h"
#include "store/document.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QUndoStack>
#include <QFileDialog>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>

namespace breakeven {

namespace {

// A scenario's name as part of a suggested file name: characters a file system refuses become "-".
QString fileNamePart(const QString &name)
{
    static const QRegularExpression refused(QStringLiteral(R"([/\\:*?"<>|])"));
    return QString(name).replace(refused, QStringLiteral("-"));
}

const QString kDocumentFilter = QObject::tr("Breakeven documents (*.breakeven);;All files (*)");
const QString kJsonFilter = QObject::tr("Scenario JSON (*.json);;All files (*)");
const QString kFolderKey = QStringLiteral("lastFolder");

QString withSuffix(QString path, const QString &suffix)
{
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    return path;
}

void rememberFolder(const QString &path)
{
    if (!path.isEmpty())
        QSettings().setValue(kFolderKey, QFileInfo(path).absolutePath());
}

} // namespace

QString MainWindow::dialogFolder() const
{
    return QSettings().value(kFolderKey, QDir::homePath()).toString();
}

bool MainWindow::openDocument(const QString &path)
{
    std::unique_ptr<Document> opened;
    try {
        opened = Document::openAsAllowed(path);
    } catch (const InputError &error) {
        showError(tr("Open Document"), tr("Breakeven could not open this document.\n\n%1").arg(error.message()));
        return false;
    }
    const bool readOnly = opened->isReadOnly();
    setDocument(std::move(opened));
    m_recent->add(path);
    if (!readOnly) // else setDocument() says so, and the message stays
        statusBar()->showMessage(tr("Opened %1").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::createDocument(const QString &path)
{
    std::unique_ptr<Document> created;
    try {
        // create() refuses an existing file; the save dialog has already asked to replace it.
        if (QFileInfo::exists(path) && !QFile::remove(path))
            throw InputError(path, tr("the existing file cannot be replaced"));
        created = Document::create(path);
    } catch (const InputError &error) {
        showError(tr("New Document"), error.message());
        return false;
    }
    setDocument(std::move(created));
    m_recent->add(path);
    return true;
}

bool MainWindow::saveDocumentAs(const QString &path)
{
    if (!document())
        return false;
    try {
        document()->saveAs(path);
    } catch (const InputError &error) {
        showError(tr("Save As"), error.message());
        return false;
    }
    m_recent->add(path);
    updateTitle();
    updateStatus();
    statusBar()->showMessage(tr("Saved a copy as %1; edits now go there").arg(QDir::toNativeSeparators(path)), 5000);
    return true;
}

bool MainWindow::importScenarioJson(const QString &path)
{
    if (!document())
        return false;
    try {
        Scenario scenario = readScenarioFile(path);
        scenario.name = uniqueName(scenario.name, document()->scenarios().names());
        const int before = undoStack()->count();
        commands::importScenario(*m_context, scenario);
        return undoStack()->count() > before;
    } catch (const InputError &error) {
        showError(tr("Import Scenario"), error.message());
        return false;
    }
}

bool MainWindow::exportScenarioJson(const QString &path)
{
    if (!current())
        return false;
    try {
        // The export carries the figures of every GPU it names, so it evaluates anywhere.
        const Scenario scenario = withGpuFigures(document()->scenarios().load(current()->scenario.name),
                                                 m_session->gpuCatalog());
        const QByteArray json = writeScenarioJson(scenario);
        exporting::writeFileAtomically(path, [&](QIODevice *device) { device->write(json); });
    } catch (const InputError &error) {
        showError(tr("Export Scenario"), error.message());
        return false;
    }
    ExportNotice::show(statusBar(), path);
    return true;
}

bool MainWindow::exportChart(const QString &path)
{
    const CostModel *model = m_view->costModel();
    const Evaluation *evaluation = m_view->evaluation();
    const charts::ChartPanel *chart = m_view->currentChart();
    if (!model || !evaluation || !chart)
        return false;
    try {
        exporting::exportChart(*model, *evaluation, chart->kind(), path, {}, m_view->risk());
    } catch (const InputError &error) {
        showError(tr("Export Chart"), error.message());
        return false;
    }
    ExportNotice::show(statusBar(), path);
    return true;
}

bool MainWindow::exportReport(const QString &path)
{
    const CostModel *model = m_view->costModel();
    const Evaluation *evaluation = m_view->evaluation();
    if (!model || !evaluation)
        return false;
    try {
        exporting::writeReport(m_view->scenario(), m_session->gpuCatalog(), *model, *evaluation, path);
    } catch (const InputError &error) {
        showError(tr("Export Report"), error.message());
        return false;
    }
    ExportNotice::show(statusBar(), path);
    return true;
}

void MainWindow::chooseNewDocument()
{
    const QString path = withSuffix(
        QFileDialog::getSaveFileName(this, tr("New Document"), dialogFolder(), kDocumentFilter), QStringLiteral("breakeven"));
    rememberFolder(path);
    if (!path.isEmpty())
        createDocument(path);
}

void MainWindow::chooseOpenDocument()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Document"), dialogFolder(), kDocumentFilter);
    rememberFolder(path);
    if (!path.isEmpty())
        openDocument(path);
}

void MainWindow::chooseSaveAs()
{
    const QString path = withSuffix(
        QFileDialog::getSaveFileName(this, tr("Save As"), dialogFolder(), kDocumentFilter), QStringLiteral("breakeven"));
    rememberFolder(path);
    if (!path.isEmpty())
        saveDocumentAs(path);
}

void MainWindow::chooseImportScenario()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Import Scenario"), dialogFolder(), kJsonFilter);
    rememberFolder(path);
    if (!path.isEmpty())
        importScenarioJson(path);
}

void MainWindow::chooseExportScenario()
{
    if (!current())
        return;
    const QString suggestion = QDir(dialogFolder()).filePath(fileNamePart(current()->scenario.name) + QStringLiteral(".json"));
    const QString path = withSuffix(QFileDialog::getSaveFileName(this, tr("Export Scenario"), suggestion, kJsonFilter),
                                    QStringLiteral("json"));
    rememberFolder(path);
    if (!path.isEmpty())
        exportScenarioJson(path);
}

bool MainWindow::exportSeriesCsv(const QString &path)
{
    const CostModel *model = m_view->costModel();
    const Evaluation *evaluation = m_view->evaluation();
    if (!model || !evaluation)
        return false;
    if (!m_view->writeCsv(path, exporting::seriesCsv(*model, *evaluation)))
        return false;
    ExportNotice::show(statusBar(), path);
    return true;
}

void MainWindow::copySeries()
{
    if (m_view->costModel() && m_view->evaluation())
        QApplication::clipboard()->setText(exporting::seriesCsv(*m_view->costModel(), *m_view->evaluation()));
}

void MainWindow::chooseExportSeries()
{
    if (!current())
        return;
    const QString suggestion = QDir(dialogFolder()).filePath(fileNamePart(current()->scenario.name) + tr(" monthly.csv"));
    const QString path = withSuffix(QFileDialog::getSaveFileName(this, tr("Export Monthly Series"), suggestion,
                                                                 tr("CSV (*.csv)")),
                                    QStringLiteral("csv"));
    rememberFolder(path);
    if (!path.isEmpty())
        exportSeriesCsv(path);
}

void MainWindow::chooseExportChart()
{
    // Suggested: "<scenario> — <chart>.pdf" in the folder last used.
    const QString chart = m_view->currentChart() ? m_view->currentChart()->title() : tr("chart");
    const QString suggestion = QDir(dialogFolder()).filePath(
        current() ? tr("%1 — %2.pdf").arg(fileNamePart(current()->scenario.name), chart) : chart + QStringLiteral(".pdf"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Chart"), suggestion,
                                                      tr("PDF (*.pdf);;PNG image (*.png);;SVG image (*.svg)"));
    rememberFolder(path);
    if (path.isEmpty())
        return;
    if (!exporting::chartFormatForPath(path)) {
        showError(tr("Export Chart"), tr("Choose a file name ending in .pdf, .png or .svg."));
        return;
    }
    exportChart(path);
}

void MainWindow::chooseExportReport()
{
    const QString path = withSuffix(
        QFileDialog::getSaveFileName(this, tr("Export Report"),
                                     QDir(dialogFolder()).filePath(current() ? tr("%1 — report.pdf").arg(fileNamePart(current()->scenario.name))
                                                                             : tr("report.pdf")),
                                     tr("PDF (*.pdf)")),
        QStringLiteral("pdf"));
    rememberFolder(path);
    if (!path.isEmpty())
        exportReport(path);
}

} // namespace breakeven
