#include "addpartdialogs.h"

#include "editors/gpuchoice.h"
#include "engine/resultstext.h"
#include "store/document.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <exception>

namespace breakeven {

namespace {

QString planText(PricingPlan plan)
{
    QString text = planName(plan);
    text[0] = text[0].toUpper(); // a list entry: "On demand: …"
    return text;
}

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
    , m_scenario(scenario)
    , m_fromCatalog(new QRadioButton(tr("A &catalog offer:"), this))
    , m_offers(new QComboBox(this))
    , m_plans(new QComboBox(this))
    , m_empty(new QRadioButton(tr("An &empty option on %1, priced by you").arg(scenario.referenceGpu), this))
{
    setWindowTitle(tr("Add Cloud Option"));
    OfferFilter filter;
    filter.gpu = scenario.referenceGpu;
    try {
        m_offerList = document.catalog().offers(filter, OfferColumn::PricePerGpuHour, Qt::AscendingOrder, 0, kMaxOffers);
    } catch (const std::exception &) {
        m_offerList.clear(); // a catalog that cannot be read now leaves the empty option
    }
    for (const StoredOffer &stored : m_offerList) {
        const CloudOffer &o = stored.offer;
        const double perGpu = o.headlinePrice().value_or(0) / std::max(1, o.gpuCount);
        m_offers->addItem(tr("%1 %2%3: %4 %5 per GPU-hour")
                              .arg(o.provider, o.instanceType,
                                   o.region.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(o.region),
                                   QLocale().toString(perGpu, 'f', 3), o.currency));
    }
    auto *form = new QFormLayout;
    form->addRow(m_fromCatalog, m_offers);
    form->addRow(tr("&Plan:"), m_plans);
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Offers of %1, the GPU the workload is counted in, the cheapest first. "
                                "Other GPUs are in the Catalog dock.")
                                 .arg(scenario.referenceGpu),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_empty);
    layout->addWidget(okCancel(this, tr("Add Cloud Option")));

    const bool any = !m_offerList.empty();
    m_fromCatalog->setEnabled(any);
    m_fromCatalog->setChecked(any);
    m_empty->setChecked(!any);
    const auto follow = [this] {
        m_offers->setEnabled(m_fromCatalog->isChecked());
        m_plans->setEnabled(m_fromCatalog->isChecked());
    };
    connect(m_fromCatalog, &QRadioButton::toggled, this, follow);
    connect(m_offers, &QComboBox::currentIndexChanged, this, &AddCloudOptionDialog::showPlans);
    showPlans();
    follow();
}

void AddCloudOptionDialog::showPlans()
{
    m_plans->clear();
    const int index = m_offers->currentIndex();
    if (index < 0 || std::size_t(index) >= m_offerList.size())
        return;
    const CloudOffer &offer = m_offerList[std::size_t(index)].offer;
    for (const PaymentChoice choice : paymentChoices()) {
        if (const auto price = priceFor(offer, choice))
            m_plans->addItem(tr("%1: %2 %3 per instance-hour%4")
                                 .arg(planText(choice.plan), QLocale().toString(*price, 'f', 4), offer.currency,
                                      choice.allUpfront ? tr(", the whole term paid upfront") : QString()),
                             choiceName(choice));
    }
}

newparts::NewCloudOption AddCloudOptionDialog::option() const
{
    const int index = m_offers->currentIndex();
    if (m_fromCatalog->isChecked() && index >= 0 && std::size_t(index) < m_offerList.size()) {
        PaymentChoice choice;
        for (const PaymentChoice &c : paymentChoices())
            if (choiceName(c) == m_plans->currentData().toString())
                choice = c;
        const StoredOffer &offer = m_offerList[std::size_t(index)];
        return newparts::fromOffers(m_scenario, {offer}, choice).front();
    }
    return newparts::emptyCloudOption(m_scenario);
}

} // namespace breakeven
