// The catalog dock's API offers tab offscreen: it lists the document's API offers with their
// prices per million tokens, filters them by text, sorts them by price, shows the selected
// offer's dated prices after a change, follows the document, and "Add as API Option" asks for
// the offer (in the window: one more API option of the current scenario). Refresh Prices… with
// the LiteLLM source against a local server shows the new prices and their history in the tab,
// as one undo step.
#include "../refresh/refreshserver.h"
#include "catalog/apioffertab.h"
#include "catalog/apioffertablemodel.h"
#include "catalog/apipricehistorypanel.h"
#include "catalog/catalogwidget.h"
#include "catalog/pricehistorypanel.h"
#include "mainwindow/mainwindow.h"
#include "refresh/refreshdialog.h"
#include "refreshsources.h"
#include "store/document.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace breakeven;

namespace {

// The proxy row of the offer of `provider` with `apiModelId`, or -1.
int rowOf(ApiOfferTab &tab, const QString &provider, const QString &apiModelId)
{
    for (int row = 0; row < tab.proxy()->rowCount(); ++row) {
        const QModelIndex source = tab.proxy()->mapToSource(tab.proxy()->index(row, 0));
        const ApiOffer &offer = tab.model()->offer(source.row()).offer;
        if (offer.provider == provider && offer.apiModelId == apiModelId)
            return row;
    }
    return -1;
}

QString cell(ApiOfferTab &tab, int row, int column)
{
    return tab.proxy()->index(row, column).data().toString();
}

} // namespace

class TestApiCatalogView : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<Document> m_document;
    std::unique_ptr<CatalogWidget> m_widget;

    ApiOfferTab &tab() { return *m_widget->apiOfferTab(); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
        QVERIFY(m_dir.isValid());
        m_document = Document::create(m_dir.filePath(QStringLiteral("api.breakeven")));
        m_widget = std::make_unique<CatalogWidget>();
        m_widget->resize(900, 700);
        m_widget->setDocument(m_document.get());
        m_widget->setCurrentTab(CatalogWidget::ApiTab);
        m_widget->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_widget.get()));
    }

    void init()
    {
        tab().setFilterText({});
        tab().view()->sortByColumn(ApiOfferTableModel::Provider, Qt::AscendingOrder);
        tab().view()->clearSelection();
        tab().view()->setCurrentIndex({});
    }

    void cleanupTestCase()
    {
        m_widget.reset();
        m_document.reset();
    }

    // Every API offer of the document, with its prices per million tokens as the catalog has them.
    void listsTheDocumentsOffers()
    {
        const qint64 offers = m_document->apiOffers().offerCount();
        QVERIFY(offers >= 60);
        QCOMPARE(tab().model()->rowCount(), int(offers));
        QCOMPARE(tab().statusLabel()->text(), QStringLiteral("%1 API offers, prices per million tokens").arg(offers));
        const int row = rowOf(tab(), QStringLiteral("groq"), QStringLiteral("openai/gpt-oss-120b"));
        QVERIFY(row >= 0);
        using C = ApiOfferTableModel;
        QCOMPARE(cell(tab(), row, C::Provider), QStringLiteral("groq"));
        QCOMPARE(cell(tab(), row, C::ServedModel), QStringLiteral("gpt-oss-120b"));
        QCOMPARE(cell(tab(), row, C::InputPerMillion), QStringLiteral("0.15"));
        QCOMPARE(cell(tab(), row, C::OutputPerMillion), QStringLiteral("0.6"));
        QCOMPARE(cell(tab(), row, C::CachedInputPerMillion), QStringLiteral("0.075"));
        QCOMPARE(cell(tab(), row, C::Currency), QStringLiteral("USD"));
        QCOMPARE(cell(tab(), row, C::AsOf), QStringLiteral("2026-07-24"));
        const int gemini = rowOf(tab(), QStringLiteral("google-gemini"), QStringLiteral("gemini-2.5-flash"));
        QCOMPARE(cell(tab(), gemini, C::RateLimit), QStringLiteral("100 k req/min · 8 M tok/min"));
        // A proprietary model serves no open model: its cell says so on hover.
        const int gpt5 = rowOf(tab(), QStringLiteral("openai"), QStringLiteral("gpt-5"));
        QVERIFY(cell(tab(), gpt5, C::ServedModel).isEmpty());
        QVERIFY(tab().proxy()->index(gpt5, C::ServedModel).data(Qt::ToolTipRole).toString().contains(QStringLiteral("proprietary")));
        // The main columns are shown, the currency and the date a header menu away (the date is
        // in each price's tooltip).
        QHeaderView *header = tab().view()->horizontalHeader();
        for (int column : {C::Provider, C::Model, C::ServedModel, C::InputPerMillion, C::OutputPerMillion,
                           C::CachedInputPerMillion})
            QVERIFY2(!header->isSectionHidden(column), qPrintable(QString::number(column)));
        QVERIFY(header->isSectionHidden(C::Currency));
        QVERIFY(header->isSectionHidden(C::AsOf));
        QVERIFY(tab().proxy()->index(row, C::OutputPerMillion).data(Qt::ToolTipRole).toString().contains(QStringLiteral("2026-07-24")));
    }

    void filtersByText_data()
    {
        QTest::addColumn<QString>("text");
        QTest::newRow("provider") << QStringLiteral("groq");
        QTest::newRow("open model") << QStringLiteral("Llama-3.3-70B");
        QTest::newRow("any case") << QStringLiteral("DEEPSEEK");
    }
    void filtersByText()
    {
        QFETCH(QString, text);
        int expected = 0;
        for (const StoredApiOffer &stored : m_document->apiOffers().offers()) {
            const ApiOffer &o = stored.offer;
            const ApiOfferTableModel &model = *tab().model();
            const int row = model.rowOf(stored.id);
            bool matches = false;
            for (int column = 0; column < ApiOfferTableModel::ColumnCount; ++column)
                matches = matches || model.index(row, column).data().toString().contains(text, Qt::CaseInsensitive);
            expected += matches ? 1 : 0;
            Q_UNUSED(o);
        }
        QVERIFY(expected > 0);
        tab().filterEdit()->setText(text);
        QCOMPARE(tab().proxy()->rowCount(), expected);
        QVERIFY(expected < tab().model()->rowCount());
        QCOMPARE(tab().statusLabel()->text(),
                 QStringLiteral("%1 of %2 API offers, prices per million tokens").arg(expected).arg(tab().model()->rowCount()));
        for (int row = 0; row < tab().proxy()->rowCount(); ++row) {
            QString line;
            for (int column = 0; column < ApiOfferTableModel::ColumnCount; ++column)
                line += cell(tab(), row, column) + QLatin1Char('|');
            QVERIFY2(line.contains(text, Qt::CaseInsensitive), qPrintable(line));
        }
    }

    // A click on a price's header sorts by the number, not the text ("10" after "9.5").
    void sortsByPrice()
    {
        tab().view()->horizontalHeader()->setSortIndicator(ApiOfferTableModel::OutputPerMillion, Qt::AscendingOrder);
        double previous = -1;
        for (int row = 0; row < tab().proxy()->rowCount(); ++row) {
            const double output = tab().proxy()->index(row, ApiOfferTableModel::OutputPerMillion)
                                      .data(ApiOfferTableModel::SortRole)
                                      .toDouble();
            QVERIFY(output >= previous);
            previous = output;
        }
        QVERIFY(previous >= 10);
    }

    // A price written at a later date keeps the earlier one: the history shows both, and the
    // table follows the document without being rebuilt.
    void showsThePriceHistory()
    {
        std::optional<StoredApiOffer> stored = m_document->apiOffers().find(QStringLiteral("cerebras"), QStringLiteral("gpt-oss-120b"));
        QVERIFY(stored);
        ApiOffer later = stored->offer;
        later.inputPerMillion = 0.25;
        later.outputPerMillion = 0.69;
        later.asOf = QStringLiteral("2026-10-01");
        m_document->apiOffers().saveOffer(later);
        m_widget->refresh();

        const int row = rowOf(tab(), QStringLiteral("cerebras"), QStringLiteral("gpt-oss-120b"));
        QVERIFY(row >= 0);
        QCOMPARE(cell(tab(), row, ApiOfferTableModel::OutputPerMillion), QStringLiteral("0.69"));
        tab().view()->selectRow(row);
        ApiPriceHistoryPanel *history = tab().priceHistory();
        QCOMPARE(history->points().size(), size_t(2));
        QCOMPARE(history->points()[0].asOf, QStringLiteral("2026-07-24"));
        QCOMPARE(history->points()[0].outputPerMillion, 0.75);
        QCOMPARE(history->points()[1].asOf, QStringLiteral("2026-10-01"));
        QVERIFY2(history->heading()->text().startsWith(QStringLiteral("cerebras ")), qPrintable(history->heading()->text()));
        // The table: newest first, every price of each date.
        QCOMPARE(history->table()->rowCount(), 2);
        QCOMPARE(history->table()->item(0, 0)->text(), QStringLiteral("2026-10-01"));
        QCOMPARE(history->table()->item(0, 2)->text(), QStringLiteral("0.69"));
        QCOMPARE(history->table()->item(1, 2)->text(), QStringLiteral("0.75"));
        // The chart draws the output price, then the input one; the fitted change says it falls.
        QVERIFY(history->chart()->isVisible());
        QCOMPARE(history->chart()->points().size(), size_t(2));
        QCOMPARE(history->chart()->points()[1].price, 0.69);
        QVERIFY(history->trend());
        QVERIFY(history->trend()->ratePerYear < 0);
        QVERIFY2(history->trendLabel()->text().contains(QStringLiteral("falls")), qPrintable(history->trendLabel()->text()));
        history->seriesBox()->setCurrentIndex(ApiPriceHistoryPanel::Input);
        QCOMPARE(history->chart()->points()[1].price, 0.25);
        history->seriesBox()->setCurrentIndex(ApiPriceHistoryPanel::Output);

        // The offer stays selected when the catalog is read again; filtered away, it is no longer shown.
        m_widget->refresh();
        QVERIFY(tab().currentOffer());
        QCOMPARE(tab().currentOffer()->offer.provider, QStringLiteral("cerebras"));
        tab().filterEdit()->setText(QStringLiteral("no offer is called this"));
        QCOMPARE(tab().proxy()->rowCount(), 0);
        QVERIFY(history->points().empty());
    }

    void requestsTheOffer()
    {
        QSignalSpy spy(m_widget.get(), &CatalogWidget::addApiOfferRequested);
        auto *add = tab().findChild<QAction *>(QStringLiteral("addApiOffer"));
        QVERIFY(add);
        QVERIFY(!add->isEnabled());
        const int row = rowOf(tab(), QStringLiteral("together"), QStringLiteral("meta-llama/Llama-3.3-70B-Instruct-Turbo"));
        tab().view()->selectRow(row);
        QVERIFY(add->isEnabled());
        add->trigger();
        QCOMPARE(spy.count(), 1);
        const ApiOffer offer = spy.at(0).at(0).value<ApiOffer>();
        QCOMPARE(offer.provider, QStringLiteral("together"));
        QCOMPARE(offer.servedModel, QStringLiteral("Llama-3.3-70B"));
        // A double-click asks the same.
        const QModelIndex index = tab().proxy()->index(row, ApiOfferTableModel::Model);
        emit tab().view()->doubleClicked(index);
        QCOMPARE(spy.count(), 2);
    }

    // In the window the request adds an API option to the current scenario, named apart from
    // the others, as one undo step.
    void addsAnApiOptionInTheWindow()
    {
        MainWindow window(Document::create(m_dir.filePath(QStringLiteral("window.breakeven"))));
        const qint64 scenario = window.currentScenarioId();
        QVERIFY(scenario != 0);
        const size_t before = window.document()->scenarios().loadStored(scenario).scenario.apiOptions.size();
        auto *catalog = window.findChild<CatalogWidget *>();
        QVERIFY(catalog);
        ApiOfferTab &windowTab = *catalog->apiOfferTab();
        QCOMPARE(windowTab.model()->rowCount(), int(window.document()->apiOffers().offerCount()));
        windowTab.view()->selectRow(rowOf(windowTab, QStringLiteral("groq"), QStringLiteral("llama-3.3-70b-versatile")));
        windowTab.addCurrentOffer();
        windowTab.addCurrentOffer();
        const Scenario after = window.document()->scenarios().loadStored(scenario).scenario;
        QCOMPARE(after.apiOptions.size(), before + 2);
        QCOMPARE(after.apiOptions[before].model, QStringLiteral("Llama-3.3-70B"));
        QVERIFY(after.apiOptions[before].name != after.apiOptions[before + 1].name);
        QVERIFY(window.undoStack()->canUndo());

        // A price written to the document shows in the dock without being asked for.
        std::optional<StoredApiOffer> groq = window.document()->apiOffers().find(QStringLiteral("groq"), QStringLiteral("llama-3.3-70b-versatile"));
        QVERIFY(groq);
        ApiOffer cheaper = groq->offer;
        cheaper.outputPerMillion = 0.5;
        cheaper.asOf = QStringLiteral("2026-11-01");
        window.document()->apiOffers().saveOffer(cheaper);
        const int row = rowOf(windowTab, QStringLiteral("groq"), QStringLiteral("llama-3.3-70b-versatile"));
        QTRY_COMPARE(cell(windowTab, row, ApiOfferTableModel::OutputPerMillion), QStringLiteral("0.5"));
        QCOMPARE(windowTab.priceHistory()->points().size(), size_t(2));
    }

    void refreshShowsInTheTabAndUndoes()
    {
        // January's recorded list (tests/data/refresh/SOURCE.md) over the bundled July prices.
        refreshtest::RefreshServer server(QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/skypilot"));
        server.setRoute([](const QByteArray &path, int) -> std::optional<refreshtest::Answer> {
            if (path != "/litellm/model_prices_and_context_window.json")
                return std::nullopt;
            QFile file(QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/litellm/2026-01-07/model_prices_and_context_window.json"));
            refreshtest::Answer answer;
            answer.contentType = "application/json";
            answer.body = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
            return answer;
        });
        MainWindow window(Document::create(m_dir.filePath(QStringLiteral("refresh.breakeven"))));
        window.setMessageHandler([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
        auto *catalog = window.findChild<CatalogWidget *>();
        QVERIFY(catalog);
        ApiOfferTab &windowTab = *catalog->apiOfferTab();
        const int row = rowOf(windowTab, QStringLiteral("groq"), QStringLiteral("openai/gpt-oss-120b"));
        windowTab.view()->selectRow(row);
        QCOMPARE(windowTab.priceHistory()->points().size(), size_t(1));
        const int steps = window.undoStack()->count();

        window.actions().refreshPrices->trigger();
        auto *dialog = window.findChild<RefreshDialog *>();
        QVERIFY(dialog);
        for (const RefreshSourceInfo &source : refreshSources())
            dialog->sourceBox(source.name)->setChecked(source.name == QLatin1String("litellm"));
        dialog->endpointEdit(QStringLiteral("litellm"))
            ->setText(QUrl(server.baseUrl()).adjusted(QUrl::RemovePath).toString() + QStringLiteral("/litellm/"));
        QSignalSpy refreshed(dialog, &RefreshDialog::refreshed);
        QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);

        // The tab shows January's price and both dates, without being asked.
        QTRY_COMPARE(cell(windowTab, row, ApiOfferTableModel::OutputPerMillion), QStringLiteral("0.75"));
        QCOMPARE(windowTab.currentOffer()->offer.provider, QStringLiteral("groq"));
        QCOMPARE(windowTab.priceHistory()->points().size(), size_t(2));
        QCOMPARE(windowTab.priceHistory()->points()[0].outputPerMillion, 0.6);

        // One undo step takes it back, history and all.
        QCOMPARE(window.undoStack()->count(), steps + 1);
        dialog->close();
        window.undoStack()->undo();
        QTRY_COMPARE(cell(windowTab, row, ApiOfferTableModel::OutputPerMillion), QStringLiteral("0.6"));
        QCOMPARE(windowTab.priceHistory()->points().size(), size_t(1));
        QCOMPARE(window.document()->apiOffers().find(QStringLiteral("groq"), QStringLiteral("openai/gpt-oss-120b"))->offer.asOf,
                 QStringLiteral("2026-07-24"));
    }
};

QTEST_MAIN(TestApiCatalogView)
#include "test_apicatalogview.moc"
