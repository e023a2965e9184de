// A scenario's workload and its demand profile (schema 13). The profile's values are one blob of
// little-endian IEEE 754 doubles, 8 bytes a step (pricing-db/schema/v13.sql): a million steps
// are read and written in one piece, and a blob of any other length is damage.
#include "connection.h"
#include "inputerror.h"
#include "rows.h"
#include "scenariorepository.h"

#include <QSysInfo>
#include <algorithm>
#include <QtEndian>
#include <cmath>
#include <cstring>

namespace breakeven {

namespace {

std::int64_t sqlId(qint64 id)
{
    return static_cast<std::int64_t>(id);
}

constexpr int kStepBytes = 8;

QByteArray encodeSteps(const std::vector<double> &values)
{
    QByteArray bytes(qsizetype(values.size()) * kStepBytes, Qt::Uninitialized);
    if constexpr (QSysInfo::ByteOrder == QSysInfo::LittleEndian) {
        if (!values.empty())
            std::memcpy(bytes.data(), values.data(), std::size_t(bytes.size()));
    } else {
        for (std::size_t i = 0; i < values.size(); ++i)
            qToLittleEndian<double>(values[i], bytes.data() + i * kStepBytes);
    }
    return bytes;
}

std::vector<double> decodeSteps(const char *bytes, std::size_t size)
{
    std::vector<double> values(size / kStepBytes);
    if constexpr (QSysInfo::ByteOrder == QSysInfo::LittleEndian) {
        if (!values.empty())
            std::memcpy(values.data(), bytes, values.size() * kStepBytes);
    } else {
        for (std::size_t i = 0; i < values.size(); ++i)
            values[i] = qFromLittleEndian<double>(bytes + i * kStepBytes);
    }
    return values;
}

bool validStepHours(double hours)
{
    return hours > 0 && hours <= kMaxWorkloadDemandStepHours;
}

bool validStep(double gpus)
{
    return std::isfinite(gpus) && gpus >= 0;
}

} // namespace

std::optional<WorkloadDemand> ScenarioRepository::readDemand(qint64 scenarioId)
{
    auto query = m_connection.statement(
        "SELECT step_hours, source, gpus FROM workload_demands WHERE scenario_id = ?");
    query->bind(1, sqlId(scenarioId));
    if (!query->executeStep())
        return std::nullopt;
    WorkloadDemand demand;
    demand.stepHours = rows::real(*query, 0);
    if (!validStepHours(demand.stepHours))
        rows::damaged(QStringLiteral("the demand profile of scenario #%1 has steps of %2 hours (above 0, at most %3)")
                          .arg(scenarioId).arg(demand.stepHours).arg(kMaxWorkloadDemandStepHours));
    demand.source = textColumn(*query, 1);
    const SQLite::Column values = query->getColumn(2);
    if (!values.isBlob())
        rows::damaged(QStringLiteral("the demand profile of scenario #%1 holds %2, not a blob of 8-byte values")
                          .arg(scenarioId).arg(values.isText() ? QStringLiteral("text") : QStringLiteral("a number")));
    const auto size = std::size_t(values.getBytes());
    if (size == 0 || size % kStepBytes != 0
        || size / kStepBytes > std::size_t(kMaxWorkloadDemandSteps))
        rows::damaged(QStringLiteral("the demand profile of scenario #%1 holds %2 bytes, not 8 bytes for each of "
                                     "1 to %3 steps")
                          .arg(scenarioId).arg(qulonglong(size)).arg(kMaxWorkloadDemandSteps));
    demand.gpus = decodeSteps(static_cast<const char *>(values.getBlob()), size);
    for (std::size_t i = 0; i < demand.gpus.size(); ++i)
        if (!validStep(demand.gpus[i]))
            rows::damaged(QStringLiteral("the demand profile of scenario #%1 has %2 GPUs in step %3")
                              .arg(scenarioId).arg(demand.gpus[i]).arg(qulonglong(i + 1)));
    return demand;
}

bool ScenarioRepository::writeDemand(qint64 scenarioId, const std::optional<WorkloadDemand> &demand)
{
    if (!demand) {
        auto remove = m_connection.statement("DELETE FROM workload_demands WHERE scenario_id = ?");
        remove->bind(1, sqlId(scenarioId));
        return remove->exec() > 0;
    }
    const auto refuse = [&](const QString &why) {
        throw InputError(m_connection.path(), QStringLiteral("a demand profile %1").arg(why));
    };
    if (!validStepHours(demand->stepHours))
        refuse(QStringLiteral("needs steps above 0 and at most %1 hours").arg(kMaxWorkloadDemandStepHours));
    if (demand->gpus.empty() || demand->gpus.size() > std::size_t(kMaxWorkloadDemandSteps))
        refuse(QStringLiteral("needs 1 to %1 steps, not %2").arg(kMaxWorkloadDemandSteps).arg(demand->gpus.size()));
    for (double gpus : demand->gpus)
        if (!validStep(gpus))
            refuse(QStringLiteral("cannot have %1 GPUs in a step").arg(gpus));
    const QByteArray blob = encodeSteps(demand->gpus);
    const std::string source = utf8(demand->source);
    // The comparison is SQLite's, byte for byte, so that a profile already there is not rewritten.
    auto same = m_connection.statement("SELECT step_hours IS ?1 AND source IS ?2 AND gpus IS ?3"
                                       " FROM workload_demands WHERE scenario_id = ?4");
    same->bind(1, demand->stepHours);
    same->bind(2, source);
    same->bind(3, blob.constData(), int(blob.size()));
    same->bind(4, sqlId(scenarioId));
    if (same->executeStep() && same->getColumn(0).getInt() != 0)
        return false;
    auto upsert = m_connection.statement(
        "INSERT OR REPLACE INTO workload_demands (scenario_id, step_hours, source, gpus) VALUES (?, ?, ?, ?)");
    upsert->bind(1, sqlId(scenarioId));
    upsert->bind(2, demand->stepHours);
    upsert->bind(3, source);
    upsert->bind(4, blob.constData(), int(blob.size()));
    upsert->exec();
    return true;
}

QStringList ScenarioRepository::writeWorkloadColumns(qint64 scenarioId, const Workload &workload)
{
    const QStringList fields = changedColumns("workloads", "scenario_id", scenarioId, rows::kWorkloadColumns,
        [&](SQLite::Statement &statement, int first) { rows::bindWorkload(statement, first, workload); });
    if (fields.isEmpty())
        return fields;
    auto upsert = m_connection.statement("INSERT OR REPLACE INTO workloads (scenario_id, "
        + rows::kWorkloadColumns + ") VALUES (" + rows::placeholders(1 + rows::kWorkloadColumnCount) + ")");
    upsert->bind(1, sqlId(scenarioId));
    rows::bindWorkload(*upsert, 2, workload);
    upsert->exec();
    return fields;
}

namespace {

DocumentChange workloadChange(qint64 scenarioId, const QStringList &fields)
{
    DocumentChange change;
    change.kind = DocumentChange::Kind::WorkloadChanged;
    change.scenarioId = scenarioId;
    change.fields = fields;
    // The cost model reads every field but the name.
    change.engineInput = std::any_of(
        fields.begin(), fields.end(), [](const QString &field) { return field != QLatin1String("name"); });
    return change;
}

} // namespace

void ScenarioRepository::setWorkload(qint64 scenarioId, const Workload &workload)
{
    m_connection.write([&] {
        requireScenario(scenarioId);
        const QStringList fields = writeWorkloadColumns(scenarioId, workload);
        if (!fields.isEmpty())
            record(workloadChange(scenarioId, fields));
    });
}

Workload ScenarioRepository::loadWorkload(qint64 scenarioId)
{
    return m_connection.read([&] {
        requireScenario(scenarioId);
        Workload workload;
        auto query = m_connection.statement(
            "SELECT " + rows::kWorkloadColumns + " FROM workloads WHERE scenario_id = ?");
        query->bind(1, sqlId(scenarioId));
        if (query->executeStep())
            workload = rows::readWorkload(*query, 0);
        workload.demand = readDemand(scenarioId);
        return workload;
    });
}

void ScenarioRepository::restoreWorkload(qint64 scenarioId, const Workload &workload)
{
    m_connection.write([&] {
        requireScenario(scenarioId);
        QStringList fields = writeWorkloadColumns(scenarioId, workload);
        if (writeDemand(scenarioId, workload.demand))
            fields.append(QStringLiteral("demand"));
        if (!fields.isEmpty())
            record(workloadChange(scenarioId, fields));
    });
}

void ScenarioRepository::setWorkloadDemand(qint64 scenarioId, const std::optional<WorkloadDemand> &demand)
{
    m_connection.write([&] {
        requireScenario(scenarioId);
        // The fields only: a damaged profile can still be replaced or removed.
        Workload workload;
        auto query = m_connection.statement(
            "SELECT " + rows::kWorkloadColumns + " FROM workloads WHERE scenario_id = ?");
        query->bind(1, sqlId(scenarioId));
        if (query->executeStep())
            workload = rows::readWorkload(*query, 0);
        query->reset();
        if (demand)
            workload = withDemand(std::move(workload), *demand);
        else
            workload.demand.reset();
        restoreWorkload(scenarioId, workload);
    });
}

} // namespace breakeven
