// Whole scenarios: listing, loading and saving with all their parts.
#include "scenariorepository.h"

#include "connection.h"
#include "inputerror.h"
#include "rows.h"

#include <unordered_map>

namespace breakeven {

namespace {

std::int64_t sqlId(qint64 id)
{
    return static_cast<std::int64_t>(id);
}

} // namespace

ScenarioRepository::ScenarioRepository(Connection &connection)
    : m_connection(connection)
{
}

void ScenarioRepository::missing(const QString &what, qint64 id) const
{
    throw InputError(m_connection.path(), QStringLiteral("no %1 #%2").arg(what).arg(id));
}

QStringList ScenarioRepository::names()
{
    QStringList result;
    for (const ScenarioSummary &summary : list())
        result.append(summary.name);
    return result;
}

std::vector<ScenarioSummary> ScenarioRepository::list()
{
    return m_connection.read([&] {
        std::vector<ScenarioSummary> summaries;
        auto query = m_connection.statement("SELECT id, name FROM scenarios ORDER BY id");
        while (query->executeStep())
            summaries.push_back({ query->getColumn(0).getInt64(), textColumn(*query, 1) });
        return summaries;
    });
}

std::optional<qint64> ScenarioRepository::findId(const QString &name)
{
    return m_connection.read([&]() -> std::optional<qint64> {
        auto query = m_connection.statement("SELECT id FROM scenarios WHERE name = ?");
        query->bind(1, utf8(name));
        if (!query->executeStep())
            return std::nullopt;
        return query->getColumn(0).getInt64();
    });
}

qint64 ScenarioRepository::requireScenario(const QString &name)
{
    const std::optional<qint64> id = findId(name);
    if (!id)
        throw InputError(m_connection.path(), QStringLiteral("no scenario named \"%1\"").arg(name));
    return *id;
}

void ScenarioRepository::requireScenario(qint64 scenarioId)
{
    auto query = m_connection.statement("SELECT 1 FROM scenarios WHERE id = ?");
    query->bind(1, sqlId(scenarioId));
    if (!query->executeStep())
        missing(QStringLiteral("scenario"), scenarioId);
}

Scenario ScenarioRepository::load(const QString &name)
{
    return m_connection.read([&] { return loadStored(requireScenario(name)).scenario; });
}

StoredScenario ScenarioRepository::loadStored(qint64 scenarioId)
{
    return m_connection.read([&] {
        StoredScenario stored;
        Scenario &s = stored.scenario;
        stored.ids.scenario = scenarioId;
        {
            auto query = m_connection.statement(
                "SELECT name, " + rows::kScenarioPropertyColumns + " FROM scenarios WHERE id = ?");
            query->bind(1, sqlId(scenarioId));
            if (!query->executeStep())
                missing(QStringLiteral("scenario"), scenarioId);
            s.name = textColumn(*query, 0);
            rows::readScenarioProperties(*query, 1, s);
        }
        {
            auto query = m_connection.statement(
                "SELECT currency, rate FROM exchange_rates WHERE scenario_id = ?");
            query->bind(1, sqlId(scenarioId));
            while (query->executeStep())
                s.exchangeRates[textColumn(*query, 0)] = rows::real(*query, 1);
        }
        if (s.uncertainty)
            s.uncertainty->inputs = readUncertainInputs(scenarioId);
        {
            auto query = m_connection.statement(
                "SELECT " + rows::kWorkloadColumns + " FROM workloads WHERE scenario_id = ?");
            query->bind(1, sqlId(scenarioId));
            if (query->executeStep())
                s.workload = rows::readWorkload(*query, 0);
        }
        s.workload.demand = readDemand(scenarioId);
        {
            auto query = m_connection.statement("SELECT id, " + rows::kGpuColumns
                + " FROM scenario_gpus WHERE scenario_id = ?"
                  " ORDER BY position, id");
            query->bind(1, sqlId(scenarioId));
            while (query->executeStep()) {
                stored.ids.gpus.push_back(query->getColumn(0).getInt64());
                s.gpus.push_back(rows::readGpu(*query, 1));
            }
        }
        {
            auto query = m_connection.statement("SELECT id, offer_id, " + rows::kCloudOptionColumns
                + " FROM cloud_options WHERE scenario_id = ?"
                  " ORDER BY position, id");
            query->bind(1, sqlId(scenarioId));
            while (query->executeStep()) {
                stored.ids.cloudOptions.push_back(query->getColumn(0).getInt64());
                const SQLite::Column offer = query->getColumn(1);
                stored.ids.cloudOptionOffers.push_back(
                    offer.isNull() ? std::nullopt : std::optional<qint64>(offer.getInt64()));
                s.cloudOptions.push_back(rows::readCloudOption(*query, 2));
            }
        }
        std::unordered_map<qint64, std::size_t> buildIndex;
        {
            auto query = m_connection.statement("SELECT id, " + rows::kBuildColumns
                + " FROM builds WHERE scenario_id = ?"
                  " ORDER BY position, id");
            query->bind(1, sqlId(scenarioId));
            while (query->executeStep()) {
                const qint64 id = query->getColumn(0).getInt64();
                buildIndex[id] = s.onPremOptions.size();
                stored.ids.builds.push_back(id);
                s.onPremOptions.push_back(rows::readBuild(*query, 1));
            }
            stored.ids.components.resize(s.onPremOptions.size());
        }
        {
            auto query = m_connection.statement("SELECT build_id, id, " + rows::kComponentColumns
                + " FROM components WHERE build_id IN (SELECT id FROM builds WHERE scenario_id = ?)"
                  " ORDER BY build_id, position, id");
            query->bind(1, sqlId(scenarioId));
            while (query->executeStep()) {
                const std::size_t build = buildIndex.at(query->getColumn(0).getInt64());
                stored.ids.components[build].push_back(query->getColumn(1).getInt64());
                s.onPremOptions[build].components.push_back(rows::readComponent(*query, 2));
            }
        }
        for (StoredHybridOption &hybrid : readHybrids("scenario_id", scenarioId)) {
            stored.ids.hybridOptions.push_back(hybrid.id);
            s.hybridOptions.push_back(std::move(hybrid.option));
        }
        readServingParts(scenarioId, stored);
        return stored;
    });
}

qint64 ScenarioRepository::insertScenario(const Scenario &scenario, qint64 id)
{
    auto insert = m_connection.statement(
        "INSERT INTO scenarios (" + rows::kScenarioPropertyColumns + ", name, id) VALUES ("
        + rows::placeholders(rows::kScenarioPropertyColumnCount + 2) + ")");
    rows::bindScenarioProperties(*insert, 1, scenario);
    insert->bind(rows::kScenarioPropertyColumnCount + 1, utf8(scenario.name));
    if (id)
        insert->bind(rows::kScenarioPropertyColumnCount + 2, sqlId(id));
    else
        insert->bind(rows::kScenarioPropertyColumnCount + 2);
    insert->exec();
    return m_connection.database().getLastInsertRowid();
}

void ScenarioRepository::writeRates(qint64 scenarioId, const std::map<QString, double> &rates)
{
    auto clear = m_connection.statement("DELETE FROM exchange_rates WHERE scenario_id = ?");
    clear->bind(1, sqlId(scenarioId));
    clear->exec();
    auto insert = m_connection.statement(
        "INSERT INTO exchange_rates (scenario_id, currency, rate) VALUES (?, ?, ?)");
    for (const auto &[currency, rate] : rates) {
        insert->reset();
        insert->bind(1, sqlId(scenarioId));
        insert->bind(2, utf8(currency));
        insert->bind(3, rate);
        insert->exec();
    }
}

void ScenarioRepository::writeUncertainInputs(qint64 scenarioId, const std::optional<Uncertainty> &uncertainty)
{
    auto clear = m_connection.statement("DELETE FROM uncertain_inputs WHERE scenario_id = ?");
    clear->bind(1, sqlId(scenarioId));
    clear->exec();
    if (!uncertainty)
        return;
    auto insert = m_connection.statement("INSERT INTO uncertain_inputs (scenario_id, position, "
                                         + rows::kUncertainInputColumns + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    for (std::size_t i = 0; i < uncertainty->inputs.size(); ++i) {
        const UncertainInput &input = uncertainty->inputs[i];
        insert->reset();
        insert->bind(1, sqlId(scenarioId));
        insert->bind(2, int(i));
        insert->bind(3, utf8(input.path));
        bindOptional(*insert, 4, input.low);
        bindOptional(*insert, 5, input.high);
        bindOptional(*insert, 6, input.lowFactor);
        bindOptional(*insert, 7, input.highFactor);
        insert->bind(8, utf8(toString(input.distribution)));
        insert->exec();
    }
}

std::vector<UncertainInput> ScenarioRepository::readUncertainInputs(qint64 scenarioId)
{
    std::vector<UncertainInput> inputs;
    auto query = m_connection.statement("SELECT " + rows::kUncertainInputColumns
                                        + " FROM uncertain_inputs WHERE scenario_id = ? ORDER BY position");
    query->bind(1, sqlId(scenarioId));
    while (query->executeStep()) {
        UncertainInput input;
        input.path = textColumn(*query, 0);
        input.low = optionalColumn(*query, 1);
        input.high = optionalColumn(*query, 2);
        input.lowFactor = optionalColumn(*query, 3);
        input.highFactor = optionalColumn(*query, 4);
        const auto distribution = distributionFromString(textColumn(*query, 5));
        if (!distribution)
            rows::damaged(QStringLiteral("unknown distribution \"%1\"").arg(textColumn(*query, 5)));
        input.distribution = *distribution;
        inputs.push_back(input);
    }
    return inputs;
}

void ScenarioRepository::insertParts(qint64 scenarioId, const Scenario &scenario, const ScenarioIds *ids)
{
    ++m_quiet;
    struct Loud {
        int &quiet;
        ~Loud() { --quiet; }
    } loud { m_quiet };
    writeRates(scenarioId, scenario.exchangeRates);
    writeUncertainInputs(scenarioId, scenario.uncertainty);
    setWorkload(scenarioId, scenario.workload);
    writeDemand(scenarioId, scenario.workload.demand);
    auto gpu = m_connection.statement("INSERT INTO scenario_gpus (id, scenario_id, position, "
        + rows::kGpuColumns + ") VALUES (" + rows::placeholders(3 + rows::kGpuColumnCount) + ")");
    auto idAt = [](const std::vector<qint64> *list, std::size_t i) -> qint64 {
        return list && i < list->size() ? (*list)[i] : 0;
    };
    for (std::size_t i = 0; i < scenario.gpus.size(); ++i) {
        gpu->reset();
        const qint64 id = idAt(ids ? &ids->gpus : nullptr, i);
        if (id)
            gpu->bind(1, sqlId(id));
        else
            gpu->bind(1);
        gpu->bind(2, sqlId(scenarioId));
        gpu->bind(3, int(i));
        rows::bindGpu(*gpu, 4, scenario.gpus[i]);
        gpu->exec();
    }
    std::vector<qint64> cloudOptionIds;
    for (std::size_t i = 0; i < scenario.cloudOptions.size(); ++i) {
        std::optional<qint64> offer;
        if (ids && i < ids->cloudOptionOffers.size())
            offer = ids->cloudOptionOffers[i];
        cloudOptionIds.push_back(insertCloudOption(scenarioId, scenario.cloudOptions[i], offer, -1,
            idAt(ids ? &ids->cloudOptions : nullptr, i)));
    }
    std::vector<qint64> buildIds;
    for (std::size_t i = 0; i < scenario.onPremOptions.size(); ++i) {
        const std::vector<qint64> *components
            = ids && i < ids->components.size() ? &ids->components[i] : nullptr;
        buildIds.push_back(insertBuild(scenarioId, scenario.onPremOptions[i], -1,
            idAt(ids ? &ids->builds : nullptr, i), components));
    }
    insertHybrids(scenarioId, scenario, buildIds, cloudOptionIds, ids ? &ids->hybridOptions : nullptr);
    insertModels(scenarioId, scenario.models, ids ? &ids->models : nullptr);
    for (std::size_t i = 0; i < scenario.apiOptions.size(); ++i)
        insertApiOption(scenarioId, scenario.apiOptions[i], -1, idAt(ids ? &ids->apiOptions : nullptr, i));
}

void ScenarioRepository::deleteParts(qint64 scenarioId)
{
    // Components go with their builds through ON DELETE CASCADE.
    for (const char *table :
        { "exchange_rates", "uncertain_inputs", "workload_demands", "workloads", "hybrid_options", "scenario_gpus",
            "cloud_options", "builds", "scenario_models", "api_options" }) {
        auto remove = m_connection.statement(
            std::string("DELETE FROM ") + table + " WHERE scenario_id = ?");
        remove->bind(1, sqlId(scenarioId));
        remove->exec();
    }
}

namespace {

DocumentChange scenarioChange(DocumentChange::Kind kind, qint64 scenarioId)
{
    DocumentChange change;
    change.kind = kind;
    change.scenarioId = scenarioId;
    return change;
}

void requireName(const QString &name, const QString &path)
{
    if (name.trimmed().isEmpty())
        throw InputError(path, QStringLiteral("a scenario needs a name"));
}

} // namespace

qint64 ScenarioRepository::save(const Scenario &scenario)
{
    requireName(scenario.name, m_connection.path());
    return m_connection.write([&] {
        std::optional<qint64> id = findId(scenario.name);
        if (id) {
            ++m_quiet;
            setProperties(*id, scenario);
            --m_quiet;
            deleteParts(*id);
            record(scenarioChange(DocumentChange::Kind::ScenarioChanged, *id));
        } else {
            id = insertScenario(scenario);
            record(scenarioChange(DocumentChange::Kind::ScenarioAdded, *id));
        }
        insertParts(*id, scenario);
        return *id;
    });
}

qint64 ScenarioRepository::add(const Scenario &scenario)
{
    requireName(scenario.name, m_connection.path());
    return m_connection.write([&] {
        if (findId(scenario.name))
            throw InputError(m_connection.path(),
                QStringLiteral("a scenario named \"%1\" already exists").arg(scenario.name));
        return save(scenario);
    });
}

void ScenarioRepository::rename(const QString &name, const QString &newName)
{
    m_connection.write([&] { rename(requireScenario(name), newName); });
}

void ScenarioRepository::rename(qint64 scenarioId, const QString &newName)
{
    requireName(newName, m_connection.path());
    m_connection.write([&] {
        requireScenario(scenarioId);
        const std::optional<qint64> holder = findId(newName);
        if (holder == scenarioId)
            return;
        if (holder)
            throw InputError(m_connection.path(),
                QStringLiteral("a scenario named \"%1\" already exists").arg(newName));
        auto update = m_connection.statement("UPDATE scenarios SET name = ? WHERE id = ?");
        update->bind(1, utf8(newName));
        update->bind(2, sqlId(scenarioId));
        update->exec();
        record(scenarioChange(DocumentChange::Kind::ScenarioRenamed, scenarioId));
    });
}

qint64 ScenarioRepository::duplicate(const QString &name, const QString &newName)
{
    requireName(newName, m_connection.path());
    return m_connection.write([&] {
        StoredScenario stored = loadStored(requireScenario(name));
        if (findId(newName))
            throw InputError(m_connection.path(),
                QStringLiteral("a scenario named \"%1\" already exists").arg(newName));
        stored.scenario.name = newName;
        const qint64 id = insertScenario(stored.scenario);
        // New ids for every part, the same links to the catalog offers the originals came from.
        ScenarioIds links;
        links.cloudOptionOffers = stored.ids.cloudOptionOffers;
        insertParts(id, stored.scenario, &links);
        record(scenarioChange(DocumentChange::Kind::ScenarioAdded, id));
        return id;
    });
}

void ScenarioRepository::remove(const QString &name)
{
    m_connection.write([&] { remove(requireScenario(name)); });
}

StoredScenario ScenarioRepository::remove(qint64 scenarioId)
{
    return m_connection.write([&] {
        StoredScenario stored = loadStored(scenarioId);
        auto remove = m_connection.statement("DELETE FROM scenarios WHERE id = ?");
        remove->bind(1, sqlId(scenarioId));
        remove->exec();
        record(scenarioChange(DocumentChange::Kind::ScenarioRemoved, scenarioId));
        return stored;
    });
}

void ScenarioRepository::restore(const StoredScenario &stored)
{
    requireName(stored.scenario.name, m_connection.path());
    m_connection.write([&] {
        if (findId(stored.scenario.name))
            throw InputError(m_connection.path(),
                QStringLiteral("a scenario named \"%1\" already exists").arg(stored.scenario.name));
        const qint64 id = insertScenario(stored.scenario, stored.ids.scenario);
        insertParts(id, stored.scenario, &stored.ids);
        record(scenarioChange(DocumentChange::Kind::ScenarioAdded, id));
    });
}

} // namespace breakeven
