#include "criteria.h"

#include "resultstext.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace breakeven {

namespace {

struct KindDefaults {
    // setup, reliability, data control, scalability, flexibility
    std::array<double, 5> score;
    std::array<const char *, 5> reason;
};

constexpr const char *kDataLeaves = "Data is kept and processed on the provider's machines, under its terms.";
constexpr const char *kDataStays = "On-prem data never leaves the building.";
constexpr const char *kRentedSwaps = "A rented GPU can be given back and swapped for next year's.";
constexpr const char *kBoughtAges = "Bought hardware ages in place; changing it means selling it.";

// The table of docs/model.md, "Criteria beyond cost".
constexpr KindDefaults kHyperscaler{
    {4, 5, 3, 5, 4},
    {"Instances start in minutes; images, quotas and networking are still the user's to set up.",
     "Hyperscalers sell service level agreements on their instances.", kDataLeaves,
     "Renting adds GPUs in minutes, up to the account's quota.", kRentedSwaps}};
constexpr KindDefaults kMlCloud{
    {5, 4, 3, 4, 4},
    {"ML clouds ship ready images with drivers and frameworks installed.",
     "A specialised provider: fewer regions and weaker guarantees than a hyperscaler.", kDataLeaves,
     "Renting adds GPUs in minutes, within the provider's capacity.", kRentedSwaps}};
constexpr KindDefaults kMarketplace{
    {3, 2, 1, 3, 5},
    {"Machines differ from host to host; images and drivers need checking.",
     "A marketplace rents other people's machines; a host can go away.",
     "Data runs on a stranger's machine.", "Capacity depends on what hosts offer at the time.",
     "Rented by the hour, any GPU on offer, no commitment."}};
constexpr KindDefaults kPreBuilt{
    {4, 4, 5, 2, 2},
    {"A pre-built server comes configured; it still needs a place, power and a network.",
     "The vendor's support covers failures; running it is the owner's work.", kDataStays,
     "More capacity means buying and installing more units.", kBoughtAges}};
constexpr KindDefaults kBuiltFromScratch{
    {2, 3, 5, 2, 2},
    {"A self-built rig must be assembled, installed and set up.",
     "Failures are the owner's to fix unless support is bought.", kDataStays,
     "More capacity means buying and building more units.", kBoughtAges}};
constexpr KindDefaults kUsedParts{
    {1, 1, 5, 1, 2},
    {"Used parts must be found, tested and assembled.",
     "Used parts come without a warranty; failures are the owner's.", kDataStays,
     "Matching used parts are hard to find in numbers.", kBoughtAges}};

constexpr KindDefaults kApi{
    {5, 4, 2, 5, 5},
    {"An API key and a few lines of code; nothing to install or run.",
     "The provider runs the model; outages and rate limits are its to fix, and its terms to accept.",
     "Every prompt and answer passes through the provider, under its terms.",
     "Scales with the traffic up to the rate limit; no GPUs to add.",
     "Paid per token, no commitment; the model can be switched for another."}};

const KindDefaults &defaultsFor(const OptionInput &option)
{
    if (option.kind == OptionKind::Api)
        return kApi;
    if (option.kind == OptionKind::Cloud) {
        switch (option.cloud.category) {
        case CloudCategory::Hyperscaler: return kHyperscaler;
        case CloudCategory::MlCloud: return kMlCloud;
        case CloudCategory::Marketplace: return kMarketplace;
        }
        return kHyperscaler;
    }
    switch (option.onPrem.kind) {
    case BuildKind::PreBuilt: return kPreBuilt;
    case BuildKind::BuiltFromScratch: return kBuiltFromScratch;
    case BuildKind::UsedParts: return kUsedParts;
    }
    return kBuiltFromScratch;
}

// The option's kind as a default is said to be for: "a hyperscaler", "a rig built from scratch".
QString kindWithArticle(const OptionInput &option)
{
    if (option.kind == OptionKind::Api)
        return QStringLiteral("an API paid per token");
    if (option.kind == OptionKind::Cloud) {
        switch (option.cloud.category) {
        case CloudCategory::Hyperscaler: return QStringLiteral("a hyperscaler");
        case CloudCategory::MlCloud: return QStringLiteral("an ML cloud");
        case CloudCategory::Marketplace: return QStringLiteral("a marketplace");
        }
    }
    switch (option.onPrem.kind) {
    case BuildKind::PreBuilt: return QStringLiteral("a pre-built server");
    case BuildKind::BuiltFromScratch: return QStringLiteral("a rig built from scratch");
    case BuildKind::UsedParts: return QStringLiteral("a build of used parts");
    }
    return {};
}

// A reserved term in words: "1 year", "3 years", "18 months".
QString termText(int months)
{
    if (months % 12 == 0)
        return months == 12 ? QStringLiteral("1 year") : QStringLiteral("%1 years").arg(months / 12);
    return months == 1 ? QStringLiteral("1 month") : QStringLiteral("%1 months").arg(months);
}

// Where the plan overrides the kind (docs/model.md, "Criteria beyond cost"): capacity that can be
// taken back is not reliable, whoever sells it; a reservation is not flexible, whoever sells it.
std::optional<KindScore> planScore(const OptionInput &option, Criterion criterion)
{
    if (option.kind != OptionKind::Cloud)
        return std::nullopt;
    const PricingPlan plan = option.cloud.plan;
    if (criterion == Criterion::Reliability && plan == PricingPlan::Spot) {
        // A marketplace's spot price is its interruptible offer: outbid, the machine goes to another.
        if (option.cloud.category == CloudCategory::Marketplace)
            return KindScore{kLowestScore,
                             QStringLiteral("An interruptible offer can be taken back at any moment: a higher bid takes "
                                            "the machine, and the work since the last checkpoint is done again."),
                             QStringLiteral("a marketplace's interruptible offer")};
        return KindScore{kLowestScore,
                         QStringLiteral("Spot capacity can be taken back at any moment: the provider reclaims it with "
                                        "little warning, and the work since the last checkpoint is done again "
                                        "(the cost counts that work, not a missed deadline)."),
                         QStringLiteral("spot capacity")};
    }
    if (criterion == Criterion::Flexibility && (plan == PricingPlan::Reserved1y || plan == PricingPlan::Reserved3y))
        return KindScore{2,
                         QStringLiteral("A reservation binds for its term (%1): it is paid whether the GPUs are busy "
                                        "or not, and they cannot be given back or swapped for newer ones before it ends.")
                             .arg(termText(option.cloud.commitmentMonths)),
                         QStringLiteral("a reservation")};
    return std::nullopt;
}

// 1 + 4 (max - x) / (max - min) among the values given; 5 for all when they are equal. An
// option without a value (none: no work to price) scores the lowest.
void scoreLowerIsBetter(const std::vector<int> &options, const std::vector<std::optional<double>> &values,
                        std::vector<OptionScores> &out, Criterion criterion)
{
    double low = INFINITY;
    double high = -INFINITY;
    for (const int i : options) {
        if (const auto &v = values[std::size_t(i)]) {
            low = std::min(low, *v);
            high = std::max(high, *v);
        }
    }
    const auto c = std::size_t(criterion);
    for (const int i : options) {
        const auto &v = values[std::size_t(i)];
        double score = kHighestScore;
        if (!v && low <= high)
            score = kLowestScore;
        else if (v && high > low)
            score = kLowestScore + (kHighestScore - kLowestScore) * (high - *v) / (high - low);
        out[std::size_t(i)].score[c] = score;
        out[std::size_t(i)].origin[c] = ScoreOrigin::Results;
    }
}

} // namespace

std::optional<KindScore> defaultScore(const OptionInput &option, Criterion criterion)
{
    if (criterion == Criterion::Cost || criterion == Criterion::Performance)
        return std::nullopt;
    if (auto plan = planScore(option, criterion))
        return plan;
    const auto k = std::size_t(criterion) - std::size_t(Criterion::Setup);
    const KindDefaults &defaults = defaultsFor(option);
    return KindScore{defaults.score[k], QString::fromUtf8(defaults.reason[k]), kindWithArticle(option)};
}

CriteriaResult scoreCriteria(const CostModel &model, const Evaluation &evaluation,
                             const std::optional<CriterionWeights> &preview)
{
    const int n = model.optionCount();
    CriteriaResult result;
    result.options.resize(std::size_t(n));
    std::vector<int> feasible;
    for (int i = 0; i < n; ++i) {
        if (model.isFeasible(i))
            feasible.push_back(i);
    }

    std::vector<std::optional<double>> tco(static_cast<std::size_t>(n));
    std::vector<std::optional<double>> performance(static_cast<std::size_t>(n));
    // Time to result when jobs are described, else the speed of the option's GPU (its relative
    // throughput), not its cost, which the cost score already counts. Speed is better higher:
    // scored on its negative, 1 + 4 (x - min) / (max - min).
    const bool jobs = model.input().jobReferenceGpuHours.has_value();
    for (const int i : feasible) {
        tco[std::size_t(i)] = evaluation.tco(i);
        performance[std::size_t(i)] = jobs ? model.timeToResultHours(i) : std::optional<double>(-model.option(i).relativeThroughput);
    }
    scoreLowerIsBetter(feasible, tco, result.options, Criterion::Cost);
    scoreLowerIsBetter(feasible, performance, result.options, Criterion::Performance);

    const CriterionWeights &weights = preview ? *preview : model.input().criterionWeights;
    const double weightSum = std::accumulate(weights.begin(), weights.end(), 0.0);
    for (const int i : feasible) {
        OptionScores &scores = result.options[std::size_t(i)];
        scores.scored = true;
        const OptionInput &option = model.option(i);
        for (int c = 0; c < kCriterionCount; ++c) {
            const auto k = std::size_t(c);
            if (const auto kind = defaultScore(option, Criterion(c))) {
                scores.score[k] = kind->score;
                scores.origin[k] = ScoreOrigin::Kind;
            }
            if (const auto &own = option.scores[k]) {
                scores.score[k] = *own;
                scores.origin[k] = ScoreOrigin::Own;
            }
        }
        double sum = 0;
        for (std::size_t k = 0; k < scores.score.size(); ++k)
            sum += weights[k] * scores.score[k];
        scores.weighted = weightSum > 0 ? sum / weightSum : 0;
    }

    result.ranking = feasible;
    // The highest weighted score first; on a tie the cheaper, then the earlier option.
    std::stable_sort(result.ranking.begin(), result.ranking.end(), [&](int a, int b) {
        const double wa = result.options[std::size_t(a)].weighted;
        const double wb = result.options[std::size_t(b)].weighted;
        if (wa != wb)
            return wa > wb;
        return evaluation.tco(a) < evaluation.tco(b);
    });
    return result;
}

QString criterionName(Criterion criterion)
{
    switch (criterion) {
    case Criterion::Cost: return QStringLiteral("Cost");
    case Criterion::Performance: return QStringLiteral("Performance");
    case Criterion::Setup: return QStringLiteral("Setup");
    case Criterion::Reliability: return QStringLiteral("Reliability");
    case Criterion::DataControl: return QStringLiteral("Data control");
    case Criterion::Scalability: return QStringLiteral("Scalability");
    case Criterion::Flexibility: return QStringLiteral("Flexibility");
    }
    return {};
}

QString kindName(const OptionInput &option)
{
    if (option.kind == OptionKind::Api)
        return QStringLiteral("API");
    if (option.kind == OptionKind::Cloud) {
        switch (option.cloud.category) {
        case CloudCategory::Hyperscaler: return QStringLiteral("hyperscaler");
        case CloudCategory::MlCloud: return QStringLiteral("ML cloud");
        case CloudCategory::Marketplace: return QStringLiteral("marketplace");
        }
    }
    switch (option.onPrem.kind) {
    case BuildKind::PreBuilt: return QStringLiteral("pre-built server");
    case BuildKind::BuiltFromScratch: return QStringLiteral("built from scratch");
    case BuildKind::UsedParts: return QStringLiteral("used parts");
    }
    return {};
}

namespace {

// The figure cost or performance was scored on.
QString resultReason(const CostModel &model, const Evaluation &e, int option, Criterion criterion)
{
    const QString currency = model.input().currency;
    if (criterion == Criterion::Cost)
        return QStringLiteral("TCO %1 over %2 months; among the feasible options the cheapest scores 5, the dearest 1.")
            .arg(formatMoney(e.tco(option), currency))
            .arg(model.horizonMonths());
    if (model.input().jobReferenceGpuHours) {
        const auto hours = model.timeToResultHours(option);
        return QStringLiteral("Time to result %1; the fastest option scores 5, the slowest 1.")
            .arg(hours ? formatHours(*hours) : QStringLiteral("n/a"));
    }
    const OptionInput &o = model.option(option);
    const QString figure = o.throughputBasis == QLatin1String("the scenario's figure")
        ? QStringLiteral("by the scenario's own figure")
        : QStringLiteral("for %1").arg(profileName(model.input().throughputProfile));
    return QStringLiteral("Speed: %1 × the reference GPU (%2) %3. No jobs are described, so performance is the "
                          "speed of the option's GPU; the fastest scores 5, the slowest 1.")
        .arg(QString::number(o.relativeThroughput, 'g', 3), model.input().referenceGpu, figure);
}

} // namespace

QString scoreReason(const CostModel &model, const Evaluation &e, const CriteriaResult &result, int option,
                    Criterion criterion)
{
    const OptionScores &scores = result.options[std::size_t(option)];
    if (!scores.scored)
        return QStringLiteral("Not scored: %1").arg(model.status(option).reason);
    const auto k = std::size_t(criterion);
    const auto kind = defaultScore(model.option(option), criterion);
    const QString without = kind ? QStringLiteral("the default for %1, %2: %3")
                                       .arg(kind->basis, QString::number(kind->score), kind->reason)
                                 : resultReason(model, e, option, criterion);
    switch (scores.origin[k]) {
    case ScoreOrigin::Own: return QStringLiteral("Your own score. Without it: %1").arg(without);
    case ScoreOrigin::Kind: return QStringLiteral("%1 (the default for %2)").arg(kind ? kind->reason : QString(), kind ? kind->basis : QString());
    case ScoreOrigin::Results: return without;
    }
    return {};
}

} // namespace breakeven
