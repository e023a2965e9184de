// Chart text that can be read at any size: category labels never only "…", options sharing a
// start told apart, numbered marks on the cumulative chart that overlap nothing.
#include "charts/axislabels.h"
#include "charts/chartview.h"
#include "charts/criteriachart.h"
#include "charts/cumulativechart.h"
#include "charts/tcospreadchart.h"
#include "charts/tornadochart.h"
#include "engine/assembly.h"
#include "engine/costmodel.h"
#include "engine/risk.h"
#include "exchange/scenariojson.h"
#include "export/chartexport.h"

#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLabel>
#include <QLegendMarker>
#include <QScrollArea>
#include <QTabWidget>
#include <QToolTip>
#include <QPainter>
#include <QTest>

#include <memory>

using namespace breakeven;

namespace {

const QChar kEllipsis(0x2026);

Scenario h100()
{
    Scenario scenario = readScenarioFile(QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
    // Two options whose names differ only at their end.
    scenario.cloudOptions[0].name = QStringLiteral("aws p5.48xlarge reserved-1y");
    scenario.cloudOptions[1].name = QStringLiteral("aws p5.48xlarge reserved-3y");
    scenario.horizonMonths = 60; // a 3-year life buys again: a purchase mark besides the pay-offs
    for (OnPremBuild &build : scenario.onPremOptions)
        build.lifetimeYears = 3;
    return scenario;
}

// Every piece of text the chart's scene shows (axis labels, legend, titles).
QStringList sceneTexts(const charts::ChartPanel &panel)
{
    QStringList texts;
    for (QGraphicsItem *item : panel.chart()->scene()->items()) {
        if (!item->isVisible())
            continue;
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item))
            texts << text->toPlainText();
        else if (auto *simple = dynamic_cast<QGraphicsSimpleTextItem *>(item))
            texts << simple->text();
    }
    return texts;
}

// The legend's entries as the scene draws them.
QStringList legendTexts(const charts::ChartPanel &panel)
{
    QStringList texts;
    const QRectF legend = panel.chart()->legend()->sceneBoundingRect();
    for (QGraphicsItem *item : panel.chart()->scene()->items())
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item);
            text && text->isVisible() && legend.contains(text->sceneBoundingRect().center()))
            texts << text->toPlainText();
    return texts;
}

void layOut(charts::ChartPanel &panel, QSize size)
{
    panel.setAttribute(Qt::WA_DontShowOnScreen);
    panel.resize(size);
    panel.show();
    panel.renderTo(nullptr, QRectF(QPointF(0, 0), QSizeF(panel.size())));
}

bool onlyEllipsis(const QString &text)
{
    const QString t = text.trimmed();
    return t == QString(kEllipsis) || t == QStringLiteral("...");
}

} // namespace

class TestChartLabels : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_scenario = h100();
        m_model = std::make_unique<CostModel>(assemble(m_scenario, GpuCatalog::bundled()));
        m_evaluation = m_model->evaluate(m_scenario.workload.utilization);
        m_risk = std::make_shared<const RiskResult>(analyseRisk(m_scenario, GpuCatalog::bundled(), 400, 7));
    }

    void middleElisionKeepsEnds()
    {
        const QFont font;
        const QStringList names{QStringLiteral("aws p5.48xlarge reserved-1y"), QStringLiteral("aws p5.48xlarge reserved-3y")};
        const QStringList labels = charts::distinctElided(names, font, 10);
        QVERIFY(labels[0] != labels[1]);
        for (const QString &label : labels) {
            QVERIFY(!onlyEllipsis(label));
            QVERIFY(label.startsWith(QStringLiteral("aws")));
        }
        QVERIFY(labels[0].endsWith(QStringLiteral("1y")));
        QVERIFY(labels[1].endsWith(QStringLiteral("3y")));
    }

    void riskChartsAtSmallSizes_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<QSize>("size");
        for (const QSize size : {QSize(1200, 700), QSize(700, 420), QSize(420, 260), QSize(300, 150)}) {
            const QByteArray at = QByteArray::number(size.width()) + "x" + QByteArray::number(size.height());
            QTest::newRow("tornado " + at) << int(charts::ChartKind::Tornado) << size;
            QTest::newRow("tco-spread " + at) << int(charts::ChartKind::TcoSpread) << size;
            QTest::newRow("payoff " + at) << int(charts::ChartKind::Payoff) << size;
        }
    }

    void riskChartsAtSmallSizes()
    {
        QFETCH(int, kind);
        QFETCH(QSize, size);
        auto panel = exporting::makeExportPanel(*m_model, m_evaluation, charts::ChartKind(kind), size, m_risk);
        layOut(*panel, size);
        const QStringList texts = sceneTexts(*panel);
        QVERIFY(!texts.isEmpty());
        for (const QString &text : texts)
            QVERIFY2(!onlyEllipsis(text), qPrintable(texts.join(QStringLiteral(" | "))));
        // The two options sharing a start are told apart wherever they are named.
        if (charts::ChartKind(kind) == charts::ChartKind::TcoSpread) {
            QStringList reserved;
            for (const QString &text : texts)
                if (text.contains(QStringLiteral("1y")) || text.contains(QStringLiteral("3y")))
                    reserved << text;
            QVERIFY2(reserved.size() == 2, qPrintable(texts.join(QStringLiteral(" | "))));
            QVERIFY2(reserved[0] != reserved[1], qPrintable(reserved.join(QStringLiteral(" | "))));
        }
    }

    // A TCO spread of many options does not ask for more width than one of five (the window
    // would grow, or squeeze its docks, when the Risk tab is shown); where its columns are too
    // narrow for two lines and the chart has the height, the names stand upright, whole or
    // elided in the middle by us, never cut at their end by Qt.
    void tcoSpreadOfManyOptionsKeepsItsWidth()
    {
        Scenario many = m_scenario;
        const CloudOption first = many.cloudOptions[0];
        for (int k = 0; k < 4; ++k) {
            CloudOption copy = first;
            copy.name = QStringLiteral("copy %1 of the first cloud option").arg(k + 1);
            many.cloudOptions.push_back(copy);
        }
        const CostModel model(assemble(many, GpuCatalog::bundled()));
        const auto risk = std::make_shared<const RiskResult>(analyseRisk(many, GpuCatalog::bundled(), 200, 7));
        const QSize size(640, 440);
        auto five = exporting::makeExportPanel(*m_model, m_evaluation, charts::ChartKind::TcoSpread, size, m_risk);
        auto nine = exporting::makeExportPanel(model, model.evaluate(many.workload.utilization), charts::ChartKind::TcoSpread, size, risk);
        auto *chart = static_cast<charts::TcoSpreadChart *>(nine.get());
        QCOMPARE(chart->categories().size(), 9);
        QCOMPARE(nine->minimumSizeHint().width(), five->minimumSizeHint().width());
        QVERIFY2(nine->minimumSizeHint().width() <= 640, qPrintable(QString::number(nine->minimumSizeHint().width())));
        layOut(*nine, size);
        const QStringList texts = sceneTexts(*nine);
        QStringList names;
        for (const QString &text : texts)
            if (text.contains(QStringLiteral("aws")) || text.contains(QStringLiteral("copy")))
                names << text;
        QCOMPARE(names.size(), 6);
        for (const QString &name : names)
            QVERIFY2(!name.endsWith(QStringLiteral("...")), qPrintable(names.join(QStringLiteral(" | "))));
        QCOMPARE(QSet<QString>(names.begin(), names.end()).size(), 6);
    }

    void legendIsElidedInTheMiddle()
    {
        auto panel = exporting::makeExportPanel(*m_model, m_evaluation, charts::ChartKind::Cumulative, QSize(520, 360), m_risk);
        layOut(*panel, QSize(520, 360));
        QStringList labels;
        for (QLegendMarker *marker : panel->chart()->legend()->markers())
            if (marker->isVisible() && marker->label().startsWith(QStringLiteral("aws")))
                labels << marker->label();
        QCOMPARE(labels.size(), 2);
        QVERIFY2(labels[0] != labels[1], qPrintable(labels.join(QStringLiteral(" | "))));
    }

    // A chart whose series are made again at the same size (another scenario shown, as after an
    // import) is not resized: its legend is still fitted, never cut at its end by Qt ("...").
    void legendIsFittedWhenSeriesAreMadeAgainAtTheSameSize()
    {
        charts::CumulativeChart chart;
        chart.resize(640, 230);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setModel(m_model.get());
        chart.setEvaluation(m_evaluation);
        QCoreApplication::processEvents();
        const CostModel other(assemble(m_scenario, GpuCatalog::bundled()));
        chart.setModel(&other);
        chart.setEvaluation(other.evaluate(m_scenario.workload.utilization));
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        const QStringList shown = legendTexts(chart);
        QVERIFY(!shown.isEmpty());
        for (const QString &text : shown)
            QVERIFY2(!text.endsWith(QStringLiteral("...")), qPrintable(shown.join(QStringLiteral(" | "))));
        QStringList reserved;
        for (const QString &text : shown)
            if (text.startsWith(QStringLiteral("aws")))
                reserved << text;
        QCOMPARE(reserved.size(), 2);
        QVERIFY2(reserved[0] != reserved[1], qPrintable(reserved.join(QStringLiteral(" | "))));
    }

    // A legend row too narrow for every name whole goes beside the plot (where Qt would cut each
    // name at its end), and back below it when the chart is wide enough.
    void legendRowTooNarrowGoesBesideThePlot_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("beside");
        QTest::newRow("narrow") << QSize(640, 380) << true;
        QTest::newRow("wide") << QSize(1500, 500) << false;
    }

    void legendRowTooNarrowGoesBesideThePlot()
    {
        QFETCH(QSize, size);
        QFETCH(bool, beside);
        auto panel = exporting::makeExportPanel(*m_model, m_evaluation, charts::ChartKind::Breakdown, size, m_risk);
        layOut(*panel, size);
        QCOMPARE(panel->chart()->legend()->alignment(), beside ? Qt::AlignRight : Qt::AlignBottom);
        const QStringList shown = legendTexts(*panel);
        QVERIFY(shown.contains(QStringLiteral("Infrastructure")));
        for (const QString &text : shown)
            QVERIFY2(!text.endsWith(QStringLiteral("...")) && !text.endsWith(kEllipsis), qPrintable(shown.join(QStringLiteral(" | "))));
    }

    // A panel first shown when its tab is chosen is given its size before its caption is laid
    // out: the caption takes the height of the lines it needs at that width, not the many it
    // would take at the width it had never been laid out at (the chart above shrank by them).
    void captionTakesTheHeightOfItsWidth()
    {
        QTabWidget tabs;
        tabs.addTab(new QWidget, QStringLiteral("first"));
        auto *chart = new charts::CumulativeChart;
        chart->setModel(m_model.get());
        chart->setEvaluation(m_evaluation);
        tabs.addTab(chart, QStringLiteral("chart"));
        tabs.resize(1400, 600);
        tabs.show();
        QVERIFY(QTest::qWaitForWindowExposed(&tabs));
        tabs.setCurrentIndex(1);
        QCoreApplication::processEvents();
        auto *area = chart->findChild<QScrollArea *>();
        QVERIFY(area);
        auto *label = qobject_cast<QLabel *>(area->widget());
        QVERIFY(label && !label->text().isEmpty());
        const int wanted = label->heightForWidth(chart->width());
        QVERIFY2(area->height() <= wanted + 2,
                 qPrintable(QStringLiteral("%1 high, %2 wanted").arg(area->height()).arg(wanted)));
    }

    // Hovering a legend entry shortened to fit shows the name whole.
    void legendTooltipGivesTheNameWhole()
    {
        auto panel = exporting::makeExportPanel(*m_model, m_evaluation, charts::ChartKind::Cumulative, QSize(520, 360), m_risk);
        layOut(*panel, QSize(520, 360));
        QLegendMarker *shortened = nullptr;
        for (QLegendMarker *marker : panel->chart()->legend()->markers())
            if (marker->label().startsWith(QStringLiteral("aws")) && marker->label().contains(kEllipsis))
                shortened = marker;
        QVERIFY(shortened);
        emit shortened->hovered(true);
        QTRY_VERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().startsWith(QStringLiteral("aws p5.48xlarge reserved-")), qPrintable(QToolTip::text()));
        QVERIFY(!QToolTip::text().contains(kEllipsis));
        emit shortened->hovered(false);
        QTRY_VERIFY(!QToolTip::isVisible());
    }

    // A renamed option's legend entry takes its new name, though the old one had been fitted.
    void legendTakesANewName()
    {
        charts::CumulativeChart chart;
        chart.resize(640, 230);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        CostModel model(assemble(m_scenario, GpuCatalog::bundled()));
        chart.setModel(&model);
        chart.setEvaluation(model.evaluate(m_scenario.workload.utilization));
        QCoreApplication::processEvents();
        int aws = -1;
        for (int i = 0; i < model.optionCount(); ++i)
            if (model.option(i).name == QStringLiteral("aws p5.48xlarge reserved-1y"))
                aws = i;
        QVERIFY(aws >= 0);
        model.setOptionName(aws, QStringLiteral("zeta renamed offer reserved-1y"));
        chart.relabel();
        QCoreApplication::processEvents();
        QStringList tips;
        for (QLegendMarker *marker : chart.chart()->legend()->markers())
            tips << marker->label();
        const QString all = tips.join(QStringLiteral(" | "));
        QVERIFY2(all.contains(QStringLiteral("zeta")), qPrintable(all));
        QCOMPARE(all.count(QStringLiteral("aws")), 1);
    }

    void numberedMarksDoNotOverlap_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("large") << QSize(1200, 700);
        QTest::newRow("medium") << QSize(800, 480);
        QTest::newRow("small") << QSize(480, 320);
    }

    void numberedMarksDoNotOverlap()
    {
        QFETCH(QSize, size);
        auto panel = exporting::makeExportPanel(*m_model, m_evaluation, charts::ChartKind::Cumulative, size, m_risk);
        auto *chart = static_cast<charts::CumulativeChart *>(panel.get());
        layOut(*panel, size);
        QVERIFY(!chart->numberedMarks().isEmpty());
        const QList<QRectF> rects = chart->markLabelRects();
        if (size.width() >= 800)
            QVERIFY(!rects.isEmpty());
        const QRectF plot = chart->chart()->plotArea();
        const QRectF legend = chart->chart()->legend()->geometry();
        for (qsizetype i = 0; i < rects.size(); ++i) {
            QVERIFY(plot.contains(rects[i]));
            QVERIFY(!rects[i].intersects(legend));
            for (qsizetype j = i + 1; j < rects.size(); ++j)
                QVERIFY2(!rects[i].intersects(rects[j]), qPrintable(QStringLiteral("%1 and %2").arg(i + 1).arg(j + 1)));
        }
        // The caption says what each number is.
        QVERIFY(chart->caption().contains(QStringLiteral("Numbered marks: 1 ")));
    }

    // The criteria chart names each option on its left axis: never a bare "…", the two
    // reserved plans told apart by their ends, at any size the window's splitters allow.
    void criteriaChartAtSmallSizes_data()
    {
        QTest::addColumn<QSize>("size");
        for (const QSize size : {QSize(1200, 700), QSize(700, 420), QSize(420, 260), QSize(300, 150), QSize(120, 80)})
            QTest::newRow(QByteArray::number(size.width()) + "x" + QByteArray::number(size.height())) << size;
    }

    void criteriaChartAtSmallSizes()
    {
        QFETCH(QSize, size);
        auto panel = exporting::makeExportPanel(*m_model, m_evaluation, charts::ChartKind::Criteria, size, m_risk);
        auto *chart = static_cast<charts::CriteriaChart *>(panel.get());
        layOut(*panel, size);
        const QStringList texts = sceneTexts(*panel);
        QVERIFY(!texts.isEmpty());
        for (const QString &text : texts)
            QVERIFY2(!onlyEllipsis(text), qPrintable(texts.join(QStringLiteral(" | "))));
        // The full names stay the chart's categories; the axis shows them fitted.
        const QStringList names = chart->categories();
        const QStringList shown = chart->shownCategories();
        QCOMPARE(shown.size(), names.size());
        QVERIFY(names.contains(QStringLiteral("aws p5.48xlarge reserved-1y")));
        QStringList reserved;
        for (qsizetype k = 0; k < shown.size(); ++k) {
            QVERIFY2(!onlyEllipsis(shown[k]), qPrintable(shown.join(QStringLiteral(" | "))));
            QVERIFY2(shown[k].size() >= std::min<qsizetype>(names[k].size(), 8), qPrintable(shown[k]));
            if (names[k].startsWith(QStringLiteral("aws p5")))
                reserved << shown[k];
        }
        QCOMPARE(reserved.size(), 2);
        QVERIFY2(reserved[0] != reserved[1], qPrintable(reserved.join(QStringLiteral(" | "))));
        QVERIFY(reserved[0].endsWith(QStringLiteral("y")) && reserved[1].endsWith(QStringLiteral("y")));
        // The labels are drawn: each shown label is in the scene.
        for (const QString &label : shown)
            QVERIFY2(texts.contains(label), qPrintable(label + QStringLiteral(" not in ") + texts.join(QStringLiteral(" | "))));
    }

    // An export renders a panel that was never shown: it must be laid out at the size asked for,
    // not drawn at the size it had before (where every label and the title collapse to "…").
    void exportedCriteriaChartIsLaidOutAtItsSize()
    {
        const QSize size(1000, 600);
        auto panel = exporting::makeExportPanel(*m_model, m_evaluation, charts::ChartKind::Criteria, size, m_risk);
        auto *chart = static_cast<charts::CriteriaChart *>(panel.get());
        QImage image(size, QImage::Format_ARGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            panel->renderTo(&painter, QRectF(QPointF(0, 0), QSizeF(size)));
        }
        QVERIFY2(panel->chart()->size().width() >= size.width() - 10,
                 qPrintable(QStringLiteral("%1").arg(panel->chart()->size().width())));
        // At this size every name fits whole.
        QCOMPARE(chart->shownCategories(), chart->categories());
    }

private:
    Scenario m_scenario;
    std::unique_ptr<CostModel> m_model;
    Evaluation m_evaluation;
    std::shared_ptr<const RiskResult> m_risk;
};

QTEST_MAIN(TestChartLabels)
#include "test_chartlabels.moc"
