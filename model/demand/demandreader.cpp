#include "demandreader.h"

#include "inputerror.h"
#include "text/csvreader.h"

#include <QDateTime>
#include <QLocale>
#include <QTimeZone>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <vector>

namespace breakeven {

namespace {

constexpr qint64 kMsPerHour = 3600 * 1000;

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// Reads `count` digits at `pos` into `value`; false when any is not a digit.
bool digits(QByteArrayView t, qsizetype pos, int count, int &value)
{
    if (pos + count > t.size())
        return false;
    value = 0;
    for (int i = 0; i < count; ++i) {
        const char c = t[pos + i];
        if (!isDigit(c))
            return false;
        value = value * 10 + (c - '0');
    }
    return true;
}

// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
// days_from_civil), so that a time is turned into a number without a QDateTime per line.
qint64 daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const qint64 era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = unsigned(y - era * 400);
    const unsigned doy = (153 * unsigned(m > 2 ? m - 3 : m + 9) + 2) / 5 + unsigned(d) - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + qint64(doe) - 719468;
}

int daysInMonth(int y, int m)
{
    static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return m == 2 && leap ? 29 : days[m - 1];
}

enum class Fast { Parsed, Invalid, Other };

// The layouts sacct and most exports print, by hand: a million lines must read in well under two
// seconds (docs/benchmarks.md, "Demand profiles"), and QDateTime::fromString per line is several
// times slower. Any other layout goes to QDateTime (Other); a date or time out of range is Invalid.
Fast parseFast(QByteArrayView t, qint64 &ms)
{
    int y, mo, d, h = 0, mi = 0, s = 0, frac = 0;
    if (t.size() < 10 || !digits(t, 0, 4, y) || t[4] != '-' || !digits(t, 5, 2, mo) || t[7] != '-' || !digits(t, 8, 2, d))
        return Fast::Other;
    qsizetype pos = 10;
    if (pos < t.size() && (t[pos] == 'T' || t[pos] == 't' || t[pos] == ' ')) {
        if (!digits(t, pos + 1, 2, h) || pos + 3 >= t.size() || t[pos + 3] != ':' || !digits(t, pos + 4, 2, mi))
            return Fast::Other;
        pos += 6;
        if (pos < t.size() && t[pos] == ':') {
            if (!digits(t, pos + 1, 2, s))
                return Fast::Other;
            pos += 3;
            if (pos < t.size() && (t[pos] == '.' || t[pos] == ',')) {
                ++pos;
                int scale = 100, count = 0;
                for (; pos < t.size() && isDigit(t[pos]); ++pos, ++count) {
                    frac += (t[pos] - '0') * scale;
                    scale /= 10;
                }
                if (count == 0)
                    return Fast::Other;
            }
        }
    }
    int offsetMinutes = 0;
    if (pos < t.size() && (t[pos] == 'Z' || t[pos] == 'z')) {
        ++pos;
    } else if (pos < t.size() && (t[pos] == '+' || t[pos] == '-')) {
        const int sign = t[pos] == '-' ? -1 : 1;
        int oh = 0, om = 0;
        if (!digits(t, pos + 1, 2, oh))
            return Fast::Other;
        pos += 3;
        if (pos < t.size() && t[pos] == ':')
            ++pos;
        if (pos < t.size()) {
            if (!digits(t, pos, 2, om))
                return Fast::Other;
            pos += 2;
        }
        if (oh > 23 || om > 59)
            return Fast::Invalid;
        offsetMinutes = sign * (oh * 60 + om);
    }
    if (pos != t.size())
        return Fast::Other;
    if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo) || h > 23 || mi > 59 || s > 59)
        return h == 24 ? Fast::Other : Fast::Invalid; // 24:00 is the end of a day: QDateTime knows it
    ms = ((daysFromCivil(y, mo, d) * 24 + h) * 60 + mi - offsetMinutes) * 60000 + qint64(s) * 1000 + frac;
    return Fast::Parsed;
}

QString shown(QByteArrayView bytes)
{
    return QString::fromUtf8(bytes.first(std::min<qsizetype>(bytes.size(), 80)));
}

QString timeText(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(Qt::ISODate);
}

QString number(qint64 n)
{
    return QLocale(QLocale::English).toString(n);
}

// Adds GPUs busy over [from, to) (milliseconds from the first step's start) to the steps: the
// steps wholly inside through a difference array, so that a job of a year costs what one of an
// hour does; the two ends by the part of their step they cover.
class StepAccumulator {
public:
    StepAccumulator(qsizetype steps, qint64 stepMs)
        : m_stepMs(stepMs)
        , m_partial(std::size_t(steps) + 1, 0.0)
        , m_full(std::size_t(steps) + 1, 0.0)
    {
    }

    void add(qint64 from, qint64 to, double gpus)
    {
        if (to <= from || gpus == 0)
            return;
        const auto first = std::size_t(from / m_stepMs);
        const auto last = std::size_t((to - 1) / m_stepMs);
        if (first == last) {
            m_partial[first] += gpus * double(to - from);
            return;
        }
        m_partial[first] += gpus * double(qint64(first + 1) * m_stepMs - from);
        m_partial[last] += gpus * double(to - qint64(last) * m_stepMs);
        if (last > first + 1) {
            m_full[first + 1] += gpus;
            m_full[last] -= gpus;
        }
    }

    // GPUs busy per step, averaged over the part of each step inside [coverFrom, coverTo).
    std::vector<double> finish(qint64 coverFrom, qint64 coverTo) const
    {
        const std::size_t steps = m_partial.size() - 1;
        std::vector<double> out(steps);
        double running = 0;
        for (std::size_t k = 0; k < steps; ++k) {
            running += m_full[k];
            const qint64 begin = std::max(qint64(k) * m_stepMs, coverFrom);
            const qint64 end = std::min(qint64(k + 1) * m_stepMs, coverTo);
            const double covered = double(end - begin);
            const double busy = m_partial[k] + running * double(m_stepMs);
            out[k] = covered > 0 ? std::max(0.0, busy / covered) : 0.0;
        }
        return out;
    }

private:
    qint64 m_stepMs;
    std::vector<double> m_partial; // GPU-milliseconds of intervals ending or starting inside a step
    std::vector<double> m_full;    // GPUs busy over whole steps, as differences
};

struct Span {
    qint64 firstStep = 0; // ms since the epoch, a multiple of the step
    qsizetype steps = 0;
};

qint64 floorTo(qint64 value, qint64 step)
{
    const qint64 q = value / step;
    return (q * step > value ? q - 1 : q) * step;
}

Span spanFor(const QString &file, qint64 from, qint64 to, qint64 stepMs, double stepHours)
{
    Span span;
    span.firstStep = floorTo(from, stepMs);
    const qint64 lastEnd = floorTo(to - 1, stepMs) + stepMs;
    const qint64 steps = (lastEnd - span.firstStep) / stepMs;
    if (steps > kMaxDemandSteps)
        throw InputError(file, QStringLiteral("the records span %1 days (%2 to %3): more than %4 steps of %5 h; "
                                              "choose a longer step")
                                   .arg(QString::number(double(to - from) / (24.0 * kMsPerHour), 'f', 0), timeText(from),
                                        timeText(to), number(kMaxDemandSteps), QString::number(stepHours, 'g', 6)));
    span.steps = qsizetype(steps);
    return span;
}

DemandProfile profileOf(const StepAccumulator &steps, const Span &span, qint64 from, qint64 to, double stepHours)
{
    DemandProfile profile;
    profile.stepHours = stepHours;
    profile.start = QDateTime::fromMSecsSinceEpoch(span.firstStep, QTimeZone::utc());
    profile.gpus = steps.finish(from - span.firstStep, to - span.firstStep);
    return profile;
}

// Where a line is, made into words only when it is wrong: a million lines must not make a million
// strings.
struct Place {
    const QString &file;
    qint64 line;
    QString text() const { return QStringLiteral("%1:%2").arg(file).arg(line); }
};

using ReaderFactory = std::function<std::unique_ptr<CsvReader>()>;

struct Sample {
    qint64 time;
    double gpus;
};

qint64 timeOf(QByteArrayView text, const Place &where, const char *what)
{
    if (const auto ms = parseDemandTime(text))
        return *ms;
    throw InputError(where.text(), QStringLiteral("%1 \"%2\" is not an ISO 8601 time (such as 2026-01-05T10:00:00)")
                                .arg(QLatin1String(what), shown(text)));
}

void readSamples(CsvReader &reader, const DemandReadOptions &options, qint64 stepMs, DemandReading &result)
{
    const QString &file = reader.name();
    std::vector<Sample> samples;
    CsvRow row;
    qint64 previous = std::numeric_limits<qint64>::min();
    while (reader.next(row)) {
        const Place where{file, row.line};
        if (row.size() != 2)
            throw InputError(where.text(), QStringLiteral("a row holds a time and the GPUs busy (time,gpus), not %1 fields").arg(row.size()));
        const qint64 time = timeOf(row.field(0), where, "time");
        const QByteArrayView text = row.field(1);
        double gpus = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), gpus);
        if (text.isEmpty() || error != std::errc() || end != text.data() + text.size() || !std::isfinite(gpus))
            throw InputError(where.text(), QStringLiteral("GPUs busy \"%1\" is not a number").arg(shown(text)));
        if (gpus < 0)
            throw InputError(where.text(), QStringLiteral("GPUs busy must be 0 or more, not %1").arg(shown(text)));
        if (time < previous)
            ++result.outOfOrder;
        previous = time;
        samples.push_back({time, gpus});
    }
    result.rows = qint64(samples.size());
    if (samples.empty())
        throw InputError(file, QStringLiteral("the file has no rows"));
    // Rows out of order are put in order of time; of rows with the same time the last one read
    // counts, the others last no time (docs/model.md, "Demand profiles").
    if (result.outOfOrder > 0)
        std::stable_sort(samples.begin(), samples.end(), [](const Sample &a, const Sample &b) { return a.time < b.time; });
    // The last row lasts the median interval between rows (one step when there is none), so that
    // N hourly samples make N hours.
    std::vector<qint64> intervals;
    intervals.reserve(samples.size());
    for (std::size_t i = 1; i < samples.size(); ++i)
        if (samples[i].time > samples[i - 1].time)
            intervals.push_back(samples[i].time - samples[i - 1].time);
    qint64 lastLasts = stepMs;
    if (!intervals.empty()) {
        const auto middle = intervals.begin() + std::ptrdiff_t(intervals.size() / 2);
        std::nth_element(intervals.begin(), middle, intervals.end());
        lastLasts = *middle;
    }
    const qint64 from = samples.front().time;
    const qint64 to = samples.back().time + lastLasts;
    const Span span = spanFor(file, from, to, stepMs, options.stepHours);
    StepAccumulator steps(span.steps, stepMs);
    for (std::size_t i = 0; i < samples.size(); ++i) {
        const qint64 end = i + 1 < samples.size() ? samples[i + 1].time : to;
        steps.add(samples[i].time - span.firstStep, end - span.firstStep, samples[i].gpus);
    }
    result.profile = profileOf(steps, span, from, to, options.stepHours);
}

struct Job {
    qint64 start;
    qint64 end; // -1: still running, it ends at the latest time in the file
    double gpus;
};

bool isUnknown(QByteArrayView text)
{
    return text.isEmpty() || text.compare("Unknown", Qt::CaseInsensitive) == 0 || text.compare("None", Qt::CaseInsensitive) == 0;
}

// The GPUs of a job from its AllocTRES ("billing=4,cpu=4,gres/gpu=2,mem=16G,node=1", or with a type,
// "gres/gpu:a100=2"; Slurm often lists both, "gres/gpu=2,gres/gpu:a100=2", for the same two GPUs).
// Without a filter: the untyped count when there is one, else the typed counts added up. With
// one: the counts of that type. `anyGpu` says whether the job has GPUs at all.
double gpusOf(QByteArrayView tres, const QByteArray &type, const Place &where, bool &anyGpu)
{
    qint64 untyped = -1, typed = 0, matching = 0;
    anyGpu = false;
    qsizetype begin = 0;
    while (begin <= tres.size()) {
        qsizetype comma = tres.indexOf(',', begin);
        if (comma < 0)
            comma = tres.size();
        const QByteArrayView item = tres.sliced(begin, comma - begin);
        begin = comma + 1;
        if (!item.startsWith("gres/gpu") || item.size() < 9 || (item[8] != '=' && item[8] != ':'))
            continue; // gres/gpumem and gres/gpuutil are not GPUs
        const qsizetype equals = item.indexOf('=');
        const QByteArrayView count = equals < 0 ? QByteArrayView() : item.sliced(equals + 1);
        qint64 n = -1;
        const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), n);
        if (count.isEmpty() || error != std::errc() || end != count.data() + count.size() || n < 0)
            throw InputError(where.text(), QStringLiteral("AllocTRES \"%1\": the GPU count in \"%2\" is not a whole number")
                                        .arg(shown(tres), shown(item)));
        anyGpu = anyGpu || n > 0;
        if (item[8] == '=') {
            untyped = n;
            continue;
        }
        typed += n;
        if (!type.isEmpty() && item.sliced(9, equals - 9).compare(type, Qt::CaseInsensitive) == 0)
            matching += n;
    }
    if (!type.isEmpty())
        return double(matching);
    return double(untyped >= 0 ? untyped : typed);
}

void readJobs(CsvReader &reader, const DemandReadOptions &options, qint64 stepMs, DemandReading &result)
{
    const QString &file = reader.name();
    const QByteArray type = options.gpu.trimmed().toUtf8();
    std::vector<Job> jobs;
    qint64 earliest = std::numeric_limits<qint64>::max();
    qint64 latest = std::numeric_limits<qint64>::min();
    CsvRow row;
    while (reader.next(row)) {
        const Place where{file, row.line};
        ++result.rows;
        if (row.size() < 4)
            throw InputError(where.text(), QStringLiteral("a job has the fields JobID|Start|End|AllocTRES, this line has %1").arg(row.size()));
        if (isUnknown(row.field(1))) {
            ++result.jobsPending;
            continue;
        }
        const qint64 start = timeOf(row.field(1), where, "start");
        qint64 end = -1;
        if (!isUnknown(row.field(2))) {
            end = timeOf(row.field(2), where, "end");
            if (end < start)
                throw InputError(where.text(), QStringLiteral("job %1 ends (%2) before it starts (%3)")
                                            .arg(shown(row.field(0)), shown(row.field(2)), shown(row.field(1))));
            latest = std::max(latest, end);
        }
        earliest = std::min(earliest, start);
        latest = std::max(latest, start);
        bool anyGpu = false;
        const double gpus = gpusOf(row.field(3), type, where, anyGpu);
        if (!anyGpu) {
            ++result.jobsWithoutGpu;
        } else if (!type.isEmpty() && gpus == 0) {
            ++result.jobsOtherGpu;
            continue;
        }
        ++result.jobsCounted;
        if (end < 0)
            ++result.jobsRunning;
        jobs.push_back({start, end, gpus});
    }
    if (result.rows == 0)
        throw InputError(file, QStringLiteral("the file has no rows"));
    if (earliest == std::numeric_limits<qint64>::max())
        throw InputError(file, QStringLiteral("no job has started: the %1 jobs are all pending (Start=Unknown)").arg(number(result.rows)));
    if (latest <= earliest)
        throw InputError(file, QStringLiteral("the jobs cover no time: every one starts and ends at %1").arg(timeText(earliest)));
    const Span span = spanFor(file, earliest, latest, stepMs, options.stepHours);
    StepAccumulator steps(span.steps, stepMs);
    for (const Job &j : jobs)
        steps.add(j.start - span.firstStep, (j.end < 0 ? latest : j.end) - span.firstStep, j.gpus);
    result.profile = profileOf(steps, span, earliest, latest, options.stepHours);
}

bool isSampleHeader(const CsvRow &header)
{
    return header.size() == 2 && header.field(0).trimmed().compare("time", Qt::CaseInsensitive) == 0
        && header.field(1).trimmed().compare("gpus", Qt::CaseInsensitive) == 0;
}

// The header as it was written, whatever delimiter the CSV reader took: a sacct header has no
// comma, so it arrives as one field, unless a semicolon or tab split it.
QByteArray headerText(const CsvRow &header, char delimiter)
{
    QByteArray text;
    for (qsizetype i = 0; i < header.size(); ++i) {
        if (i > 0)
            text += delimiter;
        text += header.field(i).toByteArray();
    }
    return text.trimmed();
}

DemandReading read(const ReaderFactory &open, const DemandReadOptions &options)
{
    if (!(options.stepHours >= kMinDemandStepHours && options.stepHours <= kMaxDemandStepHours))
        throw InputError(QStringLiteral("step"), QStringLiteral("a step lasts from one minute to 366 days, not %1 h")
                                                     .arg(QString::number(options.stepHours, 'g', 6)));
    const qint64 stepMs = std::llround(options.stepHours * double(kMsPerHour));
    DemandReading result;
    result.gpu = options.gpu.trimmed();
    std::unique_ptr<CsvReader> reader = open();
    result.fileName = reader->name();
    CsvRow header;
    if (!reader->next(header))
        throw InputError(result.fileName, QStringLiteral("the file has no rows (it is empty)"));
    const Place where{result.fileName, header.line};
    if (isSampleHeader(header)) {
        result.format = DemandFormat::Csv;
        readSamples(*reader, options, stepMs, result);
        return result;
    }
    const QByteArray text = headerText(header, reader->delimiter());
    if (!text.toLower().startsWith("jobid|start|end|alloctres"))
        throw InputError(where.text(), QStringLiteral("the header \"%1\" is neither \"time,gpus\" (a CSV of GPUs busy by time) nor "
                                               "\"JobID|Start|End|AllocTRES\" (what sacct -P -X "
                                               "--format=JobID,Start,End,AllocTRES prints)")
                                    .arg(shown(text)));
    // sacct -P separates fields with '|' and never quotes; AllocTRES holds commas.
    result.format = DemandFormat::Slurm;
    reader = open();
    reader->setDelimiter('|');
    reader->next(header);
    readJobs(*reader, options, stepMs, result);
    return result;
}

} // namespace

QString toString(DemandFormat format)
{
    return format == DemandFormat::Slurm ? QStringLiteral("slurm") : QStringLiteral("csv");
}

std::optional<qint64> parseDemandTime(QByteArrayView text)
{
    text = text.trimmed();
    qint64 ms = 0;
    switch (parseFast(text, ms)) {
    case Fast::Parsed:
        return ms;
    case Fast::Invalid:
        return std::nullopt;
    case Fast::Other:
        break;
    }
    if (text.isEmpty() || text.size() > 64)
        return std::nullopt;
    QDateTime time = QDateTime::fromString(QString::fromUtf8(text), Qt::ISODateWithMs);
    if (!time.isValid())
        return std::nullopt;
    // A time without an offset is UTC (docs/model.md, "Demand profiles"), not the machine's zone.
    if (time.timeSpec() == Qt::LocalTime)
        time = QDateTime(time.date(), time.time(), QTimeZone::utc());
    return time.toMSecsSinceEpoch();
}

DemandReading readDemandFile(const QString &path, const DemandReadOptions &options)
{
    return read([&] { return CsvReader::open(path); }, options);
}

DemandReading readDemandData(const QByteArray &data, const QString &name, const DemandReadOptions &options)
{
    return read([&] { return CsvReader::fromData(data, name); }, options);
}

} // namespace breakeven
