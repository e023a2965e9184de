// The preview: the whole sheet run through the importer and rolled back, in the worker thread,
// so every row's status is what the import will do. Rows can be narrowed to one status.
#pragma once

#include "importwizardpage.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QTableView;

namespace breakeven {

class RowReportModel;

class SheetPreviewPage : public ImportWizardPage {
    Q_OBJECT
public:
    explicit SheetPreviewPage(QWidget *parent = nullptr);

    void initializePage() override;
    void cleanupPage() override;
    bool isComplete() const override;

    RowReportModel *rowModel() const { return m_rows; }
    QTableView *table() const { return m_table; }
    QComboBox *statusFilter() const { return m_statusFilter; }
    bool isRunning() const { return m_running; }

private:
    void showProgress(qint64 done, qint64 total);
    void finish();
    void filterStatus();

    RowReportModel *m_rows;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QComboBox *m_statusFilter;
    QProgressBar *m_progress;
    QLabel *m_counts;
    bool m_running = false;
    bool m_ready = false;
};

} // namespace breakeven
