// A serving scenario for the per-token tests: Llama 3.1 70B at 20 requests a second, 1,000 tokens
// in and 300 out, peak 1.5 × the mean, against an 8 × H100 server of 250,000 USD, 8 × H100 rented
// at 24 USD an hour and two APIs (0.60 / 0.80 and 0.90 / 0.90 USD per million tokens).
#pragma once

#include "catalog/bundledcatalog.h"
#include "domain.h"
#include "engine/costmodel.h"

#include <QString>

namespace breakeven::fixtures {

inline const GpuCatalog &servingGpus()
{
    static const GpuCatalog c = loadBundledGpuCatalog();
    return c;
}

inline ApiOption servingApi(const QString &name, double in, double out)
{
    ApiOption a;
    a.name = name;
    a.provider = QStringLiteral("together");
    a.model = QStringLiteral("Llama-3.1-70B");
    a.pricePerMillionInput = in;
    a.pricePerMillionOutput = out;
    return a;
}

inline Scenario servingScenario()
{
    Scenario s;
    s.name = QStringLiteral("Llama serving");
    s.horizonMonths = 36;
    Serving serving;
    serving.model = QStringLiteral("Llama-3.1-70B");
    serving.precision = QStringLiteral("fp16");
    serving.requestsPerSecond = 20;
    serving.peakToMean = 1.5;
    serving.inputTokens = 1000;
    serving.outputTokens = 300;
    s.workload = withServing(s.workload, serving);

    OnPremBuild b;
    b.name = QStringLiteral("8 x H100 server");
    b.gpu = QStringLiteral("H100-SXM5-80GB");
    b.gpuCount = 8;
    b.listPrice = 250000;
    b.idleW = 0;
    b.loadW = 0;
    b.electricityPerKWh = 0;
    b.lifetimeYears = 5;
    s.onPremOptions = {b};

    CloudOption c;
    c.name = QStringLiteral("8 x H100 rented");
    c.gpu = QStringLiteral("H100-SXM5-80GB");
    c.gpusPerInstance = 8;
    c.pricePerHour = 24.0;
    s.cloudOptions = {c};

    s.apiOptions = {servingApi(QStringLiteral("Together Llama 70B"), 0.6, 0.8),
                    servingApi(QStringLiteral("Fireworks Llama 70B"), 0.9, 0.9)};
    return s;
}

inline int optionIndex(const CostModel &m, const QString &name)
{
    for (int i = 0; i < m.optionCount(); ++i)
        if (m.option(i).name == name)
            return i;
    return -1;
}

} // namespace breakeven::fixtures
