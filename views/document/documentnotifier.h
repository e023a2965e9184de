// The one place the views learn what changed in the open document (docs/architecture.md,
// "Change notifications"). The store records each change as it writes; once the outermost
// transaction commits, this turns the change set into typed signals. Writes by another process
// are noticed through SQLite's data_version, checked when the window is activated and on a timer,
// and arrive as documentReset().
#pragma once

#include "store/documentchange.h"

#include <QObject>

class QTimer;

namespace breakeven {

class Document;

class DocumentNotifier : public QObject {
    Q_OBJECT
public:
    explicit DocumentNotifier(QObject *parent = nullptr);

    // Follows `document` (nullptr: none); emits documentReset().
    void setDocument(Document *document);
    // Compares the document's data_version with the last one seen; a change by another process
    // emits documentReset(). True when it did.
    bool checkForOutsideChanges();
    // How often checkForOutsideChanges() runs on its own; 0 stops it.
    void setPollInterval(int milliseconds);

    // Emits the signals for `changes`, as if committed (commands use it to put views back after
    // a refused edit: the document did not change but an editor may show the attempted value).
    void deliver(const ChangeSet &changes);

signals:
    // Every committed change set, for those that want it whole; the typed signals follow.
    void changed(const ChangeSet &changes);
    void scenarioAdded(qint64 scenarioId);
    void scenarioRemoved(qint64 scenarioId);
    void scenarioRenamed(qint64 scenarioId);
    // Its properties, or all of it at once; engineInput says whether the cost model must follow.
    void scenarioChanged(qint64 scenarioId, bool engineInput);
    void workloadChanged(qint64 scenarioId, bool engineInput);
    void partInserted(const DocumentChange &change);
    void partRemoved(const DocumentChange &change);
    void partChanged(const DocumentChange &change);
    void partMoved(const DocumentChange &change);
    void catalogChanged();
    // Anything may have changed: another document, or another process wrote to this one.
    void documentReset();

private:
    Document *m_document = nullptr;
    qint64 m_dataVersion = -1;
    QTimer *m_poll;
};

} // namespace breakeven
