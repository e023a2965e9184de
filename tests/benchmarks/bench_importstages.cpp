// The reading side of an import, stage by stage, on a generated SkyPilot sheet: records from
// the CSV reader (with and without hashing), typed rows, validated offers and their encoding
// for the writer. Each line adds one stage to the one before; no document is written.
// An argument sets the number of rows (default 1,000,000).
#include "../import/skypilotsheet.h"
#include "catalog/gpucatalog.h"
#include "text/csvreader.h"
#include "import/offerwriter.h"
#include "import/sheetpreset.h"
#include "text/sha256.h"
#include "import/sheetrow.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>

#include <cstdio>

using namespace breakeven;

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QTemporaryDir dir;
    const qint64 rows = argc > 1 ? QByteArray(argv[1]).toLongLong() : 1000000;
    const QString path = dir.filePath(QStringLiteral("runpod-stages.csv"));
    sheetfixtures::writeSkyPilotSheet(path, rows);

    enum Stage { Records, Hashed, Typed, Validated, Encoded };
    const char *names[] = {"records", "+ SHA-256", "+ typed rows", "+ validation", "+ encoding"};
    double first = 0;
    for (int stage = Records; stage <= Encoded; ++stage) {
        QElapsedTimer timer;
        timer.start();
        const auto reader = CsvReader::open(path);
        Sha256 hash;
        if (stage >= Hashed)
            reader->setHash(&hash);
        CsvRecord record;
        reader->next(record);
        const SheetPreset preset = detectPreset(record.fields, {}, QStringLiteral("runpod-stages.csv"));
        SheetRowReader rowReader(preset, record.fields, QStringLiteral("runpod-stages.csv"), reader->delimiter());
        RowValidator validator(GpuCatalog::bundled(), rowReader);
        CloudOffer defaults;
        defaults.provider = QStringLiteral("runpod");
        defaults.source = QStringLiteral("SkyPilot catalog runpod-stages.csv");
        defaults.asOf = QStringLiteral("2026-11-22");
        validator.setDefaults(defaults);
        CsvRow fields;
        SheetRow row;
        RowProblem problem;
        ValidatedRow validated;
        OfferEncoder encoder;
        EncodedOffer encoded;
        qint64 count = 0;
        qint64 bytes = 0;
        while (reader->next(fields)) {
            ++count;
            if (stage < Typed || !rowReader.read(fields.line, fields, row, problem))
                continue;
            if (stage < Validated || !validator.validate(row, validated, problem))
                continue;
            if (stage >= Encoded) {
                encoder.encode(validated.offer, encoded);
                bytes += encoded.bytes.size();
            }
        }
        const double seconds = double(timer.nsecsElapsed()) / 1e9;
        if (stage == Records)
            first = seconds;
        std::printf("%-14s %7.2f s  %6.2f us/row  (x%.1f records)%s\n", names[stage], seconds,
                    seconds * 1e6 / double(count), seconds / first, bytes < 0 ? "" : "");
    }
    return 0;
}
