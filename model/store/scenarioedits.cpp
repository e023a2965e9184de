// Small edits of one part of a scenario by row id: what the GUI's undo commands call. Ordered
// parts keep positions 0..n-1 so that an undone removal goes back where it was.
#include "connection.h"
#include "inputerror.h"
#include "rows.h"
#include "scenariorepository.h"

#include <algorithm>

namespace breakeven {

namespace {

std::int64_t sqlId(qint64 id)
{
    return static_cast<std::int64_t>(id);
}

std::string sql(std::initializer_list<std::string_view> parts)
{
    std::string text;
    for (std::string_view part : parts)
        text += part;
    return text;
}

} // namespace

int ScenarioRepository::openGap(
    const char *table, const char *parentColumn, qint64 parent, int position)
{
    auto count = m_connection.statement(
        sql({ "SELECT count(*) FROM ", table, " WHERE ", parentColumn, " = ?" }));
    count->bind(1, sqlId(parent));
    count->executeStep();
    const int rows = count->getColumn(0).getInt();
    if (position < 0 || position >= rows)
        return rows;
    auto shift = m_connection.statement(sql({ "UPDATE ", table,
        " SET position = position + 1 WHERE ", parentColumn, " = ? AND position >= ?" }));
    shift->bind(1, sqlId(parent));
    shift->bind(2, position);
    shift->exec();
    return position;
}

bool ScenarioRepository::removeOrdered(const char *table, const char *parentColumn, qint64 id)
{
    auto find = m_connection.statement(
        sql({ "SELECT ", parentColumn, ", position FROM ", table, " WHERE id = ?" }));
    find->bind(1, sqlId(id));
    if (!find->executeStep())
        return false;
    const qint64 parent = find->getColumn(0).getInt64();
    const int position = find->getColumn(1).getInt();
    auto remove = m_connection.statement(sql({ "DELETE FROM ", table, " WHERE id = ?" }));
    remove->bind(1, sqlId(id));
    remove->exec();
    auto shift = m_connection.statement(sql({ "UPDATE ", table,
        " SET position = position - 1 WHERE ", parentColumn, " = ? AND position > ?" }));
    shift->bind(1, sqlId(parent));
    shift->bind(2, position);
    shift->exec();
    return true;
}

void ScenarioRepository::setProperties(qint64 scenarioId, const Scenario &properties)
{
    m_connection.write([&] {
        auto update = m_connection.statement(
            "UPDATE scenarios SET currency = ?, horizon_months = ?, reference_gpu = ?,"
            " discount_rate_per_year = ?, credit_resale_value = ? WHERE id = ?");
        update->bind(1, utf8(properties.currency));
        update->bind(2, properties.horizonMonths);
        update->bind(3, utf8(properties.referenceGpu));
        update->bind(4, properties.discountRatePerYear);
        update->bind(5, properties.creditResaleValue ? 1 : 0);
        update->bind(6, sqlId(scenarioId));
        if (update->exec() == 0)
            missing(QStringLiteral("scenario"), scenarioId);
        writeRates(scenarioId, properties.exchangeRates);
    });
}

void ScenarioRepository::setWorkload(qint64 scenarioId, const Workload &workload)
{
    m_connection.write([&] {
        requireScenario(scenarioId);
        auto upsert = m_connection.statement("INSERT OR REPLACE INTO workloads (scenario_id, "
            + rows::kWorkloadColumns + ") VALUES ("
            + rows::placeholders(1 + rows::kWorkloadColumnCount) + ")");
        upsert->bind(1, sqlId(scenarioId));
        rows::bindWorkload(*upsert, 2, workload);
        upsert->exec();
    });
}

qint64 ScenarioRepository::addGpu(qint64 scenarioId, const GpuModel &gpu, int position)
{
    return m_connection.write([&] {
        requireScenario(scenarioId);
        const int at = openGap("scenario_gpus", "scenario_id", scenarioId, position);
        auto insert = m_connection.statement("INSERT INTO scenario_gpus (scenario_id, position, "
            + rows::kGpuColumns + ") VALUES (" + rows::placeholders(2 + rows::kGpuColumnCount)
            + ")");
        insert->bind(1, sqlId(scenarioId));
        insert->bind(2, at);
        rows::bindGpu(*insert, 3, gpu);
        insert->exec();
        return qint64(m_connection.database().getLastInsertRowid());
    });
}

void ScenarioRepository::updateGpu(qint64 gpuId, const GpuModel &gpu)
{
    m_connection.write([&] {
        auto update = m_connection.statement(
            "UPDATE scenario_gpus SET " + rows::assignments(rows::kGpuColumns) + " WHERE id = ?");
        rows::bindGpu(*update, 1, gpu);
        update->bind(rows::kGpuColumnCount + 1, sqlId(gpuId));
        if (update->exec() == 0)
            missing(QStringLiteral("scenario GPU"), gpuId);
    });
}

void ScenarioRepository::removeGpu(qint64 gpuId)
{
    m_connection.write([&] {
        if (!removeOrdered("scenario_gpus", "scenario_id", gpuId))
            missing(QStringLiteral("scenario GPU"), gpuId);
    });
}

qint64 ScenarioRepository::addCloudOption(
    qint64 scenarioId, const CloudOption &option, std::optional<qint64> offerId, int position)
{
    return m_connection.write([&] {
        requireScenario(scenarioId);
        const int at = openGap("cloud_options", "scenario_id", scenarioId, position);
        auto insert
            = m_connection.statement("INSERT INTO cloud_options (scenario_id, position, offer_id, "
                + rows::kCloudOptionColumns + ") VALUES ("
                + rows::placeholders(3 + rows::kCloudOptionColumnCount) + ")");
        insert->bind(1, sqlId(scenarioId));
        insert->bind(2, at);
        if (offerId)
            insert->bind(3, sqlId(*offerId));
        else
            insert->bind(3);
        rows::bindCloudOption(*insert, 4, option);
        insert->exec();
        return qint64(m_connection.database().getLastInsertRowid());
    });
}

void ScenarioRepository::updateCloudOption(qint64 optionId, const CloudOption &option)
{
    m_connection.write([&] {
        auto update = m_connection.statement("UPDATE cloud_options SET "
            + rows::assignments(rows::kCloudOptionColumns) + " WHERE id = ?");
        rows::bindCloudOption(*update, 1, option);
        update->bind(rows::kCloudOptionColumnCount + 1, sqlId(optionId));
        if (update->exec() == 0)
            missing(QStringLiteral("cloud option"), optionId);
    });
}

void ScenarioRepository::removeCloudOption(qint64 optionId)
{
    m_connection.write([&] {
        if (!removeOrdered("cloud_options", "scenario_id", optionId))
            missing(QStringLiteral("cloud option"), optionId);
    });
}

qint64 ScenarioRepository::insertBuild(qint64 scenarioId, const OnPremBuild &build, int position)
{
    const int at = openGap("builds", "scenario_id", scenarioId, position);
    auto insert
        = m_connection.statement("INSERT INTO builds (scenario_id, position, " + rows::kBuildColumns
            + ") VALUES (" + rows::placeholders(2 + rows::kBuildColumnCount) + ")");
    insert->bind(1, sqlId(scenarioId));
    insert->bind(2, at);
    rows::bindBuild(*insert, 3, build);
    insert->exec();
    const qint64 buildId = m_connection.database().getLastInsertRowid();
    for (std::size_t i = 0; i < build.components.size(); ++i)
        insertComponent(buildId, build.components[i], int(i));
    return buildId;
}

qint64 ScenarioRepository::addBuild(qint64 scenarioId, const OnPremBuild &build, int position)
{
    return m_connection.write([&] {
        requireScenario(scenarioId);
        return insertBuild(scenarioId, build, position);
    });
}

void ScenarioRepository::updateBuild(qint64 buildId, const OnPremBuild &build)
{
    m_connection.write([&] {
        auto update = m_connection.statement(
            "UPDATE builds SET " + rows::assignments(rows::kBuildColumns) + " WHERE id = ?");
        rows::bindBuild(*update, 1, build);
        update->bind(rows::kBuildColumnCount + 1, sqlId(buildId));
        if (update->exec() == 0)
            missing(QStringLiteral("on-prem build"), buildId);
    });
}

void ScenarioRepository::removeBuild(qint64 buildId)
{
    m_connection.write([&] {
        if (!removeOrdered("builds", "scenario_id", buildId))
            missing(QStringLiteral("on-prem build"), buildId);
    });
}

qint64 ScenarioRepository::insertComponent(qint64 buildId, const Component &component, int position)
{
    const int at = openGap("components", "build_id", buildId, position);
    auto insert = m_connection.statement("INSERT INTO components (build_id, position, "
        + rows::kComponentColumns + ") VALUES ("
        + rows::placeholders(2 + rows::kComponentColumnCount) + ")");
    insert->bind(1, sqlId(buildId));
    insert->bind(2, at);
    rows::bindComponent(*insert, 3, component);
    insert->exec();
    return m_connection.database().getLastInsertRowid();
}

qint64 ScenarioRepository::addComponent(qint64 buildId, const Component &component, int position)
{
    return m_connection.write([&] {
        auto build = m_connection.statement("SELECT 1 FROM builds WHERE id = ?");
        build->bind(1, sqlId(buildId));
        if (!build->executeStep())
            missing(QStringLiteral("on-prem build"), buildId);
        return insertComponent(buildId, component, position);
    });
}

void ScenarioRepository::updateComponent(qint64 componentId, const Component &component)
{
    m_connection.write([&] {
        auto update = m_connection.statement("UPDATE components SET "
            + rows::assignments(rows::kComponentColumns) + " WHERE id = ?");
        rows::bindComponent(*update, 1, component);
        update->bind(rows::kComponentColumnCount + 1, sqlId(componentId));
        if (update->exec() == 0)
            missing(QStringLiteral("component"), componentId);
    });
}

void ScenarioRepository::removeComponent(qint64 componentId)
{
    m_connection.write([&] {
        if (!removeOrdered("components", "build_id", componentId))
            missing(QStringLiteral("component"), componentId);
    });
}

void ScenarioRepository::moveComponent(qint64 componentId, int newPosition)
{
    m_connection.write([&] {
        auto find = m_connection.statement(
            "SELECT build_id, position, (SELECT count(*) FROM components AS c"
            " WHERE c.build_id = components.build_id) FROM components WHERE id = ?");
        find->bind(1, sqlId(componentId));
        if (!find->executeStep())
            missing(QStringLiteral("component"), componentId);
        const qint64 buildId = find->getColumn(0).getInt64();
        const int from = find->getColumn(1).getInt();
        const int to = std::clamp(newPosition, 0, std::max(0, find->getColumn(2).getInt() - 1));
        if (from == to)
            return;
        auto shift = m_connection.statement("UPDATE components SET position = position + ? WHERE "
                                            "build_id = ? AND position BETWEEN ? AND ?");
        shift->bind(1, to > from ? -1 : 1);
        shift->bind(2, sqlId(buildId));
        shift->bind(3, std::min(from, to) + (to > from ? 1 : 0));
        shift->bind(4, std::max(from, to) - (to > from ? 0 : 1));
        shift->exec();
        auto place = m_connection.statement("UPDATE components SET position = ? WHERE id = ?");
        place->bind(1, to);
        place->bind(2, sqlId(componentId));
        place->exec();
    });
}

} // namespace breakeven
