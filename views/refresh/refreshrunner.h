// Runs a price refresh (refresh/refreshsources.h) off the GUI thread. The downloads run an event
// loop of their own, so the worker is a QThread with an event dispatcher; it opens its own
// Document on the same file (WAL and the busy timeout let it and the window's connection
// coexist, as the import wizard's worker does) and the window sees the result on its next read.
// Each source is one transaction. A source that fails changes nothing and the others still run;
// a cancel stops the source under way (rolled back) and takes back what the sources before it
// wrote, so that a cancelled refresh leaves the catalog as it was. Everything written is recorded
// as one change (ChangeRecorder), for one undo step in the window.
#pragma once

#include "refreshsources.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QString>

#include <atomic>
#include <vector>

class QThread;

namespace breakeven {

// One source to run, with the options the dialog gathered (endpoint, clouds, regions).
struct RefreshJob {
    QString source;
    RefreshOptions options; // `progress` and `cancel` are replaced by the runner's own
};

// What became of one source of the run.
struct RefreshResult {
    QString source;
    QString title;
    bool done = false;      // imported (its report is `report`)
    bool cancelled = false; // stopped by the cancel (nothing of it written)
    QString error;          // why it failed: "skypilot: … timed out after 30 s; nothing changed"
    SourceRefresh report;
};

class RefreshRunner : public QObject {
    Q_OBJECT
public:
    enum class Outcome { None, Done, Cancelled };

    explicit RefreshRunner(QObject *parent = nullptr);
    // Cancels a running refresh and waits for it: the worker must not outlive its document path.
    ~RefreshRunner() override;

    // Starts the jobs, in order, unless a run is under way.
    bool start(const QString &documentPath, std::vector<RefreshJob> jobs);
    // Safe from any thread.
    void cancel() { m_cancel.store(true); }
    bool isRunning() const;
    // Blocks until the run has ended; finished() has not been emitted yet when this returns.
    void wait();

    // Valid after finished(): a cancel makes it Cancelled even when some sources had ended.
    Outcome outcome() const { return m_outcome; }
    const std::vector<RefreshResult> &results() const { return m_results; }
    // A problem of the run as a whole (the document could not be opened, a cancel could not
    // take back what was written).
    const QString &errorMessage() const { return m_error; }
    // What the run wrote, to undo it; empty when it wrote nothing or too much to keep (then
    // changesetTooLarge()).
    const QByteArray &changeset() const { return m_changeset; }
    bool changesetTooLarge() const { return m_changesetTooLarge; }
    // Whether anything of the run stayed in the document.
    bool wroteAnything() const { return m_wrote; }

signals:
    // Emitted from the worker: source `job` of the run (from 0) is at `cloud`, `stage`
    // ("download", "import"), step `index` of `count`.
    void progressed(int job, const QString &cloud, const QString &stage, int index, int count);
    // From the worker: source `job` has ended, as `result` says.
    void sourceFinished(int job, const breakeven::RefreshResult &result);
    // In the runner's thread, once the worker has ended.
    void finished();

private:
    void run(const QString &documentPath, std::vector<RefreshJob> jobs);

    QThread *m_thread = nullptr;
    std::atomic_bool m_cancel = false;
    Outcome m_outcome = Outcome::None;
    std::vector<RefreshResult> m_results;
    QString m_error;
    QByteArray m_changeset;
    bool m_changesetTooLarge = false;
    bool m_wrote = false;
};

} // namespace breakeven
