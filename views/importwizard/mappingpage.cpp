#include "mappingpage.h"

#include "inputerror.h"
#include "store/document.h"

#include <QComboBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace breakeven {

SheetMappingPage::SheetMappingPage(QWidget *parent)
    : ImportWizardPage(parent)
    , m_category(new QLineEdit(this))
    , m_currency(new QLineEdit(this))
    , m_name(new QLineEdit(this))
    , m_save(new QPushButton(tr("&Save mapping"), this))
    , m_status(new QLabel(this))
{
    setTitle(tr("Column mapping"));
    setSubTitle(tr("Pick the sheet's column for each catalog field. Instance, GPU, region and one price "
                   "are needed; the provider comes from a column or the previous page."));

    auto *columns = new QGroupBox(tr("Columns"), this);
    auto *grid = new QGridLayout(columns);
    const int half = (kSheetFieldCount + 1) / 2;
    for (int i = 0; i < kSheetFieldCount; ++i) {
        auto *box = new QComboBox(columns);
        box->setObjectName(fieldName(SheetField(i)));
        connect(box, &QComboBox::currentIndexChanged, this, &QWizardPage::completeChanged);
        m_columns[std::size_t(i)] = box;
        auto *label = new QLabel(fieldName(SheetField(i)), columns);
        label->setBuddy(box);
        grid->addWidget(label, i % half, (i / half) * 2);
        grid->addWidget(box, i % half, (i / half) * 2 + 1);
    }
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    m_category->setPlaceholderText(tr("hyperscaler, ml-cloud or marketplace"));
    m_currency->setPlaceholderText(QStringLiteral("USD"));
    auto *defaults = new QGroupBox(tr("Values for every row, when the sheet has no such column"), this);
    auto *defaultsLayout = new QHBoxLayout(defaults);
    defaultsLayout->addWidget(new QLabel(tr("Category:"), defaults));
    defaultsLayout->addWidget(m_category, 1);
    defaultsLayout->addWidget(new QLabel(tr("Currency:"), defaults));
    defaultsLayout->addWidget(m_currency);

    m_name->setPlaceholderText(tr("name to recognise sheets of this shape by"));
    connect(m_save, &QPushButton::clicked, this, &SheetMappingPage::saveMapping);
    auto *saveRow = new QHBoxLayout;
    saveRow->addWidget(new QLabel(tr("Mapping name:"), this));
    saveRow->addWidget(m_name, 1);
    saveRow->addWidget(m_save);
    m_status->setWordWrap(true);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(columns);
    layout->addWidget(defaults);
    layout->addLayout(saveRow);
    layout->addWidget(m_status);
    layout->addStretch(1);
}

void SheetMappingPage::initializePage()
{
    const ImportSetup &state = setup();
    for (int i = 0; i < kSheetFieldCount; ++i) {
        QComboBox *box = m_columns[std::size_t(i)];
        const QSignalBlocker blocker(box);
        box->clear();
        box->addItem(tr("(not in the sheet)"), QString());
        for (const QString &header : state.header)
            box->addItem(header, header);
        const int at = box->findData(state.preset.columns[std::size_t(i)], Qt::UserRole, Qt::MatchFixedString);
        box->setCurrentIndex(std::max(at, 0));
    }
    m_category->setText(state.preset.category);
    m_currency->setText(state.preset.currency);
    m_name->setText(state.preset.name == QLatin1String("custom") ? QString() : state.preset.name);
    m_status->clear();
    emit completeChanged();
}

SheetPreset SheetMappingPage::currentPreset() const
{
    SheetPreset preset = setup().preset;
    preset.kind = PresetKind::Custom;
    const QString name = m_name->text().trimmed();
    preset.name = name.isEmpty() ? QStringLiteral("custom") : name;
    for (int i = 0; i < kSheetFieldCount; ++i)
        preset.columns[std::size_t(i)] = m_columns[std::size_t(i)]->currentData().toString();
    preset.provider = setup().provider;
    preset.category = m_category->text().trimmed();
    preset.currency = m_currency->text().trimmed().toUpper();
    return preset;
}

// The first field a sheet cannot do without that is neither mapped nor given.
QString SheetMappingPage::missingField() const
{
    auto mapped = [&](SheetField field) { return !m_columns[std::size_t(field)]->currentData().toString().isEmpty(); };
    for (SheetField field : {SheetField::InstanceType, SheetField::Gpu, SheetField::Region})
        if (!mapped(field))
            return fieldName(field);
    if (!mapped(SheetField::OnDemand) && !mapped(SheetField::Spot))
        return tr("a price (on_demand or spot)");
    if (!mapped(SheetField::Provider) && setup().provider.isEmpty())
        return tr("provider (a column, or name it on the previous page)");
    return {};
}

bool SheetMappingPage::isComplete() const
{
    return missingField().isEmpty();
}

bool SheetMappingPage::saveMapping()
{
    const QString name = m_name->text().trimmed();
    const QString missing = missingField();
    if (name.isEmpty() || name == QLatin1String("native") || name == QLatin1String("skypilot")) {
        m_status->setText(tr("Give the mapping a name of its own."));
        return false;
    }
    if (!missing.isEmpty()) {
        m_status->setText(tr("Map %1 first.").arg(missing));
        return false;
    }
    try {
        SheetPreset preset = currentPreset();
        // A sheet without a provider column is one provider's, so its mapping remembers which.
        preset.provider = m_columns[std::size_t(SheetField::Provider)]->currentData().toString().isEmpty()
            ? setup().provider
            : QString();
        savePreset(importWizard()->document()->settings(), preset);
        setup().savedPresets = savedPresets(importWizard()->document()->settings());
        m_status->setText(tr("Saved as \"%1\"; sheets with these columns will be recognised.").arg(name));
        return true;
    } catch (const InputError &error) {
        m_status->setText(error.message());
        return false;
    }
}

bool SheetMappingPage::validatePage()
{
    setup().preset = currentPreset();
    return true;
}

int SheetMappingPage::nextId() const
{
    return ImportWizard::PreviewPage;
}

} // namespace breakeven
