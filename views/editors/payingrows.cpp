#include "payingrows.h"

#include "engine/paying.h"
#include "numberfield.h"
#include "widgets/plural.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPalette>
#include <QSignalBlocker>

#include <algorithm>
#include <cmath>

namespace breakeven {

namespace {

QLabel *noteLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setForegroundRole(QPalette::PlaceholderText);
    return label;
}

QString money(double amount, const QString &currency)
{
    return QStringLiteral("%1 %2").arg(QLocale().toString(amount, 'f', 2), currency);
}

QComboBox *presetBox(const std::vector<PayingPreset> &presets, PayingPreset::Kind kind, QWidget *parent)
{
    auto *box = new QComboBox(parent);
    box->addItem(QObject::tr("Preset…"), -1);
    for (std::size_t i = 0; i < presets.size(); ++i) {
        if (presets[i].kind != kind)
            continue;
        box->addItem(presets[i].name, int(i));
        box->setItemData(box->count() - 1, presets[i].source, Qt::ToolTipRole);
    }
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(12);
    return box;
}

} // namespace

FinancingRows::FinancingRows(QFormLayout *form, FieldBindings<OnPremBuild> &bindings, Push push, QWidget *parent)
    : QObject(parent)
    , m_form(form)
    , m_bindings(bindings)
    , m_push(std::move(push))
    , m_presetList(bundledPayingPresets())
{
    using B = OnPremBuild;
    form->addRow(new QLabel(tr("<b>Paid by</b>"), parent));
    m_method = new QComboBox(parent);
    m_method->addItem(tr("Cash"), toString(FinancingMethod::Cash));
    m_method->addItem(tr("Loan"), toString(FinancingMethod::Loan));
    m_method->addItem(tr("Lease"), toString(FinancingMethod::Lease));
    m_method->setToolTip(tr("Cash pays each purchase at once. A loan pays a share down and the rest in equal monthly "
                            "payments. A lease pays each unit by the month and buys nothing, unless it is bought out "
                            "at the end of its term."));
    m_presets = presetBox(m_presetList, PayingPreset::Kind::Financing, parent);
    form->addRow(tr("Paid &by:"), m_method);
    form->addRow(QString(), m_presets);
    bindings.choice(m_method, QStringLiteral("financing.method"), tr("financing"),
                    [](const B &b) { return QVariant(toString(b.financing.method)); },
                    [](B &b, const QVariant &v) {
                        b.financing.method = financingMethodFromString(v.toString()).value_or(FinancingMethod::Cash);
                    });
    connect(m_presets, &QComboBox::activated, this, &FinancingRows::applyPreset);

    m_rate = new NumberField(-99, 1000, 2, tr(" % a year"), 100, parent);
    form->addRow(tr("Loan rate:"), m_rate);
    bindings.number(m_rate, QStringLiteral("financing.annualRate"), tr("loan rate"),
                    [](const B &b) { return b.financing.annualRate; }, [](B &b, double v) { b.financing.annualRate = v; });
    m_down = new NumberField(0, 100, 1, tr(" %"), 100, parent);
    m_down->setToolTip(tr("The share of each purchase paid at once; the rest is the loan"));
    form->addRow(tr("Down payment:"), m_down);
    bindings.number(m_down, QStringLiteral("financing.downPayment"), tr("down payment"),
                    [](const B &b) { return b.financing.downPayment; }, [](B &b, double v) { b.financing.downPayment = v; });
    m_lease = new NumberField(0, 1e9, 2, QString(), 1, parent);
    m_lease->setToolTip(tr("What each unit costs a month while it is leased, in the build's currency"));
    form->addRow(tr("Lease per unit-month:"), m_lease);
    bindings.number(m_lease, QStringLiteral("financing.paymentPerMonth"), tr("lease payment"),
                    [](const B &b) { return b.financing.paymentPerMonth; },
                    [](B &b, double v) { b.financing.paymentPerMonth = v; });
    m_term = new NumberField(1, 600, 0, tr(" months"), 1, parent);
    form->addRow(tr("Term:"), m_term);
    bindings.number(m_term, QStringLiteral("financing.termMonths"), tr("term"),
                    [](const B &b) { return double(b.financing.termMonths); },
                    [](B &b, double v) { b.financing.termMonths = int(std::lround(v)); });
    m_buyoutCheck = new QCheckBox(tr("for"), parent);
    m_buyout = new NumberField(0, 100, 1, tr(" % of price"), 100, parent);
    m_buyoutRow = new QHBoxLayout;
    m_buyoutRow->addWidget(m_buyoutCheck);
    m_buyoutRow->addWidget(m_buyout, 1);
    form->addRow(tr("Bought out:"), m_buyoutRow);
    m_buyoutCheck->setToolTip(tr("Bought out, a leased unit is owned from then: it ages, sells at the horizon and is "
                                 "replaced at the end of its lifetime. Otherwise a new lease follows each term and the "
                                 "unit is never owned."));
    bindings.check(m_buyoutCheck, QStringLiteral("financing.buyout"), tr("lease buy-out"),
                   [](const B &b) { return b.financing.buyout.has_value(); },
                   [](B &b, bool on) { b.financing.buyout = on ? std::optional<double>(b.financing.buyout.value_or(0.1)) : std::nullopt; });
    bindings.number(m_buyout, QStringLiteral("financing.buyoutShare"), tr("lease buy-out"),
                    [](const B &b) { return b.financing.buyout.value_or(0.0); },
                    [](B &b, double v) { b.financing.buyout = v; });
    m_note = noteLabel(parent);
    form->addRow(QString(), m_note);
}

void FinancingRows::show(const OnPremBuild &build)
{
    const Financing &f = build.financing;
    const bool loan = f.method == FinancingMethod::Loan;
    const bool lease = f.method == FinancingMethod::Lease;
    m_form->setRowVisible(m_rate, loan);
    m_form->setRowVisible(m_down, loan);
    m_form->setRowVisible(m_lease, lease);
    m_form->setRowVisible(m_term, loan || lease);
    m_form->setRowVisible(m_buyoutRow, lease);
    m_buyout->setEnabled(f.buyout.has_value());

    const double price = build.hardwarePrice() + build.infrastructureOneTime;
    const int n = std::max(1, f.termMonths);
    if (loan) {
        const double principal = price * (1.0 - std::clamp(f.downPayment, 0.0, 1.0));
        const double payment = loanPayment(principal, f.annualRate, n);
        m_note->setText(countText("breakeven::FinancingRows",
                                  "Each purchase of a unit (%1 with its infrastructure): %2 down, then %n payment(s) of "
                                  "%3; %4 of interest in all, %5 % more than cash.",
                                  n)
                            .arg(money(price, build.currency), money(price - principal, build.currency),
                                 money(payment, build.currency), money(n * payment - principal, build.currency),
                                 QLocale().toString(price > 0 ? (n * payment - principal) / price * 100 : 0.0, 'f', 1)));
    } else if (lease) {
        const double total = n * f.paymentPerMonth;
        const double hardware = build.hardwarePrice();
        QString text = countText("breakeven::FinancingRows",
                                 "Each unit: %n payment(s) of %1, %2 in all (%3 % of its hardware price).", n)
                           .arg(money(f.paymentPerMonth, build.currency), money(total, build.currency),
                                QLocale().toString(hardware > 0 ? total / hardware * 100 : 0.0, 'f', 0));
        text += QLatin1Char(' ')
            + (f.buyout ? tr("Then bought for %1 and owned.").arg(money(*f.buyout * hardware, build.currency))
                        : tr("Then a new lease; never owned, never sold."));
        m_note->setText(text);
    } else {
        m_note->setText(tr("Each purchase is paid at once."));
    }
    m_note->setVisible(true);

    int inForce = 0;
    for (int i = 1; i < m_presets->count(); ++i) {
        const PayingPreset &p = m_presetList[std::size_t(m_presets->itemData(i).toInt())];
        if (p.financingFor(build) == f) {
            inForce = i;
            break;
        }
    }
    const QSignalBlocker blocker(m_presets);
    m_presets->setCurrentIndex(inForce);
}

void FinancingRows::applyPreset(int index)
{
    const int at = m_presets->itemData(index).toInt();
    if (at < 0 || std::size_t(at) >= m_presetList.size())
        return;
    const PayingPreset &preset = m_presetList[std::size_t(at)];
    OnPremBuild after = m_bindings.value();
    after.financing = preset.financingFor(after);
    m_push(QStringLiteral("financingPreset"), tr("financing (%1)").arg(preset.name), after);
}

TaxRows::TaxRows(QFormLayout *form, FieldBindings<Scenario> &bindings, Push push, QWidget *parent)
    : QObject(parent)
    , m_form(form)
    , m_bindings(bindings)
    , m_push(std::move(push))
    , m_presetList(bundledPayingPresets())
{
    using S = Scenario;
    form->addRow(new QLabel(tr("<b>Taxes</b>"), parent));
    m_taxed = new QCheckBox(tr("Results after tax"), parent);
    m_taxed->setToolTip(tr("Running costs (cloud bills, power, labour, lease payments, interest) are deducted in their "
                           "month; hardware through depreciation; a sale at the horizon is taxed on its gain. Every "
                           "figure is then after tax."));
    m_presets = presetBox(m_presetList, PayingPreset::Kind::Tax, parent);
    form->addRow(tr("Ta&xes:"), m_taxed);
    form->addRow(QString(), m_presets);
    bindings.check(m_taxed, QStringLiteral("tax"), tr("taxes"), [](const S &s) { return s.tax.has_value(); },
                   [](S &s, bool on) {
                       if (on && !s.tax)
                           s.tax.emplace();
                       else if (!on)
                           s.tax.reset();
                   });
    connect(m_presets, &QComboBox::activated, this, [this](int index) {
        const int at = m_presets->itemData(index).toInt();
        if (at < 0 || std::size_t(at) >= m_presetList.size())
            return;
        Scenario after = m_bindings.value();
        after.tax = m_presetList[std::size_t(at)].tax;
        m_push(QStringLiteral("taxPreset"), tr("taxes (%1)").arg(m_presetList[std::size_t(at)].name), after);
    });
    m_rate = new NumberField(0, 100, 1, tr(" %"), 100, parent);
    form->addRow(tr("Tax rate:"), m_rate);
    bindings.number(m_rate, QStringLiteral("tax.rate"), tr("tax rate"), [](const S &s) { return s.tax ? s.tax->rate : 0.0; },
                    [](S &s, double v) {
                        if (!s.tax)
                            s.tax.emplace();
                        s.tax->rate = v;
                    });
    m_depreciation = new QComboBox(parent);
    m_depreciation->addItem(tr("MACRS 5-year"), toString(DepreciationMethod::Macrs5));
    m_depreciation->addItem(tr("Straight-line"), toString(DepreciationMethod::StraightLine));
    m_depreciation->addItem(tr("At once (expensing)"), toString(DepreciationMethod::Expensing));
    form->addRow(tr("Depreciation:"), m_depreciation);
    bindings.choice(m_depreciation, QStringLiteral("tax.depreciation"), tr("depreciation method"),
                    [](const S &s) { return QVariant(toString(s.tax.value_or(Tax{}).depreciation)); },
                    [](S &s, const QVariant &v) {
                        if (!s.tax)
                            s.tax.emplace();
                        s.tax->depreciation = depreciationMethodFromString(v.toString()).value_or(DepreciationMethod::Macrs5);
                    });
    m_years = new NumberField(0.5, 50, 1, tr(" years"), 1, parent);
    form->addRow(tr("Over:"), m_years);
    bindings.number(m_years, QStringLiteral("tax.depreciationYears"), tr("depreciation period"),
                    [](const S &s) { return s.tax.value_or(Tax{}).depreciationYears; },
                    [](S &s, double v) {
                        if (!s.tax)
                            s.tax.emplace();
                        s.tax->depreciationYears = v;
                    });
    m_note = noteLabel(parent);
    form->addRow(QString(), m_note);
}

void TaxRows::show(const Scenario &scenario)
{
    const bool taxed = scenario.tax.has_value();
    m_form->setRowVisible(m_rate, taxed);
    m_form->setRowVisible(m_depreciation, taxed);
    m_form->setRowVisible(m_years, taxed && scenario.tax->depreciation == DepreciationMethod::StraightLine);
    if (!taxed) {
        m_note->setText(tr("Every figure is before tax."));
    } else {
        const Tax &t = *scenario.tax;
        QString how;
        switch (t.depreciation) {
        case DepreciationMethod::Macrs5:
            how = tr("hardware deducted over six years: 20, 32, 19.2, 11.52, 11.52 and 5.76 %");
            break;
        case DepreciationMethod::StraightLine:
            how = tr("hardware deducted evenly over %1 years").arg(QLocale().toString(t.depreciationYears, 'g', 3));
            break;
        case DepreciationMethod::Expensing:
            how = tr("hardware deducted in full in the month it is bought");
            break;
        }
        m_note->setText(tr("Every figure is after a %1 % tax: running costs deducted in their month, %2. The firm is "
                           "assumed to have other profit to deduct from.")
                            .arg(QLocale().toString(t.rate * 100, 'g', 4), how));
    }
    int inForce = 0;
    for (int i = 1; i < m_presets->count(); ++i)
        if (scenario.tax && m_presetList[std::size_t(m_presets->itemData(i).toInt())].tax == *scenario.tax) {
            inForce = i;
            break;
        }
    const QSignalBlocker blocker(m_presets);
    m_presets->setCurrentIndex(inForce);
}

} // namespace breakeven
