// Fuzzes the command line: an input is a list of arguments separated by NUL bytes, run through
// the same code as `breakeven ARGS…` (cli::isCommand, then cli::run). Placeholders reach real
// files: @JSON an example scenario, @DOC a document made anew from a pristine copy for every run
// (so imports and DOCUMENT#scenario work), @CSV a price sheet, @OUT a scratch output path. Every
// run must end with exit status 0, 1 or 2 and leave no output file behind on failure. Each run
// starts in an empty working folder of its own under the temporary folder, so that whatever a
// relative path in the arguments creates stays there and is removed before the next run.
#include "cli.h"
#include "fuzzapplication.h"

#include <QDir>
#include <QFile>

#include <cstddef>
#include <cstdint>

namespace {

QString scratch(const QString &name)
{
    return QDir::tempPath() + QStringLiteral("/breakeven-fuzz-cli-%1-").arg(QCoreApplication::applicationPid()) + name;
}

void setUp()
{
    static char name[] = "fuzz_cli";
    static const bool ready = [] {
        breakeven::fuzzing::application(name);
        // The pristine document every run starts from.
        breakeven::cli::run({QStringLiteral("new"), scratch(QStringLiteral("pristine.breakeven"))});
        return true;
    }();
    (void)ready;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size > 4096)
        return 0;
    setUp();
    static const QString workingFolder = scratch(QStringLiteral("cwd"));
    QDir(workingFolder).removeRecursively();
    QDir().mkpath(workingFolder);
    if (!QDir::setCurrent(workingFolder))
        __builtin_trap();
    const QString document = scratch(QStringLiteral("doc.breakeven"));
    const QString out = scratch(QStringLiteral("out.pdf"));
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-journal")})
        QFile::remove(document + suffix);
    QFile::remove(out);
    QFile::copy(scratch(QStringLiteral("pristine.breakeven")), document);

    QStringList arguments;
    for (const QByteArray &part : QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)).split('\0')) {
        QString argument = QString::fromUtf8(part);
        // Only names in the working folder: a path could reach (and write) anywhere else.
        if (argument.contains(QLatin1Char('/')))
            return 0;
        argument.replace(QLatin1String("@JSON"), QStringLiteral(BREAKEVEN_SOURCE_DIR "/resources/examples/h100-server.json"));
        argument.replace(QLatin1String("@DOC"), document);
        argument.replace(QLatin1String("@CSV"), QStringLiteral(BREAKEVEN_SOURCE_DIR "/tests/data/sheets/runpod-rules.csv"));
        argument.replace(QLatin1String("@OUT"), out);
        arguments << argument;
    }
    if (!breakeven::cli::isCommand(arguments))
        return 0; // the window's form
    // `refresh` asks the network for prices: a fuzz run stays on this machine (test_refresh
    // covers it against a local server).
    if (arguments.first() == QLatin1String("refresh"))
        return 0;
    // `risk` evaluates the scenario once per sample (up to a million): a run is kept to a few
    // hundred samples so that every input ends well within the fuzzer's time limit per run.
    if (arguments.first() == QLatin1String("risk")) {
        const qsizetype given = arguments.indexOf(QStringLiteral("--samples"));
        if (given < 0)
            arguments << QStringLiteral("--samples") << QStringLiteral("200");
        else if (given + 1 < arguments.size() && arguments[given + 1].toInt() > 2000)
            return 0;
    }
    const int status = breakeven::cli::run(arguments);
    if (status < 0 || status > 2)
        __builtin_trap();
    if (status != 0 && QFile::exists(out))
        __builtin_trap(); // a failed export or report writes no file
    return 0;
}
