// Writes one chart to a PDF (vector), PNG (raster at a chosen size or DPI) or SVG file. The chart
// is drawn by a fresh, never-shown chart panel, so exporting works without a display and does not
// disturb the charts on screen. Files are written to a temporary name and renamed at the end.
#pragma once

#include "charts/chartpanel.h"

#include <QSize>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

class QIODevice;

namespace breakeven {
class CostModel;
struct Evaluation;
struct RiskResult;
} // namespace breakeven

namespace breakeven::exporting {

enum class ChartFormat { Pdf, Png, Svg };
// By extension (case-insensitive): .pdf, .png, .svg; nullopt otherwise.
std::optional<ChartFormat> chartFormatForPath(const QString &path);

struct ChartExportOptions {
    QSize size{1200, 750};   // output pixels for PNG; layout size for PDF and SVG
    double dpi = 96;         // PNG: larger than 96 draws finer at the same pixel size
};

std::unique_ptr<charts::ChartPanel> makeChartPanel(charts::ChartKind kind);
// A never-shown panel of the given size showing the evaluation, without on-screen controls.
// Sized before its series exist, so the legend is laid out for that size. The risk charts
// (charts::isRiskChart) show `risk`, a result of the same model.
std::unique_ptr<charts::ChartPanel> makeExportPanel(const CostModel &model, const Evaluation &evaluation,
                                                    charts::ChartKind kind, QSize size,
                                                    std::shared_ptr<const RiskResult> risk = {});

// Throws InputError naming the file when it cannot be written, or when a risk chart is asked
// for without a risk result.
void exportChart(const CostModel &model, const Evaluation &evaluation, charts::ChartKind kind,
                 const QString &path, const ChartExportOptions &options = {},
                 std::shared_ptr<const RiskResult> risk = {});

// Runs write on a temporary file next to path and renames it over path when write returns;
// on any failure the target is left untouched. Throws InputError naming path.
void writeFileAtomically(const QString &path, const std::function<void(QIODevice *)> &write);

} // namespace breakeven::exporting
