#include "resultstext.h"

#include "payingtext.h"

#include "finance.h"
#include "hybridtext.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <functional>

namespace breakeven {

// What a number that cannot be computed reads as, wherever results are printed.
const QString kNotAvailable = QStringLiteral("n/a");

QString formatMoney(double value, const QString &currency, int decimals)
{
    if (!std::isfinite(value))
        return kNotAvailable;
    // Beyond a thousand trillion, digits stop meaning anything: four significant ones.
    if (std::abs(value) >= 1e15)
        return QStringLiteral("%1 %2").arg(QString::number(value, 'g', 4), currency);
    if (decimals < 0)
        decimals = std::abs(value) >= 1000 ? 0 : 2;
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return QStringLiteral("%1 %2").arg(locale.toString(value, 'f', decimals), currency);
}

QString formatMonths(double months)
{
    if (!std::isfinite(months))
        return kNotAvailable;
    const QString days = QString::number(std::lround(months * kDaysPerMonth));
    return QStringLiteral("%1 months (%2 days)").arg(QString::number(months, 'f', months < 10 ? 2 : 1), days);
}

QString formatPercent(double fraction, int decimals)
{
    if (!std::isfinite(fraction))
        return kNotAvailable;
    return QStringLiteral("%1 %").arg(QString::number(fraction * 100.0, 'f', decimals));
}

QString formatHours(double hours)
{
    if (!std::isfinite(hours))
        return kNotAvailable;
    if (hours < 48)
        return QStringLiteral("%1 h").arg(QString::number(hours, 'f', hours < 10 ? 1 : 0));
    return QStringLiteral("%1 days").arg(QString::number(hours / 24.0, 'f', 1));
}

QString unitsText(const CostModel &model, int option)
{
    if (model.option(option).kind != OptionKind::OnPrem || !model.isFeasible(option))
        return {};
    const int first = model.unitsInMonth(option, 1);
    const int most = model.unitsMax(option);
    const QString start = first == 1 ? QStringLiteral("1 unit") : QStringLiteral("%1 units").arg(first);
    if (most <= first)
        return start;
    int month = 1;
    while (month < model.horizonMonths() && model.unitsInMonth(option, month) < most)
        ++month;
    return QStringLiteral("%1, %2 by month %3").arg(start).arg(most).arg(month);
}

QString optionLabel(const CostModel &model, int option)
{
    const QString &name = model.option(option).name;
    if (model.option(option).kind != OptionKind::OnPrem || !model.isFeasible(option))
        return name;
    const int units = model.unitsInMonth(option, 1);
    return units > 1 ? QStringLiteral("%1 × %2").arg(units).arg(name) : name;
}

namespace {

QString monthText(double month) { return QString::number(month, 'f', 1); }

// A count as a word where it reads better: "a second", "a third", ….
QString ordinal(int n)
{
    static const char *const words[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
    return n >= 1 && n <= 6 ? QString::fromLatin1(words[n - 1]) : QStringLiteral("%1th").arg(n);
}

QString yearsText(int months)
{
    const double years = months / 12.0;
    const QString number = QString::number(years, 'g', 3);
    return years == 1.0 ? QStringLiteral("1 year") : QStringLiteral("%1 years").arg(number);
}

// The purchase inside (month - 1, month], when there is one: what turned the pair back.
const Purchase *purchaseAt(const CostModel &model, int option, double crossing)
{
    const int month = int(std::ceil(crossing));
    for (const Purchase &p : model.purchases(option))
        if (p.month == month || p.month == month + 1)
            return &p;
    return nullptr;
}

} // namespace

QString purchaseText(const CostModel &model, int option, const Purchase &purchase)
{
    const OptionInput &o = model.option(option);
    const QString currency = model.input().currency;
    const QString what = purchase.units > 1 ? QStringLiteral("%1 × %2").arg(purchase.units).arg(o.name) : o.name;
    switch (purchase.reason) {
    case PurchaseReason::Start:
        return QStringLiteral("%1 at the start, %2").arg(what, formatMoney(purchase.amount, currency));
    case PurchaseReason::Growth:
        return QStringLiteral("%1 more in month %2 for growth, %3")
            .arg(purchase.units == 1 ? QStringLiteral("1 unit") : QStringLiteral("%1 units").arg(purchase.units))
            .arg(purchase.month)
            .arg(formatMoney(purchase.amount, currency));
    case PurchaseReason::EndOfLifetime: {
        // How many times these units have been bought by then: the start or growth, then each end of life.
        int times = 1;
        for (const Purchase &p : model.purchases(option))
            if (p.reason == PurchaseReason::EndOfLifetime && p.month < purchase.month && p.units == purchase.units)
                ++times;
        return QStringLiteral("a %1 %2 in month %3, %4, because its lifetime is %5")
            .arg(ordinal(times + 1), what)
            .arg(purchase.month)
            .arg(formatMoney(purchase.amount, currency), yearsText(o.onPrem.lifetimeMonths));
    }
    case PurchaseReason::LeaseBuyout:
        return QStringLiteral("%1 bought out at the end of the lease in month %2, %3")
            .arg(what)
            .arg(purchase.month)
            .arg(formatMoney(purchase.amount, currency));
    }
    return {};
}

QStringList horizonNotes(const CostModel &model, int option)
{
    QStringList notes;
    if (!model.isFeasible(option))
        return notes;
    const OptionInput &o = model.option(option);
    const QString currency = model.input().currency;
    const int H = model.horizonMonths();
    if (o.kind == OptionKind::OnPrem) {
        for (const Purchase &p : model.purchases(option))
            if (p.reason != PurchaseReason::Start)
                notes << purchaseText(model, option, p);
        const double value = model.valueAtHorizon(option);
        if (value > 0)
            notes << (model.netOfResale()
                          ? QStringLiteral("its units would sell for %1 at month %2, credited in its TCO")
                          : QStringLiteral("its units would still sell for %1 at month %2, not credited (the scenario "
                                           "does not count resale value)"))
                         .arg(formatMoney(value, currency))
                         .arg(H);
    } else if (const auto &owed = model.owedAfterHorizon(option)) {
        notes << QStringLiteral("its reservation still owes %1 for %2 months after month %3 (in its TCO at %4 "
                                "present value); its last term ends in month %5")
                     .arg(formatMoney(owed->amount, currency))
                     .arg(owed->months)
                     .arg(H)
                     .arg(formatMoney(owed->presentValue, currency))
                     .arg(owed->lastTermEnds);
    }
    return notes;
}

QString aheadForAWhileText(const CostModel &model, const PairResult &pair)
{
    const QString currency = model.input().currency;
    const int H = model.horizonMonths();
    const QString dearer = QStringLiteral("%1 dearer at %2 months")
                               .arg(formatMoney(pair.differenceAtHorizon, currency))
                               .arg(H);
    // The last stretch ahead: from the last crossing to "not dearer" to the one after it.
    const Crossing *ahead = nullptr;
    const Crossing *behind = nullptr;
    for (std::size_t k = 0; k < pair.crossings.size(); ++k)
        if (pair.crossings[k].cheaperAfter == Winner::OnPrem) {
            ahead = &pair.crossings[k];
            behind = k + 1 < pair.crossings.size() ? &pair.crossings[k + 1] : nullptr;
        }
    if (!ahead || !behind) // never ahead after the start, or ahead from the start and then behind
        behind = pair.crossings.empty() ? nullptr : &pair.crossings.back();
    QString line;
    if (ahead && behind)
        line = QStringLiteral("ahead from month %1 to %2, then dearer").arg(monthText(ahead->month), monthText(behind->month));
    else if (behind)
        line = QStringLiteral("ahead until month %1, then dearer").arg(monthText(behind->month));
    else
        return QStringLiteral("dearer throughout; %1").arg(dearer);
    if (const Purchase *p = purchaseAt(model, pair.onPrem, behind->month); p && p->reason != PurchaseReason::Start)
        line += p->reason == PurchaseReason::EndOfLifetime
            ? QStringLiteral(" after the purchase in month %1 (its %2-year lifetime ends)")
                  .arg(p->month)
                  .arg(QString::number(model.option(pair.onPrem).onPrem.lifetimeMonths / 12.0, 'g', 3))
            : QStringLiteral(" after the purchase in month %1 (growth)").arg(p->month);
    return line + QStringLiteral("; ") + dearer;
}

QString crossoverSentence(const CostModel &model, const PairResult &pair)
{
    const QString onPrem = model.option(pair.onPrem).name;
    const QString cloud = model.option(pair.cloud).name;
    if (!pair.paysOffMonth) {
        if (pair.crossings.empty())
            return QStringLiteral("buying %1 does not pay off within %2 months against %3; %4 dearer at %2 months")
                .arg(onPrem)
                .arg(model.horizonMonths())
                .arg(cloud, formatMoney(pair.differenceAtHorizon, model.input().currency));
        return QStringLiteral("buying %1 does not pay off within %2 months against %3: %4")
            .arg(onPrem)
            .arg(model.horizonMonths())
            .arg(cloud, aheadForAWhileText(model, pair));
    }
    if (*pair.paysOffMonth <= 0)
        return QStringLiteral("buying %1 is never dearer than %2").arg(onPrem, cloud);
    return QStringLiteral("buying %1 pays off after %2 against %3").arg(onPrem, formatMonths(*pair.paysOffMonth), cloud);
}

QString pairSentence(const CostModel &model, const PairResult &pair)
{
    const QString cloud = model.option(pair.cloud).name;
    if (!pair.paysOffMonth) {
        if (pair.crossings.empty())
            return QStringLiteral("against %1: does not pay off within %2 months").arg(cloud).arg(model.horizonMonths());
        return QStringLiteral("against %1: %2").arg(cloud, aheadForAWhileText(model, pair));
    }
    if (*pair.paysOffMonth <= 0)
        return QStringLiteral("against %1: cheaper from the start").arg(cloud);
    return QStringLiteral("against %1: pays off after %2").arg(cloud, formatMonths(*pair.paysOffMonth));
}

QString discountingSentence(const CostModel &model)
{
    const EngineInput &in = model.input();
    if (in.discountRatePerYear == 0)
        return QStringLiteral("Not discounted (a discount rate of 0); the IRR is the yearly rate that would make buying break even.");
    return in.discounting == Discounting::Yearly
        ? QStringLiteral("Discounted at %1 a year, by whole years as a finance team's spreadsheet does: the months of "
                         "year y summed and divided by (1 + r)^y, the start not discounted.")
              .arg(formatPercent(in.discountRatePerYear, 1))
        : QStringLiteral("Discounted at %1 a year, month by month: month m divided by (1 + r)^(m/12).")
              .arg(formatPercent(in.discountRatePerYear, 1));
}

QString payoffCell(const CostModel &model, const PairResult &pair)
{
    if (!pair.paysOffMonth)
        return pair.crossings.empty() ? QStringLiteral("never")
                                      : QStringLiteral("no (ahead for a while)");
    Q_UNUSED(model);
    return *pair.paysOffMonth <= 0 ? QStringLiteral("from the start") : formatMonths(*pair.paysOffMonth);
}

QString breakEvenSentence(const CostModel &model, const PairResult &pair)
{
    Q_UNUSED(model);
    if (!pair.breakEvenUtilization)
        return QStringLiteral("the same side wins at every utilization");
    const QString side = *pair.winsAbove == Winner::OnPrem ? QStringLiteral("buying") : QStringLiteral("renting");
    return QStringLiteral("break-even at %1 utilization; %2 wins above it")
        .arg(formatPercent(*pair.breakEvenUtilization, 1), side);
}

namespace {

QString table(const QList<QStringList> &rows, const QList<bool> &rightAligned)
{
    QList<int> widths;
    for (const QStringList &row : rows)
        for (int c = 0; c < row.size(); ++c) {
            if (widths.size() <= c)
                widths << 0;
            widths[c] = std::max(widths[c], int(row[c].size()));
        }
    QString out;
    for (int r = 0; r < rows.size(); ++r) {
        QStringList cells;
        for (int c = 0; c < rows[r].size(); ++c)
            cells << (rightAligned.value(c) ? rows[r][c].rightJustified(widths[c]) : rows[r][c].leftJustified(widths[c]));
        // Only the end is trimmed: a row whose first cell is empty (the side-by-side header)
        // keeps the room that puts its cells over their columns.
        QString line = cells.join(QStringLiteral("  "));
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        out += line + QLatin1Char('\n');
        if (r == 0) {
            QStringList rules;
            for (int w : widths)
                rules << QString(w, QLatin1Char('-'));
            out += rules.join(QStringLiteral("  ")) + QLatin1Char('\n');
        }
    }
    return out;
}

QString orNa(const std::optional<double> &value, const std::function<QString(double)> &format)
{
    return value && std::isfinite(*value) ? format(*value) : kNotAvailable;
}

} // namespace

QString textTable(const QList<QStringList> &rows, const QList<bool> &rightAligned) { return table(rows, rightAligned); }

QString planName(PricingPlan plan)
{
    switch (plan) {
    case PricingPlan::OnDemand:
        return QStringLiteral("on demand");
    case PricingPlan::Spot:
        return QStringLiteral("spot");
    case PricingPlan::Reserved1y:
        return QStringLiteral("reserved 1 year");
    case PricingPlan::Reserved3y:
        return QStringLiteral("reserved 3 years");
    }
    return {};
}

QString profileName(ThroughputProfile profile)
{
    switch (profile) {
    case ThroughputProfile::Training:
        return QStringLiteral("training");
    case ThroughputProfile::LlmTraining:
        return QStringLiteral("LLM training");
    case ThroughputProfile::InferenceMemoryBound:
        return QStringLiteral("memory-bound inference");
    case ThroughputProfile::Peak:
        return QStringLiteral("peak");
    }
    return {};
}

QString profileDescription(ThroughputProfile profile)
{
    switch (profile) {
    case ThroughputProfile::Training:
        return QStringLiteral("most deep-learning training: measured training throughput of published benchmark suites");
    case ThroughputProfile::LlmTraining:
        return QStringLiteral("LLM pre-training and fine-tuning: published large-transformer training results (MLPerf)");
    case ThroughputProfile::InferenceMemoryBound:
        return QStringLiteral("LLM decoding and small-batch inference: the ratio of memory bandwidth");
    case ThroughputProfile::Peak:
        return QStringLiteral("an upper bound, for comparison only: the ratio of peak tensor TFLOPS");
    }
    return {};
}

QString throughputText(const CostModel &model, int option)
{
    const OptionInput &o = model.option(option);
    QString text = QStringLiteral("%1: %2 × %3").arg(o.gpu, QString::number(o.relativeThroughput, 'g', 3),
                                                     model.input().referenceGpu);
    if (o.throughputBasis == QLatin1String("the scenario's figure"))
        return text + QStringLiteral(", the scenario's own figure");
    text += QStringLiteral(", %1 profile").arg(profileName(model.input().throughputProfile));
    if (!o.throughputBasis.isEmpty())
        text += QStringLiteral(", ") + o.throughputBasis;
    return text;
}

QString resultsTable(const CostModel &model, const Evaluation &e, const std::vector<HybridResult> &hybrids)
{
    const QString currency = model.input().currency;
    QString out = QStringLiteral("%1: %2 months at %3 utilization, costs in %4\n\n")
                      .arg(model.input().scenarioName)
                      .arg(e.horizonMonths)
                      .arg(formatPercent(e.utilization), currency);

    QList<QStringList> rows{{QStringLiteral("Option"), QStringLiteral("Kind"), QStringLiteral("Units"), QStringLiteral("TCO"),
                             QStringLiteral("Per ref-GPU-h"), QStringLiteral("Time to result"), QStringLiteral("Feasible")}};
    for (int i = 0; i < model.optionCount(); ++i) {
        const bool cloud = model.option(i).kind == OptionKind::Cloud;
        // A reserved term still running at the horizon is owed to its end: said where it shows.
        const bool owesAfter = model.breakdown(i, e.utilization)[std::size_t(CostComponent::CommitmentBeyondHorizon)] > 0;
        rows << QStringList{model.option(i).name,
                            owesAfter ? QStringLiteral("cloud, term past the horizon")
                                      : cloud ? QStringLiteral("cloud")
                                      : model.option(i).kind == OptionKind::Api ? QStringLiteral("API") : QStringLiteral("on-prem"),
                            unitsText(model, i),
                            model.isFeasible(i) ? formatMoney(e.tco(i), currency, 2) : kNotAvailable,
                            orNa(e.costPerReferenceGpuHour[std::size_t(i)], [&](double v) { return formatMoney(v, currency, 3); }),
                            orNa(model.timeToResultHours(i), formatHours),
                            model.isFeasible(i) ? QStringLiteral("yes") : QStringLiteral("no: ") + model.status(i).reason};
    }
    out += table(rows, {false, false, false, true, true, true, false});

    // Where each GPU's throughput came from, once per GPU.
    QStringList seen;
    QList<QStringList> gpuRows{{QStringLiteral("GPU"), QStringLiteral("Throughput"), QStringLiteral("Basis")}};
    for (int i = 0; i < model.optionCount(); ++i) {
        const OptionInput &o = model.option(i);
        if (seen.contains(o.gpu) || o.kind == OptionKind::Api) // an API has no GPU
            continue;
        seen << o.gpu;
        gpuRows << QStringList{o.gpu, QString::number(o.relativeThroughput, 'g', 3) + QStringLiteral(" ×"),
                               o.throughputBasis.isEmpty() ? QStringLiteral("-") : o.throughputBasis};
    }
    if (const auto &serving = model.input().serving)
        // A serving workload's work is counted in tokens: each GPU's figure is its tokens per
        // second over the reference GPU's, not a training or inference profile.
        out += QStringLiteral("\nThroughput against %1, from tokens per second serving %2 at %3:\n")
                   .arg(model.input().referenceGpu, serving->model, serving->precision);
    else
        out += QStringLiteral("\nThroughput against %1, %2 profile (%3):\n")
                   .arg(model.input().referenceGpu, profileName(model.input().throughputProfile),
                        profileDescription(model.input().throughputProfile));
    out += table(gpuRows, {false, true, false});

    const auto pairs = model.pairs(e);
    if (!pairs.empty()) {
        QList<QStringList> pairRows{{QStringLiteral("On-prem"), QStringLiteral("Cloud"), QStringLiteral("Pays off"),
                                     QStringLiteral("Saved by buying (NPV)"), QStringLiteral("IRR of buying"),
                                     QStringLiteral("Break-even u"), QStringLiteral("Cost ratio")}};
        for (const PairResult &p : pairs) {
            QString breakEven = QStringLiteral("none");
            if (p.breakEvenUtilization)
                breakEven = formatPercent(*p.breakEvenUtilization, 1)
                    + (*p.winsAbove == Winner::OnPrem ? QStringLiteral(" (buy above)") : QStringLiteral(" (rent above)"));
            pairRows << QStringList{model.option(p.onPrem).name, model.option(p.cloud).name,
                                    payoffCell(model, p),
                                    formatMoney(-p.differenceAtHorizon, currency, 2),
                                    orNa(pairFinance(model, e, p).irrOfBuying, [](double v) { return formatPercent(v, 2); }),
                                    breakEven,
                                    orNa(p.costRatio, [](double v) { return QStringLiteral("%1 x").arg(v, 0, 'f', 2); })};
        }
        out += QLatin1Char('\n') + table(pairRows, {false, false, true, true, true, true, true});
        out += discountingSentence(model) + QLatin1Char('\n');
        // A pair ahead for a while and behind at H says when, and by how much.
        for (const PairResult &p : pairs)
            if (!p.paysOffMonth && !p.crossings.empty())
                out += QStringLiteral("%1 against %2: %3\n")
                           .arg(model.option(p.onPrem).name, model.option(p.cloud).name, aheadForAWhileText(model, p));
    }
    if (const QString taxes = taxSentence(model); !taxes.isEmpty())
        out += QLatin1Char('\n') + taxes + QLatin1Char('\n');
    // How each build is paid for, when not in cash.
    QString paying;
    for (int i = 0; i < model.optionCount(); ++i)
        if (const QString text = financingText(model, i); !text.isEmpty())
            paying += QStringLiteral("  %1: %2\n").arg(model.option(i).name, text);
    if (!paying.isEmpty())
        out += QStringLiteral("\nPaid for:\n") + paying;
    // What the horizon leaves out, per option.
    QString leftOut;
    for (int i = 0; i < model.optionCount(); ++i)
        for (const QString &note : horizonNotes(model, i))
            leftOut += QStringLiteral("  %1: %2\n").arg(model.option(i).name, note);
    if (!leftOut.isEmpty())
        out += QStringLiteral("\nWhat the horizon leaves out:\n") + leftOut;
    if (!hybrids.empty())
        out += QStringLiteral("\nHybrid options (own some units, rent the rest):\n") + hybridTable(model, hybrids);
    out += QStringLiteral("\nCheapest over %1 months: %2\n")
               .arg(e.horizonMonths)
               .arg(e.cheapest ? model.option(*e.cheapest).name : QStringLiteral("none (no feasible option)"));
    // A hybrid cheaper than every option alone is the answer: said under it.
    const HybridResult *best = nullptr;
    for (const HybridResult &h : hybrids)
        if (h.status.feasible && (!best || h.tco < best->tco))
            best = &h;
    if (best && (!e.cheapest || best->tco < e.tco(*e.cheapest)))
        out += QStringLiteral("Cheaper still: %1, %2 (%3)\n")
                   .arg(best->name, hybridSentence(model, *best), formatMoney(best->tco, model.input().currency, 2));
    return out;
}

} // namespace breakeven
