#include "offerquery.h"

#include "connection.h"
#include "rows.h"

namespace breakeven {

const char *planColumn(PricingPlan plan)
{
    switch (plan) {
    case PricingPlan::OnDemand:
        return "on_demand";
    case PricingPlan::Spot:
        return "spot";
    case PricingPlan::Reserved1y:
        return "reserved_1y";
    case PricingPlan::Reserved3y:
        return "reserved_3y";
    }
    return "on_demand";
}

namespace {

// The price of a plan per GPU-hour; without a plan, the headline price (CloudOffer::headlinePrice,
// from the same list of plans).
std::string perGpuHourColumn(const std::optional<PricingPlan> &plan)
{
    if (plan)
        return "(" + std::string(planColumn(*plan)) + " / gpu_count)";
    std::string columns;
    for (PricingPlan headline : kHeadlinePlans)
        columns += (columns.empty() ? "" : ", ") + std::string(planColumn(headline));
    return "(coalesce(" + columns + ") / gpu_count)";
}

} // namespace

// The ORDER BY terms for a column. Prices put missing values last in either direction; sorting
// by provider or GPU shows the cheapest first within each, as their indexes are ordered; the id
// keeps pages stable between fetches.
std::string orderBy(OfferColumn column, const std::optional<PricingPlan> &plan, Qt::SortOrder order)
{
    const std::string direction = order == Qt::AscendingOrder ? " ASC" : " DESC";
    const std::string tail = ", id" + direction;
    const auto price
        = [&](const std::string &name) { return name + direction + " NULLS LAST" + tail; };
    const auto grouped = [&](const char *name) {
        return std::string(name) + direction + ", " + perGpuHourColumn(std::nullopt) + direction + tail;
    };
    const auto plain = [&](const char *name) { return std::string(name) + direction + tail; };
    switch (column) {
    case OfferColumn::Provider:
        return grouped("provider");
    case OfferColumn::Gpu:
        return grouped("gpu");
    case OfferColumn::Category:
        return plain("category");
    case OfferColumn::InstanceType:
        return plain("instance_type");
    case OfferColumn::GpuCount:
        return plain("gpu_count");
    case OfferColumn::Vcpus:
        return plain("vcpus");
    case OfferColumn::MemoryGiB:
        return plain("memory_gib");
    case OfferColumn::Region:
        return plain("region");
    case OfferColumn::OnDemand:
        return price("on_demand");
    case OfferColumn::Spot:
        return price("spot");
    case OfferColumn::Reserved1y:
        return price("reserved_1y");
    case OfferColumn::Reserved3y:
        return price("reserved_3y");
    case OfferColumn::PricePerGpuHour:
        return price(perGpuHourColumn(plan));
    case OfferColumn::AsOf:
        return plain(rows::kOfferAsOf.c_str());
    case OfferColumn::OnDemandPerGpuHour:
        return price(perGpuHourColumn(PricingPlan::OnDemand));
    case OfferColumn::SpotPerGpuHour:
        return price(perGpuHourColumn(PricingPlan::Spot));
    case OfferColumn::Reserved1yPerGpuHour:
        return price(perGpuHourColumn(PricingPlan::Reserved1y));
    case OfferColumn::Reserved3yPerGpuHour:
        return price(perGpuHourColumn(PricingPlan::Reserved3y));
    }
    return "id" + direction;
}

WhereClause whereClause(const OfferFilter &filter)
{
    WhereClause where;
    std::vector<std::string> terms;
    auto equals = [&](const char *column, const QString &value) {
        terms.push_back(std::string(column) + " = ?");
        where.bindings.emplace_back(utf8(value));
    };
    if (!filter.provider.isEmpty())
        equals("provider", filter.provider);
    if (filter.category)
        equals("category", toString(*filter.category));
    if (!filter.gpu.isEmpty()) {
        equals("gpu", filter.gpu);
    } else if (!filter.gpuFamily.isEmpty()) {
        std::string in = "gpu IN (";
        for (qsizetype i = 0; i < filter.gpuFamily.size(); ++i) {
            in += i ? ", ?" : "?";
            where.bindings.emplace_back(utf8(filter.gpuFamily[i]));
        }
        terms.push_back(in + ")");
    }
    if (!filter.region.isEmpty())
        equals("region", filter.region);
    if (filter.plan)
        terms.push_back(std::string(planColumn(*filter.plan)) + " IS NOT NULL");
    if (filter.maxPricePerGpuHour) {
        terms.push_back(perGpuHourColumn(filter.plan) + " <= ?");
        where.bindings.emplace_back(*filter.maxPricePerGpuHour);
    }
    std::string conditions;
    for (std::size_t i = 0; i < terms.size(); ++i)
        conditions += (i == 0 ? " WHERE " : " AND ") + terms[i];
    where.sql = conditions;
    if (filter.onePerInstanceType) {
        // The first of each group of the rows the other terms match; the terms' parameters are
        // bound twice, once for the group and once for the rows.
        where.sql = (conditions.empty() ? " WHERE " : conditions + " AND ") + "id IN (SELECT min(id) FROM cloud_offers"
            + conditions + " GROUP BY " + kAlikeColumns + ")";
        const std::vector<Binding> once = where.bindings;
        where.bindings.insert(where.bindings.end(), once.begin(), once.end());
    }
    return where;
}

void bindAll(SQLite::Statement &statement, const std::vector<Binding> &bindings)
{
    int index = 1;
    for (const Binding &binding : bindings) {
        if (const auto *text = std::get_if<std::string>(&binding))
            statement.bind(index++, *text);
        else
            statement.bind(index++, std::get<double>(binding));
    }
}

} // namespace breakeven
