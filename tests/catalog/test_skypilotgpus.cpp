// The GPU names of SkyPilot's price sheets resolve in the bundled catalog (pricing-db/gpus.csv,
// gpu-aliases.csv): every AcceleratorName of the real sheets kept in ../shared/pricing-samples
// when that folder is beside the project, and the spellings of the current sheets that once
// resolved to nothing (RTX2000-Ada, RTX5880-Ada, RTX5060). The GPUs they name carry their
// datasheet figures, and the serving roofline sizes Llama 3.1 8B on each of them.
#include "catalog/gpucatalog.h"
#include "catalog/modelcatalog.h"
#include "engine/servingfleet.h"
#include "engine/servingthroughput.h"
#include "text/csvreader.h"

#include <QDir>
#include <QSet>
#include <QtTest>

#include <algorithm>
#include <map>

using namespace breakeven;

namespace {

// SkyPilot's spellings (catalogs/v8 sheets of Vast and RunPod) and the catalog names they mean.
const std::pair<const char *, const char *> kSkyPilotNames[] = {
    {"RTX2000-Ada", "RTX-2000-ADA"},
    {"RTX5880-Ada", "RTX-5880-ADA"},
    {"RTX5060", "RTX-5060"},
};

const ServingGpu *servingGpu(const std::vector<ServingGpu> &gpus, const QString &name)
{
    for (const ServingGpu &gpu : gpus)
        if (gpu.name == name)
            return &gpu;
    return nullptr;
}

} // namespace

class TestSkyPilotGpus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void currentSpellingsResolve_data()
    {
        QTest::addColumn<QString>("spelling");
        QTest::addColumn<QString>("name");
        for (const auto &[spelling, name] : kSkyPilotNames)
            QTest::newRow(spelling) << QString::fromLatin1(spelling) << QString::fromLatin1(name);
        QTest::newRow("lower case") << "rtx5880-ada" << "RTX-5880-ADA";
        QTest::newRow("underscores") << "RTX_2000_Ada" << "RTX-2000-ADA";
    }

    void currentSpellingsResolve()
    {
        QFETCH(QString, spelling);
        QFETCH(QString, name);
        QCOMPARE(GpuCatalog::bundled().resolve(spelling), std::optional<QString>(name));
    }

    // Every GPU name of the bundled real sheets, and the current spellings above with them.
    void everyNameOfTheSamplesResolves()
    {
        QSet<QString> names;
        for (const auto &[spelling, name] : kSkyPilotNames)
            names.insert(QString::fromLatin1(spelling));
        const QDir samples(QStringLiteral(BREAKEVEN_SOURCE_DIR "/../shared/pricing-samples"));
        if (!samples.exists())
            QSKIP("no ../shared/pricing-samples beside the project");
        const QStringList files = samples.entryList({QStringLiteral("*.csv")}, QDir::Files, QDir::Name);
        QVERIFY(!files.isEmpty());
        int fromSheets = 0;
        for (const QString &file : files) {
            const std::unique_ptr<CsvReader> reader = CsvReader::open(samples.filePath(file));
            CsvRecord record;
            QVERIFY2(reader->next(record), qPrintable(file));
            const int column = int(record.fields.indexOf(QStringLiteral("AcceleratorName")));
            QVERIFY2(column >= 0, qPrintable(file + QStringLiteral(": no AcceleratorName column")));
            while (reader->next(record)) {
                const QString name = column < record.fields.size() ? record.fields[column].trimmed() : QString();
                if (name.isEmpty())
                    continue; // a CPU-only instance
                if (!names.contains(name))
                    ++fromSheets;
                names.insert(name);
            }
        }
        QVERIFY(fromSheets >= 10);
        QStringList unresolved;
        for (const QString &name : names)
            if (!GpuCatalog::bundled().resolve(name))
                unresolved << name;
        QVERIFY2(unresolved.isEmpty(), qPrintable(QStringLiteral("resolve to nothing: ") + unresolved.join(QStringLiteral(", "))));
    }

    // The datasheet figures of gpus.csv as the catalog reads them.
    void figuresAreTheDatasheets()
    {
        const GpuCatalog &catalog = GpuCatalog::bundled();
        struct Expected {
            const char *name;
            double memoryGB, bandwidthGBs, fp16, fp8, fp4, tdpW;
        };
        for (const Expected &e : {Expected{"RTX-2000-ADA", 16, 224, 48.0, 96.0, 0, 70},
                                  Expected{"RTX-5880-ADA", 48, 960, 277.1, 554.2, 0, 285},
                                  Expected{"RTX-5060", 8, 448, 38.4, 76.8, 307.0, 145}}) {
            const QString name = QString::fromLatin1(e.name);
            const GpuModel *gpu = catalog.find(name);
            QVERIFY2(gpu, e.name);
            QCOMPARE(gpu->memoryGB, e.memoryGB);
            QCOMPARE(gpu->bandwidthGBs, e.bandwidthGBs);
            QCOMPARE(gpu->fp16Tflops, e.fp16);
            QCOMPARE(gpu->tdpW, e.tdpW);
            const GpuCatalog::LowPrecisionTflops rates = catalog.lowPrecisionTflops(name);
            QCOMPARE(rates.fp8, e.fp8);
            QCOMPARE(rates.fp4, e.fp4);
            QVERIFY2(gpu->relativeThroughput > 0, e.name);
            QVERIFY2(gpu->source.contains(QStringLiteral("https://")), e.name);
        }
    }

    // Llama 3.1 8B (16 GB of weights at fp16): one RTX 5880 Ada holds it at any precision; an
    // RTX 2000 Ada needs two at fp16 and one at fp8; an 8 GB RTX 5060 needs four at fp16, two at
    // fp8 (8.03 GB of weights and a request's KV cache) and one at 4 bits. Each serves tokens.
    void throughputModelSizesLlama8b()
    {
        const ModelSpec *llama = ModelCatalog::bundled().find(QStringLiteral("Llama-3.1-8B"));
        QVERIFY(llama);
        const std::vector<ServingGpu> gpus = servingGpus(GpuCatalog::bundled());
        const ServingLoad load; // 1000 tokens in, 300 out
        struct Expected {
            const char *name;
            ServingPrecision precision;
            int replica;
        };
        std::map<QString, double> fp8Speed;
        for (const Expected &e : {Expected{"RTX-5880-ADA", ServingPrecision::Fp16, 1},
                                  Expected{"RTX-5880-ADA", ServingPrecision::Fp8, 1},
                                  Expected{"RTX-5880-ADA", ServingPrecision::Int4, 1},
                                  Expected{"RTX-2000-ADA", ServingPrecision::Fp16, 2},
                                  Expected{"RTX-2000-ADA", ServingPrecision::Fp8, 1},
                                  Expected{"RTX-2000-ADA", ServingPrecision::Int4, 1},
                                  Expected{"RTX-5060", ServingPrecision::Fp16, 4},
                                  Expected{"RTX-5060", ServingPrecision::Fp8, 2},
                                  Expected{"RTX-5060", ServingPrecision::Int4, 1}}) {
            const QString name = QString::fromLatin1(e.name);
            const ServingGpu *gpu = servingGpu(gpus, name);
            QVERIFY2(gpu, e.name);
            const ModelledThroughput m = modelThroughput(*llama, *gpu, e.precision, load);
            const QString what = QStringLiteral("%1 at %2").arg(name, servingPrecisionName(e.precision));
            QVERIFY2(m.fits && m.modelled, qPrintable(what + QStringLiteral(": ") + m.reason));
            QVERIFY2(m.replicaGpus == e.replica, qPrintable(what + QStringLiteral(": replica %1").arg(m.replicaGpus)));
            QVERIFY2(m.batch >= 1 && m.tokensPerSecondPerGpu > 0, qPrintable(what));
            if (e.precision == ServingPrecision::Fp8)
                fp8Speed[name] = m.tokensPerSecondPerGpu;
        }
        // Decoding reads memory: four times the bandwidth serves more than the smaller card.
        QVERIFY(fp8Speed[QStringLiteral("RTX-5880-ADA")] > 2 * fp8Speed[QStringLiteral("RTX-2000-ADA")]);

        // The fleet sizing `breakeven throughput` prints lists them among the GPUs that serve it.
        const std::vector<GpuServing> fleet
            = sizeEveryGpu(*llama, gpus, ModelCatalog::bundled(), ServingPrecision::Fp8, load);
        for (const auto &[spelling, name] : kSkyPilotNames) {
            const auto it = std::find_if(fleet.begin(), fleet.end(),
                                         [&](const GpuServing &s) { return s.gpu.name == QLatin1String(name); });
            QVERIFY2(it != fleet.end() && it->tokensPerSecondPerGpu() > 0, name);
        }
    }
};

QTEST_GUILESS_MAIN(TestSkyPilotGpus)
#include "test_skypilotgpus.moc"
