#include "reportwriter.h"

#include "engine/decidedby.h"

#include "chartexport.h"
#include "engine/costmodel.h"
#include "engine/hybrid.h"
#include "hybridreport.h"
#include "engine/resultstext.h"
#include "engine/risk.h"
#include "inputerror.h"
#include "reportcontent.h"
#include "riskreport.h"

#include <QAbstractAxis>
#include <QAbstractTextDocumentLayout>
#include <QChart>
#include <QLegend>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QTextDocument>

#include <algorithm>
#include <memory>
#include <vector>

namespace breakeven::exporting {

namespace {

constexpr int kResolution = 96;            // painter units per inch
constexpr qreal kChartHeightRatio = 0.62;  // chart block height / content width
constexpr qreal kMinChartTextPt = 8.0;     // the smallest text of a chart on the page
constexpr int kTableRowsPerChunk = 28;
// The cash flow: a page of months, five options side by side.
constexpr int kCashFlowRowsPerChunk = 40;
constexpr int kCashFlowOptionsPerTable = 5;
constexpr int kCashFlowMaxOptions = 10;

const QString kStyle = QStringLiteral(
    "body { font-family: 'DejaVu Sans'; font-size: 9pt; }"
    "h1 { font-size: 16pt; } h2 { font-size: 13pt; } h3 { font-size: 11pt; }"
    "table.results { font-size: 7pt; }");

struct Block {
    std::unique_ptr<QTextDocument> text;  // either text ...
    charts::ChartKind chart{};            // ... or a chart
    bool isChart = false;
    bool keepWithNext = false;            // headings stay with what they introduce
    bool newPage = false;
    qreal height = 0;
    int page = 0;
    qreal y = 0;
};

class ReportLayout {
public:
    ReportLayout(QPaintDevice *device, qreal width)
        : m_device(device)
        , m_width(width)
    {
    }

    void addHtml(const QString &html, bool keepWithNext = false, bool newPage = false, qreal fontScale = 1.0)
    {
        Block block;
        block.text = std::make_unique<QTextDocument>();
        block.text->documentLayout()->setPaintDevice(m_device);
        block.text->setDefaultStyleSheet(kStyle);
        QFont font(QStringLiteral("DejaVu Sans"));
        font.setPointSizeF(9 * fontScale);
        block.text->setDefaultFont(font);
        // The width first: the text is then laid out once, at the page's width.
        block.text->setTextWidth(m_width);
        block.text->setHtml(html);
        block.height = block.text->size().height();
        block.keepWithNext = keepWithNext;
        block.newPage = newPage;
        m_blocks.push_back(std::move(block));
    }

    void addChart(charts::ChartKind kind)
    {
        Block block;
        block.isChart = true;
        block.chart = kind;
        block.height = m_width * kChartHeightRatio;
        m_blocks.push_back(std::move(block));
    }

    // Greedy pagination; returns the number of pages.
    int paginate(qreal pageHeight)
    {
        int page = 0;
        qreal y = 0;
        for (std::size_t i = 0; i < m_blocks.size(); ++i) {
            Block &block = m_blocks[i];
            qreal needed = block.height;
            if (block.keepWithNext && i + 1 < m_blocks.size())
                needed += m_blocks[i + 1].height;
            if ((block.newPage && y > 0) || (y > 0 && y + std::min(needed, pageHeight) > pageHeight)) {
                ++page;
                y = 0;
            }
            block.page = page;
            block.y = y;
            y += block.height + kSpacing;
        }
        return page + 1;
    }

    std::vector<Block> &blocks() { return m_blocks; }

    static constexpr qreal kSpacing = 8;

private:
    QPaintDevice *m_device;
    qreal m_width;
    std::vector<Block> m_blocks;
};

int feasibleCount(const CostModel &model)
{
    int count = 0;
    for (int i = 0; i < model.optionCount(); ++i)
        count += model.isFeasible(i) ? 1 : 0;
    return count;
}

} // namespace

void writeReport(const Scenario &scenario, const GpuCatalog &catalog, const CostModel &model,
                 const Evaluation &evaluation, const QString &path, std::shared_ptr<const RiskResult> risk)
{
    // The risk section samples the scenario at the utilization the report is for.
    // Only what the section shows is sampled, with bounded work (quickRiskRequest), so that a
    // report of any scenario stays quick (docs/model.md).
    QString riskError;
    if (!risk) {
        try {
            Scenario atUtilization = scenario;
            atUtilization.workload.utilization = evaluation.utilization;
            risk = std::make_shared<const RiskResult>(analyseRisk(atUtilization, catalog, quickRiskRequest(model, evaluation)));
        } catch (const InputError &error) {
            riskError = error.message();
        }
    }
    if (risk && int(risk->options.size()) != model.optionCount())
        risk.reset();
    Scenario atUtilization = scenario;
    atUtilization.workload.utilization = evaluation.utilization;
    const QString decidedBy = decidedByLine(atUtilization, catalog, model, evaluation);
    const std::optional<int> cheapestCloud = model.cheapestCloud(evaluation);
    // The hybrid options at the utilization the report is for (the charts evaluate them the same way).
    std::vector<HybridResult> hybrids;
    if (!model.input().hybrids.empty())
        hybrids = HybridModel(model.input()).evaluateAll(evaluation.utilization);
    writeFileAtomically(path, [&](QIODevice *device) {
        QPdfWriter writer(device);
        writer.setResolution(kResolution);
        writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(15, 15, 15, 18),
                                         QPageLayout::Millimeter));
        writer.setTitle(QStringLiteral("Breakeven report — %1").arg(scenario.name));
        writer.setCreator(QStringLiteral("Breakeven"));
        const QRect page = writer.pageLayout().paintRectPixels(kResolution);
        const qreal width = page.width();
        const qreal footer = 24;
        const qreal height = page.height() - footer;

        ReportLayout layout(&writer, width);
        layout.addHtml(summaryHtml(scenario, model, evaluation, decidedBy));
        const QString chartTitles[] = {QStringLiteral("Cumulative cost"), QStringLiteral("Cost vs utilization"),
                                       QStringLiteral("Cost breakdown")};
        const charts::ChartKind kinds[] = {charts::ChartKind::Cumulative, charts::ChartKind::Utilization,
                                           charts::ChartKind::Breakdown};
        for (int c = 0; c < 3; ++c) {
            layout.addHtml(QStringLiteral("<h2>%1</h2>").arg(chartTitles[c]), true);
            layout.addChart(kinds[c]);
        }
        if (!hybrids.empty()) {
            layout.addHtml(hybridIntroHtml(model, hybrids, evaluation.utilization), true, true);
            layout.addHtml(hybridOptionsHtml(model, hybrids));
            layout.addHtml(QStringLiteral("<h3>How much to own</h3>"), true);
            layout.addChart(charts::ChartKind::Ownership);
            layout.addHtml(QStringLiteral("<h3>Load duration</h3>"), true);
            layout.addChart(charts::ChartKind::LoadDuration);
        }
        if (risk) {
            layout.addHtml(riskIntroHtml(model, *risk, cheapestCloud) + riskSentencesHtml(model, *risk, cheapestCloud),
                           true, true);
            layout.addHtml(QStringLiteral("<h3>Odds of paying off</h3>"), true);
            layout.addChart(charts::ChartKind::Payoff);
            layout.addHtml(QStringLiteral("<h3>TCO spread</h3>"), true);
            layout.addChart(charts::ChartKind::TcoSpread);
            layout.addHtml(QStringLiteral("<h3>What flips it</h3>"), true);
            layout.addChart(charts::ChartKind::Tornado);
            layout.addHtml(riskRangesHtml(*risk), false, false, 0.9);
        } else if (!riskError.isEmpty()) {
            layout.addHtml(QStringLiteral("<h2>Risk</h2><p>The risk analysis cannot be worked out: %1</p>")
                               .arg(riskError.toHtmlEscaped()));
        }
        const QStringList tables = resultsTableHtml(model, evaluation, kTableRowsPerChunk);
        layout.addHtml(QStringLiteral("<h2>Results</h2><p>Pay-off, break-even utilization and cost ratio are against "
                                      "the cheapest cloud option, at %1 utilization.</p>")
                           .arg(QString::number(evaluation.utilization * 100.0, 'f', 0) + QStringLiteral(" %")),
                       true);
        for (const QString &table : tables)
            layout.addHtml(table, false, false, 0.78);
        const QStringList pairTables = pairsTableHtml(model, evaluation, kTableRowsPerChunk);
        if (!pairTables.isEmpty()) {
            int onPrem = 0;
            int cloud = 0;
            for (int i = 0; i < model.optionCount(); ++i)
                if (model.isFeasible(i))
                    (model.option(i).kind == OptionKind::OnPrem ? onPrem : cloud) += 1;
            const bool capped = onPrem > kReportPairsPerKind || cloud > kReportPairsPerKind;
            layout.addHtml(QStringLiteral("<h2>Every pair</h2><p>%1 against %2, at %3 utilization: when buying pays "
                                          "off, the utilization at which the two cost the same, what buying saves "
                                          "over the horizon (negative: what it costs more; the net present value of "
                                          "buying) and its internal rate of return (none where the savings change sign "
                                          "more than once, as a purchase after the start makes them). %4</p>")
                               .arg(capped ? QStringLiteral("The %1 cheapest on-prem options").arg(kReportPairsPerKind)
                                           : QStringLiteral("Each on-prem option"),
                                    capped ? QStringLiteral("the %1 cheapest cloud options").arg(kReportPairsPerKind)
                                           : QStringLiteral("each cloud option"),
                                    QString::number(evaluation.utilization * 100.0, 'f', 0) + QStringLiteral(" %"),
                                    discountingSentence(model).toHtmlEscaped()),
                           true);
            for (const QString &table : pairTables)
                layout.addHtml(table, false, false, 0.78);
        }
        const QStringList criteriaTables = criteriaTableHtml(model, evaluation, kTableRowsPerChunk);
        if (!criteriaTables.isEmpty()) {
            layout.addHtml(QStringLiteral("<h2>Criteria beyond cost</h2><p>Each feasible option scored from 1 to 5 "
                                          "(higher is better): cost and performance from the results at %1 utilization, "
                                          "the others from the defaults of its kind and plan; scores in bold are the user's own. "
                                          "Weights: %2. The options are ranked by their weighted score%3.</p>")
                               .arg(QString::number(evaluation.utilization * 100.0, 'f', 0) + QStringLiteral(" %"),
                                    criteriaWeightsText(model).toHtmlEscaped(),
                                    feasibleCount(model) > kReportCriteriaRows
                                        ? QStringLiteral("; the %1 best are listed").arg(kReportCriteriaRows)
                                        : QString()),
                           true);
            for (const QString &table : criteriaTables)
                layout.addHtml(table, false, false, 0.78);
        }
        int feasible = 0;
        for (int i = 0; i < model.optionCount(); ++i)
            feasible += model.isFeasible(i) ? 1 : 0;
        const QString whoPays = feasible > kCashFlowMaxOptions
            ? QStringLiteral("each of the %1 options cheapest at the horizon").arg(kCashFlowMaxOptions)
            : QStringLiteral("each option");
        layout.addHtml(QStringLiteral("<h2>Cash flow by year</h2><p>What %1 pays each year at %2 utilization%3; the "
                                      "total is its TCO.</p>")
                           .arg(whoPays, QString::number(evaluation.utilization * 100.0, 'f', 0) + QStringLiteral(" %"),
                                scenario.discountRatePerYear != 0 ? QStringLiteral(", discounted to month 0") : QString()),
                       true);
        for (const QString &table : yearlyCashFlowHtml(model, evaluation, kCashFlowOptionsPerTable, kCashFlowMaxOptions))
            layout.addHtml(table, false, false, 0.89);
        layout.addHtml(QStringLiteral("<h2>Cash flow</h2><p>What %1 pays at %2 utilization%3: month 0 is the outlay "
                                      "at the start; the months listed are the first, the first of each year, the "
                                      "horizon and those in which a unit is bought or replaced, a reserved term starts "
                                      "(with its upfront part) or, at the horizon, a term still owes what is left of "
                                      "it, in bold. Months not listed pay the regular costs.</p>")
                           .arg(feasible > kCashFlowMaxOptions
                                    ? QStringLiteral("each of the %1 options cheapest at the horizon").arg(kCashFlowMaxOptions)
                                    : QStringLiteral("each option"),
                                QString::number(evaluation.utilization * 100.0, 'f', 0) + QStringLiteral(" %"),
                                scenario.discountRatePerYear != 0 ? QStringLiteral(", discounted to month 0") : QString()),
                       true);
        for (const QString &table : cashFlowHtml(model, evaluation, kCashFlowRowsPerChunk, kCashFlowOptionsPerTable,
                                                 kCashFlowMaxOptions))
            layout.addHtml(table, false, false, 0.78);
        layout.addHtml(QStringLiteral("<h2>Assumptions</h2>"), true);
        for (const QString &option : assumptionsHtml(scenario, model))
            layout.addHtml(option, false, false, 0.9);
        layout.addHtml(sourcesHtml(scenario, catalog, model));
        const int pages = layout.paginate(height);

        // Charts are laid out at a screen-like width and scaled onto the page: Qt Charts drops
        // legend entries that do not fit rather than wrapping them, and 1000 px fits them.
        const qreal kChartScale = width / 1000.0;
        // Panels are made and laid out before painting starts: a chart built while the PDF
        // painter is active does not finish laying out its legend.
        constexpr int kKinds = int(std::size(charts::kAllChartKinds));
        std::unique_ptr<charts::ChartPanel> panels[kKinds];
        const QSizeF chartSize(width / kChartScale, width * kChartHeightRatio / kChartScale);
        // Charts go in as images at print resolution: drawn straight onto the PDF, Qt Charts
        // loses legend entries (the view culls them against a region it computes for screens).
        constexpr qreal kImageScale = 3.0;
        QImage chartImages[kKinds];
        std::vector<charts::ChartKind> drawn(std::begin(kinds), std::end(kinds));
        if (risk)
            drawn.insert(drawn.end(), {charts::ChartKind::Payoff, charts::ChartKind::TcoSpread, charts::ChartKind::Tornado});
        if (!hybrids.empty())
            drawn.insert(drawn.end(), {charts::ChartKind::Ownership, charts::ChartKind::LoadDuration});
        for (charts::ChartKind kind : drawn) {
            panels[int(kind)] = makeExportPanel(model, evaluation, kind, chartSize.toSize(), risk);
            // The chart is drawn kChartScale times its size: its text grows so that the smallest
            // on the page (the plot's labels, at 0.9 of the rest) is kMinChartTextPt.
            const qreal pointsPerPixel = width / kChartScale / chartSize.width() * 72.0 / writer.resolution();
            qreal smallest = panels[int(kind)]->font().pointSizeF() * 0.9;
            for (QAbstractAxis *axis : panels[int(kind)]->chart()->axes())
                smallest = std::min(smallest, axis->labelsFont().pointSizeF());
            smallest = std::min(smallest, panels[int(kind)]->chart()->legend()->font().pointSizeF());
            const qreal onPage = smallest * 96.0 / 72.0 * pointsPerPixel * kChartScale;
            if (onPage > 0 && onPage < kMinChartTextPt)
                panels[int(kind)]->setTextScale(kMinChartTextPt / onPage);
            QImage &image = chartImages[int(kind)];
            image = QImage((chartSize * kImageScale).toSize(), QImage::Format_RGB32);
            image.fill(Qt::white);
            QPainter imagePainter(&image);
            imagePainter.setRenderHint(QPainter::Antialiasing);
            imagePainter.scale(kImageScale, kImageScale);
            panels[int(kind)]->renderTo(&imagePainter, QRectF(QPointF(0, 0), chartSize));
        }
        QPainter painter(&writer);
        QFont footerFont(QStringLiteral("DejaVu Sans"));
        footerFont.setPointSizeF(8);
        const auto drawFooter = [&](int index) {
            painter.save();
            painter.setFont(footerFont);
            painter.setPen(QColor(0x44, 0x44, 0x44));
            const QRectF area(0, height, width, footer);
            painter.drawText(area, Qt::AlignLeft | Qt::AlignBottom, scenario.name);
            painter.drawText(area, Qt::AlignRight | Qt::AlignBottom, QStringLiteral("Page %1 of %2").arg(index + 1).arg(pages));
            painter.restore();
        };
        int current = 0;
        for (Block &block : layout.blocks()) {
            while (block.page > current) {
                drawFooter(current);
                writer.newPage();
                ++current;
            }
            painter.save();
            painter.translate(0, block.y);
            if (block.isChart) {
                const int k = int(block.chart);
                painter.setRenderHint(QPainter::SmoothPixmapTransform);
                painter.drawImage(QRectF(0, 0, width, block.height), chartImages[k]);
            } else {
                block.text->drawContents(&painter, QRectF(0, 0, width, height - block.y));
            }
            painter.restore();
        }
        drawFooter(current);
    });
}

} // namespace breakeven::exporting
