// The bundled pricing database checked as data: it loads, every row has a source and a date,
// prices are sane, throughput agrees with the reference GPU in every profile and with the
// measured rows behind it, and the presets and examples the
// editors offer are all there.
#include "catalog/bundledcatalog.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "exchange/scenariojson.h"

#include <QDate>
#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QUrl>
#include <QtTest>

#include <algorithm>
#include <array>
#include <cmath>

using namespace breakeven;

namespace {

bool isDate(const QString &text) { return QDate::fromString(text, Qt::ISODate).isValid(); }

double throughput(const char *name)
{
    const GpuModel *gpu = GpuCatalog::bundled().find(QLatin1String(name));
    return gpu ? gpu->throughputFor(ThroughputProfile::Training) : 0.0;
}

} // namespace

class TestBundledCatalog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void gpuModels()
    {
        const auto &models = GpuCatalog::bundled().models();
        QVERIFY(models.size() >= 30);
        for (const GpuModel &g : models) {
            QVERIFY2(!g.source.isEmpty(), qPrintable(g.name));
            QVERIFY2(isDate(g.asOf), qPrintable(g.name + QStringLiteral(": ") + g.asOf));
            QVERIFY2(g.memoryGB > 0, qPrintable(g.name));
            QVERIFY2(g.relativeThroughput > 0, qPrintable(g.name));
            QVERIFY2(g.gpusPerBoard >= 1, qPrintable(g.name));
            QVERIFY2(!g.throughputBasis.isEmpty(), qPrintable(g.name));
        }
    }

    void requiredModels_data()
    {
        QTest::addColumn<QString>("name");
        for (const char *name : {"K80", "P40", "V100", "T4", "A10", "A10G", "A100-80GB", "H100", "H200", "B200", "MI300X",
                                 "RTX3090", "RTX4060Ti", "RTX4090", "RTX5090", "A100_80G_SXM4", "H100_PCIE"})
            QTest::newRow(name) << QString::fromLatin1(name);
    }

    void requiredModels()
    {
        QFETCH(QString, name);
        QVERIFY2(GpuCatalog::bundled().find(name), qPrintable(name));
    }

    void throughputAgreesWithTheReference()
    {
        const GpuModel *reference = GpuCatalog::bundled().find(QStringLiteral("A100-SXM4-80GB"));
        QVERIFY(reference);
        for (int p = 0; p < kThroughputProfileCount; ++p)
            QCOMPARE(reference->throughputFor(ThroughputProfile(p)), 1.0);
        // The measured training figures the cost model quotes (Lambda's PyTorch suite).
        QVERIFY(qAbs(throughput("H100-SXM5-80GB") - 1.68) < 0.01);
        QVERIFY(qAbs(throughput("RTX-4090") - 0.74) < 0.01);
        QVERIFY(qAbs(throughput("A10") - 0.34) < 0.01);
        // Peak TFLOPS overstate training: the H100's lead is much larger there, and larger on
        // large transformers (FP8) than in the training suite.
        const GpuModel *h100 = GpuCatalog::bundled().find(QStringLiteral("H100-SXM5-80GB"));
        QVERIFY(h100->throughputFor(ThroughputProfile::Peak) > 1.8 * h100->throughputFor(ThroughputProfile::Training));
        QVERIFY(h100->throughputFor(ThroughputProfile::LlmTraining) > h100->throughputFor(ThroughputProfile::Training));
        QVERIFY(throughput("B200") > throughput("H100-SXM5-80GB"));
        QVERIFY(throughput("K80") < throughput("P40"));
        // gpus.csv's single figure is the training profile's.
        for (const GpuModel &g : GpuCatalog::bundled().models())
            QVERIFY2(g.relativeThroughput == g.throughputFor(ThroughputProfile::Training), qPrintable(g.name));
    }

    // Every GPU has the four profiles, each with its basis, source and date; an estimate says so.
    void everyGpuHasFourProfiles()
    {
        const QSet<QString> bases{QStringLiteral("measured"), QStringLiteral("estimate"), QStringLiteral("derived")};
        for (const GpuModel &g : GpuCatalog::bundled().models()) {
            for (int p = 0; p < kThroughputProfileCount; ++p) {
                const ThroughputFigure &f = g.profiles[std::size_t(p)];
                const QString where = g.name + QLatin1Char(' ') + toString(ThroughputProfile(p));
                QVERIFY2(f.relative > 0, qPrintable(where));
                QVERIFY2(bases.contains(f.basis), qPrintable(where + QStringLiteral(": ") + f.basis));
                QVERIFY2(!f.source.isEmpty(), qPrintable(where));
                QVERIFY2(isDate(f.asOf) || QDate::fromString(f.asOf, QStringLiteral("yyyy-MM")).isValid(), qPrintable(where));
                if (f.basis == QLatin1String("estimate"))
                    QVERIFY2(f.source.startsWith(QLatin1String("estimate: ")), qPrintable(where));
            }
            // The derived profiles follow the catalog's own figures, per device.
            const GpuModel *a100 = GpuCatalog::bundled().find(QStringLiteral("A100-SXM4-80GB"));
            const double devices = std::max(1, g.gpusPerBoard);
            QVERIFY2(qAbs(g.figure(ThroughputProfile::Peak).relative - g.fp16Tflops / devices / a100->fp16Tflops) < 6e-4,
                     qPrintable(g.name));
            QVERIFY2(qAbs(g.figure(ThroughputProfile::InferenceMemoryBound).relative
                          - g.bandwidthGBs / devices / a100->bandwidthGBs) < 6e-4, qPrintable(g.name));
        }
    }

    // The measured training figures, recomputed from the published rows kept in
    // tests/data/throughput (SOURCE.md there): one GPU against the file's "A100 80GB SXM4" row,
    // the geometric mean over the models both ran. Within 2 % of the catalog.
    void trainingIsRecomputedFromTheMeasuredRows_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("row");
        const QString head = QStringLiteral("lambda-pytorch-train-throughput-fp16.csv");
        const QString old = QStringLiteral("lambda-pytorch-train-throughput-fp16-2022.csv");
        const QString v2 = QStringLiteral("lambda-csv_v1_v2-pytorch-train-throughput-fp16.csv");
        const QList<std::array<QString, 3>> rows = {
            {QStringLiteral("V100-SXM2-16GB"), head, QStringLiteral("LambdaCloud V100 16GB")},
            {QStringLiteral("RTX-3090"), head, QStringLiteral("RTX 3090")},
            {QStringLiteral("A10"), head, QStringLiteral("LambdaCloud A10")},
            {QStringLiteral("A100-PCIE-40GB"), head, QStringLiteral("LambdaCloud A100 40GB PCIe")},
            {QStringLiteral("A100-PCIE-80GB"), head, QStringLiteral("A100 80GB PCIe")},
            {QStringLiteral("RTX-6000-ADA"), head, QStringLiteral("RTX 6000 Ada")},
            {QStringLiteral("RTX-A6000"), head, QStringLiteral("RTX A6000")},
            {QStringLiteral("RTX-4090"), head, QStringLiteral("RTX 4090")},
            {QStringLiteral("H100-PCIE-80GB"), head, QStringLiteral("H100 80GB PCIe Gen5")},
            {QStringLiteral("H100-SXM5-80GB"), head, QStringLiteral("H100 80GB SXM5")},
            {QStringLiteral("A100-SXM4-40GB"), old, QStringLiteral("A100 40GB SXM4")},
            {QStringLiteral("A40"), old, QStringLiteral("RTX A40")},
            {QStringLiteral("RTX-A5000"), old, QStringLiteral("RTX A5000")},
            {QStringLiteral("RTX-A4000"), old, QStringLiteral("RTX A4000")},
            {QStringLiteral("RTX-3080"), old, QStringLiteral("RTX 3080")},
            {QStringLiteral("QUADRO-RTX-6000"), old, QStringLiteral("Quadro RTX 6000")},
            {QStringLiteral("B200"), v2, QStringLiteral("LambdaCloud 1x B200 192GB SXM5")},
            {QStringLiteral("GH200"), v2, QStringLiteral("LambdaCloud 1x GH200 96GB")},
        };
        for (const auto &[gpu, file, row] : rows)
            QTest::newRow(qPrintable(gpu)) << gpu << file << row;
    }

    void trainingIsRecomputedFromTheMeasuredRows()
    {
        QFETCH(QString, gpu);
        QFETCH(QString, file);
        QFETCH(QString, row);
        QFile csv(QStringLiteral(BREAKEVEN_TEST_DATA "/throughput/") + file);
        QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList header = QString::fromUtf8(csv.readLine()).trimmed().split(QLatin1Char(','));
        QHash<QString, QStringList> rows;
        while (!csv.atEnd()) {
            const QStringList cells = QString::fromUtf8(csv.readLine()).trimmed().split(QLatin1Char(','));
            rows.insert(cells.front(), cells);
        }
        QVERIFY(rows.contains(row));
        QVERIFY(rows.contains(QStringLiteral("A100 80GB SXM4")));
        const QStringList &measured = rows[row];
        const QStringList &reference = rows[QStringLiteral("A100 80GB SXM4")];
        QCOMPARE(measured.at(1).toDouble(), 1.0); // one GPU
        double logs = 0;
        int models = 0;
        for (int c = header.indexOf(QStringLiteral("price")) + 1; c < header.size(); ++c) {
            const double a = measured.at(c).toDouble();
            const double b = reference.at(c).toDouble();
            if (a > 0 && b > 0) { // 0: the model was not run
                logs += std::log(a / b);
                ++models;
            }
        }
        QVERIFY(models >= 7);
        const double recomputed = std::exp(logs / models);
        const GpuModel *model = GpuCatalog::bundled().find(gpu);
        QVERIFY(model);
        const ThroughputFigure &training = model->figure(ThroughputProfile::Training);
        QVERIFY2(qAbs(training.relative / recomputed - 1) < 0.02,
                 qPrintable(QStringLiteral("%1 in the catalog, %2 recomputed").arg(training.relative).arg(recomputed)));
        QCOMPARE(training.basis, QStringLiteral("measured"));
        QVERIFY2(training.source.contains(row), qPrintable(training.source));
    }

    // The GPUs price sheets name beside the older ones: their published figures, per device, and
    // where their training figure stands among their siblings.
    void newerAccelerators_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("vendor");
        QTest::addColumn<double>("memoryGB");
        QTest::addColumn<double>("bandwidthGBs");
        QTest::addColumn<double>("fp16Tflops");
        QTest::addColumn<double>("tdpW");
        QTest::addColumn<QString>("basis");
        QTest::newRow("GB300") << "GB300" << "NVIDIA" << 279.0 << 8000.0 << 2500.0 << 1400.0 << "estimate";
        QTest::newRow("RTX PRO 6000 Server") << "RTX-PRO-6000-SERVER" << "NVIDIA" << 96.0 << 1597.0 << 468.0 << 600.0 << "estimate";
        QTest::newRow("Gaudi 2") << "GAUDI2" << "Intel" << 96.0 << 2460.0 << 432.0 << 600.0 << "measured";
        QTest::newRow("Gaudi 3") << "GAUDI3" << "Intel" << 128.0 << 3670.0 << 1835.0 << 900.0 << "estimate";
    }

    void newerAccelerators()
    {
        QFETCH(QString, name);
        QFETCH(QString, vendor);
        QFETCH(double, memoryGB);
        QFETCH(double, bandwidthGBs);
        QFETCH(double, fp16Tflops);
        QFETCH(double, tdpW);
        QFETCH(QString, basis);
        const GpuModel *g = GpuCatalog::bundled().find(name);
        QVERIFY(g);
        QCOMPARE(g->name, name);
        QCOMPARE(g->vendor, vendor);
        QCOMPARE(g->gpusPerBoard, 1);
        QCOMPARE(g->memoryGB, memoryGB);
        QCOMPARE(g->bandwidthGBs, bandwidthGBs);
        QCOMPARE(g->fp16Tflops, fp16Tflops);
        QCOMPARE(g->tdpW, tdpW);
        QCOMPARE(g->figure(ThroughputProfile::Training).basis, basis);
        QVERIFY2(g->source.contains(QLatin1String("https://")), qPrintable(g->source));
    }

    void newerAcceleratorsAgainstTheirSiblings()
    {
        // GB300 is the GB200's Blackwell Ultra successor: the same dense BF16, more memory.
        QCOMPARE(throughput("GB300"), throughput("GB200"));
        QVERIFY(GpuCatalog::bundled().find(QStringLiteral("GB300"))->memoryGB > GpuCatalog::bundled().find(QStringLiteral("GB200"))->memoryGB);
        // The Server Edition runs the workstation card's chip slower and with less bandwidth.
        QVERIFY(throughput("RTX-PRO-6000-SERVER") < throughput("RTX-PRO-6000"));
        QVERIFY(throughput("RTX-PRO-6000-SERVER") > throughput("RTX-6000-ADA"));
        // Gaudi 2 trains BERT-large about as fast as an A100; Gaudi 3 gains far less than its
        // 4.25 x peak BF16 suggests, and stays below the H100.
        QVERIFY(throughput("GAUDI2") > 0.95 && throughput("GAUDI2") < 1.15);
        QVERIFY(throughput("GAUDI3") > throughput("GAUDI2"));
        QVERIFY(throughput("GAUDI3") < throughput("H100-SXM5-80GB"));
        const GpuModel *gaudi3 = GpuCatalog::bundled().find(QStringLiteral("GAUDI3"));
        QVERIFY(gaudi3->throughputFor(ThroughputProfile::Peak) > 2 * gaudi3->throughputFor(ThroughputProfile::Training));
        QVERIFY(gaudi3->figure(ThroughputProfile::Training).source.contains(QLatin1String("GAUDI2")));
    }

    // Gaudi 2's measured figures, recomputed from the MLPerf Training runs kept in
    // tests/data/throughput (SOURCE.md there): MLPerf's time to train (the slowest and fastest
    // run dropped, the mean of the others), per accelerator, within 2 % of the catalog.
    void gaudi2IsRecomputedFromTheMlperfRuns()
    {
        QFile csv(QStringLiteral(BREAKEVEN_TEST_DATA "/throughput/mlperf-training-runs.csv"));
        QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
        const QStringList header = QString::fromUtf8(csv.readLine()).trimmed().split(QLatin1Char(','));
        const auto column = [&](const char *name) { return int(header.indexOf(QLatin1String(name))); };
        QHash<QString, QList<double>> minutes; // "round benchmark submitter/system" -> runs
        QHash<QString, QString> accelerator;
        while (!csv.atEnd()) {
            const QStringList c = QString::fromUtf8(csv.readLine()).trimmed().split(QLatin1Char(','));
            QCOMPARE(c.size(), header.size());
            QCOMPARE(c.at(column("accelerators")), QStringLiteral("8"));
            const QString key = c.at(column("round")) + QLatin1Char(' ') + c.at(column("benchmark")) + QLatin1Char(' ')
                + c.at(column("submitter")) + QLatin1Char('/') + c.at(column("system"));
            const double run = (c.at(column("run_stop_ms")).toDouble() - c.at(column("run_start_ms")).toDouble()) / 60000;
            minutes[key] << (c.at(column("status")) == QLatin1String("success") ? run : qInf());
            accelerator[key] = c.at(column("accelerator"));
        }
        const auto timeToTrain = [&](const QString &key) {
            QList<double> runs = minutes.value(key);
            std::sort(runs.begin(), runs.end());
            double sum = 0;
            for (qsizetype i = 1; i + 1 < runs.size(); ++i)
                sum += runs[i];
            return runs.size() >= 5 ? sum / double(runs.size() - 2) : 0.0;
        };
        const double a100 = timeToTrain(QStringLiteral("v3.0 bert Dell/XE9680x8A100-SXM-80GB"));
        const double gaudiBert = timeToTrain(QStringLiteral("v3.0 bert Intel-HabanaLabs/HLS-Gaudi2-PT"));
        QVERIFY(qAbs(a100 - 15.415) < 0.001); // the A100 time the catalog's H100 link uses
        QList<double> h100;
        for (auto it = accelerator.cbegin(); it != accelerator.cend(); ++it)
            if (it.key().startsWith(QLatin1String("v4.0 llama2_70b_lora ")) && it.value().contains(QLatin1String("H100")))
                h100 << timeToTrain(it.key());
        QCOMPARE(h100.size(), 8);
        std::sort(h100.begin(), h100.end());
        const double h100Median = (h100[3] + h100[4]) / 2;
        const double gaudiLora = timeToTrain(QStringLiteral("v4.0 llama2_70b_lora Intel-HabanaLabs/HLS-Gaudi2-PT"));
        QVERIFY(gaudiBert > 0 && gaudiLora > 0);

        const GpuModel *gaudi = GpuCatalog::bundled().find(QStringLiteral("GAUDI2"));
        const GpuModel *h100Model = GpuCatalog::bundled().find(QStringLiteral("H100-SXM5-80GB"));
        const ThroughputFigure &training = gaudi->figure(ThroughputProfile::Training);
        QVERIFY2(qAbs(training.relative / (a100 / gaudiBert) - 1) < 0.02,
                 qPrintable(QStringLiteral("%1 in the catalog, %2 recomputed").arg(training.relative).arg(a100 / gaudiBert)));
        QCOMPARE(training.basis, QStringLiteral("measured"));
        QVERIFY(training.source.contains(QLatin1String("HLS-Gaudi2-PT")));
        const ThroughputFigure &llm = gaudi->figure(ThroughputProfile::LlmTraining);
        const double recomputed = h100Median / gaudiLora * h100Model->figure(ThroughputProfile::LlmTraining).relative;
        QVERIFY2(qAbs(llm.relative / recomputed - 1) < 0.02,
                 qPrintable(QStringLiteral("%1 in the catalog, %2 recomputed").arg(llm.relative).arg(recomputed)));
        QCOMPARE(llm.basis, QStringLiteral("measured"));
    }

    void cloudOffers()
    {
        const auto offers = loadBundledOffers();
        QVERIFY(offers.size() >= 80);
        QSet<QString> providers;
        QSet<CloudCategory> categories;
        QSet<QString> keys;
        QHash<QString, int> reserved3y; // offers with a 3-year price, per provider
        int upfrontOffers[2] = {};      // with a 1-year, a 3-year price paid all upfront
        for (const CloudOffer &o : offers) {
            const QString row = o.provider + QLatin1Char(' ') + o.instanceType + QLatin1Char(' ') + o.region;
            QVERIFY2(!o.source.isEmpty(), qPrintable(row));
            QVERIFY2(isDate(o.asOf), qPrintable(row));
            QVERIFY2(o.onDemand && *o.onDemand > 0, qPrintable(row));
            if (o.spot)
                QVERIFY2(*o.spot >= 0 && *o.spot <= *o.onDemand, qPrintable(row));
            for (const auto &reserved : {o.reserved1y, o.reserved3y})
                if (reserved)
                    QVERIFY2(*reserved > 0 && *reserved <= *o.onDemand, qPrintable(row));
            // A term paid all upfront costs no more an hour than the same term paid monthly.
            for (const PricingPlan plan : {PricingPlan::Reserved1y, PricingPlan::Reserved3y}) {
                if (const auto upfront = o.upfrontPrice(plan)) {
                    QVERIFY2(*upfront > 0 && *upfront <= o.price(plan).value_or(*o.onDemand), qPrintable(row));
                    upfrontOffers[plan == PricingPlan::Reserved3y] += 1;
                }
            }
            if (o.reserved3y)
                reserved3y[o.provider] += 1;
            QVERIFY2(GpuCatalog::bundled().find(o.gpu), qPrintable(row + QStringLiteral(": ") + o.gpu));
            QVERIFY2(o.currency.size() == 3, qPrintable(row));
            QVERIFY2(!keys.contains(row), qPrintable(QStringLiteral("duplicate key ") + row));
            keys.insert(row);
            providers.insert(o.provider);
            categories.insert(o.category);
        }
        for (const char *p : {"aws", "gcp", "azure", "lambda", "runpod", "vast"})
            QVERIFY2(providers.contains(QLatin1String(p)), p);
        QCOMPARE(categories.size(), 3);
        // Reserved prices of the three hyperscalers, at least 60 offers with a 3-year one and as
        // many paid all upfront, for the commitment model.
        int withThreeYears = 0;
        for (const int count : reserved3y)
            withThreeYears += count;
        QVERIFY2(withThreeYears >= 60, qPrintable(QString::number(withThreeYears)));
        QVERIFY(upfrontOffers[1] >= 60);
        QVERIFY(upfrontOffers[0] > 0);
        for (const char *p : {"aws", "gcp", "azure"})
            QVERIFY2(reserved3y.value(QLatin1String(p)) > 0, p);
    }

    // The catalog refreshed from the SkyPilot catalog (tools/bundle-offers.py): at least 400
    // offers from 15 providers, each with a source, a web address and the date of its figures;
    // a refreshed row names the catalog file and commit its address points at.
    void cloudOffersSizeAndSources()
    {
        const auto offers = loadBundledOffers();
        QVERIFY2(offers.size() >= 400, qPrintable(QString::number(offers.size())));
        QSet<QString> providers;
        int refreshed = 0;
        const QRegularExpression skypilot(QStringLiteral("catalogs/v8/([a-z0-9-]+)/vms\\.csv at commit ([0-9a-f]{12})"));
        for (const CloudOffer &o : offers) {
            const QString row = o.provider + QLatin1Char(' ') + o.instanceType + QLatin1Char(' ') + o.region;
            providers.insert(o.provider);
            QVERIFY2(!o.source.trimmed().isEmpty(), qPrintable(row));
            const QUrl url(o.url, QUrl::StrictMode);
            QVERIFY2(url.isValid() && url.scheme() == QLatin1String("https") && !url.host().isEmpty(), qPrintable(row + QStringLiteral(": ") + o.url));
            QVERIFY2(isDate(o.asOf) && QDate::fromString(o.asOf, Qt::ISODate) <= QDate::currentDate(), qPrintable(row + QStringLiteral(": ") + o.asOf));
            const QRegularExpressionMatch m = skypilot.match(o.source);
            if (!m.hasMatch() || !o.source.startsWith(QLatin1String("SkyPilot catalog")))
                continue;
            ++refreshed;
            QCOMPARE(m.captured(1), o.provider);
            // The raw file at that very commit: .../skypilot-catalog/<40 hex>/catalogs/v8/<cloud>/vms.csv
            const QStringList parts = url.path().split(QLatin1Char('/'), Qt::SkipEmptyParts);
            QVERIFY2(url.host() == QLatin1String("raw.githubusercontent.com") && parts.size() == 7, qPrintable(o.url));
            QCOMPARE(parts[1], QStringLiteral("skypilot-catalog"));
            QVERIFY2(parts[2].size() == 40 && parts[2].startsWith(m.captured(2)), qPrintable(row + QStringLiteral(": ") + o.url));
            QCOMPARE(parts.mid(3).join(QLatin1Char('/')), QStringLiteral("catalogs/v8/%1/vms.csv").arg(o.provider));
        }
        QVERIFY2(providers.size() >= 15, qPrintable(QStringList(providers.values()).join(QLatin1Char(' '))));
        QVERIFY2(refreshed >= 200, qPrintable(QString::number(refreshed)));
    }

    void presets()
    {
        const auto utilization = bundledUtilizationPresets();
        QCOMPARE(utilization.size(), std::size_t(5));
        for (const auto &p : utilization)
            QVERIFY(p.utilization > 0 && p.utilization <= 1);
        const auto overheads = bundledOverheadPresets();
        QCOMPARE(overheads.size(), std::size_t(3));
        const auto allIn = std::find_if(overheads.begin(), overheads.end(),
                                        [](const OverheadPreset &p) { return p.overheadIncludesPower; });
        QVERIFY(allIn != overheads.end());
        QCOMPARE(allIn->overheadPerYearOfHardware, 0.5);
        QCOMPARE(allIn->lifetimeYears, 3.0);
        QVERIFY(std::any_of(overheads.begin(), overheads.end(), [](const OverheadPreset &p) { return p.pue == 1.5; }));
    }

    void exampleBuilds()
    {
        const auto builds = bundledExampleBuilds();
        QCOMPARE(builds.size(), std::size_t(4));
        QCOMPARE(builds[0].hardwarePrice(), 145.0); // the used-parts K80 rig of the worked example
        QCOMPARE(builds[1].hardwarePrice(), 560.0); // the 3 x P40 rig
        for (const OnPremBuild &b : builds)
            QVERIFY2(GpuCatalog::bundled().find(b.gpu), qPrintable(b.name));
    }

    void exampleScenarios()
    {
        const QStringList names = bundledExampleNames();
        QVERIFY(names.size() >= 3);
        for (const QString &name : names) {
            const Scenario s = readScenarioJson(bundledExample(name), name);
            const CostModel model(assemble(s, GpuCatalog::bundled()));
            QVERIFY2(model.optionCount() >= 2, qPrintable(name));
            const Evaluation e = model.evaluate(s.workload.utilization);
            QVERIFY2(e.cheapest.has_value(), qPrintable(name));
            QVERIFY(e.cumulative.allFinite());
        }
    }
};

QTEST_GUILESS_MAIN(TestBundledCatalog)
#include "test_bundledcatalog.moc"
