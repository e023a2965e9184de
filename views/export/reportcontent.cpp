#include "reportcontent.h"

#include "reportlayout.h"

#include "catalog/bundledcatalog.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/marketpresets.h"
#include "engine/payingtext.h"
#include "engine/resultstext.h"
#include "inputerror.h"
#include "scenarioview/criteriamodel.h"
#include "scenarioview/pairsmodel.h"
#include "scenarioview/resultsmodel.h"

#include <QFont>
#include <QSet>
#include <QSortFilterProxyModel>

#include <algorithm>
#include <functional>
#include <numeric>

namespace breakeven::exporting {

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString money(double value, const QString &currency)
{
    return esc(formatMoney(value, currency));
}

QString number(double value)
{
    return QString::number(value, 'g', 6);
}

QString plural(double count, const QString &singular, const QString &pluralForm)
{
    return QStringLiteral("%1 %2").arg(number(count), count == 1 ? singular : pluralForm);
}

QString item(const QString &label, const QString &value)
{
    return QStringLiteral("<b>%1:</b> %2").arg(esc(label), value);
}

// "−20 % a year"
QString yearlyRate(double rate)
{
    return esc(formatPercent(rate, 1) + QStringLiteral(" a year"));
}

QString cloudAssumptions(const CloudOption &c, const Scenario &s)
{
    QStringList parts;
    parts << item(QStringLiteral("offer"), esc(QStringLiteral("%1 %2 (%3)%4").arg(c.provider, c.instanceType, toString(c.category),
                                                                             c.region.isEmpty() ? QString() : QStringLiteral(", ") + c.region)));
    parts << item(QStringLiteral("GPUs"), esc(QStringLiteral("%1 × %2 per instance").arg(c.gpusPerInstance).arg(c.gpu)));
    parts << item(QStringLiteral("plan"), esc(QStringLiteral("%1 at %2 per instance-hour").arg(toString(c.pricing), formatMoney(c.pricePerHour, c.currency, 3))));
    if (c.priceMultiplier != 1.0)
        parts << item(QStringLiteral("price multiplier"), number(c.priceMultiplier));
    if (c.pricing == PricingPlan::Spot)
        parts << item(QStringLiteral("spot rework"), esc(formatPercent(c.spotRework)));
    parts << item(QStringLiteral("platform fee"), money(c.platformFeePerMonth, c.currency) + QStringLiteral(" / month"));
    parts << item(QStringLiteral("storage"), money(c.storagePerGBMonth, c.currency) + QStringLiteral(" / GB-month"));
    parts << item(QStringLiteral("egress"), money(c.egressPerGB, c.currency) + QStringLiteral(" / GB"));
    parts << item(QStringLiteral("quota"), QStringLiteral("%1 GPUs").arg(c.maxGpus));
    const double trend = c.priceChangePerYear.value_or(s.cloudPriceChangePerYear);
    if (trend != 0)
        parts << item(QStringLiteral("price change"),
                      yearlyRate(trend) + (c.priceChangePerYear ? QString() : QStringLiteral(" (the scenario's)")));
    if (c.pricing == PricingPlan::Reserved1y || c.pricing == PricingPlan::Reserved3y) {
        const int term = c.commitmentMonths.value_or(c.pricing == PricingPlan::Reserved3y ? 36 : 12);
        QString commitment = QStringLiteral("terms of %1 months, %2 paid at the start of each")
                                 .arg(term).arg(formatPercent(c.reservedUpfrontShare));
        if (term > 0 && s.horizonMonths % term != 0)
            commitment += QStringLiteral("; the last term runs past month %1 and is owed to its end").arg(s.horizonMonths);
        parts << item(QStringLiteral("commitment"), esc(commitment));
    }
    return parts.join(QStringLiteral("; "));
}

QString onPremAssumptions(const OnPremBuild &b, const OptionInput &assembled, const QString &displayCurrency,
                          const QString &financing)
{
    QStringList parts;
    parts << item(QStringLiteral("kind"), esc(toString(b.kind)));
    parts << item(QStringLiteral("GPUs"), esc(QStringLiteral("%1 × %2 per unit").arg(b.gpuCount).arg(b.gpu)));
    QStringList components;
    for (const Component &c : b.components)
        components << esc(c.quantity == 1 ? QStringLiteral("%1 %2").arg(c.name, formatMoney(c.price, b.currency))
                                          : QStringLiteral("%1 × %2 %3").arg(number(c.quantity), c.name, formatMoney(c.price, b.currency)));
    if (!components.isEmpty())
        parts << item(QStringLiteral("components"), components.join(QStringLiteral(", ")));
    QString hardware = money(b.hardwarePrice(), b.currency);
    if (b.listPrice)
        hardware += QStringLiteral(" (list price)");
    if (b.kind == BuildKind::PreBuilt && b.preBuiltMarkup != 0)
        hardware += esc(QStringLiteral(" (parts + %1 markup)").arg(formatPercent(b.preBuiltMarkup)));
    parts << item(QStringLiteral("hardware per unit"), hardware);
    parts << item(QStringLiteral("infrastructure"), money(b.infrastructureOneTime, b.currency));
    parts << item(QStringLiteral("power"), esc(QStringLiteral("%1 W idle, %2 W load%3, %4 / kWh, PUE %5")
                                                 .arg(number(assembled.onPrem.idleW), number(assembled.onPrem.loadW),
                                                      b.loadW ? QString() : QStringLiteral(" (estimated)"),
                                                      formatMoney(b.electricityPerKWh, b.currency, 3), number(b.pue))));
    parts << item(QStringLiteral("overhead"), esc(QStringLiteral("%1 of hardware per year%2").arg(formatPercent(b.overheadPerYearOfHardware),
                                                                      b.overheadIncludesPower ? QStringLiteral(", includes power") : QString())));
    parts << item(QStringLiteral("labor"), money(b.laborPerMonth, b.currency) + QStringLiteral(" / month"));
    parts << item(QStringLiteral("colocation"), money(b.colocationPerMonth, b.currency) + QStringLiteral(" / month"));
    parts << item(QStringLiteral("lifetime"), esc(QStringLiteral("%1 years").arg(number(b.lifetimeYears))));
    parts << item(QStringLiteral("depreciation"), esc(formatPercent(b.depreciationPerYear) + QStringLiteral(" per year")));
    parts << item(QStringLiteral("resale haircut"), esc(formatPercent(b.resaleHaircut) + QStringLiteral(" of the value, lost when sold")));
    if (!financing.isEmpty())
        parts << item(QStringLiteral("paid for"), esc(financing));
    if (b.currency != displayCurrency)
        parts << esc(QStringLiteral("(prices in %1, converted to %2)").arg(b.currency, displayCurrency));
    return parts.join(QStringLiteral("; "));
}

// A per-token API's prices: "Together, Llama-3.1-70B; 0.88 USD per million input tokens, 0.88 per
// million output tokens".
QString apiAssumptions(const ApiOption &a)
{
    QStringList parts;
    parts << item(QStringLiteral("serves"), esc(QStringLiteral("%1 by %2").arg(a.model, a.provider)));
    parts << item(QStringLiteral("per million input tokens"), money(a.pricePerMillionInput, a.currency));
    parts << item(QStringLiteral("per million output tokens"), money(a.pricePerMillionOutput, a.currency));
    if (a.pricePerMillionCachedInput && a.cachedInputShare > 0)
        parts << item(QStringLiteral("cached input"),
                      esc(QStringLiteral("%1 of the input at %2 per million")
                              .arg(formatPercent(a.cachedInputShare), formatMoney(*a.pricePerMillionCachedInput, a.currency))));
    if (a.priceChangePerYear)
        parts << item(QStringLiteral("price change"), yearlyRate(*a.priceChangePerYear));
    if (a.maxTokensPerMinute)
        parts << item(QStringLiteral("rate limit"), esc(QStringLiteral("%1 tokens a minute").arg(number(*a.maxTokensPerMinute))));
    return parts.join(QStringLiteral("; "));
}

} // namespace

QString summaryHtml(const Scenario &s, const CostModel &model, const Evaluation &e, const QString &decidedBy)
{
    const Workload &w = s.workload;
    QStringList rows;
    const auto row = [&rows](const QString &label, const QString &value) {
        rows << QStringLiteral("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(esc(label), value);
    };
    row(QStringLiteral("Scenario"), esc(s.name));
    // "16 × H100-SXM5-80GB at 60 % utilization", with the workload's own name when it has one.
    QString workload = esc(QStringLiteral("%1 × %2 at %3 utilization").arg(number(w.gpus), s.referenceGpu, formatPercent(w.utilization)));
    if (!w.name.isEmpty() && w.name != Workload().name)
        workload = esc(w.name + QStringLiteral(": ")) + workload;
    if (w.minGpuMemoryGB > 0)
        workload += esc(QStringLiteral(", at least %1 GB per GPU").arg(number(w.minGpuMemoryGB)));
    if (w.growthPerYear != 0)
        workload += esc(QStringLiteral(", growing %1 a year").arg(formatPercent(w.growthPerYear)));
    if (w.storageGB > 0 || w.egressGBPerMonth > 0)
        workload += esc(QStringLiteral(", %1 GB stored, %2 GB egress a month").arg(number(w.storageGB), number(w.egressGBPerMonth)));
    if (w.jobReferenceGpuHours)
        workload += esc(QStringLiteral(", %1 of %2 reference-GPU-hours on %3 each")
                            .arg(plural(w.parallelJobs, QStringLiteral("job"), QStringLiteral("jobs")), number(*w.jobReferenceGpuHours),
                                 plural(w.gpusPerJob, QStringLiteral("GPU"), QStringLiteral("GPUs"))));
    row(QStringLiteral("Workload"), workload);
    row(QStringLiteral("GPUs compared by"),
        esc(QStringLiteral("the %1 profile: %2").arg(profileName(w.throughputProfile), profileDescription(w.throughputProfile))));
    row(QStringLiteral("Utilization"), esc(formatPercent(e.utilization)));
    row(QStringLiteral("Horizon"), esc(QStringLiteral("%1 months").arg(s.horizonMonths)));
    QString currency = esc(s.currency);
    QStringList rates;
    for (const auto &[code, rate] : s.exchangeRates)
        rates << QStringLiteral("1 %1 = %2 %3").arg(code, number(rate), s.currency);
    if (!rates.isEmpty())
        currency += esc(QStringLiteral(" (exchange rates: %1)").arg(rates.join(QStringLiteral(", "))));
    row(QStringLiteral("Currency"), currency);
    if (s.discountRatePerYear != 0)
        row(QStringLiteral("Discount rate"), esc(formatPercent(s.discountRatePerYear, 1) + QStringLiteral(" per year")));
    row(QStringLiteral("Resale value"), s.creditResaleValue
            ? QStringLiteral("credited: on-prem curves and totals are net of what the units in service would sell for "
                             "(after each build's haircut); the plain spend is drawn beside them")
            : QStringLiteral("not credited"));
    if (const QString taxes = taxSentence(model); !taxes.isEmpty())
        row(QStringLiteral("Taxes"), esc(taxes));
    // Markets over time (docs/model.md): shown when set, with what each applies to and, for a
    // published figure, its source.
    const auto market = [&](const QString &label, double rate, MarketPreset::Applies applies, const QString &scope) {
        if (rate == 0)
            return;
        QString text = yearlyRate(rate) + esc(scope);
        if (const auto preset = marketPresetFor(applies, rate))
            text += esc(QStringLiteral("; source: %1").arg(preset->source));
        row(label, text);
    };
    market(QStringLiteral("Cloud prices"), s.cloudPriceChangePerYear, MarketPreset::Applies::CloudPrices,
           QStringLiteral(" (on-demand and spot each month, reserved at each term's start)"));
    market(QStringLiteral("Hardware prices"), s.hardwarePriceChangePerYear, MarketPreset::Applies::HardwarePrices,
           QStringLiteral(" (units bought after the start)"));
    market(QStringLiteral("Electricity prices"), s.electricityPriceChangePerYear,
           MarketPreset::Applies::ElectricityPrices, QString());
    market(QStringLiteral("API prices"), s.apiPriceChangePerYear, MarketPreset::Applies::ApiPrices,
           QStringLiteral(" (per-token API options without a trend of their own)"));

    QStringList findings;
    if (e.cheapest)
        findings << esc(QStringLiteral("Cheapest over %1 months: %2 (%3).")
                            .arg(s.horizonMonths).arg(model.option(*e.cheapest).name, formatMoney(e.tco(*e.cheapest), s.currency)));
    if (const auto cloud = model.cheapestCloud(e)) {
        findings << esc(QStringLiteral("Cheapest cloud option: %1.").arg(model.option(*cloud).name));
        for (const PairResult &pair : model.pairsAgainst(e, *cloud))
            findings << esc(QStringLiteral("%1; %2.").arg(crossoverSentence(model, pair), breakEvenSentence(model, pair)));
    }
    if (!decidedBy.isEmpty())
        findings << esc(decidedBy + QLatin1Char('.'));
    // What the horizon leaves out, said with the answer (docs/model.md).
    for (int i = 0; i < model.optionCount(); ++i)
        for (const QString &note : horizonNotes(model, i))
            findings << esc(QStringLiteral("%1: %2.").arg(model.option(i).name, note));
    // Then each on-prem option against every cloud option, with the units it buys (of a large
    // scenario, the cheapest of each kind, as in the table of pairs).
    const std::vector<PairResult> pairs = model.pairs(e);
    const std::vector<bool> kept = cheapestOfEachKind(model, e, kReportPairsPerKind);
    for (std::size_t first = 0; first < pairs.size();) {
        const int onPrem = pairs[first].onPrem;
        QStringList against;
        std::size_t k = first;
        for (; k < pairs.size() && pairs[k].onPrem == onPrem; ++k)
            if (kept[std::size_t(pairs[k].cloud)])
                against << pairSentence(model, pairs[k]);
        if (!kept[std::size_t(onPrem)]) {
            first = k;
            continue;
        }
        findings << esc(QStringLiteral("%1 (%2): %3.").arg(optionLabel(model, onPrem), unitsText(model, onPrem),
                                                            against.join(QStringLiteral("; "))));
        first = k;
    }
    QString html = QStringLiteral("<h1>%1</h1><p>Breakeven report: renting GPUs in a cloud against buying them.</p>"
                                  "<table cellpadding=\"2\">%2</table>")
                       .arg(esc(s.name), rows.join(QString()));
    if (!findings.isEmpty())
        html += QStringLiteral("<h3>Findings</h3><ul><li>%1</li></ul>").arg(findings.join(QStringLiteral("</li><li>")));
    return html;
}

QStringList assumptionsHtml(const Scenario &s, const CostModel &model)
{
    QStringList out;
    const int onPremCount = int(s.onPremOptions.size());
    for (int i = 0; i < model.optionCount(); ++i) {
        const OptionInput &option = model.option(i);
        QString body;
        if (option.kind == OptionKind::OnPrem && i < onPremCount)
            body = onPremAssumptions(s.onPremOptions[std::size_t(i)], option, s.currency, financingText(model, i));
        else if (option.kind == OptionKind::Cloud && i - onPremCount < int(s.cloudOptions.size()))
            body = cloudAssumptions(s.cloudOptions[std::size_t(i - onPremCount)], s);
        else if (const int api = i - onPremCount - int(s.cloudOptions.size());
                 option.kind == OptionKind::Api && api >= 0 && api < int(s.apiOptions.size()))
            body = apiAssumptions(s.apiOptions[std::size_t(api)]);
        QString status;
        if (!model.isFeasible(i))
            status = QStringLiteral(" <i>(infeasible: %1)</i>").arg(esc(model.status(i).reason));
        const QString kind = option.kind == OptionKind::Cloud ? QStringLiteral("cloud")
            : option.kind == OptionKind::Api                  ? QStringLiteral("per-token API")
                                                              : QStringLiteral("on-prem");
        out << QStringLiteral("<p><b>%1</b> — %2%3<br/>%4</p>").arg(esc(option.name), kind, status, body);
    }
    return out;
}

namespace {

// An item model's rows as HTML tables of at most `rowsPerChunk` rows each, the header repeated,
// cells aligned as the model aligns them.
QStringList tableHtml(const QAbstractItemModel &table, int rowsPerChunk, const std::function<bool(int)> &shown = {})
{
    std::vector<int> rows;
    for (int r = 0; r < table.rowCount(); ++r)
        if (!shown || shown(r))
            rows.push_back(r);
    QString header = QStringLiteral("<tr>");
    for (int c = 0; c < table.columnCount(); ++c)
        header += QStringLiteral("<th align=\"left\" bgcolor=\"#e8e8e8\"%1>%2</th>")
                      .arg(kNoWrap, esc(table.headerData(c, Qt::Horizontal).toString()));
    header += QStringLiteral("</tr>");
    QStringList chunks;
    for (std::size_t start = 0; start < rows.size(); start += std::size_t(rowsPerChunk)) {
        QString html = QStringLiteral("<table border=\"0.5\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\">") + header;
        for (std::size_t k = start; k < std::min(rows.size(), start + std::size_t(rowsPerChunk)); ++k) {
            const int r = rows[k];
            html += QStringLiteral("<tr>");
            for (int c = 0; c < table.columnCount(); ++c) {
                const QModelIndex index = table.index(r, c);
                const bool right = index.data(Qt::TextAlignmentRole).toInt() & Qt::AlignRight;
                const QVariant font = index.data(Qt::FontRole);
                const QString text = esc(index.data().toString());
                // A figure stays on one line; names and sentences wrap between words.
                html += QStringLiteral("<td%1>%2</td>").arg(right ? QStringLiteral(" align=\"right\"") + kNoWrap : QString(),
                                                            font.isValid() && font.value<QFont>().bold()
                                                                ? QStringLiteral("<b>%1</b>").arg(text) : text);
            }
            html += QStringLiteral("</tr>");
        }
        chunks << html + QStringLiteral("</table>");
    }
    return chunks;
}

} // namespace

QStringList resultsTableHtml(const CostModel &model, const Evaluation &evaluation, int rowsPerChunk)
{
    ResultsModel results;
    results.setCostModel(&model);
    results.setEvaluation(evaluation);
    return tableHtml(results, rowsPerChunk);
}

QStringList criteriaTableHtml(const CostModel &model, const Evaluation &evaluation, int rowsPerChunk, int top)
{
    CriteriaModel criteria;
    criteria.setCostModel(&model);
    criteria.setEvaluation(evaluation);
    QSortFilterProxyModel ranked;
    ranked.setSourceModel(&criteria);
    ranked.setSortRole(CriteriaModel::SortRole);
    ranked.sort(CriteriaModel::Rank);
    const std::vector<OptionScores> &scores = criteria.result().options;
    // Sorted by rank: the first `top` rows are the best scored ones.
    return tableHtml(ranked, rowsPerChunk, [&](int r) {
        return r < top && scores[std::size_t(ranked.mapToSource(ranked.index(r, 0)).row())].scored;
    });
}

QString criteriaWeightsText(const CostModel &model)
{
    const CriterionWeights &weights = model.input().criterionWeights;
    const double sum = std::accumulate(weights.begin(), weights.end(), 0.0);
    QStringList parts;
    for (int c = 0; c < kCriterionCount; ++c)
        parts << QStringLiteral("%1 %2").arg(criterionName(Criterion(c)).toLower(),
                                             formatPercent(sum > 0 ? weights[std::size_t(c)] / sum : 0));
    return parts.join(QStringLiteral(", "));
}

std::vector<bool> cheapestOfEachKind(const CostModel &model, const Evaluation &evaluation, int perKind)
{
    std::vector<bool> kept(std::size_t(model.optionCount()), false);
    for (const OptionKind kind : {OptionKind::OnPrem, OptionKind::Cloud, OptionKind::Api}) {
        std::vector<int> options;
        for (int i = 0; i < model.optionCount(); ++i)
            if (model.isFeasible(i) && model.option(i).kind == kind)
                options.push_back(i);
        std::stable_sort(options.begin(), options.end(),
                         [&](int a, int b) { return evaluation.tco(a) < evaluation.tco(b); });
        for (std::size_t k = 0; k < std::min(options.size(), std::size_t(perKind)); ++k)
            kept[std::size_t(options[k])] = true;
    }
    return kept;
}

QStringList pairsTableHtml(const CostModel &model, const Evaluation &evaluation, int rowsPerChunk, int perKind)
{
    PairsModel pairs;
    pairs.setCostModel(&model);
    pairs.setEvaluation(evaluation);
    const std::vector<bool> kept = cheapestOfEachKind(model, evaluation, perKind);
    return tableHtml(pairs, rowsPerChunk, [&](int r) {
        const PairResult &pair = pairs.pairs()[std::size_t(r)];
        return kept[std::size_t(pair.onPrem)] && kept[std::size_t(pair.cloud)];
    });
}

namespace {

// The cheapest `maxOptions` feasible options at the horizon, in the model's order.
std::vector<int> cashFlowOptions(const CostModel &model, const Evaluation &evaluation, int maxOptions)
{
    std::vector<int> shown;
    for (int i = 0; i < model.optionCount(); ++i)
        if (model.isFeasible(i))
            shown.push_back(i);
    if (int(shown.size()) > maxOptions) {
        std::stable_sort(shown.begin(), shown.end(), [&](int a, int b) { return evaluation.tco(a) < evaluation.tco(b); });
        shown.resize(std::size_t(maxOptions));
        std::sort(shown.begin(), shown.end());
    }
    return shown;
}

} // namespace

QStringList yearlyCashFlowHtml(const CostModel &model, const Evaluation &evaluation, int optionsPerTable, int maxOptions)
{
    const std::vector<int> shown = cashFlowOptions(model, evaluation, maxOptions);
    const QString currency = model.input().currency;
    const int horizon = int(evaluation.monthly.cols()) - 1;
    QStringList tables;
    for (std::size_t first = 0; first < shown.size(); first += std::size_t(optionsPerTable)) {
        const std::vector<int> options(shown.begin() + std::ptrdiff_t(first),
                                       shown.begin() + std::ptrdiff_t(std::min(shown.size(), first + std::size_t(optionsPerTable))));
        QString html = QStringLiteral("<table border=\"0.5\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\">"
                                      "<tr><th align=\"left\" bgcolor=\"#e8e8e8\">Year</th>");
        for (int i : options)
            html += QStringLiteral("<th align=\"right\" bgcolor=\"#e8e8e8\">%1</th>").arg(esc(model.option(i).name));
        html += QStringLiteral("</tr>");
        const auto row = [&](const QString &label, int from, int to, bool bold) {
            html += QStringLiteral("<tr><td>%1</td>").arg(bold ? QStringLiteral("<b>%1</b>").arg(esc(label)) : esc(label));
            for (int i : options) {
                double sum = 0;
                for (int m = from; m <= to; ++m)
                    sum += evaluation.monthly(i, m);
                const QString text = esc(formatMoney(sum, currency, 0));
                html += (QStringLiteral("<td align=\"right\"") + kNoWrap + QStringLiteral(">%1</td>")).arg(bold ? QStringLiteral("<b>%1</b>").arg(text) : text);
            }
            html += QStringLiteral("</tr>");
        };
        row(QStringLiteral("At the start"), 0, 0, false);
        for (int year = 1; (year - 1) * 12 + 1 <= horizon; ++year) {
            const int from = (year - 1) * 12 + 1;
            const int to = std::min(horizon, year * 12);
            row(to - from + 1 < 12 ? QStringLiteral("Year %1 (months %2–%3)").arg(year).arg(from).arg(to)
                                   : QStringLiteral("Year %1").arg(year),
                from, to, false);
        }
        // With resale credited, what the units in service would sell for at the horizon comes off
        // the spend: the total is the TCO, net of it.
        std::vector<double> credit;
        bool credited = false;
        for (int i : options) {
            credit.push_back(evaluation.tco(i) - evaluation.monthly.row(i).sum());
            credited = credited || std::abs(credit.back()) >= 0.5;
        }
        const auto fixedRow = [&](const QString &label, const std::function<double(std::size_t)> &value, bool bold) {
            html += QStringLiteral("<tr><td>%1</td>").arg(bold ? QStringLiteral("<b>%1</b>").arg(esc(label)) : esc(label));
            for (std::size_t k = 0; k < options.size(); ++k) {
                const QString text = esc(formatMoney(value(k), currency, 0));
                html += (QStringLiteral("<td align=\"right\"") + kNoWrap + QStringLiteral(">%1</td>")).arg(bold ? QStringLiteral("<b>%1</b>").arg(text) : text);
            }
            html += QStringLiteral("</tr>");
        };
        if (credited)
            fixedRow(QStringLiteral("Resale value credited at the horizon"), [&](std::size_t k) { return credit[k]; }, false);
        fixedRow(model.input().tax ? QStringLiteral("Total after tax (TCO)") : QStringLiteral("Total (TCO)"),
                 [&](std::size_t k) { return evaluation.tco(options[k]); }, true);
        // With taxes: what they save over the horizon, and the total without them.
        if (model.input().tax) {
            fixedRow(QStringLiteral("of which tax savings"),
                     [&](std::size_t k) { return taxSavings(model, options[k], evaluation.utilization); }, false);
            fixedRow(QStringLiteral("Total before tax"),
                     [&](std::size_t k) { return evaluation.tco(options[k]) - taxSavings(model, options[k], evaluation.utilization); },
                     false);
        }
        tables << html + QStringLiteral("</table>");
    }
    return tables;
}

QStringList cashFlowHtml(const CostModel &model, const Evaluation &evaluation, int rowsPerChunk, int optionsPerTable,
                         int maxOptions)
{
    const std::vector<int> shown = cashFlowOptions(model, evaluation, maxOptions);
    QStringList chunks;
    const QString currency = model.input().currency;
    const int horizon = int(evaluation.monthly.cols()) - 1;
    for (std::size_t first = 0; first < shown.size(); first += std::size_t(optionsPerTable)) {
        const std::vector<int> options(shown.begin() + std::ptrdiff_t(first),
                                       shown.begin() + std::ptrdiff_t(std::min(shown.size(), first + std::size_t(optionsPerTable))));
        // The start, the first month, every year's first month, the horizon, and every month in
        // which one of these options pays something other than its regular costs.
        std::vector<int> months{0, 1, horizon};
        for (int m = 13; m < horizon; m += 12)
            months.push_back(m);
        for (int i : options)
            months.insert(months.end(), model.paymentMonths(i).begin(), model.paymentMonths(i).end());
        std::sort(months.begin(), months.end());
        months.erase(std::unique(months.begin(), months.end()), months.end());
        months.erase(std::remove_if(months.begin(), months.end(), [&](int m) { return m < 0 || m > horizon; }),
                     months.end());

        QString header = QStringLiteral("<tr><th align=\"left\" bgcolor=\"#e8e8e8\">Month</th>");
        for (int i : options)
            header += QStringLiteral("<th align=\"right\" bgcolor=\"#e8e8e8\">%1</th>").arg(esc(model.option(i).name));
        header += QStringLiteral("</tr>");
        for (std::size_t start = 0; start < months.size(); start += std::size_t(rowsPerChunk)) {
            QString html = QStringLiteral("<table border=\"0.5\" cellspacing=\"0\" cellpadding=\"2\" width=\"100%\">")
                + header;
            for (std::size_t row = start; row < std::min(months.size(), start + std::size_t(rowsPerChunk)); ++row) {
                const int m = months[row];
                html += QStringLiteral("<tr><td>%1</td>").arg(m);
                for (int i : options) {
                    const std::vector<int> &events = model.paymentMonths(i);
                    const QString text = esc(formatMoney(evaluation.monthly(i, m), currency, 2));
                    html += (QStringLiteral("<td align=\"right\"") + kNoWrap + QStringLiteral(">%1</td>"))
                                .arg(std::binary_search(events.begin(), events.end(), m) ? QStringLiteral("<b>%1</b>").arg(text)
                                                                                         : text);
                }
                html += QStringLiteral("</tr>");
            }
            chunks << html + QStringLiteral("</table>");
        }
    }
    return chunks;
}

QString sourcesHtml(const Scenario &s, const GpuCatalog &catalog, const CostModel &model)
{
    QStringList gpuLines;
    QSet<QString> seen;
    for (int i = 0; i < model.optionCount(); ++i) {
        const QString name = model.option(i).gpu;
        if (seen.contains(name))
            continue;
        seen.insert(name);
        const auto gpu = resolveGpu(s, name, catalog);
        if (!gpu)
            continue;
        const bool own = std::any_of(s.gpus.begin(), s.gpus.end(), [&](const GpuModel &g) {
            return GpuCatalog::normalized(g.name) == GpuCatalog::normalized(name);
        });
        const QString origin = own ? QStringLiteral("scenario file") : QStringLiteral("catalog");
        // The datasheet's source, and apart from it where the throughput of the profile came from.
        const GpuModel *listed = own ? nullptr : catalog.find(name);
        const QString source = listed ? listed->source : gpu->source;
        const OptionInput &option = model.option(i);
        QString throughput;
        if (own)
            throughput = QStringLiteral("the scenario's own figure");
        else if (!option.throughputBasis.isEmpty())
            throughput = QStringLiteral("%1 profile, %2: %3")
                             .arg(profileName(s.workload.throughputProfile), option.throughputBasis, option.throughputSource);
        gpuLines << esc(QStringLiteral("%1: %2 GB, relative throughput %3%4 — %5: %6, as of %7")
                            .arg(gpu->name, number(gpu->memoryGB), QString::number(gpu->relativeThroughput, 'f', 3),
                                 throughput.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(throughput), origin,
                                 source.isEmpty() ? QStringLiteral("no source given") : source,
                                 gpu->asOf.isEmpty() ? QStringLiteral("unknown date") : gpu->asOf));
    }

    std::vector<CloudOffer> offers;
    try {
        offers = loadBundledOffers();
    } catch (const InputError &) {
        // Without the catalog the report still lists the prices the scenario states.
    }
    QStringList cloudLines;
    for (const CloudOption &c : s.cloudOptions) {
        QString line = QStringLiteral("%1: %2 %3, %4 %5 per instance-hour")
                           .arg(c.name, c.provider, c.instanceType, toString(c.pricing), formatMoney(c.pricePerHour, c.currency, 3));
        const auto match = std::find_if(offers.begin(), offers.end(), [&](const CloudOffer &o) {
            return o.provider.compare(c.provider, Qt::CaseInsensitive) == 0
                && o.instanceType.compare(c.instanceType, Qt::CaseInsensitive) == 0
                && (c.region.isEmpty() || o.region == c.region);
        });
        if (match != offers.end()) {
            // Credited to the catalog's source only when it is the catalog's price; a price the
            // user typed is the user's.
            // A reserved term paid all upfront has its own catalog price.
            const bool upfront = c.reservedUpfrontShare >= 1.0 && match->upfrontPrice(c.pricing);
            const auto price = upfront ? match->upfrontPrice(c.pricing) : match->price(c.pricing);
            const bool same = price && match->currency == c.currency && std::abs(*price - c.pricePerHour) <= 1e-9 * std::max(1.0, *price);
            const QString catalog = QStringLiteral("%1%2, as of %3").arg(match->source,
                                                                        match->url.isEmpty() ? QString() : QStringLiteral(" (") + match->url + QLatin1Char(')'),
                                                                        match->asOf);
            if (same)
                line += QStringLiteral(", from the catalog: %1").arg(catalog);
            else if (price)
                line += QStringLiteral(", entered in the scenario (the catalog lists %1 per instance-hour%2%3: %4)")
                            .arg(formatMoney(*price, match->currency, 3), upfront ? QStringLiteral(" paid upfront") : QString(),
                                 match->region.isEmpty() ? QString() : QStringLiteral(" in ") + match->region, catalog);
            else
                line += QStringLiteral(", entered in the scenario (the catalog has no %1 price for it)").arg(toString(c.pricing));
        } else {
            line += QStringLiteral(", entered in the scenario (not in the bundled catalog)");
        }
        cloudLines << esc(line);
    }
    QString html = QStringLiteral("<h2>Price sources</h2><h3>GPU figures</h3><ul><li>%1</li></ul>").arg(gpuLines.join(QStringLiteral("</li><li>")));
    if (!cloudLines.isEmpty())
        html += QStringLiteral("<h3>Cloud prices</h3><ul><li>%1</li></ul>").arg(cloudLines.join(QStringLiteral("</li><li>")));
    return html;
}

} // namespace breakeven::exporting
