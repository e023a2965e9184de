#include "chartpanel.h"

#include <QScrollArea>
#include <QScrollBar>

#include "chartstyle.h"
#include "chartview.h"
#include "engine/costmodel.h"

#include <QApplication>
#include <QAbstractAxis>
#include <QChart>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSizePolicy>
#include <QTimer>
#include <QLegend>
#include <QLineSeries>
#include <QPainter>
#include <QToolButton>
#include <QVBoxLayout>

namespace breakeven::charts {

QString toString(ChartKind kind)
{
    switch (kind) {
    case ChartKind::Cumulative: return QStringLiteral("cumulative");
    case ChartKind::Utilization: return QStringLiteral("utilization");
    case ChartKind::Breakdown: return QStringLiteral("breakdown");
    case ChartKind::Criteria: return QStringLiteral("criteria");
    case ChartKind::Payoff: return QStringLiteral("payoff");
    case ChartKind::TcoSpread: return QStringLiteral("tco-spread");
    case ChartKind::Tornado: return QStringLiteral("tornado");
    case ChartKind::Ownership: return QStringLiteral("ownership");
    case ChartKind::LoadDuration: return QStringLiteral("load-duration");
    case ChartKind::Serving: return QStringLiteral("serving");
    }
    return {};
}

std::optional<ChartKind> chartKindFromString(const QString &text)
{
    for (ChartKind kind : kAllChartKinds)
        if (toString(kind) == text)
            return kind;
    return std::nullopt;
}

bool isHybridChart(ChartKind kind)
{
    return kind == ChartKind::Ownership || kind == ChartKind::LoadDuration;
}

bool isRiskChart(ChartKind kind)
{
    return kind == ChartKind::Payoff || kind == ChartKind::TcoSpread || kind == ChartKind::Tornado;
}

ChartPanel::ChartPanel(QWidget *parent)
    : QWidget(parent)
    , m_chart(new QChart)
    , m_view(new ChartView(m_chart, this))
    , m_caption(new QLabel(this))
    , m_captionArea(new QScrollArea(this))
    , m_captionTimer(new QTimer(this))
    , m_resetButton(new QToolButton(this))
    , m_controls(new QHBoxLayout)
{
    // Thousands separators on the axes come from the chart's locale, independent of the user's.
    m_chart->setLocalizeNumbers(true);
    m_chart->setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    m_chart->legend()->setAlignment(Qt::AlignBottom);
    m_chart->setMargins(QMargins(6, 6, 6, 6));
    m_chart->setBackgroundRoundness(0);
    m_view->setBackgroundBrush(m_chart->backgroundBrush());
    m_chart->setAnimationOptions(QChart::NoAnimation); // animations would lag behind the slider

    m_caption->setWordWrap(true);
    // A name without a space (a long instance type) cannot wrap: it is cut at the panel's edge
    // rather than widening the panel, the dock beside it and the window.
    m_caption->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_caption->setMinimumWidth(0);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_caption->setContentsMargins(8, 2, 8, 4);
    m_captionArea->setWidget(m_caption);
    m_captionArea->setWidgetResizable(true);
    m_captionArea->setFrameShape(QFrame::NoFrame);
    m_captionArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_captionArea->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_captionArea->viewport()->setAutoFillBackground(false);
    m_caption->setAutoFillBackground(false);
    m_captionTimer->setSingleShot(true);
    m_captionTimer->setInterval(250);
    connect(m_captionTimer, &QTimer::timeout, this, [this] {
        if (m_pendingCaption)
            showCaption(*std::exchange(m_pendingCaption, std::nullopt));
    });

    m_resetButton->setText(tr("Reset zoom"));
    m_resetButton->setToolTip(tr("Drag a rectangle on the chart to zoom; double-click or press this to reset"));
    connect(m_resetButton, &QToolButton::clicked, m_view, &ChartView::resetZoom);

    QHBoxLayout *controls = m_controls;
    controls->setContentsMargins(4, 2, 4, 0);
    controls->addStretch();
    controls->addWidget(m_resetButton);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addLayout(controls);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_captionArea);
}

void ChartPanel::fitCaption()
{
    if (!m_captionArea->isVisibleTo(this))
        return;
    // The caption spans the panel (the layout has no margins). Its own width is not the guide: on
    // a resize it is still the one from before, and a caption fitted to a narrow panel first
    // would keep the height of many lines, its text floating in the middle of it.
    const int width = std::max(1, this->width());
    const int wanted = m_caption->heightForWidth(width);
    const int controls = m_controls->sizeHint().height();
    // A few pixels kept spare: the tab widget and stack around a panel add their frames to its
    // minimum, and a minimum at the very height the panel has would grow the window by them.
    constexpr int kSpare = 6;
    const int room = height() - controls - m_view->minimumHeight() - kSpare;
    // Two lines at least where the panel is not laid out yet (an export sizes it afterwards); in a
    // shown panel no more than its room, or the caption's height would raise the panel's minimum
    // above the height it has and grow the window.
    const int least = isVisible() && room >= 0 ? 0 : m_caption->fontMetrics().lineSpacing() * 2 + 6;
    m_captionArea->setFixedHeight(std::max(0, std::min(wanted, std::max(least, room))));
}

void ChartPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitCaption();
}

void ChartPanel::applyPalette()
{
    // The window's colours for the chart's background, text and grid, so a dark palette shows
    // a dark chart; series keep their own colours. Exports render with the light defaults.
    const QPalette p = palette();
    const bool dark = p.color(QPalette::Window).lightness() < 128;
    const QColor background = dark ? p.color(QPalette::Base) : QColor(Qt::white);
    const QColor text = dark ? p.color(QPalette::Text) : QColor(Qt::black);
    const QColor grid = dark ? p.color(QPalette::Mid) : QColor(0xd7, 0xd7, 0xd7);
    m_chart->setBackgroundBrush(background);
    m_chart->setPlotAreaBackgroundVisible(false);
    m_view->setBackgroundBrush(background);
    m_chart->legend()->setLabelColor(text);
    m_chart->setTitleBrush(text);
    for (QAbstractAxis *axis : m_chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setLinePenColor(text);
    }
}

QFont ChartPanel::scaledFont(QFont base) const
{
    base.setPointSizeF(base.pointSizeF() * m_textScale);
    return base;
}

void ChartPanel::setTextScale(qreal factor)
{
    const qreal change = factor / m_textScale;
    m_textScale = factor;
    const auto grow = [change](QFont font) {
        font.setPointSizeF(font.pointSizeF() * change);
        return font;
    };
    m_chart->setTitleFont(grow(m_chart->titleFont()));
    m_chart->legend()->setFont(grow(m_chart->legend()->font()));
    for (QAbstractAxis *axis : m_chart->axes()) {
        axis->setLabelsFont(grow(axis->labelsFont()));
        axis->setTitleFont(grow(axis->titleFont()));
    }
    m_caption->setFont(grow(m_caption->font()));
    fitCaption();
    // The legend's labels were elided for the old size of its font.
    m_view->fitLegend();
    textScaleChanged();
}

void ChartPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::PaletteChange)
        applyPalette();
    QWidget::changeEvent(event);
}

void ChartPanel::removeSeriesAndAxes()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
}

void ChartPanel::setCaptionShown(bool shown)
{
    m_captionShown = shown;
    m_captionArea->setVisible(shown && !m_caption->text().isEmpty());
    fitCaption();
}

QString ChartPanel::caption() const
{
    return m_pendingCaption.value_or(m_caption->text());
}

void ChartPanel::setCaption(const QString &text)
{
    if (m_draft) {
        m_pendingCaption = text;
        m_captionTimer->start(); // again: shown once the slider rests a moment, or is let go
        return;
    }
    m_pendingCaption.reset();
    m_captionTimer->stop();
    showCaption(text);
}

void ChartPanel::showCaption(const QString &text)
{
    const bool changed = m_caption->text() != text;
    if (changed)
        m_caption->setText(text);
    const bool visible = m_captionShown && !text.isEmpty();
    if (!changed && m_captionArea->isVisibleTo(this) == visible)
        return; // a word-wrapped label's height costs a text lay-out: only when something moved
    m_captionArea->setVisible(visible);
    fitCaption();
}

void ChartPanel::setControlsVisible(bool visible)
{
    m_resetButton->setVisible(visible);
    for (QWidget *control : std::as_const(m_extraControls))
        control->setVisible(visible);
}

void ChartPanel::addControl(QWidget *control)
{
    m_controls->insertWidget(m_controls->count() - 2, control); // before the stretch
    m_extraControls << control;
}

void ChartPanel::setDraft(bool draft)
{
    if (draft == m_draft)
        return;
    m_draft = draft;
    m_view->setRenderHint(QPainter::Antialiasing, !draft);
    if (draft) {
        m_finalPens.clear();
        const auto series = m_chart->series();
        for (QAbstractSeries *s : series) {
            if (s->type() != QAbstractSeries::SeriesTypeLine)
                continue; // scatter markers are few and cheap
            auto *line = static_cast<QLineSeries *>(s);
            m_finalPens.emplace_back(line, line->pen());
            line->setPen(draftPen(line->pen()));
        }
        return;
    }
    // Series replaced by setModel() during the drag are gone (null) or were created with final pens.
    for (const auto &[line, pen] : m_finalPens)
        if (line)
            line->setPen(pen);
    m_finalPens.clear();
    if (m_pendingCaption)
        setCaption(*std::exchange(m_pendingCaption, std::nullopt));
}

void ChartPanel::renderTo(QPainter *painter, const QRectF &target)
{
    const QSize size = target.size().toSize();
    if (this->size() != size)
        resize(size);
    // A panel of its own that was never shown (an export) would get its layout, and its chart
    // the view's size, only while it is painted: too late for the chart to lay itself out at that
    // size, so it would be drawn as small as it last was, its labels cut to "…". Shown off-screen
    // first, it is laid out like a chart in the window.
    if (isWindow() && !isVisible() && testAttribute(Qt::WA_DontShowOnScreen))
        show();
    // QChart lays out its axes, then its legend, in posted events that post further ones;
    // a few rounds let a never-shown chart settle before it is painted.
    for (int round = 0; round < 4; ++round) {
        QApplication::sendPostedEvents();
        QApplication::processEvents();
        // The caption was fitted to the width of a scroll area not yet laid out (a hundred pixels,
        // many lines): fitted again to the width it has now, it leaves the chart its room.
        if (round == 0)
            fitCaption();
    }
    if (!painter)
        return;
    painter->save();
    painter->translate(target.topLeft());
    render(painter, QPoint(), QRegion(), QWidget::DrawChildren);
    painter->restore();
}

PairCount pairCount(const CostModel &model)
{
    PairCount count;
    for (int i = 0; i < model.optionCount(); ++i)
        if (model.isFeasible(i))
            (model.option(i).kind == OptionKind::OnPrem ? count.onPrem : count.cloud) += 1;
    return count;
}

QString infeasibleCaption(const CostModel &model)
{
    QStringList parts;
    for (int i = 0; i < model.optionCount(); ++i)
        if (!model.isFeasible(i))
            parts << QStringLiteral("%1 (%2)").arg(model.option(i).name, model.status(i).reason);
    if (parts.isEmpty())
        return {};
    return QObject::tr("Not drawn, infeasible: %1").arg(parts.join(QStringLiteral("; ")));
}

} // namespace breakeven::charts
