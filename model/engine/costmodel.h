// The cost and performance model (docs/model.md).
//
// Every cost in the model is affine in the utilization u (unit counts, reservations and fees do
// not depend on it), so the constructor lays out, once per scenario, two Eigen arrays of
// options x months: the part of each monthly entry that does not depend on u and the part that
// grows with it, both already discounted. evaluate(u) is then one fused array expression and a
// running sum over months, cheap enough for every tick of the utilization slider.
#pragma once

#include "engineinput.h"

#include <Eigen/Core>

#include <array>
#include <optional>
#include <vector>

namespace breakeven {

enum class CostComponent {
    Hardware,
    Infrastructure,
    Power,
    Overhead,
    Labor,
    Colocation,
    GpuRental,
    Storage,
    Egress,
    Fees,
    ResaleCredit, // negative: what the units in service would sell for at the horizon
    CommitmentBeyondHorizon, // reserved terms still owed after the horizon, at present value
    // Paying for it (docs/model.md): a loan's interest, a lease's payments, a loan's balance still
    // owed at the horizon, and, with taxes, what they save (negative; a taxed gain on the resale
    // at the horizon counts against it).
    Interest,
    LeasePayments,
    LoanBalanceAtHorizon,
    TaxSavings,
    ApiTokens, // what an API bills per token (docs/model.md, "Serving")
};
inline constexpr int kCostComponentCount = 17;
// Whether a component is a running cost, deducted from taxable profit in its month.
bool isDeductible(CostComponent component);
// Its name in `compare --json` ("gpuRental", "commitmentBeyondHorizon").
QString jsonName(CostComponent component);
// Utilizations below this are evaluated as 0: no work, so no cost per GPU-hour.
inline constexpr double kNegligibleUtilization = 1e-9;
QString toString(CostComponent component);

enum class Winner { OnPrem, Cloud };

struct OptionStatus {
    bool feasible = true;
    QString reason;                           // empty when feasible
};

struct Evaluation {
    double utilization = 0;
    int horizonMonths = 0;
    Eigen::ArrayXXd monthly;                  // options x (H + 1)
    Eigen::ArrayXXd cumulative;               // options x (H + 1); net of resale when credited
                                              // (the plain spend: CostModel::cumulativeSpend)
    Eigen::ArrayXd tco;                       // cumulative at H
    std::vector<std::optional<double>> costPerReferenceGpuHour; // n/a when there is no work
    std::optional<int> cheapest;              // feasible option cheapest at H
    std::vector<std::optional<int>> cheapestByMonth; // m = 0..H, by cumulative cost
};

// A month where the cheaper side of a pair changes (docs/model.md, "Crossover and pay-off"):
// interpolated between whole months, with the side cheaper after it.
struct Crossing {
    double month = 0;
    Winner cheaperAfter = Winner::OnPrem;

    bool operator==(const Crossing &) const = default;
};

struct PairResult {
    int onPrem = -1;                          // option indices
    int cloud = -1;
    // The first crossing to "buying not dearer" (0: never dearer at the start; null: dearer
    // through H). Kept for scripts: no sentence calls it a pay-off.
    std::optional<double> crossoverMonth;
    // The pay-off that sticks: after it buying is never dearer again through H. 0 when buying is
    // never dearer; null when it is dearer at H (then a pair with crossings was ahead for a while).
    std::optional<double> paysOffMonth;
    std::vector<Crossing> crossings;          // every change of the cheaper side, in order
    double differenceAtHorizon = 0;           // cumulative on-prem − cloud at H
    std::optional<double> breakEvenUtilization;
    std::optional<Winner> winsAbove;          // side cheaper above breakEvenUtilization
    std::optional<double> costRatio;          // TCO cloud / TCO on-prem; n/a when on-prem TCO is 0
};

// A payment for hardware inside the horizon (docs/model.md, "What the horizon leaves out").
enum class PurchaseReason { Start, Growth, EndOfLifetime, LeaseBuyout };
// Its name in `compare --json`: "start", "growth", "endOfLifetime", "leaseBuyout".
QString jsonName(PurchaseReason reason);
struct Purchase {
    int month = 0;                            // 0: at the start
    int units = 0;
    double amount = 0;                        // the hardware price paid (or financed), not discounted
    PurchaseReason reason = PurchaseReason::Start;
};

// A reserved option's commitment left after the horizon.
struct OwedAfterHorizon {
    double amount = 0;                        // the payments after H, not discounted
    double presentValue = 0;                  // what the TCO counts of them (at H, discounted)
    int months = 0;                           // months of payments after H
    int lastTermEnds = 0;                     // the last month the running term covers
};

class CostModel {
public:
    explicit CostModel(EngineInput input);

    const EngineInput &input() const { return m_input; }
    int optionCount() const { return int(m_input.options.size()); }
    int horizonMonths() const { return m_input.horizonMonths; }
    const OptionInput &option(int i) const { return m_input.options[std::size_t(i)]; }
    // Names are labels only: renaming an option changes no figure, so it needs no new model.
    void setOptionName(int i, const QString &name) { m_input.options[std::size_t(i)].name = name; }
    const OptionStatus &status(int i) const { return m_status[std::size_t(i)]; }
    bool isFeasible(int i) const { return m_status[std::size_t(i)].feasible; }

    Evaluation evaluate(double utilization) const;
    // The same into `into`, reusing its arrays: a slider tick then allocates nothing (a fresh
    // megabyte a tick costs more in page faults than the arithmetic, docs/benchmarks.md).
    void evaluate(double utilization, Evaluation &into) const;

    // Every pair of feasible (on-prem, cloud) options.
    std::vector<PairResult> pairs(const Evaluation &evaluation) const;
    // Every feasible on-prem option against one cloud option (the cheapest, for the charts).
    std::vector<PairResult> pairsAgainst(const Evaluation &evaluation, int cloudOption) const;
    // The cloud option cheapest at H among feasible ones.
    std::optional<int> cheapestCloud(const Evaluation &evaluation) const;
    PairResult comparePair(const Evaluation &evaluation, int onPrem, int cloud) const;

    // What a payment in `month` counts for, by the scenario's rate and convention (docs/model.md,
    // "Discounting"); months past H too.
    double discountAt(int month) const;

    // Whether on-prem cumulative curves are net of resale (then the plain spend differs).
    bool netOfResale() const { return m_input.creditResaleValue; }
    // The plain spend so far of `option` by `month`: the cumulative curve with the resale credit
    // put back. Worked out when asked (charts, exports), so that evaluate() writes no third array.
    double cumulativeSpend(const Evaluation &evaluation, int option, int month) const
    {
        return evaluation.cumulative(option, month) + (netOfResale() ? m_credit(option, month) : 0.0);
    }

    // TCO at the horizon as a function of u: tco(u) = tcoFixed + u * tcoPerUtilization.
    double tcoFixed(int option) const { return m_tcoFixed(option); }
    double tcoPerUtilization(int option) const { return m_tcoSlope(option); }

    // TCO at H split by component, at utilization u (sums to the option's TCO).
    std::array<double, kCostComponentCount> breakdown(int option, double utilization) const;

    // Serving (docs/model.md, "Serving"): requests and tokens (input and output) served over the
    // horizon at utilization u, λ · peakToMean · u a second; 0 without a serving workload.
    double requestsServed(double utilization) const;
    double tokensServed(double utilization) const;
    double outputTokensServed(double utilization) const;
    // A serving GPU option's GPUs running at the fleet's peak (month m >= 1), rounded up to whole
    // replicas; 0 for an API option or without a serving workload.
    double gpusAtPeak(int option, int month) const;

    // Reference-GPU-hours of work over the horizon at utilization u.
    double workHours(double utilization) const { return utilization * m_workPerUtilization; }
    // Fleet needed at full load in month m >= 1, in reference GPUs.
    double fleetReferenceGpus(int month) const;
    // Time to run the described sweep of jobs; null when no jobs are described.
    std::optional<double> timeToResultHours(int option) const { return m_timeToResult[std::size_t(option)]; }
    // Units bought by month m (on-prem), 0 for cloud options.
    int unitsInMonth(int option, int month) const;
    // The most units an on-prem option has in service at once over the horizon (growth), 0 for
    // cloud options.
    int unitsMax(int option) const;
    // The entries in which something other than the regular monthly costs is paid, in order:
    // purchases and replacements of units, reserved terms starting (their upfront part), and the
    // horizon when a term still owes payments after it.
    const std::vector<int> &paymentMonths(int option) const { return m_events[std::size_t(option)]; }

    // What the horizon leaves out: an on-prem option's hardware purchases inside it (none for a
    // cloud option); what its units in service would sell for at H, resale formula, not
    // discounted, whether or not the scenario credits it (0 for a cloud option); a reserved
    // option's payments still owed after H (none otherwise).
    const std::vector<Purchase> &purchases(int option) const { return m_purchases[std::size_t(option)]; }
    double valueAtHorizon(int option) const { return m_valueAtHorizon[std::size_t(option)]; }
    const std::optional<OwedAfterHorizon> &owedAfterHorizon(int option) const { return m_owed[std::size_t(option)]; }

    // Every change of the cheaper side between two cumulative curves over `months` entries.
    static std::vector<Crossing> crossings(const double *onPremCumulative, const double *cloudCumulative, int months);
    // The pay-off that sticks, from the crossings and whether buying is dearer at the last month.
    static std::optional<double> paysOffMonth(const std::vector<Crossing> &crossings, bool dearerAtEnd);
    // The difference of two cumulative values with the near-tie tolerance: 0 when level.
    static double gap(double onPrem, double cloud);

    static std::optional<double> crossoverMonth(const Eigen::ArrayXd &onPremCumulative,
                                                const Eigen::ArrayXd &cloudCumulative);
    // The same over `months` entries of two contiguous curves.
    static std::optional<double> crossoverMonth(const double *onPremCumulative, const double *cloudCumulative,
                                                int months);

private:
    void layOutCloud(int row, const Eigen::ArrayXd &growth, const Eigen::ArrayXd &discount);
    void layOutOnPrem(int row, const Eigen::ArrayXd &growth, const Eigen::ArrayXd &discount);
    void layOutApi(int row, const Eigen::ArrayXd &growth, const Eigen::ArrayXd &discount);
    // An API option above its rate limit at the fleet's peak: the reason, else empty.
    QString apiRateLimitReason(int option, double peakGrowth) const;
    void addComponent(int row, CostComponent c, int month, double fixed, double slope,
                      const Eigen::ArrayXd &discount);
    // A purchase of hardware and infrastructure in `month`, paid as the build's financing says,
    // and deducted through depreciation until `replacedAt` (docs/model.md, "Paying for it").
    // `owed`, when given, gains each month's balance still owed on the loan (entries 0..H).
    void payPurchase(int row, int month, double hardware, double infrastructure, int replacedAt,
                     const Eigen::ArrayXd &discount, std::vector<double> *owed = nullptr);
    void deductDepreciation(int row, int month, double price, int replacedAt, const Eigen::ArrayXd &discount);
    // A payment in month `month` > H, owed all the same: added to entry H at its present value.
    void addBeyondHorizon(int row, int month, double amount);
    void computeStatus();
    void rejectOverflow();
    void computeTimeToResult();

    EngineInput m_input;
    double m_monthlyDiscount = 1;  // the discount factor of one month
    Eigen::ArrayXd m_discount;     // the discount factor of each entry 0..H, by the convention
    std::vector<OptionStatus> m_status;
    Eigen::ArrayXXd m_fixed;       // options x (H + 1), discounted
    Eigen::ArrayXXd m_slope;       // options x (H + 1), discounted, per unit of u
    Eigen::ArrayXXd m_credit;      // options x (H + 1), discounted resale value (subtracted)
    Eigen::ArrayXd m_infeasiblePenalty; // 0 or +inf per option
    Eigen::ArrayXd m_tcoFixed;
    Eigen::ArrayXd m_tcoSlope;
    Eigen::ArrayXXd m_componentFixed; // options x components
    Eigen::ArrayXXd m_componentSlope;
    std::vector<std::vector<int>> m_units; // on-prem: U(m), m = 0..H
    std::vector<std::vector<int>> m_events; // paymentMonths()
    std::vector<std::vector<Purchase>> m_purchases;
    std::vector<double> m_valueAtHorizon;
    std::vector<std::optional<OwedAfterHorizon>> m_owed;
    std::vector<std::optional<double>> m_timeToResult;
    double m_workPerUtilization = 0;
    double m_growthSum = 0;        // Σ growth(m), m = 1..H
};

// Laid out for every entry of every option: inline in both lay-outs' files.
inline void CostModel::addComponent(int row, CostComponent c, int month, double fixed, double slope,
                                    const Eigen::ArrayXd &discount)
{
    const double f = fixed * discount(month);
    const double s = slope * discount(month);
    m_componentFixed(row, int(c)) += f;
    m_componentSlope(row, int(c)) += s;
    // With taxes a running cost costs (1 − t) of itself in its month; the rest is a saving.
    const double t = m_input.tax && isDeductible(c) ? m_input.tax->rate : 0.0;
    m_fixed(row, month) += f * (1.0 - t);
    m_slope(row, month) += s * (1.0 - t);
    if (t != 0) {
        m_componentFixed(row, int(CostComponent::TaxSavings)) -= f * t;
        m_componentSlope(row, int(CostComponent::TaxSavings)) -= s * t;
    }
}

} // namespace breakeven
