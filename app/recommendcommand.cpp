#include "arguments.h"
#include "cli.h"
#include "scenarioargument.h"
#include "verbs.h"

#include "catalog/bundledcatalog.h"
#include "catalog/cloudoptionfromoffer.h"
#include "engine/offerranking.h"
#include "engine/resultstext.h"
#include "engine/servingranking.h"
#include "inputerror.h"
#include "store/document.h"
#include "widgets/plural.h"

#include <QDate>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <limits>
#include <optional>

namespace breakeven::cli {

namespace {

// The offers a scenario is ranked against: its document's catalog (its cloud offers and its API
// offers) for DOCUMENT#scenario, the bundled one for a scenario file.
struct RankedAgainst {
    std::vector<RankCandidate> candidates;
    std::vector<ApiOffer> apiOffers;
};

RankedAgainst bundledCatalog()
{
    RankedAgainst against;
    const QDate today = QDate::currentDate();
    for (CloudOffer &offer : loadBundledOffers()) {
        const QDate asOf = QDate::fromString(offer.asOf, Qt::ISODate);
        against.candidates.push_back({std::move(offer), asOf.isValid() ? std::optional<qint64>(asOf.daysTo(today)) : std::nullopt});
    }
    against.apiOffers = bundledApiOffers();
    return against;
}

RankedAgainst documentCatalog(Document &document)
{
    RankedAgainst against;
    std::vector<RankCandidate> &candidates = against.candidates;
    std::vector<StoredOffer> stored = document.catalog().allOffers();
    candidates.reserve(stored.size());
    for (StoredOffer &s : stored)
        candidates.push_back({std::move(s.offer), s.priceAgeDays});
    for (StoredApiOffer &s : document.apiOffers().offers())
        against.apiOffers.push_back(std::move(s.offer));
    return against;
}

QJsonValue orNull(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QString counted(const char *text, qint64 n)
{
    return countText("breakeven::cli", text, n);
}

// One row of the text listing: an instance type under a plan, at its best region, with the other
// regions it is offered in (dearer or as cheap) — or, with --all-regions, each region on its own.
struct OfferRow {
    std::size_t best = 0; // into the ranking
    QStringList otherRegions;
};

QString groupKey(const CloudOffer &offer, const RankedOffer &ranked)
{
    return QStringList{offer.provider, offer.instanceType, toString(ranked.option.pricing),
                       ranked.option.reservedUpfrontShare >= 1.0 ? QStringLiteral("upfront") : QString()}
        .join(QChar(0x1f));
}

std::vector<OfferRow> offerRows(const Ranking &ranking, const std::vector<RankCandidate> &candidates, bool allRegions)
{
    std::vector<OfferRow> rows;
    QHash<QString, std::size_t> rowOf;
    for (std::size_t i = 0; i < ranking.offers.size(); ++i) {
        const RankedOffer &r = ranking.offers[i];
        const CloudOffer &o = candidates[r.candidate].offer;
        if (allRegions) {
            rows.push_back({i, {}});
            continue;
        }
        const QString key = groupKey(o, r);
        if (const auto found = rowOf.constFind(key); found != rowOf.cend()) {
            rows[*found].otherRegions << o.region;
            continue;
        }
        rowOf.insert(key, rows.size());
        rows.push_back({i, {}});
    }
    return rows;
}

// The ranking with at least `top` rows of instance types and plans, when the catalog has them:
// one instance is often the cheapest in ten regions, which would fill a plain top ten alone.
Ranking rankForRows(const LoadedScenario &loaded, const std::vector<RankCandidate> &candidates, const RankFilter &filter,
                    double utilization, std::size_t top, bool allRegions)
{
    if (allRegions)
        return rankOffers(loaded.scenario, loaded.catalog, candidates, filter, utilization, top);
    std::size_t ranked = std::max<std::size_t>(top * 50, 500);
    for (;;) {
        Ranking ranking = rankOffers(loaded.scenario, loaded.catalog, candidates, filter, utilization, ranked);
        if (ranking.offers.size() < ranked || offerRows(ranking, candidates, false).size() >= top
            || ranked >= candidates.size() * 4)
            return ranking;
        ranked *= 4;
    }
}

} // namespace

int runRecommend(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {QStringLiteral("json"), QStringLiteral("all-regions")},
                         {QStringLiteral("top"), QStringLiteral("plan"), QStringLiteral("provider"),
                          QStringLiteral("utilization")});
    args.expectPositionals(1, QStringLiteral("SCENARIO"));
    std::size_t top = 10;
    if (auto t = args.option(QStringLiteral("top"))) {
        bool ok = false;
        const int n = t->toInt(&ok);
        if (!ok || n < 1)
            throw UsageError(QStringLiteral("--top takes a whole number of at least 1, not \"%1\"").arg(t->left(40)));
        top = std::size_t(n);
    }
    RankFilter filter;
    if (auto p = args.option(QStringLiteral("plan"))) {
        filter.plan = pricingPlanFromString(*p);
        if (!filter.plan)
            throw UsageError(QStringLiteral("--plan takes on-demand, spot, reserved-1y or reserved-3y, not \"%1\"")
                                 .arg(p->left(40)));
    }
    if (auto p = args.option(QStringLiteral("provider")))
        filter.provider = *p;
    const QString argument = args.positional(0, QStringLiteral("SCENARIO"));
    // The document (for DOCUMENT#scenario) is opened and checked once, for the scenario and its catalog.
    std::optional<RankedAgainst> fromDocument;
    const LoadedScenario loaded
        = loadScenarioArgument(argument, {}, [&](Document &document) { fromDocument = documentCatalog(document); });
    const double utilization = args.option(QStringLiteral("utilization"))
        ? parseUtilization(*args.option(QStringLiteral("utilization")))
        : loaded.scenario.workload.utilization;
    const RankedAgainst against = fromDocument ? std::move(*fromDocument) : bundledCatalog();
    const std::vector<RankCandidate> &candidates = against.candidates;
    const std::vector<ApiOffer> &apiCatalog = against.apiOffers;
    const Scenario &s = loaded.scenario;
    // A serving workload: API offers ranked beside the GPU offers, by cost per million tokens.
    const double tokens = tokensServedOver(s, loaded.catalog, utilization);
    const std::vector<RankedApiOffer> apis = rankApiOffers(s, loaded.catalog, apiCatalog, utilization, top);
    const auto perMillionTokens = [&](double tco) { return tokens > 0 ? QJsonValue(tco / tokens * 1e6) : QJsonValue(QJsonValue::Null); };

    if (args.flag(QStringLiteral("json"))) {
        // Scripts get every region's offer, each with its own price and age.
        const Ranking ranking = rankOffers(loaded.scenario, loaded.catalog, candidates, filter, utilization, top);
        QJsonArray offers;
        for (const RankedOffer &r : ranking.offers) {
            const CloudOffer &o = candidates[r.candidate].offer;
            QJsonObject crossovers;
            QJsonObject payoffs;
            for (std::size_t b = 0; b < s.onPremOptions.size(); ++b) {
                crossovers.insert(s.onPremOptions[b].name, orNull(r.crossoverMonths[b]));
                payoffs.insert(s.onPremOptions[b].name, orNull(r.paysOffMonths[b]));
            }
            const auto age = candidates[r.candidate].priceAgeDays;
            offers.append(QJsonObject{
                {QStringLiteral("provider"), o.provider},
                {QStringLiteral("instanceType"), o.instanceType},
                {QStringLiteral("region"), o.region},
                {QStringLiteral("gpu"), o.gpu},
                {QStringLiteral("gpuCount"), o.gpuCount},
                {QStringLiteral("plan"), toString(r.option.pricing)},
                {QStringLiteral("allUpfront"), r.option.reservedUpfrontShare >= 1.0},
                {QStringLiteral("pricePerHour"), r.option.pricePerHour},
                {QStringLiteral("currency"), o.currency},
                {QStringLiteral("tco"), r.tco},
                {QStringLiteral("costPerReferenceGpuHour"), orNull(r.costPerReferenceGpuHour)},
                {QStringLiteral("timeToResultHours"), orNull(r.timeToResultHours)},
                {QStringLiteral("paysOffMonths"), payoffs},
                {QStringLiteral("crossoverMonths"), crossovers},
                {QStringLiteral("priceAgeDays"), age ? QJsonValue(double(*age)) : QJsonValue(QJsonValue::Null)},
                {QStringLiteral("costPerMillionTokens"), perMillionTokens(r.tco)},
            });
        }
        QJsonArray apiOffers;
        for (const RankedApiOffer &a : apis) {
            const ApiOffer &offer = apiCatalog[a.offer];
            QJsonObject o{{QStringLiteral("provider"), offer.provider},
                          {QStringLiteral("model"), offer.model},
                          {QStringLiteral("servedModel"), offer.servedModel},
                          {QStringLiteral("pricePerMillionInput"), offer.inputPerMillion},
                          {QStringLiteral("pricePerMillionOutput"), offer.outputPerMillion},
                          {QStringLiteral("currency"), offer.currency},
                          {QStringLiteral("tco"), a.tco},
                          {QStringLiteral("costPerMillionTokens"), a.costPerMillionTokens},
                          {QStringLiteral("asOf"), offer.asOf}};
            if (!a.note.isEmpty())
                o.insert(QStringLiteral("note"), a.note);
            apiOffers.append(o);
        }
        out << QJsonDocument(QJsonObject{
                                 {QStringLiteral("scenario"), s.name},
                                 {QStringLiteral("currency"), s.currency},
                                 {QStringLiteral("utilization"), utilization},
                                 {QStringLiteral("horizonMonths"), s.horizonMonths},
                                 {QStringLiteral("evaluated"), double(ranking.evaluated)},
                                 {QStringLiteral("infeasible"), double(ranking.infeasible)},
                                 // The memory per GPU the offers had to hold, and the GPU it comes
                                 // from when the workload names none (null: the workload's own).
                                 {QStringLiteral("memoryPerGpuGB"), ranking.memoryNeed.gb},
                                 {QStringLiteral("memoryCountedIn"), ranking.memoryNeed.countedIn.isEmpty()
                                                                         ? QJsonValue(QJsonValue::Null)
                                                                         : QJsonValue(ranking.memoryNeed.countedIn)},
                                 {QStringLiteral("offers"), offers},
                                 {QStringLiteral("apiOffers"), apiOffers},
                             })
                   .toJson(QJsonDocument::Indented);
        return Success;
    }

    const bool allRegions = args.flag(QStringLiteral("all-regions"));
    const Ranking ranking = rankForRows(loaded, candidates, filter, utilization, top, allRegions);
    std::vector<OfferRow> rows = offerRows(ranking, candidates, allRegions);
    if (rows.size() > top)
        rows.resize(top);
    out << terminalText(QStringLiteral("%1: %2 of %3 for %4 × %5 at %6, over %7, costs in %8 (%9 left out: memory, quota, "
                                       "or a currency with no rate)\n")
                            .arg(s.name)
                            .arg(allRegions ? counted("the %n best offer(s)", qint64(rows.size()))
                                            : counted("the %n best instance type(s) and plan(s)", qint64(rows.size())))
                            .arg(counted("%n offer(s) and plan(s)", qint64(ranking.evaluated)))
                            .arg(QString::number(s.workload.gpus, 'g', 6), s.referenceGpu, formatPercent(utilization))
                            .arg(counted("%n month(s)", s.horizonMonths))
                            .arg(s.currency)
                            .arg(ranking.infeasible));
    // Which GPUs could serve the work at all: a workload counted in 80 GB GPUs needs 80 GB unless
    // the scenario says less.
    if (const QString need = memoryNeedText(ranking.memoryNeed); !need.isEmpty())
        out << terminalText(ranking.memoryNeed.countedIn.isEmpty()
                                ? QStringLiteral("GPUs with %1.").arg(need)
                                : QStringLiteral("GPUs with %1; a lower memory per GPU in the scenario's workload "
                                                 "lets smaller ones in.")
                                      .arg(need))
            << '\n';
    out << '\n';
    int rank = 0;
    for (const OfferRow &row : rows) {
        const RankedOffer &r = ranking.offers[row.best];
        const CloudOffer &o = candidates[r.candidate].offer;
        // "us-east-1 +16": the best region first, then how many more offer the same plan.
        QString regions = o.region;
        if (!row.otherRegions.isEmpty())
            regions += (regions.isEmpty() ? QString() : QStringLiteral(" ")) + QStringLiteral("+%1").arg(row.otherRegions.size());
        QString line = QStringLiteral("%1. %2 %3%4, %5: %6")
                           .arg(++rank)
                           .arg(o.provider, o.instanceType, regions.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(regions),
                                choiceName({r.option.pricing, r.option.reservedUpfrontShare >= 1.0}),
                                formatMoney(r.tco, s.currency, 0));
        if (r.costPerReferenceGpuHour)
            line += QStringLiteral(", %1 per reference-GPU-hour").arg(formatMoney(*r.costPerReferenceGpuHour, s.currency, 3));
        for (std::size_t b = 0; b < s.onPremOptions.size(); ++b)
            line += QStringLiteral("; %1 %2").arg(s.onPremOptions[b].name,
                                                  !r.paysOffMonths[b] ? QStringLiteral("does not pay off")
                                                  : *r.paysOffMonths[b] <= 0 ? QStringLiteral("never dearer")
                                                                              : QStringLiteral("pays off after %1").arg(formatMonths(*r.paysOffMonths[b])));
        if (const auto age = candidates[r.candidate].priceAgeDays)
            line += QStringLiteral("; price %1").arg(counted("%n day(s) old", *age));
        out << terminalText(line) << '\n';
        if (!row.otherRegions.isEmpty())
            out << terminalText(QStringLiteral("   also in %1").arg(row.otherRegions.join(QStringLiteral(", ")))) << '\n';
    }
    if (!allRegions && std::any_of(rows.begin(), rows.end(), [](const OfferRow &row) { return !row.otherRegions.isEmpty(); }))
        out << "\n" << terminalText(QStringLiteral("Each region's price and figures: --all-regions.")) << '\n';
    if (tokens > 0) {
        // GPU offers and APIs together, cheapest per million tokens (input and output) first.
        std::vector<std::pair<double, QString>> together;
        for (const OfferRow &row : rows) {
            const RankedOffer &r = ranking.offers[row.best];
            const CloudOffer &o = candidates[r.candidate].offer;
            together.push_back({r.tco, QStringLiteral("%1 %2, %3 (GPUs)").arg(o.provider, o.instanceType,
                                                                            choiceName({r.option.pricing, r.option.reservedUpfrontShare >= 1.0}))});
        }
        for (const RankedApiOffer &a : apis) {
            const ApiOffer &offer = apiCatalog[a.offer];
            together.push_back({a.tco, QStringLiteral("%1 %2 (API)").arg(offer.provider, offer.model)});
        }
        std::stable_sort(together.begin(), together.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        if (together.size() > top)
            together.resize(top);
        out << '\n' << terminalText(QStringLiteral("GPU offers and APIs serving %1, by cost per million tokens:")
                                         .arg(s.workload.serving->model))
            << '\n';
        int place = 0;
        for (const auto &[tco, name] : together)
            out << terminalText(QStringLiteral("%1. %2: %3 per million tokens, %4 over %5")
                                    .arg(++place)
                                    .arg(name, formatMoney(tco / tokens * 1e6, s.currency, 3), formatMoney(tco, s.currency, 0),
                                         counted("%n month(s)", s.horizonMonths)))
                << '\n';
    }
    return Success;
}

} // namespace breakeven::cli
