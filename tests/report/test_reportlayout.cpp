// The report reads well: no figure or column header is broken over two lines in its tables,
// pages are filled before the next begins, the tornado is drawn for more than one pair, and an
// export from the window says where its file went, with a way to open it and its folder.
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "exchange/scenariojson.h"
#include "export/reportcontent.h"
#include "export/reportlayout.h"
#include "export/reportwriter.h"
#include "mainwindow/exportnotice.h"
#include "mainwindow/mainwindow.h"
#include "store/document.h"

#include <QAbstractTextDocumentLayout>
#include <QBuffer>
#include <QLabel>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QProcess>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextTable>
#include <QToolButton>
#include <QtTest>

using namespace breakeven;
using exporting::ReportLayout;

namespace {

Scenario example(const QString &name)
{
    return readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/%1.json").arg(name));
}

// "1,859,114.56 USD", "−79,983 USD", "81.0 %", "0.81 x": a figure, with its unit.
bool isFigure(const QString &text)
{
    static const QRegularExpression figure(QStringLiteral("^[−-]?[0-9][0-9,.\\s]*(\\s?(USD|EUR|%|x|×|days))?$"),
                                           QRegularExpression::UseUnicodePropertiesOption);
    return figure.match(text.trimmed()).hasMatch();
}

struct CellLines {
    QString text;
    int lines = 0;
    bool header = false;
};

// Every cell of every table of `document`, with the lines it is laid out on.
QList<CellLines> cells(QTextDocument *document)
{
    document->documentLayout(); // laid out
    QList<CellLines> out;
    for (QTextFrame *frame : document->rootFrame()->childFrames()) {
        auto *table = qobject_cast<QTextTable *>(frame);
        if (!table)
            continue;
        for (int r = 0; r < table->rows(); ++r) {
            for (int c = 0; c < table->columns(); ++c) {
                const QTextTableCell cell = table->cellAt(r, c);
                CellLines lines{{}, 0, r == 0};
                for (QTextFrame::iterator it = cell.begin(); !it.atEnd(); ++it) {
                    const QTextBlock block = it.currentBlock();
                    if (!block.isValid())
                        continue;
                    lines.text += block.text();
                    lines.lines += block.layout()->lineCount();
                }
                out << lines;
            }
        }
    }
    return out;
}

struct Page {
    QPdfWriter *writer;
    qreal width;
    qreal height;
};

} // namespace

class TestReportLayout : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void figuresAndHeadersStayOnOneLine();
    void pagesAreFilledBeforeTheNext();
    void tornadoesForTheDecisivePairs();
    void exportsSayWhereTheFileWent();
    void saysHowItIsPaidForAndTaxed();

private:
    QBuffer m_buffer;
    std::unique_ptr<QPdfWriter> m_writer;
    qreal m_width = 0;
    qreal m_height = 0;
};

void TestReportLayout::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    m_buffer.open(QIODevice::WriteOnly);
    m_writer = std::make_unique<QPdfWriter>(&m_buffer);
    m_writer->setResolution(96);
    m_writer->setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 18),
                                        QPageLayout::Millimeter));
    const QRect page = m_writer->pageLayout().paintRectPixels(96);
    m_width = page.width();
    m_height = page.height() - 24;
}

// A cluster big enough for seven-figure totals, as the report of a real purchase has them.
void TestReportLayout::figuresAndHeadersStayOnOneLine()
{
    Scenario scenario = example(QStringLiteral("h100-server"));
    scenario.workload.gpus *= 5;
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(0.6);
    ReportLayout layout(m_writer.get(), m_width, m_height);
    QStringList tables = exporting::resultsTableHtml(model, e, 1 << 20);
    tables << exporting::pairsTableHtml(model, e, 1 << 20) << exporting::yearlyCashFlowHtml(model, e, 5, 10)
           << exporting::cashFlowHtml(model, e, 1 << 20, 5, 10);
    QVERIFY2(tables.size() >= 4, qPrintable(QString::number(tables.size())));
    // The figures are marked to stay on one line.
    for (const QString &table : tables)
        QVERIFY(table.contains(QStringLiteral("align=\"right\"") + exporting::kNoWrap));
    for (const QString &table : tables)
        layout.addTable(table, 0.78);

    int figures = 0;
    bool throughputHeader = false;
    for (exporting::ReportBlock &block : layout.blocks()) {
        QVERIFY(block.text);
        // Nothing runs past the page's edge.
        QVERIFY2(block.text->size().width() <= m_width + 1, qPrintable(QString::number(block.text->size().width())));
        for (const CellLines &cell : cells(block.text.get())) {
            if (isFigure(cell.text)) {
                ++figures;
                QVERIFY2(cell.lines == 1, qPrintable(QStringLiteral("%1 on %2 lines").arg(cell.text).arg(cell.lines)));
            }
            if (cell.header && cell.text == QStringLiteral("Throughput")) {
                throughputHeader = true;
                QCOMPARE(cell.lines, 1);
            }
        }
    }
    QVERIFY2(figures > 50, qPrintable(QStringLiteral("%1 figures in %2").arg(figures).arg(layout.blocks().front().text->toPlainText().left(400))));
    QVERIFY(throughputHeader);
    double largest = 0;
    for (int i = 0; i < model.optionCount(); ++i)
        largest = std::max(largest, e.tco(i));
    QVERIFY2(largest >= 1e6, qPrintable(formatMoney(largest, model.input().currency))); // "4,325,968.12 USD"
}

// Headings stay with what follows them, tables split between rows to fill a page, and no page
// but the last is more than half empty.
void TestReportLayout::pagesAreFilledBeforeTheNext()
{
    ReportLayout layout(m_writer.get(), m_width, m_height);
    const auto table = [](int rows) {
        QString html = QStringLiteral("<table border=\"0.5\" cellspacing=\"0\" width=\"100%\"><tr><th>Month</th><th>Paid</th></tr>");
        for (int r = 0; r < rows; ++r)
            html += QStringLiteral("<tr><td>%1</td><td align=\"right\"%2>%3 USD</td></tr>").arg(r).arg(exporting::kNoWrap).arg(r * 1000);
        return html + QStringLiteral("</table>");
    };
    const qreal chart = m_width * 0.62;
    layout.addHtml(QStringLiteral("<h1>Title</h1><p>%1</p>").arg(QStringLiteral("Words. ").repeated(200)));
    for (int k = 0; k < 4; ++k) {
        layout.addHtml(QStringLiteral("<h2>Chart %1</h2>").arg(k), true);
        layout.addChart(k, chart);
    }
    layout.addHtml(QStringLiteral("<h2>A long table</h2>"), true);
    layout.addTable(table(120));
    layout.addHtml(QStringLiteral("<h2>A short one</h2>"), true);
    layout.addTable(table(5));
    layout.addHtml(QStringLiteral("<p>The end.</p>"));

    std::vector<qreal> used(std::size_t(layout.pageCount()), 0);
    const auto &blocks = layout.blocks();
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const exporting::ReportBlock &block = blocks[i];
        QVERIFY(block.y + block.height <= m_height + 0.5 || block.y == 0);
        used[std::size_t(block.page)] = std::max(used[std::size_t(block.page)], block.y + block.height);
        // A heading is never the last block of its page.
        if (block.text && block.text->toPlainText().startsWith(QStringLiteral("Chart")))
            QCOMPARE(blocks[i + 1].page, block.page);
    }
    for (std::size_t p = 0; p + 1 < used.size(); ++p)
        QVERIFY2(used[p] >= m_height / 2, qPrintable(QStringLiteral("page %1 used %2 of %3").arg(p + 1).arg(used[p]).arg(m_height)));
    // The long table went over pages, each part with its header.
    int parts = 0;
    for (const exporting::ReportBlock &block : blocks)
        if (block.text && block.text->toPlainText().trimmed().startsWith(QStringLiteral("Month")))
            ++parts;
    QVERIFY2(parts >= 3, qPrintable(QStringLiteral("%1 parts, %2 pages").arg(parts).arg(layout.pageCount())));
}

void TestReportLayout::tornadoesForTheDecisivePairs()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("poppler-utils (pdftotext) not installed");
    const Scenario scenario = example(QStringLiteral("h100-server"));
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(scenario.workload.utilization);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.pdf"));
    exporting::writeReport(scenario, GpuCatalog::bundled(), model, e, path);
    QProcess text;
    text.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    QVERIFY(text.waitForFinished(30000));
    const QString report = QString::fromUtf8(text.readAllStandardOutput()).normalized(QString::NormalizationForm_KC).simplified();
    // Four pairs: the three whose answer is least certain each get a tornado.
    QCOMPARE(int(model.pairs(e).size()), 4);
    QCOMPARE(report.count(QStringLiteral("What flips it: ")), 3);
    QVERIFY(report.contains(QStringLiteral("the 3 pairs whose answer is least certain")));
}

// A build paid by a loan in a taxed scenario: the report says the terms and the tax in words, the
// yearly cash flow is after tax with the total before tax under it, and Every pair gives the
// discounted payback.
void TestReportLayout::saysHowItIsPaidForAndTaxed()
{
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())
        QSKIP("poppler-utils (pdftotext) not installed");
    Scenario scenario = example(QStringLiteral("h100-server"));
    QVERIFY(!scenario.onPremOptions.empty());
    Financing loan;
    loan.method = FinancingMethod::Loan;
    loan.annualRate = 0.09;
    loan.termMonths = 36;
    loan.downPayment = 0.1;
    scenario.onPremOptions.front().financing = loan;
    scenario.tax = Tax{0.21, DepreciationMethod::Macrs5, 5};
    const CostModel model(assemble(scenario, GpuCatalog::bundled()));
    const Evaluation e = model.evaluate(scenario.workload.utilization);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("taxed.pdf"));
    exporting::writeReport(scenario, GpuCatalog::bundled(), model, e, path);
    QProcess text;
    text.start(QStringLiteral("pdftotext"), {path, QStringLiteral("-")});
    QVERIFY(text.waitForFinished(30000));
    const QString report = QString::fromUtf8(text.readAllStandardOutput()).normalized(QString::NormalizationForm_KC).simplified();
    QVERIFY2(report.contains(QStringLiteral("paid by a loan at 9.0 % a year over 36 months, 10 % down")), qPrintable(report.left(3000)));
    QVERIFY(report.contains(QStringLiteral("Every figure is after a 21.0 % tax")));
    QVERIFY(report.contains(QStringLiteral("Total before tax")));
    QVERIFY(report.contains(QStringLiteral("of which tax savings")));
    QVERIFY(report.contains(QStringLiteral("Discounted payback")));
}

void TestReportLayout::exportsSayWhereTheFileWent()
{
    QTemporaryDir dir;
    const QString documentPath = dir.filePath(QStringLiteral("notice.breakeven"));
    Document::create(documentPath);
    MainWindow window(Document::open(documentPath));
    window.resize(1400, 900);
    QVERIFY(!ExportNotice::of(window.statusBar()));

    const QString report = dir.filePath(QStringLiteral("quarterly report.pdf"));
    QVERIFY(window.exportReport(report));
    QVERIFY(QFileInfo::exists(report));
    QVERIFY2(window.statusBar()->currentMessage().contains(QDir::toNativeSeparators(report)),
             qPrintable(window.statusBar()->currentMessage()));
    ExportNotice *notice = ExportNotice::of(window.statusBar());
    QVERIFY(notice);
    QVERIFY(notice->isVisibleTo(&window));
    QVERIFY(notice->label()->text().contains(QStringLiteral("quarterly report.pdf")));
    QCOMPARE(notice->path(), QFileInfo(report).absoluteFilePath());
    QVERIFY(notice->openButton()->isVisibleTo(&window));
    QVERIFY(notice->folderButton()->isVisibleTo(&window));
    QVERIFY(notice->folderButton()->toolTip().contains(QDir::toNativeSeparators(dir.path())));
    // The message times out; the notice stays, and the next export takes its place.
    window.statusBar()->clearMessage();
    QVERIFY(notice->isVisibleTo(&window));
    const QString csv = dir.filePath(QStringLiteral("series.csv"));
    QVERIFY(window.exportSeriesCsv(csv));
    QCOMPARE(ExportNotice::of(window.statusBar()), notice);
    QVERIFY(notice->label()->text().contains(QStringLiteral("series.csv")));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("series.csv")));
}

QTEST_MAIN(TestReportLayout)
#include "test_reportlayout.moc"
