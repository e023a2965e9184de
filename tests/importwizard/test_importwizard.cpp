// The import wizard offscreen, driven page by page with QWizard::next(): a SkyPilot sheet's
// preview statuses and summary, the import and its second run (nothing changes), a custom
// sheet through a saved mapping, and a cancelled 200,000-row import that leaves the catalog
// exactly as it was; GPU names the catalog does not know, listed with their rows and mapped to
// a model, which re-previews and is saved as an alias by the import.
#include "importwizard/formatpage.h"
#include "importwizard/importpage.h"
#include "importwizard/importrunner.h"
#include "importwizard/importwizard.h"
#include "importwizard/mappingpage.h"
#include "importwizard/previewpage.h"
#include "importwizard/rowreportmodel.h"
#include "importwizard/summarypage.h"
#include "importwizard/unknowngpupanel.h"
#include "store/document.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <map>

using namespace breakeven;

namespace {

const QByteArray kSkyPilotHeader = "InstanceType,AcceleratorName,AcceleratorCount,vCPUs,MemoryGiB,Price,SpotPrice,Region,GpuInfo\n";

// One row per status the preview can give; line numbers count the header as line 1.
const QByteArray kSkyPilotRows = "bev_1x_h100,H100,1,26,200,2.49,,us-east-1,\n"          // 2 add
                                 "bev_update_1x,A10,1,30,200,1.23,,us-west-1,\n"         // 3 update
                                 "bev_1x_unknown,NotAGpu9000,1,30,200,1.00,,us-east-1,\n" // 4 skip
                                 "bev_1x_negative,A10,1,30,200,-1.0,,us-east-1,\n"       // 5 skip
                                 "bev_1x_spot,A10,1,30,200,1.00,1.50,us-east-1,\n"       // 6 warning
                                 "bev_tpu,tpu-v4-8,1,240,400,12.88,,us-east-1,\n";       // 7 skip

QString writeSheet(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size())
        return {};
    return path;
}

std::map<qint64, RowStatus> statusesByLine(const RowReportModel *model)
{
    std::map<qint64, RowStatus> statuses;
    for (int row = 0; row < model->rowCount(); ++row)
        statuses[model->rowReport(row).line] = model->rowReport(row).status;
    return statuses;
}

// "2 add, 3 update, ...": readable when a comparison fails.
QString statusText(const std::map<qint64, RowStatus> &statuses)
{
    QStringList parts;
    for (const auto &[line, status] : statuses)
        parts.append(QStringLiteral("%1 %2").arg(line).arg(toString(status)));
    return parts.join(QStringLiteral(", "));
}

template <typename Page>
Page *page(ImportWizard &wizard, ImportWizard::PageId id)
{
    return qobject_cast<Page *>(wizard.page(id));
}

} // namespace

class TestImportWizard : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void previewsSummarisesAndImports();
    void secondImportChangesNothing();
    void importsCustomSheetThroughSavedMapping();
    void refusesSheetWithoutProvider();
    void readsSheetWithChosenEncodingAndDelimiter();
    void cancelledImportLeavesCatalogAlone();
    void mapsUnknownGpuNamesToModels();
    void dropsMappingsOfAnotherSheet();

private:
    // Walks from the file page to the finished preview.
    bool reachPreview(ImportWizard &wizard);
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<Document> m_document;
};

void TestImportWizard::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_document = Document::create(m_dir->filePath(QStringLiteral("import.breakeven")));
    CloudOffer existing;
    existing.provider = QStringLiteral("lambda");
    existing.category = CloudCategory::MlCloud;
    existing.instanceType = QStringLiteral("bev_update_1x");
    existing.gpu = QStringLiteral("A10");
    existing.region = QStringLiteral("us-west-1");
    existing.onDemand = 9.99;
    existing.asOf = QStringLiteral("2024-01-01");
    QVERIFY(m_document->catalog().saveOffer(existing) == UpsertResult::Added);
}

void TestImportWizard::cleanup()
{
    m_document.reset();
    m_dir.reset();
}

bool TestImportWizard::reachPreview(ImportWizard &wizard)
{
    wizard.show();
    if (wizard.currentId() != ImportWizard::FilePage || !wizard.currentPage()->isComplete())
        return false;
    wizard.next();
    if (wizard.currentId() != ImportWizard::FormatPage)
        return false;
    wizard.next();
    if (wizard.currentId() == ImportWizard::MappingPage)
        return true; // the caller maps and goes on
    if (wizard.currentId() != ImportWizard::PreviewPage)
        return false;
    auto *preview = page<SheetPreviewPage>(wizard, ImportWizard::PreviewPage);
    return QTest::qWaitFor([&] { return !preview->isRunning(); }, 60000);
}

void TestImportWizard::previewsSummarisesAndImports()
{
    const QString sheet = writeSheet(*m_dir, QStringLiteral("lambda-v7.csv"), kSkyPilotHeader + kSkyPilotRows);
    const qint64 offersBefore = m_document->catalog().offerCount();
    ImportWizard wizard(m_document.get(), nullptr, sheet);
    QSignalSpy imported(&wizard, &ImportWizard::imported);
    QVERIFY(reachPreview(wizard));

    // The format page saw a SkyPilot sheet of lambda's.
    auto *format = page<SheetFormatPage>(wizard, ImportWizard::FormatPage);
    QCOMPARE(format->presetBox()->currentData().toString(), QStringLiteral("skypilot"));
    QCOMPARE(format->providerBox()->currentText(), QStringLiteral("lambda"));
    QCOMPARE(wizard.setup().delimiter, ',');
    QCOMPARE(wizard.setup().encoding, QStringLiteral("UTF-8"));

    auto *preview = page<SheetPreviewPage>(wizard, ImportWizard::PreviewPage);
    QVERIFY2(preview->isComplete(), qPrintable(wizard.runner()->errorMessage()));
    const std::map<qint64, RowStatus> expected = {{2, RowStatus::Add},  {3, RowStatus::Update}, {4, RowStatus::Skip},
                                                  {5, RowStatus::Skip}, {6, RowStatus::Warning}, {7, RowStatus::Skip}};
    QCOMPARE(statusText(statusesByLine(preview->rowModel())), statusText(expected));
    for (int row = 0; row < preview->rowModel()->rowCount(); ++row) {
        const RowReport &report = preview->rowModel()->rowReport(row);
        QCOMPARE(report.reason.isEmpty(), report.status == RowStatus::Add || report.status == RowStatus::Update);
    }
    // Narrowing to one status shows only those rows.
    preview->statusFilter()->setCurrentIndex(preview->statusFilter()->findData(int(RowStatus::Skip)));
    QCOMPARE(preview->table()->model()->rowCount(), 3);
    // Nothing written by the preview.
    QCOMPARE(m_document->catalog().offerCount(), offersBefore);

    if (const QString dir = qEnvironmentVariable("BREAKEVEN_SCREENSHOT_DIR"); !dir.isEmpty()) {
        preview->statusFilter()->setCurrentIndex(0);
        QVERIFY(wizard.grab().save(dir + QStringLiteral("/import-wizard.png")));
    }

    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::SummaryPage));
    const ImportReport &summary = wizard.setup().preview;
    QCOMPARE(summary.offers.added, qint64(2));
    QCOMPARE(summary.offers.updated, qint64(1));
    QCOMPARE(summary.skipped, qint64(3));
    QCOMPARE(qint64(summary.warnings.size()), qint64(1));
    auto *summaryPage = page<SheetSummaryPage>(wizard, ImportWizard::SummaryPage);
    QTreeWidget *reasons = summaryPage->skipReasons();
    qint64 skippedRows = 0;
    for (int i = 0; i < reasons->topLevelItemCount(); ++i)
        if (reasons->topLevelItem(i)->text(0) == QLatin1String("skip"))
            skippedRows += reasons->topLevelItem(i)->text(1).toLongLong();
    QCOMPARE(skippedRows, qint64(3));
    QVERIFY(summaryPage->countsLabel()->text().contains(QLatin1String("Offers to add")));
    QCOMPARE(m_document->catalog().offerCount(), offersBefore);

    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::ImportPage));
    auto *importPage = page<SheetImportPage>(wizard, ImportWizard::ImportPage);
    QTRY_VERIFY_WITH_TIMEOUT(!importPage->isRunning(), 60000);
    QCOMPARE(wizard.runner()->outcome(), ImportRunner::Outcome::Done);
    QCOMPARE(imported.count(), 1);
    QVERIFY(!importPage->reportView()->toPlainText().isEmpty());
    // What it wrote is recorded, for the window's one undo step, and taking it back restores the count.
    QVERIFY(!wizard.runner()->changeset().isEmpty());
    QVERIFY(!wizard.runner()->changesetTooLarge());

    // The GUI's own connection sees what the worker's wrote.
    QCOMPARE(m_document->catalog().offerCount(), offersBefore + 2);
    m_document->catalog().applyChangeset(wizard.runner()->changeset(), true);
    QCOMPARE(m_document->catalog().offerCount(), offersBefore);
    m_document->catalog().applyChangeset(wizard.runner()->changeset(), false);
    QCOMPARE(m_document->catalog().offerCount(), offersBefore + 2);
    OfferFilter lambda;
    lambda.provider = QStringLiteral("lambda");
    lambda.region = QStringLiteral("us-west-1");
    const auto updated = m_document->catalog().offers(lambda, OfferColumn::InstanceType, Qt::AscendingOrder, 0, 100);
    const auto it = std::find_if(updated.begin(), updated.end(), [](const StoredOffer &s) {
        return s.offer.instanceType == QLatin1String("bev_update_1x");
    });
    QVERIFY(it != updated.end());
    QCOMPARE(it->offer.onDemand, std::optional<double>(1.23));
    lambda.region = QStringLiteral("us-east-1");
    const auto spotRows = m_document->catalog().offers(lambda, OfferColumn::InstanceType, Qt::AscendingOrder, 0, 1000);
    const auto spot = std::find_if(spotRows.begin(), spotRows.end(), [](const StoredOffer &s) {
        return s.offer.instanceType == QLatin1String("bev_1x_spot");
    });
    QVERIFY(spot != spotRows.end());
    QVERIFY(!spot->offer.spot); // a spot price above on-demand is dropped with the warning
}

void TestImportWizard::secondImportChangesNothing()
{
    const QString sheet = writeSheet(*m_dir, QStringLiteral("lambda-v7.csv"), kSkyPilotHeader + kSkyPilotRows);
    {
        ImportWizard first(m_document.get(), nullptr, sheet);
        QVERIFY(reachPreview(first));
        first.next();
        first.next();
        QTRY_VERIFY_WITH_TIMEOUT(!page<SheetImportPage>(first, ImportWizard::ImportPage)->isRunning(), 60000);
        QCOMPARE(first.runner()->outcome(), ImportRunner::Outcome::Done);
    }
    const qint64 offers = m_document->catalog().offerCount();
    ImportWizard second(m_document.get(), nullptr, sheet);
    QVERIFY(reachPreview(second));
    const std::map<qint64, RowStatus> statuses = statusesByLine(page<SheetPreviewPage>(second, ImportWizard::PreviewPage)->rowModel());
    QCOMPARE(toString(statuses.at(2)), toString(RowStatus::Unchanged));
    QCOMPARE(toString(statuses.at(3)), toString(RowStatus::Unchanged));
    QCOMPARE(toString(statuses.at(4)), toString(RowStatus::Skip));
    QCOMPARE(second.setup().preview.offers.added, qint64(0));
    QCOMPARE(second.setup().preview.offers.updated, qint64(0));
    QCOMPARE(second.setup().preview.offers.unchanged, qint64(3));
    QCOMPARE(m_document->catalog().offerCount(), offers);
}

// A Latin-1, semicolon-separated SkyPilot sheet: the format page names what it detected, and a
// chosen delimiter or encoding re-reads the header, re-detects the preset and reaches the preview.
void TestImportWizard::readsSheetWithChosenEncodingAndDelimiter()
{
    const QString sheet = writeSheet(*m_dir, QStringLiteral("lambda-v7.csv"),
                                     "InstanceType;AcceleratorName;AcceleratorCount;vCPUs;MemoryGiB;Price;Region\n"
                                     "bev_sp_1x;H100;1;26;200;2.49;S\xE3o Paulo\n");
    ImportWizard wizard(m_document.get(), nullptr, sheet);
    wizard.show();
    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::FormatPage));
    auto *format = page<SheetFormatPage>(wizard, ImportWizard::FormatPage);
    QCOMPARE(format->encodingBox()->currentIndex(), 0);
    QCOMPARE(format->encodingBox()->itemText(0), QStringLiteral("detected: Latin-1"));
    QCOMPARE(format->delimiterBox()->itemText(0), QStringLiteral("detected: semicolon"));
    QCOMPARE(format->presetBox()->currentData().toString(), QStringLiteral("skypilot"));

    // Comma: the header is one long column and no preset fits.
    format->delimiterBox()->setCurrentIndex(format->delimiterBox()->findData(int(',')));
    QCOMPARE(wizard.setup().header.size(), qsizetype(1));
    QCOMPARE(wizard.setup().delimiter, ',');
    QVERIFY(format->presetBox()->currentText().contains(QLatin1String("custom")));
    QCOMPARE(format->delimiterBox()->itemText(0), QStringLiteral("detected: semicolon"));

    // Semicolon, chosen: seven columns and the SkyPilot preset again.
    format->delimiterBox()->setCurrentIndex(format->delimiterBox()->findData(int(';')));
    QCOMPARE(wizard.setup().header.size(), qsizetype(7));
    QCOMPARE(format->presetBox()->currentData().toString(), QStringLiteral("skypilot"));

    // UTF-8 over the detected Latin-1: the region's byte is not UTF-8 and the preview shows it.
    format->encodingBox()->setCurrentIndex(format->encodingBox()->findData(int(TextEncoding::Utf8)));
    QCOMPARE(wizard.setup().encoding, QStringLiteral("UTF-8"));
    if (const QString dir = qEnvironmentVariable("BREAKEVEN_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(wizard.grab().save(dir + QStringLiteral("/import-wizard-format.png")));
    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::PreviewPage));
    auto *preview = page<SheetPreviewPage>(wizard, ImportWizard::PreviewPage);
    QVERIFY(QTest::qWaitFor([&] { return !preview->isRunning(); }, 60000));
    QCOMPARE(preview->rowModel()->rowCount(), 1);
    QCOMPARE(preview->rowModel()->rowReport(0).region, QStringLiteral("S\uFFFDo Paulo"));
    QCOMPARE(wizard.setup().preview.encoding, QStringLiteral("UTF-8"));
    QCOMPARE(wizard.setup().preview.delimiter, ';');

    // Back to detected: Latin-1 again, and the preview reads "São Paulo".
    wizard.back();
    format->encodingBox()->setCurrentIndex(0);
    wizard.next();
    QVERIFY(QTest::qWaitFor([&] { return !preview->isRunning(); }, 60000));
    QCOMPARE(preview->rowModel()->rowReport(0).region, QStringLiteral("S\u00E3o Paulo"));
}

void TestImportWizard::importsCustomSheetThroughSavedMapping()
{
    const QString sheet = writeSheet(*m_dir, QStringLiteral("prices.csv"),
                                     "Machine;Card;Cards;Where;Hourly\n"
                                     "box-a;RTX4090;2;eu-north;1,10\n"
                                     "box-b;A10;1;eu-north;0,60\n");
    ImportWizard wizard(m_document.get(), nullptr, sheet);
    QVERIFY(reachPreview(wizard));
    QCOMPARE(wizard.setup().delimiter, ';');
    auto *format = page<SheetFormatPage>(wizard, ImportWizard::FormatPage);
    QVERIFY(format->presetBox()->currentText().contains(QLatin1String("custom")));
    QCOMPARE(wizard.currentId(), int(ImportWizard::MappingPage));

    auto *mapping = page<SheetMappingPage>(wizard, ImportWizard::MappingPage);
    QVERIFY(!mapping->isComplete());
    auto map = [&](SheetField field, const QString &header) {
        QComboBox *box = mapping->columnBox(field);
        box->setCurrentIndex(box->findData(header));
    };
    map(SheetField::InstanceType, QStringLiteral("Machine"));
    map(SheetField::Gpu, QStringLiteral("Card"));
    map(SheetField::GpuCount, QStringLiteral("Cards"));
    map(SheetField::Region, QStringLiteral("Where"));
    map(SheetField::OnDemand, QStringLiteral("Hourly"));
    // No provider column and none named: not yet complete.
    QVERIFY(!mapping->isComplete());
    wizard.back();
    format->providerBox()->setCurrentText(QStringLiteral("tensordock"));
    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::MappingPage));
    map(SheetField::InstanceType, QStringLiteral("Machine"));
    map(SheetField::Gpu, QStringLiteral("Card"));
    map(SheetField::GpuCount, QStringLiteral("Cards"));
    map(SheetField::Region, QStringLiteral("Where"));
    map(SheetField::OnDemand, QStringLiteral("Hourly"));
    QVERIFY(mapping->isComplete());
    mapping->nameEdit()->setText(QStringLiteral("my host"));
    QVERIFY(mapping->saveMapping());
    QCOMPARE(savedPresets(m_document->settings()).size(), std::size_t(1));

    wizard.next();
    auto *preview = page<SheetPreviewPage>(wizard, ImportWizard::PreviewPage);
    QVERIFY(QTest::qWaitFor([&] { return !preview->isRunning(); }, 60000));
    QVERIFY2(preview->isComplete(), qPrintable(wizard.runner()->errorMessage()));
    const std::map<qint64, RowStatus> expected = {{2, RowStatus::Add}, {3, RowStatus::Add}};
    QCOMPARE(statusText(statusesByLine(preview->rowModel())), statusText(expected));

    // The saved mapping is recognised from the header the next time.
    ImportWizard again(m_document.get(), nullptr, sheet);
    again.show();
    again.next();
    QCOMPARE(page<SheetFormatPage>(again, ImportWizard::FormatPage)->presetBox()->currentData().toString(),
             QStringLiteral("my host"));
}

void TestImportWizard::refusesSheetWithoutProvider()
{
    // A SkyPilot sheet whose path names no provider cannot be imported until one is named.
    const QString sheet = writeSheet(*m_dir, QStringLiteral("vms.csv"), kSkyPilotHeader + kSkyPilotRows);
    ImportWizard wizard(m_document.get(), nullptr, sheet);
    QVERIFY(reachPreview(wizard));
    auto *preview = page<SheetPreviewPage>(wizard, ImportWizard::PreviewPage);
    QVERIFY(!preview->isComplete());
    QCOMPARE(wizard.runner()->outcome(), ImportRunner::Outcome::Failed);
    QVERIFY(wizard.runner()->errorMessage().contains(QLatin1String("provider")));
    wizard.back();
    page<SheetFormatPage>(wizard, ImportWizard::FormatPage)->providerBox()->setCurrentText(QStringLiteral("lambda"));
    wizard.next();
    QVERIFY(QTest::qWaitFor([&] { return !preview->isRunning(); }, 60000));
    QVERIFY(preview->isComplete());
}

void TestImportWizard::cancelledImportLeavesCatalogAlone()
{
    constexpr int kRows = 200000;
    QByteArray bytes = kSkyPilotHeader;
    bytes.reserve(kRows * 48);
    for (int i = 0; i < kRows; ++i)
        bytes += "big_" + QByteArray::number(i) + ",A10,1,30,200," + QByteArray::number(0.5 + (i % 100) / 100.0)
            + ",,us-east-" + QByteArray::number(1 + i % 2) + ",\n";
    const QString sheet = writeSheet(*m_dir, QStringLiteral("runpod-big.csv"), bytes);
    QVERIFY(!sheet.isEmpty());
    const qint64 offersBefore = m_document->catalog().offerCount();
    const std::size_t sheetsBefore = m_document->catalog().sheets().size();

    ImportWizard wizard(m_document.get(), nullptr, sheet);
    QSignalSpy imported(&wizard, &ImportWizard::imported);
    QVERIFY(reachPreview(wizard));
    QCOMPARE(wizard.setup().preview.offers.added, qint64(kRows));
    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::SummaryPage));

    // Cancelled from the worker's first progress report, so the import is surely under way.
    std::atomic_int reports = 0;
    connect(wizard.runner(), &ImportRunner::progressed, wizard.runner(), [&](qint64 done, qint64) {
        if (done > 0 && reports.fetch_add(1) == 0)
            wizard.runner()->cancel();
    }, Qt::DirectConnection);
    wizard.next();
    auto *importPage = page<SheetImportPage>(wizard, ImportWizard::ImportPage);
    QTRY_VERIFY_WITH_TIMEOUT(!importPage->isRunning(), 60000);
    QVERIFY(reports.load() >= 1);
    QCOMPARE(wizard.runner()->outcome(), ImportRunner::Outcome::Cancelled);
    QVERIFY(importPage->statusLabel()->text().contains(QLatin1String("cancelled")));
    QCOMPARE(imported.count(), 0);
    QCOMPARE(m_document->catalog().offerCount(), offersBefore);
    QCOMPARE(m_document->catalog().sheets().size(), sheetsBefore);
}

// Two rows of "ZZ9000", one of "QQ7", one known GPU.
const QByteArray kUnknownRows = "bev_zz_a,ZZ9000,1,16,64,0.40,,us-east-1,\n"
                                "bev_zz_b,ZZ9000,1,16,64,0.42,,us-west-1,\n"
                                "bev_qq,QQ7,1,16,64,0.30,,us-east-1,\n"
                                "bev_known_h100,H100,1,26,200,2.49,,us-east-1,\n";

void TestImportWizard::mapsUnknownGpuNamesToModels()
{
    const QString sheet = writeSheet(*m_dir, QStringLiteral("lambda-v8.csv"), kSkyPilotHeader + kUnknownRows);
    const qint64 offersBefore = m_document->catalog().offerCount();
    QVERIFY(!m_document->catalog().findGpu(QStringLiteral("ZZ9000")));
    ImportWizard wizard(m_document.get(), nullptr, sheet);
    QVERIFY(reachPreview(wizard));
    auto *preview = page<SheetPreviewPage>(wizard, ImportWizard::PreviewPage);
    QVERIFY2(preview->isComplete(), qPrintable(wizard.runner()->errorMessage()));
    QCOMPARE(wizard.setup().preview.offers.added, qint64(1));
    QCOMPARE(wizard.setup().preview.skipped, qint64(3));

    // Both names listed, in the order met, with their rows; each starts on "(skip these rows)".
    UnknownGpuPanel *unknown = preview->unknownGpus();
    QVERIFY(unknown->isVisibleTo(&wizard));
    QCOMPARE(unknown->nameCount(), 2);
    QCOMPARE(unknown->name(0), QStringLiteral("ZZ9000"));
    QCOMPARE(unknown->rowCount(0), qint64(2));
    QCOMPARE(unknown->name(1), QStringLiteral("QQ7"));
    QCOMPARE(unknown->rowCount(1), qint64(1));
    QCOMPARE(unknown->modelBox(0)->currentIndex(), 0);
    QCOMPARE(unknown->modelBox(0)->currentText(), QStringLiteral("(skip these rows)"));
    QVERIFY(unknown->modelBox(0)->findText(QStringLiteral("RTX-3080")) > 0);

    // ZZ9000 read as RTX-3080: the preview runs again, its two rows added instead of skipped.
    QComboBox *zz = unknown->modelBox(0);
    zz->setCurrentIndex(zz->findText(QStringLiteral("RTX-3080")));
    QVERIFY(QTest::qWaitFor([&] { return !preview->isRunning(); }, 60000));
    QVERIFY2(preview->isComplete(), qPrintable(wizard.runner()->errorMessage()));
    QCOMPARE(wizard.setup().preview.offers.added, qint64(3));
    QCOMPARE(wizard.setup().preview.skipped, qint64(1));
    QCOMPARE(wizard.setup().gpuMappings.size(), std::size_t(1));
    // Still listed, now mapped, with the rows it had; QQ7 still skipped.
    QCOMPARE(unknown->nameCount(), 2);
    QCOMPARE(unknown->name(0), QStringLiteral("ZZ9000"));
    QCOMPARE(unknown->rowCount(0), qint64(2));
    QCOMPARE(unknown->modelBox(0)->currentText(), QStringLiteral("RTX-3080"));
    QCOMPARE(unknown->modelBox(1)->currentIndex(), 0);
    // A preview saves no alias.
    QVERIFY(!m_document->catalog().findGpu(QStringLiteral("ZZ9000")));

    if (const QString dir = qEnvironmentVariable("BREAKEVEN_SCREENSHOT_DIR"); !dir.isEmpty())
        QVERIFY(wizard.grab().save(dir + QStringLiteral("/wizard-unknown.png")));

    // Forth to the summary and back: the mapping is kept and previewed again.
    wizard.next();
    QCOMPARE(wizard.currentId(), int(ImportWizard::SummaryPage));
    QCOMPARE(wizard.setup().preview.offers.added, qint64(3));
    wizard.back();
    QCOMPARE(wizard.currentId(), int(ImportWizard::PreviewPage));
    QVERIFY(QTest::qWaitFor([&] { return !preview->isRunning(); }, 60000));
    QCOMPARE(wizard.setup().preview.offers.added, qint64(3));
    QCOMPARE(wizard.setup().preview.skipped, qint64(1));
    QCOMPARE(unknown->nameCount(), 2);
    QCOMPARE(unknown->modelBox(0)->currentText(), QStringLiteral("RTX-3080"));

    wizard.next();
    wizard.next();
    auto *importPage = page<SheetImportPage>(wizard, ImportWizard::ImportPage);
    QTRY_VERIFY_WITH_TIMEOUT(!importPage->isRunning(), 60000);
    QCOMPARE(wizard.runner()->outcome(), ImportRunner::Outcome::Done);
    QCOMPARE(wizard.setup().result.offers.added, qint64(3));
    QCOMPARE(wizard.setup().result.skipped, qint64(1));
    QCOMPARE(m_document->catalog().offerCount(), offersBefore + 3);
    // The mapping is now the document's alias; the name left skipped is not.
    const std::optional<GpuModel> mapped = m_document->catalog().findGpu(QStringLiteral("ZZ9000"));
    QVERIFY(mapped);
    QCOMPARE(mapped->name, QStringLiteral("RTX-3080"));
    QVERIFY(!m_document->catalog().findGpu(QStringLiteral("QQ7")));
    OfferFilter zzOffers;
    zzOffers.provider = QStringLiteral("lambda");
    const auto offers = m_document->catalog().offers(zzOffers, OfferColumn::InstanceType, Qt::AscendingOrder, 0, 1000);
    const auto zzA = std::find_if(offers.begin(), offers.end(), [](const StoredOffer &s) {
        return s.offer.instanceType == QLatin1String("bev_zz_a");
    });
    QVERIFY(zzA != offers.end());
    QCOMPARE(zzA->offer.gpu, QStringLiteral("RTX-3080"));

    // The import's one undo step takes the alias back with the offers, and redo restores both.
    m_document->catalog().applyChangeset(wizard.runner()->changeset(), true);
    QCOMPARE(m_document->catalog().offerCount(), offersBefore);
    QVERIFY(!m_document->catalog().findGpu(QStringLiteral("ZZ9000")));
    m_document->catalog().applyChangeset(wizard.runner()->changeset(), false);
    QCOMPARE(m_document->catalog().offerCount(), offersBefore + 3);
    QVERIFY(m_document->catalog().findGpu(QStringLiteral("ZZ9000")));
}

void TestImportWizard::dropsMappingsOfAnotherSheet()
{
    const QString first = writeSheet(*m_dir, QStringLiteral("lambda-v8.csv"), kSkyPilotHeader + kUnknownRows);
    ImportWizard wizard(m_document.get(), nullptr, first);
    QVERIFY(reachPreview(wizard));
    auto *preview = page<SheetPreviewPage>(wizard, ImportWizard::PreviewPage);
    UnknownGpuPanel *unknown = preview->unknownGpus();
    QCOMPARE(unknown->nameCount(), 2);
    unknown->modelBox(0)->setCurrentIndex(unknown->modelBox(0)->findText(QStringLiteral("RTX-3080")));
    QVERIFY(QTest::qWaitFor([&] { return !preview->isRunning(); }, 60000));
    QCOMPARE(wizard.setup().preview.offers.added, qint64(3));

    // Another sheet that has ZZ9000 too, on one row: the mapping holds for it.
    const QString second = writeSheet(*m_dir, QStringLiteral("lambda-v9.csv"),
                                      kSkyPilotHeader + "bev_zz_c,ZZ9000,1,16,64,0.40,,us-east-1,\n"
                                                        "bev_known_a10,A10,1,30,200,0.80,,us-east-1,\n");
    wizard.back();
    wizard.back();
    QCOMPARE(wizard.currentId(), int(ImportWizard::FilePage));
    wizard.setFile(second);
    QVERIFY(reachPreview(wizard));
    QVERIFY2(preview->isComplete(), qPrintable(wizard.runner()->errorMessage()));
    QCOMPARE(unknown->nameCount(), 1);
    QCOMPARE(unknown->name(0), QStringLiteral("ZZ9000"));
    QCOMPARE(unknown->rowCount(0), qint64(1));
    QCOMPARE(unknown->modelBox(0)->currentText(), QStringLiteral("RTX-3080"));
    QCOMPARE(wizard.setup().preview.offers.added, qint64(2));
    QCOMPARE(wizard.setup().preview.skipped, qint64(0));

    // A sheet without ZZ9000: the mapping is dropped and the import saves no alias.
    const QString third = writeSheet(*m_dir, QStringLiteral("lambda-v10.csv"),
                                     kSkyPilotHeader + "bev_qq_b,QQ7,1,16,64,0.30,,us-east-1,\n"
                                                       "bev_known_a10b,A10,1,30,200,0.80,,us-west-1,\n");
    wizard.back();
    wizard.back();
    wizard.setFile(third);
    QVERIFY(reachPreview(wizard));
    QCOMPARE(unknown->nameCount(), 1);
    QCOMPARE(unknown->name(0), QStringLiteral("QQ7"));
    QCOMPARE(unknown->modelBox(0)->currentIndex(), 0);
    QVERIFY(wizard.setup().gpuMappings.empty());
    QCOMPARE(wizard.setup().preview.skipped, qint64(1));
    wizard.next();
    wizard.next();
    QTRY_VERIFY_WITH_TIMEOUT(!page<SheetImportPage>(wizard, ImportWizard::ImportPage)->isRunning(), 60000);
    QCOMPARE(wizard.runner()->outcome(), ImportRunner::Outcome::Done);
    QCOMPARE(wizard.setup().result.offers.added, qint64(1));
    QVERIFY(!m_document->catalog().findGpu(QStringLiteral("ZZ9000")));
    QVERIFY(!m_document->catalog().findGpu(QStringLiteral("QQ7")));
}

QTEST_MAIN(TestImportWizard)
#include "test_importwizard.moc"
