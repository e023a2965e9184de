// How a build is paid for and how a scenario is taxed, in the scenario JSON (version 3,
// docs/scenario-format.md, "Paying for it").
#include "scenariojsonparts.h"

namespace breakeven::json {

namespace {
constexpr Bounds kShare = Bounds::between(0, 1);
constexpr Bounds kRate = Bounds::above(-1); // -100 % a year is the most anything can shrink
constexpr int kMaxTermMonths = 600;
} // namespace

Financing readFinancing(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    Financing financing;
    reader.enumeration("method", financing.method,
                       {FinancingMethod::Cash, FinancingMethod::Loan, FinancingMethod::Lease});
    reader.number("annualRate", financing.annualRate, kRate);
    reader.integer("termMonths", financing.termMonths, 1, kMaxTermMonths);
    reader.number("downPayment", financing.downPayment, kShare);
    const bool lease = financing.method == FinancingMethod::Lease;
    reader.number("paymentPerMonth", financing.paymentPerMonth, Bounds::atLeast(0),
                  lease ? Need::Required : Need::Optional);
    reader.optionalNumber("buyout", financing.buyout, kShare);
    reader.finish();
    return financing;
}

bool isCash(const Financing &financing)
{
    return financing == Financing{};
}

void writeFinancing(JsonWriter &writer, const Financing &financing)
{
    if (isCash(financing))
        return;
    writer.beginObject("financing");
    writer.writeString("method", toString(financing.method));
    switch (financing.method) {
    case FinancingMethod::Cash:
        break;
    case FinancingMethod::Loan:
        writer.writeNumber("annualRate", financing.annualRate);
        writer.writeInteger("termMonths", financing.termMonths);
        writer.writeNumber("downPayment", financing.downPayment);
        break;
    case FinancingMethod::Lease:
        writer.writeNumber("paymentPerMonth", financing.paymentPerMonth);
        writer.writeInteger("termMonths", financing.termMonths);
        writer.writeOptionalNumber("buyout", financing.buyout);
        break;
    }
    writer.endObject();
}

Tax readTax(const QJsonObject &object, const QString &path)
{
    ObjectReader reader(object, path);
    Tax tax;
    reader.number("rate", tax.rate, Bounds::between(0, 1), Need::Required);
    reader.enumeration("depreciation", tax.depreciation,
                       {DepreciationMethod::StraightLine, DepreciationMethod::Macrs5, DepreciationMethod::Expensing});
    reader.number("depreciationYears", tax.depreciationYears, Bounds::aboveAtMost(0, 50));
    reader.finish();
    return tax;
}

void writeTax(JsonWriter &writer, const Tax &tax)
{
    writer.beginObject("tax");
    writer.writeNumber("rate", tax.rate);
    writer.writeString("depreciation", toString(tax.depreciation));
    writer.writeNumber("depreciationYears", tax.depreciationYears);
    writer.endObject();
}

} // namespace breakeven::json
