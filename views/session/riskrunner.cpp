#include "riskrunner.h"

#include "engine/risk.h"
#include "inputerror.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QThread>

#include <algorithm>

namespace breakeven {

RiskRunner::RiskRunner(QObject *parent)
    : QObject(parent)
    , m_reuse(std::make_unique<RiskReuse>())
{
}

int RiskRunner::layoutsReused() const
{
    return m_thread ? 0 : m_reuse->reused;
}

RiskRunner::~RiskRunner()
{
    m_pending.reset();
    if (m_thread) {
        m_cancel->store(true);
        m_thread->wait();
        delete m_thread;
    }
}

void RiskRunner::request(const Scenario &scenario, const GpuCatalog &catalog, bool preview, bool bands)
{
    Job job{scenario, catalog, preview, bands, ++m_generation};
    if (m_thread) {
        // The run in flight is of an older request: it stops at its next check, and this one
        // starts when it has.
        m_cancel->store(true);
        m_pending = std::move(job);
        return;
    }
    start(std::move(job));
}

void RiskRunner::cancel()
{
    ++m_generation;
    m_pending.reset();
    if (m_thread)
        m_cancel->store(true);
}

void RiskRunner::start(Job job)
{
    m_cancel = std::make_shared<std::atomic_bool>(false);
    m_running = job.generation;
    m_runPreview = job.preview;
    m_result.reset();
    m_error.clear();
    m_wasCancelled = false;
    m_lastProgress = -1;
    ++m_started;
    const auto cancel = m_cancel;
    const quint64 generation = job.generation;
    m_thread = QThread::create([this, job = std::move(job), cancel, generation] {
        RiskRequest request;
        request.cancel = cancel.get();
        request.tornado = !job.preview;
        request.bands = job.bands;
        request.reuse = m_reuse.get();
        if (job.preview) {
            const int own = job.scenario.uncertainty ? job.scenario.uncertainty->samples : kDefaultSamples;
            request.samples = std::min(own, kPreviewSamples);
        }
        // Progress in whole percent at most, so that a run posts a hundred events, not thousands.
        request.progress = [this, generation](int done, int total) {
            const int percent = total > 0 ? int(qint64(done) * 100 / total) : 0;
            if (m_lastProgress.exchange(percent) == percent)
                return;
            QMetaObject::invokeMethod(this, [this, generation, done, total] {
                if (generation == m_generation)
                    emit progressed(done, total);
            }, Qt::QueuedConnection);
        };
        try {
            m_result = std::make_shared<const RiskResult>(analyseRisk(job.scenario, job.catalog, request));
        } catch (const RiskCancelled &) {
            m_wasCancelled = true;
        } catch (const InputError &error) {
            m_error = error.message();
        } catch (const std::exception &error) {
            m_error = QString::fromLocal8Bit(error.what());
        }
    });
    connect(m_thread, &QThread::finished, this, &RiskRunner::runEnded);
    m_thread->start(QThread::LowPriority);
}

void RiskRunner::runEnded()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    const bool newest = m_running == m_generation;
    if (m_wasCancelled || !newest)
        ++m_cancelled;
    if (m_pending) {
        Job next = std::move(*m_pending);
        m_pending.reset();
        start(std::move(next));
        return;
    }
    if (!newest || m_wasCancelled)
        return;
    if (!m_error.isEmpty())
        emit failed(m_error);
    else if (m_result)
        emit finished(std::exchange(m_result, {}), m_runPreview);
}

bool RiskRunner::waitUntilIdle(int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (isBusy()) {
        if (deadline.hasExpired())
            return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
        QThread::msleep(1);
    }
    // The last run's queued progress events, if any.
    QCoreApplication::processEvents();
    return true;
}

} // namespace breakeven
