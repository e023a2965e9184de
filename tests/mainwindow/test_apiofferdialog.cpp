// Add API Option… offers the document's API offers: one a sheet of API prices brought into this
// document (no bundled list has it) can be found and added to the scenario.
#include "mainwindow/apioptiondialog.h"
#include "mainwindow/mainwindow.h"
#include "store/document.h"

#include <QApplication>
#include <QCheckBox>
#include <QLineEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

using namespace breakeven;

class TestApiOfferDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void addsAnOfferOfTheDocument();
};

void TestApiOfferDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("BreakevenTest"));
    QCoreApplication::setApplicationName(QStringLiteral("test_apiofferdialog"));
    QSettings().clear();
}

void TestApiOfferDialog::addsAnOfferOfTheDocument()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("api.breakeven"));
    {
        const std::unique_ptr<Document> document = Document::create(path);
        ApiOffer own;
        own.provider = QStringLiteral("househost");
        own.model = QStringLiteral("House Llama 70B");
        own.servedModel = QStringLiteral("Llama-3.1-70B");
        own.apiModelId = QStringLiteral("house-llama-70b");
        own.inputPerMillion = 0.05;
        own.outputPerMillion = 0.07;
        own.source = QStringLiteral("house price page");
        own.asOf = QStringLiteral("2030-01-15");
        document->apiOffers().saveOffer(own);
    }
    MainWindow window(Document::open(path));
    window.setMessageHandler([](const QString &, const QString &) {});
    window.show();
    const qint64 scenarioId = window.currentScenarioId();
    QVERIFY(scenarioId > 0);

    int offered = 0;
    int found = 0;
    QTimer::singleShot(0, this, [&] {
        auto *dialog = qobject_cast<AddApiOptionDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        dialog->workloadModelOnly()->setChecked(false);
        offered = dialog->view()->model()->rowCount();
        dialog->searchField()->setText(QStringLiteral("househost"));
        found = dialog->view()->model()->rowCount();
        dialog->view()->selectRow(0);
        dialog->accept();
    });
    window.actions().addApiOption->trigger();
    QCOMPARE(offered, int(bundledApiOffers().size()) + 1);
    QCOMPARE(found, 1);
    const Scenario scenario = Document::open(path)->scenarios().loadStored(scenarioId).scenario;
    QCOMPARE(scenario.apiOptions.size(), std::size_t(1));
    QCOMPARE(scenario.apiOptions.front().provider, QStringLiteral("househost"));
    QCOMPARE(scenario.apiOptions.front().model, QStringLiteral("Llama-3.1-70B"));
    QCOMPARE(scenario.apiOptions.front().pricePerMillionOutput, 0.07);
}

QTEST_MAIN(TestApiOfferDialog)
#include "test_apiofferdialog.moc"
