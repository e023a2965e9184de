// Add API Option… offers the document's API offers: one a sheet of API prices brought into this
// document (no bundled list has it) can be found and added to the scenario. The import wizard
// recognises such a sheet as "Breakeven API prices" and imports it.
#include "importwizard/formatpage.h"
#include "importwizard/importpage.h"
#include "importwizard/importrunner.h"
#include "importwizard/importwizard.h"
#include "importwizard/previewpage.h"
#include "importwizard/rowreportmodel.h"
#include "mainwindow/apioptiondialog.h"
#include "mainwindow/mainwindow.h"
#include "store/document.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
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
    void wizardImportsSheetOfApiPrices();
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

void TestApiOfferDialog::wizardImportsSheetOfApiPrices()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::unique_ptr<Document> document = Document::create(dir.filePath(QStringLiteral("wizard.breakeven")));
    const ApiOffer &first = bundledApiOffers().front();
    const QString sheet = dir.filePath(QStringLiteral("prices.csv"));
    {
        QFile file(sheet);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QStringLiteral("provider,model,api_model_id,input_per_mtok,output_per_mtok,as_of\n"
                                  "%1,%2,%3,%4,%5,2030-02-01\n"
                                  "househost,House 8B,house-8b,0.01,0.02,2030-02-01\n")
                       .arg(first.provider, first.model, first.apiModelId)
                       .arg(first.inputPerMillion * 2)
                       .arg(first.outputPerMillion * 2)
                       .toUtf8());
    }
    const qint64 before = document->apiOffers().offerCount();
    ImportWizard wizard(document.get(), nullptr, sheet);
    wizard.show();
    QVERIFY(wizard.currentPage()->isComplete());
    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::FormatPage));
    auto *format = qobject_cast<SheetFormatPage *>(wizard.page(ImportWizard::FormatPage));
    QCOMPARE(format->presetBox()->currentData().toString(), QStringLiteral("api"));
    QCOMPARE(format->presetBox()->currentText(), QStringLiteral("Breakeven API prices"));
    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::PreviewPage));
    auto *preview = qobject_cast<SheetPreviewPage *>(wizard.page(ImportWizard::PreviewPage));
    QVERIFY(QTest::qWaitFor([&] { return !preview->isRunning(); }, 60000));
    QVERIFY2(preview->isComplete(), qPrintable(wizard.runner()->errorMessage()));
    QCOMPARE(preview->rowModel()->rowCount(), 2);
    QCOMPARE(toString(preview->rowModel()->rowReport(0).status), QStringLiteral("update"));
    QCOMPARE(toString(preview->rowModel()->rowReport(1).status), QStringLiteral("add"));
    QCOMPARE(document->apiOffers().offerCount(), before); // a preview writes nothing
    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::SummaryPage));
    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::ImportPage));
    auto *importPage = qobject_cast<SheetImportPage *>(wizard.page(ImportWizard::ImportPage));
    QTRY_VERIFY_WITH_TIMEOUT(!importPage->isRunning(), 60000);
    QCOMPARE(wizard.runner()->outcome(), ImportRunner::Outcome::Done);
    QCOMPARE(document->apiOffers().offerCount(), before + 1);
    const auto repriced = document->apiOffers().find(first.provider, first.apiModelId);
    QVERIFY(repriced);
    QCOMPARE(repriced->offer.outputPerMillion, first.outputPerMillion * 2);
    QCOMPARE(document->apiOffers().priceHistory(repriced->id).size(), std::size_t(2));
    // One undo step takes the whole import back.
    document->catalog().applyChangeset(wizard.runner()->changeset(), true);
    QCOMPARE(document->apiOffers().offerCount(), before);
    QCOMPARE(document->apiOffers().find(first.provider, first.apiModelId)->offer.outputPerMillion,
             first.outputPerMillion);
}

QTEST_MAIN(TestApiOfferDialog)
#include "test_apiofferdialog.moc"
