#include "workloadeditor.h"

#include "help/fieldhelp.h"

#include "widgets/plural.h"

#include "commands/commands.h"
#include "document/documentcontext.h"
#include "session/scenariosession.h"
#include "store/document.h"
#include "inputerror.h"
#include "gpuchangenote.h"
#include "gpuchoice.h"
#include "rangebuttons.h"
#include "servingfields.h"
#include "workloadhelpers.h"

#include "engine/offerranking.h"
#include "engine/resultstext.h"

#include <QComboBox>
#include <QLabel>
#include <QPalette>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include <cmath>

namespace breakeven {

WorkloadEditor::WorkloadEditor(ScenarioSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_bindings([this](const QString &key, const QString &label, const Workload &after) { push(key, label, after); },
                 [this](const Workload &after) { preview(after); })
    , m_ranges(new RangeButtons(session, RangeButtons::Part::Workload, this))
{
    m_bindings.decorateNumbers([this](NumberField *field, const QString &key) {
        m_ranges->attach(field, key);
        field->setWhatsThis(help::fieldWhatsThis(help::Editor::Workload, key));
    });
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // A row that does not fit the dock side by side puts its field under its label.
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto number = [&](const QString &rowLabel, const QString &key, const QString &label, NumberField *field,
                      auto get, auto set) {
        form->addRow(rowLabel, field);
        m_bindings.number(field, key, label, get, set);
        return field;
    };
    using W = Workload;
    m_kind = new QComboBox(this);
    m_kind->addItem(tr("GPU time"));
    m_kind->addItem(tr("Serving"));
    m_kind->setItemData(0, tr("N GPUs busy u of the time"), Qt::ToolTipRole);
    m_kind->setItemData(1, tr("A model served at a rate of requests, each with its input and output tokens: the "
                              "GPUs each option needs follow from its tokens per second"), Qt::ToolTipRole);
    form->addRow(tr("Counted in:"), m_kind);
    connect(m_kind, &QComboBox::activated, this, [this](int index) { chooseKind(index == 1); });
    m_serving = new ServingFields(
        [this](const QString &key, const QString &label, const Workload &after) { push(key, label, after); }, this);
    form->addRow(m_serving);
    // "16 × [H100-SXM5-80GB]": the workload counted in GPUs of a model the user names, which is
    // the scenario's reference GPU; choosing another converts the count so the work stays the same.
    m_gpus = new NumberField(0, 1e6, 2, QString(), 1, this);
    m_bindings.number(m_gpus, QStringLiteral("gpus"), tr("GPUs"), [](const W &w) { return w.gpus; },
                      [](W &w, double v) { w.gpus = v; });
    m_gpuModel = new GpuChoice(this);
    m_gpuModel->setToolTip(tr("The GPU the workload is counted in (the scenario's reference GPU). Choosing another "
                              "keeps the count; a note then offers the count that keeps the work."));
    // Narrow in the row, whole in its list: the form stays as wide as the dock.
    m_gpuModel->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_gpuModel->setMinimumContentsLength(6);
    m_gpus->spinBox()->setMinimumWidth(70);
    auto *gpuRow = new QHBoxLayout;
    gpuRow->addWidget(m_gpus, 1);
    gpuRow->addWidget(new QLabel(QStringLiteral("×"), this));
    gpuRow->addWidget(m_gpuModel, 2);
    form->addRow(tr("GPUs busy:"), gpuRow);
    // Another GPU keeps the count typed; the note under it offers to keep the work instead.
    m_gpuChange = new GpuChangeNote(session, this);
    form->addRow(m_gpuChange);
    connect(m_gpuModel, &QComboBox::activated, this,
            [this] { countWorkloadInChosenGpu(m_gpuModel, m_session, m_scenarioId, m_scenario, m_gpuChange); });
    m_utilization = number(tr("Utilization:"), QStringLiteral("utilization"), tr("utilization"),
                           new NumberField(0, 100, 1, tr(" %"), 100, this), [](const W &w) { return w.utilization; },
                           [](W &w, double v) { w.utilization = v; });
    // The kind of work: which of the catalog's throughput figures compares the GPUs.
    m_profile = new QComboBox(this);
    for (int p = 0; p < kThroughputProfileCount; ++p) {
        const auto profile = ThroughputProfile(p);
        QString name = profileName(profile);
        name[0] = name[0].toUpper();
        m_profile->addItem(name, toString(profile));
        m_profile->setItemData(p, profileDescription(profile), Qt::ToolTipRole);
    }
    form->addRow(tr("Kind of work:"), m_profile);
    m_bindings.choice(m_profile, QStringLiteral("throughputProfile"), tr("kind of work"),
                      [](const W &w) { return QVariant(toString(w.throughputProfile)); },
                      [](W &w, const QVariant &v) {
                          w.throughputProfile = throughputProfileFromString(v.toString()).value_or(ThroughputProfile::Training);
                      });
    m_profileNote = new QLabel(this);
    m_profileNote->setWordWrap(true);
    m_profileNote->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), m_profileNote);
    connect(m_profile, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_profileNote->setText(m_profile->itemData(index, Qt::ToolTipRole).toString());
    });
    m_profileNote->setText(m_profile->itemData(0, Qt::ToolTipRole).toString());
    m_gpuTimeLayouts = {gpuRow};
    m_gpuTimeRows = {m_utilization, m_profile, m_profileNote};
    m_memory = number(tr("Memory per GPU:"), QStringLiteral("minGpuMemoryGB"), tr("memory per GPU"),
                      new NumberField(0, 10000, 0, tr(" GB"), 1, this), [](const W &w) { return w.minGpuMemoryGB; },
                      [](W &w, double v) { w.minGpuMemoryGB = v; });
    // With none typed, the catalog's offers are ranked for the memory of the GPU the work is
    // counted in (engine/offerranking.h): said under the field, since 0 would read as "any".
    m_memoryNote = new QLabel(this);
    m_memoryNote->setWordWrap(true);
    m_memoryNote->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), m_memoryNote);
    connect(m_memory, &NumberField::valueEdited, this, [this](double gb) { showMemoryNeed(gb); });
    number(tr("Growth per year:"), QStringLiteral("growthPerYear"), tr("growth per year"),
           new NumberField(-100, 10000, 1, tr(" %"), 100, this), [](const W &w) { return w.growthPerYear; },
           [](W &w, double v) { w.growthPerYear = v; });
    number(tr("Cloud storage:"), QStringLiteral("storageGB"), tr("cloud storage"),
           new NumberField(0, 1e9, 0, tr(" GB"), 1, this), [](const W &w) { return w.storageGB; },
           [](W &w, double v) { w.storageGB = v; });
    number(tr("Egress per month:"), QStringLiteral("egressGBPerMonth"), tr("egress per month"),
           new NumberField(0, 1e9, 0, tr(" GB"), 1, this), [](const W &w) { return w.egressGBPerMonth; },
           [](W &w, double v) { w.egressGBPerMonth = v; });
    auto *jobHours = new NumberField(0, 1e12, 1, tr(" h"), 1, this);
    jobHours->setSpecialValueText(tr("none"));
    number(tr("Work per job:"), QStringLiteral("jobReferenceGpuHours"), tr("work per job"), jobHours,
           [](const W &w) { return w.jobReferenceGpuHours.value_or(0); },
           [](W &w, double v) { w.jobReferenceGpuHours = v > 0 ? std::optional<double>(v) : std::nullopt; });
    auto *perJob = number(tr("GPUs per job:"), QStringLiteral("gpusPerJob"), tr("GPUs per job"),
           new NumberField(1, 1e5, 0, QString(), 1, this), [](const W &w) { return double(w.gpusPerJob); },
           [](W &w, double v) { w.gpusPerJob = int(v); });
    auto *parallel = number(tr("Parallel jobs:"), QStringLiteral("parallelJobs"), tr("parallel jobs"),
           new NumberField(1, 1e5, 0, QString(), 1, this), [](const W &w) { return double(w.parallelJobs); },
           [](W &w, double v) { w.parallelJobs = int(v); });

    auto *helpers = new QHBoxLayout;
    auto *jobs = new QPushButton(tr("From Jobs…"), this);
    jobs->setToolTip(tr("Set N and u from runs per month"));
    auto *llm = new QPushButton(tr("From LLM Training…"), this);
    llm->setToolTip(tr("Set N and u from a language model's parameters and tokens"));
    helpers->addWidget(jobs);
    helpers->addWidget(llm);
    helpers->addStretch();
    form->addRow(helpers);
    m_gpuTimeLayouts.push_back(helpers);
    for (QWidget *row : {static_cast<QWidget *>(m_memory), static_cast<QWidget *>(m_memoryNote),
                         static_cast<QWidget *>(jobHours), static_cast<QWidget *>(perJob),
                         static_cast<QWidget *>(parallel)})
        m_gpuTimeRows.push_back(row);

    // Usage records: N and u from a demand profile, which hybrid options also read.
    m_usage = new QLabel(this);
    m_usage->setWordWrap(true);
    m_usage->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_importUsage = new QPushButton(tr("Import Usage…"), this);
    m_importUsage->setToolTip(tr("Set N (the peak) and u (the mean over the peak) from usage records: a CSV of "
                                 "samples (time, gpus) or Slurm sacct output"));
    m_clearUsage = new QPushButton(tr("Clear Usage"), this);
    m_clearUsage->setToolTip(tr("Forget the usage records; GPUs and utilization stay as they are"));
    auto *usageButtons = new QHBoxLayout;
    usageButtons->addWidget(m_importUsage);
    usageButtons->addWidget(m_clearUsage);
    usageButtons->addStretch();
    form->addRow(m_usage);
    form->addRow(usageButtons);
    connect(m_importUsage, &QPushButton::clicked, this, &WorkloadEditor::importUsageRequested);
    connect(m_clearUsage, &QPushButton::clicked, this, [this] {
        if (m_scenarioId && m_scenario.workload.demand)
            commands::clearUsage(m_session.context(), m_scenarioId, m_scenarioName);
    });
    showUsage();

    connect(jobs, &QPushButton::clicked, this, &WorkloadEditor::openJobsHelper);
    connect(llm, &QPushButton::clicked, this, &WorkloadEditor::openLlmHelper);
}

QPushButton *WorkloadEditor::keepWorkButton() const
{
    return m_gpuChange->keepWorkButton();
}

void WorkloadEditor::setGpuModels(const std::vector<GpuModel> &models)
{
    m_gpuModel->setModels(models);
    if (!m_referenceGpu.isEmpty())
        m_gpuModel->select(m_referenceGpu);
    showMemoryNeed(m_scenario.workload.minGpuMemoryGB);
}

void WorkloadEditor::setScenario(const StoredScenario &stored)
{
    m_scenarioId = stored.ids.scenario;
    m_scenarioName = stored.scenario.name;
    m_referenceGpu = stored.scenario.referenceGpu;
    m_gpuModel->select(m_referenceGpu);
    m_bindings.show(stored.scenario.workload);
    m_scenario = stored.scenario;
    m_gpuChange->follow(stored);
    m_ranges->show(stored);
    showUsage();
    showMemoryNeed(m_scenario.workload.minGpuMemoryGB);
    showKind();
}

void WorkloadEditor::showKind()
{
    const bool serving = m_scenario.workload.serving.has_value();
    m_kind->setCurrentIndex(serving ? 1 : 0);
    auto *form = static_cast<QFormLayout *>(layout());
    form->setRowVisible(m_serving, serving);
    for (QWidget *row : m_gpuTimeRows)
        form->setRowVisible(row, !serving);
    for (QLayout *row : m_gpuTimeLayouts)
        form->setRowVisible(row, !serving);
    // The GPU note and the memory note show themselves only when they have something to say.
    if (serving)
        m_gpuChange->hide();
    if (!serving)
        showMemoryNeed(m_scenario.workload.minGpuMemoryGB);
    if (serving)
        m_serving->show(m_scenario, m_session.gpuCatalog());
}

void WorkloadEditor::chooseKind(bool serving)
{
    if (!m_scenarioId || serving == m_scenario.workload.serving.has_value())
        return;
    Workload after = m_bindings.value();
    if (serving) {
        // What teams most often ask first: a 70B model at a few requests a second.
        Serving s;
        s.model = QStringLiteral("Llama-3.1-70B");
        s.requestsPerSecond = 5;
        s.inputTokens = 1000;
        s.outputTokens = 300;
        after = withServing(after, s);
    } else {
        after.serving.reset();
    }
    push(QStringLiteral("serving"), tr("what the workload is counted in"), after);
}

void WorkloadEditor::showMemoryNeed(double typedGb)
{
    // The need as the ranking takes it with `typedGb` typed: the user's own, or the memory of the
    // GPU the workload is counted in.
    Scenario typed = m_scenario;
    typed.workload.minGpuMemoryGB = typedGb;
    const MemoryNeed need = rankingMemoryNeed(typed, m_session.gpuCatalog());
    const bool counted = typedGb <= 0 && need.gb > 0;
    m_memory->setSpecialValueText(counted ? tr("at least %1 GB").arg(QString::number(need.gb, 'g', 6)) : QString());
    m_memory->spinBox()->setToolTip(counted ? memoryNeedText(need) : QString());
    m_memoryNote->setVisible(counted);
    if (counted)
        m_memoryNote->setText(tr("None typed: Best offers ranks GPUs with %1; type less to let smaller ones in.")
                                  .arg(memoryNeedText(need)));
}

namespace {

QString usageNumber(double value)
{
    if (std::abs(value - std::round(value)) < 1e-9)
        return QLocale().toString(std::llround(value));
    return QLocale().toString(value, 'f', 1);
}

QString usageStep(double hours)
{
    if (std::abs(hours - 24) < 1e-9)
        return WorkloadEditor::tr("1 day");
    if (hours < 1 - 1e-9)
        return WorkloadEditor::tr("%1 min").arg(usageNumber(hours * 60));
    return WorkloadEditor::tr("%1 h").arg(usageNumber(hours));
}

} // namespace

void WorkloadEditor::showUsage()
{
    const auto &demand = m_scenario.workload.demand;
    m_clearUsage->setVisible(demand.has_value());
    m_usage->setVisible(demand.has_value());
    if (!demand)
        return;
    QString text = countText("breakeven::WorkloadEditor", "Usage: %n step(s) of %1", int(demand->gpus.size())).arg(usageStep(demand->stepHours));
    if (!demand->source.isEmpty())
        text += tr(" from %1").arg(demand->source);
    text += tr(" — mean %1, peak %2 GPUs").arg(usageNumber(demand->mean()), usageNumber(demand->peak()));
    m_usage->setText(text);
}

void WorkloadEditor::push(const QString &key, const QString &label, const Workload &after)
{
    if (!m_scenarioId)
        return;
    commands::editWorkload(m_session.context(), m_scenarioId, m_scenarioName, key, label, m_bindings.value(), after);
}

void WorkloadEditor::preview(const Workload &after)
{
    m_session.previewWorkload(m_scenarioId, after);
}

void WorkloadEditor::openJobsHelper()
{
    JobsHelperDialog dialog(m_bindings.value(), this);
    if (dialog.exec() == QDialog::Accepted)
        push(QStringLiteral("jobsHelper"), tr("GPUs and utilization"), dialog.result());
}

void WorkloadEditor::openLlmHelper()
{
    double peak = 0;
    try {
        if (const auto gpu = m_session.context().doc().catalog().findGpu(m_referenceGpu))
            peak = gpu->fp16Tflops;
    } catch (const InputError &) {
        // The dialog falls back to the A100's figure.
    }
    LlmHelperDialog dialog(m_bindings.value(), peak, this);
    if (dialog.exec() == QDialog::Accepted)
        push(QStringLiteral("llmHelper"), tr("GPUs and utilization"), dialog.result());
}

} // namespace breakeven
