#include "refreshdialog.h"

#include "refreshsummary.h"
#include "store/document.h"

#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace breakeven {

namespace {

constexpr int kProgressSteps = 1000;

QString settingsKey(const QString &source, const char *field)
{
    return QStringLiteral("refresh/%1/%2").arg(source, QLatin1String(field));
}

// "aws, gcp lambda" → {aws, gcp, lambda}.
QStringList listOf(const QString &text)
{
    static const QRegularExpression separators(QStringLiteral("[,;\\s]+"));
    return text.split(separators, Qt::SkipEmptyParts);
}

} // namespace

RefreshDialog::RefreshDialog(Document *document, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_runner(new RefreshRunner(this))
{
    setWindowTitle(tr("Refresh Prices"));
    setObjectName(QStringLiteral("refreshDialog"));
    m_pages = new QStackedWidget(this);
    m_pages->addWidget(createSetupPage());
    m_pages->addWidget(createRunPage());

    m_buttons = new QDialogButtonBox(this);
    m_start = m_buttons->addButton(tr("&Start"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(QStringLiteral("start"));
    m_start->setDefault(true);
    m_cancel = m_buttons->addButton(QDialogButtonBox::Cancel);
    m_cancel->setObjectName(QStringLiteral("cancel"));
    m_close = m_buttons->addButton(QDialogButtonBox::Close);
    m_close->setObjectName(QStringLiteral("close"));
    m_close->hide();
    connect(m_start, &QPushButton::clicked, this, &RefreshDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &RefreshDialog::reject);
    connect(m_close, &QPushButton::clicked, this, &QDialog::accept);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_pages, 1);
    layout->addWidget(m_buttons);

    connect(m_runner, &RefreshRunner::progressed, this, &RefreshDialog::showProgress);
    connect(m_runner, &RefreshRunner::sourceFinished, this, &RefreshDialog::showSourceFinished);
    connect(m_runner, &RefreshRunner::finished, this, &RefreshDialog::finish);

    if (!m_document || m_document->isReadOnly()) {
        m_start->setEnabled(false);
        m_problem->setText(tr("This document is open read-only: its prices cannot be refreshed. File › Save As "
                              "makes a copy you can edit."));
        m_problem->show();
    }
    resize(sizeHint().expandedTo(QSize(720, 560)));
}

RefreshDialog::~RefreshDialog() = default;

QWidget *RefreshDialog::createSetupPage()
{
    auto *page = new QWidget(this);
    auto *intro = new QLabel(tr("Fetches current prices over the network and imports them into this document's "
                                "catalog. Each source is imported as a whole or not at all: one that fails or is "
                                "cancelled changes nothing. Edit › Undo takes a refresh back in one step. Prices "
                                "that change keep their earlier values, for the price history."),
                             page);
    intro->setWordWrap(true);

    auto *list = new QWidget(page);
    auto *listLayout = new QVBoxLayout(list);
    listLayout->setContentsMargins(0, 0, 0, 0);
    QSettings settings;
    for (const RefreshSourceInfo &info : refreshSources()) {
        SourceFields fields;
        fields.info = info;
        fields.box = new QGroupBox(info.title, list);
        fields.box->setObjectName(info.name);
        fields.box->setCheckable(true);
        fields.box->setChecked(settings.value(settingsKey(info.name, "checked"), info.byDefault).toBool());
        auto *description = new QLabel(info.description, fields.box);
        description->setWordWrap(true);
        auto *form = new QFormLayout;
        form->addRow(description);
        fields.endpoint = new QLineEdit(fields.box);
        // Only a mirror is remembered: a later version's default endpoint then applies.
        const QString mirror = settings.value(settingsKey(info.name, "endpoint")).toString();
        fields.endpoint->setText(mirror.isEmpty() ? info.defaultEndpoint.toString() : mirror);
        fields.endpoint->setPlaceholderText(info.defaultEndpoint.toString());
        fields.endpoint->setToolTip(tr("The source's base URL: %1 by default; a company mirror of it works the "
                                       "same. Empty: the default.")
                                        .arg(info.defaultEndpoint.toString()));
        form->addRow(tr("&Endpoint:"), fields.endpoint);
        if (info.takesClouds) {
            fields.clouds = new QLineEdit(fields.box);
            fields.clouds->setText(settings.value(settingsKey(info.name, "clouds")).toString());
            fields.clouds->setPlaceholderText(tr("every cloud it publishes; or some, like aws, gcp, lambda"));
            form->addRow(tr("C&louds:"), fields.clouds);
        }
        if (info.takesRegions) {
            fields.regions = new QLineEdit(fields.box);
            fields.regions->setText(settings.value(settingsKey(info.name, "regions")).toString());
            fields.regions->setPlaceholderText(tr("the source's default regions; or some, as the source names them"));
            form->addRow(tr("&Regions:"), fields.regions);
        }
        fields.box->setLayout(form);
        listLayout->addWidget(fields.box);
        m_sources.push_back(fields);
    }
    listLayout->addStretch(1);
    // Three sources or more outgrow a laptop's screen: the list scrolls.
    auto *scroll = new QScrollArea(page);
    scroll->setWidget(list);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    m_problem = new QLabel(page);
    m_problem->setObjectName(QStringLiteral("problem"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_problem->hide();

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(intro);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_problem);
    return page;
}

QWidget *RefreshDialog::createRunPage()
{
    auto *page = new QWidget(this);
    m_status = new QLabel(page);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_sourceList = new QTreeWidget(page);
    m_sourceList->setColumnCount(2);
    m_sourceList->setHeaderLabels({tr("Source"), tr("State")});
    m_sourceList->setRootIsDecorated(false);
    m_sourceList->setSelectionMode(QAbstractItemView::NoSelection);
    m_sourceList->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_sourceList->header()->setStretchLastSection(true);
    m_sourceList->setMaximumHeight(m_sourceList->fontMetrics().height() * 7);
    m_progress = new QProgressBar(page);
    m_progress->setRange(0, kProgressSteps);
    m_summary = new QPlainTextEdit(page);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setReadOnly(true);
    // Failures are long sentences: wrapped, so that each is read whole.
    m_summary->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_summary->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_summary->hide();
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_status);
    layout->addWidget(m_sourceList);
    layout->addWidget(m_progress);
    layout->addWidget(m_summary, 1);
    layout->addStretch(0);
    return page;
}

QGroupBox *RefreshDialog::sourceBox(const QString &name) const
{
    for (const SourceFields &fields : m_sources)
        if (fields.info.name == name)
            return fields.box;
    return nullptr;
}

QLineEdit *RefreshDialog::endpointEdit(const QString &name) const
{
    for (const SourceFields &fields : m_sources)
        if (fields.info.name == name)
            return fields.endpoint;
    return nullptr;
}

QLineEdit *RefreshDialog::cloudsEdit(const QString &name) const
{
    for (const SourceFields &fields : m_sources)
        if (fields.info.name == name)
            return fields.clouds;
    return nullptr;
}

QLineEdit *RefreshDialog::regionsEdit(const QString &name) const
{
    for (const SourceFields &fields : m_sources)
        if (fields.info.name == name)
            return fields.regions;
    return nullptr;
}

std::vector<RefreshJob> RefreshDialog::jobs(QString &problem) const
{
    static const QRegularExpression folderName(QStringLiteral("^[a-z0-9][a-z0-9_-]*$"));
    static const QRegularExpression regionName(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.-]*$"));
    std::vector<RefreshJob> jobs;
    for (const SourceFields &fields : m_sources) {
        if (!fields.box->isChecked())
            continue;
        RefreshJob job;
        job.source = fields.info.name;
        const QString endpoint = fields.endpoint->text().trimmed();
        if (!endpoint.isEmpty()) {
            const QUrl url(endpoint, QUrl::StrictMode);
            if (!url.isValid() || url.host().isEmpty()
                || (url.scheme() != QLatin1String("http") && url.scheme() != QLatin1String("https"))) {
                problem = tr("%1, Endpoint: “%2” is not an http or https address (like %3).")
                              .arg(fields.info.title, endpoint.left(200), fields.info.defaultEndpoint.toString());
                return {};
            }
            job.options.baseUrl = url;
        }
        if (fields.clouds) {
            for (const QString &cloud : listOf(fields.clouds->text())) {
                if (!folderName.match(cloud).hasMatch()) {
                    problem = tr("%1, Clouds: “%2” is not a cloud's name (lower case, like aws, lambda).")
                                  .arg(fields.info.title, cloud.left(80));
                    return {};
                }
                job.options.clouds << cloud;
            }
        }
        if (fields.regions) {
            for (const QString &region : listOf(fields.regions->text())) {
                if (!regionName.match(region).hasMatch()) {
                    problem = tr("%1, Regions: “%2” is not a region's name (like eastus, us-east-1).")
                                  .arg(fields.info.title, region.left(80));
                    return {};
                }
                job.options.regions << region;
            }
        }
        jobs.push_back(std::move(job));
    }
    if (jobs.empty())
        problem = tr("Check at least one source.");
    return jobs;
}

void RefreshDialog::rememberFields() const
{
    QSettings settings;
    for (const SourceFields &fields : m_sources) {
        settings.setValue(settingsKey(fields.info.name, "checked"), fields.box->isChecked());
        const QString endpoint = fields.endpoint->text().trimmed();
        settings.setValue(settingsKey(fields.info.name, "endpoint"),
                          endpoint == fields.info.defaultEndpoint.toString() ? QString() : endpoint);
        if (fields.clouds)
            settings.setValue(settingsKey(fields.info.name, "clouds"), fields.clouds->text().trimmed());
        if (fields.regions)
            settings.setValue(settingsKey(fields.info.name, "regions"), fields.regions->text().trimmed());
    }
}

bool RefreshDialog::start()
{
    if (m_runner->isRunning() || !m_document || m_document->isReadOnly())
        return false;
    QString problem;
    std::vector<RefreshJob> jobs = this->jobs(problem);
    if (jobs.empty()) {
        m_problem->setText(problem);
        m_problem->show();
        return false;
    }
    m_problem->hide();
    rememberFields();
    m_running = jobs;
    m_sourceList->clear();
    for (const RefreshJob &job : m_running) {
        const RefreshSourceInfo *info = findRefreshSource(job.source);
        new QTreeWidgetItem(m_sourceList, {info ? info->title : job.source, tr("waiting")});
    }
    m_progress->setValue(0);
    m_progress->show();
    m_summary->clear();
    m_summary->hide();
    m_status->setText(tr("Connecting…"));
    m_pages->setCurrentIndex(1);
    m_start->hide();
    m_cancel->setEnabled(true);
    if (!m_runner->start(m_document->path(), std::move(jobs))) {
        m_status->setText(tr("Another refresh is still running."));
        return false;
    }
    return true;
}

void RefreshDialog::showProgress(int job, const QString &cloud, const QString &stage, int index, int count)
{
    if (job < 0 || job >= int(m_running.size()) || count <= 0)
        return;
    const bool download = stage == QLatin1String("download");
    const QString step = download ? tr("downloading %1 (%2 of %3)").arg(cloud).arg(index + 1).arg(count)
                                  : tr("importing %1 (%2 of %3)").arg(cloud).arg(index + 1).arg(count);
    QTreeWidgetItem *item = m_sourceList->topLevelItem(job);
    if (item)
        item->setText(1, step);
    m_status->setText(tr("%1 (source %2 of %3): %4…")
                          .arg(item ? item->text(0) : m_running[std::size_t(job)].source)
                          .arg(job + 1)
                          .arg(m_running.size())
                          .arg(step));
    // Each source takes an equal share of the bar; within it the downloads come first, then the
    // imports (a download takes longer than its import).
    const double within = download ? 0.8 * index / count : 0.8 + 0.2 * index / count;
    m_progress->setValue(int((job + within) / double(m_running.size()) * kProgressSteps));
}

void RefreshDialog::showSourceFinished(int job, const RefreshResult &result)
{
    if (QTreeWidgetItem *item = m_sourceList->topLevelItem(job)) {
        item->setText(1, refreshResultLine(result));
        item->setToolTip(1, result.error.isEmpty() ? item->text(1) : result.error);
    }
    m_progress->setValue(int((job + 1) / double(std::max<std::size_t>(m_running.size(), 1)) * kProgressSteps));
}

void RefreshDialog::finish()
{
    m_progress->hide();
    m_cancel->hide();
    m_close->show();
    m_close->setDefault(true);
    const std::vector<RefreshResult> &results = m_runner->results();
    for (int i = 0; i < int(results.size()); ++i)
        if (QTreeWidgetItem *item = m_sourceList->topLevelItem(i))
            item->setText(1, refreshResultLine(results[std::size_t(i)]));

    const RefreshTotals totals = refreshTotals(results);
    QString status;
    if (m_runner->outcome() == RefreshRunner::Outcome::Cancelled) {
        status = m_runner->errorMessage().isEmpty()
            ? tr("Refresh cancelled. Nothing was written; the catalog is as it was.")
            : tr("Refresh cancelled, but %1.").arg(m_runner->errorMessage());
    } else if (!m_runner->errorMessage().isEmpty() && results.empty()) {
        status = tr("Refresh failed, nothing was written: %1").arg(m_runner->errorMessage());
    } else if (totals.sourcesDone == 0) {
        status = tr("No source could be refreshed; nothing changed.");
    } else if (totals.sourcesFailed > 0) {
        status = tr("Refreshed %1 of %2 sources; the others failed and changed nothing.")
                     .arg(totals.sourcesDone)
                     .arg(results.size());
    } else {
        status = m_runner->wroteAnything() ? tr("Refreshed. The catalog has the new prices; Edit › Undo takes them back.")
                                           : tr("Refreshed. Every price was as the catalog has it; nothing changed.");
    }
    if (m_runner->changesetTooLarge())
        status += QLatin1Char(' ') + tr("This refresh wrote too much to be undone.");
    m_status->setText(status);
    if (m_runner->outcome() != RefreshRunner::Outcome::Cancelled || !results.empty()) {
        QString text = refreshSummaryText(results);
        // A run that failed as a whole says why in the summary too.
        if (!m_runner->errorMessage().isEmpty())
            text += m_runner->errorMessage() + QLatin1Char('\n');
        m_summary->setPlainText(text);
        m_summary->show();
    }
    if (m_runner->wroteAnything())
        emit refreshed();
}

void RefreshDialog::reject()
{
    if (m_runner->isRunning()) {
        // The dialog stays until the worker has rolled back, then shows that nothing changed.
        m_cancel->setEnabled(false);
        m_status->setText(tr("Cancelling…"));
        m_runner->cancel();
        return;
    }
    QDialog::reject();
}

void RefreshDialog::closeEvent(QCloseEvent *event)
{
    if (m_runner->isRunning()) {
        reject();
        event->ignore();
        return;
    }
    QDialog::closeEvent(event);
}

} // namespace breakeven
