// Runs the risk analysis (docs/model.md, "Uncertainty") off the GUI thread, so that sampling
// thousands of futures never blocks the window. One run at a time on a thread of its own: a new
// request cancels the run in flight (its result is dropped) and starts when that run has
// stopped; only the newest request's result is delivered. The worker gets copies of the scenario
// and the catalog, nothing of the window.
#pragma once

#include "catalog/gpucatalog.h"
#include "domain.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <optional>

class QThread;

namespace breakeven {

struct RiskResult;
struct RiskReuse;

class RiskRunner : public QObject {
    Q_OBJECT
public:
    explicit RiskRunner(QObject *parent = nullptr);
    // Cancels the run in flight and waits for it to stop.
    ~RiskRunner() override;

    // Analyses `scenario` at its workload's utilization: the full run (the scenario's samples,
    // the tornado), or a preview (at most kPreviewSamples, no tornado) while a slider is dragged;
    // the cumulative bands only when `bands` (they are most of a preview's work).
    void request(const Scenario &scenario, const GpuCatalog &catalog, bool preview, bool bands = true);
    // Cancels the run in flight and forgets a request waiting for it; nothing is delivered.
    void cancel();

    static constexpr int kPreviewSamples = 1000;

    bool isBusy() const { return m_thread != nullptr || m_pending.has_value(); }
    // Runs started and runs cancelled before they delivered, for tests.
    int runsStarted() const { return m_started; }
    int runsCancelled() const { return m_cancelled; }
    // Runs that took the previous run's lay-outs over (only the utilization had moved).
    int layoutsReused() const;
    // Blocks until no run is in flight or waiting, delivering results as they come; for tests
    // and the report. False when `timeoutMs` ran out first.
    bool waitUntilIdle(int timeoutMs = 30000);

signals:
    // Samples done of the newest request.
    void progressed(int done, int total);
    // The newest request's result; `preview` as it was asked.
    void finished(std::shared_ptr<const RiskResult> result, bool preview);
    // The newest request could not be analysed (an InputError's message).
    void failed(const QString &message);

private:
    struct Job {
        Scenario scenario;
        GpuCatalog catalog;
        bool preview = false;
        bool bands = true;
        quint64 generation = 0;
    };
    void start(Job job);
    void runEnded();

    QThread *m_thread = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
    std::optional<Job> m_pending;
    quint64 m_generation = 0;     // of the newest request
    quint64 m_running = 0;        // of the run in flight
    std::atomic<int> m_lastProgress = -1;
    // What the worker hands back, read once it has ended.
    std::shared_ptr<const RiskResult> m_result;
    QString m_error;
    bool m_wasCancelled = false;
    bool m_runPreview = false;
    int m_started = 0;
    int m_cancelled = 0;
    // The last run's lay-outs, for the next; used by one run at a time (runs never overlap).
    std::unique_ptr<RiskReuse> m_reuse;
};

} // namespace breakeven
