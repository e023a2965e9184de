#include "scenarioargument.h"

#include "inputerror.h"
#include "scenario/scenariojson.h"
#include "store/document.h"

#include <QFileInfo>

namespace breakeven::cli {

Scenario loadScenarioArgument(const QString &argument)
{
    // A file name may itself contain '#': an existing file always wins.
    const int hash = argument.lastIndexOf(QLatin1Char('#'));
    if (hash < 0 || QFileInfo::exists(argument))
        return readScenarioFile(argument);
    const QString path = argument.left(hash);
    const QString name = argument.mid(hash + 1);
    if (path.isEmpty() || name.isEmpty())
        throw InputError(argument, QStringLiteral("expected DOCUMENT#scenario-name"));
    const auto document = Document::openReadOnly(path);
    return document->scenarios().load(name);
}

} // namespace breakeven::cli
