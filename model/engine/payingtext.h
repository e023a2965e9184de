// How an option is paid for and how the scenario is taxed, in words (docs/model.md, "Paying for
// it"): shared by `compare`, the window and the report, so the terms always read the same way.
#pragma once

#include "costmodel.h"

#include <QString>

namespace breakeven {

// "paid by a loan at 9 % a year over 36 months, 10 % down", "leased at 8,000 USD a unit a month
// for 36 months, then bought out for 10 % of its price", "leased at …, a new lease each term";
// empty for cash and for a rented option.
QString financingText(const CostModel &model, int option);
// "Every figure is after a 21 % tax: running costs deducted in the month they are paid, hardware
// and infrastructure by MACRS 5-year (…), a sale at the horizon taxed on its gain." Empty
// without taxes.
QString taxSentence(const CostModel &model);
// What taxes save an option over the horizon at utilization u (negative: a saving), 0 without.
double taxSavings(const CostModel &model, int option, double utilization);

} // namespace breakeven
