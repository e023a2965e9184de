// Criteria beyond cost (docs/model.md, "Criteria beyond cost"): every feasible option scores 1 to
// 5 on cost and performance, worked out from the results, and on setup, reliability, data control,
// scalability and flexibility, from the defaults of its kind, which its plan overrides where it
// matters (spot capacity is not reliable, a reservation not flexible); a user's own score replaces
// either.
// The scenario's weights make one weighted score per option, and that ranks them.
#pragma once

#include "costmodel.h"

#include <array>
#include <optional>
#include <vector>

namespace breakeven {

// The default score of an option of this kind and plan and the reason for it (the tooltip); cost
// and performance have none (they come from the results).
struct KindScore {
    double score = 0;
    QString reason;
    QString basis; // what the default is the default for: "a hyperscaler", "spot capacity"
};
std::optional<KindScore> defaultScore(const OptionInput &option, Criterion criterion);

enum class ScoreOrigin {
    Results, // cost and performance, from the results
    Kind,    // the default of the option's kind (or of its plan, where the plan overrides it)
    Own,     // the user's score
};

struct OptionScores {
    bool scored = false;                       // feasible options only
    std::array<double, kCriterionCount> score{};
    std::array<ScoreOrigin, kCriterionCount> origin{};
    double weighted = 0;                       // sum of weight * score / sum of weights
};

struct CriteriaResult {
    std::vector<OptionScores> options;         // per option of the model
    std::vector<int> ranking;                  // scored options, the highest weighted score first
};

// The scores at `evaluation` (cost and performance depend on the utilization), weighted by the
// scenario's weights, or by `weights` when given (a weight slider being dragged).
CriteriaResult scoreCriteria(const CostModel &model, const Evaluation &evaluation,
                             const std::optional<CriterionWeights> &weights = std::nullopt);

// A criterion in words: "Cost", "Data control".
QString criterionName(Criterion criterion);
// Why an option has its score: the figure it was worked out from, the reason of its kind's
// default, or that it is the user's own (and what it would be without).
QString scoreReason(const CostModel &model, const Evaluation &evaluation, const CriteriaResult &result,
                    int option, Criterion criterion);
// An option's kind in words, as the defaults table names it: "hyperscaler", "used parts".
QString kindName(const OptionInput &option);

} // namespace breakeven
