#include "importpage.h"

#include "importrunner.h"
#include "import/importreportformat.h"
#include "store/document.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace breakeven {

namespace {

constexpr int kProgressSteps = 1000;

} // namespace

SheetImportPage::SheetImportPage(QWidget *parent)
    : ImportWizardPage(parent)
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("&Cancel import"), this))
    , m_report(new QPlainTextEdit(this))
{
    setTitle(tr("Import"));
    m_status->setWordWrap(true);
    m_progress->setRange(0, kProgressSteps);
    m_report->setReadOnly(true);
    m_report->setLineWrapMode(QPlainTextEdit::NoWrap);
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        m_cancel->setEnabled(false);
        m_status->setText(tr("Cancelling…"));
        importWizard()->runner()->cancel();
    });
    auto *row = new QHBoxLayout;
    row->addWidget(m_progress, 1);
    row->addWidget(m_cancel);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addLayout(row);
    layout->addWidget(m_report, 1);
}

void SheetImportPage::initializePage()
{
    ImportRunner *runner = importWizard()->runner();
    disconnect(runner, nullptr, this, nullptr);
    connect(runner, &ImportRunner::progressed, this, &SheetImportPage::showProgress);
    connect(runner, &ImportRunner::finished, this, &SheetImportPage::finish);
    m_report->clear();
    m_report->hide();
    m_progress->setValue(0);
    m_progress->show();
    m_cancel->show();
    m_cancel->setEnabled(true);
    m_status->setText(tr("Importing %1…").arg(setup().path));
    m_running = runner->start(importWizard()->document()->path(), setup().path, setup().options(false),
                              ImportRunner::Mode::Import);
    if (!m_running)
        m_status->setText(tr("Another import is still running."));
    emit completeChanged();
}

void SheetImportPage::showProgress(qint64 done, qint64 total)
{
    if (total > 0)
        m_progress->setValue(int(double(done) / double(total) * kProgressSteps));
}

void SheetImportPage::finish()
{
    ImportRunner *runner = importWizard()->runner();
    disconnect(runner, nullptr, this, nullptr);
    m_running = false;
    m_progress->hide();
    m_cancel->hide();
    switch (runner->outcome()) {
    case ImportRunner::Outcome::Done:
        setup().result = runner->report();
        m_status->setText(tr("Imported. The catalog now has the sheet's offers."));
        m_report->setPlainText(importReportText(setup().result, false));
        m_report->show();
        if (setup().result.written)
            emit importWizard()->imported();
        break;
    case ImportRunner::Outcome::Cancelled:
        m_status->setText(tr("Import cancelled. Nothing was written; the catalog is as it was."));
        break;
    case ImportRunner::Outcome::Failed:
    case ImportRunner::Outcome::None:
        m_status->setText(tr("Import failed, nothing was written: %1").arg(runner->errorMessage()));
        break;
    }
    emit completeChanged();
}

bool SheetImportPage::isComplete() const
{
    return !m_running;
}

} // namespace breakeven
