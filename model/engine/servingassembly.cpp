#include "servingassembly.h"

#include "assembly.h"
#include "inputerror.h"
#include "servingfleet.h"
#include "servingthroughput.h"

#include <QLocale>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace breakeven {

namespace {

// Traffic and prices above these are typing slips, not workloads (a million requests a second is
// beyond the largest public APIs; a million dollars per million tokens prices nothing real).
constexpr double kMaxRequestsPerSecond = 1e6;
constexpr double kMaxTokensPerRequest = 1e7;
constexpr double kMaxPricePerMillion = 1e6;

QString number(double v)
{
    return QLocale::c().toString(v, 'g', 4);
}

void requireRange(const QString &path, double value, double most, bool zeroAllowed = false)
{
    const bool ok = std::isfinite(value) && (zeroAllowed ? value >= 0 : value > 0) && value <= most;
    if (!ok)
        throw InputError(path, QStringLiteral("must be a number %1 and at most %2, not %3")
                                   .arg(zeroAllowed ? QStringLiteral("of 0 or more") : QStringLiteral("above 0"),
                                        number(most), number(value)));
}

ServingLoad loadOf(const Serving &s)
{
    return {s.inputTokens, s.outputTokens, s.maxTimePerOutputTokenMs};
}

// The catalog's models with the scenario's own in front, for naming a measurement's model.
std::vector<ModelSpec> knownModels(const Scenario &s, const ModelCatalog &catalog)
{
    std::vector<ModelSpec> out = s.models;
    out.insert(out.end(), catalog.models().begin(), catalog.models().end());
    return out;
}

QString replicaReason(const Serving &serving, const GpuModel &gpu, int replica, int has, const char *what)
{
    return QStringLiteral("a replica of %1 at %2 needs %3 × %4; this %5 has %6")
        .arg(serving.model, serving.precision)
        .arg(replica)
        .arg(gpu.name, QLatin1String(what))
        .arg(has);
}

} // namespace

std::optional<ModelSpec> resolveModel(const Scenario &s, const QString &name, const ModelCatalog &catalog)
{
    const QString key = GpuCatalog::normalized(name);
    for (const ModelSpec &m : s.models)
        if (GpuCatalog::normalized(m.name) == key)
            return m;
    if (const ModelSpec *m = catalog.find(name))
        return *m;
    return std::nullopt;
}

GpuServingFigure servingFigure(const Scenario &s, const GpuCatalog &catalog, const GpuModel &gpu)
{
    GpuServingFigure out;
    const Serving &serving = *s.workload.serving;
    const auto model = resolveModel(s, serving.model);
    const auto precision = servingPrecisionFromString(serving.precision);
    if (!model || !precision)
        return out;
    const GpuModel *known = catalog.find(gpu.name);
    const ServingGpu device = servingGpu(gpu, catalog.lowPrecisionTflops(known ? known->name : gpu.name));
    const ServingLoad load = loadOf(serving);
    const ModelledThroughput modelled = modelThroughput(*model, device, *precision, load);
    out.replicaGpus = modelled.replicaGpus;
    if (!modelled.fits) {
        out.reason = modelled.reason;
        return out;
    }
    const std::vector<ModelSpec> models = knownModels(s, ModelCatalog::bundled());
    const auto measured = measuredThroughput(ModelCatalog::bundled().measurements(), models, *model, device, *precision, load);
    if (measured) {
        const ServingMeasurement &m = *measured->measurement;
        out.tokensPerSecondPerGpu = measured->tokensPerSecondPerGpu;
        out.measured = true;
        out.source = QStringLiteral("%1, %2 %3, %4").arg(m.benchmark, m.submitter, m.scenario, m.source);
        if (modelled.modelled)
            out.modelledTokensPerSecondPerGpu = modelled.tokensPerSecondPerGpu;
    } else if (modelled.modelled) {
        out.tokensPerSecondPerGpu = modelled.tokensPerSecondPerGpu;
        out.source = QStringLiteral("roofline model, docs/model.md \"Serving throughput\"");
    } else {
        out.reason = modelled.reason;
    }
    return out;
}

void assembleServing(const Scenario &s, const GpuCatalog &catalog, EngineInput &in)
{
    const std::size_t gpuOptions = s.onPremOptions.size() + s.cloudOptions.size();
    if (s.workload.serving) {
        const Serving &serving = *s.workload.serving;
        const QString path = QStringLiteral("workload.serving.");
        if (!resolveModel(s, serving.model)) {
            const QStringList close = ModelCatalog::bundled().closeNames(serving.model);
            throw InputError(path + QStringLiteral("model"),
                             QStringLiteral("unknown model \"%1\" (not in the scenario's models nor in the catalog)%2")
                                 .arg(serving.model,
                                      close.isEmpty() ? QString() : QStringLiteral("; did you mean %1?").arg(close.join(QStringLiteral(", ")))));
        }
        if (!servingPrecisionFromString(serving.precision))
            throw InputError(path + QStringLiteral("precision"),
                             QStringLiteral("must be fp16, bf16, fp8, int4 or fp4, not \"%1\"").arg(serving.precision));
        requireRange(path + QStringLiteral("requestsPerSecond"), serving.requestsPerSecond, kMaxRequestsPerSecond);
        requireRange(path + QStringLiteral("inputTokens"), serving.inputTokens, kMaxTokensPerRequest, true);
        requireRange(path + QStringLiteral("outputTokens"), serving.outputTokens, kMaxTokensPerRequest);
        if (!(serving.peakToMean >= 1) || !(serving.peakToMean <= 1000))
            throw InputError(path + QStringLiteral("peakToMean"),
                             QStringLiteral("must be at least 1 and at most 1000, not %1").arg(number(serving.peakToMean)));

        // Each GPU option's figure; the reference GPU's defines the work. Where the reference
        // cannot serve the model (too small to hold it), the first option that can stands in: N
        // is then counted in its GPUs, and every cost, a function of N / p, is the same.
        std::vector<GpuServingFigure> figures(gpuOptions);
        for (std::size_t i = 0; i < gpuOptions; ++i) {
            const OptionInput &o = in.options[i];
            if (auto gpu = resolveGpu(s, o.gpu, catalog))
                figures[i] = servingFigure(s, catalog, *gpu);
        }
        ServingInput si;
        si.model = serving.model;
        si.precision = serving.precision;
        si.requestsPerSecond = serving.requestsPerSecond;
        si.peakToMean = serving.peakToMean;
        si.inputTokens = serving.inputTokens;
        si.outputTokens = serving.outputTokens;
        si.referenceGpu = s.referenceGpu;
        if (auto reference = resolveGpu(s, s.referenceGpu, catalog))
            si.referenceTokensPerSecond = servingFigure(s, catalog, *reference).tokensPerSecondPerGpu;
        for (std::size_t i = 0; i < gpuOptions && !(si.referenceTokensPerSecond > 0); ++i)
            if (figures[i].tokensPerSecondPerGpu > 0) {
                si.referenceTokensPerSecond = figures[i].tokensPerSecondPerGpu;
                si.referenceGpu = in.options[i].gpu;
            }

        // A demand profile in requests per second gives the shape of the traffic: its peak over
        // its mean replaces peakToMean, and it is scaled so that its mean is λ.
        double peakToMean = serving.peakToMean;
        const double gpusPerRequestPerSecond
            = si.referenceTokensPerSecond > 0 ? serving.outputTokens / si.referenceTokensPerSecond : 0.0;
        if (s.workload.demand && s.workload.demand->mean() > 0) {
            const WorkloadDemand &d = *s.workload.demand;
            peakToMean = d.peak() / d.mean();
            const double scale = serving.requestsPerSecond / d.mean() * gpusPerRequestPerSecond;
            in.demandProfile.assign(d.gpus.size(), 0.0);
            for (std::size_t k = 0; k < d.gpus.size(); ++k)
                in.demandProfile[k] = d.gpus[k] * scale;
        }
        si.peakToMean = peakToMean;
        in.gpus = serving.requestsPerSecond * peakToMean * gpusPerRequestPerSecond;

        for (std::size_t i = 0; i < gpuOptions; ++i) {
            OptionInput &o = in.options[i];
            const GpuServingFigure &f = figures[i];
            if (!(f.tokensPerSecondPerGpu > 0)) {
                o.infeasibleReason = f.reason.isEmpty()
                    ? QStringLiteral("no serving speed for %1 on %2").arg(serving.model, o.gpu)
                    : f.reason;
                continue;
            }
            o.relativeThroughput = f.tokensPerSecondPerGpu / si.referenceTokensPerSecond;
            o.throughputBasis = f.measured ? QStringLiteral("measured") : QStringLiteral("modelled");
            o.throughputSource = f.source;
            o.serving.replicaGpus = f.replicaGpus;
            o.serving.tokensPerSecondPerGpu = f.tokensPerSecondPerGpu;
            o.serving.modelledTokensPerSecondPerGpu = f.modelledTokensPerSecondPerGpu;
            const auto gpu = resolveGpu(s, o.gpu, catalog);
            if (o.kind == OptionKind::OnPrem) {
                const int devices = s.onPremOptions[i].gpuCount;
                if (devices < f.replicaGpus) {
                    o.infeasibleReason = replicaReason(serving, *gpu, f.replicaGpus, devices, "unit");
                    continue;
                }
                // Only whole replicas carry work: 6 GPUs hold one replica of 4.
                o.onPrem.devicesPerUnit = f.replicaGpus * (devices / f.replicaGpus);
            } else {
                const CloudOption &c = s.cloudOptions[i - s.onPremOptions.size()];
                if (c.gpusPerInstance < f.replicaGpus) {
                    o.infeasibleReason = replicaReason(serving, *gpu, f.replicaGpus, c.gpusPerInstance, "instance");
                    continue;
                }
                o.serving.autoscales = c.autoscales;
            }
        }
        in.serving = si;
    }

    for (std::size_t i = 0; i < s.apiOptions.size(); ++i) {
        const ApiOption &a = s.apiOptions[i];
        const QString path = QStringLiteral("apiOptions[%1].").arg(i);
        requireRange(path + QStringLiteral("pricePerMillionInput"), a.pricePerMillionInput, kMaxPricePerMillion, true);
        requireRange(path + QStringLiteral("pricePerMillionOutput"), a.pricePerMillionOutput, kMaxPricePerMillion, true);
        if (a.pricePerMillionCachedInput)
            requireRange(path + QStringLiteral("pricePerMillionCachedInput"), *a.pricePerMillionCachedInput,
                         kMaxPricePerMillion, true);
        if (!(a.cachedInputShare >= 0 && a.cachedInputShare <= 1))
            throw InputError(path + QStringLiteral("cachedInputShare"),
                             QStringLiteral("must be a share from 0 to 1, not %1").arg(number(a.cachedInputShare)));
        if (a.maxTokensPerMinute)
            requireRange(path + QStringLiteral("maxTokensPerMinute"), *a.maxTokensPerMinute, 1e15);
        double rate = 1.0;
        if (a.currency != s.currency) {
            const auto it = s.exchangeRates.find(a.currency);
            if (it == s.exchangeRates.end())
                throw InputError(path + QStringLiteral("currency"),
                                 QStringLiteral("no exchange rate from %1 to %2 in exchangeRates").arg(a.currency, s.currency));
            rate = it->second;
        }
        OptionInput o;
        o.name = a.name;
        o.kind = OptionKind::Api;
        o.relativeThroughput = 1; // no GPUs: nothing is divided by it
        o.memoryGB = std::numeric_limits<double>::infinity();
        o.scores = a.scores;
        o.throughputBasis = QStringLiteral("per token");
        ApiTerms &t = o.api;
        t.provider = a.provider;
        t.model = a.model;
        t.pricePerMillionInput = a.pricePerMillionInput * rate;
        t.pricePerMillionOutput = a.pricePerMillionOutput * rate;
        t.pricePerMillionCachedInput = a.pricePerMillionCachedInput.value_or(a.pricePerMillionInput) * rate;
        t.cachedInputShare = a.cachedInputShare;
        t.priceChangePerYear = a.priceChangePerYear.value_or(s.apiPriceChangePerYear);
        t.maxTokensPerMinute = a.maxTokensPerMinute;
        if (!s.workload.serving)
            o.infeasibleReason = QStringLiteral("an API is priced per token: the workload must describe serving (workload.serving)");
        in.options.push_back(std::move(o));
    }
}

} // namespace breakeven
