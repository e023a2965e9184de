#include "servingthroughput.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace breakeven {

namespace {

QString gb(double bytes)
{
    const double g = bytes / 1e9;
    return QLocale::c().toString(g, 'f', g < 10 ? 1 : 0);
}

QString ms(double seconds)
{
    return QLocale::c().toString(seconds * 1e3, 'f', 1);
}

} // namespace

std::optional<ServingPrecision> servingPrecisionFromString(const QString &text)
{
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("fp16") || t == QLatin1String("bf16"))
        return ServingPrecision::Fp16;
    if (t == QLatin1String("fp8"))
        return ServingPrecision::Fp8;
    if (t == QLatin1String("int4") || t == QLatin1String("fp4"))
        return ServingPrecision::Int4;
    return std::nullopt;
}

QString servingPrecisionName(ServingPrecision p)
{
    switch (p) {
    case ServingPrecision::Fp16: return QStringLiteral("fp16");
    case ServingPrecision::Fp8: return QStringLiteral("fp8");
    case ServingPrecision::Int4: return QStringLiteral("int4");
    }
    return {};
}

double bytesPerParameter(ServingPrecision p)
{
    return p == ServingPrecision::Fp16 ? 2.0 : p == ServingPrecision::Fp8 ? 1.0 : 0.5;
}

double kvBytesPerValue(ServingPrecision p)
{
    return p == ServingPrecision::Fp16 ? 2.0 : 1.0;
}

double tensorTflops(const ServingGpu &gpu, ServingPrecision p)
{
    if (p == ServingPrecision::Int4 && gpu.fp4Tflops > 0)
        return gpu.fp4Tflops;
    if (p != ServingPrecision::Fp16 && gpu.fp8Tflops > 0)
        return gpu.fp8Tflops;
    return gpu.fp16Tflops;
}

ModelledThroughput modelThroughput(const ModelSpec &model, const ServingGpu &gpu, ServingPrecision precision,
                                   const ServingLoad &load, ServingEfficiency eff)
{
    ModelledThroughput out;
    const double weights = model.totalParamsB * 1e9 * bytesPerParameter(precision);
    const double kvPerToken = model.kvBytesPerToken(kvBytesPerValue(precision));
    const double requestTokens = load.inputTokens + load.outputTokens;
    const double oneRequest = kvPerToken * requestTokens;
    out.weightsGB = weights / 1e9;
    for (const int n : kReplicaSizes) {
        if (n * gpu.memoryGB * 1e9 >= weights + oneRequest) {
            out.replicaGpus = n;
            break;
        }
    }
    if (out.replicaGpus == 0) {
        const QString held = QStringLiteral("8 × %1 hold %2 GB").arg(gpu.name, gb(8 * gpu.memoryGB * 1e9));
        out.reason = oneRequest > 0 && weights <= 8 * gpu.memoryGB * 1e9
            ? QStringLiteral("%1 at %2 needs %3 GB of weights and %4 GB of KV cache for one request of %5 tokens; %6")
                  .arg(model.name, servingPrecisionName(precision), gb(weights), gb(oneRequest))
                  .arg(requestTokens).arg(held)
            : QStringLiteral("%1 at %2 needs %3 GB of weights; %4")
                  .arg(model.name, servingPrecisionName(precision), gb(weights), held);
        return out;
    }
    out.fits = true;
    if (!model.hasKvShape()) {
        out.reason = QStringLiteral("%1's layers and KV heads are not in the model catalog, so its speed is not modelled")
                         .arg(model.name);
        return out;
    }
    const double n = out.replicaGpus;
    const double bandwidth = n * gpu.bandwidthGBs * 1e9 * eff.memory;              // bytes/s read
    const double compute = n * tensorTflops(gpu, precision) * 1e12 * eff.compute;  // ops/s
    const double flopsPerToken = 2 * model.activeParamsB * 1e9;
    // While a request decodes its context grows from I to I + O: on average it holds I + O/2.
    const double kvPerRequestRead = kvPerToken * (load.inputTokens + load.outputTokens / 2);
    const auto step = [&](double b) {
        return std::max((weights + b * kvPerRequestRead) / bandwidth, flopsPerToken * b / compute);
    };
    double batch = std::floor((n * gpu.memoryGB * 1e9 - weights) / oneRequest);
    if (load.maxTpotMs) {
        const double tau = *load.maxTpotMs / 1e3;
        const double byBandwidth = (tau * bandwidth - weights) / kvPerRequestRead;
        const double byCompute = tau * compute / flopsPerToken;
        batch = std::min(batch, std::floor(std::min(byBandwidth, byCompute)));
        if (batch < 1) {
            out.meetsLatency = false;
            out.stepMs = step(1) * 1e3;
            out.reason = QStringLiteral("a token of %1 takes %2 ms on %3 × %4 even one request at a time, above the %5 ms target")
                             .arg(model.name, ms(step(1))).arg(out.replicaGpus).arg(gpu.name, ms(tau));
            return out;
        }
    }
    out.modelled = true;
    out.batch = batch;
    out.stepMs = step(batch) * 1e3;
    // A batch of B requests: each is read once (prefill, at compute speed), then O decode steps
    // give B tokens each.
    const double prefill = batch * flopsPerToken * load.inputTokens / compute;
    const double seconds = load.outputTokens * step(batch) + prefill;
    out.tokensPerSecondPerGpu = batch * load.outputTokens / seconds / n;
    return out;
}

bool sameModelSize(const ModelSpec &a, const ModelSpec &b)
{
    if (a.name.compare(b.name, Qt::CaseInsensitive) == 0)
        return true;
    const auto close = [](double x, double y) { return std::abs(x - y) <= 0.01 * std::max(x, y); };
    return a.publisher == b.publisher && close(a.totalParamsB, b.totalParamsB) && close(a.activeParamsB, b.activeParamsB)
        && a.layers == b.layers && a.kvValuesPerTokenLayer == b.kvValuesPerTokenLayer && a.layers > 0;
}

std::optional<MeasuredThroughput> measuredThroughput(const std::vector<ServingMeasurement> &measurements,
                                                     const std::vector<ModelSpec> &models, const ModelSpec &model,
                                                     const ServingGpu &gpu, ServingPrecision precision,
                                                     const ServingLoad &load, ServingEfficiency eff)
{
    const auto distance = [&](const ServingMeasurement &m) {
        return std::abs(std::log(*m.inputTokens / load.inputTokens)) + std::abs(std::log(*m.outputTokens / load.outputTokens));
    };
    const ServingMeasurement *best = nullptr;
    for (const ServingMeasurement &m : measurements) {
        if (!m.hasTokensAtLengths() || m.gpu != gpu.name || servingPrecisionFromString(m.precision) != precision)
            continue;
        if (load.maxTpotMs && !(m.maxTpotMs && *m.maxTpotMs <= *load.maxTpotMs))
            continue;
        const auto measured = std::find_if(models.begin(), models.end(), [&](const ModelSpec &s) { return s.name == m.model; });
        if (measured == models.end() || !sameModelSize(*measured, model))
            continue;
        if (!best || distance(m) < distance(*best) - 1e-12
            || (std::abs(distance(m) - distance(*best)) <= 1e-12 && m.asOf > best->asOf))
            best = &m;
    }
    if (!best)
        return std::nullopt;
    MeasuredThroughput out{best, best->tokensPerSecondPerGpu, 1.0};
    if (*best->inputTokens != load.inputTokens || *best->outputTokens != load.outputTokens) {
        const ServingLoad there{*best->inputTokens, *best->outputTokens, best->maxTpotMs};
        const ModelledThroughput here = modelThroughput(model, gpu, precision, load, eff);
        const ModelledThroughput then = modelThroughput(model, gpu, precision, there, eff);
        if (!here.modelled || !then.modelled)
            return std::nullopt; // lengths differ and the model cannot say by how much
        out.rescale = here.tokensPerSecondPerGpu / then.tokensPerSecondPerGpu;
        out.tokensPerSecondPerGpu *= out.rescale;
    }
    return out;
}

double modelledOverMeasured(const FitSample &s, ServingEfficiency eff)
{
    const ServingLoad load{*s.measurement->inputTokens, *s.measurement->outputTokens, s.measurement->maxTpotMs};
    const ModelledThroughput m = modelThroughput(*s.model, s.gpu, s.precision, load, eff);
    return m.modelled ? m.tokensPerSecondPerGpu / s.measurement->tokensPerSecondPerGpu : 0.0;
}

EfficiencyFit fitServingEfficiency(const std::vector<FitSample> &samples)
{
    EfficiencyFit best;
    double bestCost = std::numeric_limits<double>::infinity();
    for (int i = 5; i <= 100; ++i) {
        for (int j = 5; j <= 100; ++j) {
            const ServingEfficiency eff{i / 100.0, j / 100.0};
            double cost = 0;
            for (const FitSample &s : samples) {
                const double r = modelledOverMeasured(s, eff);
                cost += r > 0 ? std::pow(std::log(r), 2) : 100.0;
            }
            if (cost < bestCost) {
                bestCost = cost;
                best.efficiency = eff;
            }
        }
    }
    std::vector<double> errors;
    for (const FitSample &s : samples)
        errors.push_back(std::abs(std::log(modelledOverMeasured(s, best.efficiency))));
    if (!errors.empty()) {
        std::nth_element(errors.begin(), errors.begin() + std::ptrdiff_t(errors.size() / 2), errors.end());
        best.medianAbsLogError = errors[errors.size() / 2];
    }
    return best;
}

} // namespace breakeven
