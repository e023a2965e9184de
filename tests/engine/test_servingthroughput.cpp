// The serving roofline (docs/model.md, "Serving throughput"): KV-cache bytes and replica sizes
// worked by hand, the efficiencies in the code equal to a fresh fit to the bundled measurements
// (the fit and its error per GPU family are printed: docs/model.md quotes them), the modelled
// speed within the stated error of bundled measurements, and the rule choosing a measured figure.
#include "catalog/gpucatalog.h"
#include "catalog/modelcatalog.h"
#include "engine/servingfleet.h"
#include "engine/servingthroughput.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

using namespace breakeven;

namespace {

const ServingGpu &gpu(const QString &name)
{
    static const std::vector<ServingGpu> gpus = servingGpus(GpuCatalog::bundled());
    const auto it = std::find_if(gpus.begin(), gpus.end(), [&](const ServingGpu &g) { return g.name == name; });
    if (it == gpus.end())
        qFatal("no GPU %s", qPrintable(name));
    return *it;
}

const ModelSpec &model(const QString &name)
{
    const ModelSpec *m = ModelCatalog::bundled().find(name);
    if (!m)
        qFatal("no model %s", qPrintable(name));
    return *m;
}

// The worst |log(modelled / measured)| docs/model.md states for the fit, as a factor.
constexpr double kStatedWorstFactor = 3.0;

} // namespace

class TestServingThroughput : public QObject {
    Q_OBJECT
private slots:
    void catalogsLoad()
    {
        const ModelCatalog &c = ModelCatalog::bundled();
        QVERIFY(c.models().size() >= 20);
        QVERIFY(c.measurements().size() >= 50);
        for (const ServingMeasurement &m : c.measurements()) {
            QVERIFY2(c.find(m.model), qPrintable(m.model));
            QVERIFY2(GpuCatalog::bundled().find(m.gpu), qPrintable(m.gpu));
            QVERIFY2(servingPrecisionFromString(m.precision), qPrintable(m.precision));
        }
        // Spellings of current price sheets (SkyPilot's RunPod and Vast names) that resolved to no
        // GPU, or to the wrong one, before the catalog listed them.
        const GpuCatalog &gpus = GpuCatalog::bundled();
        QCOMPARE(gpus.resolve(QStringLiteral("RTXPRO6000WS")), std::optional(QStringLiteral("RTX-PRO-6000")));
        QCOMPARE(gpus.resolve(QStringLiteral("RTXPRO4500")), std::optional(QStringLiteral("RTX-PRO-4500")));
        QCOMPARE(gpus.resolve(QStringLiteral("NVIDIA-H200-NVL")), std::optional(QStringLiteral("H200-NVL-141GB")));
        QCOMPARE(gpus.lowPrecisionTflops(QStringLiteral("RTX-PRO-6000")).fp4, 2015.2);
        QCOMPARE(gpus.lowPrecisionTflops(QStringLiteral("A100-SXM4-80GB")).fp8, 0.0);
        QCOMPARE(c.find(QStringLiteral("llama 3.1 70b"))->name, QStringLiteral("Llama-3.1-70B"));
        QVERIFY(c.closeNames(QStringLiteral("Llama-3.1-70")).contains(QStringLiteral("Llama-3.1-70B")));
    }

    void kvCacheBytes()
    {
        // 80 layers × (2 × 8 KV heads × 128) values × 2 bytes = 327,680 bytes a token at fp16.
        const ModelSpec &llama = model(QStringLiteral("Llama-3.1-70B"));
        QCOMPARE(llama.kvValuesPerTokenLayer, 2.0 * llama.kvHeads * llama.headDim);
        QCOMPARE(llama.kvBytesPerToken(kvBytesPerValue(ServingPrecision::Fp16)), 327680.0);
        QCOMPARE(llama.kvBytesPerToken(kvBytesPerValue(ServingPrecision::Fp8)), 163840.0);
        // DeepSeek's latent attention caches 576 values a layer: 61 × 576 = 35,136 bytes at fp8.
        QCOMPARE(model(QStringLiteral("DeepSeek-V3")).kvBytesPerToken(kvBytesPerValue(ServingPrecision::Fp8)), 35136.0);
    }

    void replicaSizesByHand()
    {
        const ServingLoad load{1000, 300, std::nullopt};
        // 70.6 B × 2 bytes = 141.2 GB of weights: 2 × 80 GB.
        const auto a = modelThroughput(model(QStringLiteral("Llama-3.1-70B")), gpu(QStringLiteral("H100-SXM5-80GB")),
                                       ServingPrecision::Fp16, load);
        QVERIFY(a.fits);
        QCOMPARE(a.replicaGpus, 2);
        QCOMPARE(a.weightsGB, 141.2);
        // At fp8, 70.6 GB and 1,300 tokens × 160 KB fit one H100; an L4 holds 8.03 GB of Llama 8B.
        QCOMPARE(modelThroughput(model(QStringLiteral("Llama-3.1-70B")), gpu(QStringLiteral("H100-SXM5-80GB")),
                                 ServingPrecision::Fp8, load).replicaGpus, 1);
        const auto small = modelThroughput(model(QStringLiteral("Llama-3.1-8B")), gpu(QStringLiteral("L4")),
                                           ServingPrecision::Fp8, load);
        QCOMPARE(small.replicaGpus, 1);
        QVERIFY(small.modelled && small.tokensPerSecondPerGpu > 0);
        // 810 GB does not fit eight 24 GB cards: the reason says so in words.
        const auto big = modelThroughput(model(QStringLiteral("Llama-3.1-405B")), gpu(QStringLiteral("L4")),
                                         ServingPrecision::Fp16, load);
        QVERIFY(!big.fits);
        QCOMPARE(big.reason, QStringLiteral("Llama-3.1-405B at fp16 needs 810 GB of weights; 8 × L4 hold 192 GB"));
        QCOMPARE(modelThroughput(model(QStringLiteral("Llama-3.1-405B")), gpu(QStringLiteral("H100-SXM5-80GB")),
                                 ServingPrecision::Fp8, load).replicaGpus, 8);
        // The batch fills what the weights leave: (2 × 80 − 141.2) GB / (1,300 × 327,680 B) = 44.
        QCOMPARE(a.batch, 44.0);
    }

    void latencyTargetLimitsTheBatch()
    {
        const ModelSpec &m = model(QStringLiteral("Llama-3.1-8B"));
        const ServingGpu &h100 = gpu(QStringLiteral("H100-SXM5-80GB"));
        const auto free = modelThroughput(m, h100, ServingPrecision::Fp8, {1000, 300, std::nullopt});
        const auto tight = modelThroughput(m, h100, ServingPrecision::Fp8, {1000, 300, 10.0});
        QVERIFY(tight.modelled);
        QVERIFY(tight.batch < free.batch);
        QVERIFY(tight.stepMs <= 10.0 + 1e-9);
        QVERIFY(tight.tokensPerSecondPerGpu < free.tokensPerSecondPerGpu);
        const auto impossible = modelThroughput(model(QStringLiteral("Llama-3.1-70B")), gpu(QStringLiteral("L40S")),
                                                ServingPrecision::Fp8, {1000, 300, 5.0});
        QVERIFY(!impossible.meetsLatency);
        QVERIFY2(impossible.reason.contains(QStringLiteral("above the 5.0 ms target")), qPrintable(impossible.reason));
    }

    void efficienciesAreTheFit()
    {
        const auto samples = fitSamples(ModelCatalog::bundled(), servingGpus(GpuCatalog::bundled()));
        QVERIFY(samples.size() >= 25);
        const EfficiencyFit fit = fitServingEfficiency(samples);
        qInfo("fit over %d measurements: eta_mem %.2f, eta_comp %.2f, median |log error| %.3f",
              int(samples.size()), fit.efficiency.memory, fit.efficiency.compute, fit.medianAbsLogError);
        QCOMPARE(kServingEfficiency.memory, fit.efficiency.memory);
        QCOMPARE(kServingEfficiency.compute, fit.efficiency.compute);
        // The error per GPU family, as docs/model.md gives it: modelled / measured.
        std::map<QString, std::vector<double>> byFamily;
        for (const FitSample &s : samples) {
            const double r = modelledOverMeasured(s, kServingEfficiency);
            byFamily[GpuCatalog::family(s.gpu.name)].push_back(r);
            qInfo("  %-16s %-16s %-4s %5.0f/%-5.0f measured %8.0f modelled %8.0f ratio %.2f", qPrintable(s.gpu.name),
                  qPrintable(s.model->name), qPrintable(s.measurement->precision), *s.measurement->inputTokens,
                  *s.measurement->outputTokens, s.measurement->tokensPerSecondPerGpu,
                  r * s.measurement->tokensPerSecondPerGpu, r);
            QVERIFY2(std::abs(std::log(r)) <= std::log(kStatedWorstFactor),
                     qPrintable(QStringLiteral("%1 %2: %3").arg(s.gpu.name, s.model->name).arg(r)));
        }
        for (auto &[family, ratios] : byFamily) {
            std::vector<double> errors;
            for (double r : ratios)
                errors.push_back(std::exp(std::abs(std::log(r))));
            std::sort(errors.begin(), errors.end());
            const double median = errors.size() % 2 ? errors[errors.size() / 2]
                                                    : std::sqrt(errors[errors.size() / 2 - 1] * errors[errors.size() / 2]);
            qInfo("family %-6s n=%d median factor %.2f worst factor %.2f", qPrintable(family), int(errors.size()),
                  median, errors.back());
        }
    }

    // A few bundled measurements, each within the stated error of the roofline.
    void modelledWithinStatedError_data()
    {
        QTest::addColumn<QString>("gpuName");
        QTest::addColumn<QString>("modelName");
        QTest::addColumn<int>("precision");
        QTest::addColumn<double>("input");
        QTest::addColumn<double>("output");
        QTest::addColumn<double>("measured");
        QTest::newRow("H100 Llama 3.3 70B fp8 1000/1000") << "H100-SXM5-80GB" << "Llama-3.3-70B" << int(ServingPrecision::Fp8) << 1000.0 << 1000.0 << 2209.0;
        QTest::newRow("B200 Llama 3.3 70B fp4 1000/1000") << "B200" << "Llama-3.3-70B" << int(ServingPrecision::Int4) << 1000.0 << 1000.0 << 6920.0;
        QTest::newRow("MI300X Llama 3.1 70B fp8 128/2048") << "MI300X" << "Llama-3.1-70B" << int(ServingPrecision::Fp8) << 128.0 << 2048.0 << 1651.56;
        QTest::newRow("L40S GPT-J fp8 128/128") << "L40S" << "GPT-J-6B" << int(ServingPrecision::Fp8) << 128.0 << 128.0 << 3630.0;
    }

    void modelledWithinStatedError()
    {
        QFETCH(QString, gpuName);
        QFETCH(QString, modelName);
        QFETCH(int, precision);
        QFETCH(double, input);
        QFETCH(double, output);
        QFETCH(double, measured);
        const auto m = modelThroughput(model(modelName), gpu(gpuName), ServingPrecision(precision), {input, output, std::nullopt});
        QVERIFY(m.modelled);
        const double factor = std::exp(std::abs(std::log(m.tokensPerSecondPerGpu / measured)));
        QVERIFY2(factor <= kStatedWorstFactor, qPrintable(QString::number(m.tokensPerSecondPerGpu)));
    }

    void measuredFigureSelection()
    {
        const ModelCatalog &c = ModelCatalog::bundled();
        const ModelSpec &llama31 = model(QStringLiteral("Llama-3.1-70B"));
        const ServingGpu &h100 = gpu(QStringLiteral("H100-SXM5-80GB"));
        // Llama 3.3 70B is the same family and size: its 1000/1000 figure serves at those lengths.
        const auto same = measuredThroughput(c.measurements(), c.models(), llama31, h100, ServingPrecision::Fp8,
                                             {1000, 1000, std::nullopt});
        QVERIFY(same);
        QCOMPARE(same->measurement->model, QStringLiteral("Llama-3.3-70B"));
        QCOMPARE(same->tokensPerSecondPerGpu, 2209.0);
        QCOMPARE(same->rescale, 1.0);
        // At 1000/300 the closest lengths are rescaled by the model's ratio.
        const auto other = measuredThroughput(c.measurements(), c.models(), llama31, h100, ServingPrecision::Fp8,
                                              {1000, 300, std::nullopt});
        QVERIFY(other);
        QCOMPARE(other->measurement->inputTokens.value(), 1000.0);
        const ServingLoad at{1000, 300, std::nullopt};
        const ServingLoad there{1000, 1000, std::nullopt};
        const double ratio = modelThroughput(llama31, h100, ServingPrecision::Fp8, at).tokensPerSecondPerGpu
            / modelThroughput(llama31, h100, ServingPrecision::Fp8, there).tokensPerSecondPerGpu;
        QVERIFY(std::abs(other->rescale - ratio) < 1e-12);
        QVERIFY(std::abs(other->tokensPerSecondPerGpu - 2209.0 * ratio) < 1e-9);
        // A latency target: offline figures have no limit, so none is as strict.
        QVERIFY(!measuredThroughput(c.measurements(), c.models(), llama31, h100, ServingPrecision::Fp8, {1000, 1000, 50.0}));
        // Another precision or another size: nothing measured.
        QVERIFY(!measuredThroughput(c.measurements(), c.models(), llama31, h100, ServingPrecision::Fp16, {1000, 1000, std::nullopt}));
        QVERIFY(!measuredThroughput(c.measurements(), c.models(), model(QStringLiteral("Llama-2-70B")), gpu(QStringLiteral("L4")),
                                    ServingPrecision::Fp8, {1000, 1000, std::nullopt}));
        // Llama 2 70B is not Llama 3.1 70B (another vocabulary, 69.0 B): not the same size.
        QVERIFY(!sameModelSize(model(QStringLiteral("Llama-2-70B")), llama31));
        QVERIFY(sameModelSize(model(QStringLiteral("DeepSeek-R1")), model(QStringLiteral("DeepSeek-V3"))));
    }

    void precisionsAndRates()
    {
        QCOMPARE(servingPrecisionFromString(QStringLiteral("BF16")), std::optional(ServingPrecision::Fp16));
        QCOMPARE(servingPrecisionFromString(QStringLiteral("fp4")), std::optional(ServingPrecision::Int4));
        QVERIFY(!servingPrecisionFromString(QStringLiteral("fp32")));
        // An A100 has no FP8 units: FP8 weights compute at its FP16 rate; an H100 has no FP4.
        QCOMPARE(tensorTflops(gpu(QStringLiteral("A100-SXM4-80GB")), ServingPrecision::Fp8), 312.0);
        QCOMPARE(tensorTflops(gpu(QStringLiteral("H100-SXM5-80GB")), ServingPrecision::Int4), 1979.0);
        QCOMPARE(tensorTflops(gpu(QStringLiteral("B200")), ServingPrecision::Int4), 9000.0);
    }
};

QTEST_GUILESS_MAIN(TestServingThroughput)
#include "test_servingthroughput.moc"
