#include "buildeditor.h"

#include "help/fieldhelp.h"

#include "commands/commands.h"
#include "session/newparts.h"
#include "session/scenariosession.h"

#include <algorithm>
#include "componentlist.h"
#include "payingrows.h"
#include "rangebuttons.h"
#include "engine/assembly.h"

#include <QFormLayout>
#include <QSignalBlocker>
#include <QHBoxLayout>
#include <QLabel>
#include <QPalette>
#include <QPushButton>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace breakeven {

BuildEditor::BuildEditor(ScenarioSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_bindings([this](const QString &key, const QString &label, const OnPremBuild &after) { push(key, label, after); },
                 [this](const OnPremBuild &after) { preview(after); })
    , m_presets(bundledOverheadPresets())
    , m_exampleBuilds(bundledExampleBuilds())
    , m_ranges(new RangeButtons(session, RangeButtons::Part::Build, this))
{
    m_bindings.decorateNumbers([this](NumberField *field, const QString &key) {
        m_ranges->attach(field, key);
        field->setWhatsThis(help::fieldWhatsThis(help::Editor::Build, key));
    });
    using B = OnPremBuild;
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // In a narrow dock a row whose label and field do not fit side by side puts the field under
    // its label, instead of cutting the form off at the right.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto number = [&](const QString &rowLabel, const QString &key, const QString &label, NumberField *field,
                      auto get, auto set) {
        form->addRow(rowLabel, field);
        m_bindings.number(field, key, label, get, set);
        return field;
    };
    auto money = [this](double maximum = 1e9) { return new NumberField(0, maximum, 2, QString(), 1, this); };

    m_examples = new QComboBox(this);
    m_examples->addItem(tr("Example build…"));
    for (const OnPremBuild &example : m_exampleBuilds)
        m_examples->addItem(example.name);
    m_overheadPresets = new QComboBox(this);
    m_overheadPresets->addItem(tr("Preset…"));
    for (const OverheadPreset &preset : m_presets) {
        m_overheadPresets->addItem(preset.name);
        m_overheadPresets->setItemData(m_overheadPresets->count() - 1, preset.source, Qt::ToolTipRole);
    }
    for (QComboBox *box : {m_examples, m_overheadPresets}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(12);
    }
    form->addRow(tr("Start from:"), m_examples);
    form->addRow(tr("Overheads:"), m_overheadPresets);
    connect(m_examples, &QComboBox::activated, this, &BuildEditor::applyExampleBuild);
    connect(m_overheadPresets, &QComboBox::activated, this, &BuildEditor::applyOverheadPreset);

    auto *name = new QLineEdit(this);
    form->addRow(tr("Name:"), name);
    m_bindings.text(name, QStringLiteral("name"), tr("name"), [](const B &b) { return b.name; },
                    [](B &b, const QString &v) { b.name = v; });
    auto *kind = new QComboBox(this);
    kind->addItem(tr("Built from scratch"), toString(BuildKind::BuiltFromScratch));
    kind->addItem(tr("Pre-built"), toString(BuildKind::PreBuilt));
    kind->addItem(tr("Used parts"), toString(BuildKind::UsedParts));
    form->addRow(tr("Kind:"), kind);
    m_bindings.choice(kind, QStringLiteral("kind"), tr("kind"), [](const B &b) { return QVariant(toString(b.kind)); },
                      [](B &b, const QVariant &v) {
                          b.kind = buildKindFromString(v.toString()).value_or(BuildKind::BuiltFromScratch);
                      });
    m_gpu = new GpuChoice(this);
    form->addRow(tr("GPU:"), m_gpu);
    m_bindings.choice(m_gpu, QStringLiteral("gpu"), tr("GPU"), [](const B &b) { return QVariant(b.gpu); },
                      [](B &b, const QVariant &v) { b.gpu = v.toString(); });
    m_gpuInfo = new QLabel(this);
    form->addRow(QString(), m_gpuInfo);
    number(tr("GPUs per unit:"), QStringLiteral("gpuCount"), tr("GPUs per unit"),
           new NumberField(1, 1024, 0, QString(), 1, this), [](const B &b) { return double(b.gpuCount); },
           [](B &b, double v) { b.gpuCount = int(v); });

    m_components = new ComponentList(session.context(), this);
    form->addRow(m_components);
    m_hardware = new QLabel(this);
    auto *listPrice = money();
    listPrice->setSpecialValueText(tr("sum of parts"));
    number(tr("List price:"), QStringLiteral("listPrice"), tr("list price"), listPrice,
           [](const B &b) { return b.listPrice.value_or(0); },
           [](B &b, double v) { b.listPrice = v > 0 ? std::optional<double>(v) : std::nullopt; });
    number(tr("Pre-built markup:"), QStringLiteral("preBuiltMarkup"), tr("pre-built markup"),
           new NumberField(0, 1000, 1, tr(" %"), 100, this), [](const B &b) { return b.preBuiltMarkup; },
           [](B &b, double v) { b.preBuiltMarkup = v; });
    // The price as a whole (its list price, else its parts with the markup) takes a range too.
    auto *hardwareRow = new QHBoxLayout;
    hardwareRow->addWidget(m_hardware, 1);
    hardwareRow->addWidget(m_ranges->button(QStringLiteral("hardwarePrice")));
    form->addRow(tr("Hardware price:"), hardwareRow);
    auto *currency = new QLineEdit(this);
    currency->setMaxLength(3);
    form->addRow(tr("Currency:"), currency);
    m_bindings.text(currency, QStringLiteral("currency"), tr("currency"), [](const B &b) { return b.currency; },
                    [](B &b, const QString &v) { b.currency = v.toUpper(); });
    number(tr("Infrastructure (one-time):"), QStringLiteral("infrastructureOneTime"), tr("infrastructure"), money(),
           [](const B &b) { return b.infrastructureOneTime; }, [](B &b, double v) { b.infrastructureOneTime = v; });

    m_load = new NumberField(0, 1e6, 0, tr(" W"), 1, this);
    m_load->setSpecialValueText(tr("estimated"));
    number(tr("Wall power under load:"), QStringLiteral("loadW"), tr("wall power under load"), m_load,
           [](const B &b) { return b.loadW.value_or(0); },
           [](B &b, double v) { b.loadW = v > 0 ? std::optional<double>(v) : std::nullopt; });
    // The estimate and its button span the form, so a narrow dock neither wraps nor clips them.
    m_powerEstimate = new QLabel(this);
    auto *useEstimate = new QPushButton(tr("Use Estimate"), this);
    auto *estimateRow = new QHBoxLayout;
    estimateRow->addStretch(1);
    estimateRow->addWidget(m_powerEstimate);
    estimateRow->addWidget(useEstimate);
    form->addRow(estimateRow);
    connect(useEstimate, &QPushButton::clicked, this, &BuildEditor::useEstimatedPower);
    auto *idle = new NumberField(0, 1e6, 0, tr(" W"), 1, this);
    idle->setSpecialValueText(tr("25 % of load"));
    number(tr("Wall power idle:"), QStringLiteral("idleW"), tr("idle power"), idle,
           [](const B &b) { return b.idleW.value_or(0); },
           [](B &b, double v) { b.idleW = v > 0 ? std::optional<double>(v) : std::nullopt; });
    m_electricity = number(tr("Electricity price:"), QStringLiteral("electricityPerKWh"), tr("electricity price"),
                           new NumberField(0, 100, 4, tr(" /kWh"), 1, this),
                           [](const B &b) { return b.electricityPerKWh; }, [](B &b, double v) { b.electricityPerKWh = v; });
    number(tr("PUE:"), QStringLiteral("pue"), tr("PUE"), new NumberField(1, 5, 2, QString(), 1, this),
           [](const B &b) { return b.pue; }, [](B &b, double v) { b.pue = v; });
    number(tr("Overhead per year:"), QStringLiteral("overheadPerYearOfHardware"), tr("overhead"),
           new NumberField(0, 1000, 1, tr(" % of hardware"), 100, this),
           [](const B &b) { return b.overheadPerYearOfHardware; }, [](B &b, double v) { b.overheadPerYearOfHardware = v; });
    auto *includesPower = new QCheckBox(tr("Includes power, cooling"), this);
    includesPower->setToolTip(tr("The overhead already covers power and cooling, so power is not added again"));
    form->addRow(QString(), includesPower);
    m_bindings.check(includesPower, QStringLiteral("overheadIncludesPower"), tr("overhead includes power"),
                     [](const B &b) { return b.overheadIncludesPower; }, [](B &b, bool v) { b.overheadIncludesPower = v; });
    number(tr("Labor per month:"), QStringLiteral("laborPerMonth"), tr("labor"), money(),
           [](const B &b) { return b.laborPerMonth; }, [](B &b, double v) { b.laborPerMonth = v; });
    number(tr("Colocation per month:"), QStringLiteral("colocationPerMonth"), tr("colocation"), money(),
           [](const B &b) { return b.colocationPerMonth; }, [](B &b, double v) { b.colocationPerMonth = v; });
    auto *perKW = number(tr("Colocation per kW-month:"), QStringLiteral("colocationPerKWMonth"), tr("colocation per kW"),
                         money(), [](const B &b) { return b.colocationPerKWMonth; },
                         [](B &b, double v) { b.colocationPerKWMonth = v; });
    perKW->setToolTip(tr("Colocation priced on power, as data centres price it: each unit pays its load power in kW, "
                         "times its PUE, times this every month, busy or not"));
    auto *spares = number(tr("Hot spares:"), QStringLiteral("spareShare"), tr("hot spares"),
                          new NumberField(0, 100, 1, tr(" % of the units"), 100, this),
                          [](const B &b) { return b.spareShare; }, [](B &b, double v) { b.spareShare = v; });
    spares->setToolTip(tr("Units bought beside those that carry work (rounded up), powered at idle and replaced like "
                          "them"));
    auto *goodput = number(tr("Goodput:"), QStringLiteral("goodput"), tr("goodput"),
                           new NumberField(50, 100, 1, tr(" %"), 100, this), [](const B &b) { return b.goodput; },
                           [](B &b, double v) { b.goodput = v; });
    goodput->setToolTip(tr("The share of GPU time that does useful work (failures, restarts, checkpoints): the work "
                           "needs 1/goodput times the GPUs"));
    number(tr("Lifetime:"), QStringLiteral("lifetimeYears"), tr("lifetime"),
           new NumberField(0.5, 30, 1, tr(" years"), 1, this), [](const B &b) { return b.lifetimeYears; },
           [](B &b, double v) { b.lifetimeYears = v; });
    // The lifetime decides when a unit is bought again: said in words beside it.
    m_lifetimeNote = new QLabel(this);
    m_lifetimeNote->setWordWrap(true);
    m_lifetimeNote->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), m_lifetimeNote);
    number(tr("Depreciation per year:"), QStringLiteral("depreciationPerYear"), tr("depreciation"),
           new NumberField(0, 100, 1, tr(" %"), 100, this), [](const B &b) { return b.depreciationPerYear; },
           [](B &b, double v) { b.depreciationPerYear = v; });
    number(tr("Resale haircut:"), QStringLiteral("resaleHaircut"), tr("resale haircut"),
           new NumberField(0, 100, 1, tr(" %"), 100, this), [](const B &b) { return b.resaleHaircut; },
           [](B &b, double v) { b.resaleHaircut = v; });

    m_financing = new FinancingRows(form, m_bindings,
                                    [this](const QString &key, const QString &label, const OnPremBuild &after) {
                                        push(key, label, after);
                                    },
                                    this);
}

void BuildEditor::setGpuModels(const std::vector<GpuModel> &models)
{
    m_gpu->setModels(models);
    showDerived();
}

void BuildEditor::setBuild(const StoredScenario &stored, int index)
{
    if (index < 0 || size_t(index) >= stored.scenario.onPremOptions.size())
        return;
    m_scenarioId = stored.ids.scenario;
    m_buildId = stored.ids.builds[size_t(index)];
    m_horizonMonths = stored.scenario.horizonMonths;
    m_bindings.show(stored.scenario.onPremOptions[size_t(index)]);
    m_ranges->show(stored, index);
    m_components->setBuild(stored, index);
    showDerived();
}

double BuildEditor::estimatedLoadW() const
{
    const OnPremBuild &build = m_bindings.value();
    const GpuModel *gpu = m_gpu->model(build.gpu);
    return gpu ? defaultLoadW(*gpu, build.gpuCount) : 0;
}

void BuildEditor::showDerived()
{
    const OnPremBuild &build = m_bindings.value();
    const GpuModel *gpu = m_gpu->model(build.gpu);
    m_gpuInfo->setText(gpu ? GpuChoice::describe(*gpu) : tr("not in the catalog"));
    const QLocale locale;
    m_hardware->setText(QStringLiteral("%1 %2").arg(locale.toString(build.hardwarePrice(), 'f', 2), build.currency));
    m_powerEstimate->setText(gpu ? tr("Estimate: %1 W").arg(locale.toString(estimatedLoadW(), 'f', 0))
                                 : tr("No estimate without the GPU's TDP"));
    const int lifetime = std::max(1, int(std::lround(build.lifetimeYears * 12.0)));
    const QString published = tr("Large clouds depreciate data-centre servers over 5 to 6 years.");
    m_lifetimeNote->setText(lifetime < m_horizonMonths
                                ? tr("Each unit is bought again after %1 months: in month %2 within this scenario's "
                                     "%3-month horizon. %4")
                                      .arg(lifetime)
                                      .arg(lifetime + 1)
                                      .arg(m_horizonMonths)
                                      .arg(published)
                                : tr("Not bought again within this scenario's %1-month horizon. %2")
                                      .arg(m_horizonMonths)
                                      .arg(published));
    m_financing->show(build);
    showPresetsInForce();
}

// The example build and the overhead preset the build is as it stands, if any: the boxes show
// them instead of going back to their prompt.
void BuildEditor::showPresetsInForce()
{
    const OnPremBuild &build = m_bindings.value();
    int overhead = 0;
    for (std::size_t i = 0; i < m_presets.size(); ++i) {
        const OverheadPreset &p = m_presets[i];
        if (build.overheadPerYearOfHardware == p.overheadPerYearOfHardware
            && build.overheadIncludesPower == p.overheadIncludesPower && build.pue == p.pue
            && build.electricityPerKWh == p.electricityPerKWh && build.lifetimeYears == p.lifetimeYears) {
            overhead = int(i) + 1;
            break;
        }
    }
    int example = 0;
    for (std::size_t i = 0; i < m_exampleBuilds.size(); ++i) {
        OnPremBuild named = m_exampleBuilds[i];
        named.name = build.name; // renamed, it is still the example
        if (named == build) {
            example = int(i) + 1;
            break;
        }
    }
    const QSignalBlocker overheadBlocker(m_overheadPresets);
    const QSignalBlocker exampleBlocker(m_examples);
    m_overheadPresets->setCurrentIndex(overhead);
    m_examples->setCurrentIndex(example);
}

void BuildEditor::push(const QString &key, const QString &label, const OnPremBuild &after)
{
    if (!m_buildId)
        return;
    commands::editBuild(m_session.context(), m_scenarioId, m_buildId, key, label, m_bindings.value(), after);
}

void BuildEditor::preview(const OnPremBuild &after)
{
    m_session.previewBuild(m_buildId, after);
}

void BuildEditor::useEstimatedPower()
{
    const double estimate = estimatedLoadW();
    if (estimate <= 0)
        return;
    OnPremBuild after = m_bindings.value();
    after.loadW = estimate;
    push(QStringLiteral("loadW"), tr("wall power under load"), after);
}

void BuildEditor::applyOverheadPreset(int index)
{
    if (index < 1 || size_t(index) > m_presets.size()) {
        showPresetsInForce();
        return;
    }
    const OverheadPreset &preset = m_presets[size_t(index - 1)];
    const OnPremBuild after = newparts::withOverheads(m_bindings.value(), preset);
    push(QStringLiteral("overheadPreset"), tr("overheads (%1)").arg(preset.name), after);
}

void BuildEditor::applyExampleBuild(int index)
{
    if (!m_buildId || index < 1 || size_t(index) > m_exampleBuilds.size()) {
        showPresetsInForce();
        return;
    }
    const OnPremBuild &example = m_exampleBuilds[size_t(index - 1)];
    const OnPremBuild &before = m_bindings.value();
    commands::replaceBuild(m_session.context(), m_scenarioId, m_buildId, before, example, example.name);
}

} // namespace breakeven
