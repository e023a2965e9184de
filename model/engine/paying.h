// Paying for a build (docs/model.md, "Paying for it"): a loan's schedule and what is left of a
// purchase's depreciation. Pure arithmetic, read by the cost model where it lays out purchases.
#pragma once

#include "domain.h"

#include <vector>

namespace breakeven {

// The equal monthly payment that repays `principal` in `termMonths` at `annualRate` a year
// (i = annualRate / 12 a month): P · i / (1 − (1 + i)^−n), or P / n when i = 0.
double loanPayment(double principal, double annualRate, int termMonths);

// One payment of a loan: the share of the principal it repays and the interest it pays.
struct LoanPayment {
    double principal = 0;
    double interest = 0;
};
// The n payments of a loan of `principal`, in order; the balance after payment k is the principal
// less the principal parts of payments 1..k.
std::vector<LoanPayment> loanSchedule(double principal, double annualRate, int termMonths);

// The share of a purchase's price not yet deducted at the end of month p + k, for a purchase in
// month p (k = 0: the month of purchase). Straight-line and MACRS deduct from the month after the
// purchase; expensing deducts everything in the month of purchase.
double undepreciatedShare(const Tax &tax, int monthsSincePurchase);

// The MACRS 5-year shares of years 1..6 (half-year convention).
inline constexpr double kMacrs5[6] = {0.20, 0.32, 0.192, 0.1152, 0.1152, 0.0576};

} // namespace breakeven
