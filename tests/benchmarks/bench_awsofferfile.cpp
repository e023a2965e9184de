// AWS offer file benchmark: a 300 MB EC2 offer file of the real shape (the recorded excerpt's
// metadata and 91-column header; its real lines of CPU instances, other operating systems and
// dedicated tenancy repeated under new SKUs; one line in fifty a GPU instance's with all its terms,
// on-demand and standard reserved no/all upfront, the excerpt's GPU lines over and over) read by
// readAwsOfferFile, as `breakeven refresh --source aws` reads each region's download.
// In the same run, on the same file (in the page cache after it is written): a plain read in 1 MiB
// blocks (the physical floor: the bytes must be read) and a plain libcsv pass whose callbacks do
// nothing (the reference the reader is held to). Peak memory is the process's VmHWM, reset through
// /proc/self/clear_refs before each pass: constant memory shows as the same peak whatever the size.
// An argument sets the size in MB (`bench_awsofferfile 30`).
#include "awsofferfile.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QFile>
#include <QList>
#include <QTemporaryDir>

#include <csv.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>

using namespace breakeven;

namespace {

constexpr qint64 kDefaultMegabytes = 300;

qint64 statusKiB(const char *key)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind(key, 0) == 0)
            return std::atoll(line.c_str() + std::strlen(key));
    return -1;
}

// Sets VmHWM back to the current resident size (Linux 4.0 and later).
void resetPeak()
{
    std::ofstream("/proc/self/clear_refs") << "5";
}

struct Pass {
    double seconds = 0;
    qint64 peakKiB = 0;  // VmHWM after the pass
    qint64 startKiB = 0; // VmRSS before it
};

template <typename Work> Pass measure(Work &&work)
{
    resetPeak();
    Pass pass;
    pass.startKiB = statusKiB("VmRSS:");
    QElapsedTimer timer;
    timer.start();
    work();
    pass.seconds = double(timer.nsecsElapsed()) / 1e9;
    pass.peakKiB = statusKiB("VmHWM:");
    return pass;
}

// Writes a file of about `bytes` from the excerpt: its first six lines, then its lines over and
// over under new SKUs.
qint64 generate(const QString &path, qint64 bytes)
{
    QFile source(QStringLiteral(BREAKEVEN_SOURCE_DIR "/tests/data/refresh/aws/us-east-1/index.csv"));
    if (!source.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> lines = source.readAll().split('\n');
    QList<QByteArray> plain, gpu;
    for (qsizetype i = 6; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        (lines[i].startsWith("\"AWSGPU") ? gpu : plain) << lines[i];
    }
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly))
        return -1;
    QByteArray block;
    for (int i = 0; i < 6; ++i)
        block += lines[i] + '\n';
    qint64 written = 0;
    for (qint64 n = 0; written < bytes; ++n) {
        // The CPU lines get a new SKU (16 characters, as AWS's) every 20 lines; the GPU lines
        // keep theirs, so that they fold into the excerpt's few offers again and again.
        const bool isGpu = n % 50 == 49;
        const QByteArray &line = isGpu ? gpu[(n / 50) % gpu.size()] : plain[n % plain.size()];
        QByteArray copy = line;
        if (!isGpu) {
            const QByteArray sku = QByteArray("CPU").append(QByteArray::number(n / 20).rightJustified(13, '0'));
            const qsizetype end = line.indexOf("\",\"");
            const qsizetype rate = line.indexOf("\",\"", end + 3);
            const qsizetype oldSize = end - 1;
            copy.replace(1, oldSize, sku);
            copy.replace(rate + (sku.size() - oldSize) + 3, oldSize, sku);
        }
        block += copy + '\n';
        if (block.size() > (1 << 20)) {
            written += out.write(block);
            block.clear();
        }
    }
    written += out.write(block);
    return written;
}

} // namespace

int main(int argc, char **argv)
{
    const qint64 megabytes = argc > 1 ? std::atoll(argv[1]) : kDefaultMegabytes;
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("index.csv"));
    const qint64 bytes = generate(path, megabytes * 1000 * 1000);
    if (bytes <= 0) {
        std::fprintf(stderr, "cannot write %s\n", qPrintable(path));
        return 1;
    }

    // The floor: reading the bytes.
    qint64 floorBytes = 0;
    const Pass floor = measure([&] {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return;
        QByteArray buffer(1 << 20, Qt::Uninitialized);
        for (qint64 n; (n = file.read(buffer.data(), buffer.size())) > 0;)
            floorBytes += n;
    });

    // The reference: libcsv over the same bytes, its callbacks doing nothing.
    qint64 fields = 0;
    const Pass reference = measure([&] {
        csv_parser parser;
        csv_init(&parser, CSV_APPEND_NULL);
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return;
        QByteArray buffer(1 << 16, Qt::Uninitialized);
        const auto field = [](void *, size_t, void *counter) { ++*static_cast<qint64 *>(counter); };
        for (qint64 n; (n = file.read(buffer.data(), buffer.size())) > 0;)
            csv_parse(&parser, buffer.constData(), size_t(n), field, nullptr, &fields);
        csv_fini(&parser, field, nullptr, &fields);
        csv_free(&parser);
    });

    AwsOfferFile read;
    const Pass reader = measure([&] {
        AwsReadOptions options;
        options.region = QStringLiteral("us-east-1");
        read = readAwsOfferFile(path, options);
    });

    const double mb = double(bytes) / 1e6;
    std::printf("offer file: %.0f MB, %lld price lines, %lld of them GPU lines, %zu offers, %lld partial upfront lines\n", mb,
                static_cast<long long>(read.rowsRead), static_cast<long long>(read.gpuRows), read.offers.size(),
                static_cast<long long>(read.partialUpfrontRows));
    const auto line = [&](const char *name, const Pass &pass) {
        std::printf("  %-34s %7.2f s  %6.0f MB/s  peak %6.1f MiB (%+.1f MiB over the %.1f MiB before)\n", name, pass.seconds,
                    mb / pass.seconds, double(pass.peakKiB) / 1024, double(pass.peakKiB - pass.startKiB) / 1024,
                    double(pass.startKiB) / 1024);
    };
    line("read in 1 MiB blocks (floor)", floor);
    line("libcsv, callbacks doing nothing", reference);
    line("readAwsOfferFile", reader);
    std::printf("  reader / libcsv: %.2f; reader / floor: %.1f; %lld fields parsed by the reference\n",
                reader.seconds / reference.seconds, reader.seconds / floor.seconds, static_cast<long long>(fields));
    return floorBytes == bytes && read.rowsRead > 0 ? 0 : 1;
}
