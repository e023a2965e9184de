// Every change the window makes to a document, as one undoable step each: the only functions
// widgets call to edit (docs/architecture.md, "Editing"). Widgets never build commands. A call
// that would change nothing pushes nothing. Texts are whole, translatable sentences.
#pragma once

#include "domain.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace breakeven {

class DocumentContext;
class GpuCatalog;

// `base`, or "base (2)", "base (3)", … : the first that is not in `taken`.
QString uniqueName(const QString &base, const QStringList &taken);

namespace commands {

// Scenarios. add/import/duplicate select the new scenario once it is in.
void addScenario(DocumentContext &context, const Scenario &scenario);
void importScenario(DocumentContext &context, const Scenario &scenario);
void duplicateScenario(DocumentContext &context, const QString &name, const QString &copyName);
void renameScenario(DocumentContext &context, qint64 scenarioId, const QString &name, const QString &newName);
void removeScenario(DocumentContext &context, qint64 scenarioId, const QString &name);

// Field edits: `field` names the field so that repeated edits of it (a slider drag) merge into one
// step; `label` is its name in the step's text ("Change utilization of Team cluster").
void editScenario(DocumentContext &context, qint64 scenarioId, const QString &field, const QString &label,
                  const Scenario &before, const Scenario &after);
void editWorkload(DocumentContext &context, qint64 scenarioId, const QString &scenarioName, const QString &field,
                  const QString &label, const Workload &before, const Workload &after);
void editBuild(DocumentContext &context, qint64 scenarioId, qint64 buildId, const QString &field,
               const QString &label, const OnPremBuild &before, const OnPremBuild &after);
void editCloudOption(DocumentContext &context, qint64 scenarioId, qint64 optionId, const QString &field,
                     const QString &label, const CloudOption &before, const CloudOption &after);
void editComponent(DocumentContext &context, qint64 scenarioId, qint64 componentId, const QString &field,
                   const QString &label, const Component &before, const Component &after);
void editApiOption(DocumentContext &context, qint64 scenarioId, qint64 optionId, const QString &field,
                   const QString &label, const ApiOption &before, const ApiOption &after);

// Makes `model` the GPU the workload is counted in, its count kept ("16 × A100" becomes
// "16 × H100"), in one step.
void keepWorkloadCountIn(DocumentContext &context, qint64 scenarioId, const Scenario &before, const QString &model);
// Counts the workload in GPUs of `model`: makes it the reference GPU and converts the count so
// the work stays the same, in one step. False (nothing done) when either GPU's throughput is not
// known.
bool countWorkloadIn(DocumentContext &context, qint64 scenarioId, const Scenario &before, const QString &model,
                     const GpuCatalog &catalog);

// A price sheet's import that already happened, recorded as a change (ChangeRecorder): one undo
// step that takes it back. Nothing is pushed for an empty change.
void recordSheetImport(DocumentContext &context, const QString &fileName, const QByteArray &changeset);
// A price refresh that already happened (Catalog › Refresh Prices…), from the sources named:
// one undo step that takes back all it wrote, as for a sheet.
void recordPriceRefresh(DocumentContext &context, const QStringList &sources, const QByteArray &changeset);

// Parts.
void addBuild(DocumentContext &context, qint64 scenarioId, const OnPremBuild &build);
void removeBuild(DocumentContext &context, qint64 scenarioId, qint64 buildId, const QString &name);
// The build's fields and its whole component list (an example build applied).
void replaceBuild(DocumentContext &context, qint64 scenarioId, qint64 buildId, const OnPremBuild &before,
                  const OnPremBuild &after, const QString &exampleName);
void addCloudOption(DocumentContext &context, qint64 scenarioId, const CloudOption &option,
                    std::optional<qint64> offerId = {});
void removeCloudOption(DocumentContext &context, qint64 scenarioId, qint64 optionId, const QString &name);
// Options paid per token (docs/model.md, "Serving"); one priced in a currency the scenario has no
// rate for brings the bundled rate in the same step, as a cloud option does.
void addApiOption(DocumentContext &context, qint64 scenarioId, const ApiOption &option);
void removeApiOption(DocumentContext &context, qint64 scenarioId, qint64 optionId, const QString &name);
void addComponent(DocumentContext &context, qint64 scenarioId, qint64 buildId, const QString &buildName,
                  const Component &component);
void removeComponent(DocumentContext &context, qint64 scenarioId, qint64 componentId, const QString &name,
                     const QString &buildName);
void moveComponent(DocumentContext &context, qint64 scenarioId, qint64 componentId, const QString &name,
                   int from, int to);

// Hybrid options (docs/model.md, "Hybrid fleets"): K units of a build own the baseline, a cloud
// option rents the peaks. `units` null lets the engine choose the cheapest K.
void addHybridOption(DocumentContext &context, qint64 scenarioId, qint64 buildId, qint64 cloudOptionId,
                     const QString &name, std::optional<int> units);
void removeHybridOption(DocumentContext &context, qint64 scenarioId, qint64 hybridId, const QString &name);
void setHybridUnits(DocumentContext &context, qint64 scenarioId, qint64 hybridId, const QString &name,
                    std::optional<int> before, std::optional<int> after);
void renameHybridOption(DocumentContext &context, qint64 scenarioId, qint64 hybridId, const QString &name,
                        const QString &newName);

// The workload's demand profile (docs/model.md, "Demand profiles"): set from usage records (N
// becomes the peak, u the mean over the peak), or cleared (N and u stay). One step each; undo puts
// the whole workload back as it was.
void importUsage(DocumentContext &context, qint64 scenarioId, const WorkloadDemand &demand);
void clearUsage(DocumentContext &context, qint64 scenarioId, const QString &scenarioName);

// Several steps as one ("Add 3 cloud options"): calls between begin and end become one undo step.
void beginGroup(DocumentContext &context, const QString &text);
void endGroup(DocumentContext &context);

} // namespace commands
} // namespace breakeven
