// What a million tokens costs on each option as the traffic changes (docs/model.md, "Serving"):
// the workload's mean request rate λ moved, everything else as it is. Only N, the demand profile
// and the requests the APIs bill follow λ (the replicas, tokens per second per GPU and prices do
// not), so the scenario is assembled once and each rate is one lay-out of the cost model; any
// utilization is then one multiply-add per option and rate (TCO is affine in u).
#pragma once

#include "engineinput.h"
#include "servingresults.h"

#include <cstddef>
#include <optional>
#include <vector>

namespace breakeven {

class CostModel;

// `input` at the mean request rate `lambda` instead of its own: N, the demand profile and the
// requests of the serving workload scaled by lambda / λ. Unchanged without a serving workload.
EngineInput atRequestRate(const EngineInput &input, double lambda);

// `count` rates evenly spaced on a log scale from `low` × lambda to `high` × lambda.
std::vector<double> servingRates(double lambda, double low, double high, int count);

class ServingCurve {
public:
    ServingCurve() = default;
    // Lays out one cost model of every option of `input` per rate (rates above 0, ascending).
    ServingCurve(const EngineInput &input, std::vector<double> rates);

    const std::vector<double> &rates() const { return m_rates; }
    int optionCount() const { return m_options; }
    bool empty() const { return m_rates.empty() || m_options == 0; }

    // Option i's TCO at the horizon at rates()[k] and utilization u.
    double tco(int option, std::size_t k, double utilization) const;
    // Its TCO over every token served (input and output), per million; none where the option is
    // infeasible at that rate (an API's rate limit) or nothing is served (u = 0).
    std::optional<double> costPerMillionTokens(int option, std::size_t k, double utilization) const;
    bool isFeasible(int option, std::size_t k) const { return m_feasible[k * std::size_t(m_options) + std::size_t(option)]; }
    // Why the option is infeasible at rates()[k] (empty where it is feasible).
    QString reason(int option, std::size_t k) const;

private:
    std::vector<double> m_rates;
    int m_options = 0;
    std::vector<double> m_fixed;  // [k × options + i]
    std::vector<double> m_slope;
    std::vector<char> m_feasible;
    std::vector<QString> m_reasons;
    std::vector<double> m_tokensPerUtilization; // per rate: tokens served over the horizon at u = 1
};

// Each feasible (GPU option, API option) pair of `model` at `utilization`: the mean request rate
// at which their TCOs are equal, searched as servingBreakEven() searches (a geometric scan of
// (0, 100 × λ], then bisection), the pair's cost models laid out from the model's input rescaled
// instead of the scenario assembled again. Indices are the model's.
std::vector<ServingBreakEven> servingCurveBreakEvens(const CostModel &model, double utilization);

// The same for one pair.
ServingBreakEven servingCurveBreakEven(const CostModel &model, int gpu, int api, double utilization);

// A break-even in words: "above 3.15 requests a second, 8 x H100 server is cheaper than Together
// Llama 70B", or why there is none.
QString servingBreakEvenSentence(const CostModel &model, const ServingBreakEven &breakEven);
// "3.15 requests a second": three significant figures at most, no trailing zeros.
QString requestRateText(double requestsPerSecond);

} // namespace breakeven
