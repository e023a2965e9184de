// Tables of powers by month that every option's lay-out reads (costmodel.cpp): the fleet's
// growth, the discount, the yearly changes of prices and the resale value's depreciation.
#pragma once

#include <Eigen/Core>

#include <memory>

namespace breakeven {

enum class Powers {
    Growth,       // of a yearly growth g: 0 at month 0, then (1 + g)^(1/12) to the power m - 1
    Discount,     // of a yearly discount rate d: (1 + d)^(-1/12) to the power m
    YearlyDiscount, // the same by whole years: 1 at month 0, then (1 + d)^(-y) in year y = ceil(m / 12)
    YearlyChange, // of a yearly rate of change: 1 at month 0, then (1 + rate)^((m - 1) / 12)
    Depreciation, // of what a year keeps, k: k^(age / 12) by age in months
};

// The table of `kind` for x over months 0..H, kept per thread for the last few asked for: the
// lay-outs of one scenario (hundreds in a risk analysis, one per tick of a slider) ask for the
// same few tables again and again. The values are the same powers, bit for bit, whatever was
// asked before; a table stays valid while it is held.
std::shared_ptr<const Eigen::ArrayXd> powersFor(Powers kind, double x, int H);

} // namespace breakeven
