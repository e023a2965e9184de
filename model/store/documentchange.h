// What a committed write changed in a document, as the repositories record it: the views follow
// the document through these (docs/architecture.md, "Change notifications"). A change is
// delivered once the outermost transaction that made it commits, and never when it rolls back.
#pragma once

#include <QStringList>
#include <QtGlobal>

#include <functional>
#include <vector>

namespace breakeven {

enum class PartKind { Build, Component, CloudOption, HybridOption, ApiOption };

struct DocumentChange {
    enum class Kind {
        ScenarioAdded,     // scenarioId; position = its place in the list
        ScenarioRemoved,   // scenarioId
        ScenarioRenamed,   // scenarioId
        ScenarioChanged,   // scenarioId: its properties, or all its parts at once (a save)
        WorkloadChanged,   // scenarioId
        PartInserted,      // part, partId, parentId (scenario, or build for a component), position
        PartRemoved,       // part, partId, parentId, position it had
        PartChanged,       // part, partId, parentId; engineInput false when only its name changed
        PartMoved,         // a component: partId, parentId, position it now has
        CatalogChanged,    // GPU models, aliases, offers or sheets
        Reset,             // another process wrote: anything may have changed
    };

    Kind kind = Kind::Reset;
    qint64 scenarioId = 0;
    PartKind part = PartKind::Build;
    qint64 partId = 0;
    qint64 parentId = 0;
    int position = -1;
    // The columns a PartChanged, WorkloadChanged or ScenarioChanged wrote new values to, as the
    // document names them ("price_per_hour", "exchange_rates"); empty for the other kinds.
    QStringList fields;
    // Whether the change touches something the cost model reads (names do not).
    bool engineInput = true;

    bool operator==(const DocumentChange &) const = default;
};

using ChangeSet = std::vector<DocumentChange>;
using ChangeListener = std::function<void(const ChangeSet &)>;

} // namespace breakeven
