#include "scenarioargument.h"

#include "inputerror.h"
#include "exchange/scenariojson.h"
#include "store/document.h"

#include "engine/assembly.h"

#include <QDir>
#include <QFileInfo>

namespace breakeven::cli {

namespace {

// The scenario as the engine will see it: the rules of scenario JSON, and every name it refers
// to known. Errors name the file (and the scenario) first, then the field.
LoadedScenario assembled(Scenario scenario, GpuCatalog catalog, const QString &argument,
                         const std::function<void(Scenario &)> &adjust)
{
    if (adjust)
        adjust(scenario);
    try {
        validateScenario(scenario);
        EngineInput input = assemble(scenario, catalog);
        return {std::move(scenario), std::move(catalog), std::move(input)};
    } catch (const InputError &error) {
        throw InputError(error.where().isEmpty() ? argument : argument + QStringLiteral(": ") + error.where(),
                         error.reason());
    }
}

// "\"H100 team\", \"Lab\"", every name quoted since names may hold commas.
QString quotedNames(const QStringList &names)
{
    QStringList quoted;
    for (const QString &name : names)
        quoted << QLatin1Char('"') + name + QLatin1Char('"');
    return quoted.join(QStringLiteral(", "));
}

} // namespace

LoadedScenario loadScenarioArgument(const QString &argument, const std::function<void(Scenario &)> &adjust,
                                    const std::function<void(Document &)> &whileOpen)
{
    // A file name may itself contain '#': an existing file always wins.
    const int hash = argument.lastIndexOf(QLatin1Char('#'));
    if (hash < 0 || QFileInfo::exists(argument))
        return assembled(readScenarioFile(argument), GpuCatalog::bundled(), QDir::toNativeSeparators(argument), adjust);
    const QString path = argument.left(hash);
    const QString name = argument.mid(hash + 1);
    if (path.isEmpty() || name.isEmpty())
        throw InputError(argument, QStringLiteral("expected DOCUMENT#scenario-name"));
    const auto document = Document::openReadOnly(path);
    Scenario scenario;
    GpuCatalog catalog;
    QStringList names;
    try {
        catalog = document->catalog().gpuCatalog();
        names = document->scenarios().names();
        if (names.contains(name))
            scenario = document->scenarios().load(name);
    } catch (const InputError &error) {
        // The document's path is in `where` already; name the scenario too.
        throw InputError(QStringLiteral("%1 (scenario \"%2\")").arg(error.where(), name), error.reason());
    }
    // A name mistyped: say which names there are, so that the next try is the right one.
    if (!names.contains(name))
        throw InputError(QStringLiteral("%1 (scenario \"%2\")").arg(QDir::toNativeSeparators(path), name),
                         names.isEmpty() ? QStringLiteral("the document has no scenarios")
                                         : QStringLiteral("no scenario of that name; the document has %1")
                                               .arg(quotedNames(names)));
    if (whileOpen)
        whileOpen(*document);
    return assembled(std::move(scenario), std::move(catalog), QDir::toNativeSeparators(argument), adjust);
}

} // namespace breakeven::cli
