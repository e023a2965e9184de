#include "formatpage.h"

#include "import/skypilotformat.h"
#include "inputerror.h"
#include "store/document.h"
#include "text/csvreader.h"
#include "widgets/plural.h"

#include <QComboBox>
#include <QDate>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

namespace breakeven {

namespace {

const QString kCustom = QStringLiteral("\x01custom"); // item data of "custom mapping", never a name

QString delimiterName(char delimiter)
{
    switch (delimiter) {
    case ',': return QObject::tr("comma");
    case ';': return QObject::tr("semicolon");
    case '\t': return QObject::tr("tab");
    default: return QStringLiteral("'%1'").arg(QLatin1Char(delimiter));
    }
}

} // namespace

SheetFormatPage::SheetFormatPage(QWidget *parent)
    : ImportWizardPage(parent)
    , m_encoding(new QComboBox(this))
    , m_delimiter(new QComboBox(this))
    , m_header(new QLabel(this))
    , m_problem(new QLabel(this))
    , m_preset(new QComboBox(this))
    , m_provider(new QComboBox(this))
    , m_asOf(new QLineEdit(this))
{
    setTitle(tr("Sheet format"));
    setSubTitle(tr("How the sheet was read, and which preset turns its columns into catalog offers."));
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b3261e"));
    m_provider->setEditable(true);
    m_provider->setToolTip(tr("Empty: from the sheet's provider column or the file's path"));
    for (const char *name : {"aws", "gcp", "azure", "lambda", "runpod", "paperspace", "coreweave", "crusoe",
                             "vast", "tensordock", "spheron", "fluidstack", "cudo", "do", "ibm", "oci", "scp"})
        m_provider->addItem(QString::fromLatin1(name));
    m_asOf->setPlaceholderText(tr("YYYY-MM-DD; empty: the sheet's as_of column, else the file's date"));
    m_encoding->addItem(tr("detected"));
    for (TextEncoding encoding :
         {TextEncoding::Utf8, TextEncoding::Utf16LE, TextEncoding::Utf16BE, TextEncoding::Latin1})
        m_encoding->addItem(toString(encoding), int(encoding));
    m_encoding->setToolTip(tr("How the sheet's bytes become text; change it when names look garbled"));
    m_delimiter->addItem(tr("detected"));
    for (char delimiter : {',', ';', '\t'})
        m_delimiter->addItem(delimiterName(delimiter), int(delimiter));
    m_delimiter->setToolTip(tr("What separates the columns; change it when the header is one long column"));
    connect(m_encoding, &QComboBox::currentIndexChanged, this, &SheetFormatPage::chooseFormat);
    connect(m_delimiter, &QComboBox::currentIndexChanged, this, &SheetFormatPage::chooseFormat);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &SheetFormatPage::choosePreset);
    connect(m_asOf, &QLineEdit::textChanged, this, &QWizardPage::completeChanged);

    auto *form = new QFormLayout(this);
    form->addRow(tr("&Encoding:"), m_encoding);
    form->addRow(tr("&Delimiter:"), m_delimiter);
    form->addRow(tr("Header:"), m_header);
    form->addRow(tr("&Preset:"), m_preset);
    form->addRow(tr("P&rovider:"), m_provider);
    form->addRow(tr("Prices &as of:"), m_asOf);
    form->addRow(m_problem);
}

void SheetFormatPage::initializePage()
{
    ImportSetup &setup = this->setup();
    setup.path = field(QStringLiteral("path")).toString().trimmed();
    if (setup.path != m_pathRead) { // another sheet: back to what is detected in it
        m_pathRead = setup.path;
        setup.encodingChoice.reset();
        setup.delimiterChoice.reset();
        const QSignalBlocker encodingBlocker(m_encoding);
        const QSignalBlocker delimiterBlocker(m_delimiter);
        m_encoding->setCurrentIndex(0);
        m_delimiter->setCurrentIndex(0);
    }
    readHeader();
    fillPresets();

    const std::optional<QString> fromPath = providerFromPath(setup.path);
    m_provider->setCurrentText(setup.provider.isEmpty() ? fromPath.value_or(QString()) : setup.provider);
}

void SheetFormatPage::fillPresets()
{
    ImportSetup &setup = this->setup();
    const QSignalBlocker blocker(m_preset);
    m_preset->clear();
    m_preset->addItem(tr("native (bundled catalog columns)"), QStringLiteral("native"));
    m_preset->addItem(tr("SkyPilot vms.csv"), QStringLiteral("skypilot"));
    m_preset->addItem(tr("Breakeven API prices"), QStringLiteral("api"));
    for (const SheetPreset &saved : setup.savedPresets)
        m_preset->addItem(tr("saved mapping: %1").arg(saved.name), saved.name);
    m_preset->addItem(tr("custom mapping…"), kCustom);
    const int detected = setup.detected ? m_preset->findData(setup.detected->name) : -1;
    m_preset->setCurrentIndex(detected >= 0 ? detected : m_preset->count() - 1);
    choosePreset();
}

// An encoding or delimiter was chosen: the header reads differently, so it is read again and
// the preset detected again from it.
void SheetFormatPage::chooseFormat()
{
    ImportSetup &setup = this->setup();
    const QVariant encoding = m_encoding->currentData();
    const QVariant delimiter = m_delimiter->currentData();
    setup.encodingChoice = encoding.isValid() ? std::optional(TextEncoding(encoding.toInt())) : std::nullopt;
    setup.delimiterChoice = delimiter.isValid() ? std::optional(char(delimiter.toInt())) : std::nullopt;
    readHeader();
    fillPresets();
}

void SheetFormatPage::readHeader()
{
    ImportSetup &setup = this->setup();
    setup.header.clear();
    setup.headerError.clear();
    setup.detected.reset();
    try {
        if (Document *document = importWizard()->document())
            setup.savedPresets = savedPresets(document->settings());
        std::unique_ptr<CsvReader> reader = CsvReader::open(setup.path);
        if (setup.encodingChoice)
            reader->setEncoding(*setup.encodingChoice);
        if (setup.delimiterChoice)
            reader->setDelimiter(*setup.delimiterChoice);
        CsvRecord record;
        if (!reader->next(record))
            throw InputError(QFileInfo(setup.path).fileName(), tr("empty sheet: no header line"));
        setup.header = record.fields;
        setup.encoding = toString(reader->encoding())
            + (reader->hadByteOrderMark() ? tr(" with byte order mark") : QString());
        setup.delimiter = reader->delimiter();
        try {
            setup.detected = detectPreset(setup.header, setup.savedPresets, QFileInfo(setup.path).fileName());
        } catch (const InputError &) {
            // No preset fits: the mapping page is where that gets fixed, not an error.
        }
    } catch (const InputError &error) {
        setup.headerError = error.message();
    }
    // The first item keeps naming what was detected while another is chosen.
    if (!setup.encodingChoice)
        m_encoding->setItemText(0, tr("detected: %1").arg(setup.encoding));
    if (!setup.delimiterChoice)
        m_delimiter->setItemText(0, tr("detected: %1").arg(delimiterName(setup.delimiter)));
    m_header->setText(setup.header.join(QStringLiteral(" | ")));
    m_header->setToolTip(countText("breakeven::SheetFormatPage", "%n column(s)", setup.header.size()));
    m_problem->setText(setup.headerError);
    m_problem->setVisible(!setup.headerError.isEmpty());
    emit completeChanged();
}

void SheetFormatPage::choosePreset()
{
    ImportSetup &setup = this->setup();
    const QString name = m_preset->currentData().toString();
    if (name == kCustom) {
        // Start from what was detected, so a near-fit only needs a column or two changed.
        setup.preset = setup.detected.value_or(SheetPreset{});
        setup.preset.kind = PresetKind::Custom;
        setup.preset.name = QStringLiteral("custom");
    } else {
        try {
            setup.preset = presetByName(name, setup.savedPresets);
        } catch (const InputError &) {
            setup.preset = SheetPreset{};
        }
    }
}

bool SheetFormatPage::isComplete() const
{
    const QString asOf = m_asOf->text().trimmed();
    return setup().headerError.isEmpty()
        && (asOf.isEmpty() || QDate::fromString(asOf, Qt::ISODate).isValid());
}

bool SheetFormatPage::validatePage()
{
    ImportSetup &setup = this->setup();
    setup.provider = m_provider->currentText().trimmed().toLower();
    setup.asOf = m_asOf->text().trimmed();
    return true;
}

int SheetFormatPage::nextId() const
{
    return setup().preset.kind == PresetKind::Custom ? ImportWizard::MappingPage
                                                                          : ImportWizard::PreviewPage;
}

} // namespace breakeven
