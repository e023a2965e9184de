#include "costmodel.h"
#include "monthpowers.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

namespace breakeven {

namespace {
// Guards ceil() against floating-point noise: 8 / (1 * 8) must need one unit, not two.
constexpr double kCountTolerance = 1e-9;

QString formatNumber(double value) { return QString::number(value, 'g', 4); }
} // namespace

QString toString(CostComponent component)
{
    switch (component) {
    case CostComponent::Hardware: return QStringLiteral("Hardware");
    case CostComponent::Infrastructure: return QStringLiteral("Infrastructure");
    case CostComponent::Power: return QStringLiteral("Power");
    case CostComponent::Overhead: return QStringLiteral("Overhead");
    case CostComponent::Labor: return QStringLiteral("Labor");
    case CostComponent::Colocation: return QStringLiteral("Colocation");
    case CostComponent::GpuRental: return QStringLiteral("GPU rental");
    case CostComponent::Storage: return QStringLiteral("Storage");
    case CostComponent::Egress: return QStringLiteral("Egress");
    case CostComponent::Fees: return QStringLiteral("Fees");
    case CostComponent::ResaleCredit: return QStringLiteral("Resale credit");
    case CostComponent::CommitmentBeyondHorizon: return QStringLiteral("Commitment beyond the horizon");
    case CostComponent::Interest: return QStringLiteral("Interest");
    case CostComponent::LeasePayments: return QStringLiteral("Lease payments");
    case CostComponent::LoanBalanceAtHorizon: return QStringLiteral("Loan balance at the horizon");
    case CostComponent::TaxSavings: return QStringLiteral("Tax savings");
    case CostComponent::ApiTokens: return QStringLiteral("API tokens");
    }
    return {};
}

QString jsonName(CostComponent component)
{
    switch (component) {
    case CostComponent::Hardware: return QStringLiteral("hardware");
    case CostComponent::Infrastructure: return QStringLiteral("infrastructure");
    case CostComponent::Power: return QStringLiteral("power");
    case CostComponent::Overhead: return QStringLiteral("overhead");
    case CostComponent::Labor: return QStringLiteral("labor");
    case CostComponent::Colocation: return QStringLiteral("colocation");
    case CostComponent::GpuRental: return QStringLiteral("gpuRental");
    case CostComponent::Storage: return QStringLiteral("storage");
    case CostComponent::Egress: return QStringLiteral("egress");
    case CostComponent::Fees: return QStringLiteral("fees");
    case CostComponent::ResaleCredit: return QStringLiteral("resaleCredit");
    case CostComponent::CommitmentBeyondHorizon: return QStringLiteral("commitmentBeyondHorizon");
    case CostComponent::Interest: return QStringLiteral("interest");
    case CostComponent::LeasePayments: return QStringLiteral("leasePayments");
    case CostComponent::LoanBalanceAtHorizon: return QStringLiteral("loanBalanceAtHorizon");
    case CostComponent::TaxSavings: return QStringLiteral("taxSavings");
    case CostComponent::ApiTokens: return QStringLiteral("apiTokens");
    }
    return {};
}

bool isDeductible(CostComponent component)
{
    switch (component) {
    case CostComponent::Hardware:
    case CostComponent::Infrastructure:
    case CostComponent::ResaleCredit:
    case CostComponent::LoanBalanceAtHorizon:
    case CostComponent::TaxSavings:
        return false;
    default:
        return true;
    }
    return {};
}

double CostModel::discountAt(int month) const
{
    if (month >= 0 && month < m_discount.size())
        return m_discount(month);
    // Past the horizon (a commitment still owed): the same convention.
    if (m_input.discounting == Discounting::Yearly)
        return month <= 0 ? 1.0 : std::pow(1.0 + m_input.discountRatePerYear, -double((month + 11) / 12));
    return std::pow(m_monthlyDiscount, month);
}

QString jsonName(PurchaseReason reason)
{
    switch (reason) {
    case PurchaseReason::Start: return QStringLiteral("start");
    case PurchaseReason::Growth: return QStringLiteral("growth");
    case PurchaseReason::EndOfLifetime: return QStringLiteral("endOfLifetime");
    case PurchaseReason::LeaseBuyout: return QStringLiteral("leaseBuyout");
    }
    return {};
}

CostModel::CostModel(EngineInput input)
    : m_input(std::move(input))
{
    m_input.horizonMonths = std::max(0, m_input.horizonMonths);
    const int rows = optionCount();
    const int cols = m_input.horizonMonths + 1;

    // Shared with the other lay-outs of the same rates (powersFor), held while this one runs.
    const auto growthTable = powersFor(Powers::Growth, m_input.growthPerYear, m_input.horizonMonths);
    const bool yearly = m_input.discounting == Discounting::Yearly;
    const auto discountTable = powersFor(yearly ? Powers::YearlyDiscount : Powers::Discount, m_input.discountRatePerYear,
                                         m_input.horizonMonths);
    const Eigen::ArrayXd &growth = *growthTable;
    const Eigen::ArrayXd &discount = *discountTable;
    m_monthlyDiscount = std::pow(1.0 + m_input.discountRatePerYear, -1.0 / 12.0);
    m_discount = discount;
    m_growthSum = growth.tail(m_input.horizonMonths).sum();
    m_workPerUtilization = m_input.gpus * kHoursPerMonth * growth.sum();

    m_fixed = Eigen::ArrayXXd::Zero(rows, cols);
    m_slope = Eigen::ArrayXXd::Zero(rows, cols);
    m_credit = Eigen::ArrayXXd::Zero(rows, cols);
    m_componentFixed = Eigen::ArrayXXd::Zero(rows, kCostComponentCount);
    m_componentSlope = Eigen::ArrayXXd::Zero(rows, kCostComponentCount);
    m_units.assign(std::size_t(rows), {});
    m_events.assign(std::size_t(rows), {});
    m_purchases.assign(std::size_t(rows), {});
    m_valueAtHorizon.assign(std::size_t(rows), 0.0);
    m_owed.assign(std::size_t(rows), std::nullopt);

    computeStatus();
    for (int i = 0; i < rows; ++i) {
        const double p = option(i).workThroughput();
        if (!(p > 0) || !std::isfinite(p))
            continue; // infeasible, and nothing sensible to lay out
        if (option(i).kind == OptionKind::Api)
            layOutApi(i, growth, discount);
        else if (option(i).kind == OptionKind::Cloud)
            layOutCloud(i, growth, discount);
        else
            layOutOnPrem(i, growth, discount);
    }
    rejectOverflow();
    m_infeasiblePenalty = Eigen::ArrayXd::Zero(rows);
    for (int i = 0; i < rows; ++i)
        if (!isFeasible(i))
            m_infeasiblePenalty(i) = std::numeric_limits<double>::infinity();
    m_tcoFixed = m_fixed.rowwise().sum() - m_credit.col(cols - 1);
    m_tcoSlope = m_slope.rowwise().sum();
    computeTimeToResult();
}

double CostModel::fleetReferenceGpus(int month) const
{
    if (month < 1)
        return 0;
    return m_input.gpus * std::pow(1.0 + m_input.growthPerYear, (month - 1) / 12.0);
}

int CostModel::unitsInMonth(int option, int month) const
{
    const auto &units = m_units[std::size_t(option)];
    if (units.empty() || month < 0)
        return 0;
    return units[std::size_t(std::min<int>(month, int(units.size()) - 1))];
}

int CostModel::unitsMax(int option) const
{
    const auto &units = m_units[std::size_t(option)];
    return units.empty() ? 0 : *std::max_element(units.begin(), units.end());
}

void CostModel::computeStatus()
{
    m_status.assign(m_input.options.size(), {});
    // The fleet's peak: fleetReferenceGpus over the months, its powers from the table.
    const auto growth = powersFor(Powers::YearlyChange, m_input.growthPerYear, m_input.horizonMonths);
    double peakFleet = 0;
    for (int m = 1; m <= m_input.horizonMonths; ++m)
        peakFleet = std::max(peakFleet, m_input.gpus * (*growth)(m));

    for (int i = 0; i < optionCount(); ++i) {
        const OptionInput &o = option(i);
        OptionStatus &s = m_status[std::size_t(i)];
        if (!o.infeasibleReason.isEmpty()) {
            s = {false, o.infeasibleReason};
        } else if (o.kind == OptionKind::Api) {
            s = {true, apiRateLimitReason(i, peakFleet / std::max(m_input.gpus, 1e-300))};
            s.feasible = s.reason.isEmpty();
        } else if (!(o.relativeThroughput > 0) || !std::isfinite(o.relativeThroughput)) {
            s = {false, QStringLiteral("relative throughput of %1 is not above 0").arg(o.gpu)};
        } else if (!(o.goodput > 0) || o.goodput > 1) {
            s = {false, QStringLiteral("a goodput of %1 is not a share of the GPU time").arg(formatNumber(o.goodput))};
        } else if (o.memoryGB < m_input.minGpuMemoryGB) {
            s = {false, QStringLiteral("%1 has %2 GB per GPU; the workload needs %3 GB")
                            .arg(o.gpu, formatNumber(o.memoryGB), formatNumber(m_input.minGpuMemoryGB))};
        } else if (o.kind == OptionKind::Cloud) {
            double peakGpus = peakFleet / o.workThroughput();
            if (const int r = o.serving.replicaGpus; r > 0)
                peakGpus = std::ceil(peakGpus / r - kCountTolerance) * r;
            if (peakGpus > o.cloud.maxGpus + kCountTolerance)
                s = {false, QStringLiteral("needs up to %1 GPUs at once; the quota is %2")
                                .arg(formatNumber(peakGpus)).arg(o.cloud.maxGpus)};
        }
    }
}

// Absurd inputs (prices of 1e300) must not turn into inf or NaN on screen: such an option is
// reported infeasible with the reason, and its rows are cleared.
void CostModel::rejectOverflow()
{
    for (int i = 0; i < optionCount(); ++i) {
        const bool finite = m_fixed.row(i).allFinite() && m_slope.row(i).allFinite() && m_credit.row(i).allFinite()
            && std::isfinite(m_fixed.row(i).sum() + m_slope.row(i).sum());
        if (finite)
            continue;
        m_status[std::size_t(i)] = {false, QStringLiteral("costs too large to compute; check its prices and quantities")};
        m_fixed.row(i).setZero();
        m_slope.row(i).setZero();
        m_credit.row(i).setZero();
        m_componentFixed.row(i).setZero();
        m_componentSlope.row(i).setZero();
    }
}

void CostModel::addBeyondHorizon(int row, int month, double amount)
{
    const int H = m_input.horizonMonths;
    const double value = amount * discountAt(month);
    // Reserved payments are cloud bills: deducted in their month, after H as before it.
    const double t = m_input.tax ? m_input.tax->rate : 0.0;
    m_fixed(row, H) += value * (1.0 - t);
    m_componentFixed(row, int(CostComponent::CommitmentBeyondHorizon)) += value;
    m_componentFixed(row, int(CostComponent::TaxSavings)) -= value * t;
    std::vector<int> &events = m_events[std::size_t(row)];
    if (events.empty() || events.back() != H)
        events.push_back(H);
}

void CostModel::layOutCloud(int row, const Eigen::ArrayXd &growth, const Eigen::ArrayXd &discount)
{
    const OptionInput &o = option(row);
    const CloudTerms &t = o.cloud;
    const int H = m_input.horizonMonths;
    const auto changes = powersFor(Powers::YearlyChange, t.priceChangePerYear, H);
    const Eigen::ArrayXd &priceChange = *changes;
    const double gpusAtFullLoad = m_input.gpus / o.workThroughput(); // month 1
    // Serving (docs/model.md, "Serving"): whole replicas, kept running at the peak's count
    // around the clock unless the option autoscales (then billed for the mean, as GPU time is).
    const int replica = o.serving.replicaGpus;
    const bool billPeak = replica > 0 && !o.serving.autoscales;
    const auto fleetIn = [&](int m) {
        const double gpus = gpusAtFullLoad * growth(m);
        return replica > 0 ? std::ceil(gpus / replica - kCountTolerance) * replica : gpus;
    };
    const auto bill = [&](int m, double amount) {
        addComponent(row, CostComponent::GpuRental, m, billPeak ? amount : 0.0, billPeak ? 0.0 : amount, discount);
    };
    const double gpuMonth = kHoursPerMonth * t.pricePerGpuHour;
    const int term = std::max(1, t.commitmentMonths);
    const double upfront = std::clamp(t.reservedUpfrontShare, 0.0, 1.0);
    double termFleet = 0; // GPUs the running term reserves
    for (int m = 1; m <= H; ++m) {
        const double gpus = fleetIn(m);
        const double price = gpuMonth * priceChange(m);
        switch (t.plan) {
        case PricingPlan::OnDemand:
            bill(m, gpus * price);
            break;
        case PricingPlan::Spot:
            bill(m, gpus * (1.0 + t.spotRework) * price);
            break;
        case PricingPlan::Reserved1y:
        case PricingPlan::Reserved3y:
            if ((m - 1) % term == 0) {
                // A term starts: it reserves this month's fleet at this month's price, for T
                // months; f of its total at its start (entry 0 for the first), the rest monthly.
                termFleet = gpus;
                const double total = termFleet * price * term;
                m_events[std::size_t(row)].push_back(m == 1 ? (upfront > 0 ? 0 : 1) : m);
                addComponent(row, CostComponent::GpuRental, m == 1 ? 0 : m, upfront * total, 0, discount);
                const double monthly = (1.0 - upfront) * total / term;
                for (int k = m; k < m + term; ++k) {
                    if (k <= H) {
                        addComponent(row, CostComponent::GpuRental, k, monthly, 0, discount);
                    } else if (monthly != 0) {
                        addBeyondHorizon(row, k, monthly);
                        OwedAfterHorizon &owed = m_owed[std::size_t(row)] ? *m_owed[std::size_t(row)]
                                                                          : m_owed[std::size_t(row)].emplace();
                        owed.amount += monthly;
                        owed.presentValue += monthly * discountAt(k);
                        owed.months += 1;
                        owed.lastTermEnds = k;
                    }
                }
            }
            // Growth beyond the term's fleet is used as needed, at the same hourly price.
            bill(m, std::max(0.0, gpus - termFleet) * price);
            break;
        }
        addComponent(row, CostComponent::Fees, m, t.platformFeePerMonth, 0, discount);
        addComponent(row, CostComponent::Storage, m, t.storagePerMonth, 0, discount);
        addComponent(row, CostComponent::Egress, m, t.egressPerMonth, 0, discount);
    }
}

void CostModel::computeTimeToResult()
{
    m_timeToResult.assign(m_input.options.size(), std::nullopt);
    if (!m_input.jobReferenceGpuHours)
        return;
    const double work = *m_input.jobReferenceGpuHours;
    const int gpusPerJob = std::max(1, m_input.gpusPerJob);
    const int jobs = std::max(1, m_input.parallelJobs);
    for (int i = 0; i < optionCount(); ++i) {
        const OptionInput &o = option(i);
        if (!isFeasible(i) || o.kind == OptionKind::Api)
            continue;
        const int devices = o.kind == OptionKind::Cloud
            ? o.cloud.maxGpus
            : unitsInMonth(i, 1) * std::max(1, o.onPrem.devicesPerUnit);
        if (devices <= 0)
            continue;
        const int g = std::min(gpusPerJob, devices);
        const int atOnce = devices / g;
        const int waves = (jobs + atOnce - 1) / atOnce;
        m_timeToResult[std::size_t(i)] = waves * work / (g * o.workThroughput());
    }
}

Evaluation CostModel::evaluate(double utilization) const
{
    Evaluation e;
    evaluate(utilization, e);
    return e;
}

void CostModel::evaluate(double utilization, Evaluation &e) const
{
    // A utilization below a billionth does no work worth pricing per hour: it is none.
    if (utilization < kNegligibleUtilization)
        utilization = 0;
    e.utilization = utilization;
    e.horizonMonths = m_input.horizonMonths;
    const int cols = int(m_fixed.cols());
    const int rows = int(m_fixed.rows());

    // One pass over the months, column by column (each column is every option at month m,
    // contiguous in memory), so the arrays are read and written once.
    e.monthly.resize(rows, cols);
    e.cumulative.resize(rows, cols);
    Eigen::ArrayXd running = Eigen::ArrayXd::Zero(rows);
    const bool credit = m_input.creditResaleValue;
    for (int m = 0; m < cols; ++m) {
        e.monthly.col(m) = m_fixed.col(m) + utilization * m_slope.col(m);
        running += e.monthly.col(m);
        if (credit)
            e.cumulative.col(m) = running - m_credit.col(m);
        else
            e.cumulative.col(m) = running;
    }
    e.tco = e.cumulative.col(cols - 1);

    const double work = workHours(utilization);
    e.costPerReferenceGpuHour.assign(std::size_t(rows), std::nullopt);
    if (work > 0)
        for (int i = 0; i < rows; ++i)
            if (const double perHour = e.tco(i) / work; std::isfinite(perHour))
                e.costPerReferenceGpuHour[std::size_t(i)] = perHour;

    // Infeasible options carry +inf so one vectorised minCoeff per month finds the cheapest.
    e.cheapestByMonth.assign(std::size_t(cols), std::nullopt);
    for (int m = 0; m < cols && rows > 0; ++m) {
        Eigen::Index best = 0;
        const double cost = (e.cumulative.col(m) + m_infeasiblePenalty).minCoeff(&best);
        if (std::isfinite(cost))
            e.cheapestByMonth[std::size_t(m)] = int(best);
    }
    e.cheapest = e.cheapestByMonth.empty() ? std::nullopt : e.cheapestByMonth.back();
}

std::array<double, kCostComponentCount> CostModel::breakdown(int option, double utilization) const
{
    std::array<double, kCostComponentCount> parts{};
    for (int k = 0; k < kCostComponentCount; ++k)
        parts[std::size_t(k)] = m_componentFixed(option, k) + utilization * m_componentSlope(option, k);
    return parts;
}

} // namespace breakeven
