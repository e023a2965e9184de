#include "refreshrunner.h"

#include "inputerror.h"
#include "store/changerecorder.h"
#include "store/document.h"

#include <QThread>

#include <memory>
#include <optional>

namespace breakeven {

RefreshRunner::RefreshRunner(QObject *parent)
    : QObject(parent)
{
}

RefreshRunner::~RefreshRunner()
{
    cancel();
    wait();
}

bool RefreshRunner::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

void RefreshRunner::wait()
{
    if (m_thread)
        m_thread->wait();
}

bool RefreshRunner::start(const QString &documentPath, std::vector<RefreshJob> jobs)
{
    if (isRunning())
        return false;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
    m_cancel.store(false);
    m_outcome = Outcome::None;
    m_results.clear();
    m_error.clear();
    m_changeset.clear();
    m_changesetTooLarge = false;
    m_wrote = false;
    // QThread gives the thread an event dispatcher: the fetcher's event loop runs on it.
    m_thread = QThread::create([this, documentPath, jobs = std::move(jobs)]() mutable {
        run(documentPath, std::move(jobs));
    });
    m_thread->setParent(this);
    // The thread object lives here, so finished() arrives queued in this object's thread.
    connect(m_thread, &QThread::finished, this, [this] {
        if (m_outcome == Outcome::None) {
            m_outcome = Outcome::Done;
            if (m_error.isEmpty())
                m_error = tr("the refresh stopped without a result");
        }
        emit finished();
    });
    m_thread->start();
    return true;
}

void RefreshRunner::run(const QString &documentPath, std::vector<RefreshJob> jobs)
{
    std::unique_ptr<Document> document;
    try {
        document = Document::open(documentPath);
    } catch (const InputError &error) {
        m_error = error.message();
        m_outcome = Outcome::Done;
        return;
    }
    // Everything the run writes, recorded so that the window takes it back in one undo step and
    // a cancel can take back the sources that had already ended.
    std::optional<ChangeRecorder> recorder;
    try {
        recorder.emplace(document->connection());
    } catch (const InputError &error) {
        m_error = error.message();
        m_outcome = Outcome::Done;
        return;
    }

    bool cancelled = false;
    for (int index = 0; index < int(jobs.size()); ++index) {
        RefreshJob &job = jobs[std::size_t(index)];
        RefreshResult result;
        result.source = job.source;
        const RefreshSourceInfo *info = findRefreshSource(job.source);
        result.title = info ? info->title : job.source;
        if (cancelled || m_cancel.load()) {
            cancelled = true;
            result.cancelled = true;
        } else {
            job.options.cancel = &m_cancel;
            job.options.progress = [this, index](const QString &cloud, const QString &stage, int step, int count) {
                emit progressed(index, cloud, stage, step, count);
                return !m_cancel.load();
            };
            try {
                result.report = runRefreshSource(*document, job.source, job.options);
                result.done = true;
            } catch (const RefreshFailed &error) {
                result.cancelled = error.cancelled;
                cancelled = error.cancelled;
                if (!error.cancelled)
                    result.error = error.message();
            } catch (const InputError &error) {
                result.error = error.message();
            } catch (const std::exception &error) {
                result.error = QStringLiteral("%1: %2; nothing changed").arg(job.source, QString::fromLocal8Bit(error.what()));
            }
        }
        emit sourceFinished(index, result);
        m_results.push_back(std::move(result));
    }

    m_changeset = recorder->changeset();
    m_changesetTooLarge = recorder->tooLarge();
    recorder.reset();
    m_wrote = !m_changeset.isEmpty() || m_changesetTooLarge;
    if (!cancelled) {
        m_outcome = Outcome::Done;
        return;
    }
    m_outcome = Outcome::Cancelled;
    if (!m_wrote)
        return;
    // A cancel after some sources had ended: what they wrote is taken back, so that the catalog
    // is as it was before the run.
    if (m_changesetTooLarge) {
        m_error = tr("the sources that ended before the cancel wrote too much to take back; their prices stay");
        return;
    }
    try {
        document->catalog().applyChangeset(m_changeset, true);
        m_changeset.clear();
        m_wrote = false;
        for (RefreshResult &result : m_results) {
            if (result.done) {
                result.done = false;
                result.cancelled = true;
            }
        }
    } catch (const InputError &error) {
        m_error = tr("the sources that ended before the cancel could not be taken back (%1); their prices stay")
                      .arg(error.reason());
    }
}

} // namespace breakeven
