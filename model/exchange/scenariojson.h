// The scenario exchange format (docs/scenario-format.md, version 1): a self-contained file
// carrying a scenario and the GPU figures it uses. The app imports and exports it; the CLI
// evaluates it.
#pragma once

#include "domain.h"

#include <QByteArray>
#include <QString>

namespace breakeven {

// The newest version this build reads and writes. A scenario is written as version 2 only when it
// sets a field version 1 lacks (the market rates and commitments), so that older builds still
// read the rest; version 1 is read as before.
inline constexpr int kScenarioFormatVersion = 3;
inline constexpr qint64 kMaxScenarioFileBytes = qint64(16) * 1024 * 1024;

// Reads and validates a scenario. Throws InputError whose `where` is the JSON path of the
// offending value ("cloudOptions[0].pricePerHour"), prefixed with "fileName: " when a file name
// is given, or "fileName:LINE:COL" for malformed JSON. Omitted fields take their defaults.
Scenario readScenarioJson(const QByteArray &json, const QString &fileName = {});

// Reads a scenario file; a missing, unreadable or too large (> 16 MiB) file is an InputError
// naming the file.
Scenario readScenarioFile(const QString &path);

// Writes every field, defaults included, indented and in the documented key order, so that
// write -> read -> write gives the same bytes. Values are not validated here: a scenario that
// breaks a range rule is written as it is, and reading it back reports the rule.
QByteArray writeScenarioJson(const Scenario &scenario);

// Applies the rules of readScenarioJson() to a scenario from elsewhere (a document, an editor):
// the same ranges, names and counts, reported with the same JSON paths ("workload.utilization:
// must be between 0 and 1 (not 1.5)").
void validateScenario(const Scenario &scenario);

} // namespace breakeven
