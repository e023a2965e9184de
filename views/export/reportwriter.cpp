#include "reportwriter.h"

#include "engine/payingtext.h"

#include "engine/decidedby.h"

#include "chartexport.h"
#include "charts/payoffchart.h"
#include "charts/tornadochart.h"
#include "engine/costmodel.h"
#include "engine/hybrid.h"
#include "hybridreport.h"
#include "engine/resultstext.h"
#include "engine/risk.h"
#include "inputerror.h"
#include "reportcontent.h"
#include "reportlayout.h"
#include "riskreport.h"
#include "servingreport.h"

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
constexpr qreal kChartPpi = 300;           // a chart image's pixels per inch on the page
constexpr qreal kChartHeightRatio = 0.62;  // chart block height / content width
constexpr qreal kMinChartTextPt = 8.0;     // the smallest text of a chart on the page
// Tables are split by the layout, where a page ends.
constexpr int kAllRows = 1 << 20;
// The cash flow: five options side by side.
constexpr int kCashFlowOptionsPerTable = 5;
constexpr int kCashFlowMaxOptions = 10;

// A chart the report draws: its kind and, for a tornado, the pair it is drawn for.
struct ChartSpec {
    charts::ChartKind kind;
    int pair = -1;
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
        const qreal chartHeight = width * kChartHeightRatio;
        const QString atUtilizationText = QString::number(evaluation.utilization * 100.0, 'f', 0) + QStringLiteral(" %");

        // Sections follow each other without forced page breaks: a page is filled before the next begins.
        ReportLayout layout(&writer, width, height);
        std::vector<ChartSpec> charts;
        const auto addChart = [&](const QString &heading, ChartSpec spec) {
            layout.addHtml(heading, true);
            layout.addChart(int(charts.size()), chartHeight);
            charts.push_back(spec);
        };
        layout.addHtml(summaryHtml(scenario, model, evaluation, decidedBy));
        addChart(QStringLiteral("<h2>Cumulative cost</h2>"), {charts::ChartKind::Cumulative});
        addChart(QStringLiteral("<h2>Cost vs utilization</h2>"), {charts::ChartKind::Utilization});
        addChart(QStringLiteral("<h2>Cost breakdown</h2>"), {charts::ChartKind::Breakdown});
        if (model.input().serving) {
            layout.addHtml(servingIntroHtml(scenario, model, evaluation), true);
            layout.addTable(servingTableHtml(model, evaluation), 0.85);
            layout.addHtml(servingSourcesHtml(scenario, model, evaluation), false, 0.9);
            layout.addHtml(servingBreakEvensHtml(model, reportBreakEvens(model, evaluation)));
            addChart(QStringLiteral("<h3>Cost per million tokens against traffic</h3>"), {charts::ChartKind::Serving});
        }
        if (!hybrids.empty()) {
            layout.addHtml(hybridIntroHtml(model, hybrids, evaluation.utilization), true);
            layout.addHtml(hybridOptionsHtml(model, hybrids));
            addChart(QStringLiteral("<h3>How much to own</h3>"), {charts::ChartKind::Ownership});
            addChart(QStringLiteral("<h3>Load duration</h3>"), {charts::ChartKind::LoadDuration});
        }
        if (risk) {
            const std::vector<int> tornadoes = tornadoPairs(*risk, cheapestCloud);
            layout.addHtml(riskIntroHtml(model, *risk, cheapestCloud) + riskSentencesHtml(model, *risk, cheapestCloud)
                               + tornadoIntroHtml(*risk, cheapestCloud));
            addChart(QStringLiteral("<h3>Odds of paying off</h3>"), {charts::ChartKind::Payoff});
            addChart(QStringLiteral("<h3>TCO spread</h3>"), {charts::ChartKind::TcoSpread});
            for (const int p : tornadoes) {
                const PairRisk &pair = risk->pairs[std::size_t(p)];
                addChart(QStringLiteral("<h3>What flips it: %1 against %2</h3>")
                             .arg(model.option(pair.onPrem).name.toHtmlEscaped(), model.option(pair.cloud).name.toHtmlEscaped()),
                         {charts::ChartKind::Tornado, p});
            }
            layout.addHtml(riskRangesHtml(*risk), false, 0.9);
        } else if (!riskError.isEmpty()) {
            layout.addHtml(QStringLiteral("<h2>Risk</h2><p>The risk analysis cannot be worked out: %1</p>")
                               .arg(riskError.toHtmlEscaped()));
        }
        layout.addHtml(QStringLiteral("<h2>Results</h2><p>Pay-off, break-even utilization and cost ratio are against "
                                      "the cheapest cloud option, at %1 utilization.</p>")
                           .arg(atUtilizationText),
                       true);
        for (const QString &table : resultsTableHtml(model, evaluation, kAllRows))
            layout.addTable(table, 0.78);
        const QStringList pairTables = pairsTableHtml(model, evaluation, kAllRows);
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
                                          "buying), its internal rate of return (none where the savings change sign "
                                          "more than once, as a purchase after the start makes them) and when it has "
                                          "paid back on the discounted curves. %4</p>")
                               .arg(capped ? QStringLiteral("The %1 cheapest on-prem options").arg(kReportPairsPerKind)
                                           : QStringLiteral("Each on-prem option"),
                                    capped ? QStringLiteral("the %1 cheapest cloud options").arg(kReportPairsPerKind)
                                           : QStringLiteral("each cloud option"),
                                    atUtilizationText,
                                    (discountingSentence(model) + (model.input().tax ? QStringLiteral(" After tax.") : QString()))
                                        .toHtmlEscaped()),
                           true);
            for (const QString &table : pairTables)
                layout.addTable(table, 0.78);
        }
        const QStringList criteriaTables = criteriaTableHtml(model, evaluation, kAllRows);
        if (!criteriaTables.isEmpty()) {
            layout.addHtml(QStringLiteral("<h2>Criteria beyond cost</h2><p>Each feasible option scored from 1 to 5 "
                                          "(higher is better): cost and performance from the results at %1 utilization, "
                                          "the others from the defaults of its kind and plan; scores in bold are the user's own. "
                                          "Weights: %2. The options are ranked by their weighted score%3.</p>")
                               .arg(atUtilizationText, criteriaWeightsText(model).toHtmlEscaped(),
                                    feasibleCount(model) > kReportCriteriaRows
                                        ? QStringLiteral("; the %1 best are listed").arg(kReportCriteriaRows)
                                        : QString()),
                           true);
            for (const QString &table : criteriaTables)
                layout.addTable(table, 0.78);
        }
        const QString whoPays = feasibleCount(model) > kCashFlowMaxOptions
            ? QStringLiteral("each of the %1 options cheapest at the horizon").arg(kCashFlowMaxOptions)
            : QStringLiteral("each option");
        const QString discounted = scenario.discountRatePerYear != 0 ? QStringLiteral(", discounted to month 0") : QString();
        const QString taxes = taxSentence(model);
        layout.addHtml(QStringLiteral("<h2>Cash flow by year</h2><p>What %1 pays each year at %2 utilization%3; the "
                                      "total is its TCO.%4</p>")
                           .arg(whoPays, atUtilizationText, discounted,
                                taxes.isEmpty() ? QString()
                                                : QStringLiteral(" %1 The total before tax is given under it.")
                                                      .arg(taxes.toHtmlEscaped())),
                       true);
        for (const QString &table : yearlyCashFlowHtml(model, evaluation, kCashFlowOptionsPerTable, kCashFlowMaxOptions))
            layout.addTable(table, 0.89);
        layout.addHtml(QStringLiteral("<h2>Cash flow</h2><p>What %1 pays at %2 utilization%3: month 0 is the outlay "
                                      "at the start; the months listed are the first, the first of each year, the "
                                      "horizon and those in which a unit is bought or replaced, a reserved term starts "
                                      "(with its upfront part) or, at the horizon, a term still owes what is left of "
                                      "it, in bold. Months not listed pay the regular costs.</p>")
                           .arg(whoPays, atUtilizationText, discounted),
                       true);
        for (const QString &table : cashFlowHtml(model, evaluation, kAllRows, kCashFlowOptionsPerTable, kCashFlowMaxOptions))
            layout.addTable(table, 0.78);
        layout.addHtml(QStringLiteral("<h2>Assumptions</h2>"), true);
        for (const QString &option : assumptionsHtml(scenario, model))
            layout.addHtml(option, false, 0.9);
        layout.addHtml(sourcesHtml(scenario, catalog, model));
        const int pages = layout.pageCount();

        // Charts are laid out at a screen-like width and scaled onto the page: Qt Charts drops
        // legend entries that do not fit rather than wrapping them, and 1000 px fits them.
        const qreal kChartScale = width / 1000.0;
        const QSizeF chartSize(width / kChartScale, chartHeight / kChartScale);
        // Charts go in as images at print resolution: drawn straight onto the PDF, Qt Charts
        // loses legend entries (the view culls them against a region it computes for screens).
        // Panels are made and laid out before painting starts: a chart built while the PDF
        // painter is active does not finish laying out its legend. Each image has kChartPpi
        // pixels per inch of the page: print resolution, and no more pixels to fill and compress.
        const qreal kImageScale = kChartPpi * width / (kResolution * chartSize.width());
        std::vector<QImage> chartImages;
        for (const ChartSpec &spec : charts) {
            auto panel = makeExportPanel(model, evaluation, spec.kind, chartSize.toSize(), risk);
            if (auto *tornado = qobject_cast<charts::TornadoChart *>(panel.get()); tornado && spec.pair >= 0)
                tornado->setPair(spec.pair);
            // The chart is drawn kChartScale times its size: its text grows so that the smallest
            // on the page (the plot's labels, at 0.9 of the rest) is kMinChartTextPt.
            const qreal pointsPerPixel = width / kChartScale / chartSize.width() * 72.0 / writer.resolution();
            qreal smallest = panel->font().pointSizeF() * 0.9;
            for (QAbstractAxis *axis : panel->chart()->axes())
                smallest = std::min(smallest, axis->labelsFont().pointSizeF());
            smallest = std::min(smallest, panel->chart()->legend()->font().pointSizeF());
            const qreal onPage = smallest * 96.0 / 72.0 * pointsPerPixel * kChartScale;
            if (onPage > 0 && onPage < kMinChartTextPt)
                panel->setTextScale(kMinChartTextPt / onPage);
            QImage image((chartSize * kImageScale).toSize(), QImage::Format_RGB32);
            image.fill(Qt::white);
            QPainter imagePainter(&image);
            imagePainter.setRenderHint(QPainter::Antialiasing);
            imagePainter.scale(kImageScale, kImageScale);
            panel->renderTo(&imagePainter, QRectF(QPointF(0, 0), chartSize));
            imagePainter.end();
            chartImages.push_back(std::move(image));
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
        for (ReportBlock &block : layout.blocks()) {
            while (block.page > current) {
                drawFooter(current);
                writer.newPage();
                ++current;
            }
            painter.save();
            painter.translate(0, block.y);
            if (block.chart >= 0) {
                painter.setRenderHint(QPainter::SmoothPixmapTransform);
                painter.drawImage(QRectF(0, 0, width, block.height), chartImages[std::size_t(block.chart)]);
            } else {
                block.text->drawContents(&painter, QRectF(0, 0, width, height - block.y));
            }
            painter.restore();
        }
        drawFooter(current);
    });
}

} // namespace breakeven::exporting
