#include "addpartdialogs.h"

#include "editors/gpuchoice.h"
#include "offerpicker.h"
#include "engine/resultstext.h"
#include "store/document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <exception>

namespace breakeven {

namespace {

QDialogButtonBox *okCancel(QDialog *dialog, const QString &ok)
{
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(ok);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    return buttons;
}

} // namespace

AddBuildDialog::AddBuildDialog(const Scenario &scenario, const std::vector<GpuModel> &gpus, QWidget *parent)
    : QDialog(parent)
    , m_scenario(scenario)
    , m_exampleBuilds(bundledExampleBuilds())
    , m_presets(bundledOverheadPresets())
    , m_fromExample(new QRadioButton(tr("An &example build:"), this))
    , m_examples(new QComboBox(this))
    , m_fromGpu(new QRadioButton(tr("&One GPU of:"), this))
    , m_gpu(new GpuChoice(this))
    , m_overheads(new QComboBox(this))
    , m_summary(new QLabel(this))
{
    setWindowTitle(tr("Add On-Prem Build"));
    // The example the window would have picked: on the reference GPU, in the scenario's currency.
    const OnPremBuild suggested = newparts::exampleBuild(scenario);
    for (const OnPremBuild &example : m_exampleBuilds) {
        m_examples->addItem(tr("%1 (%2 × %3, %4 %5)")
                                .arg(example.name)
                                .arg(example.gpuCount)
                                .arg(example.gpu)
                                .arg(QLocale().toString(example.hardwarePrice(), 'f', 0), example.currency));
        if (example.gpu == suggested.gpu && suggested.name.startsWith(example.name))
            m_examples->setCurrentIndex(m_examples->count() - 1);
    }
    m_gpu->setModels(gpus);
    m_gpu->select(scenario.referenceGpu);
    m_overheads->addItem(tr("As the example has"));
    for (const OverheadPreset &preset : m_presets) {
        m_overheads->addItem(preset.name);
        m_overheads->setItemData(m_overheads->count() - 1, preset.source, Qt::ToolTipRole);
    }
    m_summary->setWordWrap(true);
    m_summary->setForegroundRole(QPalette::PlaceholderText);

    auto *form = new QFormLayout;
    form->addRow(m_fromExample, m_examples);
    form->addRow(m_fromGpu, m_gpu);
    form->addRow(tr("O&verheads:"), m_overheads);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Start the new build from:"), this));
    layout->addLayout(form);
    layout->addWidget(m_summary);
    layout->addWidget(okCancel(this, tr("Add Build")));

    m_fromExample->setChecked(!m_exampleBuilds.empty());
    m_fromGpu->setChecked(m_exampleBuilds.empty());
    m_fromExample->setEnabled(!m_exampleBuilds.empty());
    const auto follow = [this] {
        m_examples->setEnabled(m_fromExample->isChecked());
        m_gpu->setEnabled(m_fromGpu->isChecked());
        m_overheads->setItemText(0, m_fromExample->isChecked() ? tr("As the example has") : tr("The defaults"));
        showSummary();
    };
    connect(m_fromExample, &QRadioButton::toggled, this, follow);
    connect(m_examples, &QComboBox::currentIndexChanged, this, follow);
    connect(m_gpu, &QComboBox::currentIndexChanged, this, follow);
    connect(m_overheads, &QComboBox::currentIndexChanged, this, follow);
    follow();
}

OnPremBuild AddBuildDialog::build() const
{
    OnPremBuild build;
    if (m_fromExample->isChecked() && m_examples->currentIndex() >= 0)
        build = newparts::fromExample(m_scenario, m_exampleBuilds[std::size_t(m_examples->currentIndex())]);
    else if (const GpuModel *gpu = m_gpu->model(m_gpu->currentData().toString()))
        build = newparts::gpuBuild(m_scenario, *gpu);
    else
        build = newparts::exampleBuild(m_scenario);
    if (const int preset = m_overheads->currentIndex(); preset > 0)
        build = newparts::withOverheads(build, m_presets[std::size_t(preset - 1)]);
    return build;
}

void AddBuildDialog::showSummary()
{
    const OnPremBuild b = build();
    m_summary->setText(tr("%1: %2 × %3, %4 %5 of hardware; overhead %6 of it a year%7, PUE %8, "
                          "electricity %9 per kWh, %10 years of life.")
                           .arg(b.name)
                           .arg(b.gpuCount)
                           .arg(b.gpu)
                           .arg(QLocale().toString(b.hardwarePrice(), 'f', 0), b.currency,
                                formatPercent(b.overheadPerYearOfHardware),
                                b.overheadIncludesPower ? tr(" including power") : QString())
                           .arg(b.pue)
                           .arg(b.electricityPerKWh)
                           .arg(b.lifetimeYears));
}

AddCloudOptionDialog::AddCloudOptionDialog(Document &document, const Scenario &scenario, QWidget *parent)
    : QDialog(parent)
    , m_document(document)
    , m_scenario(scenario)
    , m_fromCatalog(new QRadioButton(tr("A &catalog offer:"), this))
    , m_referenceOnly(new QCheckBox(tr("&Only offers of %1, the GPU the workload is counted in").arg(scenario.referenceGpu), this))
    , m_picker(new OfferPicker(this))
    , m_empty(new QRadioButton(tr("An &empty option on %1, priced by you").arg(scenario.referenceGpu), this))
{
    setWindowTitle(tr("Add Cloud Option"));
    m_referenceOnly->setChecked(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_fromCatalog);
    layout->addWidget(m_referenceOnly);
    layout->addWidget(m_picker, 1);
    layout->addWidget(m_empty);
    layout->addWidget(okCancel(this, tr("Add Cloud Option")));
    resize(1000, 580);

    loadOffers();
    const bool any = m_picker->groups()->rowCount() > 0;
    m_fromCatalog->setChecked(any);
    m_empty->setChecked(!any);
    const auto follow = [this] {
        m_picker->setEnabled(m_fromCatalog->isChecked());
    };
    connect(m_fromCatalog, &QRadioButton::toggled, this, follow);
    connect(m_referenceOnly, &QCheckBox::toggled, this, [this] {
        loadOffers();
        m_fromCatalog->setChecked(true);
    });
    connect(m_picker, &OfferPicker::picked, this, &QDialog::accept);
    follow();
    m_picker->searchField()->setFocus();
}

void AddCloudOptionDialog::loadOffers()
{
    OfferFilter filter;
    if (m_referenceOnly->isChecked())
        filter.gpu = m_scenario.referenceGpu;
    std::vector<StoredOffer> offers;
    try {
        const qint64 count = m_document.catalog().offerCount(filter);
        offers = m_document.catalog().offers(filter, OfferColumn::PricePerGpuHour, Qt::AscendingOrder, 0, count);
    } catch (const std::exception &) {
        offers.clear(); // a catalog that cannot be read now leaves the empty option
    }
    m_picker->setOffers(offers);
}

newparts::NewCloudOption AddCloudOptionDialog::option() const
{
    if (m_fromCatalog->isChecked())
        if (const auto chosen = m_picker->chosen())
            return newparts::fromOffers(m_scenario, {chosen->offer}, chosen->payment).front();
    return newparts::emptyCloudOption(m_scenario);
}

} // namespace breakeven
