// API options in the cost model (docs/model.md, "Serving"): a model served per token, billed for
// the requests of each month at that month's prices, and the serving figures every option shares.
#include "costmodel.h"
#include "monthpowers.h"

#include <QLocale>

#include <cmath>

namespace breakeven {

namespace {
constexpr double kSecondsPerMonth = kHoursPerMonth * 3600.0;
constexpr double kCountTolerance = 1e-9;
} // namespace

// Requests in month m at utilization u are λ · peakToMean · u · seconds · growth(m): at the
// workload's own u = 1 / peakToMean exactly λ a second, and like GPU time on demand the bill
// follows the utilization slider.
void CostModel::layOutApi(int row, const Eigen::ArrayXd &growth, const Eigen::ArrayXd &discount)
{
    if (!m_input.serving)
        return;
    const ServingInput &s = *m_input.serving;
    const ApiTerms &t = option(row).api;
    const int H = m_input.horizonMonths;
    const auto changes = powersFor(Powers::YearlyChange, t.priceChangePerYear, H);
    const double perRequest = t.pricePerRequest(s.inputTokens, s.outputTokens);
    const double requestsAtFullLoad = s.requestsPerSecond * s.peakToMean * kSecondsPerMonth;
    for (int m = 1; m <= H; ++m)
        addComponent(row, CostComponent::ApiTokens, m, 0, requestsAtFullLoad * growth(m) * perRequest * (*changes)(m),
                     discount);
}

QString CostModel::apiRateLimitReason(int i, double peakGrowth) const
{
    const ApiTerms &t = option(i).api;
    if (!m_input.serving || !t.maxTokensPerMinute)
        return {};
    const ServingInput &s = *m_input.serving;
    const double perMinute = s.requestsPerSecond * s.peakToMean * peakGrowth * (s.inputTokens + s.outputTokens) * 60.0;
    if (perMinute <= *t.maxTokensPerMinute * (1 + kCountTolerance))
        return {};
    const QLocale c = QLocale::c();
    return QStringLiteral("the workload needs %1 tokens a minute at its peak; the rate limit (maxTokensPerMinute) is %2")
        .arg(c.toString(perMinute, 'f', 0), c.toString(*t.maxTokensPerMinute, 'f', 0));
}

double CostModel::requestsServed(double utilization) const
{
    if (!m_input.serving || utilization < kNegligibleUtilization)
        return 0;
    const ServingInput &s = *m_input.serving;
    return s.requestsPerSecond * s.peakToMean * utilization * kSecondsPerMonth * m_growthSum;
}

double CostModel::tokensServed(double utilization) const
{
    return m_input.serving ? requestsServed(utilization) * (m_input.serving->inputTokens + m_input.serving->outputTokens) : 0.0;
}

double CostModel::outputTokensServed(double utilization) const
{
    return m_input.serving ? requestsServed(utilization) * m_input.serving->outputTokens : 0.0;
}

double CostModel::gpusAtPeak(int i, int month) const
{
    const OptionInput &o = option(i);
    const int replica = o.serving.replicaGpus;
    if (!m_input.serving || o.kind == OptionKind::Api || replica <= 0 || !(o.workThroughput() > 0))
        return 0;
    const double gpus = fleetReferenceGpus(month) / o.workThroughput();
    return std::ceil(gpus / replica - kCountTolerance) * replica;
}

} // namespace breakeven
