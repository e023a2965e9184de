// The preview: the whole sheet run through the importer and rolled back, in the worker thread,
// so every row's status is what the import will do. Rows can be narrowed to one status. GPU
// names the catalog does not know are listed with their rows; mapping one to a model runs the
// preview again with that alias, and the import saves it in the document.
#pragma once

#include "importwizardpage.h"

#include <QStringList>

#include <utility>
#include <vector>

class QComboBox;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QTableView;

namespace breakeven {

class RowReportModel;
class UnknownGpuPanel;

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
    UnknownGpuPanel *unknownGpus() const { return m_unknown; }
    bool isRunning() const { return m_running; }

private:
    void runPreview();
    void listUnknownGpus(const std::vector<std::pair<QString, qint64>> &reported);
    void showUnknownGpus();
    void mapGpus();
    void showProgress(qint64 done, qint64 total);
    void finish();
    void filterStatus();

    RowReportModel *m_rows;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_table;
    QComboBox *m_statusFilter;
    QProgressBar *m_progress;
    QLabel *m_counts;
    UnknownGpuPanel *m_unknown;
    QStringList m_models; // the document's GPU models, offered for unknown names
    // Mappings made for another sheet, kept for the names the new one also lacks.
    std::vector<std::pair<QString, QString>> m_restoring;
    bool m_running = false;
    bool m_ready = false;
};

} // namespace breakeven
