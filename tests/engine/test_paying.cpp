// Paying for it (docs/model.md, "Paying for it"): a loan's payment to the cent and its balance at
// the horizon, a lease with and without a buy-out, straight-line and MACRS tax savings month by
// month, a sale at the horizon with a taxed gain, expensing, cloud bills after tax, and that a
// build paid in cash in an untaxed scenario costs exactly what it did.
#include "enginefixtures.h"
#include "catalog/bundledcatalog.h"
#include "engine/paying.h"
#include "engine/payingtext.h"
#include "engine/resultstext.h"
#include "engine/resultsjson.h"
#include "engine/risk.h"
#include "pathwords.h"
#include "scenariopaths.h"
#include "exchange/scenariojson.h"
#include "inputerror.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QtTest>

#include <cmath>

using namespace fixtures;

namespace {

double part(const CostModel &m, int option, CostComponent c, double u = 1.0)
{
    return m.breakdown(option, u)[std::size_t(c)];
}

// One 100,000 USD unit, nothing else to pay, over `horizon` months.
Scenario oneUnit(int horizon, const Financing &financing)
{
    Scenario s = scenario(1, 1, horizon);
    OnPremBuild unit = build(QStringLiteral("server"), 100000);
    unit.lifetimeYears = 10;
    unit.financing = financing;
    s.onPremOptions = {unit};
    return s;
}

Financing loan(double rate, int term, double down = 0)
{
    Financing f;
    f.method = FinancingMethod::Loan;
    f.annualRate = rate;
    f.termMonths = term;
    f.downPayment = down;
    return f;
}

Financing lease(double payment, int term, std::optional<double> buyout)
{
    Financing f;
    f.method = FinancingMethod::Lease;
    f.paymentPerMonth = payment;
    f.termMonths = term;
    f.buyout = buyout;
    return f;
}

bool near(double a, double b, double tolerance = 1e-6) { return std::abs(a - b) <= tolerance; }

} // namespace

class TestPaying : public QObject {
    Q_OBJECT

private slots:
    // 100,000 USD at 8 % a year over 36 months: 3,133.64 USD a month, 112,810.92 USD in all.
    void aLoanPaysToTheCent()
    {
        QCOMPARE(QString::number(loanPayment(100000, 0.08, 36), 'f', 2), QStringLiteral("3133.64"));
        QCOMPARE(loanPayment(36000, 0.0, 36), 1000.0);
        const CostModel m = model(oneUnit(36, loan(0.08, 36)));
        const Evaluation e = m.evaluate(1.0);
        QCOMPARE(e.monthly(0, 0), 0.0); // nothing down
        for (int month = 1; month <= 36; ++month)
            QVERIFY2(near(e.monthly(0, month), 3133.6365461431), qPrintable(QString::number(month)));
        QCOMPARE(QString::number(e.tco(0), 'f', 2), QStringLiteral("112810.92"));
        QVERIFY(near(part(m, 0, CostComponent::Hardware), 100000));
        QVERIFY(near(part(m, 0, CostComponent::Interest), 12810.9156611521));
        QCOMPARE(part(m, 0, CostComponent::LoanBalanceAtHorizon), 0.0);
    }

    // The same loan at a 12-month horizon: twelve payments, and the balance still owed then.
    void aLoanRunningAtTheHorizonAddsItsBalance()
    {
        const CostModel m = model(oneUnit(12, loan(0.08, 36)));
        const Evaluation e = m.evaluate(1.0);
        QVERIFY(near(part(m, 0, CostComponent::LoanBalanceAtHorizon), 69286.4075041706));
        QVERIFY(near(e.tco(0), 12 * 3133.6365461431 + 69286.4075041706, 1e-5));
        QVERIFY(near(part(m, 0, CostComponent::Hardware) + part(m, 0, CostComponent::LoanBalanceAtHorizon), 100000));
        QVERIFY(m.paymentMonths(0).back() == 12);
    }

    // Net of resale, the curve is what buying has cost if everything is sold at month m; a sale
    // repays what the loan still owes, so at 0 % the curve is the cash one month by month.
    void theNetCurveRepaysTheLoan()
    {
        Scenario cash = oneUnit(24, {});
        cash.creditResaleValue = true;
        Scenario borrowed = cash;
        borrowed.onPremOptions.front().financing = loan(0.0, 36, 0.2);
        const Evaluation a = model(cash).evaluate(1.0);
        const Evaluation b = model(borrowed).evaluate(1.0);
        for (int month = 0; month <= 24; ++month)
            QVERIFY2(near(a.cumulative(0, month), b.cumulative(0, month), 1e-6), qPrintable(QString::number(month)));
        // With interest the sale still repays the balance, so the net curve is above the cash one
        // by the interest paid so far.
        borrowed.onPremOptions.front().financing.annualRate = 0.12;
        const CostModel dearer = model(borrowed);
        const Evaluation c = dearer.evaluate(1.0);
        QVERIFY(near(c.cumulative(0, 0), a.cumulative(0, 0), 1e-6));
        QVERIFY(c.cumulative(0, 12) > a.cumulative(0, 12));
        QVERIFY(near(c.tco(0) - a.tco(0), part(dearer, 0, CostComponent::Interest), 1e-6));
    }

    // A fifth down: 20,000 USD in month 0, the other 80,000 USD repaid over 24 months.
    void aDownPaymentIsPaidAtOnce()
    {
        const CostModel m = model(oneUnit(24, loan(0.06, 24, 0.2)));
        const Evaluation e = m.evaluate(1.0);
        QVERIFY(near(e.monthly(0, 0), 20000));
        QVERIFY(near(e.monthly(0, 1), loanPayment(80000, 0.06, 24)));
        QVERIFY(near(e.tco(0), 20000 + 24 * loanPayment(80000, 0.06, 24), 1e-6));
    }

    // Two leased units at 2,000 USD a month each for 24 months, nothing bought, nothing to sell.
    void aLeaseWithoutBuyoutBuysNothing()
    {
        Scenario s = oneUnit(24, lease(2000, 12, std::nullopt));
        s.workload.gpus = 2;
        s.creditResaleValue = true;
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        QCOMPARE(e.monthly(0, 0), 0.0);
        QVERIFY(near(e.tco(0), 2 * 2000.0 * 24));
        QVERIFY(near(part(m, 0, CostComponent::LeasePayments), 96000));
        QCOMPARE(part(m, 0, CostComponent::Hardware), 0.0);
        QCOMPARE(m.valueAtHorizon(0), 0.0);
        QVERIFY(m.purchases(0).empty());
    }

    // Leased for 12 months at 3,000 USD, bought out in month 13 for a tenth of its 100,000 USD,
    // then owned: at 24 months it sells for 100,000 · 0.8^2 (two years' depreciation from the
    // start of the lease) · 0.8 (the haircut).
    void aLeaseBoughtOutIsOwnedAfterwards()
    {
        Scenario s = oneUnit(24, lease(3000, 12, 0.1));
        s.creditResaleValue = true;
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        for (int month = 1; month <= 12; ++month)
            QVERIFY(near(e.monthly(0, month), 3000));
        QVERIFY(near(e.monthly(0, 13), 10000));
        QCOMPARE(e.monthly(0, 14), 0.0);
        const double sale = 100000 * std::pow(0.8, 2.0) * 0.8;
        QVERIFY(near(m.valueAtHorizon(0), sale, 1e-6));
        QVERIFY(near(e.tco(0), 12 * 3000.0 + 10000 - sale, 1e-6));
        QCOMPARE(int(m.purchases(0).size()), 1);
        QCOMPARE(m.purchases(0).front().reason, PurchaseReason::LeaseBuyout);
        QCOMPARE(m.purchases(0).front().month, 13);
    }

    // 36,000 USD depreciated straight-line over 3 years at a 25 % rate saves 250 USD a month from
    // month 1 to month 36: 9,000 USD in all.
    void straightLineSavesEveryMonth()
    {
        Scenario s = oneUnit(36, {});
        s.onPremOptions.front().components.front().price = 36000;
        s.tax = Tax{0.25, DepreciationMethod::StraightLine, 3};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        QVERIFY(near(e.monthly(0, 0), 36000));
        for (int month = 1; month <= 36; ++month)
            QVERIFY2(near(e.monthly(0, month), -250), qPrintable(QString::number(e.monthly(0, month))));
        QVERIFY(near(part(m, 0, CostComponent::TaxSavings), -9000));
        QVERIFY(near(e.tco(0), 27000));
    }

    // MACRS 5-year on 100,000 USD at 21 %: 350 USD a month in year 1 (20 %), 560 in year 2
    // (32 %), 336 in year 3 (19.2 %), 201.60 in years 4 and 5, 100.80 in year 6.
    void macrsFollowsTheTable()
    {
        Scenario s = oneUnit(72, {});
        s.tax = Tax{0.21, DepreciationMethod::Macrs5, 5};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        const double perMonth[6] = {350, 560, 336, 201.6, 201.6, 100.8};
        for (int month = 1; month <= 72; ++month)
            QVERIFY2(near(e.monthly(0, month), -perMonth[(month - 1) / 12], 1e-6), qPrintable(QString::number(month)));
        QVERIFY(near(part(m, 0, CostComponent::TaxSavings), -21000));
    }

    // Expensing deducts the whole price at once; the sale at 12 months brings 10,000 · 0.8 · 0.8 =
    // 6,400 USD, all of it a taxable gain (nothing left to depreciate): 10,000 − 2,000 − 6,400 +
    // 1,280 = 2,880 USD.
    void aSaleAtTheHorizonIsTaxedOnItsGain()
    {
        Scenario s = oneUnit(12, {});
        s.onPremOptions.front().components.front().price = 10000;
        s.creditResaleValue = true;
        s.tax = Tax{0.2, DepreciationMethod::Expensing, 5};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        QVERIFY(near(e.monthly(0, 0), 8000));
        QVERIFY(near(e.tco(0), 2880));
        QVERIFY(near(part(m, 0, CostComponent::ResaleCredit), -6400));
        QVERIFY(near(part(m, 0, CostComponent::TaxSavings), -2000 + 1280));
        // Straight-line over 5 years instead: 2,000 deducted by H saves 400; 8,000 is left, so the
        // sale at 6,400 is a loss of 1,600 that saves 320: 10,000 − 720 − 6,400 = 2,880. Without
        // discounting the timing moves nothing: either way the price less the sale is deducted.
        s.tax->depreciation = DepreciationMethod::StraightLine;
        const CostModel slow = model(s);
        QVERIFY(near(slow.evaluate(1.0).tco(0), 2880));
        QVERIFY(near(part(slow, 0, CostComponent::TaxSavings), -720));
    }

    // A unit replaced after 3 years while depreciated over 5 deducts the other 2 years' share in
    // the month it is replaced (month 37), then its successor starts from the next month.
    void aReplacedUnitDeductsTheRest()
    {
        Scenario s = oneUnit(40, {});
        s.onPremOptions.front().components.front().price = 60000;
        s.onPremOptions.front().lifetimeYears = 3;
        s.tax = Tax{0.25, DepreciationMethod::StraightLine, 5};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        QVERIFY(near(e.monthly(0, 36), -250)); // 60,000 / 60 · 0.25
        QVERIFY(near(e.monthly(0, 37), 60000 - 0.25 * 60000 * 24 / 60.0));
        QVERIFY(near(e.monthly(0, 38), -250));
    }

    // Cloud bills are deducted in their month: 2.00 USD an hour for one GPU at a 21 % rate costs
    // 1,460 · 0.79 a month; tcoBeforeTax keeps the 17,520 USD.
    void cloudBillsAreDeducted()
    {
        Scenario s = scenario(1, 1, 12);
        s.cloudOptions = {cloud(QStringLiteral("rent"), 2.0)};
        s.tax = Tax{0.21, DepreciationMethod::Macrs5, 5};
        const CostModel m = model(s);
        const Evaluation e = m.evaluate(1.0);
        QVERIFY(near(e.monthly(0, 1), 1460 * 0.79));
        QVERIFY(near(e.tco(0), 17520 * 0.79, 1e-6));
        const QJsonObject json = resultsToJson(m, e, {});
        const QJsonObject option = json.value(QStringLiteral("options")).toArray().at(0).toObject();
        QVERIFY(near(option.value(QStringLiteral("tcoBeforeTax")).toDouble(), 17520, 1e-6));
        QVERIFY(near(option.value(QStringLiteral("tco")).toDouble(), 17520 * 0.79, 1e-6));
    }

    // The oracle-style property: cash, no taxes, monthly discounting, no spares and goodput 1 give
    // every figure the lay-out gave before financing existed; a loan at 0 % with nothing down over
    // one month moves each purchase by one month and no more.
    void cashAndNoTaxChangeNothing()
    {
        Scenario s = rigBoughtEveryYear(36);
        s.creditResaleValue = true;
        s.discountRatePerYear = 0.07;
        const Evaluation plain = model(s).evaluate(0.6);
        Scenario explicitCash = s;
        explicitCash.onPremOptions.front().financing = Financing{};
        const Evaluation same = model(explicitCash).evaluate(0.6);
        QVERIFY((same.cumulative == plain.cumulative).all());
        QVERIFY(!model(s).input().tax);
        // 7,300 · 3 purchases, the resale at H, discounted: the undiscounted totals must agree.
        s.discountRatePerYear = 0;
        const CostModel cash = model(s);
        Scenario owed = s;
        owed.onPremOptions.front().financing = loan(0, 1);
        const CostModel borrowed = model(owed);
        QVERIFY(near(borrowed.evaluate(0.6).tco(0), cash.evaluate(0.6).tco(0), 1e-6));
        QCOMPARE(borrowed.evaluate(0.6).monthly(0, 0), 0.0);
        QVERIFY(near(borrowed.evaluate(0.6).monthly(0, 1), cash.evaluate(0.6).monthly(0, 0) + cash.evaluate(0.6).monthly(0, 1)));
    }

    // The same property on random scenarios, through the new code paths themselves: a tax at a
    // rate of 0 (by each depreciation method), a loan with everything paid down (at any rate and
    // term), and yearly discounting at a rate of 0 each run their own arithmetic and must give
    // every build's and every cloud option's curve as cash, untaxed and monthly give it.
    void neutralTermsChangeNothing_data()
    {
        QTest::addColumn<int>("seed");
        for (int seed = 1; seed <= 16; ++seed)
            QTest::newRow(qPrintable(QStringLiteral("seed %1").arg(seed))) << seed;
    }

    void neutralTermsChangeNothing()
    {
        QFETCH(int, seed);
        QRandomGenerator rng{quint32(seed)};
        const auto between = [&](double lo, double hi) { return lo + (hi - lo) * rng.generateDouble(); };
        Scenario s = scenario(between(1, 24), between(0.2, 1), 12 * int(between(2, 7)));
        s.workload.growthPerYear = between(0, 0.4);
        s.creditResaleValue = seed % 2 == 0;
        s.discountRatePerYear = seed % 3 == 0 ? 0.0 : between(0.01, 0.15);
        s.hardwarePriceChangePerYear = between(-0.2, 0);
        for (int b = 0; b < 2; ++b) {
            OnPremBuild unit = build(QStringLiteral("build %1").arg(b), between(5000, 300000), 1 + b * 7);
            unit.lifetimeYears = between(1, 6);  // bought again within most horizons
            unit.infrastructureOneTime = between(0, 20000);
            unit.loadW = between(300, 10000);
            unit.idleW = *unit.loadW * 0.3;
            unit.electricityPerKWh = between(0.05, 0.3);
            unit.laborPerMonth = between(0, 2000);
            unit.colocationPerKWMonth = between(0, 200);
            unit.spareShare = seed % 4 == 0 ? 0.1 : 0.0;
            unit.goodput = between(0.8, 1);
            s.onPremOptions.push_back(unit);
        }
        s.cloudOptions = {cloud(QStringLiteral("on demand"), between(0.5, 4)),
                          cloud(QStringLiteral("reserved"), between(0.5, 3), PricingPlan::Reserved1y)};
        const double u = between(0.1, 1);
        const auto sameCurves = [&](const Scenario &variant, const char *what) {
            const CostModel base = model(s);
            const CostModel other = model(variant);
            const Evaluation a = base.evaluate(u);
            const Evaluation b = other.evaluate(u);
            QCOMPARE(b.cumulative.rows(), a.cumulative.rows());
            QCOMPARE(b.cumulative.cols(), a.cumulative.cols());
            const double scale = std::max(1.0, a.cumulative.abs().maxCoeff());
            const double gap = (a.cumulative - b.cumulative).abs().maxCoeff();
            QVERIFY2(gap <= 1e-9 * scale, qPrintable(QStringLiteral("%1: the curves differ by %2 of %3")
                                                           .arg(QLatin1String(what)).arg(gap).arg(scale)));
        };

        for (const DepreciationMethod method :
             {DepreciationMethod::StraightLine, DepreciationMethod::Macrs5, DepreciationMethod::Expensing}) {
            Scenario taxed = s;
            taxed.tax = Tax{0.0, method, between(1, 7)};
            sameCurves(taxed, "a tax at 0 %");
            if (QTest::currentTestFailed())
                return;
        }
        Scenario paidDown = s;
        for (OnPremBuild &unit : paidDown.onPremOptions)
            unit.financing = loan(between(0, 0.2), int(between(1, 120)), 1.0);
        sameCurves(paidDown, "a loan paid down in full");
        if (QTest::currentTestFailed())
            return;
        s.discountRatePerYear = 0;
        Scenario yearly = s;
        yearly.discounting = Discounting::Yearly;
        sameCurves(yearly, "yearly discounting at 0 %");
    }

    // Ranges take the loan rate, a lease's payment and the tax rate like any other field, and name
    // them in words: a higher loan rate makes buying dearer in every future.
    void rangesTakeTheNewFigures()
    {
        Scenario s = oneUnit(36, loan(0.08, 36));
        s.cloudOptions = {cloud(QStringLiteral("rent"), 4.0)};
        s.tax = Tax{0.21, DepreciationMethod::Macrs5, 5};
        const ResolvedPath rate = resolvePath(s, QStringLiteral("onPremOptions[0].financing.annualRate"));
        QCOMPARE(rate.fields.size(), std::size_t(1));
        QCOMPARE(*rate.fields.front().get(s), 0.08);
        Scenario moved = s;
        rate.fields.front().set(moved, 0.12);
        QCOMPARE(moved.onPremOptions.front().financing.annualRate, 0.12);
        QVERIFY(model(moved).evaluate(1.0).tco(0) > model(s).evaluate(1.0).tco(0));
        const ResolvedPath tax = resolvePath(s, QStringLiteral("tax.rate"));
        QCOMPARE(*tax.fields.front().get(s), 0.21);
        QVERIFY(numericFieldPaths().contains(QStringLiteral("tax.rate")));
        QVERIFY(numericFieldPaths().contains(QStringLiteral("onPremOptions[i].financing.annualRate")));
        QCOMPARE(describePath(QStringLiteral("tax.rate"), s).name, QStringLiteral("tax rate"));
        QVERIFY2(describePath(QStringLiteral("onPremOptions[0].financing.annualRate"), s).name.contains(QStringLiteral("loan rate")),
                 qPrintable(describePath(QStringLiteral("onPremOptions[0].financing.annualRate"), s).name));

        Uncertainty ranges;
        ranges.samples = 500;
        UncertainInput loanRate;
        loanRate.path = QStringLiteral("onPremOptions[0].financing.annualRate");
        loanRate.low = 0.04;
        loanRate.high = 0.16;
        UncertainInput taxRate;
        taxRate.path = QStringLiteral("tax.rate");
        taxRate.low = 0.15;
        taxRate.high = 0.30;
        ranges.inputs = {loanRate, taxRate};
        s.uncertainty = ranges;
        const RiskResult risk = analyseRisk(s, catalog());
        QCOMPARE(risk.pairs.size(), std::size_t(1));
        const auto &bars = risk.pairs.front().tornado;
        const auto loanBar = std::find_if(bars.begin(), bars.end(), [](const TornadoBar &b) { return b.input == 0; });
        QVERIFY(loanBar != bars.end());
        QVERIFY(loanBar->atHigh > loanBar->atLow); // on-prem − cloud grows with the loan rate
    }

    // `compare` says how each build is paid for and that the figures are after tax.
    void compareSaysTheTerms()
    {
        Scenario s = oneUnit(24, lease(3000, 12, 0.1));
        s.cloudOptions = {cloud(QStringLiteral("rent"), 4.0)};
        s.tax = Tax{0.21, DepreciationMethod::Expensing, 5};
        const CostModel m = model(s);
        const QString text = resultsTable(m, m.evaluate(1.0));
        QVERIFY2(text.contains(QStringLiteral("Paid for:")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("leased at 3,000 USD a unit a month for 12 months, then bought out for 10 % of its price and owned")));
        QVERIFY(text.contains(QStringLiteral("Every figure is after a 21.0 % tax")));
        QVERIFY(text.contains(QStringLiteral("in full in the month of purchase")));
        QVERIFY(financingText(m, 1).isEmpty()); // the cloud option
        Scenario cash = s;
        cash.tax.reset();
        cash.onPremOptions.front().financing = Financing{};
        const CostModel plain = model(cash);
        QVERIFY(!resultsTable(plain, plain.evaluate(1.0)).contains(QStringLiteral("Paid for:")));
        QVERIFY(taxSentence(plain).isEmpty());
    }

    // The presets load with their sources: two loans or leases at published market figures and the
    // US federal rate with MACRS and with expensing.
    void presetsCarrySources()
    {
        const std::vector<PayingPreset> presets = bundledPayingPresets();
        int loans = 0, leases = 0, taxes = 0;
        for (const PayingPreset &p : presets) {
            QVERIFY2(p.source.contains(QStringLiteral("https://")) || p.source.contains(QStringLiteral("U.S.C.")),
                     qPrintable(p.name));
            if (p.kind == PayingPreset::Kind::Tax) {
                ++taxes;
                QVERIFY(p.tax.rate > 0 && p.tax.rate < 1);
            } else if (p.financing.method == FinancingMethod::Loan) {
                ++loans;
            } else {
                ++leases;
                QVERIFY(p.paymentSharePerMonth > 0);
            }
        }
        QVERIFY(loans >= 1 && leases >= 1 && taxes >= 2);
        OnPremBuild server = build(QStringLiteral("server"), 250000);
        const auto lease = std::find_if(presets.begin(), presets.end(), [](const PayingPreset &p) {
            return p.financing.method == FinancingMethod::Lease && !p.financing.buyout;
        });
        QVERIFY(lease != presets.end());
        QVERIFY(near(lease->financingFor(server).paymentPerMonth, 250000 * lease->paymentSharePerMonth));
    }

    // The JSON carries financing and taxes (version 3), and refuses what makes no sense, naming
    // the field.
    void theJsonCarriesAndChecksThem()
    {
        Scenario s = oneUnit(24, lease(3000, 12, 0.1));
        s.tax = Tax{0.21, DepreciationMethod::StraightLine, 4};
        const QByteArray text = writeScenarioJson(s);
        QVERIFY(text.contains("\"version\": 3"));
        QCOMPARE(readScenarioJson(text), s);
        Scenario borrowed = oneUnit(24, loan(0.09, 48, 0.1));
        QCOMPARE(readScenarioJson(writeScenarioJson(borrowed)), borrowed);
        QVERIFY(!writeScenarioJson(oneUnit(24, {})).contains("financing"));

        const auto refused = [&](QByteArray from, QByteArray to, const QString &field) {
            QByteArray bad = text;
            bad.replace(from, to);
            QVERIFY2(bad != text, from.constData());
            try {
                readScenarioJson(bad);
                QFAIL(qPrintable(QStringLiteral("accepted ") + QString::fromUtf8(to)));
            } catch (const InputError &error) {
                QVERIFY2(error.where().contains(field), qPrintable(error.where() + QStringLiteral(": ") + error.reason()));
            }
        };
        refused("\"termMonths\": 12", "\"termMonths\": 0", QStringLiteral("financing.termMonths"));
        refused("\"termMonths\": 12", "\"termMonths\": 601", QStringLiteral("financing.termMonths"));
        refused("\"buyout\": 0.1", "\"buyout\": 1.5", QStringLiteral("financing.buyout"));
        refused("\"method\": \"lease\"", "\"method\": \"rent\"", QStringLiteral("financing.method"));
        refused("\"depreciationYears\": 4", "\"depreciationYears\": 0", QStringLiteral("tax.depreciationYears"));
        refused("\"rate\": 0.21", "\"rate\": 1.5", QStringLiteral("tax.rate"));
        const QByteArray loanText = writeScenarioJson(borrowed);
        QVERIFY(loanText.contains("\"annualRate\": 0.09"));
        QByteArray bad = loanText;
        bad.replace("\"annualRate\": 0.09", "\"annualRate\": -1.5");
        QVERIFY_THROWS_EXCEPTION(InputError, readScenarioJson(bad));
        bad = loanText;
        bad.replace("\"downPayment\": 0.1", "\"downPayment\": 2");
        QVERIFY_THROWS_EXCEPTION(InputError, readScenarioJson(bad));
        // A goodput outside 0.5–1, as a document or an editor could hold it, is refused naming it.
        Scenario lossy = borrowed;
        lossy.onPremOptions.front().goodput = 0.4;
        try {
            validateScenario(lossy);
            QFAIL("a goodput of 0.4 accepted");
        } catch (const InputError &error) {
            QCOMPARE(error.where(), QStringLiteral("onPremOptions[0].goodput"));
        }
    }
};

QTEST_GUILESS_MAIN(TestPaying)
#include "test_paying.moc"
