#include "servingfields.h"

#include "catalog/gpucatalog.h"
#include "catalog/modelcatalog.h"
#include "engine/servingassembly.h"

#include <QCompleter>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPalette>

#include <algorithm>

namespace breakeven {

namespace {

// A serving change keeps utilization at the mean over the peak (withServing).
template <typename Set>
auto servingSetter(Set set)
{
    return [set](Workload &w, auto value) {
        Serving s = w.serving.value_or(Serving{});
        set(s, value);
        w = withServing(w, s);
    };
}

double servingValue(const Workload &w, double Serving::*field)
{
    return w.serving ? (*w.serving).*field : Serving{}.*field;
}

} // namespace

ServingFields::ServingFields(Push push, QWidget *parent)
    : QWidget(parent)
    , m_bindings(std::move(push))
{
    using W = Workload;
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);

    // Searchable: typing any part of a name ("70b") lists the models that have it.
    m_model = new QComboBox(this);
    m_model->setEditable(true);
    m_model->setInsertPolicy(QComboBox::NoInsert);
    m_model->completer()->setFilterMode(Qt::MatchContains);
    m_model->completer()->setCompletionMode(QCompleter::PopupCompletion);
    m_model->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_model->setMinimumContentsLength(12);
    m_model->setToolTip(tr("The model served: the scenario's own figures or the bundled catalog's (pricing-db/models.csv)"));
    form->addRow(tr("Model:"), m_model);
    m_bindings.choice(m_model, QStringLiteral("serving.model"), tr("model"),
                      [](const W &w) { return QVariant(w.serving ? w.serving->model : QString()); },
                      servingSetter([](Serving &s, const QVariant &v) { s.model = v.toString(); }));

    m_precision = new QComboBox(this);
    m_precision->addItem(tr("FP16 / BF16"), QStringLiteral("fp16"));
    m_precision->addItem(tr("FP8"), QStringLiteral("fp8"));
    m_precision->addItem(tr("INT4 / FP4"), QStringLiteral("int4"));
    m_precision->setToolTip(tr("The weights' precision: it sets the memory a replica needs and the tensor units used"));
    form->addRow(tr("Precision:"), m_precision);
    m_bindings.choice(m_precision, QStringLiteral("serving.precision"), tr("precision"),
                      [](const W &w) { return QVariant(w.serving ? w.serving->precision : QStringLiteral("fp16")); },
                      servingSetter([](Serving &s, const QVariant &v) { s.precision = v.toString(); }));

    auto number = [&](const QString &rowLabel, const QString &key, const QString &label, NumberField *field,
                      double Serving::*member) {
        form->addRow(rowLabel, field);
        m_bindings.number(field, key, label, [member](const W &w) { return servingValue(w, member); },
                          servingSetter([member](Serving &s, double v) { s.*member = v; }));
        return field;
    };
    m_requests = number(tr("Requests per second:"), QStringLiteral("serving.requestsPerSecond"), tr("requests per second"),
                        new NumberField(0, 1e6, 2, tr(" /s"), 1, this), &Serving::requestsPerSecond);
    m_requests->setToolTip(tr("The mean rate of requests in the first month; growth raises it each year"));
    auto *peak = number(tr("Peak over mean:"), QStringLiteral("serving.peakToMean"), tr("peak over mean"),
                        new NumberField(1, 100, 2, tr(" ×"), 1, this), &Serving::peakToMean);
    peak->setToolTip(tr("The rate held at the busiest hour over the mean: GPUs are sized for the peak"));
    m_input = number(tr("Input tokens per request:"), QStringLiteral("serving.inputTokens"), tr("input tokens"),
                     new NumberField(0, 1e7, 0, QString(), 1, this), &Serving::inputTokens);
    m_output = number(tr("Output tokens per request:"), QStringLiteral("serving.outputTokens"), tr("output tokens"),
                      new NumberField(0, 1e7, 0, QString(), 1, this), &Serving::outputTokens);
    auto *latency = new NumberField(0, 10000, 0, tr(" ms"), 1, this);
    latency->setSpecialValueText(tr("none"));
    latency->setToolTip(tr("The longest time per output token a user may wait: a smaller batch per replica, fewer "
                           "tokens per second per GPU"));
    form->addRow(tr("Latency target per output token:"), latency);
    m_bindings.number(latency, QStringLiteral("serving.maxTimePerOutputTokenMs"), tr("latency target"),
                      [](const W &w) { return w.serving ? w.serving->maxTimePerOutputTokenMs.value_or(0) : 0.0; },
                      servingSetter([](Serving &s, double v) {
                          s.maxTimePerOutputTokenMs = v > 0 ? std::optional<double>(v) : std::nullopt;
                      }));

    m_replicas = new QLabel(this);
    m_replicas->setWordWrap(true);
    m_replicas->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_replicas->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(m_replicas);
}

void ServingFields::fillModels(const Scenario &scenario)
{
    QStringList names;
    for (const ModelSpec &own : scenario.models)
        names.append(own.name);
    for (const ModelSpec &model : ModelCatalog::bundled().models())
        if (!names.contains(model.name))
            names.append(model.name);
    const QString chosen = scenario.workload.serving ? scenario.workload.serving->model : QString();
    if (!chosen.isEmpty() && !names.contains(chosen))
        names.prepend(chosen); // an unknown model stays shown; the results say it is unknown
    if (names == m_modelNames)
        return;
    m_modelNames = names;
    const QSignalBlocker blocker(m_model);
    m_model->clear();
    for (const QString &name : names)
        m_model->addItem(name, name);
}

void ServingFields::show(const Scenario &scenario, const GpuCatalog &catalog)
{
    fillModels(scenario);
    m_bindings.show(scenario.workload);
    m_replicas->setText(replicaText(scenario, catalog));
}

QString ServingFields::replicaText(const Scenario &scenario, const GpuCatalog &catalog)
{
    if (!scenario.workload.serving)
        return {};
    if (!resolveModel(scenario, scenario.workload.serving->model))
        return tr("%1 is not a model of the scenario or of the catalog.").arg(scenario.workload.serving->model);
    // Each GPU once, with the options that use it.
    std::vector<std::pair<QString, QStringList>> gpus;
    auto note = [&](const QString &gpu, const QString &option) {
        const auto it = std::find_if(gpus.begin(), gpus.end(), [&](const auto &g) { return g.first == gpu; });
        if (it == gpus.end())
            gpus.push_back({gpu, {option}});
        else
            it->second.append(option);
    };
    for (const OnPremBuild &build : scenario.onPremOptions)
        note(build.gpu, build.name);
    for (const CloudOption &option : scenario.cloudOptions)
        note(option.gpu, option.name);
    if (gpus.empty())
        return tr("Add a build or a cloud option to see the replica its GPU needs.");
    QStringList lines;
    const QLocale locale;
    for (const auto &[name, options] : gpus) {
        const auto own = std::find_if(scenario.gpus.begin(), scenario.gpus.end(),
                                      [&](const GpuModel &g) { return g.name == name; });
        const GpuModel *gpu = own != scenario.gpus.end() ? &*own : catalog.find(name);
        const QString who = tr("%1 (%2)").arg(name, options.join(QStringLiteral(", ")));
        if (!gpu) {
            lines.append(tr("%1: not a GPU of the catalog.").arg(who));
            continue;
        }
        const GpuServingFigure figure = servingFigure(scenario, catalog, *gpu);
        if (figure.tokensPerSecondPerGpu <= 0) {
            lines.append(tr("%1: cannot serve it — %2").arg(who, figure.reason));
            continue;
        }
        const QString replica = figure.replicaGpus == 1
            ? tr("one GPU holds a replica")
            : tr("a replica takes %1 GPUs").arg(figure.replicaGpus);
        lines.append(tr("%1: %2, %3 tokens/s per GPU (%4).")
                         .arg(who, replica, locale.toString(figure.tokensPerSecondPerGpu, 'f', 0),
                              figure.measured ? tr("measured") : tr("modelled")));
    }
    return lines.join(u'\n');
}

} // namespace breakeven
