// Small edits of one part of a scenario by row id: what the GUI's undo commands call. Ordered
// parts keep positions 0..n-1 so that an undone removal goes back where it was; a removed part
// comes back under its own id. Each write records what it changed (documentchange.h).
#include "connection.h"
#include "inputerror.h"
#include "rows.h"
#include "scenariorepository.h"

#include <algorithm>
#include <functional>

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

void ScenarioRepository::record(DocumentChange change)
{
    if (m_quiet == 0)
        m_connection.record(change);
}

namespace {

// Whether the cost model reads any of `fields` (it reads no name).
bool readByEngine(const QStringList &fields)
{
    return std::any_of(fields.begin(), fields.end(), [](const QString &field) { return field != QLatin1String("name"); });
}

DocumentChange partChange(DocumentChange::Kind kind, PartKind part, qint64 id, qint64 parent,
    qint64 scenario, int position = -1)
{
    DocumentChange change;
    change.kind = kind;
    change.part = part;
    change.partId = id;
    change.parentId = parent;
    change.scenarioId = scenario;
    change.position = position;
    return change;
}

} // namespace

QStringList ScenarioRepository::changedColumns(const char *table, const char *keyColumn, qint64 key,
    const std::string &columns, const std::function<void(SQLite::Statement &, int)> &bind)
{
    QStringList names;
    for (const QString &name : QString::fromStdString(columns).split(QLatin1Char(',')))
        names.append(name.trimmed());
    std::string sql = "SELECT ";
    for (qsizetype i = 0; i < names.size(); ++i)
        sql += (i ? ", " : "") + names[i].toStdString() + " IS ?" + std::to_string(i + 1);
    sql += std::string(" FROM ") + table + " WHERE " + keyColumn + " = ?" + std::to_string(names.size() + 1);
    auto query = m_connection.statement(sql);
    bind(*query, 1);
    query->bind(int(names.size()) + 1, sqlId(key));
    QStringList changed;
    if (!query->executeStep())
        return names; // no row yet: every column is new
    for (qsizetype i = 0; i < names.size(); ++i) {
        if (query->getColumn(int(i)).getInt() == 0)
            changed.append(names[i]);
    }
    return changed;
}

qint64 ScenarioRepository::scenarioOfBuild(qint64 buildId)
{
    auto query = m_connection.statement("SELECT scenario_id FROM builds WHERE id = ?");
    query->bind(1, sqlId(buildId));
    if (!query->executeStep())
        missing(QStringLiteral("on-prem build"), buildId);
    return query->getColumn(0).getInt64();
}

void ScenarioRepository::setProperties(qint64 scenarioId, const Scenario &properties)
{
    m_connection.write([&] {
        requireScenario(scenarioId);
        QStringList fields = changedColumns("scenarios", "id", scenarioId, rows::kScenarioPropertyColumns,
            [&](SQLite::Statement &statement, int first) { rows::bindScenarioProperties(statement, first, properties); });
        std::map<QString, double> rates;
        auto read = m_connection.statement("SELECT currency, rate FROM exchange_rates WHERE scenario_id = ?");
        read->bind(1, sqlId(scenarioId));
        while (read->executeStep())
            rates[textColumn(*read, 0)] = rows::real(*read, 1);
        if (rates != properties.exchangeRates)
            fields.append(QStringLiteral("exchange_rates"));
        const std::vector<UncertainInput> inputs = readUncertainInputs(scenarioId);
        if (inputs != (properties.uncertainty ? properties.uncertainty->inputs : std::vector<UncertainInput>{}))
            fields.append(QStringLiteral("uncertain_inputs"));
        if (fields.isEmpty())
            return;
        auto update = m_connection.statement(
            "UPDATE scenarios SET " + rows::assignments(rows::kScenarioPropertyColumns) + " WHERE id = ?");
        rows::bindScenarioProperties(*update, 1, properties);
        update->bind(rows::kScenarioPropertyColumnCount + 1, sqlId(scenarioId));
        update->exec();
        writeRates(scenarioId, properties.exchangeRates);
        writeUncertainInputs(scenarioId, properties.uncertainty);
        DocumentChange change;
        change.kind = DocumentChange::Kind::ScenarioChanged;
        change.scenarioId = scenarioId;
        change.fields = fields;
        record(change);
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
        DocumentChange change;
        change.kind = DocumentChange::Kind::ScenarioChanged;
        change.scenarioId = scenarioId;
        record(change);
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
        auto owner = m_connection.statement("SELECT scenario_id FROM scenario_gpus WHERE id = ?");
        owner->bind(1, sqlId(gpuId));
        owner->executeStep();
        DocumentChange change;
        change.kind = DocumentChange::Kind::ScenarioChanged;
        change.scenarioId = owner->getColumn(0).getInt64();
        record(change);
    });
}

void ScenarioRepository::removeGpu(qint64 gpuId)
{
    m_connection.write([&] {
        auto owner = m_connection.statement("SELECT scenario_id FROM scenario_gpus WHERE id = ?");
        owner->bind(1, sqlId(gpuId));
        if (!owner->executeStep())
            missing(QStringLiteral("scenario GPU"), gpuId);
        DocumentChange change;
        change.kind = DocumentChange::Kind::ScenarioChanged;
        change.scenarioId = owner->getColumn(0).getInt64();
        removeOrdered("scenario_gpus", "scenario_id", gpuId);
        record(change);
    });
}

qint64 ScenarioRepository::insertCloudOption(qint64 scenarioId, const CloudOption &option,
    std::optional<qint64> offerId, int position, qint64 id)
{
    const int at = openGap("cloud_options", "scenario_id", scenarioId, position);
    auto insert = m_connection.statement("INSERT INTO cloud_options (id, scenario_id, position, offer_id, "
        + rows::kCloudOptionColumns + ") VALUES ("
        + rows::placeholders(4 + rows::kCloudOptionColumnCount) + ")");
    bindId(*insert, 1, id);
    insert->bind(2, sqlId(scenarioId));
    insert->bind(3, at);
    if (offerId)
        insert->bind(4, sqlId(*offerId));
    else
        insert->bind(4);
    rows::bindCloudOption(*insert, 5, option);
    insert->exec();
    const qint64 newId = m_connection.database().getLastInsertRowid();
    record(partChange(DocumentChange::Kind::PartInserted, PartKind::CloudOption, newId, scenarioId,
        scenarioId, at));
    return newId;
}

qint64 ScenarioRepository::addCloudOption(
    qint64 scenarioId, const CloudOption &option, std::optional<qint64> offerId, int position)
{
    return m_connection.write([&] {
        requireScenario(scenarioId);
        return insertCloudOption(scenarioId, option, offerId, position);
    });
}

void ScenarioRepository::readPart(const char *table, const char *parentColumn, const std::string &columns,
    qint64 id, const QString &what, qint64 &parent, int &position,
    const std::function<void(SQLite::Statement &, int)> &read)
{
    auto query = m_connection.statement(std::string("SELECT ") + parentColumn + ", position, " + columns
        + " FROM " + table + " WHERE id = ?");
    query->bind(1, sqlId(id));
    if (!query->executeStep())
        missing(what, id);
    parent = query->getColumn(0).getInt64();
    position = query->getColumn(1).getInt();
    read(*query, 2);
}

StoredCloudOption ScenarioRepository::loadCloudOption(qint64 optionId)
{
    StoredCloudOption stored;
    stored.id = optionId;
    readPart("cloud_options", "scenario_id", "offer_id, " + rows::kCloudOptionColumns, optionId,
        QStringLiteral("cloud option"), stored.scenarioId, stored.position,
        [&](SQLite::Statement &query, int first) {
            const SQLite::Column offer = query.getColumn(first);
            if (!offer.isNull())
                stored.offerId = offer.getInt64();
            stored.option = rows::readCloudOption(query, first + 1);
        });
    return stored;
}

void ScenarioRepository::updatePart(PartKind part, const char *table, const char *parentColumn,
    const std::string &columns, int columnCount, qint64 id, const QString &what,
    const std::function<void(SQLite::Statement &, int)> &bind)
{
    m_connection.write([&] {
        qint64 parent = 0;
        int position = -1;
        readPart(table, parentColumn, "NULL", id, what, parent, position, [](SQLite::Statement &, int) {});
        const QStringList fields = changedColumns(table, "id", id, columns, bind);
        if (fields.isEmpty())
            return;
        auto update = m_connection.statement(
            std::string("UPDATE ") + table + " SET " + rows::assignments(columns) + " WHERE id = ?");
        bind(*update, 1);
        update->bind(columnCount + 1, sqlId(id));
        update->exec();
        const qint64 scenario = part == PartKind::Component ? scenarioOfBuild(parent) : parent;
        DocumentChange change = partChange(DocumentChange::Kind::PartChanged, part, id, parent, scenario, position);
        change.fields = fields;
        change.engineInput = readByEngine(fields);
        record(change);
    });
}

void ScenarioRepository::updateCloudOption(qint64 optionId, const CloudOption &option)
{
    updatePart(PartKind::CloudOption, "cloud_options", "scenario_id", rows::kCloudOptionColumns,
        rows::kCloudOptionColumnCount, optionId, QStringLiteral("cloud option"),
        [&](SQLite::Statement &statement, int first) { rows::bindCloudOption(statement, first, option); });
}

StoredCloudOption ScenarioRepository::removeCloudOption(qint64 optionId)
{
    return m_connection.write([&] {
        StoredCloudOption stored = loadCloudOption(optionId);
        stored.hybrids = takeHybridsOf("cloud_option_id", optionId);
        removeOrdered("cloud_options", "scenario_id", optionId);
        record(partChange(DocumentChange::Kind::PartRemoved, PartKind::CloudOption, optionId,
            stored.scenarioId, stored.scenarioId, stored.position));
        return stored;
    });
}

void ScenarioRepository::restoreCloudOption(const StoredCloudOption &stored)
{
    m_connection.write([&] {
        requireScenario(stored.scenarioId);
        insertCloudOption(stored.scenarioId, stored.option, stored.offerId, stored.position, stored.id);
        restoreHybrids(stored.hybrids);
    });
}

qint64 ScenarioRepository::insertBuild(qint64 scenarioId, const OnPremBuild &build, int position, qint64 id,
    const std::vector<qint64> *componentIds)
{
    const int at = openGap("builds", "scenario_id", scenarioId, position);
    auto insert
        = m_connection.statement("INSERT INTO builds (id, scenario_id, position, " + rows::kBuildColumns
            + ") VALUES (" + rows::placeholders(3 + rows::kBuildColumnCount) + ")");
    bindId(*insert, 1, id);
    insert->bind(2, sqlId(scenarioId));
    insert->bind(3, at);
    rows::bindBuild(*insert, 4, build);
    insert->exec();
    const qint64 buildId = m_connection.database().getLastInsertRowid();
    for (std::size_t i = 0; i < build.components.size(); ++i) {
        const qint64 componentId
            = componentIds && i < componentIds->size() ? (*componentIds)[i] : 0;
        insertComponent(buildId, build.components[i], int(i), componentId);
    }
    record(partChange(DocumentChange::Kind::PartInserted, PartKind::Build, buildId, scenarioId,
        scenarioId, at));
    return buildId;
}

qint64 ScenarioRepository::addBuild(qint64 scenarioId, const OnPremBuild &build, int position)
{
    return m_connection.write([&] {
        requireScenario(scenarioId);
        return insertBuild(scenarioId, build, position);
    });
}

StoredBuild ScenarioRepository::loadBuild(qint64 buildId)
{
    return m_connection.read([&] {
        StoredBuild stored;
        stored.id = buildId;
        readPart("builds", "scenario_id", rows::kBuildColumns, buildId, QStringLiteral("on-prem build"),
            stored.scenarioId, stored.position,
            [&](SQLite::Statement &query, int first) { stored.build = rows::readBuild(query, first); });
        auto components = m_connection.statement("SELECT id, " + rows::kComponentColumns
            + " FROM components WHERE build_id = ? ORDER BY position, id");
        components->bind(1, sqlId(buildId));
        while (components->executeStep()) {
            stored.components.push_back(components->getColumn(0).getInt64());
            stored.build.components.push_back(rows::readComponent(*components, 1));
        }
        return stored;
    });
}

void ScenarioRepository::updateBuild(qint64 buildId, const OnPremBuild &build)
{
    // Its own columns only: the components are edited one by one.
    updatePart(PartKind::Build, "builds", "scenario_id", rows::kBuildColumns, rows::kBuildColumnCount, buildId,
        QStringLiteral("on-prem build"),
        [&](SQLite::Statement &statement, int first) { rows::bindBuild(statement, first, build); });
}

void ScenarioRepository::deleteComponents(qint64 buildId)
{
    auto remove = m_connection.statement("DELETE FROM components WHERE build_id = ?");
    remove->bind(1, sqlId(buildId));
    remove->exec();
}

std::vector<qint64> ScenarioRepository::replaceBuild(qint64 buildId, const OnPremBuild &build)
{
    return m_connection.write([&] {
        replaceBuild(buildId, build, {});
        return loadBuild(buildId).components;
    });
}

void ScenarioRepository::replaceBuild(
    qint64 buildId, const OnPremBuild &build, const std::vector<qint64> &componentIds)
{
    m_connection.write([&] {
        const StoredBuild before = loadBuild(buildId);
        if (before.build == build && (componentIds.empty() || componentIds == before.components))
            return;
        auto update = m_connection.statement(
            "UPDATE builds SET " + rows::assignments(rows::kBuildColumns) + " WHERE id = ?");
        rows::bindBuild(*update, 1, build);
        update->bind(rows::kBuildColumnCount + 1, sqlId(buildId));
        update->exec();
        // Quietly: the build's change below covers its components.
        deleteComponents(buildId);
        auto insert = m_connection.statement("INSERT INTO components (id, build_id, position, "
            + rows::kComponentColumns + ") VALUES ("
            + rows::placeholders(3 + rows::kComponentColumnCount) + ")");
        for (std::size_t i = 0; i < build.components.size(); ++i) {
            insert->reset();
            bindId(*insert, 1, i < componentIds.size() ? componentIds[i] : 0);
            insert->bind(2, sqlId(buildId));
            insert->bind(3, int(i));
            rows::bindComponent(*insert, 4, build.components[i]);
            insert->exec();
        }
        record(partChange(DocumentChange::Kind::PartChanged, PartKind::Build, buildId, before.scenarioId,
            before.scenarioId, before.position));
    });
}

StoredBuild ScenarioRepository::removeBuild(qint64 buildId)
{
    return m_connection.write([&] {
        StoredBuild stored = loadBuild(buildId);
        stored.hybrids = takeHybridsOf("build_id", buildId);
        removeOrdered("builds", "scenario_id", buildId);
        record(partChange(DocumentChange::Kind::PartRemoved, PartKind::Build, buildId, stored.scenarioId,
            stored.scenarioId, stored.position));
        return stored;
    });
}

void ScenarioRepository::restoreBuild(const StoredBuild &stored)
{
    m_connection.write([&] {
        requireScenario(stored.scenarioId);
        insertBuild(stored.scenarioId, stored.build, stored.position, stored.id, &stored.components);
        restoreHybrids(stored.hybrids);
    });
}

qint64 ScenarioRepository::insertComponent(qint64 buildId, const Component &component, int position, qint64 id)
{
    const int at = openGap("components", "build_id", buildId, position);
    auto insert = m_connection.statement("INSERT INTO components (id, build_id, position, "
        + rows::kComponentColumns + ") VALUES ("
        + rows::placeholders(3 + rows::kComponentColumnCount) + ")");
    bindId(*insert, 1, id);
    insert->bind(2, sqlId(buildId));
    insert->bind(3, at);
    rows::bindComponent(*insert, 4, component);
    insert->exec();
    return m_connection.database().getLastInsertRowid();
}

qint64 ScenarioRepository::addComponent(qint64 buildId, const Component &component, int position)
{
    return m_connection.write([&] {
        const qint64 scenarioId = scenarioOfBuild(buildId);
        const qint64 id = insertComponent(buildId, component, position);
        record(partChange(DocumentChange::Kind::PartInserted, PartKind::Component, id, buildId, scenarioId,
            loadComponent(id).position));
        return id;
    });
}

StoredComponent ScenarioRepository::loadComponent(qint64 componentId)
{
    StoredComponent stored;
    stored.id = componentId;
    readPart("components", "build_id", rows::kComponentColumns, componentId, QStringLiteral("component"),
        stored.buildId, stored.position,
        [&](SQLite::Statement &query, int first) { stored.component = rows::readComponent(query, first); });
    return stored;
}

void ScenarioRepository::updateComponent(qint64 componentId, const Component &component)
{
    updatePart(PartKind::Component, "components", "build_id", rows::kComponentColumns, rows::kComponentColumnCount,
        componentId, QStringLiteral("component"),
        [&](SQLite::Statement &statement, int first) { rows::bindComponent(statement, first, component); });
}

StoredComponent ScenarioRepository::removeComponent(qint64 componentId)
{
    return m_connection.write([&] {
        const StoredComponent stored = loadComponent(componentId);
        removeOrdered("components", "build_id", componentId);
        record(partChange(DocumentChange::Kind::PartRemoved, PartKind::Component, componentId, stored.buildId,
            scenarioOfBuild(stored.buildId), stored.position));
        return stored;
    });
}

void ScenarioRepository::restoreComponent(const StoredComponent &stored)
{
    m_connection.write([&] {
        const qint64 scenarioId = scenarioOfBuild(stored.buildId);
        const qint64 id = insertComponent(stored.buildId, stored.component, stored.position, stored.id);
        record(partChange(DocumentChange::Kind::PartInserted, PartKind::Component, id, stored.buildId,
            scenarioId, loadComponent(id).position));
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
        record(partChange(DocumentChange::Kind::PartMoved, PartKind::Component, componentId, buildId,
            scenarioOfBuild(buildId), to));
    });
}

} // namespace breakeven
