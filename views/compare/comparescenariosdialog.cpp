#include "comparescenariosdialog.h"

#include "charts/chartstyle.h"
#include "charts/chartview.h"
#include "engine/resultstext.h"
#include "inputerror.h"

#include <QChart>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QFontMetrics>
#include <QHeaderView>
#include <QLabel>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QListWidget>
#include <QScreen>
#include <QScrollBar>
#include <QSplitter>
#include <QEvent>
#include <QTableWidget>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <array>
#include <cmath>

namespace breakeven {

namespace {

constexpr int kRowLabelWidth = 330; // pixels

// A line style per option, so that an option reads the same in every scenario's colour.
Qt::PenStyle optionStyle(int option)
{
    static constexpr std::array<Qt::PenStyle, 5> styles{Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                                        Qt::DashDotDotLine};
    return styles[std::size_t(option) % styles.size()];
}

} // namespace

CompareScenariosDialog::CompareScenariosDialog(std::vector<Scenario> scenarios, GpuCatalog catalog,
                                               const QStringList &ticked, QWidget *parent)
    : QDialog(parent)
    , m_scenarios(std::move(scenarios))
    , m_catalog(std::move(catalog))
    , m_list(new QListWidget)
    , m_note(new QLabel)
    , m_table(new QTableWidget)
    , m_chart(new QChart)
{
    setWindowTitle(tr("Compare Scenarios"));
    for (const Scenario &scenario : m_scenarios) {
        auto *item = new QListWidgetItem(scenario.name, m_list);
        item->setToolTip(scenario.name);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(ticked.isEmpty() || ticked.contains(scenario.name) ? Qt::Checked : Qt::Unchecked);
    }
    m_list->setTextElideMode(Qt::ElideMiddle);
    m_list->setToolTip(tr("Tick the scenarios to compare, two or more."));

    m_note->setWordWrap(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideMiddle);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setTextElideMode(Qt::ElideMiddle);
    // A row's label ("Break-even utilization, 8 × H100 server vs AWS p5.48xlarge on-demand") is
    // elided in the middle to the room the scenarios' columns leave, rather than pushing them out
    // of sight; its tooltip says it whole.
    m_table->installEventFilter(this);

    // Thousands separators on the axes, as in the window's charts.
    m_chart->setLocalizeNumbers(true);
    m_chart->setLocale(QLocale(QLocale::English, QLocale::UnitedStates));
    // The key lists each scenario's colour, then each option's line style: a column beside the
    // plot, where every name has the key's width (one row of "scenario — option" for each curve
    // left each name a few letters).
    m_chart->legend()->setAlignment(Qt::AlignRight);
    m_chart->legend()->setMarkerShape(QLegend::MarkerShapeFromSeries);
    m_chart->setMargins(QMargins(4, 4, 4, 4));
    auto *view = new charts::ChartView(m_chart);
    view->setMinimumHeight(260);

    auto *splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_table);
    splitter->addWidget(view);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);

    auto *left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("Scenarios:")));
    left->addWidget(m_list);
    auto *right = new QVBoxLayout;
    right->addWidget(m_note);
    right->addWidget(splitter, 1);
    auto *row = new QHBoxLayout;
    row->addLayout(left, 1);
    row->addLayout(right, 4);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row, 1);
    layout->addWidget(buttons);

    connect(m_list, &QListWidget::itemChanged, this, &CompareScenariosDialog::refresh);
    // Room for a table and a chart, but never more than the screen.
    QSize size(1150, 780);
    if (const QScreen *screen = parent ? parent->screen() : nullptr)
        size = size.boundedTo(screen->availableGeometry().size() * 0.9);
    resize(size);
    refresh();
}

void CompareScenariosDialog::setTicked(const QStringList &names)
{
    const QSignalBlocker blocker(m_list);
    for (int i = 0; i < m_list->count(); ++i)
        m_list->item(i)->setCheckState(names.contains(m_list->item(i)->text()) ? Qt::Checked : Qt::Unchecked);
    refresh();
}

void CompareScenariosDialog::refresh()
{
    m_compared.clear();
    QStringList problems;
    for (int i = 0; i < m_list->count() && std::size_t(i) < m_scenarios.size(); ++i) {
        if (m_list->item(i)->checkState() != Qt::Checked)
            continue;
        try {
            m_compared.push_back(compareScenario(m_scenarios[std::size_t(i)], m_catalog));
        } catch (const InputError &error) {
            problems << tr("%1 cannot be worked out: %2").arg(m_scenarios[std::size_t(i)].name, error.message());
        }
    }
    QStringList lines;
    if (m_compared.size() < 2)
        lines << tr("Tick two or more scenarios to see them side by side.");
    lines << tr("Each scenario at its own utilization, over its own horizon.");
    QStringList currencies;
    for (const ComparedScenario &s : m_compared)
        if (!currencies.contains(s.currency()))
            currencies << s.currency();
    if (currencies.size() > 1)
        lines << tr("The scenarios count in different currencies (%1): their figures are not converted.")
                     .arg(currencies.join(QStringLiteral(", ")));
    lines << problems;
    m_note->setText(lines.join(QLatin1Char('\n')));
    fillTable();
    fillChart();
}

void CompareScenariosDialog::fillTable()
{
    const QList<QStringList> rows = sideBySideRows(m_compared);
    m_table->clear();
    m_table->setRowCount(int(rows.size()) - 1);
    m_table->setColumnCount(int(m_compared.size()));
    QStringList header = rows.value(0);
    if (!header.isEmpty())
        header.removeFirst();
    m_table->setHorizontalHeaderLabels(header);
    QStringList labels;
    for (qsizetype r = 1; r < rows.size(); ++r) {
        labels << rows[r].value(0);
        for (qsizetype c = 1; c < rows[r].size(); ++c) {
            auto *item = new QTableWidgetItem(rows[r][c]);
            item->setToolTip(rows[r][c]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(int(r - 1), int(c - 1), item);
        }
    }
    m_rowLabels = labels;
    m_table->setVerticalHeaderLabels(labels);
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (QTableWidgetItem *head = m_table->verticalHeaderItem(r))
            head->setToolTip(labels.value(r));
    m_table->resizeColumnsToContents();
    // A column is at most a third of the table; long cells wrap or show in full in their tooltip.
    for (int c = 0; c < m_table->columnCount(); ++c)
        m_table->setColumnWidth(c, std::clamp(m_table->columnWidth(c), 140, 380));
    fitRowLabels();
}

void CompareScenariosDialog::fitRowLabels()
{
    // A header is cut at its end, where "… vs AWS p5.48xlarge on-demand" and "… spot" differ:
    // elided in the middle here instead.
    const QFontMetrics metrics(m_table->verticalHeader()->font());
    int columns = 0;
    for (int c = 0; c < m_table->columnCount(); ++c)
        columns += m_table->columnWidth(c);
    int widest = 0;
    for (const QString &label : std::as_const(m_rowLabels))
        widest = std::max(widest, metrics.horizontalAdvance(label));
    const int spare = m_table->width() - 2 * m_table->frameWidth() - columns - m_table->verticalScrollBar()->sizeHint().width() - 24;
    const int room = std::clamp(spare, kRowLabelWidth, std::max(kRowLabelWidth, widest));
    m_table->verticalHeader()->setMaximumWidth(room + 12);
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QTableWidgetItem *head = m_table->verticalHeaderItem(r);
        const QString shown = metrics.elidedText(m_rowLabels.value(r), Qt::ElideMiddle, room);
        if (head && head->text() != shown)
            head->setText(shown);
    }
}

bool CompareScenariosDialog::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_table && event->type() == QEvent::Resize)
        fitRowLabels();
    return QDialog::eventFilter(watched, event);
}

void CompareScenariosDialog::fillChart()
{
    m_chart->removeAllSeries();
    for (QAbstractAxis *axis : m_chart->axes()) {
        m_chart->removeAxis(axis);
        delete axis;
    }
    m_curves.clear();
    auto *axisX = new QValueAxis;
    axisX->setTitleText(tr("Month"));
    axisX->setLabelFormat(QStringLiteral("%.0f"));
    auto *axisY = new QValueAxis;
    const QString currency = m_compared.empty() ? QString() : m_compared.front().currency();
    charts::setupMoneyAxis(axisY, tr("Cumulative cost (%1)").arg(currency));
    m_chart->addAxis(axisX, Qt::AlignBottom);
    m_chart->addAxis(axisY, Qt::AlignLeft);
    const QStringList options = comparedOptionNames(m_compared);
    int horizon = 1;
    double low = 0;
    double high = 0;
    for (std::size_t s = 0; s < m_compared.size(); ++s) {
        const ComparedScenario &scenario = m_compared[s];
        const Evaluation &e = scenario.evaluation;
        horizon = std::max(horizon, scenario.model->horizonMonths());
        for (int option = 0; option < scenario.model->optionCount(); ++option) {
            if (!scenario.model->isFeasible(option))
                continue;
            auto *series = new QLineSeries;
            series->setName(tr("%1 — %2").arg(scenario.name, scenario.model->option(option).name));
            QPen pen(charts::optionColor(int(s)));
            pen.setWidthF(2.0);
            pen.setStyle(optionStyle(int(options.indexOf(scenario.model->option(option).name))));
            series->setPen(pen);
            QList<QPointF> points;
            points.reserve(e.cumulative.cols());
            for (Eigen::Index m = 0; m < e.cumulative.cols(); ++m) {
                const double value = e.cumulative(option, m);
                if (!std::isfinite(value))
                    continue;
                points << QPointF(double(m), value);
                low = std::min(low, value);
                high = std::max(high, value);
            }
            series->replace(points);
            connect(series, &QLineSeries::hovered, this, [series](const QPointF &, bool state) {
                if (state)
                    QToolTip::showText(QCursor::pos(), series->name());
                else
                    QToolTip::hideText();
            });
            m_chart->addSeries(series);
            series->attachAxis(axisX);
            series->attachAxis(axisY);
            m_curves << series;
        }
    }
    axisX->setRange(0, horizon);
    charts::keepRoundTicks(axisX, charts::TickKind::Months);
    charts::fitMoneyAxis(axisY, low, high);
    // The key: a line without points per scenario (its colour) and per option (its style).
    const auto addKey = [&](const QString &name, const QPen &pen) {
        auto *key = new QLineSeries;
        key->setName(name);
        key->setPen(pen);
        m_chart->addSeries(key);
        key->attachAxis(axisX);
        key->attachAxis(axisY);
    };
    for (std::size_t s = 0; s < m_compared.size(); ++s) {
        QPen pen(charts::optionColor(int(s)));
        pen.setWidthF(3.0);
        addKey(m_compared[s].name, pen);
    }
    for (qsizetype o = 0; o < options.size(); ++o) {
        QPen pen(QColor(0x55, 0x55, 0x55));
        pen.setWidthF(2.0);
        pen.setStyle(optionStyle(int(o)));
        addKey(options[o], pen);
    }
    auto *view = findChild<charts::ChartView *>();
    if (!view)
        return;
    view->connectLegendMarkers();
    // The curves are named in their tooltips and in the table; the key names what tells them apart.
    QList<QLegendMarker *> curveMarkers;
    for (QLineSeries *curve : std::as_const(m_curves))
        curveMarkers << m_chart->legend()->markers(curve);
    view->showLegendEntries(curveMarkers, false);
}

} // namespace breakeven
