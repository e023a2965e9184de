#include "scenariosession.h"

#include "document/documentcontext.h"
#include "inputerror.h"
#include "scenarioanalysis.h"
#include "store/document.h"

#include <algorithm>

namespace breakeven {

ScenarioSession::ScenarioSession(DocumentContext &context, QObject *parent)
    : QObject(parent)
    , m_context(context)
    , m_analysis(new ScenarioAnalysis(this))
{
    DocumentNotifier &notifier = context.notifier();
    connect(&notifier, &DocumentNotifier::documentReset, this, &ScenarioSession::reload);
    connect(&notifier, &DocumentNotifier::scenarioAdded, this, [this] { readList(); });
    connect(&notifier, &DocumentNotifier::scenarioRenamed, this, [this](qint64 id) {
        readList();
        onScenarioTouched(id);
    });
    connect(&notifier, &DocumentNotifier::scenarioRemoved, this, &ScenarioSession::onScenarioRemoved);
    connect(&notifier, &DocumentNotifier::scenarioChanged, this, &ScenarioSession::onScenarioTouched);
    connect(&notifier, &DocumentNotifier::workloadChanged, this, &ScenarioSession::onScenarioTouched);
    connect(&notifier, &DocumentNotifier::partInserted, this,
            [this](const DocumentChange &change) { onScenarioTouched(change.scenarioId); });
    connect(&notifier, &DocumentNotifier::partRemoved, this,
            [this](const DocumentChange &change) { onScenarioTouched(change.scenarioId); });
    connect(&notifier, &DocumentNotifier::partChanged, this,
            [this](const DocumentChange &change) { onScenarioTouched(change.scenarioId); });
    connect(&notifier, &DocumentNotifier::partMoved, this,
            [this](const DocumentChange &change) { onScenarioTouched(change.scenarioId); });
    connect(&notifier, &DocumentNotifier::catalogChanged, this, [this] {
        const GpuCatalog before = m_catalog;
        readCatalog();
        m_catalogRead = false;
        emit catalogChanged();
        // A GPU's figures may have changed under the current scenario; new offers alone (an
        // import) change nothing the engine reads.
        if (m_current && !(m_catalog == before))
            m_analysis->setScenario(m_current->scenario, m_catalog, true);
    });
    // A change set is delivered signal by signal; one commit reads the scenario once.
    connect(&notifier, &DocumentNotifier::changed, this, [this] { m_pendingRead = false; });
    connect(&context, &DocumentContext::selectionRequested, this, &ScenarioSession::select);
}

void ScenarioSession::readList()
{
    m_list.clear();
    if (Document *document = m_context.document()) {
        try {
            m_list = document->scenarios().list();
        } catch (const InputError &error) {
            emit errorOccurred(error.message());
        }
    }
    emit scenarioListChanged();
}

void ScenarioSession::readCatalog()
{
    m_catalogRead = true;
    m_catalog = GpuCatalog();
    if (Document *document = m_context.document()) {
        try {
            m_catalog = document->catalog().gpuCatalog();
        } catch (const InputError &error) {
            emit errorOccurred(error.message());
        }
    }
}

void ScenarioSession::reload()
{
    readCatalog();
    readList();
    emit catalogChanged();
    const qint64 keep = m_wanted;
    m_current.reset();
    m_wanted = 0;
    select(keep);
}

void ScenarioSession::select(qint64 id)
{
    const auto listed = std::find_if(m_list.begin(), m_list.end(), [id](const ScenarioSummary &s) { return s.id == id; });
    if (listed == m_list.end()) {
        // A scenario just added may not be in the list yet.
        readList();
        const auto again = std::find_if(m_list.begin(), m_list.end(), [id](const ScenarioSummary &s) { return s.id == id; });
        id = again != m_list.end() ? id : (m_list.empty() ? 0 : m_list.front().id);
    }
    if (m_current && m_current->ids.scenario == id)
        return;
    m_wanted = id;
    m_current.reset();
    readCurrent();
    emit currentChanged(currentId());
}

void ScenarioSession::readCurrent()
{
    Document *document = m_context.document();
    if (!document || !m_wanted) {
        m_current.reset();
        m_analysis->clear();
        return;
    }
    try {
        ++m_reads;
        m_current = document->scenarios().loadStored(m_wanted);
    } catch (const InputError &error) {
        m_current.reset();
        emit errorOccurred(error.message());
    }
    if (m_current)
        m_analysis->setScenario(m_current->scenario, m_catalog, m_catalogRead);
    else
        m_analysis->clear();
    m_catalogRead = false;
}

void ScenarioSession::onScenarioTouched(qint64 id)
{
    if (!m_current || id != m_current->ids.scenario || m_pendingRead)
        return;
    // One read per commit, however many of its changes touch the scenario.
    m_pendingRead = true;
    readCurrent();
    emit currentUpdated();
}

void ScenarioSession::onScenarioRemoved(qint64 id)
{
    const auto at = std::find_if(m_list.begin(), m_list.end(), [id](const ScenarioSummary &s) { return s.id == id; });
    const std::ptrdiff_t position = at - m_list.begin();
    readList();
    if (m_current && m_current->ids.scenario == id) {
        m_current.reset();
        // Its neighbour, like a list view does.
        const qint64 next = m_list.empty() ? 0 : m_list[size_t(std::min<std::ptrdiff_t>(position, std::ptrdiff_t(m_list.size()) - 1))].id;
        select(next);
    }
}

void ScenarioSession::preview(const Scenario &scenario)
{
    if (m_current)
        m_analysis->setScenario(scenario, m_catalog);
}

void ScenarioSession::previewWorkload(qint64 scenarioId, const Workload &workload)
{
    if (!m_current || m_current->ids.scenario != scenarioId)
        return;
    Scenario shown = m_current->scenario;
    shown.workload = workload;
    preview(shown);
}

namespace {

// `parts` with the one whose id is `id` (in `ids`) replaced by `part`; false when it is not there.
template <typename Part>
bool replacePart(std::vector<Part> &parts, const std::vector<qint64> &ids, qint64 id, const Part &part)
{
    const auto at = std::find(ids.begin(), ids.end(), id);
    if (at == ids.end())
        return false;
    parts[size_t(at - ids.begin())] = part;
    return true;
}

} // namespace

void ScenarioSession::previewBuild(qint64 buildId, const OnPremBuild &build)
{
    if (!m_current)
        return;
    Scenario shown = m_current->scenario;
    if (replacePart(shown.onPremOptions, m_current->ids.builds, buildId, build))
        preview(shown);
}

void ScenarioSession::previewCloudOption(qint64 optionId, const CloudOption &option)
{
    if (!m_current)
        return;
    Scenario shown = m_current->scenario;
    if (replacePart(shown.cloudOptions, m_current->ids.cloudOptions, optionId, option))
        preview(shown);
}

} // namespace breakeven
