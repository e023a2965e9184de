// What a finance team reads of a pair (docs/model.md, "The finance team's figures"): the net
// present value of buying, its internal rate of return, and when it pays back, from the months'
// savings of buying over renting in the scenario's own discounting convention.
#pragma once

#include "costmodel.h"

#include <QString>

#include <optional>
#include <vector>

namespace breakeven {

struct PairFinance {
    double npvOfBuying = 0;                       // Σ e(m) discounted: the TCO difference cloud − on-prem
    std::optional<double> irrOfBuying;            // a yearly rate; null when there is no single one
    QString irrReason;                            // why there is none, in words (empty when there is)
    std::optional<double> paybackMonth;           // the pay-off that sticks, on the plain (undiscounted) curves
    std::optional<double> discountedPaybackMonth; // the same on the discounted curves
};

// The savings of buying over renting in each entry m = 0..H, not discounted: what the cloud
// option spends less what the on-prem option spends, the resale credit at H included when the
// scenario credits it.
std::vector<double> savingsOfBuying(const CostModel &model, const Evaluation &evaluation, int onPrem, int cloud);

// The yearly rate at which `savings` (entries 0..H, not discounted) are worth 0 under the
// convention: monthly, (1 + i)^12 − 1 for the monthly rate i; yearly, the rate applied to the
// years' sums. Null, with the reason in `reason`, when the savings do not change sign exactly once
// (in the entries the convention discounts: months, or years).
std::optional<double> internalRate(const std::vector<double> &savings, Discounting discounting, QString *reason = nullptr);

PairFinance pairFinance(const CostModel &model, const Evaluation &evaluation, const PairResult &pair);

} // namespace breakeven
