#include "resultstext.h"

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

QString crossoverSentence(const CostModel &model, const PairResult &pair)
{
    const QString onPrem = model.option(pair.onPrem).name;
    if (!pair.crossoverMonth)
        return QStringLiteral("buying %1 does not pay off within %2 months").arg(onPrem).arg(model.horizonMonths());
    if (*pair.crossoverMonth <= 0)
        return QStringLiteral("buying %1 is never dearer than %2").arg(onPrem, model.option(pair.cloud).name);
    return QStringLiteral("buying %1 pays off after %2").arg(onPrem, formatMonths(*pair.crossoverMonth));
}

QString pairSentence(const CostModel &model, const PairResult &pair)
{
    const QString cloud = model.option(pair.cloud).name;
    if (!pair.crossoverMonth)
        return QStringLiteral("against %1: not within %2 months").arg(cloud).arg(model.horizonMonths());
    if (*pair.crossoverMonth <= 0)
        return QStringLiteral("against %1: cheaper from the start").arg(cloud);
    return QStringLiteral("against %1: pays off after %2").arg(cloud, formatMonths(*pair.crossoverMonth));
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
        out += cells.join(QStringLiteral("  ")).trimmed() + QLatin1Char('\n');
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
                                      : cloud ? QStringLiteral("cloud") : QStringLiteral("on-prem"),
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
        if (seen.contains(o.gpu))
            continue;
        seen << o.gpu;
        gpuRows << QStringList{o.gpu, QString::number(o.relativeThroughput, 'g', 3) + QStringLiteral(" ×"),
                               o.throughputBasis.isEmpty() ? QStringLiteral("-") : o.throughputBasis};
    }
    out += QStringLiteral("\nThroughput against %1, %2 profile (%3):\n")
               .arg(model.input().referenceGpu, profileName(model.input().throughputProfile),
                    profileDescription(model.input().throughputProfile));
    out += table(gpuRows, {false, true, false});

    const auto pairs = model.pairs(e);
    if (!pairs.empty()) {
        QList<QStringList> pairRows{{QStringLiteral("On-prem"), QStringLiteral("Cloud"), QStringLiteral("Crossover"),
                                     QStringLiteral("Break-even u"), QStringLiteral("Cost ratio")}};
        for (const PairResult &p : pairs) {
            QString breakEven = QStringLiteral("none");
            if (p.breakEvenUtilization)
                breakEven = formatPercent(*p.breakEvenUtilization, 1)
                    + (*p.winsAbove == Winner::OnPrem ? QStringLiteral(" (buy above)") : QStringLiteral(" (rent above)"));
            pairRows << QStringList{model.option(p.onPrem).name, model.option(p.cloud).name,
                                    p.crossoverMonth ? formatMonths(*p.crossoverMonth) : QStringLiteral("never"),
                                    breakEven,
                                    orNa(p.costRatio, [](double v) { return QStringLiteral("%1 x").arg(v, 0, 'f', 2); })};
        }
        out += QLatin1Char('\n') + table(pairRows, {false, false, true, true, true});
    }
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
