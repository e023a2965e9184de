// The bundled pricing database checked as data: it loads, every row has a source and a date,
// prices are sane, throughput agrees with the reference GPU, and the presets and examples the
// editors offer are all there.
#include "catalog/bundledcatalog.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "exchange/scenariojson.h"

#include <QDate>
#include <QSet>
#include <QtTest>

using namespace breakeven;

namespace {

bool isDate(const QString &text) { return QDate::fromString(text, Qt::ISODate).isValid(); }

double throughput(const char *name)
{
    const GpuModel *gpu = GpuCatalog::bundled().find(QLatin1String(name));
    return gpu ? gpu->relativeThroughput : 0.0;
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
        QCOMPARE(throughput("A100-SXM4-80GB"), 1.0);
        // The sanity figures of the cost model, within 15 %.
        QVERIFY(qAbs(throughput("A10") / throughput("A100-SXM4-80GB") - 0.5) < 0.5 * 0.15);
        QVERIFY(qAbs(throughput("A10G") / throughput("P40") - 1.5) < 1.5 * 0.15);
        QVERIFY(qAbs(throughput("RTX-4060TI-16GB") / throughput("A10G") - 1.3) < 1.3 * 0.15);
        QVERIFY(throughput("H100-SXM5-80GB") > throughput("A100-SXM4-80GB"));
        QVERIFY(throughput("B200") > throughput("H100-SXM5-80GB"));
        QVERIFY(throughput("K80") < throughput("P40"));
    }

    void cloudOffers()
    {
        const auto offers = loadBundledOffers();
        QVERIFY(offers.size() >= 80);
        QSet<QString> providers;
        QSet<CloudCategory> categories;
        QSet<QString> keys;
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
