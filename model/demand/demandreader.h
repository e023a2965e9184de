// Reads usage records into a demand profile (docs/model.md, "Demand profiles"). Two formats,
// told apart by their header line:
//  - a CSV of samples, header `time,gpus` (any case, spaces around the names allowed): each row
//    is the number of GPUs busy from its time until the next row's time;
//  - Slurm accounting as `sacct -P -X --format=JobID,Start,End,AllocTRES` prints it, header
//    `JobID|Start|End|AllocTRES` (more columns after these are ignored): each job adds its GPUs
//    over [Start, End).
// Both are averaged, time-weighted, into fixed steps. Bad input throws InputError naming the file,
// the line and the reason ("usage.csv:9: GPUs busy must be 0 or more, not -2").
#pragma once

#include "demandprofile.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace breakeven {

enum class DemandFormat { Csv, Slurm };
QString toString(DemandFormat format); // "csv", "slurm"

struct DemandReadOptions {
    double stepHours = 1;   // at least one minute: kMinDemandStepHours
    QString gpu;            // Slurm: keep only jobs with this GPU type (any case); CSV: recorded only
};

inline constexpr double kMinDemandStepHours = 1.0 / 60.0;
inline constexpr double kMaxDemandStepHours = 366.0 * 24.0;
// A profile longer than this is refused: a mistyped year would otherwise fill memory.
inline constexpr qsizetype kMaxDemandSteps = 10'000'000;

struct DemandReading {
    DemandProfile profile;
    DemandFormat format = DemandFormat::Csv;
    QString fileName;           // as messages name it
    QString gpu;                // the filter asked for, empty when none
    qint64 rows = 0;            // data lines read (samples or jobs), the header not counted
    qint64 outOfOrder = 0;      // CSV: rows earlier than the row before them (sorted by time)
    // Slurm: what became of the jobs. counted + pending + otherGpu = rows.
    qint64 jobsCounted = 0;     // in the profile (CPU-only jobs included, at 0 GPUs)
    qint64 jobsRunning = 0;     // of those, End=Unknown: they end at the latest time in the file
    qint64 jobsWithoutGpu = 0;  // of those, no GPU in AllocTRES
    qint64 jobsPending = 0;     // Start=Unknown or None: never started, left out
    qint64 jobsOtherGpu = 0;    // left out by the GPU filter (another type, or no type given)
};

// Reads a file; throws InputError when it cannot be opened or read.
DemandReading readDemandFile(const QString &path, const DemandReadOptions &options = {});
// Reads bytes held in memory; `name` is used in messages.
DemandReading readDemandData(const QByteArray &data, const QString &name, const DemandReadOptions &options = {});

// A time as ISO 8601 (`2026-01-05T10:00:00`, `2026-01-05 10:00`, seconds and fractions optional,
// `Z` or an offset such as `+02:00` optional; without one the time is UTC), in milliseconds since
// 1970-01-01T00:00:00Z. Nothing when the text is not such a time.
std::optional<qint64> parseDemandTime(QByteArrayView text);

} // namespace breakeven
