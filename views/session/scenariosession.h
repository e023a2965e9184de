// The window's current scenario (docs/architecture.md, "The session"): which scenario is shown,
// its stored form, the list of the document's scenarios, the document's GPU catalog and the
// analysis (cost model and evaluation) of the scenario. It follows the document's notifier and
// tells the views what changed; views read from it and keep no copies. Not a widget.
#pragma once

#include "catalog/gpucatalog.h"
#include "store/scenariorepository.h"

#include <QObject>

#include <optional>

namespace breakeven {

class DocumentContext;
class ScenarioAnalysis;

class ScenarioSession : public QObject {
    Q_OBJECT
public:
    explicit ScenarioSession(DocumentContext &context, QObject *parent = nullptr);

    DocumentContext &context() const { return m_context; }
    const std::vector<ScenarioSummary> &scenarios() const { return m_list; }
    qint64 currentId() const { return m_current ? m_current->ids.scenario : 0; }
    // nullptr when there is no scenario (or it could not be read).
    const StoredScenario *current() const { return m_current ? &*m_current : nullptr; }
    ScenarioAnalysis &analysis() const { return *m_analysis; }
    // The document's GPU models and aliases: what the engine and the editors use.
    const GpuCatalog &gpuCatalog() const { return m_catalog; }

    // Shows scenario `id` (0: the first one).
    void select(qint64 id);
    // Shows the current scenario with one part replaced, without writing anything: what an
    // editor shows while a number is being typed. The next change of the document ends it.
    void preview(const Scenario &scenario);
    // The same with one part of the shown scenario replaced; nothing when it is not shown.
    void previewWorkload(qint64 scenarioId, const Workload &workload);
    void previewBuild(qint64 buildId, const OnPremBuild &build);
    void previewCloudOption(qint64 optionId, const CloudOption &option);
    // Reads everything again (another document, or another process wrote).
    void reload();

    // Reads of a whole scenario from the document, for tests: an edit costs at most one.
    int scenarioReads() const { return m_reads; }

signals:
    void scenarioListChanged();
    // Another scenario is shown (or none).
    void currentChanged(qint64 scenarioId);
    // The shown scenario changed in the document (an edit, an undo): editors show it again.
    void currentUpdated();
    void catalogChanged();
    void errorOccurred(const QString &message);

private:
    void readList();
    void readCatalog();
    // Reads the current scenario again and hands it to the analysis.
    void readCurrent();
    void onScenarioRemoved(qint64 id);
    void onScenarioTouched(qint64 id);

    DocumentContext &m_context;
    std::vector<ScenarioSummary> m_list;
    std::optional<StoredScenario> m_current;
    qint64 m_wanted = 0;
    GpuCatalog m_catalog;
    ScenarioAnalysis *m_analysis;
    int m_reads = 0;
    bool m_pendingRead = false;
    bool m_catalogRead = false; // read since the analysis last saw it // the current commit's changes already read the scenario
};

} // namespace breakeven
