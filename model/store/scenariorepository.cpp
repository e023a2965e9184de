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

void bindProperties(SQLite::Statement &statement, int first, const Scenario &scenario)
{
    statement.bind(first, utf8(scenario.currency));
    statement.bind(first + 1, scenario.horizonMonths);
    statement.bind(first + 2, utf8(scenario.referenceGpu));
    statement.bind(first + 3, scenario.discountRatePerYear);
    statement.bind(first + 4, scenario.creditResaleValue ? 1 : 0);
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
                "SELECT name, currency, horizon_months, reference_gpu, discount_rate_per_year,"
                " credit_resale_value FROM scenarios WHERE id = ?");
            query->bind(1, sqlId(scenarioId));
            if (!query->executeStep())
                missing(QStringLiteral("scenario"), scenarioId);
            s.name = textColumn(*query, 0);
            s.currency = textColumn(*query, 1);
            s.horizonMonths = rows::integer(*query, 2);
            s.referenceGpu = textColumn(*query, 3);
            s.discountRatePerYear = rows::real(*query, 4);
            s.creditResaleValue = rows::integer(*query, 5) != 0;
        }
        {
            auto query = m_connection.statement(
                "SELECT currency, rate FROM exchange_rates WHERE scenario_id = ?");
            query->bind(1, sqlId(scenarioId));
            while (query->executeStep())
                s.exchangeRates[textColumn(*query, 0)] = rows::real(*query, 1);
        }
        {
            auto query = m_connection.statement(
                "SELECT " + rows::kWorkloadColumns + " FROM workloads WHERE scenario_id = ?");
            query->bind(1, sqlId(scenarioId));
            if (query->executeStep())
                s.workload = rows::readWorkload(*query, 0);
        }
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
        return stored;
    });
}

qint64 ScenarioRepository::insertScenario(const Scenario &scenario)
{
    auto insert = m_connection.statement(
        "INSERT INTO scenarios (currency, horizon_months, reference_gpu, discount_rate_per_year,"
        " credit_resale_value, name) VALUES (?, ?, ?, ?, ?, ?)");
    bindProperties(*insert, 1, scenario);
    insert->bind(6, utf8(scenario.name));
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

void ScenarioRepository::insertParts(qint64 scenarioId, const Scenario &scenario)
{
    writeRates(scenarioId, scenario.exchangeRates);
    setWorkload(scenarioId, scenario.workload);
    auto gpu = m_connection.statement("INSERT INTO scenario_gpus (scenario_id, position, "
        + rows::kGpuColumns + ") VALUES (" + rows::placeholders(2 + rows::kGpuColumnCount) + ")");
    for (std::size_t i = 0; i < scenario.gpus.size(); ++i) {
        gpu->reset();
        gpu->bind(1, sqlId(scenarioId));
        gpu->bind(2, int(i));
        rows::bindGpu(*gpu, 3, scenario.gpus[i]);
        gpu->exec();
    }
    for (const CloudOption &option : scenario.cloudOptions)
        addCloudOption(scenarioId, option);
    for (const OnPremBuild &build : scenario.onPremOptions)
        insertBuild(scenarioId, build, -1);
}

void ScenarioRepository::deleteParts(qint64 scenarioId)
{
    // Components go with their builds through ON DELETE CASCADE.
    for (const char *table :
        { "exchange_rates", "workloads", "scenario_gpus", "cloud_options", "builds" }) {
        auto remove = m_connection.statement(
            std::string("DELETE FROM ") + table + " WHERE scenario_id = ?");
        remove->bind(1, sqlId(scenarioId));
        remove->exec();
    }
}

qint64 ScenarioRepository::save(const Scenario &scenario)
{
    if (scenario.name.trimmed().isEmpty())
        throw InputError(m_connection.path(), QStringLiteral("a scenario needs a name"));
    return m_connection.write([&] {
        std::optional<qint64> id = findId(scenario.name);
        if (id) {
            setProperties(*id, scenario);
            deleteParts(*id);
        } else {
            id = insertScenario(scenario);
        }
        insertParts(*id, scenario);
        return *id;
    });
}

void ScenarioRepository::rename(const QString &name, const QString &newName)
{
    if (newName.trimmed().isEmpty())
        throw InputError(m_connection.path(), QStringLiteral("a scenario needs a name"));
    m_connection.write([&] {
        const qint64 id = requireScenario(name);
        if (newName == name)
            return;
        if (findId(newName))
            throw InputError(m_connection.path(),
                QStringLiteral("a scenario named \"%1\" already exists").arg(newName));
        auto update = m_connection.statement("UPDATE scenarios SET name = ? WHERE id = ?");
        update->bind(1, utf8(newName));
        update->bind(2, sqlId(id));
        update->exec();
    });
}

qint64 ScenarioRepository::duplicate(const QString &name, const QString &newName)
{
    if (newName.trimmed().isEmpty())
        throw InputError(m_connection.path(), QStringLiteral("a scenario needs a name"));
    return m_connection.write([&] {
        StoredScenario stored = loadStored(requireScenario(name));
        if (findId(newName))
            throw InputError(m_connection.path(),
                QStringLiteral("a scenario named \"%1\" already exists").arg(newName));
        stored.scenario.name = newName;
        const qint64 id = insertScenario(stored.scenario);
        insertParts(id, stored.scenario);
        // Keep the copies linked to the catalog offers the originals came from.
        const StoredScenario copy = loadStored(id);
        auto link = m_connection.statement("UPDATE cloud_options SET offer_id = ? WHERE id = ?");
        for (std::size_t i = 0; i < copy.ids.cloudOptions.size(); ++i) {
            if (!stored.ids.cloudOptionOffers[i])
                continue;
            link->reset();
            link->bind(1, sqlId(*stored.ids.cloudOptionOffers[i]));
            link->bind(2, sqlId(copy.ids.cloudOptions[i]));
            link->exec();
        }
        return id;
    });
}

void ScenarioRepository::remove(const QString &name)
{
    m_connection.write([&] {
        auto remove = m_connection.statement("DELETE FROM scenarios WHERE id = ?");
        remove->bind(1, sqlId(requireScenario(name)));
        remove->exec();
    });
}

} // namespace breakeven
