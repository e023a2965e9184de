// Catalog › Refresh Prices…: choose the network sources (each with its endpoint, which a company
// mirror replaces, and the clouds or regions it takes), Start, follow each source's progress,
// Cancel (the catalog stays as it was), and read the summary: per source and cloud what was
// added, updated, left unchanged and skipped, and each failure with its reason. The work runs in
// a RefreshRunner's worker thread; the window stays usable. A refresh that wrote anything is
// announced by refreshed(), so that the window reads the catalog again and puts the refresh on
// the undo stack, as a sheet's import is.
#pragma once

#include "refreshrunner.h"

#include <QDialog>
#include <QHash>

class QDialogButtonBox;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTreeWidget;

namespace breakeven {

class Document;

class RefreshDialog : public QDialog {
    Q_OBJECT
public:
    // `document` must outlive the dialog; the refresh writes to its file through a connection of
    // its own.
    explicit RefreshDialog(Document *document, QWidget *parent = nullptr);
    ~RefreshDialog() override;

    RefreshRunner *runner() const { return m_runner; }
    // The source's box (checkable: whether it runs) and its fields; nullptr for an unknown name or
    // a field the source does not take.
    QGroupBox *sourceBox(const QString &name) const;
    QLineEdit *endpointEdit(const QString &name) const;
    QLineEdit *cloudsEdit(const QString &name) const;
    QLineEdit *regionsEdit(const QString &name) const;
    QPushButton *startButton() const { return m_start; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *statusLabel() const { return m_status; }
    QLabel *problemLabel() const { return m_problem; }
    QProgressBar *progressBar() const { return m_progress; }
    QTreeWidget *sourceList() const { return m_sourceList; }
    QPlainTextEdit *summary() const { return m_summary; }

    // What Start does: checks the fields, then runs the checked sources. False, with the reason
    // in problemLabel(), when a field is wrong or no source is checked.
    bool start();

    void reject() override;

signals:
    // The run has ended having written to the catalog (the changeset of runner()).
    void refreshed();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    struct SourceFields {
        RefreshSourceInfo info;
        QGroupBox *box = nullptr;
        QLineEdit *endpoint = nullptr;
        QLineEdit *clouds = nullptr;
        QLineEdit *regions = nullptr;
    };

    QWidget *createSetupPage();
    QWidget *createRunPage();
    // The jobs the fields describe; an empty list and `problem` set when a field is wrong.
    std::vector<RefreshJob> jobs(QString &problem) const;
    void rememberFields() const;
    void showProgress(int job, const QString &cloud, const QString &stage, int index, int count);
    void showSourceFinished(int job, const RefreshResult &result);
    void finish();

    Document *m_document;
    RefreshRunner *m_runner;
    std::vector<SourceFields> m_sources;
    std::vector<RefreshJob> m_running; // the jobs of the run under way
    QStackedWidget *m_pages = nullptr;
    QLabel *m_problem = nullptr;
    QLabel *m_status = nullptr;
    QTreeWidget *m_sourceList = nullptr;
    QProgressBar *m_progress = nullptr;
    QPlainTextEdit *m_summary = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_close = nullptr;
};

} // namespace breakeven
