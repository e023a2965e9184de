#include "importrunner.h"

#include "inputerror.h"
#include "store/changerecorder.h"
#include "store/document.h"

#include <QThread>

namespace breakeven {

ImportRunner::ImportRunner(QObject *parent)
    : QObject(parent)
{
}

ImportRunner::~ImportRunner()
{
    cancel();
    wait();
}

bool ImportRunner::isRunning() const
{
    return m_thread && m_thread->isRunning();
}

void ImportRunner::wait()
{
    if (m_thread)
        m_thread->wait();
}

bool ImportRunner::start(const QString &documentPath, const QString &sheetPath, ImportOptions options, Mode mode)
{
    if (isRunning())
        return false;
    if (m_thread) {
        m_thread->wait();
        delete m_thread;
    }
    m_cancel.store(false);
    m_mode = mode;
    m_outcome = Outcome::None;
    m_report = {};
    m_error.clear();
    m_changeset.clear();
    m_changesetTooLarge = false;
    m_thread = QThread::create([this, documentPath, sheetPath, options = std::move(options)]() mutable {
        run(documentPath, sheetPath, std::move(options));
    });
    m_thread->setParent(this);
    // The thread object lives here, so finished() arrives queued in this object's thread.
    connect(m_thread, &QThread::finished, this, [this] {
        if (m_outcome == Outcome::None) {
            m_outcome = Outcome::Failed;
            m_error = tr("the import stopped without a result");
        }
        emit finished();
    });
    m_thread->start();
    return true;
}

void ImportRunner::run(const QString &documentPath, const QString &sheetPath, ImportOptions options)
{
    options.progress = [this](qint64 done, qint64 total) {
        emit progressed(done, total);
        return !m_cancel.load();
    };
    try {
        if (m_cancel.load())
            throw ImportCancelled();
        // A preview writes into a copy in memory and throws it away: the file is not locked for
        // writing, and nothing it holds changes.
        std::unique_ptr<Document> document = m_mode == Mode::Preview ? Document::openCopyInMemory(documentPath)
                                                                     : Document::open(documentPath);
        SheetImporter importer(*document);
        if (m_mode == Mode::Preview) {
            m_report = importer.preview(sheetPath, options);
        } else {
            // Recorded, so that the window can take the whole import back in one undo step.
            ChangeRecorder recorder(document->connection());
            m_report = importer.import(sheetPath, options);
            m_changeset = recorder.changeset();
            m_changesetTooLarge = recorder.tooLarge();
        }
        m_outcome = Outcome::Done;
    } catch (const ImportCancelled &) {
        m_outcome = Outcome::Cancelled;
    } catch (const InputError &error) {
        m_error = error.message();
        m_outcome = Outcome::Failed;
    } catch (const std::exception &error) {
        m_error = QString::fromLocal8Bit(error.what());
        m_outcome = Outcome::Failed;
    }
}

} // namespace breakeven
