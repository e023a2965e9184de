// What a page of offers should hold, computed in plain C++ from the offers that were stored:
// the reference the catalog repository's SQL is checked against.
#pragma once

#include "store/catalogrepository.h"

#include <QStringList>
#include <algorithm>
#include <optional>
#include <variant>
#include <vector>

namespace storetest {

using namespace breakeven;

inline std::optional<double> perGpu(const CloudOffer &o, const std::optional<PricingPlan> &plan)
{
    std::optional<double> price;
    if (plan)
        price = o.price(*plan);
    else
        for (PricingPlan p : { PricingPlan::OnDemand, PricingPlan::Spot, PricingPlan::Reserved1y,
                 PricingPlan::Reserved3y })
            if (!price)
                price = o.price(p);
    if (!price)
        return std::nullopt;
    return *price / o.gpuCount;
}

inline bool matches(const CloudOffer &o, const OfferFilter &f)
{
    if (!f.provider.isEmpty() && o.provider != f.provider)
        return false;
    if (f.category && o.category != *f.category)
        return false;
    if (!f.gpu.isEmpty() && o.gpu != f.gpu)
        return false;
    if (!f.region.isEmpty() && o.region != f.region)
        return false;
    if (f.plan && !o.price(*f.plan))
        return false;
    if (f.maxPricePerGpuHour) {
        const std::optional<double> price = perGpu(o, f.plan);
        if (!price || *price > *f.maxPricePerGpuHour)
            return false;
    }
    return true;
}

using SortKey = std::variant<std::monostate, double, QString>; // monostate: no value

inline SortKey sortKey(
    const CloudOffer &o, OfferColumn column, const std::optional<PricingPlan> &plan)
{
    auto optional = [](const std::optional<double> &v) { return v ? SortKey(*v) : SortKey(); };
    switch (column) {
    case OfferColumn::Provider:
        return o.provider;
    case OfferColumn::Category:
        return toString(o.category);
    case OfferColumn::InstanceType:
        return o.instanceType;
    case OfferColumn::Gpu:
        return o.gpu;
    case OfferColumn::GpuCount:
        return double(o.gpuCount);
    case OfferColumn::Vcpus:
        return o.vcpus;
    case OfferColumn::MemoryGiB:
        return o.memoryGiB;
    case OfferColumn::Region:
        return o.region;
    case OfferColumn::OnDemand:
        return optional(o.onDemand);
    case OfferColumn::Spot:
        return optional(o.spot);
    case OfferColumn::Reserved1y:
        return optional(o.reserved1y);
    case OfferColumn::Reserved3y:
        return optional(o.reserved3y);
    case OfferColumn::PricePerGpuHour:
        return optional(perGpu(o, plan));
    case OfferColumn::AsOf:
        return o.asOf;
    case OfferColumn::OnDemandPerGpuHour:
        return optional(perGpu(o, PricingPlan::OnDemand));
    case OfferColumn::SpotPerGpuHour:
        return optional(perGpu(o, PricingPlan::Spot));
    case OfferColumn::Reserved1yPerGpuHour:
        return optional(perGpu(o, PricingPlan::Reserved1y));
    case OfferColumn::Reserved3yPerGpuHour:
        return optional(perGpu(o, PricingPlan::Reserved3y));
    }
    return {};
}

// The instance types of the expected page: filtered, missing values last, ties by insertion.
inline QStringList expectedPage(const std::vector<CloudOffer> &offers, const OfferFilter &filter,
    OfferColumn column, Qt::SortOrder order, int offset, int limit, int *count)
{
    std::vector<int> rows;
    for (int i = 0; i < int(offers.size()); ++i)
        if (matches(offers[std::size_t(i)], filter))
            rows.push_back(i);
    *count = int(rows.size());
    const bool ascending = order == Qt::AscendingOrder;
    std::sort(rows.begin(), rows.end(), [&](int a, int b) {
        const SortKey ka = sortKey(offers[std::size_t(a)], column, filter.plan);
        const SortKey kb = sortKey(offers[std::size_t(b)], column, filter.plan);
        const bool nullA = std::holds_alternative<std::monostate>(ka);
        const bool nullB = std::holds_alternative<std::monostate>(kb);
        if (nullA != nullB)
            return nullB;
        if (!nullA && ka != kb)
            return ascending ? ka < kb : kb < ka;
        if (column == OfferColumn::Provider || column == OfferColumn::Gpu) {
            // Then the headline price, missing ones first as in SQLite's ascending order.
            const std::optional<double> pa = perGpu(offers[std::size_t(a)], std::nullopt);
            const std::optional<double> pb = perGpu(offers[std::size_t(b)], std::nullopt);
            if (pa != pb)
                return ascending ? pa < pb : pb < pa;
        }
        return ascending ? a < b : b < a;
    });
    QStringList page;
    for (int i = offset; i < std::min(int(rows.size()), offset + limit); ++i)
        page.append(offers[std::size_t(rows[std::size_t(i)])].instanceType);
    return page;
}

} // namespace storetest
