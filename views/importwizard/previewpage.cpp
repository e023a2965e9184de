#include "previewpage.h"

#include "importrunner.h"
#include "rowreportmodel.h"
#include "store/document.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

namespace breakeven {

namespace {

constexpr int kProgressSteps = 1000;

} // namespace

SheetPreviewPage::SheetPreviewPage(QWidget *parent)
    : ImportWizardPage(parent)
    , m_rows(new RowReportModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
    , m_table(new QTableView(this))
    , m_statusFilter(new QComboBox(this))
    , m_progress(new QProgressBar(this))
    , m_counts(new QLabel(this))
{
    setTitle(tr("Preview"));
    setSubTitle(tr("What the import will do with every row. Nothing is written yet."));
    m_proxy->setSourceModel(m_rows);
    m_proxy->setFilterRole(RowReportModel::StatusRole);
    m_table->setModel(m_proxy);
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setResizeContentsPrecision(100);

    m_statusFilter->addItem(tr("all rows"));
    for (RowStatus status : {RowStatus::Add, RowStatus::Update, RowStatus::Unchanged, RowStatus::Skip, RowStatus::Warning})
        m_statusFilter->addItem(toString(status), int(status));
    connect(m_statusFilter, &QComboBox::currentIndexChanged, this, &SheetPreviewPage::filterStatus);
    m_progress->setRange(0, kProgressSteps);
    m_counts->setWordWrap(true);

    auto *top = new QHBoxLayout;
    top->addWidget(m_counts, 1);
    top->addWidget(new QLabel(tr("Show:"), this));
    top->addWidget(m_statusFilter);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_progress);
    layout->addWidget(m_table, 1);
}

void SheetPreviewPage::initializePage()
{
    ImportRunner *runner = importWizard()->runner();
    // Connected per visit, so a runner shared with the import page reports to the page shown.
    disconnect(runner, nullptr, this, nullptr);
    connect(runner, &ImportRunner::progressed, this, &SheetPreviewPage::showProgress);
    connect(runner, &ImportRunner::finished, this, &SheetPreviewPage::finish);
    m_rows->setRows({});
    m_statusFilter->setCurrentIndex(0);
    m_progress->setValue(0);
    m_progress->show();
    m_counts->setText(tr("Reading %1…").arg(setup().path));
    m_ready = false;
    m_running = runner->start(importWizard()->document()->path(), setup().path, setup().options(true),
                              ImportRunner::Mode::Preview);
    emit completeChanged();
}

void SheetPreviewPage::cleanupPage()
{
    ImportRunner *runner = importWizard()->runner();
    if (m_running) {
        runner->cancel();
        runner->wait();
    }
    disconnect(runner, nullptr, this, nullptr);
    m_running = false;
}

void SheetPreviewPage::showProgress(qint64 done, qint64 total)
{
    if (total > 0)
        m_progress->setValue(int(double(done) / double(total) * kProgressSteps));
    else
        m_progress->setRange(0, 0);
}

void SheetPreviewPage::finish()
{
    ImportRunner *runner = importWizard()->runner();
    disconnect(runner, nullptr, this, nullptr);
    m_running = false;
    m_progress->hide();
    m_progress->setRange(0, kProgressSteps);
    switch (runner->outcome()) {
    case ImportRunner::Outcome::Done: {
        ImportReport &preview = setup().preview;
        preview = runner->report();
        m_rows->setRows(std::move(preview.rows));
        preview.rows.clear();
        const QLocale locale;
        m_counts->setText(tr("%1 rows read with preset \"%2\": %3 to add, %4 to update, %5 unchanged, "
                             "%6 skipped, %7 with warnings.")
                              .arg(locale.toString(preview.rowsRead), preview.preset,
                                   locale.toString(preview.offers.added), locale.toString(preview.offers.updated),
                                   locale.toString(preview.offers.unchanged), locale.toString(preview.skipped),
                                   locale.toString(qint64(preview.warnings.size()))));
        m_table->resizeColumnsToContents();
        m_ready = true;
        break;
    }
    case ImportRunner::Outcome::Cancelled: m_counts->setText(tr("Preview cancelled.")); break;
    case ImportRunner::Outcome::Failed:
    case ImportRunner::Outcome::None:
        m_counts->setText(tr("The sheet cannot be imported: %1").arg(runner->errorMessage()));
        break;
    }
    emit completeChanged();
}

void SheetPreviewPage::filterStatus()
{
    const QVariant status = m_statusFilter->currentData();
    m_proxy->setFilterRegularExpression(status.isValid() ? QStringLiteral("^%1$").arg(status.toInt()) : QString());
}

bool SheetPreviewPage::isComplete() const
{
    return m_ready;
}

} // namespace breakeven
