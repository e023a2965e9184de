#include "arguments.h"
#include "cli.h"
#include "verbs.h"

#include "store/document.h"

namespace breakeven::cli {

int runNew(const QStringList &arguments, QTextStream &out)
{
    const Arguments args(arguments, {}, {});
    args.expectPositionals(1, QStringLiteral("DOCUMENT"));
    const QString path = args.positional(0, QStringLiteral("DOCUMENT"));
    const auto document = Document::create(path);
    out << "created " << document->path() << '\n';
    return Success;
}

} // namespace breakeven::cli
