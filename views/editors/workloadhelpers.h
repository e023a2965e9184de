// The workload editor's two helpers. They do not model anything of their own: they turn a
// description people know (runs per month, or a language model's size and tokens) into the
// workload's N and u.
#pragma once

#include "domain.h"

#include <QDialog>

class QLabel;

namespace breakeven {

class NumberField;

struct DemandEstimate {
    double gpus = 0;                      // N
    double utilization = 0;               // u
    double referenceGpuHoursPerMonth = 0; // W
};

// W = runs · hours · GPUs per run; N is the GPUs of one run, raised when W needs more than
// N GPUs around the clock.
DemandEstimate demandFromJobs(double runsPerMonth, double hoursPerRun, int gpusPerRun);
// FLOPs ≈ 6 · parameters · tokens; hours = FLOPs / (peak FLOP/s · MFU · 3600).
double llmReferenceGpuHours(double parameters, double tokens, double peakTflops, double mfu);
// `totalHours` spread evenly over `months` on `gpus` GPUs (more when they would not suffice).
DemandEstimate demandFromTotal(double totalHours, double months, double gpus);

class JobsHelperDialog : public QDialog {
    Q_OBJECT
public:
    explicit JobsHelperDialog(const Workload &workload, QWidget *parent = nullptr);
    Workload result() const;

private:
    void update();

    Workload m_workload;
    NumberField *m_runs;
    NumberField *m_hours;
    NumberField *m_gpus;
    QLabel *m_outcome;
};

class LlmHelperDialog : public QDialog {
    Q_OBJECT
public:
    // `peakTflops`: dense BF16 of the scenario's reference GPU, from the catalog.
    LlmHelperDialog(const Workload &workload, double peakTflops, QWidget *parent = nullptr);
    Workload result() const;

private:
    void update();

    Workload m_workload;
    NumberField *m_parameters;
    NumberField *m_tokens;
    NumberField *m_peak;
    NumberField *m_mfu;
    NumberField *m_gpus;
    NumberField *m_months;
    QLabel *m_outcome;
};

} // namespace breakeven
