// The models a team serves and the published speeds of serving them, compiled into the
// application from pricing-db/models.csv and pricing-db/serving-throughput.csv (column layouts in
// pricing-db/README.md). Lookups ignore case and punctuation, as the GPU catalog's do.
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace breakeven {

// One open-weight model: what the roofline of docs/model.md, "Serving throughput", needs of it.
struct ModelSpec {
    QString name;                    // catalog key, e.g. "Llama-3.1-70B"
    QString family;                  // "Llama 3.1"
    QString publisher;
    QString hfRepo;
    double totalParamsB = 0;         // P, billions: every weight is held in memory and read per step
    double activeParamsB = 0;        // P_a, billions per token (= P for a dense model)
    int layers = 0;                  // 0 = not known
    int hiddenSize = 0;
    int attentionHeads = 0;
    int kvHeads = 0;
    int headDim = 0;
    // Values cached per token and layer: 2 × KV heads × head dimension for multi-head and
    // grouped-query attention, the compressed latent for DeepSeek's multi-head latent attention
    // (576); 0 = not known.
    double kvValuesPerTokenLayer = 0;
    int contextTokens = 0;
    QString attention;
    QString licence;
    QString source;
    QString url;
    QString asOf;

    bool hasKvShape() const { return layers > 0 && kvValuesPerTokenLayer > 0; }
    // Bytes of KV cache one token holds at `bytesPerValue` (fp16 2, fp8 1).
    double kvBytesPerToken(double bytesPerValue) const { return layers * kvValuesPerTokenLayer * bytesPerValue; }

    bool operator==(const ModelSpec &) const = default;
};

// One published measurement of serving a model on a GPU (serving-throughput.csv).
struct ServingMeasurement {
    QString gpu;                     // a catalog GPU name
    QString model;                   // a catalog model name
    QString precision;               // fp16, fp8, fp4 (as published)
    QString scenario;                // offline, server, interactive
    QString software;
    double tokensPerSecondPerGpu = 0; // generated tokens; 0 = not published (samples only)
    double samplesPerSecondPerGpu = 0;
    int gpusInSystem = 1;
    std::optional<double> inputTokens;
    std::optional<double> outputTokens;
    std::optional<double> maxTpotMs; // the scenario's latency limit per output token
    QString submitter;
    QString benchmark;
    QString source;
    QString url;
    QString asOf;

    // Usable for the measured figure and the fit: tokens per second at stated lengths.
    bool hasTokensAtLengths() const { return tokensPerSecondPerGpu > 0 && inputTokens && outputTokens; }
};

class ModelCatalog {
public:
    ModelCatalog() = default;
    ModelCatalog(std::vector<ModelSpec> models, std::vector<ServingMeasurement> measurements);

    // The catalogs compiled into the application.
    static const ModelCatalog &bundled();

    const std::vector<ModelSpec> &models() const { return m_models; }
    const std::vector<ServingMeasurement> &measurements() const { return m_measurements; }
    const ModelSpec *find(const QString &name) const;
    // Up to `count` catalog names closest to a name that matched none, closest first.
    QStringList closeNames(const QString &name, int count = 5) const;

private:
    std::vector<ModelSpec> m_models;
    std::vector<ServingMeasurement> m_measurements;
};

// Each parser throws InputError naming the file, line and column of a malformed value.
std::vector<ModelSpec> parseModels(const QByteArray &csv, const QString &name);
std::vector<ServingMeasurement> parseServingMeasurements(const QByteArray &csv, const QString &name);

} // namespace breakeven
