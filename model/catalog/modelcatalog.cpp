#include "modelcatalog.h"
#include "catalogtable.h"

#include "gpucatalog.h"
#include "inputerror.h"
#include "text/csvreader.h"

#include <QFile>
#include <QHash>

#include <algorithm>
#include <cmath>
#include <memory>

namespace breakeven {

namespace {

using Table = CatalogTable;

int editDistance(const QString &a, const QString &b)
{
    std::vector<int> row(std::size_t(b.size()) + 1);
    for (int j = 0; j <= b.size(); ++j)
        row[std::size_t(j)] = j;
    for (int i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = i;
        for (int j = 1; j <= b.size(); ++j) {
            const int above = row[std::size_t(j)];
            row[std::size_t(j)] = std::min({above + 1, row[std::size_t(j - 1)] + 1,
                                            diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[std::size_t(b.size())];
}

} // namespace

std::vector<ModelSpec> parseModels(const QByteArray &csv, const QString &name)
{
    std::vector<ModelSpec> out;
    Table t(csv, name);
    while (t.next()) {
        ModelSpec m;
        m.name = t.text("model");
        m.family = t.text("family", false);
        m.publisher = t.text("publisher", false);
        m.hfRepo = t.text("hf_repo", false);
        m.totalParamsB = *t.nonNegative("total_params_b", true);
        m.activeParamsB = *t.nonNegative("active_params_b", true);
        m.layers = int(t.nonNegative("layers").value_or(0));
        m.hiddenSize = int(t.nonNegative("hidden_size").value_or(0));
        m.attentionHeads = int(t.nonNegative("attention_heads").value_or(0));
        m.kvHeads = int(t.nonNegative("kv_heads").value_or(0));
        m.headDim = int(t.nonNegative("head_dim").value_or(0));
        m.kvValuesPerTokenLayer = t.nonNegative("kv_values_per_token_layer").value_or(0);
        m.contextTokens = int(t.nonNegative("context_tokens").value_or(0));
        m.attention = t.text("attention", false);
        m.licence = t.text("licence", false);
        m.source = t.text("source");
        m.url = t.text("url", false);
        m.asOf = t.text("as_of");
        if (!(m.totalParamsB > 0))
            t.fail("total_params_b", QStringLiteral("must be above 0"));
        if (!(m.activeParamsB > 0) || m.activeParamsB > m.totalParamsB)
            t.fail("active_params_b", QStringLiteral("must be above 0 and at most the total"));
        out.push_back(std::move(m));
    }
    return out;
}

std::vector<ServingMeasurement> parseServingMeasurements(const QByteArray &csv, const QString &name)
{
    std::vector<ServingMeasurement> out;
    Table t(csv, name);
    while (t.next()) {
        ServingMeasurement m;
        m.gpu = t.text("gpu");
        m.model = t.text("model");
        m.precision = t.text("precision").toLower();
        m.scenario = t.text("scenario").toLower();
        m.software = t.text("software", false);
        m.tokensPerSecondPerGpu = t.nonNegative("tokens_per_second_per_gpu").value_or(0);
        m.samplesPerSecondPerGpu = t.nonNegative("samples_per_second_per_gpu").value_or(0);
        m.gpusInSystem = int(t.nonNegative("gpus_in_system").value_or(1));
        m.inputTokens = t.nonNegative("input_tokens");
        m.outputTokens = t.nonNegative("output_tokens");
        m.maxTpotMs = t.nonNegative("max_tpot_ms");
        m.submitter = t.text("submitter", false);
        m.benchmark = t.text("benchmark", false);
        m.source = t.text("source");
        m.url = t.text("url", false);
        m.asOf = t.text("as_of");
        if (m.tokensPerSecondPerGpu <= 0 && m.samplesPerSecondPerGpu <= 0)
            t.fail("tokens_per_second_per_gpu", QStringLiteral("neither tokens nor samples per second is given"));
        out.push_back(std::move(m));
    }
    return out;
}

ModelCatalog::ModelCatalog(std::vector<ModelSpec> models, std::vector<ServingMeasurement> measurements)
    : m_models(std::move(models))
    , m_measurements(std::move(measurements))
{
}

const ModelCatalog &ModelCatalog::bundled()
{
    static const ModelCatalog catalog = [] {
        const QString models = QStringLiteral(":/pricing-db/models.csv");
        const QString measured = QStringLiteral(":/pricing-db/serving-throughput.csv");
        return ModelCatalog(parseModels(readResource(models), models),
                            parseServingMeasurements(readResource(measured), measured));
    }();
    return catalog;
}

const ModelSpec *ModelCatalog::find(const QString &name) const
{
    const QString key = GpuCatalog::normalized(name);
    if (key.isEmpty())
        return nullptr;
    for (const ModelSpec &m : m_models)
        if (GpuCatalog::normalized(m.name) == key)
            return &m;
    return nullptr;
}

QStringList ModelCatalog::closeNames(const QString &name, int count) const
{
    const QString key = GpuCatalog::normalized(name);
    std::vector<std::pair<int, QString>> ranked;
    for (const ModelSpec &m : m_models) {
        const QString candidate = GpuCatalog::normalized(m.name);
        // A name that holds the other ("70B" in "LLAMA3170B") is as close as a one-letter slip.
        const bool contains = !key.isEmpty() && (candidate.contains(key) || key.contains(candidate));
        const int distance = contains ? 1 : editDistance(key, candidate);
        if (contains || distance <= std::max(3, int(candidate.size()) / 3))
            ranked.push_back({distance, m.name});
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    QStringList out;
    for (const auto &r : ranked) {
        if (out.size() >= count)
            break;
        out << r.second;
    }
    return out;
}

} // namespace breakeven
