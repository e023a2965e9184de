// The last look before anything is written: how many offers the import adds, updates and
// leaves alone, and which rows it skips, grouped by reason. Its button starts the import.
#pragma once

#include "importwizardpage.h"

class QLabel;
class QTreeWidget;

namespace breakeven {

class SheetSummaryPage : public ImportWizardPage {
    Q_OBJECT
public:
    explicit SheetSummaryPage(QWidget *parent = nullptr);

    void initializePage() override;

    QLabel *countsLabel() const { return m_counts; }
    QTreeWidget *skipReasons() const { return m_reasons; }

private:
    QLabel *m_counts;
    QTreeWidget *m_reasons;
};

} // namespace breakeven
