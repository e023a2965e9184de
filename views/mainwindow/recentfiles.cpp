#include "recentfiles.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace breakeven {

namespace {
const QString kKey = QStringLiteral("recentFiles");
}

RecentFiles::RecentFiles(QMenu *menu, QObject *parent)
    : QObject(parent)
    , m_menu(menu)
{
    rebuildMenu();
}

QStringList RecentFiles::files() const
{
    return QSettings().value(kKey).toStringList();
}

void RecentFiles::add(const QString &path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = files();
    list.removeAll(absolute);
    list.prepend(absolute);
    store(list.mid(0, MaxFiles));
}

void RecentFiles::remove(const QString &path)
{
    QStringList list = files();
    list.removeAll(QFileInfo(path).absoluteFilePath());
    store(list);
}

void RecentFiles::store(const QStringList &files)
{
    QSettings().setValue(kKey, files);
    rebuildMenu();
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    const QStringList list = files();
    int number = 1;
    for (const QString &path : list) {
        const QString label = number < 10 ? QStringLiteral("&%1 %2").arg(number).arg(QFileInfo(path).fileName())
                                          : QFileInfo(path).fileName();
        QAction *action = m_menu->addAction(label);
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
        ++number;
    }
    m_menu->setEnabled(!list.isEmpty());
    if (!list.isEmpty()) {
        m_menu->addSeparator();
        connect(m_menu->addAction(tr("Clear List")), &QAction::triggered, this, [this] { store({}); });
    }
}

} // namespace breakeven
