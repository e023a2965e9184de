// The cost model's lay-out of an on-prem build (docs/model.md, "On-prem" and "Paying for it"):
// the units each month, their purchases and replacements, paid in cash, by a loan or leased, the
// running costs, the resale value at each month, and with taxes the depreciation's savings.
#include "costmodel.h"
#include "monthpowers.h"
#include "paying.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace breakeven {

namespace {
// Guards ceil() against floating-point noise: 8 / (1 * 8) must need one unit, not two.
constexpr double kCountTolerance = 1e-9;

// More units than anyone can buy: the option is reported infeasible rather than overflowing.
constexpr double kMaxUnits = 1e9;

// A month that never comes: a unit never replaced, a lease never bought out.
constexpr int kNever = std::numeric_limits<int>::max();

double unitsFor(double referenceGpus, double throughput, int devicesPerUnit)
{
    if (referenceGpus <= 0)
        return 0;
    const double devices = referenceGpus / throughput;
    return std::ceil(devices / devicesPerUnit - kCountTolerance);
}

// A cohort is a group of units first needed in the same month; it is paid in that month (month 0
// for the units month 1 needs) and its hardware again every `lifetime` months.
struct Cohort {
    int firstNeeded;
    int paidAt;
    int count;
};

// One generation of a cohort's units: in service from `start` until `end` (replaced then, or
// kNever), leased until `ownedFrom` (kNever: leased throughout), aged for the resale value from
// `agedFrom` at the new price `newPrice`; `paid` is what owning them cost (the price, or the lease's
// buy-out), the base of their depreciation.
struct Holding {
    int count = 0;
    int start = 0;
    int end = kNever;
    int ownedFrom = kNever;
    int agedFrom = 0;
    double newPrice = 0;
    double paid = 0;
    PurchaseReason reason = PurchaseReason::Start;
};
} // namespace

void CostModel::deductDepreciation(int row, int month, double price, int replacedAt, const Eigen::ArrayXd &discount)
{
    if (!m_input.tax || price == 0)
        return;
    const Tax &tax = *m_input.tax;
    const int H = m_input.horizonMonths;
    double before = 1.0; // the share not yet deducted before this month
    for (int m = month; m <= H; ++m) {
        // A unit replaced before it is fully depreciated deducts the rest in that month.
        const double after = m >= replacedAt ? 0.0 : undepreciatedShare(tax, m - month);
        const double saving = tax.rate * (before - after) * price * discount(m);
        m_fixed(row, m) -= saving;
        m_componentFixed(row, int(CostComponent::TaxSavings)) -= saving;
        before = after;
        if (after == 0)
            break;
    }
}

void CostModel::payPurchase(int row, int month, double hardware, double infrastructure, int replacedAt,
                            const Eigen::ArrayXd &discount, std::vector<double> *owed)
{
    deductDepreciation(row, month, hardware, replacedAt, discount);
    deductDepreciation(row, month, infrastructure, kNever, discount);
    const Financing &f = option(row).onPrem.financing;
    const double total = hardware + infrastructure;
    if (f.method != FinancingMethod::Loan || total == 0) {
        addComponent(row, CostComponent::Hardware, month, hardware, 0, discount);
        addComponent(row, CostComponent::Infrastructure, month, infrastructure, 0, discount);
        return;
    }
    // A loan: the down payment at once, the rest in equal payments from the next month; the
    // principal they repay is split between hardware and infrastructure as the price is.
    const int H = m_input.horizonMonths;
    const double hardwareShare = hardware / total;
    const double down = std::clamp(f.downPayment, 0.0, 1.0) * total;
    addComponent(row, CostComponent::Hardware, month, down * hardwareShare, 0, discount);
    addComponent(row, CostComponent::Infrastructure, month, down * (1.0 - hardwareShare), 0, discount);
    const std::vector<LoanPayment> schedule = loanSchedule(total - down, f.annualRate, f.termMonths);
    double balance = total - down;
    if (owed && month <= H)
        (*owed)[std::size_t(month)] += balance;
    for (std::size_t k = 0; k < schedule.size() && month + int(k) + 1 <= H; ++k) {
        const int m = month + int(k) + 1;
        addComponent(row, CostComponent::Hardware, m, schedule[k].principal * hardwareShare, 0, discount);
        addComponent(row, CostComponent::Infrastructure, m, schedule[k].principal * (1.0 - hardwareShare), 0, discount);
        addComponent(row, CostComponent::Interest, m, schedule[k].interest, 0, discount);
        balance -= schedule[k].principal;
        if (owed && k + 1 < schedule.size())
            (*owed)[std::size_t(m)] += balance;
    }
    // Still running at H: what is owed then is added, as a commitment past H is.
    if (month + int(schedule.size()) > H && balance != 0) {
        addComponent(row, CostComponent::LoanBalanceAtHorizon, H, balance, 0, discount);
        std::vector<int> &events = m_events[std::size_t(row)];
        events.push_back(H);
    }
}

void CostModel::layOutOnPrem(int row, const Eigen::ArrayXd &growth, const Eigen::ArrayXd &discount)
{
    const auto hardwareChanges = powersFor(Powers::YearlyChange, m_input.hardwarePriceChangePerYear, m_input.horizonMonths);
    const Eigen::ArrayXd &hardwareChange = *hardwareChanges;
    const OptionInput &o = option(row);
    const OnPremTerms &t = o.onPrem;
    const int H = m_input.horizonMonths;
    const int lifetime = std::max(1, t.lifetimeMonths);

    std::vector<int> &units = m_units[std::size_t(row)];
    units.assign(std::size_t(H + 1), 0);
    for (int m = 1; m <= H; ++m) {
        const double needed = unitsFor(m_input.gpus * growth(m), o.workThroughput(),
                                       std::max(1, t.devicesPerUnit));
        if (!(needed <= kMaxUnits)) {
            m_status[std::size_t(row)] = {false, QStringLiteral("would need more than %1 units").arg(kMaxUnits, 0, 'g')};
            units.assign(std::size_t(H + 1), 0);
            return;
        }
        units[std::size_t(m)] = std::max(int(needed), units[std::size_t(m - 1)]);
    }
    if (H >= 1)
        units[0] = units[1];
    // Hot spares (docs/model.md, "What a big cluster adds"): ceil(U · s) more units beside the U
    // that carry work, bought, replaced and housed like them, powered at idle. `units` counts
    // them all from here; `working` the ones that carry work.
    std::vector<int> working; // with spares: the units that carry work (else all of `units`)
    if (t.spareShare > 0) {
        working = units;
        for (int &count : units)
            count += int(std::ceil(count * t.spareShare - kCountTolerance));
    }
    const std::vector<int> &busyUnits = working.empty() ? units : working;

    std::vector<Cohort> cohorts;
    if (H >= 1 && units[1] > 0)
        cohorts.push_back({1, 0, units[1]});
    for (int m = 2; m <= H; ++m)
        if (units[std::size_t(m)] > units[std::size_t(m - 1)])
            cohorts.push_back({m, m, units[std::size_t(m)] - units[std::size_t(m - 1)]});

    // A unit bought in month m >= 1 pays the hardware price of that month; its overhead and
    // resale value follow the price it was bought at.
    const auto hardwareAt = [&](int paidAt) {
        return t.hardware * hardwareChange(std::max(0, paidAt));
    };

    // Each cohort's generations (docs/model.md, "Paying for it"). Bought (in cash or by a loan):
    // a new generation every lifetime. Leased and bought out at the end of the term, while the
    // unit has life left: leased for the term, owned until its lifetime ends, then leased anew.
    // Leased without a buy-out: one lease after another, never owned.
    const Financing &financing = t.financing;
    const bool leased = financing.method == FinancingMethod::Lease;
    const int leaseTerm = std::max(1, financing.termMonths);
    const bool buysOut = leased && financing.buyout && leaseTerm < lifetime;
    std::vector<Holding> holdings;
    for (const Cohort &c : cohorts) {
        if (leased && !buysOut) {
            const double price = c.count * hardwareAt(c.paidAt);
            holdings.push_back({c.count, c.firstNeeded, kNever, kNever, c.paidAt, price, 0, PurchaseReason::Start});
            continue;
        }
        for (int s = c.firstNeeded; s <= H; s += lifetime) {
            const bool first = s == c.firstNeeded;
            const int bought = first ? c.paidAt : s; // the month that sets a new unit's price
            const double price = c.count * hardwareAt(bought);
            const PurchaseReason reason = !first ? PurchaseReason::EndOfLifetime
                : c.paidAt == 0                  ? PurchaseReason::Start
                                                 : PurchaseReason::Growth;
            if (buysOut)
                holdings.push_back({c.count, s, s + lifetime, s + leaseTerm, bought, price, price * *financing.buyout,
                                    PurchaseReason::LeaseBuyout});
            else
                holdings.push_back({c.count, s, s + lifetime, bought, bought, price, price, reason});
        }
    }

    std::vector<int> &events = m_events[std::size_t(row)];
    std::vector<Purchase> &purchases = m_purchases[std::size_t(row)];
    // What is still owed on the loans at the end of each month: selling everything then would have
    // to repay it, so the curve net of resale counts it (at H it is in the TCO already).
    std::vector<double> owed;
    const bool owing = m_input.creditResaleValue && financing.method == FinancingMethod::Loan;
    if (owing)
        owed.assign(std::size_t(H + 1), 0.0);
    for (const Cohort &c : cohorts) {
        events.push_back(c.paidAt);
        // A leased build still buys its infrastructure, in cash; a bought one with its first units.
        if (leased)
            payPurchase(row, c.paidAt, 0, c.count * t.infrastructureOneTime, kNever, discount);
    }
    for (const Holding &h : holdings) {
        const int leasedUntil = std::min(h.ownedFrom, h.end); // exclusive
        for (int m = std::max(1, h.start); m < leasedUntil && m <= H; ++m)
            addComponent(row, CostComponent::LeasePayments, m, h.count * financing.paymentPerMonth, 0, discount);
        if (h.ownedFrom > H || h.ownedFrom >= h.end)
            continue;
        const bool firstOfCohort = h.reason == PurchaseReason::Start || h.reason == PurchaseReason::Growth;
        payPurchase(row, h.ownedFrom, h.paid, !leased && firstOfCohort ? h.count * t.infrastructureOneTime : 0.0,
                    h.end, discount, owing ? &owed : nullptr);
        events.push_back(h.ownedFrom);
        purchases.push_back({h.ownedFrom, h.count, h.paid, h.reason});
    }
    std::sort(events.begin(), events.end());
    events.erase(std::unique(events.begin(), events.end()), events.end());
    // The purchases inside the horizon, in order of their month (docs/model.md, "What the horizon
    // leaves out"); purchases of the same month and reason are one payment.
    std::stable_sort(purchases.begin(), purchases.end(), [](const Purchase &a, const Purchase &b) { return a.month < b.month; });
    std::vector<Purchase> merged;
    for (const Purchase &p : purchases) {
        if (!merged.empty() && merged.back().month == p.month && merged.back().reason == p.reason) {
            merged.back().units += p.units;
            merged.back().amount += p.amount;
        } else {
            merged.push_back(p);
        }
    }
    purchases = std::move(merged);

    const double kWhPerWatt = kHoursPerMonth / 1000.0 * t.electricityPerKWh * t.pue;
    const double idlePower = t.overheadIncludesPower ? 0.0 : t.idleW * kWhPerWatt;
    const double loadPower = t.overheadIncludesPower ? 0.0 : (t.loadW - t.idleW) * kWhPerWatt;
    // The price of the hardware in service each month, for the overhead: each generation counts
    // at its new price while it serves (a difference array, one pass over generations and one
    // over months).
    std::vector<double> inService(std::size_t(H + 2), 0.0);
    for (const Holding &h : holdings) {
        inService[std::size_t(h.start)] += h.newPrice;
        inService[std::size_t(std::min(h.end, H + 1))] -= h.newPrice;
    }
    double hardwareInService = 0;
    const auto electricityChanges = powersFor(Powers::YearlyChange, m_input.electricityPriceChangePerYear, H);
    const Eigen::ArrayXd &electricityChange = *electricityChanges;
    // Colocation priced on power: the unit's load power in kW, times its PUE, busy or not.
    const double colocationPerUnit = t.colocationPerMonth + t.loadW / 1000.0 * t.pue * t.colocationPerKWMonth;
    for (int m = 1; m <= H; ++m) {
        const double u = units[std::size_t(m)];
        const double busy = busyUnits[std::size_t(m)];
        const double electricity = electricityChange(m);
        hardwareInService += inService[std::size_t(m)];
        addComponent(row, CostComponent::Power, m, u * idlePower * electricity, busy * loadPower * electricity, discount);
        addComponent(row, CostComponent::Overhead, m, t.overheadPerYearOfHardware * hardwareInService / 12.0, 0,
                     discount);
        addComponent(row, CostComponent::Labor, m, u * t.laborPerMonth, 0, discount);
        addComponent(row, CostComponent::Colocation, m, u * colocationPerUnit, 0, discount);
    }

    // What the owned units in service at month m would sell for (a leased unit sells for nothing),
    // and, with taxes, what is left of their depreciation then: a sale is taxed on the difference.
    const double keep = std::max(0.0, 1.0 - t.depreciationPerYear);
    const double sold = std::clamp(1.0 - t.resaleHaircut, 0.0, 1.0); // what a sale brings of the value
    const auto depreciation = powersFor(Powers::Depreciation, keep, H);
    const auto saleAt = [&](int m) {
        double value = 0;
        for (const Holding &h : holdings)
            if (h.ownedFrom <= m && m < h.end)
                value += h.newPrice * (*depreciation)(m - h.agedFrom);
        return value * sold;
    };
    const auto bookValueAt = [&](int m) {
        double value = 0;
        for (const Holding &h : holdings)
            if (h.ownedFrom <= m && m < h.end)
                value += h.paid * undepreciatedShare(*m_input.tax, m - h.ownedFrom);
        return value;
    };
    m_valueAtHorizon[std::size_t(row)] = saleAt(H);
    if (!m_input.creditResaleValue)
        return;
    const double taxRate = m_input.tax ? m_input.tax->rate : 0.0;
    for (int m = 0; m <= H; ++m) {
        const double sale = saleAt(m);
        const double gain = m_input.tax ? sale - bookValueAt(m) : 0.0;
        const double debt = owing && m < H ? owed[std::size_t(m)] : 0.0;
        m_credit(row, m) = (sale - taxRate * gain - debt) * discount(m);
    }
    m_componentFixed(row, int(CostComponent::ResaleCredit)) = -saleAt(H) * discount(H);
    if (m_input.tax)
        m_componentFixed(row, int(CostComponent::TaxSavings)) += taxRate * (saleAt(H) - bookValueAt(H)) * discount(H);
}

} // namespace breakeven
