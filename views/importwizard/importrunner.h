// Runs a sheet preview or import off the GUI thread. A document's connection serves one thread
// at a time, so the worker opens its own Document on the same file (WAL and the busy timeout
// let the two coexist) and the GUI's document sees the result on its next read. Cancelling
// sets a flag the importer's progress callback reads; the importer then rolls back.
#pragma once

#include "import/sheetimporter.h"

#include <QObject>
#include <QString>

#include <atomic>

class QThread;

namespace breakeven {

class ImportRunner : public QObject {
    Q_OBJECT
public:
    enum class Mode { Preview, Import };
    enum class Outcome { None, Done, Cancelled, Failed };

    explicit ImportRunner(QObject *parent = nullptr);
    // Cancels a running job and waits for it: the worker must not outlive its document path.
    ~ImportRunner() override;

    // Starts a job unless one is running; `options.progress` is replaced by the runner's own.
    bool start(const QString &documentPath, const QString &sheetPath, ImportOptions options, Mode mode);
    // Safe from any thread, including a slot of progressed() connected directly.
    void cancel() { m_cancel.store(true); }
    bool isRunning() const;
    // Blocks until the job has ended; finished() has not been emitted yet when this returns.
    void wait();

    Mode mode() const { return m_mode; }
    // Valid after finished().
    Outcome outcome() const { return m_outcome; }
    const ImportReport &report() const { return m_report; }
    const QString &errorMessage() const { return m_error; }
    // After an import: what it wrote, to undo it (ChangeRecorder); empty when it wrote nothing
    // or too much to keep (then changesetTooLarge()).
    const QByteArray &changeset() const { return m_changeset; }
    bool changesetTooLarge() const { return m_changesetTooLarge; }

signals:
    // Emitted from the worker thread; bytes of the sheet read so far, total -1 when unknown.
    void progressed(qint64 done, qint64 total);
    // In the runner's thread, once the worker has ended.
    void finished();

private:
    void run(const QString &documentPath, const QString &sheetPath, ImportOptions options);

    QThread *m_thread = nullptr;
    std::atomic_bool m_cancel = false;
    Mode m_mode = Mode::Preview;
    Outcome m_outcome = Outcome::None;
    ImportReport m_report;
    QString m_error;
    QByteArray m_changeset;
    bool m_changesetTooLarge = false;
};

} // namespace breakeven
