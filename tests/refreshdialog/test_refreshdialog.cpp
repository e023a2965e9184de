// Catalog › Refresh Prices… offscreen, against a local HTTP server serving the recorded SkyPilot
// sheets (tests/refresh/refreshserver.h): a refresh through the real dialog lands in the window's
// catalog and its summary counts what the document gained, and is one undo step; a cancel during
// a slow answer and an unreachable endpoint leave the document byte for byte as it was; a cancel
// after a source had ended takes that source back too. The catalog's price history shows every
// price an offer was seen at; a refresh of unchanged prices adds none.
#include "../refresh/refreshserver.h"

#include "catalog/catalogwidget.h"
#include "catalog/offertablemodel.h"
#include "catalog/pricehistorypanel.h"
#include "import/sheetimporter.h"
#include "mainwindow/mainwindow.h"
#include "refresh/refreshdialog.h"
#include "refresh/refreshsummary.h"
#include "refreshsources.h"
#include "store/document.h"

#include <QAction>
#include <QCryptographicHash>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include <SQLiteCpp/SQLiteCpp.h>

using namespace breakeven;
using namespace refreshtest;

namespace {

QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
}

// Every row of every table of the document at `path`, sorted: the same contents, whatever pages
// SQLite put them on.
QStringList contents(const QString &path)
{
    SQLite::Database db(path.toStdString(), SQLite::OPEN_READONLY);
    QStringList tables;
    SQLite::Statement list(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
    while (list.executeStep())
        tables << QString::fromStdString(list.getColumn(0).getString());
    QStringList rows;
    for (const QString &table : tables) {
        SQLite::Statement select(db, ("SELECT * FROM \"" + table + "\"").toStdString());
        while (select.executeStep()) {
            QString row = table;
            for (int i = 0; i < select.getColumnCount(); ++i)
                row += QLatin1Char('|') + QString::fromStdString(select.getColumn(i).getString());
            rows << row;
        }
    }
    rows.sort();
    return rows;
}

qint64 offersOf(Document &document, const QString &provider)
{
    OfferFilter filter;
    filter.provider = provider;
    return document.catalog().offerCount(filter);
}

qint64 keptPrices(Document &document)
{
    return document.connection().database().execAndGet("SELECT count(*) FROM offer_prices").getInt64();
}

// "In all: 1,234 added, …": the numbers of the summary's last line.
QList<qint64> totalsLine(const QString &summary)
{
    static const QRegularExpression line(QStringLiteral("In all: ([\\d,]+) added, ([\\d,]+) updated, ([\\d,]+) unchanged, ([\\d,]+) rows? skipped"));
    const QRegularExpressionMatch match = line.match(summary);
    if (!match.hasMatch())
        return {};
    QList<qint64> numbers;
    for (int i = 1; i <= 4; ++i)
        numbers << match.captured(i).remove(QLatin1Char(',')).toLongLong();
    return numbers;
}

} // namespace

class TestRefreshDialog : public QObject {
    Q_OBJECT

    QTemporaryDir m_folder;
    std::unique_ptr<RefreshServer> m_server;
    int m_count = 0;

    // A new document, closed; its path.
    QString newDocument()
    {
        const QString path = m_folder.filePath(QStringLiteral("doc%1.breakeven").arg(++m_count));
        Document::create(path).reset();
        return path;
    }

    // Opens Refresh Prices… in `window` and points the SkyPilot source at the local server (or
    // `endpoint`) for `clouds`; every other source unchecked.
    RefreshDialog *openDialog(MainWindow &window, const QString &clouds, const QString &endpoint = {})
    {
        window.actions().refreshPrices->trigger();
        auto *dialog = window.findChild<RefreshDialog *>();
        if (!dialog)
            return nullptr;
        for (const RefreshSourceInfo &source : refreshSources())
            dialog->sourceBox(source.name)->setChecked(source.name == QLatin1String("skypilot"));
        dialog->endpointEdit(QStringLiteral("skypilot"))->setText(endpoint.isEmpty() ? m_server->baseUrl() : endpoint);
        dialog->cloudsEdit(QStringLiteral("skypilot"))->setText(clouds);
        return dialog;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
        QCoreApplication::setApplicationName(QStringLiteral("test_refreshdialog"));
        QSettings().clear();
        QVERIFY(m_folder.isValid());
        m_server = std::make_unique<RefreshServer>(QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/skypilot"));
    }

    void init() { m_server->setRoute({}); }

    // The dialog lists every source with its title, description and default endpoint.
    void listsEverySource()
    {
        MainWindow window(Document::open(newDocument()));
        window.actions().refreshPrices->trigger();
        auto *dialog = window.findChild<RefreshDialog *>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(dialog->windowModality() != Qt::NonModal);
        for (const RefreshSourceInfo &source : refreshSources()) {
            QGroupBox *box = dialog->sourceBox(source.name);
            QVERIFY2(box, qPrintable(source.name));
            QCOMPARE(box->title(), source.title);
            QVERIFY(box->isCheckable());
            QCOMPARE(dialog->endpointEdit(source.name)->text(), source.defaultEndpoint.toString());
            QCOMPARE(dialog->cloudsEdit(source.name) != nullptr, source.takesClouds);
            QCOMPARE(dialog->regionsEdit(source.name) != nullptr, source.takesRegions);
            // Checked as the command line runs them when none is named: not the AWS Price List.
            QCOMPARE(box->isChecked(), source.byDefault);
        }
        QVERIFY(dialog->sourceBox(QStringLiteral("skypilot"))->isChecked());
        QVERIFY(!dialog->sourceBox(QStringLiteral("aws"))->isChecked());
        // A wrong field is named, and nothing starts.
        for (const RefreshSourceInfo &source : refreshSources())
            dialog->sourceBox(source.name)->setChecked(source.name == QLatin1String("skypilot"));
        dialog->endpointEdit(QStringLiteral("skypilot"))->setText(QStringLiteral("ftp://mirror.example/"));
        QVERIFY(!dialog->start());
        QVERIFY2(dialog->problemLabel()->text().contains(QStringLiteral("Endpoint")), qPrintable(dialog->problemLabel()->text()));
        dialog->endpointEdit(QStringLiteral("skypilot"))->setText(m_server->baseUrl());
        dialog->cloudsEdit(QStringLiteral("skypilot"))->setText(QStringLiteral("aws, Not/A/Cloud"));
        QVERIFY(!dialog->start());
        QVERIFY2(dialog->problemLabel()->text().contains(QStringLiteral("Not/A/Cloud")), qPrintable(dialog->problemLabel()->text()));
        QVERIFY(!dialog->runner()->isRunning());
        dialog->close();

        // A failure at an address with a long query names the host, the path and the reason.
        RefreshResult failed;
        failed.source = QStringLiteral("azure");
        failed.error = QStringLiteral("azure: https://prices.example/api/retail/prices?$filter=serviceName eq 'Virtual Machines' "
                                      "and (armSkuName eq 'Standard_NC4as_T4_v3' or armSkuName eq 'Standard_NC8as_T4_v3'): "
                                      "no answer (Host not found); nothing changed");
        QCOMPARE(refreshResultLine(failed),
                 QStringLiteral("failed: azure: https://prices.example/api/retail/prices?…: no answer (Host not found); nothing changed"));
    }

    void refreshLandsInTheCatalog()
    {
        const QString path = newDocument();
        MainWindow window(Document::open(path));
        window.setMessageHandler([](const QString &, const QString &text) { QFAIL(qPrintable(text)); });
        const QStringList clouds{QStringLiteral("lambda"), QStringLiteral("aws"), QStringLiteral("gcp")};
        QHash<QString, qint64> before;
        for (const QString &cloud : clouds)
            before[cloud] = offersOf(*window.document(), cloud);
        const int steps = window.undoStack()->count();

        RefreshDialog *dialog = openDialog(window, clouds.join(QStringLiteral(", ")));
        QVERIFY(dialog);
        QSignalSpy refreshed(dialog, &RefreshDialog::refreshed);
        QSignalSpy progressed(dialog->runner(), &RefreshRunner::progressed);
        QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
        QVERIFY(dialog->runner()->isRunning() || refreshed.count() == 1);
        QTRY_COMPARE_WITH_TIMEOUT(refreshed.count(), 1, 60000);
        QVERIFY(!dialog->runner()->isRunning());
        QCOMPARE(progressed.count(), 6); // a download and an import per cloud
        QVERIFY2(dialog->statusLabel()->text().startsWith(QStringLiteral("Refreshed.")), qPrintable(dialog->statusLabel()->text()));

        // The summary counts what the document gained, cloud by cloud.
        const std::vector<RefreshResult> &results = dialog->runner()->results();
        QCOMPARE(results.size(), size_t(1));
        QVERIFY(results[0].done);
        const SourceRefresh &report = results[0].report;
        QCOMPARE(report.cloudsImported, 3);
        const QString summary = dialog->summary()->toPlainText();
        qInfo("%s", qPrintable(summary));
        QVERIFY(dialog->summary()->isVisible());
        qint64 added = 0;
        for (const CloudRefresh &cloud : report.clouds) {
            const qint64 gained = offersOf(*window.document(), cloud.cloud) - before[cloud.cloud];
            QCOMPARE(cloud.offers.added, gained);
            added += gained;
            QVERIFY2(summary.contains(QStringLiteral("    %1: %2 added, ").arg(cloud.cloud, QLocale().toString(gained))),
                     qPrintable(cloud.cloud));
        }
        QVERIFY(added > 0);
        const QList<qint64> totals = totalsLine(summary);
        QCOMPARE(totals.size(), 4);
        QCOMPARE(totals[0], added);
        QCOMPARE(totals[1], report.offers.updated);
        QCOMPARE(totals[2], report.offers.unchanged);
        QCOMPARE(totals[3], report.skippedRows);
        QCOMPARE(dialog->sourceList()->topLevelItem(0)->text(1),
                 refreshResultLine(results[0]));

        // The window's catalog dock shows the new offers, without being told more than the
        // dialog told it.
        auto *catalog = window.findChild<CatalogWidget *>();
        QVERIFY(catalog);
        OfferFilter lambda;
        lambda.provider = QStringLiteral("lambda");
        catalog->setOfferFilter(lambda);
        QTRY_COMPARE(qint64(catalog->offerModel()->rowCount()), before[QStringLiteral("lambda")] + report.clouds[0].offers.added);
        QVERIFY(catalog->filterBar() != nullptr);

        // One undo step takes the refresh back, and redo writes it again.
        QCOMPARE(window.undoStack()->count(), steps + 1);
        QVERIFY2(window.undoStack()->undoText().contains(QStringLiteral("skypilot")), qPrintable(window.undoStack()->undoText()));
        dialog->close();
        window.undoStack()->undo();
        QCOMPARE(offersOf(*window.document(), QStringLiteral("lambda")), before[QStringLiteral("lambda")]);
        QTRY_COMPARE(qint64(catalog->offerModel()->rowCount()), before[QStringLiteral("lambda")]);
        window.undoStack()->redo();
        QCOMPARE(offersOf(*window.document(), QStringLiteral("lambda")), before[QStringLiteral("lambda")] + report.clouds[0].offers.added);

        // The next refresh starts from the mirror and clouds of this one.
        QTRY_VERIFY(window.findChildren<RefreshDialog *>().isEmpty());
        window.actions().refreshPrices->trigger();
        auto *next = window.findChild<RefreshDialog *>();
        QVERIFY(next);
        QCOMPARE(next->endpointEdit(QStringLiteral("skypilot"))->text(), m_server->baseUrl());
        QCOMPARE(next->cloudsEdit(QStringLiteral("skypilot"))->text(), clouds.join(QStringLiteral(", ")));
        next->close();
    }

    // Cancel while the server is slow to answer: the dialog says nothing changed, and the file is
    // byte for byte as before.
    void cancelLeavesTheDocumentAlone()
    {
        const QString path = newDocument();
        const QByteArray hash = fileHash(path);
        m_server->setRoute([](const QByteArray &requested, int) -> std::optional<Answer> {
            if (requested.endsWith("/aws/vms.csv")) {
                Answer answer;
                answer.silent = true;
                return answer;
            }
            return std::nullopt;
        });
        {
            MainWindow window(Document::open(path));
            const int steps = window.undoStack()->count();
            RefreshDialog *dialog = openDialog(window, QStringLiteral("lambda, aws"));
            QVERIFY(dialog);
            QSignalSpy finished(dialog->runner(), &RefreshRunner::finished);
            QTest::mouseClick(dialog->startButton(), Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(m_server->hits("/catalogs/v8/aws/vms.csv") >= 1, 20000);
            QVERIFY(dialog->runner()->isRunning());
            // The worker's progress reaches the window as a queued event: it may come just after
            // the request reached the server.
            QTRY_VERIFY2_WITH_TIMEOUT(dialog->statusLabel()->text().contains(QStringLiteral("aws")),
                                      qPrintable(dialog->statusLabel()->text()), 5000);
            QTest::mouseClick(dialog->cancelButton(), Qt::LeftButton);
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
            QCOMPARE(dialog->runner()->outcome(), RefreshRunner::Outcome::Cancelled);
            QVERIFY2(dialog->statusLabel()->text().contains(QStringLiteral("Nothing was written")),
                     qPrintable(dialog->statusLabel()->text()));
            QVERIFY(!dialog->runner()->wroteAnything());
            QCOMPARE(window.undoStack()->count(), steps);
            dialog->close();
        }
        QCOMPARE(fileHash(path), hash);
    }

    // A cancel after one source had ended takes that source back as well (two runs of the
    // SkyPilot source stand for two sources): every row as before, though SQLite may have
    // laid the pages out anew.
    void cancelTakesBackEndedSources()
    {
        const QString path = newDocument();
        const QStringList before = contents(path);
        QVERIFY(before.size() > 100);
        m_server->setRoute([](const QByteArray &requested, int) -> std::optional<Answer> {
            if (requested.endsWith("/gcp/vms.csv")) {
                Answer answer;
                answer.silent = true;
                return answer;
            }
            return std::nullopt;
        });
        {
            RefreshRunner runner;
            std::vector<RefreshJob> jobs(2);
            for (RefreshJob &job : jobs) {
                job.source = QStringLiteral("skypilot");
                job.options.baseUrl = QUrl(m_server->baseUrl());
            }
            jobs[0].options.clouds = QStringList{QStringLiteral("lambda")};
            jobs[1].options.clouds = QStringList{QStringLiteral("gcp")};
            QSignalSpy ended(&runner, &RefreshRunner::sourceFinished);
            QSignalSpy finished(&runner, &RefreshRunner::finished);
            QVERIFY(runner.start(path, std::move(jobs)));
            QTRY_COMPARE_WITH_TIMEOUT(ended.count(), 1, 20000);
            QVERIFY(ended.first().at(1).value<RefreshResult>().done);
            QTRY_VERIFY_WITH_TIMEOUT(m_server->hits("/catalogs/v8/gcp/vms.csv") >= 1, 20000);
            runner.cancel();
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
            QCOMPARE(runner.outcome(), RefreshRunner::Outcome::Cancelled);
            QVERIFY2(runner.errorMessage().isEmpty(), qPrintable(runner.errorMessage()));
            QVERIFY(!runner.wroteAnything());
            QVERIFY(runner.results()[0].cancelled);
        }
        QCOMPARE(contents(path), before);
    }

    // Nothing answers at the endpoint: the failure names the source, and nothing changes.
    void unreachableEndpointChangesNothing()
    {
        const QString path = newDocument();
        const QByteArray hash = fileHash(path);
        {
            MainWindow window(Document::open(path));
            const int steps = window.undoStack()->count();
            // Port 1 of the loopback: refused at once.
            RefreshDialog *dialog = openDialog(window, QStringLiteral("lambda"), QStringLiteral("http://127.0.0.1:1/catalogs/v8/"));
            QVERIFY(dialog);
            QSignalSpy finished(dialog->runner(), &RefreshRunner::finished);
            QVERIFY(dialog->start());
            QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
            const QString summary = dialog->summary()->toPlainText();
            qInfo("%s", qPrintable(summary));
            QVERIFY2(summary.contains(QStringLiteral("failed: skypilot: ")), qPrintable(summary));
            QVERIFY2(summary.contains(QStringLiteral("127.0.0.1:1")), qPrintable(summary));
            QVERIFY2(summary.contains(QStringLiteral("nothing changed")), qPrintable(summary));
            QVERIFY2(dialog->statusLabel()->text().contains(QStringLiteral("nothing changed")),
                     qPrintable(dialog->statusLabel()->text()));
            QVERIFY(dialog->sourceList()->topLevelItem(0)->text(1).startsWith(QStringLiteral("failed: skypilot: ")));
            QCOMPARE(totalsLine(summary), (QList<qint64>{0, 0, 0, 0}));
            QVERIFY(!dialog->runner()->wroteAnything());
            QCOMPARE(window.undoStack()->count(), steps);
            dialog->close();
        }
        QCOMPARE(fileHash(path), hash);
    }

    // An offer whose price changed twice: three prices in the catalog's history pane, newest
    // first in its table, and the yearly change fitted to them.
    void historyShowsEveryPrice()
    {
        const QString path = newDocument();
        MainWindow window(Document::open(path));
        CatalogRepository &catalog = window.document()->catalog();
        CloudOffer offer;
        offer.provider = QStringLiteral("historic");
        offer.category = CloudCategory::MlCloud;
        offer.instanceType = QStringLiteral("gpu_2x_h100");
        offer.gpu = QStringLiteral("H100-SXM5-80GB");
        offer.gpuCount = 2;
        offer.region = QStringLiteral("us-east-1");
        offer.currency = QStringLiteral("USD");
        offer.onDemand = 8.0;
        offer.asOf = QStringLiteral("2025-01-01");
        QCOMPARE(catalog.saveOffer(offer), UpsertResult::Added);
        offer.onDemand = 6.0;
        offer.asOf = QStringLiteral("2025-07-01");
        QCOMPARE(catalog.saveOffer(offer), UpsertResult::Updated);
        offer.onDemand = 5.0;
        offer.asOf = QStringLiteral("2026-01-01");
        QCOMPARE(catalog.saveOffer(offer), UpsertResult::Updated);

        auto *widget = window.findChild<CatalogWidget *>();
        QVERIFY(widget);
        widget->setCurrentTab(CatalogWidget::OfferTab);
        OfferFilter filter;
        filter.provider = offer.provider;
        widget->setOfferFilter(filter);
        QTRY_COMPARE(widget->offerModel()->rowCount(), 1);
        widget->offerView()->setCurrentIndex(widget->offerModel()->index(0, 0));
        PriceHistoryPanel *history = widget->priceHistory();
        QCOMPARE(history->points().size(), size_t(3));
        QCOMPARE(history->points()[0].date, QDate(2025, 1, 1));
        QCOMPARE(history->points()[0].price, 4.0); // per GPU-hour
        QCOMPARE(history->points()[2].price, 2.5);
        QCOMPARE(history->chart()->points().size(), size_t(3));
        QCOMPARE(history->table()->rowCount(), 3);
        QCOMPARE(history->table()->item(0, 0)->text(), QStringLiteral("2026-01-01"));
        QCOMPARE(history->table()->item(2, 0)->text(), QStringLiteral("2025-01-01"));
        QCOMPARE(history->table()->item(0, 2)->text(), QStringLiteral("−16.7 %"));
        QVERIFY(history->trend());
        QVERIFY(history->trend()->ratePerYear < -0.3 && history->trend()->ratePerYear > -0.5);
        QCOMPARE(history->trend()->points, 3);
        QVERIFY2(history->trendLabel()->text().contains(QStringLiteral("falls")), qPrintable(history->trendLabel()->text()));

        // The spot plan has no price: said so, nothing drawn.
        filter.plan = PricingPlan::Spot;
        widget->setOfferFilter(filter);
        QCOMPARE(widget->offerModel()->rowCount(), 0);
        QVERIFY(history->points().empty());
    }

    // Fetching prices the catalog already has adds no history: the second refresh leaves every
    // offer unchanged and offer_prices as it was. A sheet of the same prices under a later date
    // updates the offers' date but keeps no earlier price for them.
    void refetchingUnchangedPricesAddsNoHistory()
    {
        const QString path = newDocument();
        auto document = Document::open(path);
        RefreshOptions options;
        options.baseUrl = QUrl(m_server->baseUrl());
        options.clouds = QStringList{QStringLiteral("lambda")};
        const SourceRefresh first = runRefreshSource(*document, QStringLiteral("skypilot"), options);
        // The bundled catalog already has the sheet's offers (Lambda's us-east-1 rows, at newer
        // prices): they are updated, or added where a document lacks them.
        QVERIFY2(first.offers.added + first.offers.updated > 0,
                 qPrintable(QStringLiteral("%1 added, %2 updated").arg(first.offers.added).arg(first.offers.updated)));
        const qint64 kept = keptPrices(*document);
        const SourceRefresh again = runRefreshSource(*document, QStringLiteral("skypilot"), options);
        QCOMPARE(again.offers.added, qint64(0));
        QCOMPARE(again.offers.updated, qint64(0));
        QCOMPARE(again.offers.unchanged, first.offers.added + first.offers.updated + first.offers.unchanged);
        QCOMPARE(keptPrices(*document), kept);

        SheetImporter importer(*document);
        ImportOptions sheet;
        sheet.presetName = QStringLiteral("skypilot");
        sheet.provider = QStringLiteral("lambda");
        sheet.asOf = QStringLiteral("2030-01-01");
        const QString lambda = QStringLiteral(BREAKEVEN_TEST_DATA "/refresh/skypilot/lambda/vms.csv");
        importer.import(lambda, sheet);
        const qint64 dated = keptPrices(*document);
        sheet.asOf = QStringLiteral("2030-02-01");
        const ImportReport later = importer.import(lambda, sheet);
        QVERIFY(later.offers.updated > 0); // the date moved on
        QCOMPARE(keptPrices(*document), dated);
        // A change is kept, under the date it held until.
        QTemporaryDir dir;
        QFile in(lambda);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray bytes = in.readAll();
        const QString changed = dir.filePath(QStringLiteral("lambda/vms.csv"));
        QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("lambda"))));
        QFile out(changed);
        QVERIFY(out.open(QIODevice::WriteOnly));
        // Every on-demand price of the sheet (its sixth column) a tenth higher.
        QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'));
        for (qsizetype i = 1; i < lines.size(); ++i) {
            QStringList fields = lines[i].split(QLatin1Char(','));
            if (fields.size() > 6 && !fields[5].isEmpty())
                fields[5] = QString::number(fields[5].toDouble() * 1.1, 'f', 4);
            lines[i] = fields.join(QLatin1Char(','));
        }
        out.write(lines.join(QLatin1Char('\n')).toUtf8());
        out.close();
        sheet.asOf = QStringLiteral("2030-03-01");
        const ImportReport raised = importer.import(changed, sheet);
        QVERIFY(raised.offers.updated > 0);
        QCOMPARE(keptPrices(*document), dated + raised.offers.updated);
    }
};

QTEST_MAIN(TestRefreshDialog)
#include "test_refreshdialog.moc"
