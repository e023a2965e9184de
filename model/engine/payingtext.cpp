#include "payingtext.h"

#include "resultstext.h"

namespace breakeven {

QString financingText(const CostModel &model, int option)
{
    const OptionInput &o = model.option(option);
    if (o.kind != OptionKind::OnPrem)
        return {};
    const Financing &f = o.onPrem.financing;
    const QString currency = model.input().currency;
    switch (f.method) {
    case FinancingMethod::Cash:
        return {};
    case FinancingMethod::Loan:
        return QStringLiteral("paid by a loan at %1 a year over %2 months, %3 down")
            .arg(formatPercent(f.annualRate, 1))
            .arg(f.termMonths)
            .arg(formatPercent(f.downPayment, 0));
    case FinancingMethod::Lease: {
        const QString leased = QStringLiteral("leased at %1 a unit a month for %2 months")
                                   .arg(formatMoney(f.paymentPerMonth, currency, 0))
                                   .arg(f.termMonths);
        if (!f.buyout)
            return leased + QStringLiteral(", a new lease each term; never owned");
        if (f.termMonths >= o.onPrem.lifetimeMonths)
            return leased + QStringLiteral(", a new lease each term (its %1-month term outlasts the %2-month lifetime, so "
                                           "the buy-out never comes)")
                                .arg(f.termMonths)
                                .arg(o.onPrem.lifetimeMonths);
        return leased + QStringLiteral(", then bought out for %1 of its price and owned").arg(formatPercent(*f.buyout, 0));
    }
    }
    return {};
}

QString taxSentence(const CostModel &model)
{
    const std::optional<Tax> &tax = model.input().tax;
    if (!tax)
        return {};
    QString depreciation;
    switch (tax->depreciation) {
    case DepreciationMethod::Macrs5:
        depreciation = QStringLiteral("by MACRS 5-year (20, 32, 19.2, 11.52, 11.52 and 5.76 % in years 1 to 6)");
        break;
    case DepreciationMethod::StraightLine:
        depreciation = QStringLiteral("straight-line over %1 years").arg(tax->depreciationYears, 0, 'g', 3);
        break;
    case DepreciationMethod::Expensing:
        depreciation = QStringLiteral("in full in the month of purchase (expensing)");
        break;
    }
    return QStringLiteral("Every figure is after a %1 tax: running costs (cloud bills, power, labour, lease payments, "
                          "interest) deducted in the month they are paid, hardware and infrastructure %2, a unit "
                          "replaced early deducting the rest then, a sale at the horizon taxed on its gain.")
        .arg(formatPercent(tax->rate, 1), depreciation);
}

double taxSavings(const CostModel &model, int option, double utilization)
{
    return model.breakdown(option, utilization)[std::size_t(CostComponent::TaxSavings)];
}

} // namespace breakeven
