#include "scenarioeditor.h"

#include "help/fieldhelp.h"

#include "catalog/bundledcatalog.h"
#include "commands/commands.h"
#include "engine/marketpresets.h"
#include "document/documentcontext.h"
#include "gpuchangenote.h"
#include "gpuchoice.h"
#include "payingrows.h"
#include "presetbox.h"
#include "rangebuttons.h"
#include "rangestable.h"
#include "session/observedtrends.h"
#include "session/scenariosession.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QTableWidget>

#include <algorithm>
#include <cmath>

namespace breakeven {

namespace {

// The currencies offered besides those a scenario already uses.
const QStringList kCommonCurrencies = {
    QStringLiteral("USD"), QStringLiteral("EUR"), QStringLiteral("GBP"), QStringLiteral("JPY"), QStringLiteral("CHF"),
    QStringLiteral("CAD"), QStringLiteral("AUD"), QStringLiteral("CNY"), QStringLiteral("INR"), QStringLiteral("SEK"),
    QStringLiteral("NOK"), QStringLiteral("DKK"), QStringLiteral("PLN"), QStringLiteral("CZK"), QStringLiteral("KRW"),
    QStringLiteral("SGD"), QStringLiteral("HKD"), QStringLiteral("BRL")};

// What one unit of `code` is worth in the scenario's currency, when known.
std::optional<double> valueIn(const Scenario &s, const QString &code)
{
    if (code == s.currency)
        return 1.0;
    const auto rate = s.exchangeRates.find(code);
    if (rate == s.exchangeRates.end() || !(rate->second > 0))
        return std::nullopt;
    return rate->second;
}

} // namespace

QStringList ScenarioEditor::foreignCurrencies(const Scenario &s)
{
    QStringList codes;
    const auto add = [&](const QString &code) {
        if (!code.isEmpty() && code != s.currency && !codes.contains(code))
            codes << code;
    };
    for (const OnPremBuild &b : s.onPremOptions)
        add(b.currency);
    for (const CloudOption &c : s.cloudOptions)
        add(c.currency);
    return codes;
}

ScenarioEditor::ScenarioEditor(ScenarioSession &session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_bindings([this](const QString &key, const QString &label, const Scenario &after) { push(key, label, after); },
                 [this](const Scenario &after) { m_session.preview(after); })
    , m_ranges(new RangeButtons(session, RangeButtons::Part::Scenario, this))
{
    m_bindings.decorateNumbers([this](NumberField *field, const QString &key) {
        m_ranges->attach(field, key);
        field->setWhatsThis(help::fieldWhatsThis(help::Editor::Scenario, key));
    });
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow dock puts labels above their fields
    using S = Scenario;

    m_name = new QLineEdit(this);
    form->addRow(tr("&Name:"), m_name);
    m_bindings.text(m_name, QStringLiteral("name"), tr("name"), [](const S &s) { return s.name; },
                    [](S &s, const QString &v) { s.name = v; });

    m_currency = new QComboBox(this);
    m_currency->setToolTip(tr("The currency every result is shown in; parts priced in another currency are "
                              "converted with the rates below"));
    form->addRow(tr("C&urrency:"), m_currency);
    connect(m_currency, &QComboBox::activated, this, [this](int index) { changeCurrency(m_currency->itemText(index)); });

    m_rates = new QTableWidget(0, 3, this);
    m_rates->verticalHeader()->hide();
    m_rates->horizontalHeader()->setStretchLastSection(true);
    m_rates->setSelectionMode(QAbstractItemView::SingleSelection);
    m_rates->setMinimumHeight(90);
    m_rates->setMaximumHeight(150);
    form->addRow(tr("Exchange rates:"), m_rates);
    m_ratesNote = new QLabel(this);
    m_ratesNote->setWordWrap(true);
    form->addRow(QString(), m_ratesNote);
    connect(m_rates, &QTableWidget::itemChanged, this, [this](QTableWidgetItem *item) {
        if (!m_showing && item->column() == 1)
            rateEdited(item->row());
    });

    m_horizon = new NumberField(1, 600, 0, tr(" months"), 1, this);
    form->addRow(tr("Hori&zon:"), m_horizon);
    m_bindings.number(m_horizon, QStringLiteral("horizonMonths"), tr("horizon"),
                      [](const S &s) { return double(s.horizonMonths); },
                      [](S &s, double v) { s.horizonMonths = int(std::lround(v)); });

    m_reference = new GpuChoice(this);
    m_reference->setToolTip(tr("The GPU the workload is counted in and every throughput is compared with. Choosing "
                               "another keeps the workload's count; a note then offers the count that keeps the work."));
    form->addRow(tr("Reference &GPU:"), m_reference);
    m_gpuChange = new GpuChangeNote(session, this);
    form->addRow(m_gpuChange);
    connect(m_reference, &QComboBox::activated, this,
            [this] { countWorkloadInChosenGpu(m_reference, m_session, m_scenarioId, m_bindings.value(), m_gpuChange); });

    m_discount = new NumberField(-50, 100, 1, tr(" %/yr"), 100, this);
    m_discount->setToolTip(tr("Cost of capital: a payment in month m counts (1 + r)^(-m/12) of its amount"));
    form->addRow(tr("&Discount rate:"), m_discount);
    m_bindings.number(m_discount, QStringLiteral("discountRatePerYear"), tr("discount rate"),
                      [](const S &s) { return s.discountRatePerYear; }, [](S &s, double v) { s.discountRatePerYear = v; });
    m_yearlyDiscounting = new QCheckBox(tr("By whole years"), this);
    m_yearlyDiscounting->setToolTip(tr("Discount as a finance team's spreadsheet does: the months of year y summed and "
                                       "divided by (1 + r)^y, the start not discounted. Off: month m divided by "
                                       "(1 + r)^(m/12). The NPV and IRR of each pair follow it."));
    form->addRow(QString(), m_yearlyDiscounting);
    m_bindings.check(m_yearlyDiscounting, QStringLiteral("discounting"), tr("discounting convention"),
                     [](const S &s) { return s.discounting == Discounting::Yearly; },
                     [](S &s, bool v) { s.discounting = v ? Discounting::Yearly : Discounting::Monthly; });

    m_resale = new QCheckBox(tr("Credit resale value"), this);
    m_resale->setToolTip(tr("Subtract what the units in service would sell for, after each build's resale haircut: "
                            "on-prem curves and totals become net of resale, and the plain spend is drawn beside them"));
    form->addRow(tr("Resale:"), m_resale);
    auto *resaleNote = new QLabel(tr("What the hardware is still worth at the end of the horizon: credited, a unit "
                                     "bought late is not counted in full for the few months it serves. New scenarios "
                                     "credit it."),
                                  this);
    resaleNote->setWordWrap(true);
    resaleNote->setForegroundRole(QPalette::PlaceholderText);
    form->addRow(QString(), resaleNote);
    m_bindings.check(m_resale, QStringLiteral("creditResaleValue"), tr("resale credit"),
                     [](const S &s) { return s.creditResaleValue; }, [](S &s, bool v) { s.creditResaleValue = v; });

    // Taxes (docs/model.md, "Paying for it"): with them every figure is after tax.
    m_taxes = new TaxRows(form, m_bindings,
                          [this](const QString &key, const QString &label, const Scenario &after) { push(key, label, after); },
                          this);

    // Markets over time (docs/model.md): yearly changes of prices, with presets and their sources.
    form->addRow(new QLabel(tr("<b>Markets over time</b>"), this));
    auto rate = [&](const QString &rowLabel, const QString &key, const QString &label, double Scenario::*field,
                    PresetBox *&box) {
        auto *number = new NumberField(-90, 100, 1, tr(" %/yr"), 100, this);
        box = new PresetBox(this);
        auto *row = new QHBoxLayout;
        row->addWidget(number, 1);
        row->addWidget(box);
        form->addRow(rowLabel, row);
        m_bindings.number(number, key, label, [field](const Scenario &s) { return s.*field; },
                          [field](Scenario &s, double v) { s.*field = v; });
        connect(box, &PresetBox::rateChosen, this, [this, key, label, field](double chosen) {
            Scenario after = m_bindings.value();
            after.*field = chosen;
            push(key, label, after);
        });
        return number;
    };
    m_cloudChange = rate(tr("Cloud prices:"), QStringLiteral("cloudPriceChangePerYear"), tr("cloud price change"),
                         &Scenario::cloudPriceChangePerYear, m_cloudPresets);
    m_hardwareChange = rate(tr("Hardware prices:"), QStringLiteral("hardwarePriceChangePerYear"),
                            tr("hardware price change"), &Scenario::hardwarePriceChangePerYear, m_hardwarePresets);
    m_electricityChange = rate(tr("Electricity prices:"), QStringLiteral("electricityPriceChangePerYear"),
                               tr("electricity price change"), &Scenario::electricityPriceChangePerYear,
                               m_electricityPresets);
    m_hardwarePresets->setPresets(marketPresets(MarketPreset::Applies::HardwarePrices));
    m_electricityPresets->setPresets(marketPresets(MarketPreset::Applies::ElectricityPrices));
    m_apiChange = rate(tr("API prices:"), QStringLiteral("apiPriceChangePerYear"), tr("API price change"),
                       &Scenario::apiPriceChangePerYear, m_apiPresets);
    m_apiChange->setToolTip(tr("The yearly change of per-token API prices, for API options without a trend of "
                               "their own"));
    m_apiPresets->setPresets(marketPresets(MarketPreset::Applies::ApiPrices));

    // Uncertainty (docs/model.md): every range of the scenario in one place; each field's "±"
    // edits the range of that field.
    form->addRow(new QLabel(tr("<b>Ranges for the risk analysis</b>"), this));
    m_rangesTable = new RangesTable(session, this);
    form->addRow(m_rangesTable);
}

void ScenarioEditor::setGpuModels(const std::vector<GpuModel> &models)
{
    m_reference->setModels(models);
    if (m_scenarioId)
        m_reference->select(m_bindings.value().referenceGpu);
}

void ScenarioEditor::setScenario(const StoredScenario &stored)
{
    m_scenarioId = stored.ids.scenario;
    const Scenario &s = stored.scenario;
    m_bindings.show(s);
    m_taxes->show(s);
    m_ranges->show(stored);
    m_rangesTable->setScenario(stored);
    {
        const QSignalBlocker blocker(m_currency);
        m_currency->clear();
        QStringList codes = kCommonCurrencies;
        const QStringList used = foreignCurrencies(s) + QStringList{s.currency};
        for (const QString &code : used)
            if (!codes.contains(code))
                codes << code;
        m_currency->addItems(codes);
        m_currency->setCurrentText(s.currency);
    }
    m_reference->select(s.referenceGpu);
    m_gpuChange->follow(stored);
    showRates();
    // The published cloud presets, then what this document's prices show for the GPUs it rents.
    std::vector<MarketPreset> cloud = marketPresets(MarketPreset::Applies::CloudPrices);
    if (Document *document = m_session.context().document())
        for (MarketPreset &observed : observedScenarioPresets(*document, s))
            cloud.push_back(std::move(observed));
    m_cloudPresets->setPresets(cloud);
    m_cloudPresets->showRate(s.cloudPriceChangePerYear);
    m_hardwarePresets->showRate(s.hardwarePriceChangePerYear);
    m_electricityPresets->showRate(s.electricityPriceChangePerYear);
    m_apiPresets->showRate(s.apiPriceChangePerYear);
}

void ScenarioEditor::showRates()
{
    const Scenario &s = m_bindings.value();
    QStringList codes = foreignCurrencies(s);
    for (const auto &[code, rate] : s.exchangeRates)
        if (code != s.currency && !codes.contains(code))
            codes << code;
    m_showing = true;
    m_rates->setRowCount(int(codes.size()));
    m_rates->setHorizontalHeaderLabels({tr("Currency"), tr("1 unit in %1").arg(s.currency), tr("Source")});
    const ReferenceRates &reference = bundledExchangeRates();
    const QStringList used = foreignCurrencies(s);
    QStringList missing;
    for (int row = 0; row < codes.size(); ++row) {
        auto *code = new QTableWidgetItem(codes[row]);
        code->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        m_rates->setItem(row, 0, code);
        const auto value = valueIn(s, codes[row]);
        auto *rate = new QTableWidgetItem(value ? QLocale().toString(*value, 'g', 8) : QString());
        if (!value) {
            rate->setBackground(QColor(0xfd, 0xe2, 0xe1));
            rate->setToolTip(tr("Needed: a part is priced in %1").arg(codes[row]));
            missing << codes[row];
        } else if (!used.contains(codes[row])) {
            rate->setToolTip(tr("No part is priced in %1 at the moment").arg(codes[row]));
        }
        m_rates->setItem(row, 1, rate);
        // A rate equal to the bundled reference came from it; any other was typed.
        QString source;
        if (const auto published = reference.rate(codes[row], s.currency); value && published
            && std::abs(*value - *published) <= 1e-9 * *published) {
            source = tr("ECB reference, %1").arg(reference.asOf);
        } else if (value) {
            source = tr("entered");
        }
        auto *sourceItem = new QTableWidgetItem(source);
        sourceItem->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        if (source != tr("entered") && !source.isEmpty())
            sourceItem->setToolTip(reference.source);
        m_rates->setItem(row, 2, sourceItem);
    }
    m_rates->resizeColumnsToContents();
    m_showing = false;
    m_rates->setVisible(!codes.isEmpty());
    if (codes.isEmpty())
        m_ratesNote->setText(tr("Every part is priced in %1: no rate is needed.").arg(s.currency));
    else if (!missing.isEmpty())
        m_ratesNote->setText(tr("<span style=\"color:#a4161a\">Enter what one %1 is worth in %2: parts are priced in "
                                "it, and the scenario cannot be evaluated without it.</span>")
                                 .arg(missing.join(QStringLiteral(", ")), s.currency));
    else
        m_ratesNote->clear();
}

void ScenarioEditor::rateEdited(int row)
{
    const QString code = m_rates->item(row, 0)->text();
    bool ok = false;
    const double value = QLocale().toDouble(m_rates->item(row, 1)->text().trimmed(), &ok);
    Scenario after = m_bindings.value();
    if (!ok || !(value > 0) || !std::isfinite(value)) {
        showRates(); // puts back what was there
        m_ratesNote->setText(tr("<span style=\"color:#a4161a\">A rate is a number above 0, for example 0.92.</span>"));
        return;
    }
    after.exchangeRates[code] = value;
    push(QStringLiteral("exchangeRates/") + code, tr("exchange rate of %1").arg(code), after);
}

void ScenarioEditor::changeCurrency(const QString &code)
{
    const Scenario &before = m_bindings.value();
    if (code == before.currency || code.isEmpty())
        return;
    // Rates into the new currency follow from those into the old one: 1 X = r(X) old, and
    // 1 new = r(new) old, so 1 X = r(X) / r(new) new. The old currency becomes a foreign one.
    Scenario after = before;
    after.currency = code;
    after.exchangeRates.clear();
    const auto newInOld = valueIn(before, code);
    QStringList codes = foreignCurrencies(after);
    for (const auto &[other, rate] : before.exchangeRates)
        if (!codes.contains(other))
            codes << other;
    if (!codes.contains(before.currency) && !foreignCurrencies(before).isEmpty())
        codes << before.currency;
    const ReferenceRates &reference = bundledExchangeRates();
    for (const QString &other : codes) {
        if (other == code)
            continue;
        const auto otherInOld = valueIn(before, other);
        if (newInOld && otherInOld)
            after.exchangeRates[other] = *otherInOld / *newInOld;
        else if (const auto rate = reference.rate(other, code))
            after.exchangeRates[other] = *rate; // shown with its date and source
    }
    push(QStringLiteral("currency"), tr("currency"), after);
}

void ScenarioEditor::push(const QString &key, const QString &label, const Scenario &after)
{
    if (!m_scenarioId)
        return;
    const Scenario &before = m_bindings.value();
    if (key == QLatin1String("name")) {
        if (after.name.isEmpty()) {
            m_name->setText(before.name);
            return;
        }
        commands::renameScenario(m_session.context(), m_scenarioId, before.name, after.name);
        return;
    }
    commands::editScenario(m_session.context(), m_scenarioId, key, label, before, after);
}

} // namespace breakeven
