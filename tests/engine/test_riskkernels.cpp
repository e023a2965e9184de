// The risk analysis' kernels (riskkernels.h), each against the plain computation it stands for:
// the curve products, the weighed lanes, the crossover sweep and its stretches' bounds, and the
// selections of quantiles and crossings.
#include "engine/costmodel.h"
#include "engine/riskkernels.h"

#include <Eigen/Core>
#include <QtTest>

#include <array>
#include <bit>
#include <cstring>
#include <random>
#include <stdexcept>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace breakeven;

namespace {

// The stretches' bounds of two blocks of curves (a lane a row, as the blocks keep them), checked
// against the curves' least and greatest values in each stretch: per lane, and over `lanes`.
void boundStretches(const Eigen::ArrayXXf &a, const Eigen::ArrayXXf &c, int months, std::uint64_t lanes,
                    std::vector<float> &low, std::vector<float> &high)
{
    low.assign(stretchBoundsSize(months), 0.0f);
    high.assign(low.size(), 0.0f);
    stretchBounds(a.data(), months, lanes, low.data(), nullptr);
    stretchBounds(c.data(), months, lanes, nullptr, high.data());
    const int stretches = stretchesOf(months);
    for (int s = 0; s < stretches; ++s) {
        const int first = s * kStretchMonths;
        const int count = std::min(kStretchMonths, months - first);
        float least = INFINITY;
        float most = -INFINITY;
        for (int k = 0; k < kLanes; ++k) {
            if (!((lanes >> k) & 1))
                continue;
            QCOMPARE(low[std::size_t(s * kLanes + k)], a.row(k).segment(first, count).minCoeff());
            QCOMPARE(high[std::size_t(s * kLanes + k)], c.row(k).segment(first, count).maxCoeff());
            least = std::min(least, a.row(k).segment(first, count).minCoeff());
            most = std::max(most, c.row(k).segment(first, count).maxCoeff());
        }
        QCOMPARE(low[std::size_t(stretches * kLanes + s)], least);
        QCOMPARE(high[std::size_t(stretches * kLanes + s)], most);
    }
}

} // namespace

// A split whose second half runs `second` and whose first half waits (up to ten seconds) until
// the second has begun, so that the helper runs it rather than the caller taking it back.
template <typename Second>
void secondHalfOnHelper(const Second &second)
{
    std::atomic<bool> begun = false;
    inHalves(2, 2, [&](std::size_t, std::size_t, bool first) {
        if (!first) {
            second();
            begun = true;
            return;
        }
        QElapsedTimer waited;
        waited.start();
        while (!begun && waited.elapsed() < 10000)
            std::this_thread::yield();
    });
}

class TestRiskKernels : public QObject {
    Q_OBJECT

private Q_SLOTS:

    // Selection gives the quantiles sorting gives, exactly: small and large sets, ties, sorted
    // and reversed input, and values far from the rest.
    // The order statistics of one month's crossings are the sorted ones: crossings spread over
    // the month, crowded into a sliver of it, tied, and at its very ends.
    void crossingsSelectedInAMonthAreTheSortedOnes()
    {
        std::mt19937_64 generator(9);
        const auto unit = [&] { return float(double(generator() >> 11) * 0x1.0p-53); };
        for (const int month : {1, 2, 17, 60}) {
            const auto base = float(month - 1);
            for (const int n : {1, 2, 3, 64, 255, 1000, 6000}) {
                for (int kind = 0; kind < 4; ++kind) {
                    std::vector<float> values(static_cast<std::size_t>(n));
                    for (float &v : values) {
                        const float r = unit();
                        v = kind == 0   ? base + std::max(r, 1e-6f)              // spread
                            : kind == 1 ? base + 0.5f + 1e-4f * r                // crowded
                            : kind == 2 ? base + 0.125f * std::ceil(8 * r + 1e-3f) // tied
                                        : (r < 0.5f ? float(month) : std::nextafter(base, float(month))); // the ends
                        v = std::min(v, float(month));
                    }
                    std::vector<float> sorted = values;
                    std::sort(sorted.begin(), sorted.end());
                    // Each rank alone, then all at once (in no order, one twice).
                    const std::array<std::size_t, 6> ranks = {std::size_t(n / 2), std::size_t(0), std::size_t(n - 1), std::size_t(n / 10),
                                                              std::size_t(n / 2 + 1 < n ? n / 2 + 1 : n / 2), std::size_t(n / 10)};
                    for (const std::size_t rank : ranks) {
                        float one = NAN;
                        selectInMonth(values.data(), values.size(), month, &rank, 1, &one);
                        QCOMPARE(std::bit_cast<quint32>(one), std::bit_cast<quint32>(sorted[rank]));
                    }
                    std::array<float, 6> all{};
                    selectInMonth(values.data(), values.size(), month, ranks.data(), int(ranks.size()), all.data());
                    for (std::size_t k = 0; k < ranks.size(); ++k)
                        QCOMPARE(std::bit_cast<quint32>(all[k]), std::bit_cast<quint32>(sorted[ranks[k]]));
                }
            }
        }
    }

    void selectedQuantilesAreTheSortedOnes()
    {
        std::mt19937_64 generator(5);
        const std::array<double, 5> q = {0.05, 0.10, 0.50, 0.90, 0.95};
        for (const int n : {1, 2, 7, 511, 512, 1000, 1003, 2048, 5000}) {
            for (int kind = 0; kind < 4; ++kind) {
                std::vector<double> values(static_cast<std::size_t>(n));
                for (std::size_t i = 0; i < values.size(); ++i) {
                    const double r = double(generator() >> 11) * 0x1.0p-53;
                    values[i] = kind == 0 ? r : kind == 1 ? std::floor(r * 5) : kind == 2 ? double(i) : double(n) - double(i);
                }
                if (kind == 0 && n > 10)
                    values[3] = 1e12; // one far above the rest
                std::vector<double> sorted = values;
                std::sort(sorted.begin(), sorted.end());
                std::array<double, 5> selected{};
                selectQuantiles(values, q.data(), int(q.size()), selected.data());
                for (std::size_t k = 0; k < q.size(); ++k)
                    QCOMPARE(selected[k], sortedQuantile(sorted, q[k]));
            }
        }
    }

    // The bands' selection month after month gives, for every month, the quantiles sorting that
    // month gives, exactly: cumulative curves that keep their order, that cross, that all jump or
    // reverse their order in one month, columns of ties, and every column size; the same, bit for
    // bit, read from blocks of samples as sampling keeps them.
    void quantilesByMonthAreTheSortedOnes()
    {
        std::mt19937_64 generator(23);
        const auto unit = [&] { return double(generator() >> 11) * 0x1.0p-53; };
        const std::array<double, 3> q = {0.10, 0.50, 0.90};
        const int months = 61;
        int columns = 0;
        for (const int n : {1, 2, 3, 7, 100, 1000, 1003, 2048}) {
            for (int kind = 0; kind < 4; ++kind) {
                std::vector<float> values(std::size_t(months) * std::size_t(n));
                std::vector<double> level(static_cast<std::size_t>(n));
                std::vector<double> rate(static_cast<std::size_t>(n));
                for (int k = 0; k < n; ++k) {
                    level[std::size_t(k)] = kind == 3 ? 0 : 1e5 * unit();
                    rate[std::size_t(k)] = 1e3 * unit();
                }
                for (int m = 0; m < months; ++m) {
                    for (int k = 0; k < n; ++k) {
                        double &v = level[std::size_t(k)];
                        v += rate[std::size_t(k)] * (kind == 1 ? 1 + unit() : 1.0); // kind 1: they cross
                        if (kind == 2 && m == 30)
                            v = 3e7 - v; // every order reversed at once
                        if (kind == 2 && m == 45)
                            v += 1e6 * (k % 3); // a jump that reorders
                        values[std::size_t(m) * std::size_t(n) + std::size_t(k)] =
                            kind == 3 && m < 10 ? 42.0f : float(v); // kind 3: ties, then apart
                    }
                }
                std::vector<double> out(std::size_t(months) * q.size());
                selectQuantilesByMonth(values.data(), std::size_t(n), months, q.data(), int(q.size()), out.data());
                // The same values where sampling leaves them: blocks of kLanes samples, each
                // holding three options' months (this one the second), a short last block's spare
                // lanes and the other options all far below, so that reading one is seen.
                const std::size_t blocks = (std::size_t(n) + kLanes - 1) / kLanes;
                const std::size_t blockFloats = 3 * std::size_t(months) * kLanes;
                std::vector<float> sampled(blocks * blockFloats, -1e30f);
                const std::size_t own = std::size_t(months) * kLanes;
                for (int m = 0; m < months; ++m)
                    for (std::size_t k = 0; k < std::size_t(n); ++k)
                        sampled[(k / kLanes) * blockFloats + own + std::size_t(m) * kLanes + k % kLanes] =
                            values[std::size_t(m) * std::size_t(n) + k];
                std::vector<double> inBlocks(out.size());
                selectQuantilesByMonth(sampled.data() + own, std::size_t(n), months, kLanes, blockFloats, q.data(),
                                       int(q.size()), inBlocks.data());
                for (int m = 0; m < months; ++m) {
                    std::vector<double> sorted(values.begin() + std::ptrdiff_t(m) * n, values.begin() + std::ptrdiff_t(m + 1) * n);
                    std::sort(sorted.begin(), sorted.end());
                    for (std::size_t k = 0; k < q.size(); ++k) {
                        const std::size_t at = std::size_t(m) * q.size() + k;
                        QCOMPARE(std::bit_cast<quint64>(out[at]), std::bit_cast<quint64>(sortedQuantile(sorted, q[k])));
                        QCOMPARE(std::bit_cast<quint64>(inBlocks[at]), std::bit_cast<quint64>(out[at]));
                    }
                    ++columns;
                }
            }
        }
        QCOMPARE(columns, 8 * 4 * months);
    }

    // The single-precision sweep over a block of 64 samples, with the lanes it cannot settle
    // decided in double as analyseRisk decides them, finds the cost model's crossover in every
    // lane: crossing at once, later, never, level within the tolerance, and within rounding of
    // level for several months before crossing; the same with the stretches' bounds as without.
    void sweptCrossoversAreTheCostModels()
    {
        std::mt19937_64 generator(17);
        const auto unit = [&] { return double(generator() >> 11) * 0x1.0p-53; };
        int crossed = 0;
        int never = 0;
        int unsettledSeen = 0;
        for (const int months : {1, 2, 7, 25, 61, 121}) {
            for (int trial = 0; trial < 20; ++trial) {
                Eigen::ArrayXXd onPrem(months, kLanes);
                Eigen::ArrayXXd cloud(months, kLanes);
                for (int k = 0; k < kLanes; ++k) {
                    const int kind = (k + trial) % 6;
                    double b = 1e5 * unit() * (kind == 0 ? 0 : 1);
                    double c = 0;
                    const double rent = 5e3 * unit();
                    for (int m = 0; m < months; ++m) {
                        b += 1e3 * unit();
                        if (kind == 3 && m == 2 * months / 3)
                            b *= 0.7; // a curve that falls (a resale), inside a stretch
                        c += rent;
                        onPrem(m, k) = b;
                        cloud(m, k) = kind == 1   ? b * (1 + 1e-13)          // level within the tolerance
                                      : kind == 2 ? b * (1 + 3e-7 * (m % 3)) // within float rounding of level
                                                  : c;
                    }
                }
                const Eigen::ArrayXXf a = onPrem.transpose().cast<float>(); // lanes side by side
                const Eigen::ArrayXXf c = cloud.transpose().cast<float>();
                float margin[kLanes];
                for (int k = 0; k < kLanes; ++k) {
                    const double largest = std::max(onPrem.col(k).abs().maxCoeff(), cloud.col(k).abs().maxCoeff());
                    margin[k] = float(4 * (4 * 0x1.0p-24 + 1e-12) * largest + 1e-12);
                }
                const auto exactGap = [&](int m, int k) {
                    const double x = onPrem(m, k);
                    const double y = cloud(m, k);
                    const double scale = std::max({1.0, std::abs(x), std::abs(y)});
                    return std::abs(x - y) <= 1e-12 * scale ? 0.0 : x - y;
                };
                // With the stretches' bounds (which only spare work) and without them.
                std::vector<float> low;
                std::vector<float> high;
                boundStretches(a, c, months, ~std::uint64_t(0), low, high);
                if (QTest::currentTestFailed())
                    return;
                const auto sweep = [&](bool bounded, std::vector<float> &out, std::vector<std::uint32_t> &byMonth) {
                    out.assign(kLanes, INFINITY);
                    byMonth.assign(std::size_t(months), 0);
                    std::uint64_t pending = ~std::uint64_t(0);
                    int from = 0;
                    while (pending != 0) {
                        std::uint64_t unsettled = 0;
                        const int m = sweepCrossings(a.data(), c.data(), bounded ? low.data() : nullptr,
                                                     bounded ? high.data() : nullptr, margin, months, from, pending,
                                                     out.data(), byMonth.data(), unsettled);
                        if (m < 0)
                            break;
                        for (; unsettled != 0; unsettled &= unsettled - 1) {
                            const int k = std::countr_zero(unsettled);
                            ++unsettledSeen;
                            const double now = exactGap(m, k);
                            if (now > 0)
                                continue;
                            out[std::size_t(k)] = crossingIn(m, m > 0 ? exactGap(m - 1, k) : 0.0, now);
                            ++byMonth[std::size_t(m)];
                            pending &= ~(std::uint64_t(1) << k);
                        }
                        from = m + 1;
                    }
                    return pending;
                };
                std::vector<float> plainOut;
                std::vector<std::uint32_t> plainByMonth;
                const std::uint64_t plainPending = sweep(false, plainOut, plainByMonth);
                std::vector<float> out;
                std::vector<std::uint32_t> byMonth;
                const std::uint64_t pending = sweep(true, out, byMonth);
                QCOMPARE(pending, plainPending);
                QCOMPARE(byMonth, plainByMonth);
                QVERIFY(std::memcmp(out.data(), plainOut.data(), out.size() * sizeof(float)) == 0);
                std::vector<std::uint32_t> expectedByMonth(std::size_t(months), 0);
                for (int k = 0; k < kLanes; ++k) {
                    const Eigen::ArrayXd left = onPrem.col(k);
                    const Eigen::ArrayXd right = cloud.col(k);
                    const auto expected = CostModel::crossoverMonth(left, right);
                    const float actual = out[std::size_t(k)];
                    QCOMPARE(std::isinf(actual), !expected.has_value());
                    QCOMPARE(bool((pending >> k) & 1), !expected.has_value());
                    if (!expected) {
                        ++never;
                        continue;
                    }
                    ++crossed;
                    if (std::abs(actual - *expected) > 1e-3)
                        QFAIL(qPrintable(QStringLiteral("lane %1 of %2 months: %3, the cost model %4")
                                             .arg(k).arg(months).arg(actual).arg(*expected)));
                    ++expectedByMonth[std::size_t(std::ceil(*expected))];
                    QCOMPARE(std::ceil(actual), std::ceil(float(*expected)));
                }
                QCOMPARE(byMonth, expectedByMonth);
            }
        }
        QVERIFY(crossed > 1000 && never > 500 && unsettledSeen > 100);
    }

    // A block's TCO and error sums are the plain loop's to the last bit, on any processor (the
    // vector steps round each product before summing it, as the loop does).
    void weighedLanesAreThePlainLoops()
    {
        std::mt19937_64 generator(5);
        const auto unit = [&] { return double(generator() >> 11) * 0x1.0p-53 - 0.5; };
        for (const int count : {1, 2, 7, 18, 36}) {
            std::vector<double> weights(std::size_t(count) * kLanes);
            std::vector<double> at(static_cast<std::size_t>(count));
            std::vector<double> bound(static_cast<std::size_t>(count));
            std::vector<double> leftOut(static_cast<std::size_t>(count));
            for (double &w : weights)
                w = unit() * 1e3;
            for (int g = 0; g < count; ++g) {
                at[std::size_t(g)] = unit() * 1e6;
                bound[std::size_t(g)] = std::abs(unit()) * 1e2;
                leftOut[std::size_t(g)] = std::abs(unit()) * 1e-3;
            }
            std::vector<double> value(kLanes, 1.0);
            std::vector<double> terms(kLanes, 2.0);
            std::vector<double> left(kLanes, 3.0);
            weighLanes(weights.data(), count, at.data(), bound.data(), leftOut.data(), value.data(), terms.data(),
                       left.data());
            for (int k = 0; k < kLanes; ++k) {
                volatile double v = 1.0; // volatile: each product rounded before it is summed
                volatile double t = 2.0;
                volatile double l = 3.0;
                for (int g = 0; g < count; ++g) {
                    const double w = weights[std::size_t(g) * kLanes + std::size_t(k)];
                    volatile double product = w * at[std::size_t(g)];
                    v = v + product;
                    product = std::abs(w) * bound[std::size_t(g)];
                    t = t + product;
                    product = std::abs(w) * leftOut[std::size_t(g)];
                    l = l + product;
                }
                // Bit for bit (QCOMPARE of doubles allows a relative 1e-12).
                QCOMPARE(std::bit_cast<quint64>(value[std::size_t(k)]), std::bit_cast<quint64>(double(v)));
                QCOMPARE(std::bit_cast<quint64>(terms[std::size_t(k)]), std::bit_cast<quint64>(double(t)));
                QCOMPARE(std::bit_cast<quint64>(left[std::size_t(k)]), std::bit_cast<quint64>(double(l)));
            }
        }
    }

    // A sweep passes over a stretch for the whole block only where no lane of it can cross: one
    // lane that crosses, in any stretch, is found where the cost model finds it, among lanes far
    // from crossing and lanes outside the block's feasible ones that hold anything.
    void sweepSkipsStretchesOnlyWhereNoLaneCrosses()
    {
        for (const int months : {1, 9, 61}) {
            for (int crossing = 0; crossing < months; crossing += 3) {
                const int lane = (crossing * 7) % kLanes;
                Eigen::ArrayXXf a(kLanes, months); // lanes side by side, as the blocks keep them
                Eigen::ArrayXXf c(kLanes, months);
                for (int k = 0; k < kLanes; ++k)
                    for (int m = 0; m < months; ++m) {
                        a(k, m) = 1e6f + 10.0f * float(m);
                        c(k, m) = 100.0f * float(m);
                    }
                // The lane that crosses: its cloud curve nothing before `crossing`, well above the
                // on-prem one from then on.
                for (int m = 0; m < months; ++m)
                    c(lane, m) = m < crossing ? 0.0f : 2e6f;
                const std::uint64_t infeasible = (std::uint64_t(1) << ((lane + 1) % kLanes))
                    | (std::uint64_t(1) << ((lane + 2) % kLanes));
                for (int k = 0; k < kLanes; ++k)
                    if ((infeasible >> k) & 1)
                        for (int m = 0; m < months; ++m) {
                            a(k, m) = NAN;
                            c(k, m) = 3e6f;
                        }
                const std::uint64_t lanes = ~infeasible;
                std::vector<float> low;
                std::vector<float> high;
                boundStretches(a, c, months, lanes, low, high);
                if (QTest::currentTestFailed())
                    return;
                float margin[kLanes];
                std::fill_n(margin, kLanes, 1.0f);
                std::vector<float> out(kLanes, INFINITY);
                std::vector<std::uint32_t> byMonth(std::size_t(months), 0);
                std::uint64_t pending = lanes;
                std::uint64_t unsettled = 0;
                const int stopped = sweepCrossings(a.data(), c.data(), low.data(), high.data(), margin, months, 0, pending,
                                                   out.data(), byMonth.data(), unsettled);
                QCOMPARE(stopped, -1);
                QCOMPARE(pending, lanes & ~(std::uint64_t(1) << lane));
                const Eigen::ArrayXd left = a.row(lane).transpose().cast<double>();
                const Eigen::ArrayXd right = c.row(lane).transpose().cast<double>();
                const auto expected = CostModel::crossoverMonth(left, right);
                QVERIFY(expected.has_value());
                QVERIFY(std::abs(double(out[std::size_t(lane)]) - *expected) < 1e-3); // in single precision
                QCOMPARE(byMonth[std::size_t(crossing)], std::uint32_t(1));
            }
        }
    }

    // The pay-off that sticks (keepPayoffs): after each lane's first crossing, the last month in
    // which buying may be dearer, the monthly rises and the lanes that stay ahead for certain,
    // each against its plain loop, on curves where a purchase in month 20 turns some lanes back.
    void payoffKernelsAreThePlainLoops()
    {
        std::mt19937 random(7);
        std::uniform_real_distribution<float> unit(0.0f, 1.0f);
        for (const int months : {3, 9, 37, 61}) {
            const int payment = std::min(20, months - 1);
            Eigen::ArrayXXf a(kLanes, months); // lanes side by side, as the blocks keep them
            Eigen::ArrayXXf c(kLanes, months);
            for (int k = 0; k < kLanes; ++k) {
                a(k, 0) = 10000.0f + 20000.0f * unit(random);
                c(k, 0) = 0.0f;
                const float jump = 15000.0f * unit(random);
                for (int m = 1; m < months; ++m) {
                    a(k, m) = a(k, m - 1) + 50.0f + 100.0f * unit(random) + (m == payment ? jump : 0.0f);
                    c(k, m) = c(k, m - 1) + 900.0f + 200.0f * unit(random);
                }
            }
            float margin[kLanes];
            for (int k = 0; k < kLanes; ++k)
                margin[k] = 1.0f + 3.0f * unit(random);
            const auto d = [&](int k, int m) { return a(k, m) - c(k, m); };
            // The lanes that cross, and not dearer at the end: as keepPayoffs hands them over.
            int after[kLanes];
            std::uint64_t lanes = 0;
            for (int k = 0; k < kLanes; ++k) {
                after[k] = -1;
                for (int m = 0; m < months && after[k] < 0; ++m)
                    if (d(k, m) <= 0)
                        after[k] = m;
                if (after[k] >= 0 && d(k, months - 1) <= 0)
                    lanes |= std::uint64_t(1) << k;
            }
            std::vector<float> low;
            std::vector<float> high;
            boundStretches(a, c, months, lanes, low, high);
            std::vector<float> onPremHigh(stretchBoundsSize(months));
            std::vector<float> cloudLow(stretchBoundsSize(months));
            stretchBounds(a.data(), months, lanes, nullptr, onPremHigh.data());
            stretchBounds(c.data(), months, lanes, cloudLow.data(), nullptr);
            int last[kLanes];
            lastDearerMonths(a.data(), c.data(), onPremHigh.data(), cloudLow.data(), margin, months, after, lanes, last);
            int crossedBack = 0;
            for (int k = 0; k < kLanes; ++k) {
                if (!((lanes >> k) & 1))
                    continue;
                int expected = -1;
                for (int m = months - 1; m > after[k] && expected < 0; --m)
                    if (d(k, m) > -margin[k])
                        expected = m;
                QCOMPARE(last[k], expected);
                crossedBack += expected >= 0;
            }
            // The rises: the greatest outside the payment month, the least over every month.
            std::vector<char> skip(std::size_t(months), 0);
            skip[std::size_t(payment)] = 1;
            float rise[kLanes];
            float least[kLanes];
            greatestRises(a.data(), months, skip.data(), rise);
            leastRises(c.data(), months, least);
            for (int k = 0; k < kLanes; ++k) {
                float greatest = -INFINITY;
                float smallest = INFINITY;
                for (int m = 1; m < months; ++m) {
                    if (m != payment)
                        greatest = std::max(greatest, a(k, m) - a(k, m - 1));
                    smallest = std::min(smallest, c(k, m) - c(k, m - 1));
                }
                QCOMPARE(rise[k], greatest);
                QCOMPARE(least[k], smallest);
            }
            // Those said to stay ahead do, and are all that the rule names.
            const std::uint64_t stays = lanesStayingAhead(a.data(), c.data(), rise, least, margin, after, {0, payment},
                                                          months, lanes);
            QCOMPARE(stays & ~lanes, std::uint64_t(0));
            for (int k = 0; k < kLanes; ++k) {
                if (!((lanes >> k) & 1))
                    continue;
                const bool rule = rise[k] + 2.0f * margin[k] <= least[k] && !(payment > after[k] && d(k, payment) > -margin[k]);
                QCOMPARE(bool((stays >> k) & 1), rule);
                if ((stays >> k) & 1)
                    QCOMPARE(last[k], -1);
            }
            if (months == 61)
                QVERIFY2(crossedBack > 0 && std::popcount(stays) > 0,
                         qPrintable(QStringLiteral("%1 back, %2 stay").arg(crossedBack).arg(std::popcount(stays))));
        }
    }

    // Splits run every item once, nested and two at once (the helper busy); a throw in the
    // second half reaches the caller; and the second halves of one split after another run on
    // the same kept thread (its thread-local memory is still there).
    void halvesRunEveryItemOnceOnAKeptThread()
    {
        if (std::thread::hardware_concurrency() < 2)
            QSKIP("one core: no second half");
        std::vector<std::atomic<int>> seen(1000);
        const auto split = [&](std::size_t offset) {
            inHalves(100, 2, [&](std::size_t begin, std::size_t end, bool) {
                for (std::size_t k = begin; k < end; ++k)
                    inParallel(5, [&](std::size_t j) { ++seen[offset + k * 5 + j]; }, 2);
            });
        };
        std::thread other([&] { split(500); });
        split(0);
        other.join();
        for (const std::atomic<int> &s : seen)
            QCOMPARE(s.load(), 1);

        bool thrown = false;
        try {
            inHalves(10, 2, [](std::size_t, std::size_t, bool first) {
                if (!first)
                    throw std::runtime_error("second half");
            });
        } catch (const std::runtime_error &e) {
            thrown = QByteArray(e.what()) == "second half";
        }
        QVERIFY(thrown);

        // The first half waits until the second has begun, so that the helper runs it rather
        // than the caller taking it back: one split after another, the same thread.
        thread_local int visits = 0;
        std::vector<int> seenVisits;
        for (int round = 0; round < 3; ++round)
            secondHalfOnHelper([&] { seenVisits.push_back(++visits); });
        QCOMPARE(seenVisits, (std::vector<int>{seenVisits.front(), seenVisits.front() + 1, seenVisits.front() + 2}));
        QVERIFY(seenVisits.front() > 0);
    }

    // A second half the helper has not begun by the time the first is done is run by the caller
    // (a helper whose core the machine gives elsewhere holds nothing up): with the helper held,
    // every second half runs on the calling thread, at once. (Without taking them back, each
    // would wait for the hold's release, two seconds on.)
    void secondHalvesNotBegunAreRunByTheCaller()
    {
        if (std::thread::hardware_concurrency() < 2)
            QSKIP("one core: no second half");
        const std::thread::id caller = std::this_thread::get_id();
        int here = 0;
        int runs = 0;
        {
            HelperHold hold;
            std::mutex mutex;
            std::condition_variable finished;
            bool done = false;
            std::thread releaser([&] {
                std::unique_lock<std::mutex> lock(mutex);
                finished.wait_for(lock, std::chrono::seconds(2), [&] { return done; });
                hold.release();
            });
            QElapsedTimer timer;
            timer.start();
            for (int round = 0; round < 20; ++round)
                inHalves(2, 2, [&](std::size_t, std::size_t, bool first) {
                    if (first)
                        return;
                    ++runs;
                    if (std::this_thread::get_id() == caller)
                        ++here;
                });
            const qint64 elapsed = timer.elapsed();
            {
                const std::lock_guard<std::mutex> lock(mutex);
                done = true;
            }
            finished.notify_one();
            releaser.join();
            QCOMPARE(runs, 20);
            QCOMPARE(here, 20);
            QVERIFY2(elapsed < 1000, qPrintable(QStringLiteral("%1 ms").arg(elapsed)));
        }
        // Released: the helper runs second halves again.
        bool onHelper = false;
        secondHalfOnHelper([&] { onHelper = std::this_thread::get_id() != caller; });
        QVERIFY(onHelper);

        // A first half that throws: the throw reaches the caller, and the helper is free for
        // the next split.
        bool thrown = false;
        try {
            inHalves(2, 2, [&](std::size_t, std::size_t, bool first) {
                if (first)
                    throw std::runtime_error("first half");
            });
        } catch (const std::runtime_error &e) {
            thrown = QByteArray(e.what()) == "first half";
        }
        QVERIFY(thrown);
        std::atomic<int> after = 0;
        inHalves(2, 2, [&](std::size_t, std::size_t, bool) { ++after; });
        QCOMPARE(after.load(), 2);
    }
};

QTEST_GUILESS_MAIN(TestRiskKernels)
#include "test_riskkernels.moc"
