// Shared by the store suites: synthetic offers and file helpers; the every-field scenario and
// the scenario comparison come from tests/support/testsupport.h.
#pragma once

#include "domain.h"
#include "../support/testsupport.h"

#include <QCryptographicHash>
#include <QFile>
#include <QString>
#include <QStringList>
#include <QtTest>
#include <SQLiteCpp/Database.h>
#include <optional>

namespace storetest {

using namespace breakeven;
using testsupport::fullScenario;
using testsupport::scenarioDifferences;

// Takes schema 17's API offers and their earlier prices off a document.
// Takes schema 18's FP8 and FP4 rates off the GPU catalog.
inline void dropSchema18(SQLite::Database &raw)
{
    raw.exec("ALTER TABLE gpu_models DROP COLUMN fp8_tflops");
    raw.exec("ALTER TABLE gpu_models DROP COLUMN fp4_tflops");
}

inline void dropSchema17(SQLite::Database &raw)
{
    raw.exec("DROP TABLE api_offer_prices");
    raw.exec("DROP TABLE api_offers");
}

// Takes schema 16's serving off a document, as an older version left it: the workload's serving
// columns, a scenario's API price change, a cloud option's autoscaling, and the tables of a
// scenario's own models and API options.
inline void dropSchema16(SQLite::Database &raw)
{
    for (const char *column : {"serving_model", "serving_precision", "serving_requests_per_second",
                               "serving_peak_to_mean", "serving_input_tokens", "serving_output_tokens",
                               "serving_max_tpot_ms"})
        raw.exec(std::string("ALTER TABLE workloads DROP COLUMN ") + column);
    raw.exec("ALTER TABLE scenarios DROP COLUMN api_price_change_per_year");
    raw.exec("ALTER TABLE cloud_options DROP COLUMN autoscales");
    raw.exec("DROP TABLE api_options");
    raw.exec("DROP TABLE scenario_models");
}

// fullScenario() serving a model of its own, with two API options (one with every optional field),
// a cloud option that autoscales and a yearly API price change: every field of schema 16 set.
inline Scenario servingScenario(const QString &name)
{
    Scenario s = fullScenario(name);
    Serving serving;
    serving.model = QStringLiteral("House-13B ✓");
    serving.precision = QStringLiteral("fp8");
    serving.requestsPerSecond = 20.5;
    serving.peakToMean = 2.25;
    serving.inputTokens = 1000;
    serving.outputTokens = 300;
    serving.maxTimePerOutputTokenMs = 35;
    s.workload = withServing(s.workload, serving);
    s.apiPriceChangePerYear = -0.3;
    s.cloudOptions.front().autoscales = true;
    ModelSpec own;
    own.name = QStringLiteral("House-13B ✓");
    own.family = QStringLiteral("House");
    own.publisher = QStringLiteral("Us");
    own.hfRepo = QStringLiteral("us/house-13b");
    own.totalParamsB = 13.5;
    own.activeParamsB = 13.5;
    own.layers = 40;
    own.hiddenSize = 5120;
    own.attentionHeads = 40;
    own.kvHeads = 8;
    own.headDim = 128;
    own.kvValuesPerTokenLayer = 2048;
    own.contextTokens = 32768;
    own.attention = QStringLiteral("gqa");
    own.licence = QStringLiteral("own");
    own.source = QStringLiteral("config.json");
    own.url = QStringLiteral("https://example.org/house");
    own.asOf = QStringLiteral("2025-06-01");
    s.models = {own, ModelSpec{}};
    s.models.back().name = QStringLiteral("bare");
    ApiOption api;
    api.name = QStringLiteral("Provider \"A\" 70B");
    api.provider = QStringLiteral("Together AI");
    api.model = QStringLiteral("Llama-3.1-70B");
    api.pricePerMillionInput = 0.88;
    api.pricePerMillionOutput = 0.88;
    api.pricePerMillionCachedInput = 0.22;
    api.cachedInputShare = 0.4;
    api.currency = QStringLiteral("EUR");
    api.priceChangePerYear = -0.5;
    api.maxTokensPerMinute = 1e6;
    api.scores[std::size_t(Criterion::DataControl)] = 1.5;
    ApiOption plain;
    plain.name = QStringLiteral("plain");
    plain.model = QStringLiteral("House-13B ✓");
    plain.pricePerMillionInput = 3;
    plain.pricePerMillionOutput = 15;
    s.apiOptions = {api, plain};
    return s;
}

// Takes schema 15's columns (how a build is paid for, a scenario's taxes) off a document, as an
// older version left it.
inline void dropSchema15Columns(SQLite::Database &raw)
{
    for (const char *column : {"financing_method", "financing_annual_rate", "financing_term_months",
                               "financing_down_payment", "lease_payment_per_month", "lease_buyout"})
        raw.exec(std::string("ALTER TABLE builds DROP COLUMN ") + column);
    for (const char *column : {"tax_rate", "tax_depreciation", "tax_depreciation_years"})
        raw.exec(std::string("ALTER TABLE scenarios DROP COLUMN ") + column);
}

inline void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(bytes), bytes.size());
}

inline QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

inline QByteArray fileHash(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result().toHex();
}


// Deterministic offers spread over providers, categories, GPUs, regions and plans; some are
// spot-only, some have no reserved prices.
inline CloudOffer syntheticOffer(int i)
{
    static const char *providers[] = { "aws", "gcp", "azure", "lambda", "runpod", "vast" };
    static const CloudCategory categories[]
        = { CloudCategory::Hyperscaler, CloudCategory::Hyperscaler, CloudCategory::Hyperscaler,
              CloudCategory::MlCloud, CloudCategory::MlCloud, CloudCategory::Marketplace };
    static const char *gpus[] = { "A100-SXM4-80GB", "H100-SXM5-80GB", "L4", "T4", "RTX-4090" };
    static const char *regions[] = { "us-east-1", "eu-west-1", "ap-south-1" };
    CloudOffer o;
    const int p = i % 6;
    o.provider = QString::fromLatin1(providers[p]);
    o.category = categories[p];
    o.instanceType = QStringLiteral("type-%1").arg(i, 6, 10, QLatin1Char('0'));
    o.gpu = QString::fromLatin1(gpus[(i / 6) % 5]);
    o.gpuCount = 1 << (i % 4);
    o.vcpus = 8.0 * o.gpuCount;
    o.memoryGiB = 32.0 * o.gpuCount;
    o.region = QString::fromLatin1(regions[(i / 30) % 3]);
    const double perGpu = 0.2 + double((i * 7919) % 1000) / 100.0;
    if (i % 10 != 3)
        o.onDemand = perGpu * o.gpuCount;
    if (i % 3 == 0)
        o.spot = perGpu * o.gpuCount * 0.4;
    if (i % 5 == 0)
        o.reserved1y = perGpu * o.gpuCount * 0.7;
    if (i % 10 == 3 && !o.spot)
        o.spot = perGpu * o.gpuCount * 0.35;
    o.source = QStringLiteral("synthetic");
    o.url = QStringLiteral("https://example.org/%1").arg(i);
    o.asOf = QStringLiteral("2025-%1-15").arg(1 + i % 12, 2, 10, QLatin1Char('0'));
    return o;
}

} // namespace storetest
