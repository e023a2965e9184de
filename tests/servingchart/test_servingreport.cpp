// The report's serving section, read back from the PDF: the model, the traffic, each option's
// tokens per second with its source, the cost per million tokens as the results give it, the
// break-even rates in words and the chart against traffic; a workload in GPU time has none.
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "engine/servingresults.h"
#include "export/reportwriter.h"
#include "../engine/servingfixtures.h"

#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace breakeven;
using namespace breakeven::fixtures;

namespace {

// The report's text as pdftotext reads it: `raw` keeps its lines.
QString reportText(const Scenario &scenario, bool raw = false)
{
    const CostModel model(assemble(scenario, servingGpus()));
    const Evaluation e = model.evaluate(scenario.workload.utilization);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("serving.pdf"));
    exporting::writeReport(scenario, servingGpus(), model, e, path);
    QProcess text;
    text.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    if (!text.waitForFinished(30000))
        return {};
    const QString out = QString::fromUtf8(text.readAllStandardOutput()).normalized(QString::NormalizationForm_KC);
    return raw ? out : out.simplified();
}

} // namespace

class TestServingReport : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
            QSKIP("poppler-utils (pdftotext) not installed");
    }

    void namesTheModelTheCostAndTheBreakEven()
    {
        Scenario s = servingScenario();
        s.workload.serving->maxTimePerOutputTokenMs = 50;
        const QString report = reportText(s);
        QVERIFY(!report.isEmpty());
        QVERIFY2(report.contains(QStringLiteral("Serving: what a million tokens costs")), qPrintable(report.left(2000)));
        const qsizetype at = report.indexOf(QStringLiteral("Serving: what a million tokens costs"));
        const QString section = report.mid(at, 6000);
        QVERIFY2(section.contains(QStringLiteral("The workload serves Llama-3.1-70B")), qPrintable(section));
        QVERIFY(section.contains(QStringLiteral("billion parameters")));
        QVERIFY(section.contains(QStringLiteral("20 requests a second on average")));
        QVERIFY(section.contains(QStringLiteral("1,000 tokens in and 300 out per request")));
        QVERIFY(section.contains(QStringLiteral("at most 50 ms per output token")));

        // Each option's cost per million tokens, as the results give it.
        const CostModel model(assemble(s, servingGpus()));
        const Evaluation e = model.evaluate(s.workload.utilization);
        for (const ServingOptionFigures &f : servingOptionFigures(model, e)) {
            if (!f.costPerMillionTokens)
                continue;
            const QString cost = formatMoney(*f.costPerMillionTokens, QStringLiteral("USD"), 3);
            QVERIFY2(section.contains(cost), qPrintable(QStringLiteral("%1 not in: %2").arg(cost, section)));
        }
        // Where the tokens per second come from.
        QVERIFY(section.contains(QStringLiteral("Where the figures come from")));
        QVERIFY(section.contains(QStringLiteral("tokens a second per GPU of H100-SXM5-80GB, measured"))
                || section.contains(QStringLiteral("tokens a second per GPU of H100-SXM5-80GB, modelled")));
        QVERIFY(section.contains(QStringLiteral("8 x H100 server and 8 x H100 rented: ")));
        QVERIFY(section.contains(QStringLiteral("The model's figures: ")));
        // The break-even rate in words (3.1456 requests a second, by hand), and the chart.
        QVERIFY2(section.contains(QStringLiteral("Above 3.15 requests a second, 8 x H100 server is cheaper than Together Llama 70B")),
                 qPrintable(section));
        QVERIFY(section.contains(QStringLiteral("Cost per million tokens against traffic")));
    }

    void figuresKeepToOneLine()
    {
        const QString report = reportText(servingScenario(), true);
        // The replica and the costs of a row are not broken inside their cells.
        QVERIFY2(report.contains(QStringLiteral("2 × H100-SXM5-80GB")) || report.contains(QStringLiteral("1 × H100-SXM5-80GB")),
                 qPrintable(report));
        QVERIFY(report.contains(QStringLiteral("Tokens/s per GPU")));
        QVERIFY(report.contains(QStringLiteral("Per M tokens")));
    }

    void noSectionForGpuTime()
    {
        Scenario s = servingScenario();
        s.workload.serving.reset();
        s.apiOptions.clear();
        const QString report = reportText(s);
        QVERIFY(!report.isEmpty());
        QVERIFY(!report.contains(QStringLiteral("Serving: what a million tokens costs")));
        QVERIFY(!report.contains(QStringLiteral("Cost per million tokens against traffic")));
    }
};

QTEST_MAIN(TestServingReport)
#include "test_servingreport.moc"
