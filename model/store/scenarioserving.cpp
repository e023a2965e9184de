// A scenario's serving parts (schema 16): its own model figures, written and read with the whole
// scenario, and its options paid per token, edited one by one by row id like cloud options.
#include "connection.h"
#include "rows.h"
#include "scenariorepository.h"

namespace breakeven {

namespace {

std::int64_t sqlId(qint64 id)
{
    return static_cast<std::int64_t>(id);
}

void bindId(SQLite::Statement &statement, int index, qint64 id)
{
    if (id)
        statement.bind(index, sqlId(id));
    else
        statement.bind(index);
}

DocumentChange apiOptionChange(DocumentChange::Kind kind, qint64 id, qint64 scenario, int position)
{
    DocumentChange change;
    change.kind = kind;
    change.part = PartKind::ApiOption;
    change.partId = id;
    change.parentId = scenario;
    change.scenarioId = scenario;
    change.position = position;
    return change;
}

} // namespace

void ScenarioRepository::insertModels(
    qint64 scenarioId, const std::vector<ModelSpec> &models, const std::vector<qint64> *ids)
{
    auto insert = m_connection.statement("INSERT INTO scenario_models (id, scenario_id, position, "
        + rows::kModelColumns + ") VALUES (" + rows::placeholders(3 + rows::kModelColumnCount) + ")");
    for (std::size_t i = 0; i < models.size(); ++i) {
        insert->reset();
        bindId(*insert, 1, ids && i < ids->size() ? (*ids)[i] : 0);
        insert->bind(2, sqlId(scenarioId));
        insert->bind(3, int(i));
        rows::bindModel(*insert, 4, models[i]);
        insert->exec();
    }
}

void ScenarioRepository::readServingParts(qint64 scenarioId, StoredScenario &stored)
{
    {
        auto query = m_connection.statement("SELECT id, " + rows::kModelColumns
            + " FROM scenario_models WHERE scenario_id = ? ORDER BY position, id");
        query->bind(1, sqlId(scenarioId));
        while (query->executeStep()) {
            stored.ids.models.push_back(query->getColumn(0).getInt64());
            stored.scenario.models.push_back(rows::readModel(*query, 1));
        }
    }
    auto query = m_connection.statement("SELECT id, " + rows::kApiOptionColumns
        + " FROM api_options WHERE scenario_id = ? ORDER BY position, id");
    query->bind(1, sqlId(scenarioId));
    while (query->executeStep()) {
        stored.ids.apiOptions.push_back(query->getColumn(0).getInt64());
        stored.scenario.apiOptions.push_back(rows::readApiOption(*query, 1));
    }
}

qint64 ScenarioRepository::insertApiOption(qint64 scenarioId, const ApiOption &option, int position, qint64 id)
{
    const int at = openGap("api_options", "scenario_id", scenarioId, position);
    auto insert = m_connection.statement("INSERT INTO api_options (id, scenario_id, position, "
        + rows::kApiOptionColumns + ") VALUES (" + rows::placeholders(3 + rows::kApiOptionColumnCount) + ")");
    bindId(*insert, 1, id);
    insert->bind(2, sqlId(scenarioId));
    insert->bind(3, at);
    rows::bindApiOption(*insert, 4, option);
    insert->exec();
    const qint64 newId = m_connection.database().getLastInsertRowid();
    record(apiOptionChange(DocumentChange::Kind::PartInserted, newId, scenarioId, at));
    return newId;
}

qint64 ScenarioRepository::addApiOption(qint64 scenarioId, const ApiOption &option, int position)
{
    return m_connection.write([&] {
        requireScenario(scenarioId);
        return insertApiOption(scenarioId, option, position);
    });
}

StoredApiOption ScenarioRepository::loadApiOption(qint64 optionId)
{
    return m_connection.read([&] {
        StoredApiOption stored;
        stored.id = optionId;
        readPart("api_options", "scenario_id", rows::kApiOptionColumns, optionId, QStringLiteral("API option"),
            stored.scenarioId, stored.position,
            [&](SQLite::Statement &query, int first) { stored.option = rows::readApiOption(query, first); });
        return stored;
    });
}

void ScenarioRepository::updateApiOption(qint64 optionId, const ApiOption &option)
{
    updatePart(PartKind::ApiOption, "api_options", "scenario_id", rows::kApiOptionColumns,
        rows::kApiOptionColumnCount, optionId, QStringLiteral("API option"),
        [&](SQLite::Statement &statement, int first) { rows::bindApiOption(statement, first, option); });
}

StoredApiOption ScenarioRepository::removeApiOption(qint64 optionId)
{
    return m_connection.write([&] {
        StoredApiOption stored = loadApiOption(optionId);
        removeOrdered("api_options", "scenario_id", optionId);
        record(apiOptionChange(DocumentChange::Kind::PartRemoved, optionId, stored.scenarioId, stored.position));
        return stored;
    });
}

void ScenarioRepository::restoreApiOption(const StoredApiOption &stored)
{
    m_connection.write([&] {
        requireScenario(stored.scenarioId);
        insertApiOption(stored.scenarioId, stored.option, stored.position, stored.id);
    });
}

} // namespace breakeven
