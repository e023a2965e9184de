#include "apioptioneditor.h"

#include "catalog/modelcatalog.h"
#include "commands/commands.h"
#include "rangebuttons.h"
#include "session/scenariosession.h"

#include <QCompleter>
#include <QFormLayout>
#include <QLabel>

namespace breakeven {

namespace {

// The lowest value of an optional field stands for "not set" (its special text).
constexpr double kScenarioTrend = -91;   // shown %; -90 % a year is the lowest rate
constexpr double kInputPrice = -0.001;   // the cached-input price: the input price

} // namespace

ApiOptionEditor::ApiOptionEditor(ScenarioSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_bindings([this](const QString &key, const QString &label, const ApiOption &after) { push(key, label, after); })
    , m_ranges(new RangeButtons(session, RangeButtons::Part::ApiOption, this))
{
    m_bindings.decorateNumbers([this](NumberField *field, const QString &key) { m_ranges->attach(field, key); });
    using A = ApiOption;
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    auto text = [&](const QString &rowLabel, const QString &key, const QString &label, auto get, auto set) {
        auto *edit = new QLineEdit(this);
        form->addRow(rowLabel, edit);
        m_bindings.text(edit, key, label, get, set);
        return edit;
    };
    auto number = [&](const QString &rowLabel, const QString &key, const QString &label, NumberField *field,
                      auto get, auto set) {
        form->addRow(rowLabel, field);
        m_bindings.number(field, key, label, get, set);
        return field;
    };

    m_name = text(tr("Name:"), QStringLiteral("name"), tr("name"), [](const A &a) { return a.name; },
                  [](A &a, const QString &v) { a.name = v; });
    text(tr("Provider:"), QStringLiteral("provider"), tr("provider"), [](const A &a) { return a.provider; },
         [](A &a, const QString &v) { a.provider = v; });
    m_model = text(tr("Model:"), QStringLiteral("model"), tr("model"), [](const A &a) { return a.model; },
                   [](A &a, const QString &v) { a.model = v; });
    QStringList names;
    for (const ModelSpec &model : ModelCatalog::bundled().models())
        names.append(model.name);
    auto *completer = new QCompleter(names, m_model);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_model->setCompleter(completer);
    m_model->setToolTip(tr("The model the provider serves; one other than the workload's is compared as it is, "
                           "and the results say so"));
    m_modelNote = new QLabel(this);
    m_modelNote->setWordWrap(true);
    form->addRow(QString(), m_modelNote);

    m_input = number(tr("Input per million tokens:"), QStringLiteral("pricePerMillionInput"), tr("input price"),
                     new NumberField(0, 1e4, 3, QString(), 1, this), [](const A &a) { return a.pricePerMillionInput; },
                     [](A &a, double v) { a.pricePerMillionInput = v; });
    m_output = number(tr("Output per million tokens:"), QStringLiteral("pricePerMillionOutput"), tr("output price"),
                      new NumberField(0, 1e4, 3, QString(), 1, this), [](const A &a) { return a.pricePerMillionOutput; },
                      [](A &a, double v) { a.pricePerMillionOutput = v; });
    m_cached = new NumberField(kInputPrice, 1e4, 3, QString(), 1, this);
    m_cached->setSpecialValueText(tr("the input price"));
    m_cached->setToolTip(tr("What input read from the provider's prompt cache costs; the input price unless set"));
    number(tr("Cached input per million tokens:"), QStringLiteral("pricePerMillionCachedInput"), tr("cached input price"),
           m_cached, [](const A &a) { return a.pricePerMillionCachedInput.value_or(kInputPrice); },
           [](A &a, double v) {
               a.pricePerMillionCachedInput = v <= kInputPrice / 2 ? std::nullopt : std::optional<double>(v);
           });
    auto *share = number(tr("Input from the cache:"), QStringLiteral("cachedInputShare"), tr("share of cached input"),
                         new NumberField(0, 100, 0, tr(" %"), 100, this), [](const A &a) { return a.cachedInputShare; },
                         [](A &a, double v) { a.cachedInputShare = v; });
    share->setToolTip(tr("The share of each request's input tokens the provider reads from its cache (a long system "
                         "prompt sent every time)"));
    text(tr("Currency:"), QStringLiteral("currency"), tr("currency"), [](const A &a) { return a.currency; },
         [](A &a, const QString &v) { a.currency = v.toUpper(); });
    m_trend = new NumberField(kScenarioTrend, 100, 1, tr(" %/yr"), 100, this);
    m_trend->setSpecialValueText(tr("the scenario's"));
    m_trend->setToolTip(tr("How this option's prices change each year; the scenario's API price change unless set"));
    number(tr("Price change:"), QStringLiteral("priceChangePerYear"), tr("price change"), m_trend,
           [](const A &a) { return a.priceChangePerYear.value_or(kScenarioTrend / 100); },
           [](A &a, double v) {
               a.priceChangePerYear = v <= kScenarioTrend / 100 + 1e-9 ? std::nullopt : std::optional<double>(v);
           });
    auto *limit = new NumberField(0, 1e12, 0, tr(" tokens/min"), 1, this);
    limit->setSpecialValueText(tr("none"));
    limit->setToolTip(tr("The provider's rate limit in tokens a minute; traffic above it at the peak makes the "
                         "option infeasible"));
    number(tr("Rate limit:"), QStringLiteral("maxTokensPerMinute"), tr("rate limit"), limit,
           [](const A &a) { return a.maxTokensPerMinute.value_or(0); },
           [](A &a, double v) { a.maxTokensPerMinute = v < 1 ? std::nullopt : std::optional<double>(v); });
}

void ApiOptionEditor::setOption(const StoredScenario &stored, int index)
{
    if (index < 0 || size_t(index) >= stored.scenario.apiOptions.size())
        return;
    m_scenarioId = stored.ids.scenario;
    m_optionId = stored.ids.apiOptions[size_t(index)];
    const ApiOption &option = stored.scenario.apiOptions[size_t(index)];
    m_workloadModel = stored.scenario.workload.serving ? stored.scenario.workload.serving->model : QString();
    m_bindings.show(option);
    const QString suffix = QLatin1Char(' ') + option.currency;
    for (NumberField *price : {m_input, m_output, m_cached})
        price->spinBox()->setSuffix(suffix);
    m_ranges->show(stored, index);
    showModelNote();
}

void ApiOptionEditor::showModelNote()
{
    const ApiOption &option = m_bindings.value();
    if (m_workloadModel.isEmpty())
        m_modelNote->setText(tr("The workload counts GPU time: an API option is compared once the workload serves a "
                                "model (Workload › Serving)."));
    else if (option.model.compare(m_workloadModel, Qt::CaseInsensitive) != 0)
        m_modelNote->setText(tr("Serves %1, not the workload's %2: the comparison holds only if the two answer "
                                "alike.").arg(option.model, m_workloadModel));
    else
        m_modelNote->setText(tr("Serves the workload's model."));
}

void ApiOptionEditor::push(const QString &key, const QString &label, const ApiOption &after)
{
    if (!m_optionId)
        return;
    commands::editApiOption(m_session.context(), m_scenarioId, m_optionId, key, label, m_bindings.value(), after);
}

} // namespace breakeven
