#include "previewpage.h"

#include "importrunner.h"
#include "rowreportmodel.h"
#include "unknowngpupanel.h"
#include "store/document.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

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
    , m_unknown(new UnknownGpuPanel(this))
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
    m_unknown->hide();
    connect(m_unknown, &UnknownGpuPanel::mappingChanged, this, &SheetPreviewPage::mapGpus);

    auto *top = new QHBoxLayout;
    top->addWidget(m_counts, 1);
    top->addWidget(new QLabel(tr("Show:"), this));
    top->addWidget(m_statusFilter);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_progress);
    layout->addWidget(m_unknown);
    layout->addWidget(m_table, 1);
}

void SheetPreviewPage::initializePage()
{
    m_rows->setRows({});
    m_statusFilter->setCurrentIndex(0);
    m_models.clear();
    for (const GpuModel &model : importWizard()->document()->catalog().gpuModels())
        m_models.append(model.name);
    ImportSetup &shared = setup();
    if (shared.unknownGpusPath != shared.path) {
        // Another sheet: its own names are listed afresh, and a mapping is kept only for a name
        // it lacks too (checked once the first preview has listed them).
        if (!shared.gpuMappings.empty())
            m_restoring = std::move(shared.gpuMappings);
        shared.gpuMappings.clear();
        shared.unknownGpus.clear();
        shared.unknownGpusPath = shared.path;
    }
    showUnknownGpus();
    runPreview();
}

void SheetPreviewPage::runPreview()
{
    ImportRunner *runner = importWizard()->runner();
    // Connected per run, so a runner shared with the import page reports to the page shown.
    disconnect(runner, nullptr, this, nullptr);
    connect(runner, &ImportRunner::progressed, this, &SheetPreviewPage::showProgress);
    connect(runner, &ImportRunner::finished, this, &SheetPreviewPage::finish);
    m_progress->setValue(0);
    m_progress->show();
    m_counts->setText(tr("Reading %1…").arg(setup().path));
    m_unknown->setEnabled(false);
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
    if (!m_restoring.empty()) {
        // Left before the new sheet's names were known: tried again on the next visit.
        setup().gpuMappings = std::move(m_restoring);
        m_restoring.clear();
        setup().unknownGpusPath.clear();
    }
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
        listUnknownGpus(preview.unknownGpus);
        if (!m_restoring.empty()) {
            std::vector<std::pair<QString, QString>> kept;
            for (auto &mapping : m_restoring)
                if (std::any_of(preview.unknownGpus.begin(), preview.unknownGpus.end(),
                                [&](const auto &unknown) { return unknown.first == mapping.first; }))
                    kept.push_back(std::move(mapping));
            m_restoring.clear();
            if (!kept.empty()) {
                setup().gpuMappings = std::move(kept);
                showUnknownGpus();
                runPreview();
                return;
            }
        }
        m_ready = true;
        break;
    }
    case ImportRunner::Outcome::Cancelled: m_counts->setText(tr("Preview cancelled.")); break;
    case ImportRunner::Outcome::Failed:
    case ImportRunner::Outcome::None:
        m_counts->setText(tr("The sheet cannot be imported: %1").arg(runner->errorMessage()));
        break;
    }
    showUnknownGpus();
    emit completeChanged();
}

void SheetPreviewPage::listUnknownGpus(const std::vector<std::pair<QString, qint64>> &reported)
{
    ImportSetup &shared = setup();
    auto find = [](const auto &list, const QString &name) {
        return std::find_if(list.begin(), list.end(), [&](const auto &entry) { return entry.first == name; });
    };
    // In the order first listed: a name still unknown with its new count, a mapped one (known
    // now, through its alias) with the count it had; then the names new to this preview.
    std::vector<std::pair<QString, qint64>> listed;
    for (const auto &[name, rows] : shared.unknownGpus) {
        if (const auto it = find(reported, name); it != reported.end())
            listed.emplace_back(name, it->second);
        else if (find(shared.gpuMappings, name) != shared.gpuMappings.end())
            listed.emplace_back(name, rows);
    }
    for (const auto &entry : reported)
        if (find(listed, entry.first) == listed.end())
            listed.push_back(entry);
    std::erase_if(shared.gpuMappings, [&](const auto &mapping) { return find(listed, mapping.first) == listed.end(); });
    shared.unknownGpus = std::move(listed);
}

void SheetPreviewPage::showUnknownGpus()
{
    const QSignalBlocker blocker(m_unknown);
    m_unknown->setNames(setup().unknownGpus, m_models, setup().gpuMappings);
    m_unknown->setVisible(!setup().unknownGpus.empty());
    m_unknown->setEnabled(!m_running);
}

void SheetPreviewPage::mapGpus()
{
    if (m_running)
        return;
    setup().gpuMappings = m_unknown->mappings();
    runPreview();
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
