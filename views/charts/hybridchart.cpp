#include "hybridchart.h"

#include "engine/costmodel.h"
#include "engine/resultstext.h"

#include <QAbstractAxis>
#include <QAbstractSeries>
#include <QChart>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace breakeven::charts {

QString shortMoney(double value, const QString &currency)
{
    if (std::isfinite(value) && std::abs(value) >= 1e6 && std::abs(value) < 1e15)
        return QStringLiteral("%1 M %2").arg(QString::number(value / 1e6, 'f', 2), currency);
    return formatMoney(value, currency, 0);
}

QString gpuCount(double gpus)
{
    const double rounded = std::round(gpus * 10.0) / 10.0;
    return QLocale(QLocale::English, QLocale::UnitedStates)
        .toString(rounded, 'f', std::abs(rounded - std::round(rounded)) < 1e-9 ? 0 : 1);
}

HybridChart::HybridChart(QWidget *parent)
    : ChartPanel(parent)
{
    connect(chart(), &QChart::plotAreaChanged, this, &HybridChart::placeLabels);
}

HybridChart::~HybridChart() = default;

void HybridChart::setModel(const CostModel *model)
{
    m_model = model;
    m_own.reset();
    m_hybrids = nullptr;
    m_results.clear();
    update();
}

void HybridChart::setEvaluation(const Evaluation &evaluation)
{
    if (!m_model)
        return;
    // A chart used on its own works the hybrid options out itself.
    if (!m_hybrids || m_own) {
        if (!m_own)
            m_own = std::make_unique<HybridModel>(m_model->input());
        m_hybrids = m_own.get();
        m_utilization = evaluation.utilization;
        m_results = m_own->evaluateAll(m_utilization);
    }
    update();
}

void HybridChart::relabel()
{
    if (m_own && m_model) {
        m_own = std::make_unique<HybridModel>(m_model->input());
        m_hybrids = m_own.get();
        m_results = m_own->evaluateAll(m_utilization);
    }
    update();
}

void HybridChart::setHybrids(const HybridModel *hybrids, const std::vector<HybridResult> &results, double utilization)
{
    m_own.reset();
    m_hybrids = hybrids;
    m_results = results;
    m_utilization = utilization;
    update();
}

void HybridChart::setShown(int index)
{
    if (index == m_shown)
        return;
    m_shown = index;
    update();
}

bool HybridChart::hasData() const
{
    return m_model && m_hybrids && !m_results.empty() && int(m_results.size()) == m_hybrids->count();
}

const HybridResult *HybridChart::shownResult() const
{
    if (!hasData())
        return nullptr;
    return &m_results[std::size_t(std::clamp(m_shown, 0, int(m_results.size()) - 1))];
}

QString HybridChart::optionName(int option) const
{
    return m_model && option >= 0 && option < m_model->optionCount() ? m_model->option(option).name : QString();
}

QString HybridChart::hybridName(int hybrid) const
{
    return m_hybrids && hybrid >= 0 && hybrid < m_hybrids->count() ? m_hybrids->hybrid(hybrid).name : QString();
}

void HybridChart::update()
{
    m_labels.clear();
    removeSeriesAndAxes();
    rebuild();
    applyPalette();
    // A text scale set before the axes were made applies to the new ones too.
    if (textScale() != 1.0)
        for (QAbstractAxis *axis : chart()->axes()) {
            axis->setLabelsFont(scaledFont(axis->labelsFont()));
            axis->setTitleFont(scaledFont(axis->titleFont()));
        }
    placeLabels();
}

void HybridChart::addPlotLabel(const QString &text, QPointF value, QAbstractSeries *series, bool above)
{
    m_labels << PlotLabel{text, value, series, above};
}

void HybridChart::textScaleChanged()
{
    for (QGraphicsRectItem *box : m_labelItems)
        delete box;
    m_labelItems.clear();
    placeLabels();
}

void HybridChart::placeLabels()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128 && !testAttribute(Qt::WA_DontShowOnScreen);
    while (m_labelItems.size() < std::size_t(m_labels.size())) {
        auto *box = new QGraphicsRectItem(chart());
        box->setZValue(20);
        auto *text = new QGraphicsSimpleTextItem(box);
        QFont font = text->font();
        font.setPointSizeF(font.pointSizeF() * 0.9);
        text->setFont(scaledFont(font));
        text->setPos(4, 2);
        m_labelItems.push_back(box);
    }
    const QRectF plot = chart()->plotArea();
    std::vector<QRectF> placed;
    for (std::size_t i = 0; i < m_labelItems.size(); ++i) {
        QGraphicsRectItem *box = m_labelItems[i];
        if (int(i) >= m_labels.size() || !m_labels[int(i)].series || !m_labels[int(i)].series->isVisible()) {
            box->hide();
            continue;
        }
        const PlotLabel &label = m_labels[int(i)];
        box->setBrush(dark ? QColor(0x20, 0x20, 0x20, 225) : QColor(255, 255, 255, 225));
        box->setPen(QPen(QColor(0x88, 0x88, 0x88), 0.6));
        auto *text = static_cast<QGraphicsSimpleTextItem *>(box->childItems().constFirst());
        text->setBrush(dark ? QColor(0xee, 0xee, 0xee) : QColor(Qt::black));
        text->setText(label.text);
        const QRectF textBox = text->boundingRect();
        const QSizeF size(textBox.width() + 8, textBox.height() + 4);
        box->setRect(QRectF(QPointF(0, 0), size));
        const QPointF at = chart()->mapToPosition(label.value, label.series);
        qreal x = at.x() + 8;
        if (x + size.width() > plot.right() - 2)
            x = at.x() - 8 - size.width();
        x = std::clamp(x, plot.left() + 2, std::max(plot.left() + 2, plot.right() - 2 - size.width()));
        qreal y = label.above ? at.y() - 8 - size.height() : at.y() + 8;
        if (y < plot.top() + 2)
            y = at.y() + 8;
        if (y + size.height() > plot.bottom() - 2)
            y = at.y() - 8 - size.height();
        QRectF rect(QPointF(x, y), size);
        // One that would overlap a label already placed moves past it, down or up.
        for (int tries = 0; tries < 8; ++tries) {
            const auto other = std::find_if(placed.begin(), placed.end(), [&](const QRectF &r) { return r.intersects(rect); });
            if (other == placed.end())
                break;
            if (other->bottom() + 2 + size.height() < plot.bottom())
                rect.moveTop(other->bottom() + 2);
            else
                rect.moveBottom(other->top() - 2);
        }
        box->setPos(rect.topLeft());
        box->setVisible(plot.contains(at) || plot.intersects(rect));
        placed.push_back(rect);
    }
}

} // namespace breakeven::charts
