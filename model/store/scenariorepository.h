// The document's scenarios: whole-scenario load and save for files and the command line, and
// small edits by row id for the GUI's undo commands. Every call is one transaction.
#pragma once

#include "documentchange.h"
#include "domain.h"

#include <QString>
#include <QStringList>
#include <SQLiteCpp/Statement.h>
#include <functional>
#include <optional>
#include <vector>

namespace breakeven {

class Connection;

struct ScenarioSummary {
    qint64 id = 0;
    QString name;

    bool operator==(const ScenarioSummary &) const = default;
};

// Row ids of a stored scenario's parts, in the order of the Scenario's vectors.
struct ScenarioIds {
    qint64 scenario = 0;
    std::vector<qint64> gpus;
    std::vector<qint64> cloudOptions;
    std::vector<std::optional<qint64>> cloudOptionOffers; // catalog offer each option came from
    std::vector<qint64> builds;
    std::vector<std::vector<qint64>> components; // per build
    std::vector<qint64> hybridOptions;
    std::vector<qint64> models;     // schema 16
    std::vector<qint64> apiOptions; // schema 16
};

struct StoredScenario {
    Scenario scenario;
    ScenarioIds ids;
};

// One part as the document holds it, with the ids and the place it takes: what a removal
// returns and what restoring it puts back, under the same ids and with the same links.
struct StoredHybridOption {
    HybridOption option; // onPrem and cloud: the names the build and cloud option have now
    qint64 id = 0;
    qint64 buildId = 0;
    qint64 cloudOptionId = 0;
    qint64 scenarioId = 0;
    int position = -1;
};

// A build or cloud option takes the hybrids built on it along when it goes, and brings them back.
struct StoredBuild {
    OnPremBuild build;
    qint64 id = 0;
    std::vector<qint64> components; // ids, in list order
    qint64 scenarioId = 0;
    int position = -1;
    std::vector<StoredHybridOption> hybrids; // in list order
};

struct StoredCloudOption {
    CloudOption option;
    qint64 id = 0;
    std::optional<qint64> offerId; // the catalog offer it came from
    qint64 scenarioId = 0;
    int position = -1;
    std::vector<StoredHybridOption> hybrids; // in list order
};

struct StoredApiOption {
    ApiOption option;
    qint64 id = 0;
    qint64 scenarioId = 0;
    int position = -1;
};

struct StoredComponent {
    Component component;
    qint64 id = 0;
    qint64 buildId = 0;
    int position = -1;
};

class ScenarioRepository {
public:
    explicit ScenarioRepository(Connection &connection);

    QStringList names(); // in the order they were created
    std::vector<ScenarioSummary> list();
    std::optional<qint64> findId(const QString &name);
    // Throws InputError when there is no scenario of that name or id.
    Scenario load(const QString &name);
    StoredScenario loadStored(qint64 scenarioId);
    // Inserts, or replaces every part of the scenario with the same name (its id stays).
    qint64 save(const Scenario &scenario);
    // Inserts a new scenario; a scenario of the same name is an error, never overwritten.
    qint64 add(const Scenario &scenario);
    void rename(const QString &name, const QString &newName);
    void rename(qint64 scenarioId, const QString &newName);
    qint64 duplicate(const QString &name, const QString &newName);
    void remove(const QString &name);
    // Removes the scenario and returns it as it was, read in the same transaction.
    StoredScenario remove(qint64 scenarioId);
    // Puts a removed scenario back under its own ids, every part with its offer link.
    void restore(const StoredScenario &stored);

    // Currency, exchange rates, horizon, reference GPU, discount rate and resale flag of
    // `properties`; its name and parts are ignored.
    void setProperties(qint64 scenarioId, const Scenario &properties);
    // The workload's own fields; its demand profile is left as it is (setWorkloadDemand).
    void setWorkload(qint64 scenarioId, const Workload &workload);

    // The workload with its demand profile, as stored (what undoing setWorkloadDemand needs).
    Workload loadWorkload(qint64 scenarioId);
    // Attaches `demand` as withDemand does (gpus becomes its peak, utilization its mean over its
    // peak), or removes the profile (nullopt) and keeps gpus and utilization. One WorkloadChanged,
    // its fields "demand" and whichever of "gpus", "utilization" changed.
    void setWorkloadDemand(qint64 scenarioId, const std::optional<WorkloadDemand> &demand);
    // Writes the workload's fields and its profile exactly as given (undo of setWorkloadDemand).
    void restoreWorkload(qint64 scenarioId, const Workload &workload);

    // A position of -1 appends; others shift the following rows down (undo of a removal).
    qint64 addGpu(qint64 scenarioId, const GpuModel &gpu, int position = -1);
    void updateGpu(qint64 gpuId, const GpuModel &gpu);
    void removeGpu(qint64 gpuId);

    // Updates change nothing, and tell no one, when the row already holds the value.
    qint64 addCloudOption(qint64 scenarioId, const CloudOption &option,
        std::optional<qint64> offerId = {}, int position = -1);
    StoredCloudOption loadCloudOption(qint64 optionId);
    void updateCloudOption(qint64 optionId, const CloudOption &option);
    StoredCloudOption removeCloudOption(qint64 optionId);
    void restoreCloudOption(const StoredCloudOption &stored);

    // Adds the build with its components.
    qint64 addBuild(qint64 scenarioId, const OnPremBuild &build, int position = -1);
    StoredBuild loadBuild(qint64 buildId);
    // Updates the build's own fields; its components are edited one by one below and are
    // left as they are, so that component ids held by undo commands stay valid.
    void updateBuild(qint64 buildId, const OnPremBuild &build);
    // The build's fields and its whole component list at once (an example applied); the
    // components get new ids, returned in list order.
    std::vector<qint64> replaceBuild(qint64 buildId, const OnPremBuild &build);
    // Puts the components back as `build` lists them, under `componentIds` (undo of replaceBuild).
    void replaceBuild(qint64 buildId, const OnPremBuild &build, const std::vector<qint64> &componentIds);
    StoredBuild removeBuild(qint64 buildId);
    void restoreBuild(const StoredBuild &stored);

    qint64 addComponent(qint64 buildId, const Component &component, int position = -1);
    StoredComponent loadComponent(qint64 componentId);
    void updateComponent(qint64 componentId, const Component &component);
    StoredComponent removeComponent(qint64 componentId);
    void restoreComponent(const StoredComponent &stored);
    void moveComponent(qint64 componentId, int newPosition);

    // Hybrid options (schema 13) of one of the scenario's builds and one of its cloud options.
    // Throws InputError for a build or cloud option of another scenario, an empty name or units
    // outside 0..kMaxHybridUnits. Changes are PartInserted, PartRemoved and PartChanged of
    // PartKind::HybridOption, the scenario being the parent.
    qint64 addHybridOption(qint64 scenarioId, qint64 buildId, qint64 cloudOptionId, const QString &name,
        std::optional<int> units, int position = -1);
    StoredHybridOption loadHybridOption(qint64 hybridId);
    StoredHybridOption removeHybridOption(qint64 hybridId);
    void restoreHybridOption(const StoredHybridOption &stored);
    void setHybridUnits(qint64 hybridId, std::optional<int> units); // nullopt: the engine chooses K
    void renameHybridOption(qint64 hybridId, const QString &name);

    // Options paid per token (schema 16). Changes are PartInserted, PartRemoved and PartChanged of
    // PartKind::ApiOption, the scenario being the parent.
    qint64 addApiOption(qint64 scenarioId, const ApiOption &option, int position = -1);
    StoredApiOption loadApiOption(qint64 optionId);
    void updateApiOption(qint64 optionId, const ApiOption &option);
    StoredApiOption removeApiOption(qint64 optionId);
    void restoreApiOption(const StoredApiOption &stored);

private:
    qint64 insertScenario(const Scenario &scenario, qint64 id = 0);
    void insertParts(qint64 scenarioId, const Scenario &scenario, const ScenarioIds *ids = nullptr);
    void record(DocumentChange change);
    // The columns of the row whose `keyColumn` is `key` that `bind` (binding `columns` from the
    // parameter it is given) would change: the comparison is SQLite's own, column by column.
    QStringList changedColumns(const char *table, const char *keyColumn, qint64 key, const std::string &columns,
        const std::function<void(SQLite::Statement &, int)> &bind);
    qint64 scenarioOfBuild(qint64 buildId);
    // Writes `columns` of part `id` of `table` (bound by `bind`) when any of them would change,
    // and records which did.
    void updatePart(PartKind part, const char *table, const char *parentColumn, const std::string &columns,
        int columnCount, qint64 id, const QString &what, const std::function<void(SQLite::Statement &, int)> &bind);
    // Reads part `id` of `table`: its parent's id and its position, then hands the statement to
    // `read` at the first of `columns`. Throws "no <what> #id" when there is none.
    void readPart(const char *table, const char *parentColumn, const std::string &columns, qint64 id,
        const QString &what, qint64 &parent, int &position,
        const std::function<void(SQLite::Statement &, int)> &read);
    void deleteParts(qint64 scenarioId);
    qint64 requireScenario(const QString &name);
    void requireScenario(qint64 scenarioId);
    void writeRates(qint64 scenarioId, const std::map<QString, double> &rates);
    // The ranges of the scenario's uncertainty block (schema 12), replacing those it had.
    void writeUncertainInputs(qint64 scenarioId, const std::optional<Uncertainty> &uncertainty);
    std::vector<UncertainInput> readUncertainInputs(qint64 scenarioId);
    // The columns of the workload row that `workload` changes, written (none: nothing written).
    QStringList writeWorkloadColumns(qint64 scenarioId, const Workload &workload);
    // The demand profile row (schema 13): read, or written when it differs (true then).
    std::optional<WorkloadDemand> readDemand(qint64 scenarioId);
    bool writeDemand(qint64 scenarioId, const std::optional<WorkloadDemand> &demand);
    // The hybrids whose `linkColumn` (scenario_id, build_id, cloud_option_id or id) is `link`, in order.
    std::vector<StoredHybridOption> readHybrids(const char *linkColumn, qint64 link);
    // Resolves the hybrids' build and cloud option names among those of `ids` (first of a name).
    void insertHybrids(qint64 scenarioId, const Scenario &scenario, const std::vector<qint64> &buildIds,
        const std::vector<qint64> &cloudOptionIds, const std::vector<qint64> *hybridIds);
    qint64 insertHybrid(const StoredHybridOption &stored, int position, qint64 id = 0);
    // Removes the hybrids built on a build or cloud option (before it goes) and returns them.
    std::vector<StoredHybridOption> takeHybridsOf(const char *linkColumn, qint64 link);
    void restoreHybrids(const std::vector<StoredHybridOption> &hybrids);
    // An id of 0 lets SQLite choose one; others restore a removed row under its own id.
    qint64 insertBuild(qint64 scenarioId, const OnPremBuild &build, int position, qint64 id = 0,
        const std::vector<qint64> *componentIds = nullptr);
    qint64 insertComponent(qint64 buildId, const Component &component, int position, qint64 id = 0);
    qint64 insertCloudOption(qint64 scenarioId, const CloudOption &option, std::optional<qint64> offerId,
        int position, qint64 id = 0);
    qint64 insertApiOption(qint64 scenarioId, const ApiOption &option, int position, qint64 id = 0);
    // The scenario's own model figures (schema 16), in order, under `ids` where given.
    void insertModels(qint64 scenarioId, const std::vector<ModelSpec> &models, const std::vector<qint64> *ids);
    void readServingParts(qint64 scenarioId, StoredScenario &stored);
    void deleteComponents(qint64 buildId);
    // Makes room at `position` among the rows of `parent` in `table` and returns the position
    // the new row takes (the end for -1 or past the end).
    int openGap(const char *table, const char *parentColumn, qint64 parent, int position);
    // Removes row `id` of `table` and closes the gap it leaves; false when there was none.
    bool removeOrdered(const char *table, const char *parentColumn, qint64 id);
    [[noreturn]] void missing(const QString &what, qint64 id) const;

    Connection &m_connection;
    // Above 0 while a whole scenario is written: its parts are covered by the scenario's change.
    int m_quiet = 0;
};

} // namespace breakeven
