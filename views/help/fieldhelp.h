// The What's This texts of the editors' number fields, by the key their bindings give them
// (editors/fieldbindings.h): written once here, so every editor explains its fields alike.
#pragma once

#include <QString>

namespace breakeven::help {

enum class Editor { Scenario, Workload, Build, CloudOption };

// Rich text for Help › What's This on the field `key` of `editor`; empty for a field without one.
QString fieldWhatsThis(Editor editor, const QString &key);

} // namespace breakeven::help
