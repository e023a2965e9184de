#include "workloadhelpers.h"

#include "numberfield.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>

#include <algorithm>
#include <cmath>

namespace breakeven {

DemandEstimate demandFromJobs(double runsPerMonth, double hoursPerRun, int gpusPerRun)
{
    const double monthly = runsPerMonth * hoursPerRun * gpusPerRun;
    return demandFromTotal(monthly, 1, std::max(1, gpusPerRun));
}

double llmReferenceGpuHours(double parameters, double tokens, double peakTflops, double mfu)
{
    const double flopsPerSecond = peakTflops * 1e12 * mfu;
    if (!(flopsPerSecond > 0))
        return 0;
    return 6.0 * parameters * tokens / (flopsPerSecond * 3600.0);
}

DemandEstimate demandFromTotal(double totalHours, double months, double gpus)
{
    DemandEstimate estimate;
    estimate.referenceGpuHoursPerMonth = months > 0 ? totalHours / months : 0;
    const double needed = std::ceil(estimate.referenceGpuHoursPerMonth / kHoursPerMonth);
    estimate.gpus = std::max({gpus, needed, 1.0});
    estimate.utilization = std::clamp(estimate.referenceGpuHoursPerMonth / (estimate.gpus * kHoursPerMonth), 0.0, 1.0);
    return estimate;
}

namespace {

QDialogButtonBox *addButtons(QDialog *dialog, QFormLayout *form)
{
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(QObject::tr("Set N and u"));
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    form->addRow(buttons);
    return buttons;
}

QString describe(const DemandEstimate &estimate)
{
    const QLocale locale;
    return QObject::tr("%1 reference-GPU-hours a month → N = %2 GPUs at u = %3 %")
        .arg(locale.toString(estimate.referenceGpuHoursPerMonth, 'f', 0))
        .arg(locale.toString(estimate.gpus, 'g', 6))
        .arg(locale.toString(estimate.utilization * 100, 'f', 1));
}

} // namespace

JobsHelperDialog::JobsHelperDialog(const Workload &workload, QWidget *parent)
    : QDialog(parent)
    , m_workload(workload)
    , m_runs(new NumberField(0, 1e6, 1, tr(" runs"), 1, this))
    , m_hours(new NumberField(0, 1e7, 1, tr(" h"), 1, this))
    , m_gpus(new NumberField(1, 1e5, 0, tr(" GPUs"), 1, this))
    , m_outcome(new QLabel(this))
{
    setWindowTitle(tr("Set N and u from Jobs"));
    auto *form = new QFormLayout(this);
    form->addRow(new QLabel(tr("Describe the runs of a typical month."), this));
    form->addRow(tr("Runs per month:"), m_runs);
    form->addRow(tr("Reference-GPU-hours per run, per GPU:"), m_hours);
    form->addRow(tr("GPUs per run:"), m_gpus);
    m_outcome->setWordWrap(true);
    form->addRow(m_outcome);
    addButtons(this, form);

    m_runs->setValue(20);
    m_hours->setValue(workload.jobReferenceGpuHours.value_or(24 * workload.gpusPerJob) / std::max(1, workload.gpusPerJob));
    m_gpus->setValue(workload.gpusPerJob);
    for (NumberField *field : {m_runs, m_hours, m_gpus})
        connect(field, &NumberField::valueEdited, this, &JobsHelperDialog::update);
    update();
}

Workload JobsHelperDialog::result() const
{
    Workload workload = m_workload;
    const DemandEstimate estimate = demandFromJobs(m_runs->value(), m_hours->value(), int(m_gpus->value()));
    workload.gpus = estimate.gpus;
    workload.utilization = estimate.utilization;
    workload.gpusPerJob = int(m_gpus->value());
    workload.jobReferenceGpuHours = m_hours->value() * m_gpus->value();
    return workload;
}

void JobsHelperDialog::update()
{
    m_outcome->setText(describe(demandFromJobs(m_runs->value(), m_hours->value(), int(m_gpus->value()))));
}

LlmHelperDialog::LlmHelperDialog(const Workload &workload, double peakTflops, QWidget *parent)
    : QDialog(parent)
    , m_workload(workload)
    , m_parameters(new NumberField(0.001, 1e5, 3, tr(" B"), 1e-9, this))
    , m_tokens(new NumberField(0.001, 1e6, 3, tr(" B"), 1e-9, this))
    , m_peak(new NumberField(1, 1e5, 1, tr(" TFLOP/s"), 1, this))
    , m_mfu(new NumberField(1, 100, 0, tr(" %"), 100, this))
    , m_gpus(new NumberField(1, 1e5, 0, tr(" GPUs"), 1, this))
    , m_months(new NumberField(0.1, 120, 1, tr(" months"), 1, this))
    , m_outcome(new QLabel(this))
{
    setWindowTitle(tr("Set N and u from LLM Training"));
    auto *form = new QFormLayout(this);
    form->addRow(new QLabel(tr("FLOPs ≈ 6 · parameters · tokens, run at the given model FLOPs utilization."), this));
    form->addRow(tr("Parameters:"), m_parameters);
    form->addRow(tr("Training tokens:"), m_tokens);
    form->addRow(tr("Reference GPU peak (dense BF16):"), m_peak);
    form->addRow(tr("Model FLOPs utilization (MFU):"), m_mfu);
    form->addRow(tr("GPUs:"), m_gpus);
    form->addRow(tr("Spread over:"), m_months);
    m_outcome->setWordWrap(true);
    form->addRow(m_outcome);
    addButtons(this, form);

    m_parameters->setValue(7e9);
    m_tokens->setValue(140e9);
    m_peak->setValue(peakTflops > 0 ? peakTflops : 312);
    m_mfu->setValue(0.40);
    m_gpus->setValue(std::max(1.0, workload.gpus));
    m_months->setValue(1);
    for (NumberField *field : {m_parameters, m_tokens, m_peak, m_mfu, m_gpus, m_months})
        connect(field, &NumberField::valueEdited, this, &LlmHelperDialog::update);
    update();
}

Workload LlmHelperDialog::result() const
{
    const double total = llmReferenceGpuHours(m_parameters->value(), m_tokens->value(), m_peak->value(), m_mfu->value());
    const DemandEstimate estimate = demandFromTotal(total, m_months->value(), m_gpus->value());
    Workload workload = m_workload;
    workload.gpus = estimate.gpus;
    workload.utilization = estimate.utilization;
    workload.jobReferenceGpuHours = total;
    workload.gpusPerJob = int(estimate.gpus);
    return workload;
}

void LlmHelperDialog::update()
{
    const double total = llmReferenceGpuHours(m_parameters->value(), m_tokens->value(), m_peak->value(), m_mfu->value());
    m_outcome->setText(tr("%1 reference-GPU-hours in all. ").arg(QLocale().toString(total, 'f', 0))
                       + describe(demandFromTotal(total, m_months->value(), m_gpus->value())));
}

} // namespace breakeven
