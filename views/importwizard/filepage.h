// First page of the import wizard: which sheet to read.
#pragma once

#include <QWizardPage>

class QLineEdit;

namespace breakeven {

class SheetFilePage : public QWizardPage {
    Q_OBJECT
public:
    explicit SheetFilePage(QWidget *parent = nullptr);

    bool isComplete() const override;

private:
    void browse();

    QLineEdit *m_path;
};

} // namespace breakeven
