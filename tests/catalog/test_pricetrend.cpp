// Observed price trends (docs/model.md, "Observed price trends"): the yearly rate of a
// log-linear fit, worked out by hand here, the rules on dates and range, and a GPU's median.
#include "catalog/pricetrend.h"

#include <QtTest>

#include <cmath>

using namespace breakeven;

class TestPriceTrend : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void twoPricesGiveTheirYearlyRatio()
    {
        // 2.00 on 1 March 2025, 1.50 on 1 March 2026 (365 days): 0.75^(365.25/365) - 1.
        const auto trend = observedTrend({{QDate(2025, 3, 1), 2.0}, {QDate(2026, 3, 1), 1.5}});
        QVERIFY(trend);
        QVERIFY(std::abs(trend->ratePerYear - (std::pow(0.75, 365.25 / 365) - 1)) < 1e-12);
        QCOMPARE(trend->first, QDate(2025, 3, 1));
        QCOMPARE(trend->last, QDate(2026, 3, 1));
        QCOMPARE(trend->points, 2);
        QCOMPARE(trend->offers, 1);
    }

    void threePricesAreFittedOnALogScale()
    {
        // Prices falling 20 % a year, seen on days 0, 200 and 400 (given out of order): a fit on
        // a log scale finds -0.2 exactly, where a straight line through the prices would not.
        const QDate start(2024, 1, 1);
        const auto price = [](int days) { return 4.0 * std::pow(0.8, days / 365.25); };
        const auto trend = observedTrend(
            {{start.addDays(400), price(400)}, {start, price(0)}, {start.addDays(200), price(200)}});
        QVERIFY(trend);
        QVERIFY2(std::abs(trend->ratePerYear + 0.2) < 1e-12, qPrintable(QString::number(trend->ratePerYear, 'g', 17)));
        QCOMPARE(trend->points, 3);
        QCOMPARE(trend->first, start);
        QCOMPARE(trend->last, start.addDays(400));
        // A fourth price off the line moves the fit by what least squares says: ln prices
        // 0, 0, 0, ln 2 at years 0, 1, 2, 3 give slope 3 ln 2 / 10, the rate 2^0.3 - 1.
        const auto bent = observedTrend({{start, 1}, {start.addDays(365), 1}, {start.addDays(730), 1},
                                         {start.addDays(1095), 2}});
        QVERIFY(bent);
        const double years = 365 / 365.25; // the dates are 365 days apart
        QVERIFY(std::abs(bent->ratePerYear - (std::pow(2.0, 0.3 / years) - 1)) < 1e-12);
    }

    void aRepeatedDateCountsOnceTheLastWins()
    {
        const auto trend = observedTrend(
            {{QDate(2025, 1, 1), 9.0}, {QDate(2025, 1, 1), 1.0}, {QDate(2026, 1, 1), 1.0}});
        QVERIFY(trend);
        QCOMPARE(trend->ratePerYear, 0.0);
        QCOMPARE(trend->points, 2);
    }

    void tooFewOrTooCloseOrOutOfRange()
    {
        QVERIFY(!observedTrend({}));
        QVERIFY(!observedTrend({{QDate(2025, 1, 1), 1.0}}));
        // Four weeks apart is the least; one day less is not a trend.
        QVERIFY(observedTrend({{QDate(2025, 1, 1), 1.0}, {QDate(2025, 1, 29), 0.99}}));
        QVERIFY(!observedTrend({{QDate(2025, 1, 1), 1.0}, {QDate(2025, 1, 28), 0.99}}));
        // A price that is not positive, or a date that is not one, is left out.
        QVERIFY(!observedTrend({{QDate(2025, 1, 1), 0.0}, {QDate(2026, 1, 1), 1.0}}));
        QVERIFY(!observedTrend({{QDate(), 1.0}, {QDate(2026, 1, 1), 1.0}}));
        // Tripling in a year is beyond the +100 % a scenario takes; a fall to a twentieth below -90 %.
        QVERIFY(!observedTrend({{QDate(2025, 1, 1), 1.0}, {QDate(2026, 1, 1), 3.0}}));
        QVERIFY(!observedTrend({{QDate(2025, 1, 1), 1.0}, {QDate(2026, 1, 1), 0.05}}));
    }

    void aGpuTakesTheMedianOfItsOffers()
    {
        const auto trend = [](double rate, QDate first, QDate last) {
            ObservedTrend t;
            t.ratePerYear = rate;
            t.first = first;
            t.last = last;
            t.points = 2;
            return t;
        };
        const QDate a(2025, 1, 1), b(2025, 6, 1), c(2026, 1, 1);
        const auto median = medianTrend({trend(-0.5, a, c), trend(0.1, b, c), trend(-0.2, a, b)});
        QVERIFY(median);
        QCOMPARE(median->ratePerYear, -0.2);
        QCOMPARE(median->first, a);
        QCOMPARE(median->last, c);
        QCOMPARE(median->points, 6);
        QCOMPARE(median->offers, 3);
        // An even count takes the lower middle one.
        QCOMPARE(medianTrend({trend(0.3, a, c), trend(-0.1, a, c)})->ratePerYear, -0.1);
        QVERIFY(!medianTrend({}));
    }
};

QTEST_GUILESS_MAIN(TestPriceTrend)
#include "test_pricetrend.moc"
