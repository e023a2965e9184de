// Reading usage into a demand profile (breakeven demand, docs/model.md "Demand profiles"): a
// 1,000,000-line time,gpus CSV (a sample a minute, about 694 days) and a 1,000,000-job sacct -P
// file (jobs of up to two days over a year, GPUs in both gres forms, some CPU-only, running and
// pending), each read into hourly steps in memory and then by `breakeven demand` end to end.
// The budget is 2 s for a million lines.
#include "demand/demandreader.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimeZone>

#include <algorithm>
#include <cstdio>
#include <random>
#include <vector>

using namespace breakeven;

namespace {

constexpr int kLines = 1000000;

QByteArray isoTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd'T'HH:mm:ss")).toUtf8();
}

void writeSamples(const QString &path)
{
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    std::mt19937 random(7);
    const qint64 start = QDateTime(QDate(2025, 1, 1), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
    QByteArray text = "time,gpus\n";
    for (int i = 0; i < kLines; ++i) {
        // The fixed layout sacct and exporters print, seconds always, no offset.
        text += isoTime(start + qint64(i) * 60000) + ',' + QByteArray::number(random() % 33) + '\n';
        if (text.size() > (1 << 20)) {
            file.write(text);
            text.clear();
        }
    }
    file.write(text);
}

void writeJobs(const QString &path)
{
    QFile file(path);
    file.open(QIODevice::WriteOnly);
    std::mt19937 random(11);
    const qint64 start = QDateTime(QDate(2025, 1, 1), QTime(0, 0), QTimeZone::utc()).toMSecsSinceEpoch();
    const qint64 year = qint64(365) * 24 * 3600 * 1000;
    QByteArray text = "JobID|Start|End|AllocTRES\n";
    for (int i = 0; i < kLines; ++i) {
        const qint64 begin = start + qint64(random() % (year / 1000)) * 1000;
        const qint64 end = begin + qint64(random() % (2 * 24 * 3600)) * 1000;
        const int gpus = 1 << (random() % 4);
        QByteArray tres;
        switch (i % 5) {
        case 0: tres = "billing=4,cpu=4,gres/gpu=" + QByteArray::number(gpus) + ",mem=16G,node=1"; break;
        case 1: tres = "billing=8,cpu=8,gres/gpu:a100=" + QByteArray::number(gpus) + ",mem=64G,node=1"; break;
        case 2: tres = "billing=8,cpu=8,gres/gpu=" + QByteArray::number(gpus) + ",gres/gpu:h100=" + QByteArray::number(gpus) + ",mem=64G,node=1"; break;
        case 3: tres = "billing=2,cpu=2,mem=8G,node=1"; break;
        default: tres = "billing=4,cpu=4,gres/gpu:v100=" + QByteArray::number(gpus) + ",gres/gpumem=32G,mem=16G,node=1"; break;
        }
        QByteArray startText = isoTime(begin), endText = isoTime(end);
        if (i % 1000 == 1)
            endText = "Unknown";
        if (i % 1000 == 2)
            startText = endText = "Unknown";
        text += QByteArray::number(1000000 + i) + '|' + startText + '|' + endText + '|' + tres + '\n';
        if (text.size() > (1 << 20)) {
            file.write(text);
            text.clear();
        }
    }
    file.write(text);
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

bool measure(const char *what, const QString &path)
{
    std::vector<double> inMemory;
    qsizetype steps = 0;
    for (int round = 0; round < 3; ++round) {
        QElapsedTimer timer;
        timer.start();
        const DemandReading r = readDemandFile(path);
        inMemory.push_back(double(timer.nsecsElapsed()) / 1e6);
        steps = qsizetype(r.profile.gpus.size());
    }
    std::vector<double> runs;
    for (int round = 0; round < 3; ++round) {
        QElapsedTimer timer;
        timer.start();
        QProcess process;
        process.start(QStringLiteral(BREAKEVEN_EXECUTABLE), {QStringLiteral("demand"), path});
        if (!process.waitForFinished(120000) || process.exitCode() != 0) {
            std::fprintf(stderr, "demand failed: %s\n", process.readAllStandardError().constData());
            return false;
        }
        runs.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    const double size = double(QFile(path).size()) / 1e6;
    std::printf("%s, %d lines (%.0f MB) into %lld hourly steps: read %.0f ms median of 3 (%.0f-%.0f), "
                "breakeven demand end to end %.0f ms (budget 2 s: ratio %.2f)\n",
                what, kLines, size, qlonglong(steps), median(inMemory), *std::min_element(inMemory.begin(), inMemory.end()),
                *std::max_element(inMemory.begin(), inMemory.end()), median(runs), median(runs) / 2000.0);
    return true;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    const QString samples = dir.filePath(QStringLiteral("usage.csv"));
    const QString jobs = dir.filePath(QStringLiteral("sacct.txt"));
    writeSamples(samples);
    writeJobs(jobs);
    if (!measure("time,gpus CSV", samples) || !measure("sacct -P", jobs))
        return 1;
    return 0;
}
