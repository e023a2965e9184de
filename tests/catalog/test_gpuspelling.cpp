// Providers' spellings of GPU names resolved without an alias for each (docs/model.md, "GPU
// names"): vendor and packaging words, form factors and stated memory, against the bundled catalog
// and a small one with round figures.
#include "catalog/gpucatalog.h"
#include "import/sheetrow.h"

#include <QtTest>

using namespace breakeven;

namespace {

GpuModel model(const QString &name, double memoryGB)
{
    GpuModel g;
    g.name = name;
    g.memoryGB = memoryGB;
    g.relativeThroughput = 1;
    return g;
}

// The V100s and A100s as the bundled catalog has them, and one alias.
GpuCatalog small()
{
    return GpuCatalog({model(QStringLiteral("V100-SXM2-16GB"), 16), model(QStringLiteral("V100-SXM2-32GB"), 32),
                       model(QStringLiteral("V100-PCIE-16GB"), 16), model(QStringLiteral("A100-PCIE-40GB"), 40),
                       model(QStringLiteral("A100-SXM4-80GB"), 80), model(QStringLiteral("H100-NVL-94GB"), 94),
                       model(QStringLiteral("H100-SXM5-80GB"), 80), model(QStringLiteral("RTX-6000-ADA"), 48),
                       model(QStringLiteral("A10"), 24), model(QStringLiteral("A10G"), 24)},
                      {{QStringLiteral("A100"), QStringLiteral("A100-SXM4-80GB")}});
}

} // namespace

class TestGpuSpelling : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void takesSpellingsApart()
    {
        const GpuCatalog::Spelling s = GpuCatalog::spelling(QStringLiteral("NVIDIA Tesla V100-SXM2-32GB HBM2"));
        QCOMPARE(s.core, QStringLiteral("V100"));
        QCOMPARE(s.memoryGB, std::optional<int>(32));
        QCOMPARE(s.form, QStringLiteral("SXM"));
        const GpuCatalog::Spelling low = GpuCatalog::spelling(QStringLiteral("A6000_PCIE_LOW_RAM"));
        QCOMPARE(low.core, QStringLiteral("A6000"));
        QVERIFY(!low.memoryGB);
        QCOMPARE(low.form, QStringLiteral("PCIE"));
        QCOMPARE(GpuCatalog::spelling(QStringLiteral("AMD Instinct MI300X")).core, QStringLiteral("MI300X"));
        QCOMPARE(GpuCatalog::spelling(QStringLiteral("a100-80g")).memoryGB, std::optional<int>(80));
        QCOMPARE(GpuCatalog::spelling(QStringLiteral("A100 80GiB")).memoryGB, std::optional<int>(80));
        QCOMPARE(GpuCatalog::spelling(QStringLiteral("RTX4000-Ada")).core, QStringLiteral("RTX4000ADA"));
    }

    void resolvesTheOneModelASpellingCanMean_data()
    {
        QTest::addColumn<QString>("spelling");
        QTest::addColumn<QString>("model"); // empty: no answer
        QTest::newRow("vendor words") << "NVIDIA Tesla V100-SXM2-16GB" << "V100-SXM2-16GB";
        QTest::newRow("memory picks") << "V100 32GB" << "V100-SXM2-32GB";
        QTest::newRow("memory as G") << "v100_32g" << "V100-SXM2-32GB";
        QTest::newRow("form picks") << "V100_PCIE" << "V100-PCIE-16GB";
        QTest::newRow("memory and form") << "Tesla V100 SXM2 16GB" << "V100-SXM2-16GB";
        QTest::newRow("two left") << "V100_SXM2" << "";
        QTest::newRow("none of that memory") << "V100 24GB" << "";
        QTest::newRow("NVL") << "H100_NVL" << "H100-NVL-94GB";
        QTest::newRow("HBM3 and BAREMETAL") << "H100-SXM5-80GB-HBM3-BAREMETAL" << "H100-SXM5-80GB";
        QTest::newRow("Ada suffix") << "RTX6000ADA_PCIE" << "RTX-6000-ADA";
        QTest::newRow("a core is not a prefix") << "A10_PCIE" << "A10";
        QTest::newRow("through an alias's core") << "A100 80GB" << "A100-SXM4-80GB";
        QTest::newRow("an alias's core, another memory") << "A100_PCIE_40GB" << "A100-PCIE-40GB";
        QTest::newRow("unknown") << "RTX3070" << "";
        QTest::newRow("only words") << "NVIDIA GPU" << "";
    }

    void resolvesTheOneModelASpellingCanMean()
    {
        QFETCH(QString, spelling);
        QFETCH(QString, model);
        const GpuCatalog catalog = small(); // kept: `found` points into it
        const GpuModel *found = catalog.find(spelling);
        QCOMPARE(found ? found->name : QString(), model);
    }

    // The spellings real SkyPilot sheets use for GPUs the bundled catalog has (Spheron's
    // `…_PCIE`, `A6000_PCIE_LOW_RAM`), each resolved with no alias of its own.
    void bundledCatalogUnderstandsProviders_data()
    {
        QTest::addColumn<QString>("spelling");
        QTest::addColumn<QString>("model");
        QTest::newRow("L40_PCIE") << "L40_PCIE" << "L40";
        QTest::newRow("L40S_PCIE") << "L40S_PCIE" << "L40S";
        QTest::newRow("L4_PCIE") << "L4_PCIE" << "L4";
        QTest::newRow("A4000_PCIE") << "A4000_PCIE" << "RTX-A4000";
        QTest::newRow("RTX6000ADA_PCIE") << "RTX6000ADA_PCIE" << "RTX-6000-ADA";
        QTest::newRow("RTXPRO6000_PCIE") << "RTXPRO6000_PCIE" << "RTX-PRO-6000";
        QTest::newRow("A6000_PCIE_LOW_RAM") << "A6000_PCIE_LOW_RAM" << "RTX-A6000";
        QTest::newRow("GeForce") << "NVIDIA GeForce RTX 4090" << "RTX-4090";
        QTest::newRow("Instinct") << "AMD Instinct MI300X" << "MI300X";
        QTest::newRow("H100 NVL") << "NVIDIA H100 NVL" << "H100-NVL-94GB";
        QTest::newRow("H200 141GB") << "H200 141GB" << "H200-SXM-141GB";
        // Names of real sheets for GPUs the catalog gained (aliases and spellings together).
        QTest::newRow("A16_PCIE") << "A16_PCIE" << "A16";
        QTest::newRow("RTX4000-Ada") << "RTX4000-Ada" << "RTX-4000-ADA";
        QTest::newRow("T4g") << "T4g" << "T4G";
        QTest::newRow("A800") << "A800" << "A800-PCIE-80GB";
        QTest::newRow("RTXA2000") << "RTXA2000" << "RTX-A2000";
        QTest::newRow("RTX3070") << "RTX3070" << "RTX-3070";
        QTest::newRow("RTX4060") << "RTX4060" << "RTX-4060";
        QTest::newRow("RTX5000-Ada") << "RTX5000-Ada" << "RTX-5000-ADA";
        QTest::newRow("RTX A4500") << "NVIDIA RTX A4500" << "RTX-A4500";
        QTest::newRow("H20") << "H20" << "H20";
        QTest::newRow("B300") << "B300" << "B300";
        QTest::newRow("GB200") << "GB200" << "GB200";
        QTest::newRow("MI355X") << "AMD Instinct MI355X" << "MI355X";
        // Hyperstack's and Lium's sheets: a bridge and an edition named beside the card.
        QTest::newRow("A100-80G-PCIe-NVLink") << "A100-80G-PCIe-NVLink" << "A100-PCIE-80GB";
        QTest::newRow("H100-80G-PCIe-NVLink") << "H100-80G-PCIe-NVLink" << "H100-PCIE-80GB";
        QTest::newRow("RTXPRO6000-WK") << "RTXPRO6000-WK" << "RTX-PRO-6000";
        // OCI's GB300 sheet, the Server Edition's device name (AWS g7e, RunPod), and Intel's
        // accelerators as hl-smi, gpuhunt and the MLPerf system descriptions name them.
        QTest::newRow("GB300") << "GB300" << "GB300";
        QTest::newRow("NVIDIA GB300") << "NVIDIA GB300" << "GB300";
        QTest::newRow("Server Edition") << "NVIDIA RTX PRO 6000 Blackwell Server Edition" << "RTX-PRO-6000-SERVER";
        QTest::newRow("Server Edition, no vendor") << "RTX PRO 6000 Blackwell Server Edition" << "RTX-PRO-6000-SERVER";
        QTest::newRow("RTXPRO6000_SERVER") << "RTXPRO6000_SERVER" << "RTX-PRO-6000-SERVER";
        QTest::newRow("RTXPRO6000 stays the workstation card") << "RTXPRO6000" << "RTX-PRO-6000";
        QTest::newRow("Gaudi2") << "Gaudi2" << "GAUDI2";
        QTest::newRow("HL-225") << "HL-225" << "GAUDI2";
        QTest::newRow("Habana Gaudi2") << "Habana Gaudi2" << "GAUDI2";
        QTest::newRow("Intel Gaudi 2 96GB") << "Intel Gaudi 2 96GB" << "GAUDI2";
        QTest::newRow("Intel(R) Gaudi(R) 2") << "Intel(R) Gaudi(R) 2 AI Accelerator" << "GAUDI2";
        QTest::newRow("Gaudi3") << "Gaudi3" << "GAUDI3";
        QTest::newRow("HL-325L") << "HL-325L" << "GAUDI3";
        QTest::newRow("Intel Gaudi 3 AI Accelerator") << "Intel Gaudi 3 AI Accelerator" << "GAUDI3";
    }

    void bundledCatalogUnderstandsProviders()
    {
        QFETCH(QString, spelling);
        QFETCH(QString, model);
        const GpuModel *found = GpuCatalog::bundled().find(spelling);
        QVERIFY2(found, qPrintable(spelling));
        QCOMPARE(found->name, model);
    }

    // Spellings that name another product than the catalog's: none of them may resolve.
    void bundledCatalogRefusesOtherProducts_data()
    {
        QTest::addColumn<QString>("spelling");
        QTest::newRow("Gaudi 1 (AWS dl1)") << "Gaudi HL-205";
        QTest::newRow("Gaudi 2 PCIe card") << "HL-288";
        QTest::newRow("Gaudi 2 of another memory") << "Gaudi2 128GB";
        QTest::newRow("Gaudi 3 PCIe card") << "HL-338";
    }

    void bundledCatalogRefusesOtherProducts()
    {
        QFETCH(QString, spelling);
        const GpuModel *found = GpuCatalog::bundled().find(spelling);
        QVERIFY2(!found, qPrintable(spelling + QStringLiteral(" -> ") + (found ? found->name : QString())));
    }

    // The form factor a sheet's instance type states for a GPU name that leaves it out, from
    // real sheets' instance types (Lambda, Cudo, Mithril, Nebius, Shadeform).
    void instanceTypeForms_data()
    {
        QTest::addColumn<QString>("provider");
        QTest::addColumn<QString>("instanceType");
        QTest::addColumn<QString>("form"); // empty: none stated
        QTest::newRow("_pcie") << "lambda" << "gpu_1x_h100_pcie" << "PCIE";
        QTest::newRow("_sxm5 as written") << "lambda" << "gpu_8x_h100_sxm5" << "SXM5";
        QTest::newRow("-pci_ read as PCIE") << "cudo" << "intel-ice-lake-a100-pci_1x4v8gb" << "PCIE";
        QTest::newRow(".sxm.") << "mithril" << "h100-80gb.sxm.8x" << "SXM";
        QTest::newRow("-sxm_") << "nebius" << "gpu-h100-sxm_8gpu-128vcpu-1600gb" << "SXM";
        QTest::newRow("a count after the form") << "shadeform" << "lambdalabs_H100-sxm5x2" << "SXM5";
        QTest::newRow("no form word") << "lambda" << "gpu_1x_a10" << "";
        QTest::newRow("a form only inside a word") << "acme" << "pcix-sxmbox_1x" << "";
        QTest::newRow("lambda's list: PCIe") << "lambda" << "gpu_2x_a100" << "PCIE";
        QTest::newRow("lambda's list: SXM4 is the plain A100") << "lambda" << "gpu_8x_a100" << "";
        QTest::newRow("another provider's gpu_2x_a100") << "acme" << "gpu_2x_a100" << "";
    }

    void instanceTypeForms()
    {
        QFETCH(QString, provider);
        QFETCH(QString, instanceType);
        QFETCH(QString, form);
        QCOMPARE(instanceTypeForm(provider, instanceType), form);
    }
};

QTEST_APPLESS_MAIN(TestGpuSpelling)
#include "test_gpuspelling.moc"
