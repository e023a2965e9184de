// Parts of the scenario JSON format (docs/scenario-format.md) read and written apart from
// scenariojson.cpp: an option's criterion scores, a scenario's weights, the uncertainty block,
// a workload's demand profile and the hybrid options. Internal to model/exchange.
#pragma once

#include "domain.h"
#include "jsonfields.h"

#include <QJsonObject>
#include <QString>

#include <functional>

namespace breakeven::json {

// An option's own criterion scores (version 2): {"setup": 4, …}, each 1 to 5.
void readScores(ObjectReader &parent, CriterionScores &scores);
bool hasScores(const CriterionScores &scores);
// Writes "scores" only when the option has one.
void writeScores(JsonWriter &writer, const CriterionScores &scores);

// A scenario's weights (version 2): {"cost": 40, …}; a criterion left out keeps its default.
void readWeights(ObjectReader &parent, CriterionWeights &weights);

// The uncertainty block (version 2): {"samples", "seed", "inputs": [{"path", "low", "high",
// "lowFactor", "highFactor", "distribution"}]}; paths and ranges are checked against the scenario
// once it is read.
Uncertainty readUncertainty(const QJsonObject &object, const QString &path);
void writeUncertainty(JsonWriter &writer, const Uncertainty &uncertainty);

// A workload's demand profile (version 2): {"stepHours": 1, "gpus": [4, 4, 12, …], "source": "…"};
// stepHours above 0 and at most kMaxWorkloadDemandStepHours, 1 to kMaxWorkloadDemandSteps values, each a number
// of at least 0.
WorkloadDemand readDemand(const QJsonObject &object, const QString &path);
void writeDemand(JsonWriter &writer, const WorkloadDemand &demand);

// The hybrid options (version 2): [{"name": …, "onPrem": "<build name>", "cloud": "<cloud option
// name>", "units": K}], at most kMaxOptions. Names are non-empty and unique among hybrid options;
// `onPrem` and `cloud` name one of the scenario's builds and cloud options, so they are read after
// both; `units` is an integer from 0 to kMaxHybridUnits, or null or absent for the engine's choice.
// A cloud option of any plan is accepted: the engine says why one under a reserved plan cannot
// take the peaks.
std::vector<HybridOption> readHybridOptions(ObjectReader &parent, const Scenario &scenario);
// Writes "hybridOptions" only when there is one, and "units" only when it is set.
void writeHybridOptions(JsonWriter &writer, const std::vector<HybridOption> &options);

// Paying for it (version 3, docs/scenario-format.md): a build's financing {"method": "cash" |
// "loan" | "lease", "annualRate", "termMonths", "downPayment", "paymentPerMonth", "buyout"} and a
// scenario's taxes {"rate", "depreciation", "depreciationYears"}. A rate below −100 %, a term
// outside 1–600 months, a share outside 0–1 or a depreciation period of 0 is refused naming the
// field; a lease needs its payment.
Financing readFinancing(const QJsonObject &object, const QString &path);
bool isCash(const Financing &financing);
// Writes "financing" only when it is not cash.
void writeFinancing(JsonWriter &writer, const Financing &financing);
Tax readTax(const QJsonObject &object, const QString &path);
void writeTax(JsonWriter &writer, const Tax &tax);

// Serving (version 3, docs/scenario-format.md, "Serving"): a workload's {"model", "precision",
// "requestsPerSecond", "peakToMean", "inputTokens", "outputTokens", "maxTimePerOutputTokenMs"};
// the scenario's own `models` (the model catalog's figures, camel case) and `apiOptions`, and its
// `apiPriceChangePerYear`. Rates, tokens and prices outside their bounds are refused naming the
// field; `claimName` keeps option names unique across every kind.
Serving readServing(const QJsonObject &object, const QString &path);
void writeServing(JsonWriter &writer, const Serving &serving);
void readModelsAndApiOptions(ObjectReader &parent, Scenario &scenario,
                             const std::function<void(const QString &, const QString &)> &claimName);
// Writes "models" and "apiOptions" only when there is one.
void writeModelsAndApiOptions(JsonWriter &writer, const Scenario &scenario);
bool needsServingVersion3(const Scenario &scenario);

} // namespace breakeven::json
