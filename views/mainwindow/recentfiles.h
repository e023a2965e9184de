// The File › Open Recent list, kept in QSettings, newest first.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace breakeven {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int MaxFiles = 8;

    explicit RecentFiles(QMenu *menu, QObject *parent = nullptr);

    QStringList files() const;
    void add(const QString &path);
    void remove(const QString &path);

signals:
    void openRequested(const QString &path);

private:
    void rebuildMenu();
    void store(const QStringList &files);

    QMenu *m_menu;
};

} // namespace breakeven
