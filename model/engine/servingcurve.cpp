#include "servingcurve.h"

#include "costmodel.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace breakeven {

namespace {

// The model's input with only the two options (hybrids name options by index: none).
EngineInput pairInput(const EngineInput &in, int gpu, int api)
{
    EngineInput out = in;
    out.options = {in.options[std::size_t(gpu)], in.options[std::size_t(api)]};
    out.hybrids.clear();
    return out;
}

} // namespace

QString requestRateText(double requestsPerSecond)
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    // Three significant figures at most (0.969, 4.32, 20.6, 152), without trailing zeros (20, 4.5).
    const int decimals = requestsPerSecond >= 100 ? 0
        : requestsPerSecond > 0 ? std::clamp(2 - int(std::floor(std::log10(requestsPerSecond))), 0, 6)
                                : 0;
    QString text = locale.toString(requestsPerSecond, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    return QStringLiteral("%1 requests a second").arg(text);
}

QString servingBreakEvenSentence(const CostModel &model, const ServingBreakEven &b)
{
    if (!b.requestsPerSecond || !b.winsAbove)
        return b.reason;
    const int other = *b.winsAbove == b.gpu ? b.api : b.gpu;
    return QStringLiteral("above %1, %2 is cheaper than %3")
        .arg(requestRateText(*b.requestsPerSecond), model.option(*b.winsAbove).name, model.option(other).name);
}

EngineInput atRequestRate(const EngineInput &input, double lambda)
{
    EngineInput out = input;
    if (!out.serving || !(out.serving->requestsPerSecond > 0))
        return out;
    const double scale = lambda / out.serving->requestsPerSecond;
    out.serving->requestsPerSecond = lambda;
    out.gpus *= scale;
    for (double &step : out.demandProfile)
        step *= scale;
    return out;
}

std::vector<double> servingRates(double lambda, double low, double high, int count)
{
    std::vector<double> rates;
    if (!(lambda > 0) || !(low > 0) || !(high >= low) || count < 1)
        return rates;
    rates.reserve(std::size_t(count));
    const double span = std::log(high / low);
    for (int k = 0; k < count; ++k)
        rates.push_back(lambda * low * std::exp(count > 1 ? span * k / (count - 1) : 0.0));
    return rates;
}

ServingCurve::ServingCurve(const EngineInput &input, std::vector<double> rates)
    : m_rates(std::move(rates))
    , m_options(int(input.options.size()))
{
    if (!input.serving) {
        m_rates.clear();
        return;
    }
    const std::size_t n = m_rates.size() * std::size_t(m_options);
    m_fixed.resize(n);
    m_slope.resize(n);
    m_feasible.resize(n);
    m_reasons.resize(n);
    m_tokensPerUtilization.resize(m_rates.size());
    // The curve is an option's own: a copy without the hybrids (which price from the profile, not
    // here) is laid out at each rate.
    EngineInput base = input;
    base.hybrids.clear();
    for (std::size_t k = 0; k < m_rates.size(); ++k) {
        const CostModel model(atRequestRate(base, m_rates[k]));
        m_tokensPerUtilization[k] = model.tokensServed(1.0);
        for (int i = 0; i < m_options; ++i) {
            const std::size_t at = k * std::size_t(m_options) + std::size_t(i);
            m_fixed[at] = model.tcoFixed(i);
            m_slope[at] = model.tcoPerUtilization(i);
            m_feasible[at] = model.isFeasible(i);
            if (!m_feasible[at])
                m_reasons[at] = model.status(i).reason;
        }
    }
}

QString ServingCurve::reason(int option, std::size_t k) const
{
    return m_reasons[k * std::size_t(m_options) + std::size_t(option)];
}

double ServingCurve::tco(int option, std::size_t k, double utilization) const
{
    const std::size_t at = k * std::size_t(m_options) + std::size_t(option);
    return m_fixed[at] + (utilization < kNegligibleUtilization ? 0.0 : utilization) * m_slope[at];
}

std::optional<double> ServingCurve::costPerMillionTokens(int option, std::size_t k, double utilization) const
{
    if (!isFeasible(option, k) || utilization < kNegligibleUtilization)
        return std::nullopt;
    const double tokens = m_tokensPerUtilization[k] * utilization;
    const double cost = tco(option, k, utilization) / tokens * 1e6;
    if (!(tokens > 0) || !std::isfinite(cost))
        return std::nullopt;
    return cost;
}

ServingBreakEven servingCurveBreakEven(const CostModel &model, int gpu, int api, double utilization)
{
    const EngineInput pair = pairInput(model.input(), gpu, api);
    const double lambda = pair.serving ? pair.serving->requestsPerSecond : 0.0;
    if (!(lambda > 0)) {
        ServingBreakEven none;
        none.gpu = gpu;
        none.api = api;
        return none;
    }
    const double u = utilization < kNegligibleUtilization ? 0.0 : utilization;
    // Positive: the GPU option is dearer.
    const auto gap = [&](double rate) {
        const CostModel m(atRequestRate(pair, rate));
        return (m.tcoFixed(0) + u * m.tcoPerUtilization(0)) - (m.tcoFixed(1) + u * m.tcoPerUtilization(1));
    };
    return findServingBreakEven(model, gpu, api, lambda, gap);
}

std::vector<ServingBreakEven> servingCurveBreakEvens(const CostModel &model, double utilization)
{
    std::vector<ServingBreakEven> out;
    if (!model.input().serving)
        return out;
    for (int g = 0; g < model.optionCount(); ++g) {
        if (model.option(g).kind == OptionKind::Api || !model.isFeasible(g))
            continue;
        for (int a = 0; a < model.optionCount(); ++a)
            if (model.option(a).kind == OptionKind::Api && model.isFeasible(a))
                out.push_back(servingCurveBreakEven(model, g, a, utilization));
    }
    return out;
}

} // namespace breakeven
