// A scenario's hybrid options (schema 13): K units of one of its builds with one of its cloud
// options, linked by row id so that renaming either keeps the hybrid and removing either removes
// it. Ordered like the other parts (positions 0..n-1); a removed hybrid comes back under its id.
#include "connection.h"
#include "inputerror.h"
#include "rows.h"
#include "scenariorepository.h"

namespace breakeven {

namespace {

std::int64_t sqlId(qint64 id)
{
    return static_cast<std::int64_t>(id);
}

DocumentChange hybridChange(DocumentChange::Kind kind, const StoredHybridOption &stored)
{
    DocumentChange change;
    change.kind = kind;
    change.part = PartKind::HybridOption;
    change.partId = stored.id;
    change.parentId = stored.scenarioId;
    change.scenarioId = stored.scenarioId;
    change.position = stored.position;
    return change;
}

} // namespace

std::vector<StoredHybridOption> ScenarioRepository::readHybrids(const char *linkColumn, qint64 link)
{
    std::vector<StoredHybridOption> hybrids;
    auto query = m_connection.statement(
        std::string("SELECT h.id, h.scenario_id, h.position, h.name, h.build_id, h.cloud_option_id, h.units,"
                    " b.name, b.scenario_id, c.name, c.scenario_id FROM hybrid_options AS h"
                    " LEFT JOIN builds AS b ON b.id = h.build_id"
                    " LEFT JOIN cloud_options AS c ON c.id = h.cloud_option_id WHERE h.")
        + linkColumn + " = ? ORDER BY h.position, h.id");
    query->bind(1, sqlId(link));
    while (query->executeStep()) {
        StoredHybridOption stored;
        stored.id = query->getColumn(0).getInt64();
        stored.scenarioId = query->getColumn(1).getInt64();
        stored.position = query->getColumn(2).getInt();
        stored.option.name = textColumn(*query, 3);
        stored.buildId = query->getColumn(4).getInt64();
        stored.cloudOptionId = query->getColumn(5).getInt64();
        if (!query->getColumn(6).isNull()) {
            const int units = rows::integer(*query, 6);
            if (units < 0 || units > kMaxHybridUnits)
                rows::damaged(QStringLiteral("hybrid option \"%1\" has %2 units (0 to %3)")
                                  .arg(stored.option.name).arg(units).arg(kMaxHybridUnits));
            stored.option.units = units;
        }
        if (query->getColumn(8).isNull() || query->getColumn(8).getInt64() != stored.scenarioId)
            rows::damaged(QStringLiteral("hybrid option \"%1\" names no build of its scenario").arg(stored.option.name));
        if (query->getColumn(10).isNull() || query->getColumn(10).getInt64() != stored.scenarioId)
            rows::damaged(
                QStringLiteral("hybrid option \"%1\" names no cloud option of its scenario").arg(stored.option.name));
        stored.option.onPrem = textColumn(*query, 7);
        stored.option.cloud = textColumn(*query, 9);
        hybrids.push_back(std::move(stored));
    }
    return hybrids;
}

qint64 ScenarioRepository::insertHybrid(const StoredHybridOption &stored, int position, qint64 id)
{
    const QString &path = m_connection.path();
    if (stored.option.name.trimmed().isEmpty())
        throw InputError(path, QStringLiteral("a hybrid option needs a name"));
    if (stored.option.units && (*stored.option.units < 0 || *stored.option.units > kMaxHybridUnits))
        throw InputError(path, QStringLiteral("hybrid option \"%1\": units %2 is not within 0 to %3")
                                   .arg(stored.option.name).arg(*stored.option.units).arg(kMaxHybridUnits));
    const auto requireOwn = [&](const char *table, qint64 id, const QString &what) {
        auto owner = m_connection.statement(std::string("SELECT scenario_id FROM ") + table + " WHERE id = ?");
        owner->bind(1, sqlId(id));
        if (!owner->executeStep())
            missing(what, id);
        if (owner->getColumn(0).getInt64() != stored.scenarioId)
            throw InputError(path, QStringLiteral("%1 #%2 is not one of scenario #%3's").arg(what).arg(id).arg(stored.scenarioId));
    };
    requireOwn("builds", stored.buildId, QStringLiteral("on-prem build"));
    requireOwn("cloud_options", stored.cloudOptionId, QStringLiteral("cloud option"));
    StoredHybridOption inserted = stored;
    inserted.position = openGap("hybrid_options", "scenario_id", stored.scenarioId, position);
    auto insert = m_connection.statement("INSERT INTO hybrid_options (id, scenario_id, position, name, build_id,"
                                         " cloud_option_id, units) VALUES (?, ?, ?, ?, ?, ?, ?)");
    if (id)
        insert->bind(1, sqlId(id));
    else
        insert->bind(1);
    insert->bind(2, sqlId(stored.scenarioId));
    insert->bind(3, inserted.position);
    insert->bind(4, utf8(stored.option.name));
    insert->bind(5, sqlId(stored.buildId));
    insert->bind(6, sqlId(stored.cloudOptionId));
    if (stored.option.units)
        insert->bind(7, *stored.option.units);
    else
        insert->bind(7);
    insert->exec();
    inserted.id = m_connection.database().getLastInsertRowid();
    record(hybridChange(DocumentChange::Kind::PartInserted, inserted));
    return inserted.id;
}

void ScenarioRepository::insertHybrids(qint64 scenarioId, const Scenario &scenario,
    const std::vector<qint64> &buildIds, const std::vector<qint64> &cloudOptionIds,
    const std::vector<qint64> *hybridIds)
{
    // A name that several builds (or cloud options) share is the first of them.
    const auto find = [&](const auto &parts, const std::vector<qint64> &ids, const QString &name,
                          const HybridOption &hybrid, const QString &what) -> qint64 {
        for (std::size_t i = 0; i < parts.size() && i < ids.size(); ++i)
            if (parts[i].name == name)
                return ids[i];
        throw InputError(m_connection.path(),
            QStringLiteral("hybrid option \"%1\" names no %2 \"%3\" of scenario \"%4\"")
                .arg(hybrid.name, what, name, scenario.name));
    };
    for (std::size_t i = 0; i < scenario.hybridOptions.size(); ++i) {
        StoredHybridOption stored;
        stored.option = scenario.hybridOptions[i];
        stored.scenarioId = scenarioId;
        stored.buildId = find(scenario.onPremOptions, buildIds, stored.option.onPrem, stored.option,
            QStringLiteral("on-prem build"));
        stored.cloudOptionId = find(scenario.cloudOptions, cloudOptionIds, stored.option.cloud, stored.option,
            QStringLiteral("cloud option"));
        insertHybrid(stored, -1, hybridIds && i < hybridIds->size() ? (*hybridIds)[i] : 0);
    }
}

std::vector<StoredHybridOption> ScenarioRepository::takeHybridsOf(const char *linkColumn, qint64 link)
{
    const std::vector<StoredHybridOption> hybrids = readHybrids(linkColumn, link);
    // Last first, so that each recorded position is the one the hybrid had just before it went.
    for (auto it = hybrids.rbegin(); it != hybrids.rend(); ++it) {
        removeOrdered("hybrid_options", "scenario_id", it->id);
        record(hybridChange(DocumentChange::Kind::PartRemoved, *it));
    }
    return hybrids;
}

void ScenarioRepository::restoreHybrids(const std::vector<StoredHybridOption> &hybrids)
{
    // In list order: each goes back to the position it had.
    for (const StoredHybridOption &stored : hybrids)
        insertHybrid(stored, stored.position, stored.id);
}

qint64 ScenarioRepository::addHybridOption(qint64 scenarioId, qint64 buildId, qint64 cloudOptionId,
    const QString &name, std::optional<int> units, int position)
{
    return m_connection.write([&] {
        requireScenario(scenarioId);
        StoredHybridOption stored;
        stored.option.name = name;
        stored.option.units = units;
        stored.scenarioId = scenarioId;
        stored.buildId = buildId;
        stored.cloudOptionId = cloudOptionId;
        return insertHybrid(stored, position);
    });
}

StoredHybridOption ScenarioRepository::loadHybridOption(qint64 hybridId)
{
    return m_connection.read([&] {
        std::vector<StoredHybridOption> found = readHybrids("id", hybridId);
        if (found.empty())
            missing(QStringLiteral("hybrid option"), hybridId);
        return std::move(found.front());
    });
}

StoredHybridOption ScenarioRepository::removeHybridOption(qint64 hybridId)
{
    return m_connection.write([&] {
        const StoredHybridOption stored = loadHybridOption(hybridId);
        removeOrdered("hybrid_options", "scenario_id", hybridId);
        record(hybridChange(DocumentChange::Kind::PartRemoved, stored));
        return stored;
    });
}

void ScenarioRepository::restoreHybridOption(const StoredHybridOption &stored)
{
    m_connection.write([&] {
        requireScenario(stored.scenarioId);
        insertHybrid(stored, stored.position, stored.id);
    });
}

void ScenarioRepository::setHybridUnits(qint64 hybridId, std::optional<int> units)
{
    if (units && (*units < 0 || *units > kMaxHybridUnits))
        throw InputError(m_connection.path(),
            QStringLiteral("units %1 is not within 0 to %2").arg(*units).arg(kMaxHybridUnits));
    updatePart(PartKind::HybridOption, "hybrid_options", "scenario_id", "units", 1, hybridId,
        QStringLiteral("hybrid option"), [&](SQLite::Statement &statement, int first) {
            if (units)
                statement.bind(first, *units);
            else
                statement.bind(first);
        });
}

void ScenarioRepository::renameHybridOption(qint64 hybridId, const QString &name)
{
    if (name.trimmed().isEmpty())
        throw InputError(m_connection.path(), QStringLiteral("a hybrid option needs a name"));
    updatePart(PartKind::HybridOption, "hybrid_options", "scenario_id", "name", 1, hybridId,
        QStringLiteral("hybrid option"),
        [&](SQLite::Statement &statement, int first) { statement.bind(first, utf8(name)); });
}

} // namespace breakeven
