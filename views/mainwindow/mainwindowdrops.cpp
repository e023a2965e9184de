// Files dropped on the window: a price sheet opens the import wizard on it, a scenario JSON file
// is imported into the document, a document is opened.
#include "mainwindow.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>

namespace breakeven {

namespace {

enum class DroppedKind { None, Sheet, ScenarioJson, Document };

DroppedKind kindOf(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("csv") || suffix == QLatin1String("tsv") || suffix == QLatin1String("txt"))
        return DroppedKind::Sheet;
    if (suffix == QLatin1String("json"))
        return DroppedKind::ScenarioJson;
    if (suffix == QLatin1String("breakeven"))
        return DroppedKind::Document;
    return DroppedKind::None;
}

DroppedKind kindOf(const QMimeData *mime, QString *path)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1 || !mime->urls().first().isLocalFile())
        return DroppedKind::None;
    *path = mime->urls().first().toLocalFile();
    return kindOf(*path);
}

} // namespace

bool MainWindow::openDroppedFile(const QString &path)
{
    switch (kindOf(path)) {
    case DroppedKind::Sheet: runImportWizard(path); return true;
    case DroppedKind::ScenarioJson: return importScenarioJson(path);
    case DroppedKind::Document: return openDocument(path);
    case DroppedKind::None: break;
    }
    return false;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    QString path;
    if (kindOf(event->mimeData(), &path) != DroppedKind::None)
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    QString path;
    if (kindOf(event->mimeData(), &path) == DroppedKind::None)
        return;
    event->acceptProposedAction();
    openDroppedFile(path);
}

} // namespace breakeven
