#include "chartexport.h"

#include "charts/breakdownchart.h"
#include "charts/criteriachart.h"
#include "charts/cumulativechart.h"
#include "charts/loaddurationchart.h"
#include "charts/ownershipchart.h"
#include "charts/payoffchart.h"
#include "charts/servingchart.h"
#include "charts/tcospreadchart.h"
#include "charts/tornadochart.h"
#include "charts/utilizationchart.h"
#include "engine/costmodel.h"
#include "engine/resultstext.h"
#include "inputerror.h"

#include <QBuffer>
#include <QChart>
#include <QDate>
#include <QFileInfo>
#include <QImage>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>

namespace breakeven::exporting {

namespace {

// QSvgGenerator states the size in millimetres; pixels are what web pages and tests expect.
QByteArray withPixelSize(QByteArray svg, QSize size)
{
    const qsizetype start = svg.indexOf("<svg");
    const qsizetype end = start < 0 ? -1 : svg.indexOf('>', start);
    if (end < 0)
        return svg;
    QString tag = QString::fromUtf8(svg.mid(start, end - start));
    tag.replace(QRegularExpression(QStringLiteral(R"(\bwidth="[^"]*")")), QStringLiteral("width=\"%1\"").arg(size.width()));
    tag.replace(QRegularExpression(QStringLiteral(R"(\bheight="[^"]*")")), QStringLiteral("height=\"%1\"").arg(size.height()));
    return svg.left(start) + tag.toUtf8() + svg.mid(end);
}

} // namespace

std::optional<ChartFormat> chartFormatForPath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        return ChartFormat::Pdf;
    if (suffix == QLatin1String("png"))
        return ChartFormat::Png;
    if (suffix == QLatin1String("svg"))
        return ChartFormat::Svg;
    return std::nullopt;
}

std::unique_ptr<charts::ChartPanel> makeExportPanel(const CostModel &model, const Evaluation &evaluation,
                                                    charts::ChartKind kind, QSize size,
                                                    std::shared_ptr<const RiskResult> risk)
{
    auto panel = makeChartPanel(kind);
    panel->setAttribute(Qt::WA_DontShowOnScreen);
    panel->setControlsVisible(false);
    panel->resize(size);
    panel->setModel(&model);
    panel->setEvaluation(evaluation);
    if (auto *riskChart = qobject_cast<charts::RiskChart *>(panel.get()))
        riskChart->setRisk(std::move(risk));
    return panel;
}

std::unique_ptr<charts::ChartPanel> makeChartPanel(charts::ChartKind kind)
{
    switch (kind) {
    case charts::ChartKind::Cumulative: return std::make_unique<charts::CumulativeChart>();
    case charts::ChartKind::Utilization: return std::make_unique<charts::UtilizationChart>();
    case charts::ChartKind::Breakdown: return std::make_unique<charts::BreakdownChart>();
    case charts::ChartKind::Criteria: return std::make_unique<charts::CriteriaChart>();
    case charts::ChartKind::Payoff: return std::make_unique<charts::PayoffChart>();
    case charts::ChartKind::TcoSpread: return std::make_unique<charts::TcoSpreadChart>();
    case charts::ChartKind::Tornado: return std::make_unique<charts::TornadoChart>();
    case charts::ChartKind::Ownership: return std::make_unique<charts::OwnershipChart>();
    case charts::ChartKind::LoadDuration: return std::make_unique<charts::LoadDurationChart>();
    case charts::ChartKind::Serving: return std::make_unique<charts::ServingChart>();
    }
    return nullptr;
}

void writeFileAtomically(const QString &path, const std::function<void(QIODevice *)> &write)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        throw InputError(path, QStringLiteral("cannot write: %1").arg(file.errorString()));
    write(&file);
    if (file.error() != QFileDevice::NoError || !file.commit())
        throw InputError(path, QStringLiteral("cannot write: %1").arg(file.errorString()));
}

void exportChart(const CostModel &model, const Evaluation &evaluation, charts::ChartKind kind, const QString &path,
                 const ChartExportOptions &options, std::shared_ptr<const RiskResult> risk)
{
    const auto format = chartFormatForPath(path);
    if (!format)
        throw InputError(path, QStringLiteral("unknown chart format; use .pdf, .png or .svg"));
    if (charts::isRiskChart(kind) && !risk)
        throw InputError(path, QStringLiteral("the %1 chart needs the risk analysis, which has not been worked out yet")
                                   .arg(charts::toString(kind)));
    if (charts::isHybridChart(kind) && model.input().hybrids.empty())
        throw InputError(path, QStringLiteral("the %1 chart shows the hybrid options, and the scenario has none")
                                   .arg(charts::toString(kind)));
    if (kind == charts::ChartKind::Serving && !model.input().serving)
        throw InputError(path, QStringLiteral("the serving chart shows cost per million tokens, and the workload does not "
                                              "serve a model (workload.serving)"));
    const QSize size = options.size.expandedTo(QSize(16, 16));
    // A chart on its own says what it shows: the scenario, the chart, the utilization and the day.
    const auto makeTitled = [&](QSize layout) {
        auto panel = makeExportPanel(model, evaluation, kind, layout, risk);
        panel->chart()->setTitle(QStringLiteral("%1 — %2, at %3 utilization, %4")
                                     .arg(model.input().scenarioName, panel->title(),
                                          formatPercent(evaluation.utilization),
                                          QDate::currentDate().toString(Qt::ISODate)));
        return panel;
    };

    switch (*format) {
    case ChartFormat::Png: {
        const double scale = std::max(0.25, options.dpi / 96.0);
        const QSize layoutSize = (QSizeF(size) / scale).toSize();
        auto panel = makeTitled(layoutSize);
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        const int dotsPerMeter = int(options.dpi / 0.0254 + 0.5);
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        {
            QPainter painter(&image);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::TextAntialiasing);
            painter.scale(scale, scale);
            panel->renderTo(&painter, QRectF(QPointF(0, 0), QSizeF(layoutSize)));
        }
        writeFileAtomically(path, [&](QIODevice *device) {
            if (!image.save(device, "PNG"))
                device->close(); // makes commit() fail
        });
        return;
    }
    case ChartFormat::Svg: {
        auto panel = makeTitled(size);
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        QSvgGenerator generator;
        generator.setOutputDevice(&buffer);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setResolution(96);
        generator.setTitle(panel->title());
        generator.setDescription(model.input().scenarioName);
        {
            QPainter painter(&generator);
            painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
            panel->renderTo(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
        }
        const QByteArray svg = withPixelSize(buffer.data(), size);
        writeFileAtomically(path, [&](QIODevice *device) { device->write(svg); });
        return;
    }
    case ChartFormat::Pdf: {
        auto panel = makeTitled(size);
        writeFileAtomically(path, [&](QIODevice *device) {
            QPdfWriter writer(device);
            writer.setResolution(96);
            writer.setPageSize(QPageSize(QSizeF(size) * 72.0 / 96.0, QPageSize::Point));
            writer.setPageMargins(QMarginsF(0, 0, 0, 0));
            writer.setTitle(panel->title() + QStringLiteral(" — ") + model.input().scenarioName);
            writer.setCreator(QStringLiteral("Breakeven"));
            QPainter painter(&writer);
            panel->renderTo(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
        });
        return;
    }
    }
}

} // namespace breakeven::exporting
