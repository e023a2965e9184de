// Shared by the benchmarks: the 50-option scenario, percentiles, CPU time of the GUI
// thread, the processor time the host took, and waiting for a widget's next paint.
#pragma once

#include "domain.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QWidget>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string>
#include <vector>

namespace benchsupport {

using namespace breakeven;

inline Scenario benchmarkScenario(int options, int months)
{
    const QStringList gpus{QStringLiteral("A100-SXM4-80GB"), QStringLiteral("H100-SXM5-80GB"), QStringLiteral("RTX-4090"),
                           QStringLiteral("L40S"), QStringLiteral("A10G"), QStringLiteral("RTX-3090")};
    Scenario s;
    s.name = QStringLiteral("Slider benchmark");
    s.currency = QStringLiteral("USD");
    s.horizonMonths = months;
    s.workload.gpus = 16;
    s.workload.utilization = 0.5;
    s.workload.growthPerYear = 0.2;
    for (int i = 0; i < options; ++i) {
        const QString gpu = gpus[i % gpus.size()];
        if (i % 2 == 0) {
            OnPremBuild b;
            b.name = QStringLiteral("Build %1 (%2)").arg(i).arg(gpu);
            b.gpu = gpu;
            b.gpuCount = 8;
            b.listPrice = 60000 + 2500 * i;
            b.infrastructureOneTime = 3000;
            b.electricityPerKWh = 0.12 + 0.01 * (i % 5);
            b.pue = 1.4;
            b.overheadPerYearOfHardware = 0.08;
            s.onPremOptions.push_back(b);
        } else {
            CloudOption c;
            c.name = QStringLiteral("Cloud %1 (%2)").arg(i).arg(gpu);
            c.provider = QStringLiteral("bench");
            c.instanceType = QStringLiteral("x%1").arg(i);
            c.gpu = gpu;
            c.gpusPerInstance = 8;
            c.pricing = PricingPlan(i % 4);
            c.pricePerHour = 8.0 + 0.9 * (i % 13);
            c.maxGpus = 512;
            s.cloudOptions.push_back(c);
        }
    }
    return s;
}


inline double percentile(std::vector<double> v, double p)
{
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5))];
}

// CPU time of this thread: on a machine busy with other work it shows what a step costs, where
// wall time also counts the waits for a core.
inline double threadCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

// The share of the machine's processor time that its host gave to other guests since this was
// made ("steal" in /proc/stat, over every core): on a virtual machine, what makes the same work
// take longer in one run than the next. Negative where the system does not say.
class StolenTime {
public:
    StolenTime() : m_start(read()) {}
    double share() const
    {
        const Ticks now = read();
        if (m_start.steal < 0 || now.steal < 0 || now.total <= m_start.total)
            return -1;
        return (now.steal - m_start.steal) / (now.total - m_start.total);
    }

private:
    struct Ticks {
        double steal = -1;
        double total = 0;
    };
    static Ticks read()
    {
        Ticks t;
        std::FILE *file = std::fopen("/proc/stat", "r");
        if (!file)
            return t;
        unsigned long long field[8] = {};
        if (std::fscanf(file, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &field[0], &field[1], &field[2], &field[3],
                        &field[4], &field[5], &field[6], &field[7]) == 8) {
            t.steal = double(field[7]);
            for (const unsigned long long f : field)
                t.total += double(f);
        }
        std::fclose(file);
        return t;
    }
    Ticks m_start;
};

// "; the host took 3.1 % of the processor time" for a StolenTime, or nothing where unknown.
inline std::string stolenNote(const StolenTime &stolen)
{
    const double share = stolen.share();
    if (share < 0)
        return {};
    char text[96];
    std::snprintf(text, sizeof text, "; the host took %.1f %% of the processor time", 100 * share);
    return text;
}

// Counts paint events of a widget, so a step ends when the event loop has painted it.
class PaintCounter : public QObject {
public:
    explicit PaintCounter(QWidget *widget) { widget->installEventFilter(this); }
    int count = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++count;
        return QObject::eventFilter(watched, event);
    }
};

// Runs the event loop until the chart has been painted (layout, scene updates and the window's
// repaint, table included, all happen on the way); gives up after a second.
inline void waitForPaint(const PaintCounter &counter, int before)
{
    QElapsedTimer limit;
    limit.start();
    while (counter.count == before && limit.elapsed() < 1000)
        QCoreApplication::processEvents();
}

inline void printFigures(const char *what, const std::vector<double> &ms)
{
    std::printf("%s (%zu): median %.2f ms, p95 %.2f ms, max %.2f ms\n", what, ms.size(), percentile(ms, 0.5),
                percentile(ms, 0.95), *std::max_element(ms.begin(), ms.end()));
}

} // namespace benchsupport
