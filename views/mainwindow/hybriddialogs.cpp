#include "hybriddialogs.h"

#include "widgets/plural.h"

#include "commands/commands.h"
#include "demand/demandprofile.h"
#include "engine/resultstext.h"
#include "inputerror.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

#include <cmath>

namespace breakeven {

namespace {

bool canBurst(const CloudOption &option)
{
    return option.pricing == PricingPlan::OnDemand || option.pricing == PricingPlan::Spot;
}

QString number(double value, int decimals = 1)
{
    // "33.1", "64": whole numbers without decimals.
    if (std::abs(value - std::round(value)) < 1e-9)
        return QLocale().toString(std::llround(value));
    return QLocale().toString(value, 'f', decimals);
}

} // namespace

QString stepText(double stepHours)
{
    if (std::abs(stepHours - 24) < 1e-9)
        return QObject::tr("1 day");
    if (stepHours < 1 - 1e-9)
        return QObject::tr("%1 min").arg(number(stepHours * 60, 0));
    return QObject::tr("%1 h").arg(number(stepHours));
}

QString AddHybridDialog::burstRefusal(const CloudOption &option)
{
    return canBurst(option) ? QString() : tr("a reservation is billed around the clock: bursts need on-demand or spot");
}

QString AddHybridDialog::refusal(const Scenario &scenario)
{
    const bool anyBurst = std::any_of(scenario.cloudOptions.begin(), scenario.cloudOptions.end(), canBurst);
    if (scenario.onPremOptions.empty() && !anyBurst)
        return tr("A hybrid option owns units of a build and rents the peaks from an on-demand or spot cloud option. "
                  "Add an on-prem build and an on-demand or spot cloud option first.");
    if (scenario.onPremOptions.empty())
        return tr("A hybrid option owns units of a build. Add an on-prem build first.");
    if (!anyBurst) {
        if (scenario.cloudOptions.empty())
            return tr("A hybrid option rents the peaks from a cloud option. Add an on-demand or spot cloud option first.");
        return tr("A hybrid option rents the peaks from an on-demand or spot cloud option, and this scenario has only "
                  "reserved ones: a reservation is billed around the clock. Add an on-demand or spot cloud option first.");
    }
    return {};
}

AddHybridDialog::AddHybridDialog(const Scenario &scenario, QWidget *parent)
    : QDialog(parent)
    , m_scenario(scenario)
    , m_builds(new QComboBox(this))
    , m_clouds(new QComboBox(this))
    , m_cloudNote(new QLabel(this))
    , m_name(new QLineEdit(this))
    , m_cheapest(new QRadioButton(tr("Choose the c&heapest"), this))
    , m_fixed(new QRadioButton(tr("A &fixed number:"), this))
    , m_units(new QSpinBox(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Add Hybrid Option"));
    for (const OnPremBuild &build : scenario.onPremOptions)
        m_builds->addItem(tr("%1 (%2 × %3)").arg(build.name).arg(build.gpuCount).arg(build.gpu));
    auto *items = qobject_cast<QStandardItemModel *>(m_clouds->model());
    int first = -1;
    for (const CloudOption &option : scenario.cloudOptions) {
        const QString reason = burstRefusal(option);
        m_clouds->addItem(tr("%1 (%2)").arg(option.name, planName(option.pricing)));
        const int row = m_clouds->count() - 1;
        if (!reason.isEmpty()) {
            QStandardItem *item = items->item(row);
            item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
            item->setText(tr("%1 (%2): %3").arg(option.name, planName(option.pricing), reason));
            item->setToolTip(reason);
        } else if (first < 0) {
            first = row;
        }
    }
    m_clouds->setCurrentIndex(first);
    m_cloudNote->setWordWrap(true);
    m_cloudNote->setForegroundRole(QPalette::PlaceholderText);
    const auto reserved = std::count_if(scenario.cloudOptions.begin(), scenario.cloudOptions.end(),
                                        [](const CloudOption &o) { return !canBurst(o); });
    if (reserved > 0)
        m_cloudNote->setText(tr("Reserved options are not listed as choices: a reservation is billed around the "
                                "clock: bursts need on-demand or spot."));
    m_cloudNote->setVisible(reserved > 0);

    m_units->setRange(0, kMaxHybridUnits);
    connect(m_units, &QSpinBox::valueChanged, this,
            [this](int units) { m_units->setSuffix(units == 1 ? tr(" unit") : tr(" units")); });
    m_units->setValue(1);
    m_units->setSuffix(tr(" unit"));
    m_cheapest->setChecked(true);
    m_cheapest->setToolTip(tr("The number of units with the lowest TCO over the horizon"));

    auto *intro = new QLabel(tr("Own a baseline of GPUs with units of a build and rent the peaks from a cloud "
                                "option, by the hour."),
                             this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("Own units of &build:"), m_builds);
    form->addRow(tr("Burst to &cloud option:"), m_clouds);
    form->addRow(QString(), m_cloudNote);
    form->addRow(tr("&Name:"), m_name);
    auto *fixed = new QHBoxLayout;
    fixed->addWidget(m_fixed);
    fixed->addWidget(m_units, 1);
    auto *units = new QVBoxLayout;
    units->addWidget(m_cheapest);
    units->addLayout(fixed);
    form->addRow(tr("Units owned:"), units);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Add Hybrid Option"));
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    m_name->setMinimumWidth(360);
    setMinimumWidth(600);

    connect(m_builds, &QComboBox::currentIndexChanged, this, &AddHybridDialog::follow);
    connect(m_clouds, &QComboBox::currentIndexChanged, this, &AddHybridDialog::follow);
    connect(m_fixed, &QRadioButton::toggled, this, &AddHybridDialog::follow);
    connect(m_name, &QLineEdit::textChanged, this, &AddHybridDialog::follow);
    follow();
}

QString AddHybridDialog::suggestedName() const
{
    const int b = buildIndex();
    const int c = cloudIndex();
    if (b < 0 || c < 0)
        return {};
    QStringList taken;
    for (const HybridOption &hybrid : m_scenario.hybridOptions)
        taken << hybrid.name;
    return uniqueName(tr("%1, burst to %2").arg(m_scenario.onPremOptions[std::size_t(b)].name,
                                                 m_scenario.cloudOptions[std::size_t(c)].name),
                      taken);
}

void AddHybridDialog::follow()
{
    // The name follows the choices until the user writes one of their own.
    const QString suggested = suggestedName();
    if (m_name->text().isEmpty() || m_name->text() == m_lastSuggested) {
        const QSignalBlocker blocker(m_name);
        m_name->setText(suggested);
    }
    m_lastSuggested = suggested;
    m_units->setEnabled(m_fixed->isChecked());
    m_buttons->button(QDialogButtonBox::Ok)
        ->setEnabled(buildIndex() >= 0 && cloudIndex() >= 0 && !m_name->text().trimmed().isEmpty());
}

int AddHybridDialog::buildIndex() const
{
    return m_builds->currentIndex();
}

int AddHybridDialog::cloudIndex() const
{
    const int index = m_clouds->currentIndex();
    if (index < 0 || std::size_t(index) >= m_scenario.cloudOptions.size()
        || !canBurst(m_scenario.cloudOptions[std::size_t(index)]))
        return -1;
    return index;
}

QString AddHybridDialog::name() const
{
    return m_name->text().trimmed();
}

std::optional<int> AddHybridDialog::units() const
{
    return m_fixed->isChecked() ? std::optional<int>(m_units->value()) : std::nullopt;
}

const std::vector<std::pair<double, QString>> &UsageSummaryDialog::steps()
{
    static const std::vector<std::pair<double, QString>> list = {
        {0.25, tr("15 minutes")}, {1.0, tr("1 hour")}, {24.0, tr("1 day")}};
    return list;
}

UsageSummaryDialog::UsageSummaryDialog(const QString &path, const DemandReading &first, double stepHours,
                                       const Workload &current, QWidget *parent)
    : QDialog(parent)
    , m_path(path)
    , m_current(current)
    , m_reading(first)
    , m_step(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Apply | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Import Usage: %1").arg(first.fileName));
    for (const auto &[hours, name] : steps()) {
        m_step->addItem(name, hours);
        if (std::abs(hours - stepHours) < 1e-9)
            m_step->setCurrentIndex(m_step->count() - 1);
    }
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *form = new QFormLayout;
    form->addRow(tr("&Step:"), m_step);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_summary, 1);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Apply)->setDefault(true);
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_step, &QComboBox::currentIndexChanged, this, &UsageSummaryDialog::read);
    setMinimumWidth(520);
    showReading(first);
}

double UsageSummaryDialog::stepHours() const
{
    return m_step->currentData().toDouble();
}

WorkloadDemand UsageSummaryDialog::demand() const
{
    WorkloadDemand demand;
    if (m_reading) {
        demand.stepHours = m_reading->profile.stepHours;
        demand.gpus = m_reading->profile.gpus;
        demand.source = QFileInfo(m_reading->fileName).fileName();
    }
    return demand;
}

void UsageSummaryDialog::read()
{
    DemandReadOptions options;
    options.stepHours = stepHours();
    try {
        m_reading = readDemandFile(m_path, options);
        showReading(*m_reading);
    } catch (const InputError &error) {
        m_reading.reset();
        m_summary->setText(tr("<p>The file cannot be read with this step:</p><p>%1</p>").arg(error.message().toHtmlEscaped()));
        m_buttons->button(QDialogButtonBox::Apply)->setEnabled(false);
    }
}

void UsageSummaryDialog::showReading(const DemandReading &reading)
{
    const DemandSummary s = summarizeDemand(reading.profile);
    QString format;
    if (reading.format == DemandFormat::Csv) {
        format = countText("breakeven::UsageSummaryDialog", "CSV of samples (time, GPUs busy): %n row(s)", int(reading.rows));
        if (reading.outOfOrder > 0)
            format += countText("breakeven::UsageSummaryDialog", ", %n out of order (sorted by time)", int(reading.outOfOrder));
    } else {
        format = countText("breakeven::UsageSummaryDialog", "Slurm accounting (sacct): %n job(s) counted", int(reading.jobsCounted));
        if (reading.jobsPending > 0)
            format += countText("breakeven::UsageSummaryDialog", ", %n never started", int(reading.jobsPending));
        if (reading.jobsOtherGpu > 0)
            format += countText("breakeven::UsageSummaryDialog", ", %n on other GPUs", int(reading.jobsOtherGpu));
    }
    const QString span = formatHours(s.hours);
    const double u = s.peak > 0 ? s.mean / s.peak : 0;
    auto row = [](const QString &label, const QString &value) {
        return QStringLiteral("<tr><td style='padding-right:12px'>%1</td><td>%2</td></tr>").arg(label, value);
    };
    QString html = QStringLiteral("<table>");
    html += row(tr("File:"), reading.fileName.toHtmlEscaped());
    html += row(tr("Format:"), format.toHtmlEscaped());
    html += row(tr("Steps:"), tr("%1 of %2, %3 in all").arg(s.steps).arg(stepText(reading.profile.stepHours), span));
    html += row(tr("GPUs busy:"), tr("mean %1, peak %2").arg(number(s.mean), number(s.peak)));
    html += row(tr("Quantiles:"), tr("P50 %1, P90 %2, P99 %3").arg(number(s.p50), number(s.p90), number(s.p99)));
    html += row(tr("Above the mean:"), tr("%1 of the GPU-hours").arg(formatPercent(s.shareAboveMean)));
    html += QStringLiteral("</table>");
    html += tr("<p>Applying it makes the workload <b>%1 GPUs</b> (N, the peak) at <b>%2</b> utilization (u, the mean "
               "over the peak); it is now %3 GPUs at %4. Hybrid options own the baseline of this profile and rent "
               "its peaks.</p>")
                .arg(number(s.peak), formatPercent(u, 1), number(m_current.gpus, 2), formatPercent(m_current.utilization, 1));
    m_summary->setText(html);
    m_buttons->button(QDialogButtonBox::Apply)->setEnabled(s.steps > 0 && s.peak > 0);
    if (s.peak <= 0)
        m_summary->setText(html + tr("<p>No GPU was ever busy in this file: there is nothing to apply.</p>"));
}

} // namespace breakeven
