#include "modelcatalog.h"

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

// A table read by header name, so that column order is free and a new column breaks nothing.
class Table {
public:
    Table(const QByteArray &csv, const QString &name)
        : m_reader(CsvReader::fromData(csv, name))
        , m_name(name)
    {
        CsvRecord header;
        if (!m_reader->next(header))
            throw InputError(name, QStringLiteral("empty file"));
        for (int i = 0; i < header.fields.size(); ++i)
            m_columns.insert(header.fields[i].trimmed(), i);
    }

    bool next() { return m_reader->next(m_record); }

    QString text(const char *column, bool required = false) const
    {
        const auto it = m_columns.constFind(QLatin1String(column));
        if (it == m_columns.constEnd())
            throw InputError(m_name, QStringLiteral("column %1 is missing").arg(QLatin1String(column)));
        const QString value = m_record.fields.value(*it).trimmed();
        if (required && value.isEmpty())
            fail(column, QStringLiteral("value is missing"));
        return value;
    }

    std::optional<double> number(const char *column, bool required = false) const
    {
        const QString value = text(column, required);
        if (value.isEmpty())
            return std::nullopt;
        bool ok = false;
        const double n = value.toDouble(&ok);
        if (!ok || !std::isfinite(n) || n < 0)
            fail(column, QStringLiteral("\"%1\" is not a number of 0 or more").arg(value));
        return n;
    }

    [[noreturn]] void fail(const char *column, const QString &reason) const
    {
        throw InputError(QStringLiteral("%1:%2: column %3").arg(m_name).arg(m_record.line).arg(QLatin1String(column)),
                         reason);
    }

private:
    std::unique_ptr<CsvReader> m_reader;
    QString m_name;
    QHash<QString, int> m_columns;
    CsvRecord m_record;
};

QByteArray readResource(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw InputError(path, QStringLiteral("bundled file is missing"));
    return file.readAll();
}

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
        m.name = t.text("model", true);
        m.family = t.text("family");
        m.publisher = t.text("publisher");
        m.hfRepo = t.text("hf_repo");
        m.totalParamsB = *t.number("total_params_b", true);
        m.activeParamsB = *t.number("active_params_b", true);
        m.layers = int(t.number("layers").value_or(0));
        m.hiddenSize = int(t.number("hidden_size").value_or(0));
        m.attentionHeads = int(t.number("attention_heads").value_or(0));
        m.kvHeads = int(t.number("kv_heads").value_or(0));
        m.headDim = int(t.number("head_dim").value_or(0));
        m.kvValuesPerTokenLayer = t.number("kv_values_per_token_layer").value_or(0);
        m.contextTokens = int(t.number("context_tokens").value_or(0));
        m.attention = t.text("attention");
        m.licence = t.text("licence");
        m.source = t.text("source", true);
        m.url = t.text("url");
        m.asOf = t.text("as_of", true);
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
        m.gpu = t.text("gpu", true);
        m.model = t.text("model", true);
        m.precision = t.text("precision", true).toLower();
        m.scenario = t.text("scenario", true).toLower();
        m.software = t.text("software");
        m.tokensPerSecondPerGpu = t.number("tokens_per_second_per_gpu").value_or(0);
        m.samplesPerSecondPerGpu = t.number("samples_per_second_per_gpu").value_or(0);
        m.gpusInSystem = int(t.number("gpus_in_system").value_or(1));
        m.inputTokens = t.number("input_tokens");
        m.outputTokens = t.number("output_tokens");
        m.maxTpotMs = t.number("max_tpot_ms");
        m.submitter = t.text("submitter");
        m.benchmark = t.text("benchmark");
        m.source = t.text("source", true);
        m.url = t.text("url");
        m.asOf = t.text("as_of", true);
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
