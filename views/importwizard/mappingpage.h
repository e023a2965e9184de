// The column mapping of a custom sheet: which header feeds which catalog field, values for
// fields the sheet lacks, and saving the mapping under a name so the next sheet of the same
// shape is recognised from its header.
#pragma once

#include "importwizardpage.h"
#include "import/sheetpreset.h"

#include <array>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace breakeven {

class SheetMappingPage : public ImportWizardPage {
    Q_OBJECT
public:
    explicit SheetMappingPage(QWidget *parent = nullptr);

    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    int nextId() const override;

    QComboBox *columnBox(SheetField field) const { return m_columns[std::size_t(field)]; }
    QLineEdit *nameEdit() const { return m_name; }
    // Saves the current mapping under nameEdit()'s text; false with the reason shown otherwise.
    bool saveMapping();

private:
    SheetPreset currentPreset() const;
    QString missingField() const;

    std::array<QComboBox *, kSheetFieldCount> m_columns{};
    QLineEdit *m_category;
    QLineEdit *m_currency;
    QLineEdit *m_name;
    QPushButton *m_save;
    QLabel *m_status;
};

} // namespace breakeven
