// Column lists and the binding and reading of domain types to and from table rows, shared by the
// repositories so that each type is mapped in exactly one place.
#pragma once

#include "domain.h"

#include <SQLiteCpp/Statement.h>
#include <array>
#include <string>

namespace breakeven {
class TextPool;
}

namespace breakeven::rows {

// Column lists in binding order; "first" arguments below are 1-based parameter indexes for
// bind* and 0-based result columns for read*. Inline, so that they are initialized before any
// later definition in the including file uses them.
inline const std::string kGpuColumns
    = "name, vendor, architecture, year, memory_gb, bandwidth_gbs, fp16_tflops, fp32_tflops, "
      "tdp_w, gpus_per_board, price_new_usd, price_used_usd, relative_throughput, "
      "throughput_basis, source, as_of";
// An option's own criterion scores (schema 10), in the order of Criterion.
inline const std::string kScoreColumns
    = "score_cost, score_performance, score_setup, score_reliability, score_data_control, "
      "score_scalability, score_flexibility";
inline const std::string kCloudOptionColumns
    = "name, provider, category, instance_type, gpu, region, gpus_per_instance, pricing, "
      "price_per_hour, currency, spot_rework, platform_fee_per_month, storage_per_gb_month, "
      "egress_per_gb, price_multiplier, max_gpus, price_change_per_year, reserved_upfront_share, "
      "commitment_months, " + kScoreColumns + ", goodput, autoscales";
inline const std::string kBuildColumns
    = "name, kind, gpu, gpu_count, list_price, pre_built_markup, currency, "
      "infrastructure_one_time, idle_w, load_w, electricity_per_kwh, pue, "
      "overhead_per_year_of_hardware, overhead_includes_power, labor_per_month, "
      "colocation_per_month, lifetime_years, depreciation_per_year, resale_haircut, " + kScoreColumns
    + ", colocation_per_kw_month, spare_share, goodput, financing_method, financing_annual_rate, "
      "financing_term_months, financing_down_payment, lease_payment_per_month, lease_buyout";
inline const std::string kWorkloadColumns
    = "name, gpus, utilization, min_gpu_memory_gb, growth_per_year, storage_gb, "
      "egress_gb_per_month, job_reference_gpu_hours, gpus_per_job, parallel_jobs, throughput_profile, "
      "serving_model, serving_precision, serving_requests_per_second, serving_peak_to_mean, "
      "serving_input_tokens, serving_output_tokens, serving_max_tpot_ms";
inline const std::string kComponentColumns = "name, price, quantity";
// A scenario's own settings (its name, rates and parts are elsewhere).
inline const std::string kScenarioPropertyColumns
    = "currency, horizon_months, reference_gpu, discount_rate_per_year, credit_resale_value, "
      "cloud_price_change_per_year, hardware_price_change_per_year, electricity_price_change_per_year, "
      "weight_cost, weight_performance, weight_setup, weight_reliability, weight_data_control, "
      "weight_scalability, weight_flexibility, uncertainty_samples, uncertainty_seed, discounting, "
      "tax_rate, tax_depreciation, tax_depreciation_years, api_price_change_per_year";
inline constexpr int kScenarioPropertyColumnCount = 8 + kCriterionCount + 7;
// A scenario's own model figures and its options paid per token (schema 16).
inline const std::string kModelColumns
    = "name, family, publisher, hf_repo, total_params_b, active_params_b, layers, hidden_size, "
      "attention_heads, kv_heads, head_dim, kv_values_per_token_layer, context_tokens, attention, "
      "licence, source, url, as_of";
inline const std::string kApiOptionColumns
    = "name, provider, model, price_per_million_input, price_per_million_output, "
      "price_per_million_cached_input, cached_input_share, currency, price_change_per_year, "
      "max_tokens_per_minute, " + kScoreColumns;
// A scenario's ranges (schema 12), in order.
inline const std::string kUncertainInputColumns = "path, low, high, low_factor, high_factor, distribution";
inline const std::string kOfferColumns
    = "provider, category, instance_type, gpu, gpu_count, vcpus, memory_gib, region, currency, "
      "on_demand, spot, reserved_1y, reserved_3y, source, url, as_of, reserved_1y_upfront, reserved_3y_upfront";
// An imported offer whose source or as_of is '' has the one of its sheet (schema 4). These
// read the value an offer has, in a query on cloud_offers (not renamed), and kOfferReadColumns
// reads kOfferColumns so.
inline std::string inheritedFromSheet(const std::string &column)
{
    const std::string own = "cloud_offers." + column;
    return "(CASE WHEN " + own + " <> '' OR cloud_offers.sheet_id IS NULL THEN " + own
        + " ELSE coalesce((SELECT sheets." + column + " FROM sheets WHERE sheets.id = cloud_offers.sheet_id), '')"
        + " END)";
}
inline const std::string kOfferSource = inheritedFromSheet("source");
inline const std::string kOfferAsOf = inheritedFromSheet("as_of");
// Keeps an offer's prices under their date before a write gives it other prices under another
// date (schema 8). ?1: the offer's id; ?2 and ?3: the as_of and sheet id the write gives it;
// ?4 to ?9: its on-demand, spot, reserved 1y and 3y, and their upfront prices. The same prices
// under a later date (a refresh that found nothing changed) keep nothing: the history holds
// changes, not every fetch. A price the write keeps (`written` false: a sheet without its column)
// is no change either, and its parameter is not read.
inline constexpr int kOfferPriceCount = 6;
inline const char *const kOfferPriceColumns[kOfferPriceCount]
    = {"on_demand", "spot", "reserved_1y", "reserved_3y", "reserved_1y_upfront", "reserved_3y_upfront"};
inline std::string keepEarlierPrices(const std::array<bool, kOfferPriceCount> &written)
{
    std::string changed;
    for (int i = 0; i < kOfferPriceCount; ++i)
        if (written[std::size_t(i)])
            changed += std::string(changed.empty() ? "" : " AND ") + kOfferPriceColumns[i] + " IS ?"
                + std::to_string(4 + i);
    return "INSERT OR REPLACE INTO offer_prices (offer_id, as_of, on_demand, spot, reserved_1y, reserved_3y,"
           " reserved_1y_upfront, reserved_3y_upfront)"
           " SELECT id, " + kOfferAsOf + ", on_demand, spot, reserved_1y, reserved_3y, reserved_1y_upfront,"
           " reserved_3y_upfront FROM cloud_offers"
           " WHERE id = ?1 AND " + kOfferAsOf + " <> '' AND " + kOfferAsOf
        + " IS NOT (CASE WHEN ?2 <> '' OR ?3 IS NULL THEN ?2"
          " ELSE coalesce((SELECT sheets.as_of FROM sheets WHERE sheets.id = ?3), '') END)"
          " AND NOT (" + (changed.empty() ? std::string("1") : changed) + ")";
}
inline const std::string kKeepEarlierPrices = keepEarlierPrices({true, true, true, true, true, true});
inline const std::string kOfferReadColumns
    = "provider, category, instance_type, gpu, gpu_count, vcpus, memory_gib, region, currency, "
      "on_demand, spot, reserved_1y, reserved_3y, " + kOfferSource + ", url, " + kOfferAsOf
    + ", reserved_1y_upfront, reserved_3y_upfront";

// The same offer: one provider's instance type in one region, the key the schema keeps unique.
// Every lookup and conflict clause is built from these two.
inline const std::string kOfferKey = "provider, instance_type, region";
inline std::string offerKeyMatch(int providerParameter, int instanceTypeParameter, int regionParameter)
{
    return "provider = ?" + std::to_string(providerParameter) + " AND instance_type = ?"
        + std::to_string(instanceTypeParameter) + " AND region = ?" + std::to_string(regionParameter);
}

inline constexpr int kGpuColumnCount = 16;
inline constexpr int kCloudOptionColumnCount = 21 + kCriterionCount;
inline constexpr int kBuildColumnCount = 28 + kCriterionCount;
inline constexpr int kWorkloadColumnCount = 18;
inline constexpr int kModelColumnCount = 18;
inline constexpr int kApiOptionColumnCount = 10 + kCriterionCount;
inline constexpr int kComponentColumnCount = 3;
inline constexpr int kOfferColumnCount = 18;

// "?, ?, ?" with `count` placeholders.
std::string placeholders(int count);
// "a = ?, b = ?" for an UPDATE of the columns in `columns`.
std::string assignments(const std::string &columns);

void bindGpu(SQLite::Statement &statement, int first, const GpuModel &gpu);
GpuModel readGpu(const SQLite::Statement &statement, int first);

void bindCloudOption(SQLite::Statement &statement, int first, const CloudOption &option);
CloudOption readCloudOption(const SQLite::Statement &statement, int first);

void bindBuild(SQLite::Statement &statement, int first, const OnPremBuild &build);
OnPremBuild readBuild(const SQLite::Statement &statement, int first); // without components

void bindWorkload(SQLite::Statement &statement, int first, const Workload &workload);
Workload readWorkload(const SQLite::Statement &statement, int first);

// The workload's serving columns (7, from `first`): a NULL model is no serving (servingrows.cpp).
void bindServing(SQLite::Statement &statement, int first, const std::optional<Serving> &serving);
std::optional<Serving> readServing(const SQLite::Statement &statement, int first);

void bindModel(SQLite::Statement &statement, int first, const ModelSpec &model);
ModelSpec readModel(const SQLite::Statement &statement, int first);

void bindApiOption(SQLite::Statement &statement, int first, const ApiOption &option);
ApiOption readApiOption(const SQLite::Statement &statement, int first);

// An option's own scores per criterion (kScoreColumns); a score outside 1..5 reads as damage.
void bindScores(SQLite::Statement &statement, int first, const CriterionScores &scores);
CriterionScores readScores(const SQLite::Statement &statement, int first);

void bindComponent(SQLite::Statement &statement, int first, const Component &component);
void bindScenarioProperties(SQLite::Statement &statement, int first, const Scenario &scenario);
// Reads the columns of kScenarioPropertyColumns into `scenario`.
void readScenarioProperties(const SQLite::Statement &statement, int first, Scenario &scenario);
Component readComponent(const SQLite::Statement &statement, int first);

void bindOffer(SQLite::Statement &statement, int first, const CloudOffer &offer);
// With a pool, text repeated across offers is read once and shared.
CloudOffer readOffer(const SQLite::Statement &statement, int first, TextPool *pool = nullptr);

// Throws the exception Connection turns into "damaged: ..." for a value no version of
// Breakeven writes (a document is untrusted input, CHECK constraints can be edited out).
[[noreturn]] void damaged(const QString &what);

// A number from a numeric column. A document written by another program may hold text or a
// blob there (SQLite's columns take any type), which reads as 0 unless refused: these throw
// "column NAME holds text "abc", not a number" instead.
double real(const SQLite::Statement &statement, int column);
int integer(const SQLite::Statement &statement, int column);

} // namespace breakeven::rows
