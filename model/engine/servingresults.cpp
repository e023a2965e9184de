#include "servingresults.h"

#include "assembly.h"
#include "resultstext.h"

#include <QJsonArray>
#include <QLocale>

#include <cmath>

namespace breakeven {

namespace {

constexpr double kSearchSpan = 100.0;  // break-evens are looked for in (0, 100 × λ]
constexpr int kScanPoints = 60;        // a geometric scan over six decades below that
constexpr int kBisections = 60;

QString number(double v, int decimals)
{
    static const QLocale locale(QLocale::English, QLocale::UnitedStates);
    return locale.toString(v, 'f', decimals);
}

QString rateText(double requestsPerSecond)
{
    const int decimals = requestsPerSecond >= 100 ? 0 : requestsPerSecond >= 1 ? 2 : 4;
    return QStringLiteral("%1 requests a second").arg(number(requestsPerSecond, decimals));
}

QJsonValue orNull(const std::optional<double> &v)
{
    return v && std::isfinite(*v) ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

// The scenario with only the GPU option and the API option, at mean rate `lambda`.
Scenario pairScenario(const Scenario &s, int gpu, int api, double lambda)
{
    Scenario out = s;
    const int builds = int(s.onPremOptions.size());
    const int clouds = int(s.cloudOptions.size());
    out.onPremOptions.clear();
    out.cloudOptions.clear();
    out.hybridOptions.clear();
    out.uncertainty.reset();
    if (gpu < builds)
        out.onPremOptions = {s.onPremOptions[std::size_t(gpu)]};
    else
        out.cloudOptions = {s.cloudOptions[std::size_t(gpu - builds)]};
    out.apiOptions = {s.apiOptions[std::size_t(api - builds - clouds)]};
    out.workload.serving->requestsPerSecond = lambda;
    return out;
}

} // namespace

std::vector<ServingOptionFigures> servingOptionFigures(const CostModel &model, const Evaluation &e)
{
    std::vector<ServingOptionFigures> out;
    const auto &serving = model.input().serving;
    if (!serving)
        return out;
    const double tokens = model.tokensServed(e.utilization);
    const double outputTokens = model.outputTokensServed(e.utilization);
    for (int i = 0; i < model.optionCount(); ++i) {
        const OptionInput &o = model.option(i);
        ServingOptionFigures f;
        f.option = i;
        if (o.kind == OptionKind::Api) {
            f.basis = QStringLiteral("per token");
            if (GpuCatalog::normalized(o.api.model) != GpuCatalog::normalized(serving->model))
                f.note = QStringLiteral("serves %1, not the workload's %2: its tokens are another model's")
                             .arg(o.api.model, serving->model);
        } else {
            f.tokensPerSecondPerGpu = o.serving.tokensPerSecondPerGpu;
            f.basis = o.serving.replicaGpus > 0 ? o.throughputBasis : QString();
            f.modelledTokensPerSecondPerGpu = o.serving.modelledTokensPerSecondPerGpu;
            f.source = o.throughputSource;
            f.replicaGpus = o.serving.replicaGpus;
            f.gpusAtPeak = model.gpusAtPeak(i, 1);
        }
        if (model.isFeasible(i) && tokens > 0) {
            f.costPerMillionTokens = e.tco(i) / tokens * 1e6;
            f.costPerMillionOutputTokens = e.tco(i) / outputTokens * 1e6;
        }
        out.push_back(std::move(f));
    }
    return out;
}

std::pair<double, double> servingPairTcos(const Scenario &s, const GpuCatalog &catalog, int gpu, int api, double lambda,
                                          double utilization)
{
    const CostModel model(assemble(pairScenario(s, gpu, api, lambda), catalog));
    const Evaluation e = model.evaluate(utilization);
    return {e.tco(0), e.tco(1)};
}

ServingBreakEven findServingBreakEven(const CostModel &model, int gpu, int api, double lambda,
                                      const std::function<double(double)> &gap)
{
    ServingBreakEven r;
    r.gpu = gpu;
    r.api = api;
    const double top = kSearchSpan * lambda;
    double previousRate = 0;
    double previousGap = 0;
    for (int k = 0; k <= kScanPoints; ++k) {
        const double rate = top * std::pow(10.0, -6.0 * (kScanPoints - k) / kScanPoints);
        const double g = gap(rate);
        if (k > 0 && (previousGap > 0) != (g > 0)) {
            double lo = previousRate;
            double hi = rate;
            const bool dearerBelow = previousGap > 0;
            for (int b = 0; b < kBisections && hi - lo > 1e-12 * hi; ++b) {
                const double mid = 0.5 * (lo + hi);
                ((gap(mid) > 0) == dearerBelow ? lo : hi) = mid;
            }
            r.requestsPerSecond = 0.5 * (lo + hi);
            r.winsAbove = dearerBelow ? gpu : api;
            return r;
        }
        previousRate = rate;
        previousGap = g;
    }
    const QString cheaper = model.option(previousGap > 0 ? api : gpu).name;
    r.reason = QStringLiteral("%1 is cheaper at every rate up to %2 (100 × the workload's)").arg(cheaper, rateText(top));
    return r;
}

ServingBreakEven servingBreakEven(const Scenario &s, const GpuCatalog &catalog, const CostModel &model, int gpu, int api,
                                  double utilization)
{
    const double lambda = s.workload.serving->requestsPerSecond;
    // Positive: the GPU option is dearer.
    const auto gap = [&](double rate) {
        const auto [gpuTco, apiTco] = servingPairTcos(s, catalog, gpu, api, rate, utilization);
        return gpuTco - apiTco;
    };
    return findServingBreakEven(model, gpu, api, lambda, gap);
}

std::vector<ServingBreakEven> servingBreakEvens(const Scenario &s, const GpuCatalog &catalog, const CostModel &model,
                                                double utilization)
{
    std::vector<ServingBreakEven> out;
    if (!s.workload.serving || !model.input().serving)
        return out;
    for (int g = 0; g < model.optionCount(); ++g) {
        if (model.option(g).kind == OptionKind::Api || !model.isFeasible(g))
            continue;
        for (int a = 0; a < model.optionCount(); ++a)
            if (model.option(a).kind == OptionKind::Api && model.isFeasible(a))
                out.push_back(servingBreakEven(s, catalog, model, g, a, utilization));
    }
    return out;
}

QJsonObject servingToJson(const CostModel &model, const Evaluation &e, const std::vector<ServingBreakEven> &breakEvens)
{
    const ServingInput &s = *model.input().serving;
    QJsonArray pairs;
    for (const ServingBreakEven &b : breakEvens) {
        QJsonObject p{{QStringLiteral("gpuOption"), model.option(b.gpu).name},
                      {QStringLiteral("apiOption"), model.option(b.api).name},
                      {QStringLiteral("breakEvenRequestsPerSecond"), orNull(b.requestsPerSecond)},
                      {QStringLiteral("winsAbove"), b.winsAbove ? QJsonValue(model.option(*b.winsAbove).name)
                                                                : QJsonValue(QJsonValue::Null)}};
        if (!b.reason.isEmpty())
            p.insert(QStringLiteral("reason"), b.reason);
        pairs.append(p);
    }
    return {{QStringLiteral("model"), s.model},
            {QStringLiteral("precision"), s.precision},
            {QStringLiteral("requestsPerSecond"), s.requestsPerSecond},
            {QStringLiteral("peakToMean"), s.peakToMean},
            {QStringLiteral("inputTokens"), s.inputTokens},
            {QStringLiteral("outputTokens"), s.outputTokens},
            {QStringLiteral("referenceGpu"), s.referenceGpu},
            {QStringLiteral("referenceTokensPerSecondPerGpu"), s.referenceTokensPerSecond},
            {QStringLiteral("tokensServed"), model.tokensServed(e.utilization)},
            {QStringLiteral("outputTokensServed"), model.outputTokensServed(e.utilization)},
            {QStringLiteral("pairs"), pairs}};
}

QString servingText(const CostModel &model, const Evaluation &e, const std::vector<ServingBreakEven> &breakEvens)
{
    if (!model.input().serving)
        return {};
    const ServingInput &s = *model.input().serving;
    const QString currency = model.input().currency;
    QString text = QStringLiteral("\nServing %1 at %2: %3 on average (peak %4 ×), %5 tokens in and %6 out per request\n\n")
                       .arg(s.model, s.precision, rateText(s.requestsPerSecond), number(s.peakToMean, 2),
                            number(s.inputTokens, 0), number(s.outputTokens, 0));
    QList<QStringList> rows{{QStringLiteral("Option"), QStringLiteral("Tokens/s per GPU"), QStringLiteral("Basis"),
                             QStringLiteral("Replica"), QStringLiteral("GPUs at peak"), QStringLiteral("Per M tokens"),
                             QStringLiteral("Per M output")}};
    QStringList notes;
    for (const ServingOptionFigures &f : servingOptionFigures(model, e)) {
        const OptionInput &o = model.option(f.option);
        const bool api = o.kind == OptionKind::Api;
        QString basis = f.basis;
        if (f.modelledTokensPerSecondPerGpu)
            basis += QStringLiteral(" (modelled %1)").arg(number(*f.modelledTokensPerSecondPerGpu, 0));
        rows << QStringList{o.name,
                            api || !(f.tokensPerSecondPerGpu > 0) ? QStringLiteral("-") : number(f.tokensPerSecondPerGpu, 0),
                            basis,
                            f.replicaGpus > 0 ? QStringLiteral("%1 × %2").arg(f.replicaGpus).arg(o.gpu) : QStringLiteral("-"),
                            f.gpusAtPeak > 0 ? number(f.gpusAtPeak, 0) : QStringLiteral("-"),
                            f.costPerMillionTokens ? formatMoney(*f.costPerMillionTokens, currency, 3) : QStringLiteral("n/a"),
                            f.costPerMillionOutputTokens ? formatMoney(*f.costPerMillionOutputTokens, currency, 3)
                                                         : QStringLiteral("n/a")};
        if (!f.note.isEmpty())
            notes << QStringLiteral("%1 %2.").arg(o.name, f.note);
    }
    text += textTable(rows, {false, true, false, false, true, true, true});
    for (const QString &note : notes)
        text += note + QLatin1Char('\n');
    for (const ServingBreakEven &b : breakEvens) {
        const QString pair = QStringLiteral("%1 against %2: ").arg(model.option(b.gpu).name, model.option(b.api).name);
        if (b.requestsPerSecond)
            text += pair + QStringLiteral("break-even at %1; %2 is cheaper above it\n")
                               .arg(rateText(*b.requestsPerSecond), model.option(*b.winsAbove).name);
        else
            text += pair + b.reason + QLatin1Char('\n');
    }
    return text;
}

} // namespace breakeven
