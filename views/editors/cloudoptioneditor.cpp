#include "cloudoptioneditor.h"

#include "help/fieldhelp.h"

#include "commands/commands.h"
#include "document/documentcontext.h"
#include "presetbox.h"
#include "rangebuttons.h"
#include "session/observedtrends.h"
#include "session/scenariosession.h"

#include <algorithm>
#include <cmath>

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>

namespace breakeven {

CloudOptionEditor::CloudOptionEditor(ScenarioSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_bindings([this](const QString &key, const QString &label, const CloudOption &after) { push(key, label, after); },
                 [this](const CloudOption &after) { preview(after); })
    , m_ranges(new RangeButtons(session, RangeButtons::Part::CloudOption, this))
{
    m_bindings.decorateNumbers([this](NumberField *field, const QString &key) {
        m_ranges->attach(field, key);
        field->setWhatsThis(help::fieldWhatsThis(help::Editor::CloudOption, key));
    });
    using C = CloudOption;
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // A row that does not fit the dock side by side puts its field under its label.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto text = [&](const QString &rowLabel, const QString &key, const QString &label, auto get, auto set) {
        auto *edit = new QLineEdit(this);
        form->addRow(rowLabel, edit);
        m_bindings.text(edit, key, label, get, set);
        return edit;
    };
    auto number = [&](const QString &rowLabel, const QString &key, const QString &label, NumberField *field,
                      auto get, auto set) {
        form->addRow(rowLabel, field);
        m_bindings.number(field, key, label, get, set);
        return field;
    };

    m_name = text(tr("Name:"), QStringLiteral("name"), tr("name"), [](const C &c) { return c.name; },
                  [](C &c, const QString &v) { c.name = v; });
    m_gpu = new GpuChoice(this);
    form->addRow(tr("GPU:"), m_gpu);
    m_bindings.choice(m_gpu, QStringLiteral("gpu"), tr("GPU"), [](const C &c) { return QVariant(c.gpu); },
                      [](C &c, const QVariant &v) { c.gpu = v.toString(); });
    m_gpuInfo = new QLabel(this);
    form->addRow(QString(), m_gpuInfo);
    text(tr("Provider:"), QStringLiteral("provider"), tr("provider"), [](const C &c) { return c.provider; },
         [](C &c, const QString &v) { c.provider = v; });
    auto *category = new QComboBox(this);
    category->addItem(tr("Hyperscaler"), toString(CloudCategory::Hyperscaler));
    category->addItem(tr("ML cloud"), toString(CloudCategory::MlCloud));
    category->addItem(tr("Marketplace"), toString(CloudCategory::Marketplace));
    form->addRow(tr("Category:"), category);
    m_bindings.choice(category, QStringLiteral("category"), tr("category"),
                      [](const C &c) { return QVariant(toString(c.category)); },
                      [](C &c, const QVariant &v) {
                          c.category = cloudCategoryFromString(v.toString()).value_or(CloudCategory::Hyperscaler);
                      });
    text(tr("Instance type:"), QStringLiteral("instanceType"), tr("instance type"),
         [](const C &c) { return c.instanceType; }, [](C &c, const QString &v) { c.instanceType = v; });
    text(tr("Region:"), QStringLiteral("region"), tr("region"), [](const C &c) { return c.region; },
         [](C &c, const QString &v) { c.region = v; });
    number(tr("GPUs per instance:"), QStringLiteral("gpusPerInstance"), tr("GPUs per instance"),
           new NumberField(1, 1024, 0, QString(), 1, this), [](const C &c) { return double(c.gpusPerInstance); },
           [](C &c, double v) { c.gpusPerInstance = int(v); });

    auto *plan = new QComboBox(this);
    plan->addItem(tr("On demand"), toString(PricingPlan::OnDemand));
    plan->addItem(tr("Spot"), toString(PricingPlan::Spot));
    plan->addItem(tr("Reserved, 1 year"), toString(PricingPlan::Reserved1y));
    plan->addItem(tr("Reserved, 3 years"), toString(PricingPlan::Reserved3y));
    form->addRow(tr("Pricing plan:"), plan);
    m_bindings.choice(plan, QStringLiteral("pricing"), tr("pricing plan"),
                      [](const C &c) { return QVariant(toString(c.pricing)); },
                      [](C &c, const QVariant &v) {
                          c.pricing = pricingPlanFromString(v.toString()).value_or(PricingPlan::OnDemand);
                      });
    m_price = number(tr("Price per instance-hour:"), QStringLiteral("pricePerHour"), tr("price per instance-hour"),
                     new NumberField(0, 1e6, 4, QString(), 1, this), [](const C &c) { return c.pricePerHour; },
                     [](C &c, double v) { c.pricePerHour = v; });
    text(tr("Currency:"), QStringLiteral("currency"), tr("currency"), [](const C &c) { return c.currency; },
         [](C &c, const QString &v) { c.currency = v.toUpper(); });
    m_spotRework = number(tr("Spot rework:"), QStringLiteral("spotRework"), tr("spot rework"),
           new NumberField(0, 1000, 1, tr(" %"), 100, this), [](const C &c) { return c.spotRework; },
           [](C &c, double v) { c.spotRework = v; });
    number(tr("Platform fee per month:"), QStringLiteral("platformFeePerMonth"), tr("platform fee"),
           new NumberField(0, 1e9, 2, QString(), 1, this), [](const C &c) { return c.platformFeePerMonth; },
           [](C &c, double v) { c.platformFeePerMonth = v; });
    number(tr("Storage per GB-month:"), QStringLiteral("storagePerGBMonth"), tr("storage price"),
           new NumberField(0, 1e4, 4, QString(), 1, this), [](const C &c) { return c.storagePerGBMonth; },
           [](C &c, double v) { c.storagePerGBMonth = v; });
    number(tr("Egress per GB:"), QStringLiteral("egressPerGB"), tr("egress price"),
           new NumberField(0, 1e4, 4, QString(), 1, this), [](const C &c) { return c.egressPerGB; },
           [](C &c, double v) { c.egressPerGB = v; });
    number(tr("Price multiplier:"), QStringLiteral("priceMultiplier"), tr("price multiplier"),
           new NumberField(0, 10, 3, tr(" ×"), 1, this), [](const C &c) { return c.priceMultiplier; },
           [](C &c, double v) { c.priceMultiplier = v; });
    number(tr("GPU quota:"), QStringLiteral("maxGpus"), tr("GPU quota"),
           new NumberField(1, 1e6, 0, tr(" GPUs"), 1, this), [](const C &c) { return double(c.maxGpus); },
           [](C &c, double v) { c.maxGpus = int(v); });
    auto *goodput = number(tr("Goodput:"), QStringLiteral("goodput"), tr("goodput"),
                           new NumberField(50, 100, 1, tr(" %"), 100, this), [](const C &c) { return c.goodput; },
                           [](C &c, double v) { c.goodput = v; });
    goodput->setToolTip(tr("The share of paid GPU time that does useful work (failures, restarts, checkpoints): the "
                           "work needs 1/goodput times the GPU-hours"));

    // Markets over time and commitments (docs/model.md). The lowest value of each field stands
    // for "not set": the scenario's trend, the plan's own term.
    constexpr double kScenarioTrend = -91; // shown %; -90 % a year is the lowest rate
    auto *trend = new NumberField(kScenarioTrend, 100, 1, tr(" %/yr"), 100, this);
    trend->setSpecialValueText(tr("the scenario's"));
    trend->setToolTip(tr("How this option's price changes each year; the scenario's trend unless set"));
    m_trend = trend;
    m_trendPresets = new PresetBox(this);
    auto *trendRow = new QHBoxLayout;
    trendRow->addWidget(trend, 1);
    trendRow->addWidget(m_trendPresets);
    form->addRow(tr("Price change:"), trendRow);
    m_bindings.number(trend, QStringLiteral("priceChangePerYear"), tr("price change"),
                      [](const C &c) { return c.priceChangePerYear.value_or(kScenarioTrend / 100); },
                      [](C &c, double v) {
                          c.priceChangePerYear = v <= kScenarioTrend / 100 + 1e-9 ? std::nullopt : std::optional<double>(v);
                      });
    connect(m_trendPresets, &PresetBox::rateChosen, this, [this](double rate) {
        CloudOption after = m_bindings.value();
        after.priceChangePerYear = rate;
        push(QStringLiteral("priceChangePerYear"), tr("price change"), after);
    });
    auto *upfront = new NumberField(0, 100, 0, tr(" %"), 100, this);
    upfront->setToolTip(tr("Reserved plans: the share of each term paid when it starts (all upfront: 100 %)"));
    m_upfront = number(tr("Paid upfront:"), QStringLiteral("reservedUpfrontShare"), tr("share paid upfront"), upfront,
                       [](const C &c) { return c.reservedUpfrontShare; },
                       [](C &c, double v) { c.reservedUpfrontShare = v; });
    auto *term = new NumberField(0, 60, 0, tr(" months"), 1, this);
    term->setSpecialValueText(tr("the plan's"));
    term->setToolTip(tr("Reserved plans: the length of a term (the plan's: 12 months for 1 year, 36 for 3 years); "
                        "what a term still owes after the horizon is counted"));
    m_term = number(tr("Term:"), QStringLiteral("commitmentMonths"), tr("term"), term,
                    [](const C &c) { return double(c.commitmentMonths.value_or(0)); },
                    [](C &c, double v) { c.commitmentMonths = v < 1 ? std::nullopt : std::optional<int>(int(v)); });
}

void CloudOptionEditor::setGpuModels(const std::vector<GpuModel> &models)
{
    m_gpu->setModels(models);
    showGpu();
}

void CloudOptionEditor::setOption(const StoredScenario &stored, int index)
{
    if (index < 0 || size_t(index) >= stored.scenario.cloudOptions.size())
        return;
    m_scenarioId = stored.ids.scenario;
    m_optionId = stored.ids.cloudOptions[size_t(index)];
    const CloudOption &option = stored.scenario.cloudOptions[size_t(index)];
    m_bindings.show(option);
    m_ranges->show(stored, index);
    m_price->spinBox()->setSuffix(QLatin1Char(' ') + option.currency);
    // Rework is the work spot capacity loses to interruptions: the row is shown for spot only.
    if (auto *form = qobject_cast<QFormLayout *>(layout()))
        form->setRowVisible(m_spotRework, option.pricing == PricingPlan::Spot);
    showGpu();
    // Published rates, then what this document's prices show for this offer and its GPU.
    std::vector<MarketPreset> presets = marketPresets(MarketPreset::Applies::CloudPrices);
    if (Document *document = m_session.context().document())
        for (MarketPreset &observed : observedOptionPresets(*document, option, size_t(index) < stored.ids.cloudOptionOffers.size() ? stored.ids.cloudOptionOffers[size_t(index)] : std::nullopt))
            presets.push_back(std::move(observed));
    m_trendPresets->setPresets(presets);
    m_trendPresets->showRate(option.priceChangePerYear.value_or(std::nan("")));
}

void CloudOptionEditor::showGpu()
{
    const GpuModel *gpu = m_gpu->model(m_bindings.value().gpu);
    m_gpuInfo->setText(gpu ? GpuChoice::describe(*gpu) : tr("not in the catalog"));
}

void CloudOptionEditor::push(const QString &key, const QString &label, const CloudOption &after)
{
    if (!m_optionId)
        return;
    commands::editCloudOption(m_session.context(), m_scenarioId, m_optionId, key, label, m_bindings.value(), after);
}

void CloudOptionEditor::preview(const CloudOption &after)
{
    m_session.previewCloudOption(m_optionId, after);
}

} // namespace breakeven
