#include "filepage.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace breakeven {

SheetFilePage::SheetFilePage(QWidget *parent)
    : QWizardPage(parent)
    , m_path(new QLineEdit(this))
{
    setTitle(tr("Choose a price sheet"));
    setSubTitle(tr("A CSV file: the bundled catalog's columns, a SkyPilot vms.csv, or any sheet whose "
                   "columns you map on a later page."));
    m_path->setPlaceholderText(tr("path of a .csv file"));
    m_path->setClearButtonEnabled(true);
    registerField(QStringLiteral("path*"), m_path);
    connect(m_path, &QLineEdit::textChanged, this, &QWizardPage::completeChanged);

    auto *browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &SheetFilePage::browse);

    auto *row = new QHBoxLayout;
    auto *label = new QLabel(tr("&File:"), this);
    label->setBuddy(m_path);
    row->addWidget(label);
    row->addWidget(m_path, 1);
    row->addWidget(browse);
    auto *hint = new QLabel(tr("SkyPilot sheets name their provider in the path (…/lambda/vms.csv or "
                               "lambda-v7.csv); otherwise you can name it on the next page."),
                            this);
    hint->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(hint);
    layout->addStretch(1);
}

bool SheetFilePage::isComplete() const
{
    return QFileInfo(m_path->text().trimmed()).isFile();
}

void SheetFilePage::browse()
{
    const QString start = m_path->text().isEmpty() ? QString() : QFileInfo(m_path->text()).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Import price sheet"), start,
                                                      tr("Price sheets (*.csv *.tsv *.txt);;All files (*)"));
    if (!path.isEmpty())
        m_path->setText(path);
}

} // namespace breakeven
