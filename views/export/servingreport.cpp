#include "servingreport.h"

#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "engine/servingassembly.h"
#include "engine/servingcurve.h"
#include "reportlayout.h"

#include <QLocale>
#include <QStringList>

#include <limits>
#include <optional>

namespace breakeven::exporting {

namespace {

QString esc(const QString &text)
{
    return text.toHtmlEscaped();
}

QString number(double value, int decimals)
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale.toString(value, 'f', decimals);
}

// Billions of parameters with the decimals they are given in (70.6, 405, 8.03).
QString billions(double b)
{
    return QLocale(QLocale::English, QLocale::UnitedStates).toString(b, 'g', 4);
}

QString capitalized(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

} // namespace

std::vector<ServingBreakEven> reportBreakEvens(const CostModel &model, const Evaluation &e)
{
    if (!model.input().serving)
        return {};
    std::optional<int> cheapestApi;
    double cheapest = std::numeric_limits<double>::infinity();
    for (int i = 0; i < model.optionCount(); ++i) {
        if (model.isFeasible(i) && model.option(i).kind == OptionKind::Api && e.tco(i) < cheapest) {
            cheapest = e.tco(i);
            cheapestApi = i;
        }
    }
    std::vector<ServingBreakEven> all = servingCurveBreakEvens(model, e.utilization);
    if (int(all.size()) <= kReportServingPairs || !cheapestApi)
        return all;
    std::vector<ServingBreakEven> kept;
    for (const ServingBreakEven &b : all)
        if (b.api == *cheapestApi && int(kept.size()) < kReportServingPairs)
            kept.push_back(b);
    return kept;
}

QString servingIntroHtml(const Scenario &scenario, const CostModel &model, const Evaluation &e)
{
    const ServingInput &s = *model.input().serving;
    QString modelText = QStringLiteral("<b>%1</b>").arg(esc(s.model));
    if (const auto spec = resolveModel(scenario, s.model)) {
        QStringList facts;
        if (spec->totalParamsB > 0)
            facts << QStringLiteral("%1 billion parameters").arg(billions(spec->totalParamsB));
        if (spec->activeParamsB > 0 && spec->activeParamsB < spec->totalParamsB)
            facts << QStringLiteral("%1 billion active per token").arg(billions(spec->activeParamsB));
        if (!spec->licence.isEmpty())
            facts << QStringLiteral("licence: %1").arg(esc(spec->licence));
        if (!facts.isEmpty())
            modelText += QStringLiteral(" (%1)").arg(facts.join(QStringLiteral("; ")));
    }
    const std::optional<double> tpot = scenario.workload.serving ? scenario.workload.serving->maxTimePerOutputTokenMs
                                                                 : std::nullopt;
    const QString latency = tpot ? QStringLiteral("at most %1 ms per output token").arg(number(*tpot, 0))
                                 : QStringLiteral("no latency target (throughput first)");
    const double served = s.requestsPerSecond * s.peakToMean * e.utilization;
    QString growth;
    if (model.input().growthPerYear != 0)
        growth = QStringLiteral(" The traffic grows %1 a year.").arg(formatPercent(model.input().growthPerYear));
    return QStringLiteral("<h2>Serving: what a million tokens costs</h2>"
                          "<p>The workload serves %1 at %2: %3 on average in the first month and %4 × that at the "
                          "busiest hour, %5 tokens in and %6 out per request, %7.%8 Each GPU option is sized from the "
                          "tokens per second one GPU serves and the replica that holds the model; an API bills per "
                          "token. A cost per million tokens is the option's TCO over %9 months divided by every token "
                          "served in them (input and output), at %10 utilization (%11 served on average).</p>")
        .arg(modelText, esc(s.precision), esc(requestRateText(s.requestsPerSecond)), QLocale(QLocale::English, QLocale::UnitedStates).toString(s.peakToMean, 'g', 3),
             number(s.inputTokens, 0), number(s.outputTokens, 0), esc(latency), growth)
        .arg(model.horizonMonths())
        .arg(formatPercent(e.utilization), esc(requestRateText(served)));
}

QString servingTableHtml(const CostModel &model, const Evaluation &e)
{
    const QString currency = model.input().currency;
    const QStringList headers{QStringLiteral("Option"),       QStringLiteral("Tokens/s per GPU"),
                              QStringLiteral("Basis"),        QStringLiteral("Replica"),
                              QStringLiteral("GPUs at peak"), QStringLiteral("Per M tokens"),
                              QStringLiteral("Per M output")};
    const bool right[] = {false, true, false, false, true, true, true};
    QString html = QStringLiteral("<table border=\"0.5\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\"><tr>");
    for (int c = 0; c < headers.size(); ++c)
        html += QStringLiteral("<th align=\"%1\" bgcolor=\"#e8e8e8\"%2>%3</th>")
                    .arg(right[c] ? QStringLiteral("right") : QStringLiteral("left"), kNoWrap, headers[c]);
    html += QStringLiteral("</tr>");
    for (const ServingOptionFigures &f : servingOptionFigures(model, e)) {
        const OptionInput &o = model.option(f.option);
        const bool api = o.kind == OptionKind::Api;
        const bool sized = !api && f.tokensPerSecondPerGpu > 0;
        const QStringList cells{
            esc(o.name),
            sized ? number(f.tokensPerSecondPerGpu, 0) : QStringLiteral("–"),
            esc(f.basis.isEmpty() ? QStringLiteral("–") : f.basis),
            f.replicaGpus > 0 ? esc(QStringLiteral("%1 × %2").arg(f.replicaGpus).arg(o.gpu)) : QStringLiteral("–"),
            f.gpusAtPeak > 0 ? number(f.gpusAtPeak, 0) : QStringLiteral("–"),
            f.costPerMillionTokens ? esc(formatMoney(*f.costPerMillionTokens, currency, 3))
                                   : (model.isFeasible(f.option) ? QStringLiteral("n/a") : QStringLiteral("infeasible")),
            f.costPerMillionOutputTokens ? esc(formatMoney(*f.costPerMillionOutputTokens, currency, 3)) : QStringLiteral("n/a")};
        html += QStringLiteral("<tr>");
        for (int c = 0; c < cells.size(); ++c)
            html += QStringLiteral("<td%1%2>%3</td>")
                        .arg(right[c] ? QStringLiteral(" align=\"right\"") : QString(), kNoWrap, cells[c]);
        html += QStringLiteral("</tr>");
    }
    return html + QStringLiteral("</table>");
}

QString servingSourcesHtml(const Scenario &scenario, const CostModel &model, const Evaluation &e)
{
    // Options of the same GPU share their figure and its source: said once, for all of them.
    QStringList items;
    QStringList figureTexts;
    QList<QStringList> figureOptions;
    for (const ServingOptionFigures &f : servingOptionFigures(model, e)) {
        const OptionInput &o = model.option(f.option);
        const QString name = QStringLiteral("<b>%1</b>").arg(esc(o.name));
        if (!model.isFeasible(f.option)) {
            items << QStringLiteral("%1: not possible: %2").arg(name, esc(model.status(f.option).reason));
            continue;
        }
        if (o.kind == OptionKind::Api) {
            QString text = QStringLiteral("%1: priced per token by %2 for %3, %4 in and %5 out per million tokens")
                               .arg(name, esc(o.api.provider.isEmpty() ? QStringLiteral("its provider") : o.api.provider),
                                    esc(o.api.model),
                                    esc(formatMoney(o.api.pricePerMillionInput, model.input().currency, 2)),
                                    esc(formatMoney(o.api.pricePerMillionOutput, model.input().currency, 2)));
            if (!f.note.isEmpty())
                text += QStringLiteral("; it %1").arg(esc(f.note));
            items << text;
            continue;
        }
        QString text = QStringLiteral("%1 tokens a second per GPU of %2, %3")
                           .arg(number(f.tokensPerSecondPerGpu, 0), esc(o.gpu),
                                f.basis == QLatin1String("measured") ? QStringLiteral("measured") : QStringLiteral("modelled"));
        if (!f.source.isEmpty())
            text += QStringLiteral(" (%1)").arg(esc(f.source));
        if (f.modelledTokensPerSecondPerGpu)
            text += QStringLiteral("; the roofline model gives %1").arg(number(*f.modelledTokensPerSecondPerGpu, 0));
        const qsizetype known = figureTexts.indexOf(text);
        if (known >= 0) {
            figureOptions[known] << name;
        } else {
            figureTexts << text;
            figureOptions << QStringList{name};
        }
    }
    QStringList figures;
    for (qsizetype k = 0; k < figureTexts.size(); ++k) {
        const QStringList &names = figureOptions[k];
        const QString who = names.size() == 1 ? names.front()
                                              : QStringLiteral("%1 and %2").arg(names.mid(0, names.size() - 1).join(QStringLiteral(", ")),
                                                                                names.back());
        figures << QStringLiteral("%1: %2").arg(who, figureTexts[k]);
    }
    items = figures + items;
    if (const auto spec = resolveModel(scenario, model.input().serving->model); spec && !spec->source.isEmpty())
        items << QStringLiteral("The model's figures: %1%2")
                     .arg(esc(spec->source), spec->asOf.isEmpty() ? QString() : QStringLiteral(", as of %1").arg(esc(spec->asOf)));
    return QStringLiteral("<p>Where the figures come from:</p><ul><li>%1.</li></ul>")
        .arg(items.join(QStringLiteral(".</li><li>")));
}

QString servingBreakEvensHtml(const CostModel &model, const std::vector<ServingBreakEven> &breakEvens)
{
    if (breakEvens.empty())
        return QStringLiteral("<p>No GPU option and API can both serve the workload: there is no break-even rate to "
                              "give.</p>");
    QStringList items;
    for (const ServingBreakEven &b : breakEvens) {
        if (b.requestsPerSecond)
            items << esc(capitalized(servingBreakEvenSentence(model, b)));
        else
            items << esc(QStringLiteral("%1 against %2: %3").arg(model.option(b.gpu).name, model.option(b.api).name, b.reason));
    }
    return QStringLiteral("<h3>Break-even request rates</h3><p>The mean request rate at which a GPU option and an API "
                          "cost the same over the horizon (the utilization as above; the rest of the scenario as it "
                          "is):</p><ul><li>%1.</li></ul>")
        .arg(items.join(QStringLiteral(".</li><li>")));
}

} // namespace breakeven::exporting
