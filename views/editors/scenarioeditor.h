// Edits a scenario's own settings: its name, the currency it is shown in and the exchange rates
// from the currencies its parts are priced in, the horizon, the reference GPU (the one the
// workload is counted in), the discount rate, whether resale is credited, and the markets it is
// judged in (yearly changes of cloud, hardware and electricity prices, with sourced presets),
// and the ranges its risk analysis draws from.
// Every change is one undo step.
#pragma once

#include "fieldbindings.h"

#include "store/scenariorepository.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QTableWidget;

namespace breakeven {

class GpuChangeNote;
class GpuChoice;
class PresetBox;
class RangeButtons;
class RangesTable;
class TaxRows;
class ScenarioSession;

class ScenarioEditor : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioEditor(ScenarioSession &session, QWidget *parent = nullptr);

    void setScenario(const StoredScenario &stored);
    void setGpuModels(const std::vector<GpuModel> &models);

    QLineEdit *nameField() const { return m_name; }
    QComboBox *currencyChoice() const { return m_currency; }
    // One row per currency other than the scenario's that a part is priced in or a rate is
    // given for: the code, and what one unit of it is worth in the scenario's currency.
    QTableWidget *ratesTable() const { return m_rates; }
    // What is missing, in words ("Enter what one EUR is worth in GBP: …"), or empty.
    QLabel *ratesNote() const { return m_ratesNote; }
    NumberField *horizonField() const { return m_horizon; }
    GpuChoice *referenceChoice() const { return m_reference; }
    NumberField *discountField() const { return m_discount; }
    QCheckBox *resaleCheck() const { return m_resale; }
    QCheckBox *yearlyDiscountingCheck() const { return m_yearlyDiscounting; }
    NumberField *cloudPriceChangeField() const { return m_cloudChange; }
    NumberField *hardwarePriceChangeField() const { return m_hardwareChange; }
    NumberField *electricityPriceChangeField() const { return m_electricityChange; }
    NumberField *apiPriceChangeField() const { return m_apiChange; }
    PresetBox *apiPricePresets() const { return m_apiPresets; }
    PresetBox *cloudPricePresets() const { return m_cloudPresets; }
    // The "±" of each field a range can be put on.
    RangeButtons *ranges() const { return m_ranges; }
    // Every range of the scenario, its samples and seed (docs/model.md, "Uncertainty").
    RangesTable *rangesTable() const { return m_rangesTable; }
    // Taxes: the rate, the depreciation method and its period, with sourced presets.
    TaxRows *taxes() const { return m_taxes; }

    // The currencies the scenario's parts are priced in, other than its own, in order.
    static QStringList foreignCurrencies(const Scenario &scenario);

private:
    void push(const QString &key, const QString &label, const Scenario &after);
    void changeCurrency(const QString &code);
    void showRates();
    void rateEdited(int row);

    ScenarioSession &m_session;
    FieldBindings<Scenario> m_bindings;
    RangeButtons *m_ranges;
    qint64 m_scenarioId = 0;
    bool m_showing = false;
    QLineEdit *m_name = nullptr;
    QComboBox *m_currency = nullptr;
    QTableWidget *m_rates = nullptr;
    QLabel *m_ratesNote = nullptr;
    NumberField *m_horizon = nullptr;
    GpuChoice *m_reference = nullptr;
    GpuChangeNote *m_gpuChange = nullptr;
    TaxRows *m_taxes = nullptr;
    NumberField *m_discount = nullptr;
    QCheckBox *m_resale = nullptr;
    QCheckBox *m_yearlyDiscounting = nullptr;
    NumberField *m_cloudChange = nullptr;
    NumberField *m_hardwareChange = nullptr;
    NumberField *m_electricityChange = nullptr;
    NumberField *m_apiChange = nullptr;
    PresetBox *m_cloudPresets = nullptr;
    PresetBox *m_hardwarePresets = nullptr;
    PresetBox *m_electricityPresets = nullptr;
    PresetBox *m_apiPresets = nullptr;
    RangesTable *m_rangesTable = nullptr;
};

} // namespace breakeven
