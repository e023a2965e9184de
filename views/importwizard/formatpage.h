// Second page: how the sheet was read (encoding, delimiter, header) and what it will be read
// as (preset, provider, price date). Encoding and delimiter start as detected and can be
// chosen; the header is read again at once, and the preset detected again from it. A header no
// preset fits leads to the mapping page.
#pragma once

#include "importwizardpage.h"

class QComboBox;
class QLabel;
class QLineEdit;

namespace breakeven {

class SheetFormatPage : public ImportWizardPage {
    Q_OBJECT
public:
    explicit SheetFormatPage(QWidget *parent = nullptr);

    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    int nextId() const override;

    QComboBox *encodingBox() const { return m_encoding; }
    QComboBox *delimiterBox() const { return m_delimiter; }
    QComboBox *presetBox() const { return m_preset; }
    QComboBox *providerBox() const { return m_provider; }

private:
    void readHeader();
    void fillPresets();
    void choosePreset();
    void chooseFormat();

    QString m_pathRead; // the sheet the choices below belong to
    QComboBox *m_encoding;
    QComboBox *m_delimiter;
    QLabel *m_header;
    QLabel *m_problem;
    QComboBox *m_preset;
    QComboBox *m_provider;
    QLineEdit *m_asOf;
};

} // namespace breakeven
