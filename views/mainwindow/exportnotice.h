// Where the last export went, kept in the status bar after its message times out: the file's
// name, a button that opens it and one that shows its folder.
#pragma once

#include <QWidget>

class QLabel;
class QStatusBar;
class QToolButton;

namespace breakeven {

class ExportNotice : public QWidget {
    Q_OBJECT
public:
    explicit ExportNotice(QWidget *parent = nullptr);

    // Says in `bar` that `path` was written, and keeps the notice (made on first use) beside it.
    static ExportNotice *show(QStatusBar *bar, const QString &path);
    // The notice of `bar`, if an export has been made.
    static ExportNotice *of(QStatusBar *bar);

    QString path() const { return m_path; }
    QLabel *label() const { return m_label; }
    QToolButton *openButton() const { return m_open; }
    QToolButton *folderButton() const { return m_folder; }

private:
    void setPath(const QString &path);

    QString m_path;
    QLabel *m_label;
    QToolButton *m_open;
    QToolButton *m_folder;
    QToolButton *m_close;
};

} // namespace breakeven
