#include "documentnotifier.h"

#include "inputerror.h"
#include "store/document.h"

#include <QTimer>

namespace breakeven {

DocumentNotifier::DocumentNotifier(QObject *parent)
    : QObject(parent)
    , m_poll(new QTimer(this))
{
    connect(m_poll, &QTimer::timeout, this, &DocumentNotifier::checkForOutsideChanges);
}

void DocumentNotifier::setDocument(Document *document)
{
    if (m_document)
        m_document->connection().setChangeListener({});
    m_document = document;
    m_dataVersion = -1;
    if (m_document) {
        m_document->connection().setChangeListener([this](const ChangeSet &changes) { deliver(changes); });
        try {
            m_dataVersion = m_document->connection().dataVersion();
        } catch (const InputError &) {
            m_dataVersion = -1;
        }
    }
    emit documentReset();
}

void DocumentNotifier::setPollInterval(int milliseconds)
{
    if (milliseconds > 0)
        m_poll->start(milliseconds);
    else
        m_poll->stop();
}

bool DocumentNotifier::checkForOutsideChanges()
{
    if (!m_document)
        return false;
    qint64 version = -1;
    try {
        version = m_document->connection().dataVersion();
    } catch (const InputError &) {
        return false; // busy: the next check sees it
    }
    if (version == m_dataVersion)
        return false;
    m_dataVersion = version;
    DocumentChange reset;
    reset.kind = DocumentChange::Kind::Reset;
    emit changed({reset});
    emit documentReset();
    return true;
}

void DocumentNotifier::deliver(const ChangeSet &changes)
{
    emit changed(changes);
    using Kind = DocumentChange::Kind;
    for (const DocumentChange &change : changes) {
        switch (change.kind) {
        case Kind::ScenarioAdded:
            emit scenarioAdded(change.scenarioId);
            break;
        case Kind::ScenarioRemoved:
            emit scenarioRemoved(change.scenarioId);
            break;
        case Kind::ScenarioRenamed:
            emit scenarioRenamed(change.scenarioId);
            break;
        case Kind::ScenarioChanged:
            emit scenarioChanged(change.scenarioId, change.engineInput);
            break;
        case Kind::WorkloadChanged:
            emit workloadChanged(change.scenarioId, change.engineInput);
            break;
        case Kind::PartInserted:
            emit partInserted(change);
            break;
        case Kind::PartRemoved:
            emit partRemoved(change);
            break;
        case Kind::PartChanged:
            emit partChanged(change);
            break;
        case Kind::PartMoved:
            emit partMoved(change);
            break;
        case Kind::CatalogChanged:
            emit catalogChanged();
            break;
        case Kind::Reset:
            emit documentReset();
            break;
        }
    }
}

} // namespace breakeven
