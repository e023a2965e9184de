// The "Import sheet" wizard: choose a CSV, see how it was read (encoding, delimiter, preset),
// map its columns when no preset fits, preview every row's fate, read the summary, then import
// in a worker thread with a progress bar and Cancel, and read the report. Nothing is written
// before the summary page's Import button; an import is one transaction, so a cancelled one
// leaves the document as it was.
#pragma once

#include "import/sheetimporter.h"
#include "import/sheetpreset.h"

#include <QStringList>
#include <QWizard>

#include <optional>
#include <vector>

namespace breakeven {

class Document;
class ImportRunner;

// What the pages have found out and chosen so far; the wizard owns it, the pages share it.
struct ImportSetup {
    QString path;
    QStringList header;
    QString encoding;                    // as read: detected or chosen
    char delimiter = ',';
    std::optional<TextEncoding> encodingChoice; // none: detected
    std::optional<char> delimiterChoice;        // none: detected
    QString headerError;                 // why the header could not be read
    std::vector<SheetPreset> savedPresets;
    std::optional<SheetPreset> detected; // none when no preset fits the header
    SheetPreset preset;                  // the one the import will use
    QString provider;                    // empty: from a column or the file's path
    QString asOf;                        // empty: from a column or the file's date
    // GPU names of the sheet the catalog does not know, with their rows, as the preview page
    // lists them (a mapped one keeps the count it had unmapped); the sheet they were found in.
    std::vector<std::pair<QString, qint64>> unknownGpus;
    QString unknownGpusPath;
    // The listed names mapped to a catalog model: the import's aliases.
    std::vector<std::pair<QString, QString>> gpuMappings;
    ImportReport preview;
    ImportReport result;

    ImportOptions options(bool collectRows) const;
};

class ImportWizard : public QWizard {
    Q_OBJECT
public:
    enum PageId { FilePage, FormatPage, MappingPage, PreviewPage, SummaryPage, ImportPage };

    // `document` must outlive the wizard. `initialFile` (a dropped CSV) fills the file page.
    ImportWizard(Document *document, QWidget *parent = nullptr, const QString &initialFile = {});
    ~ImportWizard() override;

    Document *document() const { return m_document; }
    ImportSetup &setup() { return m_setup; }
    // The worker the preview and import pages run; tests cancel through it.
    ImportRunner *runner() const { return m_runner; }
    // Sets the file page's path, as the Browse button or a drop does.
    void setFile(const QString &path);

    void reject() override;

signals:
    // The document's catalog changed; views showing it should refresh().
    void imported();

private:
    Document *m_document;
    ImportRunner *m_runner;
    ImportSetup m_setup;
};

} // namespace breakeven
