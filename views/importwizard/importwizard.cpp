#include "importwizard.h"

#include "filepage.h"
#include "formatpage.h"
#include "importpage.h"
#include "importrunner.h"
#include "mappingpage.h"
#include "previewpage.h"
#include "summarypage.h"

namespace breakeven {

ImportOptions ImportSetup::options(bool collectRows) const
{
    ImportOptions options;
    options.preset = preset;
    options.provider = provider;
    options.asOf = asOf;
    options.encoding = encodingChoice;
    options.delimiter = delimiterChoice;
    options.collectRows = collectRows;
    options.aliases = gpuMappings;
    return options;
}

ImportWizard::ImportWizard(Document *document, QWidget *parent, const QString &initialFile)
    : QWizard(parent)
    , m_document(document)
    , m_runner(new ImportRunner(this))
{
    setWindowTitle(tr("Import price sheet"));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnLastPage);
    setOption(QWizard::NoCancelButtonOnLastPage);
    setPage(FilePage, new SheetFilePage(this));
    setPage(FormatPage, new SheetFormatPage(this));
    setPage(MappingPage, new SheetMappingPage(this));
    setPage(PreviewPage, new SheetPreviewPage(this));
    setPage(SummaryPage, new SheetSummaryPage(this));
    setPage(ImportPage, new SheetImportPage(this));
    setStartId(FilePage);
    resize(900, 620);
    if (!initialFile.isEmpty())
        setFile(initialFile);
}

ImportWizard::~ImportWizard() = default;

void ImportWizard::setFile(const QString &path)
{
    setField(QStringLiteral("path"), path);
}

void ImportWizard::reject()
{
    // Closing mid-import cancels it; the transaction rolls back before the window goes.
    if (m_runner->isRunning()) {
        m_runner->cancel();
        m_runner->wait();
    }
    QWizard::reject();
}

} // namespace breakeven
