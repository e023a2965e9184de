// The import itself: the worker writes the sheet in one transaction while a progress bar
// moves; Cancel rolls it back. Then the report of what was written.
#pragma once

#include "importwizardpage.h"

class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace breakeven {

class SheetImportPage : public ImportWizardPage {
    Q_OBJECT
public:
    explicit SheetImportPage(QWidget *parent = nullptr);

    void initializePage() override;
    bool isComplete() const override;

    bool isRunning() const { return m_running; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPlainTextEdit *reportView() const { return m_report; }
    QLabel *statusLabel() const { return m_status; }

private:
    void showProgress(qint64 done, qint64 total);
    void finish();

    QLabel *m_status;
    QProgressBar *m_progress;
    QPushButton *m_cancel;
    QPlainTextEdit *m_report;
    bool m_running = false;
};

} // namespace breakeven
