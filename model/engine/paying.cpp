#include "paying.h"

#include <algorithm>
#include <cmath>

namespace breakeven {

double loanPayment(double principal, double annualRate, int termMonths)
{
    const int n = std::max(1, termMonths);
    const double i = annualRate / 12.0;
    if (i == 0)
        return principal / n;
    return principal * i / (1.0 - std::pow(1.0 + i, -double(n)));
}

std::vector<LoanPayment> loanSchedule(double principal, double annualRate, int termMonths)
{
    const int n = std::max(1, termMonths);
    const double i = annualRate / 12.0;
    const double payment = loanPayment(principal, annualRate, n);
    std::vector<LoanPayment> schedule(static_cast<std::size_t>(n));
    double balance = principal;
    for (int k = 0; k < n; ++k) {
        LoanPayment &p = schedule[std::size_t(k)];
        p.interest = balance * i;
        // The last payment repays what is left, so rounding leaves no balance behind.
        p.principal = k + 1 == n ? balance : payment - p.interest;
        balance -= p.principal;
    }
    return schedule;
}

double undepreciatedShare(const Tax &tax, int monthsSincePurchase)
{
    const int k = monthsSincePurchase;
    if (k < 0)
        return 1.0;
    switch (tax.depreciation) {
    case DepreciationMethod::Expensing:
        return 0.0;
    case DepreciationMethod::StraightLine: {
        const double months = std::max(1.0, 12.0 * tax.depreciationYears);
        return std::max(0.0, 1.0 - k / months);
    }
    case DepreciationMethod::Macrs5: {
        double deducted = 0;
        const int fullYears = std::min(k / 12, 6);
        for (int y = 0; y < fullYears; ++y)
            deducted += kMacrs5[y];
        if (fullYears < 6)
            deducted += kMacrs5[fullYears] * (k % 12) / 12.0;
        return std::max(0.0, 1.0 - deducted);
    }
    }
    return 1.0;
}

} // namespace breakeven
