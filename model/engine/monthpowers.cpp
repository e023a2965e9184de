// Tables of powers by month (monthpowers.h).
#include "monthpowers.h"

#include <array>
#include <cmath>

namespace breakeven {

namespace {

// The factor a yearly rate of change gives month m (>= 1): (1 + rate)^((m - 1) / 12).
double yearlyChange(double rate, int month)
{
    return rate == 0 ? 1.0 : std::pow(1.0 + rate, (month - 1) / 12.0);
}

Eigen::ArrayXd powersOf(Powers kind, double x, int H)
{
    Eigen::ArrayXd out(H + 1);
    switch (kind) {
    case Powers::Growth: {
        const double monthly = std::pow(1.0 + x, 1.0 / 12.0);
        out(0) = 0;
        for (int m = 1; m <= H; ++m)
            out(m) = std::pow(monthly, m - 1);
        break;
    }
    case Powers::Discount: {
        const double monthly = std::pow(1.0 + x, -1.0 / 12.0);
        for (int m = 0; m <= H; ++m)
            out(m) = std::pow(monthly, m);
        break;
    }
    case Powers::YearlyDiscount:
        out(0) = 1.0;
        for (int m = 1; m <= H; ++m)
            out(m) = std::pow(1.0 + x, -double((m + 11) / 12));
        break;
    case Powers::YearlyChange:
        out(0) = 1.0;
        for (int m = 1; m <= H; ++m)
            out(m) = yearlyChange(x, m);
        break;
    case Powers::Depreciation:
        for (int age = 0; age <= H; ++age)
            out(age) = std::pow(x, age / 12.0);
        break;
    }
    return out;
}

} // namespace

std::shared_ptr<const Eigen::ArrayXd> powersFor(Powers kind, double x, int H)
{
    struct Kept {
        Powers kind = Powers::Growth;
        double x = 0;
        int H = -1;
        std::shared_ptr<const Eigen::ArrayXd> table;
    };
    thread_local std::array<Kept, 16> kept;
    thread_local std::size_t next = 0;
    for (const Kept &k : kept)
        if (k.table && k.kind == kind && k.H == H && k.x == x)
            return k.table;
    Kept &slot = kept[next];
    next = (next + 1) % kept.size();
    slot = {kind, x, H, std::make_shared<const Eigen::ArrayXd>(powersOf(kind, x, H))};
    return slot.table;
}

} // namespace breakeven
