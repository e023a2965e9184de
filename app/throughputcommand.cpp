// `breakeven throughput --model M`: every catalog GPU (or one) sized for serving a model — the
// replica, the batch, tokens per second per GPU measured and modelled, and why a GPU cannot
// serve it (docs/model.md, "Serving throughput").
#include "arguments.h"
#include "verbs.h"

#include "catalog/gpucatalog.h"
#include "catalog/modelcatalog.h"
#include "engine/servingfleet.h"
#include "inputerror.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace breakeven::cli {

namespace {

// A count of tokens or milliseconds: a finite number above 0 and at most `most`.
double positiveNumber(const Arguments &args, const QString &option, double fallback, double most)
{
    const auto text = args.option(option);
    if (!text)
        return fallback;
    bool ok = false;
    const double v = text->trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v) || v <= 0 || v > most)
        throw UsageError(QStringLiteral("--%1 takes a number above 0 and at most %2, not \"%3\"")
                             .arg(option, QLocale::c().toString(most, 'f', 0), text->left(40)));
    return v;
}

QString number(double v, int decimals = 0)
{
    return QLocale::c().toString(v, 'f', decimals);
}

QString measuredText(const MeasuredThroughput &m)
{
    const ServingMeasurement &s = *m.measurement;
    QString text = QStringLiteral("%1, %2 %3, %4 at %5/%6 tokens")
                       .arg(s.benchmark, s.submitter, s.scenario, s.model, number(*s.inputTokens), number(*s.outputTokens));
    if (m.rescale != 1)
        text += QStringLiteral(", rescaled × %1 to these lengths").arg(number(m.rescale, 2));
    return text;
}

QJsonObject toJson(const GpuServing &s)
{
    QJsonObject o{{QStringLiteral("gpu"), s.gpu.name}, {QStringLiteral("fits"), s.modelled.fits},
                  {QStringLiteral("weightsGB"), s.modelled.weightsGB}};
    if (s.modelled.fits)
        o.insert(QStringLiteral("replicaGpus"), s.modelled.replicaGpus);
    if (s.modelled.modelled) {
        o.insert(QStringLiteral("batch"), s.modelled.batch);
        o.insert(QStringLiteral("stepMs"), s.modelled.stepMs);
        o.insert(QStringLiteral("modelledTokensPerSecondPerGpu"), s.modelled.tokensPerSecondPerGpu);
    }
    const double tps = s.tokensPerSecondPerGpu();
    o.insert(QStringLiteral("tokensPerSecondPerGpu"), tps > 0 ? QJsonValue(tps) : QJsonValue(QJsonValue::Null));
    o.insert(QStringLiteral("basis"), s.measured ? QStringLiteral("measured")
                                     : s.modelled.modelled ? QStringLiteral("modelled") : QString());
    if (s.measured) {
        const ServingMeasurement &m = *s.measured->measurement;
        o.insert(QStringLiteral("measured"),
                 QJsonObject{{QStringLiteral("model"), m.model}, {QStringLiteral("scenario"), m.scenario},
                             {QStringLiteral("software"), m.software}, {QStringLiteral("submitter"), m.submitter},
                             {QStringLiteral("benchmark"), m.benchmark}, {QStringLiteral("inputTokens"), *m.inputTokens},
                             {QStringLiteral("outputTokens"), *m.outputTokens},
                             {QStringLiteral("tokensPerSecondPerGpu"), m.tokensPerSecondPerGpu},
                             {QStringLiteral("rescale"), s.measured->rescale}, {QStringLiteral("source"), m.source},
                             {QStringLiteral("url"), m.url}, {QStringLiteral("asOf"), m.asOf}});
    }
    if (!s.modelled.reason.isEmpty())
        o.insert(QStringLiteral("reason"), s.modelled.reason);
    return o;
}

} // namespace

int runThroughput(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {QStringLiteral("json")},
                         {QStringLiteral("model"), QStringLiteral("gpu"), QStringLiteral("precision"),
                          QStringLiteral("input"), QStringLiteral("output"), QStringLiteral("max-tpot")});
    args.expectPositionals(0, {});
    const ModelCatalog &models = ModelCatalog::bundled();
    const QString modelName = args.requiredOption(QStringLiteral("model"));
    const ModelSpec *model = models.find(modelName);
    if (!model) {
        const QStringList close = models.closeNames(modelName);
        QStringList all;
        for (const ModelSpec &m : models.models())
            all << m.name;
        throw InputError(QStringLiteral("--model"),
                         close.isEmpty()
                             ? QStringLiteral("no model \"%1\" in the catalog; it has %2").arg(modelName.left(80), all.join(QStringLiteral(", ")))
                             : QStringLiteral("no model \"%1\" in the catalog; did you mean %2?").arg(modelName.left(80), close.join(QStringLiteral(", "))));
    }
    ServingPrecision precision = ServingPrecision::Fp16;
    if (const auto p = args.option(QStringLiteral("precision"))) {
        const auto parsed = servingPrecisionFromString(*p);
        if (!parsed)
            throw UsageError(QStringLiteral("--precision takes fp16, bf16, fp8, int4 or fp4, not \"%1\"").arg(p->left(40)));
        precision = *parsed;
    }
    ServingLoad load;
    load.inputTokens = positiveNumber(args, QStringLiteral("input"), 1000, 10'000'000);
    load.outputTokens = positiveNumber(args, QStringLiteral("output"), 300, 10'000'000);
    if (args.option(QStringLiteral("max-tpot")))
        load.maxTpotMs = positiveNumber(args, QStringLiteral("max-tpot"), 0, 60'000);

    const GpuCatalog &catalog = GpuCatalog::bundled();
    std::vector<ServingGpu> gpus;
    if (const auto g = args.option(QStringLiteral("gpu"))) {
        const GpuModel *found = catalog.find(*g);
        if (!found)
            throw InputError(QStringLiteral("--gpu"), QStringLiteral("no GPU \"%1\" in the catalog").arg(g->left(80)));
        gpus.push_back(servingGpu(*found, catalog.lowPrecisionTflops(found->name)));
    } else {
        gpus = servingGpus(catalog);
    }
    const std::vector<GpuServing> sized = sizeEveryGpu(*model, gpus, models, precision, load);

    if (args.flag(QStringLiteral("json"))) {
        QJsonArray rows;
        for (const GpuServing &s : sized)
            rows.append(toJson(s));
        const QJsonObject doc{{QStringLiteral("model"), model->name},
                              {QStringLiteral("precision"), servingPrecisionName(precision)},
                              {QStringLiteral("inputTokens"), load.inputTokens},
                              {QStringLiteral("outputTokens"), load.outputTokens},
                              {QStringLiteral("maxTimePerOutputTokenMs"),
                               load.maxTpotMs ? QJsonValue(*load.maxTpotMs) : QJsonValue(QJsonValue::Null)},
                              {QStringLiteral("gpus"), rows}};
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return 0;
    }
    out << QStringLiteral("%1 at %2, %3 tokens in and %4 out a request, %5\n")
               .arg(model->name, servingPrecisionName(precision), number(load.inputTokens), number(load.outputTokens),
                    load.maxTpotMs ? QStringLiteral("at most %1 ms a token").arg(number(*load.maxTpotMs, 1))
                                   : QStringLiteral("no latency target"));
    for (const GpuServing &s : sized) {
        out << s.gpu.name << ": ";
        if (!s.modelled.fits || (!s.modelled.modelled && !s.measured)) {
            out << QStringLiteral("cannot serve it: ") << s.modelled.reason << '\n';
            continue;
        }
        out << QStringLiteral("a replica of %1 GPU%2").arg(s.modelled.replicaGpus).arg(s.modelled.replicaGpus == 1 ? "" : "s");
        if (s.modelled.modelled)
            out << QStringLiteral(", batch %1").arg(number(s.modelled.batch));
        if (s.measured) {
            out << QStringLiteral(", %1 tokens/s per GPU measured (%2)")
                       .arg(number(s.measured->tokensPerSecondPerGpu), measuredText(*s.measured));
            if (s.modelled.modelled)
                out << QStringLiteral("; modelled %1").arg(number(s.modelled.tokensPerSecondPerGpu));
        } else {
            out << QStringLiteral(", %1 tokens/s per GPU modelled").arg(number(s.modelled.tokensPerSecondPerGpu));
        }
        out << '\n';
    }
    return 0;
}

} // namespace breakeven::cli
