// The SQL of an offer query: an OfferFilter becomes a WHERE clause with its parameters, an
// OfferColumn and order the ORDER BY terms. Column names come from fixed tables, never from
// the filter's text, which is always bound as a parameter.
#pragma once

#include "catalogrepository.h"

#include <SQLiteCpp/Statement.h>
#include <string>
#include <variant>
#include <vector>

namespace breakeven {

using Binding = std::variant<std::string, double>;

struct WhereClause {
    std::string sql; // empty or " WHERE ..."
    std::vector<Binding> bindings;
};

WhereClause whereClause(const OfferFilter &filter);
// Offers alike but for their region: one row each with OfferFilter::onePerInstanceType.
inline const std::string kAlikeColumns
    = "provider, instance_type, currency, on_demand, spot, reserved_1y, reserved_3y, reserved_1y_upfront, reserved_3y_upfront";
// The cloud_offers (and offer_prices) column of a plan's price per instance-hour.
const char *planColumn(PricingPlan plan);
// The ORDER BY terms, without "ORDER BY".
std::string orderBy(
    OfferColumn column, const std::optional<PricingPlan> &plan, Qt::SortOrder order);
// Binds `bindings` to parameters 1..n.
void bindAll(SQLite::Statement &statement, const std::vector<Binding> &bindings);

} // namespace breakeven
