// How a build is paid for and how a scenario is taxed, as rows of their editors' forms
// (docs/model.md, "Paying for it"): the build editor's "Paid by" section (cash, a loan or a
// lease, with sourced presets) and the scenario editor's "Taxes" section.
#pragma once

#include "fieldbindings.h"

#include "catalog/bundledcatalog.h"

#include <QObject>

#include <functional>
#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QHBoxLayout;
class QLabel;

namespace breakeven {

class NumberField;

class FinancingRows : public QObject {
    Q_OBJECT
public:
    using Push = std::function<void(const QString &key, const QString &label, const OnPremBuild &after)>;
    FinancingRows(QFormLayout *form, FieldBindings<OnPremBuild> &bindings, Push push, QWidget *parent);

    // Shows the rows the build's method needs, the preset in force and the payments in words.
    void show(const OnPremBuild &build);

    QComboBox *methodChoice() const { return m_method; }
    QComboBox *presetChoice() const { return m_presets; }
    NumberField *rateField() const { return m_rate; }
    NumberField *termField() const { return m_term; }
    NumberField *downPaymentField() const { return m_down; }
    NumberField *leasePaymentField() const { return m_lease; }
    QCheckBox *buyoutCheck() const { return m_buyoutCheck; }
    NumberField *buyoutField() const { return m_buyout; }
    QLabel *note() const { return m_note; }

private:
    void applyPreset(int index);

    QFormLayout *m_form;
    FieldBindings<OnPremBuild> &m_bindings;
    Push m_push;
    std::vector<PayingPreset> m_presetList;
    QComboBox *m_method = nullptr;
    QComboBox *m_presets = nullptr;
    NumberField *m_rate = nullptr;
    NumberField *m_term = nullptr;
    NumberField *m_down = nullptr;
    NumberField *m_lease = nullptr;
    QCheckBox *m_buyoutCheck = nullptr;
    NumberField *m_buyout = nullptr;
    QHBoxLayout *m_buyoutRow = nullptr;
    QLabel *m_note = nullptr;
};

class TaxRows : public QObject {
    Q_OBJECT
public:
    using Push = std::function<void(const QString &key, const QString &label, const Scenario &after)>;
    TaxRows(QFormLayout *form, FieldBindings<Scenario> &bindings, Push push, QWidget *parent);

    void show(const Scenario &scenario);

    QCheckBox *taxedCheck() const { return m_taxed; }
    QComboBox *presetChoice() const { return m_presets; }
    NumberField *rateField() const { return m_rate; }
    QComboBox *depreciationChoice() const { return m_depreciation; }
    NumberField *yearsField() const { return m_years; }

private:
    QFormLayout *m_form;
    FieldBindings<Scenario> &m_bindings;
    Push m_push;
    std::vector<PayingPreset> m_presetList;
    QCheckBox *m_taxed = nullptr;
    QComboBox *m_presets = nullptr;
    NumberField *m_rate = nullptr;
    QComboBox *m_depreciation = nullptr;
    NumberField *m_years = nullptr;
    QLabel *m_note = nullptr;
};

} // namespace breakeven
